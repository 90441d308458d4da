// A tile as the pages show it, from its notation: the table (app.js) and
// the review panel (review.js) draw the same faces and say the same names.
// Nothing here judges a set: the server does.

// Each colour's shape, so that colour is never the only cue (red and
// orange differ by it for colour-blind eyes; green and purple too).
const shapes = { k: "■", r: "◆", b: "●", o: "▲", g: "▼", p: "★" };
const colours = { k: "web.black", r: "web.red", b: "web.blue", o: "web.orange", g: "web.green", p: "web.purple" };

// Rummikub Twist's special jokers: the joker's face with a mark of their
// own (two of it; a mirror; a colour turning), and a name in words.
const specials = {
  JD: { mark: "×2", word: "web.double_joker" },
  JM: { mark: "⇆", word: "web.mirror_joker" },
  JC: { mark: "◐", word: "web.color_change_joker" },
};

export const isSpecial = (t) => Object.hasOwn(specials, t);

// A joker is "J", or "J=13" / "J=o12" when its set's reading rests on what
// it was declared as; a special joker is not one (it is never declared).
export const isJoker = (t) => t[0] === "J" && !isSpecial(t);

// number is a tile's number, 0 for any joker: the rack's sorting key.
export const number = (t) => (t[0] === "J" ? 0 : parseInt(t.slice(1), 10));

// tileClass: "tile r" by colour, "tile J" for a joker, "tile J JD" for a
// special joker (styled as a joker, and marked).
export const tileClass = (t) => "tile " + t[0] + (isSpecial(t) ? " " + t : "");

// tileFace is the tile's face: its number, its colour's shape and letter;
// a joker's smile and notation.
export function tileFace(t) {
  if (isSpecial(t)) return `<span class="shape">☺</span><span class="mark" aria-hidden="true">${specials[t].mark}</span><small>${t}</small>`;
  if (t[0] === "J") return `<span class="shape">☺</span><small>${t}</small>`;
  return `${t.slice(1)}<span class="shape">${shapes[t[0]]}</span><small>${t[0]}</small>`;
}

// tileName is the tile in words (w: the page's words): "9 roja", "comodín",
// "comodín doble".
export function tileName(t, w) {
  if (isSpecial(t)) return w(specials[t].word);
  if (t === "J") return w("web.joker");
  if (t[0] === "J") return w("web.joker_as", { Tile: t.slice(2) });
  return t.slice(1) + " " + w(colours[t[0]]);
}
