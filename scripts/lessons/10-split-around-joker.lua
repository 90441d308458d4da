-- Lesson: RULES.md joker 2.
return {
  title = "Free a joker: split the run",
  intro = [[
A joker in the middle of a run is freed when the run splits at it and
each side, with tiles from your rack, is a run of its own.]],
  goal = "Free the joker and play all your tiles.",
  table = "[o2 o3 J o5 o6]",
  rack = "o1 o7 r12 r13",
  racks = {"k5 k6 b1"},
  opened = true,
  hints = {
    "o1 fits below o2 and o7 above o6.",
    "[o1 o2 o3] and [o5 o6 o7] do not need the joker.",
  },
  place = "o1 o7 r12 r13",
  shortcuts = {"[o2 o3 J o5 o6 o7]", "[o1 o2 o3 J o5 o6 o7]"},
  solution = "[o1 o2 o3] [o5 o6 o7] [J r12 r13]",
  success = "Two runs of three and a new run with the joker: your rack is empty and you win the round.",
  tries = {
    {play = "[o1 o2 o3] [o5 o6 o7] [J r12] [r13]", says = "set 3 [J r12] is too short: a run needs at least 3 tiles"},
    {play = "[o1 o2 o3 J o5 o6 o7] [r12 r13]", says = "set 2 [r12 r13] is too short"},
  },
}
