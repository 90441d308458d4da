-- Lesson: RULES.md rearrangement 4.
return {
  title = "Split a run",
  intro = [[
A long run may be split into two runs, each of at least three tiles. A
tile from your rack can make the split possible: a second r6 splits
[r4 r5 r6 r7 r8] into [r4 r5 r6] and [r6 r7 r8].]],
  goal = "Place your r6.",
  table = "[r4 r5 r6 r7 r8]",
  rack = "r6 r9 k1",
  racks = {"o2 o3 b7"},
  opened = true,
  hints = {
    "A run holds each number once, so the r6 cannot simply join it.",
    "Split the run so that each half has an r6.",
  },
  place = "r6",
  shortcuts = {"[r4 r5 r6 r7 r8 r9]"},
  solution = "[r4 r5 r6] [r6 r7 r8]",
  success = "Two runs of three, each with its own r6.",
  tries = {
    {play = "[r4 r5 r6 r6 r7 r8]", says = "set 1 [r4 r5 r6 r6 r7 r8] is not a run: r6 appears twice"},
    {play = "[r4 r5] [r6 r6 r7 r8]", says = "set 1 [r4 r5] is too short: a run needs at least 3 tiles"},
  },
}
