// The class's join page: a first name (or class number) and the class
// code; the server answers with a cookie that names the pupil, and the
// table opens. ?code=1234 (the QR code's link) fills the code in.
const $ = (id) => document.getElementById(id);
const q = new URLSearchParams(location.search);

async function words() {
  const ws = await (await fetch("/api/words" + (q.get("lang") ? "?lang=" + encodeURIComponent(q.get("lang")) : ""))).json();
  document.documentElement.lang = ws.lang;
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = ws[el.dataset.w] || el.textContent;
}

$("join").addEventListener("submit", async (e) => {
  e.preventDefault();
  const res = await fetch("/api/class/join", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: $("name").value, code: $("code").value }),
  });
  const rep = await res.json();
  if (!res.ok) { $("error").textContent = rep.error || res.statusText; return; }
  sessionStorage.removeItem("meldlab-id");
  location.href = "/";
});

if (q.get("code")) $("code").value = q.get("code");
words();
