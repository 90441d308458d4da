// The page: it draws the session's state and turns clicks, drags and keys
// into the REPL's own command lines. No rule of the game is written here.
const $ = (id) => document.getElementById(id);
let id = sessionStorage.getItem("meldlab-id") || "";
let words = {};
let st = null;
let picked = null; // {from: "rack", tile} or {from: "table", set, pos, tile}
let refusal = ""; // a refused commit (done), shown beside the sets it concerns too
const shapes = { k: "■", r: "◆", b: "●", o: "▲" };

const w = (k, args = {}) => (words[k] || k).replace(/\{(\w+)\}/g, (_, a) => args[a] ?? "");

async function api(path, body, raw) {
  const opt = body === undefined ? {} : { method: "POST", body: raw ? body : JSON.stringify(body), headers: { "Content-Type": "application/json" } };
  const res = await fetch(path, opt);
  return res.json();
}

async function loadWords(lang) {
  words = await api("/api/words" + (lang ? "?lang=" + encodeURIComponent(lang) : ""));
  document.documentElement.lang = words.lang;
  document.title = w("web.title");
  $("title").textContent = w("web.title");
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w(el.dataset.w);
}

function show(rep, line = "") {
  if (rep.id) { id = rep.id; sessionStorage.setItem("meldlab-id", id); }
  $("error").textContent = rep.error || "";
  refusal = /^(done|end)\b/.test(line) ? rep.error || "" : "";
  if (rep.text) { $("log").textContent += rep.text; $("log").scrollTop = $("log").scrollHeight; }
  if (rep.turns) showTurns(rep.turns);
  if (rep.state) { st = rep.state; picked = null; draw(); }
  else if (rep.error && /session/.test(rep.error)) { id = ""; sessionStorage.removeItem("meldlab-id"); }
}

async function run(line) {
  if (!id) return newGame();
  $("log").textContent += "> " + line + "\n";
  show(await api("/api/run", { id, line }), line);
}

// closeSession frees the session's place on the server before another.
async function closeSession() {
  if (id) await api("/api/close", { id, line: "" });
  id = "";
  sessionStorage.removeItem("meldlab-id");
}

// changeLang says the page and the session in another language, keeping
// everything: the game, the tiles staged and the lesson running.
async function changeLang() {
  const lang = $("lang").value;
  await loadWords(lang);
  if (!id) return newGame();
  const rep = await api("/api/lang", { id, lang });
  if (!rep.state) return newGame();
  show(rep);
}

async function newGame() {
  await closeSession();
  const lang = $("lang").value;
  await loadWords(lang);
  $("log").textContent = "";
  const seed = parseInt($("seed").value, 10);
  show(await api("/api/session", { lang, players: $("players").value.trim(), variant: $("variant").value, seed: seed > 0 ? seed : 0 }));
}

// showTurns lists the turns a line played, one by one: who, the tiles
// placed, the sets made (and the sets they replaced, struck out), the
// tiles drawn. The words of each turn are in the log, from the session.
function showTurns(turns) {
  const list = $("turns");
  list.replaceChildren();
  turns.forEach((t, i) => {
    const li = document.createElement("li");
    li.style.animationDelay = `${i * 0.4}s`;
    const who = document.createElement("strong");
    who.textContent = t.player + ":";
    li.append(who);
    for (const set of t.gone || []) li.append(setEl(set, "gone"));
    if ((t.gone || []).length) li.append(" → ");
    for (const set of t.made || []) li.append(setEl(set, ""));
    if (t.drawn) li.append(` +${t.drawn} ▭`);
    if (!t.placed && !t.drawn && !(t.made || []).length) li.append(" —");
    li.setAttribute("aria-label", `${t.player}: ${(t.made || []).map((s) => s.map(tileName).join(", ")).join("; ")}${t.drawn ? " +" + t.drawn : ""}`);
    list.append(li);
  });
}

function setEl(set, cls) {
  const span = document.createElement("span");
  span.className = cls;
  for (const t of set) {
    const el = tileEl(t, { from: "shown" });
    el.disabled = true;
    el.draggable = false;
    span.append(el);
  }
  return span;
}

function tileName(t) {
  if (t === "J") return w("web.joker");
  const c = { k: "web.black", r: "web.red", b: "web.blue", o: "web.orange" }[t[0]];
  return t.slice(1) + " " + w(c);
}

function tileEl(t, where, key) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "tile " + (t === "J" ? "J" : t[0]);
  b.innerHTML = t === "J" ? "☺<small>J</small>" : `${t.slice(1)}<small>${shapes[t[0]]} ${t[0]}</small>`;
  b.setAttribute("aria-label", tileName(t));
  b.draggable = false;
  if (key) b.dataset.key = key;
  const same = picked && picked.from === where.from && picked.set === where.set && picked.pos === where.pos && picked.tile === t;
  if (same) { b.classList.add("picked"); b.setAttribute("aria-pressed", "true"); }
  else if (where.from !== "shown") b.setAttribute("aria-pressed", "false");
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    if (dragged) { dragged = false; return; }
    pick({ ...where, tile: t });
  });
  if (where.from !== "shown") b.addEventListener("pointerdown", (e) => startDrag(e, b, { ...where, tile: t }));
  return b;
}

// Dragging, by Pointer Events: the mouse, a pen and a finger share one
// path. A press that moves more than a few pixels lifts the tile; where it
// is let go decides the line sent (a set, a tile of a set, New set, the
// rack), as a pick and a drop by click or key would.
let drag = null;
let dragged = false; // a drag just ended: the click that follows it is not a pick
function startDrag(e, el, what) {
  if (drag && !drag.el.isConnected) endDrag({ type: "lost", pointerId: drag.id }); // its tile was drawn again
  if (e.button !== 0 || drag) return;
  drag = { id: e.pointerId, el, what, x: e.clientX, y: e.clientY, ghost: null, over: null };
  if (el.setPointerCapture) try { el.setPointerCapture(e.pointerId); } catch { /* a synthetic pointer */ }
  el.addEventListener("pointermove", moveDrag);
  el.addEventListener("pointerup", endDrag);
  el.addEventListener("pointercancel", endDrag);
  el.addEventListener("lostpointercapture", endDrag);
}

function moveDrag(e) {
  if (!drag || e.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
    drag.ghost = drag.el.cloneNode(true);
    drag.ghost.classList.add("ghost");
    drag.ghost.removeAttribute("data-key");
    drag.ghost.setAttribute("aria-hidden", "true");
    document.body.append(drag.ghost);
    drag.el.classList.add("lifted");
    // The status line is left as it is: new words there could move the
    // sets under the finger (a narrow screen wraps them differently).
    picked = drag.what;
  }
  e.preventDefault();
  drag.cx = e.clientX; drag.cy = e.clientY;
  if (!drag.scrolling) { drag.scrolling = true; requestAnimationFrame(edgeScroll); }
  drag.ghost.style.left = `${e.clientX - drag.ghost.offsetWidth / 2}px`;
  drag.ghost.style.top = `${e.clientY - drag.ghost.offsetHeight / 2}px`;
  const over = dropAt(e.clientX, e.clientY, drag.what);
  const box = over && over.box;
  if (drag.over !== box) {
    if (drag.over) drag.over.classList.remove("over");
    if (box) box.classList.add("over");
    drag.over = box;
  }
}

// edgeScroll scrolls the page while a dragged tile is held near its top or
// bottom edge: on a small screen the set wanted may be out of sight.
function edgeScroll() {
  if (!drag || !drag.ghost) return;
  const edge = 48, y = drag.cy;
  const by = y < edge ? -(edge - y) / 3 : y > innerHeight - edge ? (y - innerHeight + edge) / 3 : 0;
  if (by) window.scrollBy(0, by);
  requestAnimationFrame(edgeScroll);
}

function endDrag(e) {
  if (!drag || e.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  d.el.removeEventListener("pointermove", moveDrag);
  d.el.removeEventListener("pointerup", endDrag);
  d.el.removeEventListener("pointercancel", endDrag);
  d.el.removeEventListener("lostpointercapture", endDrag);
  if (d.el.hasPointerCapture && d.el.hasPointerCapture(d.id)) d.el.releasePointerCapture(d.id);
  if (!d.ghost) return; // a tap or a click: the click event picks
  d.ghost.remove();
  d.el.classList.remove("lifted");
  if (d.over) d.over.classList.remove("over");
  dragged = true;
  setTimeout(() => { dragged = false; }, 0);
  const to = e.type === "pointerup" ? dropAt(e.clientX, e.clientY, d.what) : null;
  picked = d.what;
  if (!to) { picked = null; return draw(); }
  if (to.kind === "rack") return dropOnRack();
  if (to.kind === "new") return dropOn("new");
  if (d.what.from === "table" && d.what.set === to.set) { picked = null; return draw(); }
  dropOn(to.set, to.pos);
}

// dropAt is the drop target under a point for the tile what: {kind: "set", set, pos, box},
// {kind: "new", box} or {kind: "rack", box}; null if none.
function dropAt(x, y, what) {
  const el = document.elementFromPoint(x, y);
  if (!el) return null;
  const box = el.closest(".set, #newset, #rack");
  if (!box) return null;
  if (box.id === "newset") return { kind: "new", box };
  if (box.id === "rack") return what.from === "table" ? { kind: "rack", box } : null;
  const tileAt = el.closest(".tile");
  const pos = tileAt && tileAt.dataset.pos ? parseInt(tileAt.dataset.pos, 10) : 0;
  return { kind: "set", set: parseInt(box.dataset.set, 10), pos, box };
}

// pick picks a tile up, or drops the picked one where the tile is.
function pick(p) {
  if (picked && picked.from === p.from && picked.set === p.set && picked.pos === p.pos) { picked = null; return draw(); }
  if (picked && p.from === "table" && picked.set !== p.set) return dropOn(p.set, p.pos);
  if (picked && picked.from === "table" && p.from === "rack") return dropOnRack();
  picked = p;
  $("status").textContent = w("web.picked", { Tile: tileName(p.tile) });
  draw();
}

function dropOn(set, pos) {
  if (!picked) return;
  const to = set === "new" ? "new" : pos ? `${set}:${pos}` : `${set}`;
  const line = picked.from === "rack" ? `put ${picked.tile} to ${to}` : `move ${picked.set}:${picked.pos} to ${to}`;
  picked = null;
  run(line);
}

function dropOnRack() {
  if (picked && picked.from === "table") { const p = picked; picked = null; run(`take ${p.set}:${p.pos}`); }
}

function draw() {
  if (!st) return;
  // The element with the focus is drawn again: the focus goes back to it
  // (or to its neighbour), so that the keyboard's place is kept.
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : "";
  const tbl = $("table");
  tbl.replaceChildren();
  const start = new Set((st.start || []).map((s) => s.join(" ")));
  (st.table || []).forEach((set, i) => {
    const n = i + 1;
    const row = document.createElement("div");
    row.className = "set drop";
    row.dataset.set = n;
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", w("web.set", { N: n }) + ": " + set.map(tileName).join(", "));
    const label = document.createElement("button");
    label.type = "button";
    label.className = "label";
    label.textContent = n;
    label.dataset.key = `label:${n}`;
    // Once a tile is picked up, the set's button says what it will do.
    label.setAttribute("aria-label", picked && !(picked.from === "table" && picked.set === n)
      ? w("web.drop_in", { Tile: tileName(picked.tile), N: n }) : w("web.set", { N: n }));
    label.addEventListener("click", () => dropOn(n));
    row.append(label);
    set.forEach((t, j) => {
      const el = tileEl(t, { from: "table", set: n, pos: j + 1 }, `t:${n}:${j + 1}`);
      el.dataset.pos = j + 1;
      if (!start.has(set.join(" "))) el.classList.add("new");
      row.append(el);
    });
    // A set's own fault, or else a refused commit's reason beside the
    // sets staged this turn, which it concerns.
    const why = (st.why || [])[i] || (refusal && !(st.why || []).some((x) => x) && !start.has(set.join(" ")) ? refusal : "");
    if (why) {
      row.classList.add("bad");
      const reason = document.createElement("span");
      reason.className = "why";
      reason.id = `why-${n}`;
      reason.textContent = "✗ " + why;
      row.setAttribute("aria-describedby", reason.id);
      row.append(reason);
    }
    if (picked && picked.from === "table" && picked.set === n && picked.pos > 1) {
      const sp = document.createElement("button");
      sp.type = "button"; sp.className = "act"; sp.textContent = w("web.split"); sp.dataset.key = `split:${n}`;
      sp.addEventListener("click", (e) => { e.stopPropagation(); const p = picked; picked = null; run(`split ${n} at ${p.pos}`); });
      row.append(sp);
    }
    if (n > 1 && st.myTurn) {
      const jn = document.createElement("button");
      jn.type = "button"; jn.className = "act"; jn.textContent = w("web.join"); jn.dataset.key = `join:${n}`;
      jn.setAttribute("aria-label", w("web.join") + " (" + w("web.set", { N: n }) + ")");
      jn.addEventListener("click", (e) => { e.stopPropagation(); picked = null; run(`join ${n - 1} ${n}`); });
      row.append(jn);
    }
    row.addEventListener("click", () => dropOn(n));
    tbl.append(row);
  });
  const rack = $("rack");
  rack.replaceChildren(...(st.rack || []).map((t, i) => tileEl(t, { from: "rack" }, `rack:${i}`)));
  if (focusKey && document.activeElement === document.body) refocus(focusKey);
  const who = st.players && st.players[st.current];
  let status = who ? w("web.to_play", { Name: who.name }) + " · " + w("web.pool", { N: st.pool }) : "";
  if (st.players) status += " · " + st.players.map((p) => `${p.name}: ${w("web.tiles", { N: p.tiles })}`).join(" · ");
  if (st.lesson) status = `${st.lesson.title}${st.lesson.goal ? " — " + st.lesson.goal : ""}`;
  if (picked) status = w("web.picked", { Tile: tileName(picked.tile) });
  $("status").textContent = status;
  for (const b of document.querySelectorAll("[data-cmd=back]")) b.hidden = !st.lesson;
  clockFrom = st.timed ? { left: st.timeLeft, at: performance.now() } : null;
  tick();
}

// refocus puts the focus back on the element drawn again under key, or on
// the nearest one still there: the next tile of the rack, the set's label.
function refocus(key) {
  const find = (k) => document.querySelector(`[data-key="${k}"]`);
  let el = find(key);
  const [kind, a, b] = key.split(":");
  if (!el && kind === "rack") {
    const tiles = document.querySelectorAll("#rack .tile");
    el = tiles[Math.min(parseInt(a, 10), tiles.length - 1)] || $("newset");
  }
  if (!el && kind === "t") el = find(`t:${a}:${parseInt(b, 10) - 1}`) || find(`label:${a}`);
  if (!el && (kind === "split" || kind === "join")) el = find(`label:${a}`);
  if (!el) el = find("label:1") || document.querySelector("#rack .tile") || $("newset");
  if (el) el.focus();
}

// The clock, where the edition has one and the timer is on: the session
// says the time left; the page counts it down between replies.
let clockFrom = null;
function tick() {
  const el = $("clock");
  el.hidden = !clockFrom;
  if (!clockFrom) return;
  const left = Math.max(0, clockFrom.left - (performance.now() - clockFrom.at) / 1000);
  el.textContent = `⏱ ${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
}
setInterval(tick, 500);

async function save() {
  if (!id) return;
  const res = await fetch("/api/save?id=" + encodeURIComponent(id));
  if (!res.ok) { show(await res.json()); return; }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url; a.download = "meldlab-game.json"; a.click();
  URL.revokeObjectURL(url);
}

async function load(file) {
  if (!id || !file) return;
  show(await api("/api/load?id=" + encodeURIComponent(id), await file.text(), true));
}

$("newgame").addEventListener("submit", (e) => { e.preventDefault(); once(newGame)(); });
// One deal at a time: a second click while one is under way is ignored.
let dealing = false;
const once = (f) => async () => { if (dealing) return; dealing = true; try { await f(); } finally { dealing = false; } };
$("lang").addEventListener("change", once(changeLang));
$("newset").addEventListener("click", () => dropOn("new"));
$("rack").addEventListener("click", dropOnRack);
$("save").addEventListener("click", save);
$("lesson-start").addEventListener("click", () => { const n = parseInt($("lesson-n").value, 10); if (n > 0) run(`lesson ${n}`); });
$("load").addEventListener("change", (e) => load(e.target.files[0]));
for (const b of document.querySelectorAll("[data-cmd]")) b.addEventListener("click", () => run(b.dataset.cmd));
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && picked) { picked = null; draw(); } });

(async () => {
  // The first language is the server's (--lang or its locale), as elsewhere.
  for (const name of await api("/api/variants")) {
    if (name === "original") continue;
    const o = document.createElement("option");
    o.value = o.textContent = name;
    $("variant").append(o);
  }
  // ?seed=7&players=4&lang=es&variant=house/fifty deals that game: a
  // teacher can share a deal.
  const q = new URLSearchParams(location.search);
  await loadWords(q.get("lang") || "");
  $("lang").value = words.lang;
  if (q.get("seed")) $("seed").value = q.get("seed");
  if (q.get("players")) $("players").value = q.get("players");
  if (q.get("variant")) $("variant").value = q.get("variant");
  if (q.has("seed") || q.has("players") || q.has("lang") || q.has("variant")) id = "";
  if (id) {
    const rep = await api("/api/state?id=" + encodeURIComponent(id));
    if (rep.state) { $("lang").value = rep.state.lang; await loadWords(rep.state.lang); return show(rep); }
    id = "";
  }
  newGame();
})();
