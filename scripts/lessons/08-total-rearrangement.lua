-- Lesson: RULES.md rearrangement 6.
return {
  title = "A total rearrangement",
  intro = [[
You may take the whole table apart and build it again, as long as at
the end of your turn every tile on it is in a valid set and no tile has
gone back to a rack. Three runs can become three groups.]],
  goal = "Place k10 and b5.",
  table = "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]",
  rack = "k10 b5 o13",
  racks = {"r11 r12 b2"},
  opened = true,
  hints = {
    "k10 fits at the end of the black run.",
    "b5 needs a group of 5s: where are the other 5s?",
    "Cut the runs across: [r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5].",
  },
  place = "k10 b5",
  shortcuts = {"[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9 k10]"},
  solution = "[r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5] [k6 k7 k8 k9 k10]",
  success = "Three runs became three groups and a longer black run, with room for both tiles.",
  tries = {
    {play = "[r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5] [k6 k7 k8]",
     says = "k9 left the table; a tile on the table stays there, never going back to a rack"},
  },
}
