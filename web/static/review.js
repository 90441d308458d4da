// The review panel, shared by the table (app.js) and the replay viewer
// (replay.js): it draws the review the session sent (the typed command
// review) and turns its buttons into commands. Every verdict, figure and
// word of a turn is the server's; nothing here judges a play.
//
// Keyboard and screen readers: the panel takes the focus when it opens;
// "Next mistake" moves the focus to the next turn of the list (most tiles
// lost first) and says which it is in a live region; each turn is a
// heading with its play, the best play, what was lost and the moves.

import { tileClass, tileFace } from "./tiles.js";

// tile is a tile to look at (not to pick): its number, its colour's shape
// and letter, named for a screen reader.
export function tile(t, lit, name) {
  const s = document.createElement("span");
  s.className = tileClass(t) + (lit ? " new" : "");
  s.innerHTML = tileFace(t);
  s.setAttribute("role", "img");
  s.setAttribute("aria-label", name ? name(t) : t);
  return s;
}

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

function tiles(ts, name) {
  const span = el("span", { class: "hintset" });
  for (const t of ts) span.append(tile(t, false, name));
  return span;
}

// drawReview fills panel with rev (the reply's review). opt: w (the
// page's words), id (the session), name (a tile's name in words), retry(n)
// (play turn n again), show(step) (the replay viewer: go to the turn's
// step; absent on the table), close().
export function drawReview(panel, rev, opt) {
  const { w } = opt;
  let at = -1;
  const items = [];
  const where = el("p", { id: "review-at", "aria-live": "polite", class: "say" });
  const next = el("button", { type: "button", id: "review-next" }, w("web.review.next"));
  next.addEventListener("click", () => {
    if (!items.length) return;
    if (at >= 0) items[at].classList.remove("current");
    at = (at + 1) % items.length;
    items[at].classList.add("current");
    items[at].focus();
    where.textContent = w("web.review.at", { N: at + 1, Of: items.length });
  });
  next.disabled = !rev.turns.some((t) => t.n);
  const download = el("a", { class: "button", id: "review-download", href: "/api/review.mgn?id=" + encodeURIComponent(opt.id), download: "meldlab-review.mgn" }, w("web.review.download"));
  const close = el("button", { type: "button", id: "review-close" }, w("web.review.close"));
  close.addEventListener("click", () => { panel.hidden = true; if (opt.close) opt.close(); });

  // Every turn, those short of the best first (numbered n, for a retry);
  // "Next mistake" goes through those only.
  const list = el("ol", { id: "review-list" });
  rev.turns.forEach((t, i) => {
    const hid = `review-h-${i + 1}`;
    const li = el("li", { id: `review-turn-${i + 1}`, tabindex: "-1", class: "review-turn " + t.verdict, "aria-labelledby": hid });
    li.append(el("h3", { id: hid }, t.heading));
    const played = el("p", {}, w("web.review.played"), " ");
    played.append(t.played.length ? tiles(t.played, opt.name) : w("web.review.drew"));
    li.append(played);
    list.append(li);
    if (!t.n) return; // the best play: nothing to add
    const best = el("p", {}, w("web.review.best"), " ", tiles(t.best, opt.name), " ",
      el("strong", {}, w("web.review.lost", { N: t.lostTiles, Points: t.lostPoints })));
    li.append(best);
    if ((t.steps || []).length) {
      li.append(el("p", {}, w("web.review.steps")), el("ol", { class: "review-steps" }, ...t.steps.map((s) => el("li", {}, s))));
    }
    li.append(el("div", { class: "review-table" }, ...(t.table || []).map((set) => tiles(set, opt.name))));
    const retry = el("button", { type: "button", class: "review-retry", "data-n": t.n }, w("web.review.retry"));
    retry.setAttribute("aria-label", `${w("web.review.retry")}: ${t.heading}`);
    retry.addEventListener("click", () => opt.retry(t.n));
    li.append(retry);
    if (opt.show) {
      const show = el("button", { type: "button", class: "review-show" }, w("web.review.show"));
      show.addEventListener("click", () => opt.show(t.step));
      li.append(show);
    }
    items.push(li);
  });
  panel.replaceChildren(
    el("h2", { id: "review-h" }, w("web.review.title")),
    el("p", { id: "review-summary" }, rev.summary),
    rev.turns.some((t) => t.n) ? "" : el("p", {}, w("web.review.none")),
    el("nav", { class: "review-nav", "aria-label": w("web.review.title") }, next, download, close),
    where,
    list,
  );
  panel.setAttribute("aria-labelledby", "review-h");
  panel.setAttribute("aria-describedby", "review-summary"); // read with the title when the panel takes the focus
  panel.hidden = false;
  panel.focus();
}

// working shows, while the review is made, what is happening.
export function reviewWorking(panel, w) {
  panel.replaceChildren(el("h2", { id: "review-h" }, w("web.review.title")), el("p", { role: "status" }, w("web.review.working")));
  panel.hidden = false;
}
