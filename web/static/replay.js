// The replay viewer: it steps through the steps the server gives (the
// referee's own table and racks after each action); no rule is written
// here. Arrows and Home/End step; #N in the URL links to a step.
import { drawReview, reviewWorking, tile } from "./review.js";
const $ = (id) => document.getElementById(id);
const q = new URLSearchParams(location.search);
const id = q.get("id") || sessionStorage.getItem("meldlab-id") || "";
let words = {};
let steps = [];
let seats = [];
let at = 0;

// w is a word of the page's, its {Arg}s filled; with N 1, its singular.
const w = (k, args = {}) => ((args.N === 1 && words[k + ".one"]) || words[k] || k).replace(/\{(\w+)\}/g, (_, a) => args[a] ?? "");

function draw() {
  const st = steps[at];
  if (!st) return;
  $("where").textContent = w("web.replay.step", { N: at, Of: steps.length - 1 });
  $("what").textContent = st.text;
  const table = $("table");
  table.replaceChildren();
  const lit = new Set(st.lit || []);
  const placed = new Set(st.placed || []);
  st.table.forEach((set, i) => {
    const d = document.createElement("div");
    d.className = "set" + (lit.has(i) ? " hinted" : "");
    for (const t of set) d.append(tile(t, lit.has(i) && placed.has(t)));
    table.append(d);
  });
  const racks = $("racks");
  racks.replaceChildren();
  steps[0].racks.forEach((_, seat) => {
    const row = document.createElement("div");
    row.className = "set";
    const name = document.createElement("span");
    name.className = "label";
    name.textContent = seats[seat] || String(seat + 1);
    row.append(name);
    for (const t of st.racks[seat]) row.append(tile(t, false));
    racks.append(row);
  });
  history.replaceState(null, "", "#" + at);
}

function go(n) {
  at = Math.min(Math.max(n, 0), steps.length - 1);
  draw();
}

async function post(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return res.json();
}

async function playOn() {
  const rep = await post("/api/replay/play", { id, step: at });
  if (rep.error) { $("error").textContent = rep.error; return; }
  location.href = "/";
}

// review reviews the game replayed (the session's game: a record loaded
// is one): each turn of the list goes to its step, or is tried again on
// the table.
async function review() {
  reviewWorking($("review-panel"), w);
  const rep = await post("/api/do", { id, cmd: { do: "review" } });
  if (rep.error || !rep.review) { $("error").textContent = rep.error || ""; $("review-panel").hidden = true; return; }
  drawReview($("review-panel"), rep.review, {
    w, id,
    show: (step) => go(step),
    retry: async (n) => {
      const r = await post("/api/do", { id, cmd: { do: "review", n } });
      if (r.error) { $("error").textContent = r.error; return; }
      location.href = "/";
    },
  });
}

(async () => {
  const st = await (await fetch("/api/state?id=" + encodeURIComponent(id))).json();
  words = await (await fetch("/api/words" + (st.state ? "?lang=" + st.state.lang : ""))).json();
  document.documentElement.lang = words.lang;
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w(el.dataset.w);
  document.title = w("web.replay.title");
  const rep = await (await fetch("/api/replay?id=" + encodeURIComponent(id))).json();
  if (rep.error || !rep.steps) { $("error").textContent = rep.error || ""; return; }
  steps = rep.steps;
  seats = rep.seats || [];
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(steps.length - 1));
  $("playon").addEventListener("click", playOn);
  $("review").addEventListener("click", review);
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("#review-panel")) return; // the panel's own keys
    const k = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 }[e.key];
    if (k !== undefined) { e.preventDefault(); go(k); }
  });
  go(parseInt(location.hash.slice(1), 10) || 0);
})();
