-- Lesson: RULES.md joker 3.
return {
  title = "Free a joker: extend past it",
  intro = [[
In [J b3 b4] the joker is the b2. Add b5 and the run b3 b4 b5 no longer
needs its joker: it is free to play elsewhere this turn. Taking a joker
is only for players who have made their initial meld.]],
  goal = "Free the joker and play it with r12 r13.",
  table = "[J b3 b4]",
  rack = "b5 r12 r13 k7",
  racks = {"o8 o9 r1"},
  opened = true,
  hints = {
    "Which tile would make [b3 b4 ...] a run without the joker?",
    "[b3 b4 b5] and [J r12 r13].",
  },
  place = "b5 r12 r13",
  shortcuts = {"[J b3 b4 b5]"},
  solution = "[b3 b4 b5] [J r12 r13]",
  success = "b5 made the run whole without the joker, which became the r11 of a new run.",
  tries = {
    {play = "[b3 b4 b5]",
     says = "the joker freed from set 1 [J b3 b4] is not on the table; the original rules say a freed joker must be played the same turn"},
    {play = "[J b3 b4 b5] [r12 r13]", says = "set 2 [r12 r13] is too short"},
  },
}
