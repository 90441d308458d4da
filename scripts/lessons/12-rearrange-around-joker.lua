-- Lesson: RULES.md joker 4.
return {
  title = "Free a joker: rearrange around it",
  intro = [[
Sometimes the tiles around a joker can all go elsewhere: in
[k1 k2 J], k1 can join the group of 1s and k2 the group of 2s, and the
joker is left free.]],
  goal = "Free the joker and play it with r12 r13.",
  table = "[k1 k2 J] [r1 b1 o1] [r2 b2 o2]",
  rack = "r12 r13 k4 b9",
  racks = {"k5 o5 r5"},
  opened = true,
  hints = {
    "The groups of 1s and 2s each lack a black tile.",
    "[r1 b1 o1 k1] [r2 b2 o2 k2], and the joker joins r12 r13.",
  },
  place = "r12 r13",
  shortcuts = {"[k1 k2 J k4] [r1 b1 o1] [r2 b2 o2]"},
  solution = "[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12 r13]",
  success = "k1 and k2 completed the groups, and the freed joker made a run with r12 r13.",
  tries = {
    {play = "[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12]", says = "set 3 [J r12] is too short: a run needs at least 3 tiles"},
    {play = "[k1 k2 J] [r1 b1 o1] [r2 b2 o2] [r12 r13 b9]", says = "set 4 [r12 r13 b9] is not a run: b9 is blue, the run is red"},
  },
}
