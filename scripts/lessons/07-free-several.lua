-- Lesson: RULES.md rearrangement 5.
return {
  title = "Free several tiles",
  intro = [[
Several sets may each give up a tile in the same turn, and the freed
tiles may make a new set together with a tile of your rack.]],
  goal = "Place your b1.",
  table = "[o1 o2 o3 o4] [k1 r1 b1 o1]",
  rack = "b1 o5 k13",
  racks = {"r9 r10 o13"},
  opened = true,
  hints = {
    "Your b1 needs two more 1s of other colours.",
    "The run can spare its o1, and the group of four one more tile.",
  },
  place = "b1",
  shortcuts = {"[o1 o2 o3 o4 o5] [k1 r1 b1 o1]"},
  solution = "[o2 o3 o4] [k1 b1 o1] [b1 o1 r1]",
  success = "The run gave up o1 and the group gave up r1: with your b1 they make a third set.",
  tries = {
    {play = "[o1 o2 o3 o4] [k1 b1 o1] [b1 r1]", says = "set 3 [b1 r1] is too short: a group needs at least 3 tiles"},
    {play = "[o2 o3 o4] [k1 r1 b1 o1 b1] [o1]", says = "b1 appears twice; a group needs different colours"},
  },
}
