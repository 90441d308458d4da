-- Lesson: RULES.md rearrangement 2.
return {
  title = "Take the fourth tile of a group",
  intro = [[
A group of four may give up one of its tiles and still be a group of
three. The tile it gives up is yours to use in another set this turn:
it must stay on the table, never go to your rack.]],
  goal = "Place b3, b5 and b6.",
  table = "[k4 r4 o4 b4]",
  rack = "b3 b5 b6 k13",
  racks = {"o1 o2 o9"},
  opened = true,
  hints = {
    "b3 b5 b6 lack one tile to be a run.",
    "The group of 4s has a blue 4 it can spare.",
  },
  place = "b3 b5 b6",
  shortcuts = {"[k4 r4 o4] [b4 b5 b6]"},
  solution = "[k4 r4 o4] [b3 b4 b5 b6]",
  success = "[k4 r4 o4] is still a group, and the b4 completes your run b3 b4 b5 b6.",
  tries = {
    {play = "[k4 r4 o4 b4] [b3 b5 b6]", says = "set 2 [b3 b5 b6] is not a run: b4 is missing"},
    {play = "[k4 r4] [o4 b4 b3 b5 b6]", says = "set 1 [k4 r4] is too short: a group needs at least 3 tiles"},
  },
}
