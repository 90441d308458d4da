-- Lesson: what a joker is worth in the initial meld (rulebook 000
-- "El Comodín"; 002 counts it 0).
return {
  title = "A joker in the initial meld",
  intro = [[
A joker stands for any one tile of its set. In the initial meld it
counts as the tile it stands for: in [r9 J r11] the joker is the r10,
so the run is worth 9 + 10 + 11 = 30.

Not every edition agrees: the Novelty edition counts a joker as 0 in the
initial meld (try the variant novelty). And a joker left on your rack
when someone goes out costs you 30 points, so it is worth playing.]],
  goal = "Open with at least 30 points; your joker can help.",
  rack = "r9 r11 J k1 k2 k3 o6",
  racks = {"b1 b2 b3 o12"},
  opened = false,
  hints = {
    "Your r9 and r11 need the r10 between them.",
    "The joker can be the r10: [r9 J r11].",
  },
  place = "J",
  solution = "[r9 J r11]",
  shortcuts = {"draw"},
  success = [[
The joker counts as the r10 it stands for: 9 + 10 + 11 = 30, just
enough. [k1 k2 k3] would add only 6.]],
  tries = {
    {play = "[k1 k2 k3 J]",
     says = "initial meld is 10 points; the original rules need 30 (a joker counts as the tile it replaces)"},
    {play = "[r9 r11 k1]", says = "is not a run"},
  },
}
