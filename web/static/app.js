// The page: it draws the session's state and turns clicks, drags and keys
// into typed commands (JSON, as package repl/command decodes them). No rule
// of the game is written here.
import { drawReview, reviewWorking } from "./review.js";
import { isJoker, number, tileClass, tileFace, tileName as nameOf } from "./tiles.js";
const $ = (id) => document.getElementById(id);
let id = sessionStorage.getItem("meldlab-id") || "";
let words = {};
let st = null;
let picked = null; // {from: "rack", tile} or {from: "table", set, pos, tile}
let refusal = ""; // a refused commit (done), shown beside the sets it concerns too
let lessons = []; // the course: {n, title, passed}
let verdict = null; // the lesson's last answer: {n, passed, words}
let shownLesson = null; // the lesson the panel shows (it stays, passed, when the game is back)
let hint = null; // the hint shown: {steps, table, ...} as the server sent it, and best (the whole turn)
let sortBy = "runs"; // the rack's order: runs (the server's) or groups
let tickSent = false; // the countdown reached zero and the page said so once
let scoreSeen = ""; // the round whose score screen has had the focus
let drawn = []; // the tiles the learner's last draw (or penalty) brought, marked on the rack
let pupil = ""; // in a class (meldlab serve --class): the pupil's name; "" otherwise
let tableCode = sessionStorage.getItem("meldlab-table") || ""; // the shared table the pupil sits at
let tableTimer = 0; // polls the table until the deal, then the state out of the pupil's turn

// w is a word of the page's, its {Arg}s filled; with N 1, its singular.
const w = (k, args = {}) => ((args.N === 1 && words[k + ".one"]) || words[k] || k).replace(/\{(\w+)\}/g, (_, a) => args[a] ?? "");

async function api(path, body, raw) {
  const opt = body === undefined ? {} : { method: "POST", body: raw ? body : JSON.stringify(body), headers: { "Content-Type": "application/json" } };
  const res = await fetch(path, opt);
  return res.json();
}

async function loadWords(lang) {
  const q = lang ? "?lang=" + encodeURIComponent(lang) : "";
  const [ws, eds] = await Promise.all([api("/api/words" + q), api("/api/variants" + q)]);
  words = ws;
  // The editions by their titles in the learner's language; the name
  // stays the option's value.
  const sel = $("variant"), was = sel.value;
  sel.replaceChildren(...eds.map((e) => { const o = document.createElement("option"); o.value = e.name; o.textContent = e.title; return o; }));
  sel.value = was && eds.some((e) => e.name === was) ? was : "original";
  document.documentElement.lang = words.lang;
  document.title = w("web.title");
  $("title").textContent = w("web.title");
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w(el.dataset.w);
}

function show(rep, cmd = {}) {
  if (rep.join) { location.href = "/join.html"; return; }
  if (rep.pupil && !pupil) { pupil = rep.pupil; $("title").textContent = w("web.title") + " — " + pupil; classPoll(); }
  if (rep.id) { id = rep.id; sessionStorage.setItem("meldlab-id", id); }
  $("error").textContent = rep.error || "";
  refusal = cmd.do === "done" || cmd.do === "end" ? rep.error || "" : "";
  if (rep.text) { $("log").textContent += rep.text; $("log").scrollTop = $("log").scrollHeight; }
  if (rep.turns) showTurns(rep.turns);
  if (rep.lessons) lessons = rep.lessons;
  if (rep.review) drawReview($("review-panel"), rep.review, { w, id, name: tileName, retry: (n) => send({ do: "review", n }) });
  else if (cmd.do === "review" && !cmd.n) $("review-panel").hidden = true; // refused: the error says why
  if (cmd.do) { verdict = rep.verdict || null; hint = rep.hint ? { ...rep.hint, best: cmd.do === "hint" && !cmd.step } : null; }
  const said = [];
  if (rep.timeUp) {
    const t = rep.timeUp, tiles = (t.drawn || []).map(tileName).join(", ");
    said.push(!tiles ? w("web.time_up.none") : t.you ? w("web.time_up.you", { Tile: tiles }) : w("web.time_up", { Name: t.name, Tile: tiles }));
  }
  if (hint) said.push(hintText(hint));
  // On the table: the time-up and the hint; the lesson's verdict is in its
  // panel. A screen reader hears all of them, once, from #say.
  $("notice").textContent = said.join(" ");
  if (verdict) {
    if (verdict.words) said.push(verdict.words);
    said.push(verdict.passed ? w("web.lesson.passed") : w("web.lesson.not_yet"));
  }
  $("say").textContent = said.join(" ");
  if (rep.state) {
    // A draw or a penalty: the tiles new on the rack are marked.
    drawn = (cmd.do === "draw" || rep.timeUp) && st ? minus(rep.state.rack || [], st.rack || []) : [];
    st = rep.state; picked = null;
    if (st.lesson) shownLesson = st.lesson;
    else if (!(verdict && verdict.passed)) shownLesson = null;
    draw();
  } else if (rep.error && /session/.test(rep.error)) { id = ""; sessionStorage.removeItem("meldlab-id"); }
}

// minus is the tiles of a not in b (as many times as a has more).
function minus(a, b) {
  const left = [...b];
  return a.filter((t) => { const k = left.indexOf(t); if (k < 0) return true; left.splice(k, 1); return false; });
}

// hintText says a hint in the learner's words: a lesson's own hint, no
// move, the move to make (drawn on the table too), or the best turn.
function hintText(h) {
  if (h.lesson) return w("web.lesson.hint", { N: h.k, Of: h.of }) + " " + h.lesson;
  if (h.none) return w("web.hint.none");
  if (h.fromStart) return w("web.hint.start");
  if (h.best) return w("web.hint.best", { N: (h.placed || []).length, Points: h.points });
  const s = (h.steps || [])[0];
  if (!s) return w("web.hint.done");
  const fresh = !s.to || !s.to.set;
  return s.do === "put" ? w(fresh ? "web.hint.put_new" : "web.hint.put") : w(fresh ? "web.hint.move_new" : "web.hint.move");
}

// send sends one typed command; the folded log notes it as the terminal
// would write it.
async function send(cmd) {
  if (!id) return newGame();
  $("log").textContent += "> " + cmd.do + (cmd.n ? " " + cmd.n : "") + (cmd.next ? " next" : "") + "\n";
  show(await api("/api/do", { id, cmd }), cmd);
}

// The actions' buttons, by their data-cmd: each one command.
const actions = {
  done: { do: "done" }, draw: { do: "draw" }, undo: { do: "undo-edit" }, reset: { do: "restart-turn" },
  hint: { do: "hint", step: true }, best: { do: "hint" }, next: { do: "next" }, back: { do: "back" },
  "lesson next": { do: "lesson", next: true }, lesson: { do: "lesson" },
  puzzle: { do: "puzzle" }, "puzzle hint": { do: "puzzle", ask: "hint" }, "puzzle answer": { do: "puzzle", ask: "answer" },
};

// closeSession frees the session's place on the server before another.
async function closeSession() {
  if (id) await api("/api/close", { id });
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
  // A pupil keeps one session: a new game is dealt in it (the class's deal
  // when the teacher set one).
  if (pupil && id) return send({ do: "new", players: parseInt($("players").value, 10) || 0 });
  await closeSession();
  const lang = $("lang").value;
  await loadWords(lang);
  $("log").textContent = "";
  verdict = hint = shownLesson = null;
  const seed = parseInt($("seed").value, 10);
  const players = parseInt($("players").value, 10);
  show(await api("/api/session", { lang, players: players > 0 ? players : 0, variant: $("variant").value, seed: seed > 0 ? seed : 0 }));
}

// A table shared with classmates: open one (its code to tell them), or sit
// at one by its code; the pupil who opened it deals. Then the page draws
// the table's session, asking for it again while another seat plays.
function drawTable(t) {
  $("class-table").hidden = !pupil;
  if (!t) return;
  if (t.error) { $("table-status").textContent = t.error; return; }
  tableCode = t.code;
  sessionStorage.setItem("meldlab-table", t.code);
  $("table-code").value = t.code;
  $("table-status").textContent = `${w("class.table.code")} ${t.code}: ${t.seats.join(", ")} (${t.seats.length}/${t.players})`;
  $("table-start").hidden = !(t.host && !t.id);
  $("table-leave").hidden = false;
  if (t.id && t.id !== id) {
    id = t.id;
    sessionStorage.setItem("meldlab-id", id);
    api("/api/state?id=" + encodeURIComponent(id)).then((rep) => show(rep));
  }
}

function followTable() {
  clearInterval(tableTimer);
  tableTimer = setInterval(async () => {
    if (!tableCode) return;
    if (id && st && st.game && !st.myTurn) {
      const rep = await api("/api/state?id=" + encodeURIComponent(id));
      if (rep.state && JSON.stringify(rep.state) !== JSON.stringify(st)) show(rep);
    }
    const t = await api("/api/class/table?code=" + encodeURIComponent(tableCode));
    if (!t.id || t.id !== id) drawTable(t);
  }, 2000);
}

async function leaveTable() {
  clearInterval(tableTimer);
  tableCode = "";
  sessionStorage.removeItem("meldlab-table");
  sessionStorage.removeItem("meldlab-id");
  id = "";
  $("table-leave").hidden = $("table-start").hidden = true;
  $("table-status").textContent = "";
  show(await api("/api/session", {}));
}

$("table-open").addEventListener("click", async () => { drawTable(await api("/api/class/table", { players: parseInt($("table-players").value, 10) })); followTable(); });
$("table-join").addEventListener("click", async () => { drawTable(await api("/api/class/table/join", { code: $("table-code").value.trim() })); followTable(); });
$("table-start").addEventListener("click", async () => drawTable(await api("/api/class/table/start", { code: tableCode })));
$("table-leave").addEventListener("click", leaveTable);

// classPoll follows the teacher's assignments: a new one (the class's
// round) takes the pupil to its lesson, or deals the class's deal.
function classPoll() {
  $("class-table").hidden = false;
  if (tableCode) { api("/api/class/table/join", { code: tableCode }).then(drawTable); followTable(); }
  const poll = async () => {
    const res = await fetch("/api/class/me");
    if (res.status === 401) { location.href = "/join.html"; return; }
    if (!res.ok) return;
    const me = await res.json(), s = me.settings, key = "meldlab-round-" + me.id;
    // A table the pupil sits at, from another tablet: its code filled in.
    if (me.table && !tableCode) $("table-code").value = me.table;
    // The homework's puzzles, each a button that deals it.
    $("homework").hidden = !(s.homework || []).length;
    $("homework-list").replaceChildren(...(s.homework || []).map((pid) => {
      const li = document.createElement("li"), b = document.createElement("button");
      b.textContent = pid;
      b.dataset.puzzle = pid;
      b.addEventListener("click", () => send({ do: "puzzle", puzzle: pid }));
      li.append(b);
      return li;
    }));
    const seen = parseInt(localStorage.getItem(key) || "0", 10);
    if (s.round <= seen || tableCode) return;
    localStorage.setItem(key, String(s.round));
    if (s.lesson > 0 && !me.passed.includes(s.lesson) && !(st && st.lesson && st.lesson.n === s.lesson)) await send({ do: "lesson", n: s.lesson });
    else if (s.seed > 0 && seen > 0) await send({ do: "new" });
  };
  poll();
  setInterval(poll, 5000);
}

// showTurns lists the turns a command played, one by one: who, the tiles
// placed, the sets made (and the sets they replaced, struck out), the
// tiles drawn. The words of each turn are in the log, from the session.
function showTurns(turns) {
  const list = $("turns");
  list.replaceChildren();
  turns.forEach((t, i) => {
    const li = document.createElement("li");
    li.style.animationDelay = `${i * 0.4}s`;
    const who = document.createElement("strong");
    who.textContent = w("web.who", { Name: t.player });
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

const tileName = (t) => nameOf(t, w);

function tileEl(t, where, key) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = tileClass(t);
  b.innerHTML = tileFace(t);
  b.setAttribute("aria-label", tileName(t));
  b.draggable = false;
  if (key) b.dataset.key = key;
  b.dataset.tile = t;
  const same = picked && picked.from === where.from && picked.set === where.set && picked.pos === where.pos && picked.tile === t;
  if (same) b.classList.add("picked");
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
// is let go decides the command sent (a set, a tile of a set, New set, the
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
  // Dropped on itself: nothing. Elsewhere in its own set it moves there
  // (Twist's sets read as written).
  if (d.what.from === "table" && d.what.set === to.set && d.what.pos === to.pos) { picked = null; return draw(); }
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
  // A table tile clicked with a tile picked up: the tile goes just before
  // it, in its own set too (Twist's sets read as written: order matters).
  if (picked && p.from === "table") return dropOn(p.set, p.pos);
  if (picked && picked.from === "table" && p.from === "rack") return dropOnRack();
  picked = p;
  $("status").textContent = w("web.picked", { Tile: tileName(p.tile) });
  draw();
}

function dropOn(set, pos) {
  if (!picked) return;
  const to = set === "new" ? { set: 0 } : { set, pos: pos || 0 };
  const cmd = picked.from === "rack" ? { do: "put", tiles: [picked.tile], to } : { do: "move", refs: [{ set: picked.set, pos: picked.pos }], to };
  picked = null;
  send(cmd);
}

function dropOnRack() {
  if (picked && picked.from === "table") { const p = picked; picked = null; send({ do: "take", refs: [{ set: p.set, pos: p.pos }] }); }
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
    row.setAttribute("aria-label", w("web.set_tiles", { N: n, Tiles: set.map(tileName).join(", ") }));
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
      // A tile picked up goes before the tile it is dropped on: where in a
      // set matters (Twist's sets read as written), so a screen reader says it.
      if (picked && !(picked.from === "table" && picked.set === n && picked.pos === j + 1)) el.setAttribute("aria-description", w("web.drop_before", { Tile: tileName(picked.tile) }));
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
      sp.addEventListener("click", (e) => { e.stopPropagation(); const p = picked; picked = null; send({ do: "split", set: n, pos: p.pos }); });
      row.append(sp);
    }
    // One tile and jokers: the rulebooks ask which set it is.
    if (st.myTurn && set.some(isJoker) && set.filter((t) => !isJoker(t)).length === 1) {
      const group = set.some((t) => /^J=\d/.test(t));
      const dc = document.createElement("button");
      dc.type = "button"; dc.className = "act"; dc.dataset.key = `declare:${n}`;
      dc.textContent = w(group ? "web.declare.run" : "web.declare.group");
      dc.setAttribute("aria-label", dc.textContent + " (" + w("web.set", { N: n }) + ")");
      dc.addEventListener("click", (e) => { e.stopPropagation(); picked = null; send({ do: "declare", set: n, as: group ? "run" : "group" }); });
      row.append(dc);
    }
    if (n > 1 && st.myTurn) {
      const jn = document.createElement("button");
      jn.type = "button"; jn.className = "act"; jn.textContent = w("web.join"); jn.dataset.key = `join:${n}`;
      jn.setAttribute("aria-label", w("web.join") + " (" + w("web.set", { N: n }) + ")");
      jn.addEventListener("click", (e) => { e.stopPropagation(); picked = null; send({ do: "join", sets: [n - 1, n] }); });
      row.append(jn);
    }
    row.addEventListener("click", () => dropOn(n));
    tbl.append(row);
  });
  const rack = $("rack");
  rack.replaceChildren(...sorted(st.rack || []).map((t, i) => tileEl(t, { from: "rack" }, `rack:${i}`)));
  $("sort").textContent = w(sortBy === "runs" ? "web.sort.groups" : "web.sort.runs");
  markHint();
  const fresh = [...drawn];
  for (const el of rack.querySelectorAll(".tile")) {
    const k = fresh.indexOf(el.dataset.tile);
    if (k >= 0) { el.classList.add("drawn"); fresh.splice(k, 1); }
  }
  for (const b of document.querySelectorAll("[data-cmd=undo]")) b.disabled = !st.edits;
  for (const g of [rack, ...tbl.querySelectorAll(".set")]) rove(g);
  if (focusKey && document.activeElement === document.body) refocus(focusKey);
  drawPlayers();
  let status = st.players ? w("web.pool", { N: st.pool }) : "";
  // Okey's deal: the tile turned up and the round's wild tile
  if (st.players && st.okey) status += " · " + w("web.okey", { Tile: tileName(st.indicator), Of: tileName(st.okey) });
  if (st.lesson) status = `${st.lesson.title}${st.lesson.goal ? " — " + st.lesson.goal : ""}`;
  if (picked) status = w("web.picked", { Tile: tileName(picked.tile) });
  $("status").textContent = status;
  $("meld").hidden = !st.meld;
  if (st.meld) {
    $("meld").textContent = w("web.meld", { Points: st.meld.points, Need: st.meld.need });
    $("meld").classList.toggle("enough", st.meld.points >= st.meld.need);
  }
  for (const b of document.querySelectorAll("[data-cmd=back]")) b.hidden = !st.lesson;
  $("timer").hidden = !st.clock;
  $("timer").textContent = w(st.timerOn ? "web.timer_off" : "web.timer");
  drawScore();
  drawLesson();
  drawPuzzle();
  drawHint();
  clockFrom = st.timed ? { left: st.timeLeft, at: performance.now() } : null;
  tickSent = false;
  tick();
}

// sorted is the rack in the order asked: runs (colour, then number: the
// server's order) or groups (number, then colour); jokers last.
function sorted(rack) {
  if (sortBy === "runs") return rack;
  const num = (t) => number(t) || 99;
  return [...rack].sort((a, b) => num(a) - num(b) || a.localeCompare(b));
}

// drawPlayers says whose turn it is, big, and lists the seats: their
// tiles, whether they have opened, their points.
function drawPlayers() {
  const who = st.players && st.players[st.current];
  $("turn").textContent = !who || st.roundOver ? "" : st.myTurn ? w("web.turn.you") : w("web.turn.other", { Name: who.name });
  $("turn").classList.toggle("mine", !!st.myTurn);
  $("seats").replaceChildren(...(st.players || []).map((p, i) => {
    const li = document.createElement("li");
    li.textContent = `${w("web.seat_tiles", { Name: p.name, N: p.tiles })}${p.opened ? " · " + w("web.opened") : ""}${p.total ? ` · ${p.total > 0 ? "+" : ""}${p.total}` : ""}`;
    if (i === st.current && !st.roundOver) { li.classList.add("now"); li.setAttribute("aria-current", "true"); }
    return li;
  }));
}

// drawScore shows the round's end: who went out, each rack, the points,
// and what comes next.
function drawScore() {
  const r = st.round;
  $("score").hidden = !r;
  if (!r) return;
  $("score-h").textContent = w("web.round.over", { N: st.roundN });
  $("score-out").textContent = (r.out || []).length ? r.out.map((i) => w("web.round.out", { Name: r.names[i] })).join(" ") : w("web.round.nobody");
  $("score-table").tBodies[0].replaceChildren(...r.names.map((name, i) => {
    const tr = document.createElement("tr");
    const rackCell = document.createElement("td");
    for (const t of r.racks[i] || []) { const el = tileEl(t, { from: "shown" }); el.disabled = true; rackCell.append(el); }
    const cells = [name, null, (r.score[i] > 0 ? "+" : "") + r.score[i], (r.total[i] > 0 ? "+" : "") + r.total[i]];
    cells.forEach((c, k) => { if (k === 1) { tr.append(rackCell); return; } const td = document.createElement(k === 0 ? "th" : "td"); td.textContent = c; tr.append(td); });
    return tr;
  }));
  const best = r.total.indexOf(Math.max(...r.total));
  $("match-over").textContent = r.match ? w("web.match.over", { Name: r.names[best] }) : "";
  $("next-round").hidden = r.match;
  const key = `${st.roundN}/${r.names.join()}`;
  if (scoreSeen !== key) { scoreSeen = key; $("score").focus(); }
}

// drawLesson shows the lesson in its panel: its goal, its intro, the last
// verdict; passed, the call to the next lesson.
// drawPuzzle shows the puzzle in play beside the table: what it asks, the
// verdict of the last try, the rating's move, the hints and the answer.
function drawPuzzle() {
  const pz = st && st.puzzle;
  $("puzzle-panel").hidden = !pz;
  if (!pz) return;
  $("puzzle-h").textContent = pz.heading;
  $("puzzle-verdict").textContent = pz.verdict || "";
  $("puzzle-rating").textContent = pz.rating || "";
  const hints = $("puzzle-hints");
  hints.replaceChildren(...(pz.hints || []).map((h) => { const li = document.createElement("li"); li.textContent = h; return li; }));
  $("puzzle-answer").textContent = pz.answer || "";
  // A new verdict is read aloud, as a lesson's is.
  if (pz.verdict && pz.verdict !== drawPuzzle.said) { $("say").textContent = pz.verdict; drawPuzzle.said = pz.verdict; }
  $("puzzle-answer-btn").disabled = !pz.rated;
}

function drawLesson() {
  const ls = shownLesson;
  $("lesson-panel").hidden = !ls;
  if (ls) {
    $("lesson-h").textContent = `${w("web.lesson_n")} ${ls.n}: ${ls.title}`;
    $("lesson-goal").textContent = ls.goal ? w("web.lesson.goal") + " " + ls.goal : "";
    // The intro's paragraphs, each filled to the panel's width.
    $("lesson-intro").replaceChildren(...(ls.intro || "").split(/\n\s*\n/).map((para) => {
      const el = document.createElement("p");
      el.textContent = para.replace(/\s*\n\s*/g, " ").trim();
      return el;
    }));
    const v = verdict && verdict.n === ls.n ? verdict : null;
    $("lesson-verdict").textContent = v ? (v.words ? v.words + " " : "") + (v.passed ? w("web.lesson.passed") : w("web.lesson.not_yet")) : "";
    $("lesson-verdict").className = v ? (v.passed ? "passed" : "notyet") : "";
    $("lesson-next").hidden = !(v && v.passed);
  }
  $("lesson-list").replaceChildren(...lessons.map((l) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${l.n}. ${l.title}${l.passed ? " ✓ " + w("web.lesson.passed_mark") : ""}`;
    b.addEventListener("click", () => send({ do: "lesson", n: l.n }));
    li.append(b);
    return li;
  }));
}

// drawHint draws the best turn as the table it makes; the one move is
// drawn on the table itself (markHint).
function drawHint() {
  $("hint-panel").hidden = !(hint && hint.best && !hint.none);
  if (!hint) return;
  $("hint-text").textContent = hintText(hint);
  $("hint-table").replaceChildren(...(hint.best ? hint.table || [] : []).map((set) => setEl(set, "hintset")));
}

// markHint highlights the hint's next move: the tiles to move, on the
// rack or the table, and where they go.
function markHint() {
  $("newset").classList.remove("hinted");
  const s = hint && !hint.best && (hint.steps || [])[0];
  if (!s) return;
  if (s.do === "put") {
    const left = [...s.tiles];
    for (const el of $("rack").querySelectorAll(".tile")) {
      const k = left.indexOf(el.dataset.tile);
      if (k >= 0) { el.classList.add("hinted"); left.splice(k, 1); }
    }
  } else for (const r of s.refs || []) {
    const el = document.querySelector(`#table .set[data-set="${r.set}"] .tile[data-pos="${r.pos}"]`);
    if (el) el.classList.add("hinted");
  }
  const to = s.to && s.to.set ? document.querySelector(`#table .set[data-set="${s.to.set}"]`) : $("newset");
  if (to) to.classList.add("hinted");
}

// rove makes a group (the rack, a set) one Tab stop: its buttons are
// reached with the arrow keys, and the one last used keeps the stop.
function rove(g) {
  const items = [...g.querySelectorAll("button")].filter((b) => !b.disabled);
  if (!items.length) return;
  const keep = items.find((b) => b.dataset.key && b.dataset.key === g.dataset.stop) || items[0];
  for (const b of items) b.tabIndex = b === keep ? 0 : -1;
}
function roveKey(e) {
  const g = e.target.closest && e.target.closest(".set, #rack");
  if (!g || !["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End"].includes(e.key)) return;
  const items = [...g.querySelectorAll("button")].filter((b) => !b.disabled);
  const i = items.indexOf(document.activeElement);
  if (i < 0) return;
  const n = items.length;
  const j = e.key === "Home" ? 0 : e.key === "End" ? n - 1 : e.key === "ArrowRight" || e.key === "ArrowDown" ? (i + 1) % n : (i + n - 1) % n;
  e.preventDefault();
  items[i].tabIndex = -1;
  items[j].tabIndex = 0;
  g.dataset.stop = items[j].dataset.key || "";
  items[j].focus();
}
document.addEventListener("keydown", roveKey);
document.addEventListener("focusin", (e) => {
  const g = e.target.closest && e.target.closest(".set, #rack");
  if (g && e.target.dataset && e.target.dataset.key) g.dataset.stop = e.target.dataset.key;
});

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
  el.textContent = `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
  // At zero the server is told at once, and says the penalty (read aloud).
  if (left === 0 && st && st.myTurn && !tickSent) { tickSent = true; send({ do: "tick" }); }
}
setInterval(tick, 500);

// save downloads the game: a save (JSON), or its record (.mgn) to read.
async function save(format) {
  if (!id) return;
  const res = await fetch("/api/save?id=" + encodeURIComponent(id) + (format ? "&format=" + format : ""));
  if (!res.ok) { show(await res.json()); return; }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url; a.download = format === "mgn" ? "meldlab-game.mgn" : "meldlab-game.json"; a.click();
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
$("save").addEventListener("click", () => save(""));
$("record").addEventListener("click", () => save("mgn"));
// Review: the panel says it is at work, then draws what the session sent.
for (const b of document.querySelectorAll(".review-open")) b.addEventListener("click", () => { reviewWorking($("review-panel"), w); send({ do: "review" }); });
$("timer").addEventListener("click", () => send({ do: "timer", on: !(st && st.timerOn) }));
$("sort").addEventListener("click", () => { sortBy = sortBy === "runs" ? "groups" : "runs"; draw(); });
$("score-new").addEventListener("click", () => once(newGame)());
$("lesson-start").addEventListener("click", () => { const n = parseInt($("lesson-n").value, 10); if (n > 0) send({ do: "lesson", n }); });
$("load").addEventListener("change", (e) => load(e.target.files[0]));
for (const b of document.querySelectorAll("[data-cmd]")) b.addEventListener("click", () => send(actions[b.dataset.cmd]));
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && picked) { picked = null; draw(); } });

(async () => {
  // The first language is the server's (--lang or its locale), as elsewhere.
  // ?seed=7&players=4&lang=es&variant=house/fifty deals that game, and
  // ?lesson=9 opens lesson 9: a teacher can share a deal or a lesson.
  const q = new URLSearchParams(location.search);
  await loadWords(q.get("lang") || "");
  $("lang").value = words.lang;
  if (q.get("seed")) $("seed").value = q.get("seed");
  if (q.get("players")) $("players").value = q.get("players");
  if (q.get("variant")) $("variant").value = q.get("variant");
  if (q.has("seed") || q.has("players") || q.has("lang") || q.has("variant") || q.has("lesson")) id = "";
  if (id) {
    const rep = await api("/api/state?id=" + encodeURIComponent(id));
    if (rep.state) { $("lang").value = rep.state.lang; await loadWords(rep.state.lang); return show(rep); }
    id = "";
  }
  await newGame();
  const n = parseInt(q.get("lesson"), 10);
  if (n > 0) send({ do: "lesson", n });
})();
