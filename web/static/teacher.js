// The teacher's page: the code once (kept for the tab only), then the
// class's grid, refusals and scores, read again every few seconds; the
// switches and the assignment; rename or remove a pupil; the CSV.
const $ = (id) => document.getElementById(id);
let code = sessionStorage.getItem("meldlab-teacher") || "";
let ws = {};
let timer = 0;
// w is a word of the page's, its {Arg}s filled.
const w = (k, args = {}) => (ws[k] || k).replace(/\{(\w+)\}/g, (_, a) => args[a] ?? "");

async function api(path, body) {
  const opt = { headers: { "X-Teacher-Code": code } };
  if (body !== undefined) Object.assign(opt, { method: "POST", body: JSON.stringify(body) }), opt.headers["Content-Type"] = "application/json";
  const res = await fetch(path, opt);
  if (res.headers.get("Content-Type")?.startsWith("text/csv")) return { res, text: await res.text() };
  return { res, rep: await res.json() };
}

async function words() {
  ws = await (await fetch("/api/words")).json();
  document.documentElement.lang = ws.lang;
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w(el.dataset.w);
  const eds = await (await fetch("/api/variants")).json();
  $("s-edition").append(...eds.map((e) => { const o = document.createElement("option"); o.value = e.name; o.textContent = e.title; return o; }));
}

const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };

// cellText is a lesson's cell: ✓ and the tries when passed, the tries
// otherwise, · not begun; its title says everything (hints, time).
function cellText(c) {
  if (!c.begun) return "·";
  return (c.passed ? "✓ " : "") + c.tries;
}

function draw(rep) {
  const head = el("tr");
  head.append(el("th", w("class.teacher.pupil")), ...rep.lessons.map((n) => el("th", "L" + n)), ...rep.homework.map((id) => el("th", "P" + id)), el("th", w("class.teacher.hints")), el("th", w("class.teacher.puzzles")), el("th", w("class.teacher.doing")), el("th", w("class.teacher.refusals")), el("th", ""));
  const rows = rep.pupils.map((p) => {
    const tr = el("tr");
    tr.dataset.pupil = p.id;
    const name = el("th", p.name + (p.online ? " ●" : ""), p.online ? "online" : "");
    name.title = p.online ? w("class.teacher.online") : p.seen;
    tr.append(name);
    for (const c of p.cells) {
      const td = el("td", cellText(c), c.passed ? "passed" : c.begun ? "begun" : "");
      td.title = `${c.passed ? w("class.teacher.passed") + ", " : ""}${c.tries} ${w("class.teacher.tries")}, ${c.hints} ${w("class.teacher.hints")}, ${Math.round(c.seconds / 60)} min`;
      tr.append(td);
    }
    // The homework's puzzles: ✓ solved at the first try, ✗ not, · not tried.
    for (const res of p.homework) tr.append(el("td", res === "solved" ? "✓" : res === "failed" ? "✗" : "·", res === "solved" ? "passed" : res ? "begun" : ""));
    tr.append(el("td", String(p.hints)), el("td", `${p.puzzlesSolved}/${p.puzzlesTried}`), el("td", p.doing), el("td", p.refusals.slice(0, 2).map((f) => `${f.words} (${f.count})`).join("; "), "why"));
    const acts = el("td");
    const ren = el("button", w("class.teacher.rename"));
    ren.addEventListener("click", async () => { const n = prompt(w("class.teacher.rename"), p.name); if (n) await act({ id: p.id, name: n }); });
    const rm = el("button", w("class.teacher.remove"));
    rm.addEventListener("click", async () => { if (confirm(w("class.teacher.remove") + " " + p.name + "?")) await act({ id: p.id, remove: true }); });
    acts.append(ren, rm);
    tr.append(acts);
    return tr;
  });
  $("grid").replaceChildren(head, ...rows);
  $("refusals").replaceChildren(...rep.refusals.map((f) => el("li", `${f.words} (${f.count})`)));
  $("scores").replaceChildren(...rep.scores.map((s) => el("li", `${s.name}: ${s.points}${s.won ? " ★" : ""}`)));
}

async function act(body) {
  const { res, rep } = await api("/api/teacher/pupil", body);
  $("error").textContent = res.ok ? "" : rep.error;
  refresh();
}

function fill(s) {
  $("s-lesson").value = s.lesson || "";
  $("s-seed").value = s.seed || "";
  $("s-lang").value = s.lang;
  $("s-edition").value = s.edition;
  $("s-hint").checked = s.wholeHint;
  $("s-clock").value = String(s.clock);
  $("s-homework").value = (s.homework || []).join(", ");
}

async function refresh(first) {
  const { res, rep } = await api("/api/teacher/report");
  if (!res.ok) { $("error").textContent = rep.error; $("view").hidden = true; clearInterval(timer); timer = 0; return; }
  $("error").textContent = "";
  $("view").hidden = false;
  $("login").hidden = true;
  if (first) fill(rep.settings);
  draw(rep);
  document.body.dataset.moves = rep.moves; // for the tests: what the grid was drawn from
}

async function open() {
  await refresh(true);
  if (!timer && !$("view").hidden) timer = setInterval(refresh, 3000);
}

$("login").addEventListener("submit", (e) => { e.preventDefault(); code = $("tcode").value.trim(); sessionStorage.setItem("meldlab-teacher", code); open(); });
$("settings").addEventListener("submit", async (e) => {
  e.preventDefault();
  const s = { lesson: parseInt($("s-lesson").value, 10) || 0, seed: parseInt($("s-seed").value, 10) || 0, lang: $("s-lang").value, edition: $("s-edition").value, wholeHint: $("s-hint").checked, clock: parseInt($("s-clock").value, 10), homework: $("s-homework").value.split(",").map((x) => x.trim()).filter((x) => x) };
  const { res, rep } = await api("/api/teacher/settings", s);
  $("error").textContent = res.ok ? "" : rep.error;
  refresh();
});
// A class puzzle: the server proves its best play, rates and grades it,
// and adds it to the homework; no rule is worked out here.
$("make-puzzle").addEventListener("submit", async (e) => {
  e.preventDefault();
  const { res, rep } = await api("/api/teacher/puzzle", { table: $("p-table").value, rack: $("p-rack").value, opened: $("p-opened").checked });
  $("p-made").textContent = res.ok ? w("class.teacher.puzzle.made", { N: rep.grade, Tile: rep.id, Points: rep.best.tiles }) : rep.error;
  if (res.ok) { fill((await api("/api/teacher/report")).rep.settings); refresh(); }
});
$("csv").addEventListener("click", async () => {
  const { res, text } = await api("/api/teacher/csv");
  if (!res.ok) return;
  const a = el("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  a.download = "class.csv";
  a.click();
});

await words();
if (code) open();
