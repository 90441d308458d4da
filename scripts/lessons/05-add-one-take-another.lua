-- Lesson: RULES.md rearrangement 3.
return {
  title = "Add one, take another",
  intro = [[
Adding a tile to one end of a run can free the tile at the other end:
[b8 b9 b10] with a b11 can let its b8 go and still be a run of three.
The freed tile then joins another set.]],
  goal = "Place b11, k8 and o8.",
  table = "[b8 b9 b10]",
  rack = "b11 k8 o8 r1",
  racks = {"k2 k3 o5"},
  opened = true,
  hints = {
    "k8 and o8 need a third 8 of another colour.",
    "If b11 joins the run, which tile can the run spare?",
  },
  place = "b11 k8 o8",
  shortcuts = {"[b8 b9 b10 b11]"},
  solution = "[b9 b10 b11] [b8 k8 o8]",
  success = "b11 lengthens the run, so b8 can leave it and make a group with k8 and o8.",
  tries = {
    {play = "[b9 b10 b11] [b8 k8]", says = "set 2 [b8 k8] is too short: a group needs at least 3 tiles"},
    {play = "[b8 b9 b10 b11] [k8 o8]", says = "set 2 [k8 o8] is too short"},
  },
}
