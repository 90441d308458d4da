-- Lesson: RULES.md joker 1 (000 "El Comodín", 003 "Comment placer son joker").
return {
  title = "Free a joker: replace it",
  intro = [[
A joker on the table can be won: put the tile it stands for in its place.
In a group of three, a joker may be replaced by either missing colour.
The freed joker must be played again in the same turn, in a new set or
another one; it never goes to your rack.]],
  goal = "Win the joker and play it with your r12 r13.",
  table = "[r3 b3 J]",
  rack = "k3 r12 r13 o9",
  racks = {"k7 k8 b10"},
  opened = true,
  hints = {
    "The joker in [r3 b3 J] stands for a black or an orange 3.",
    "Put k3 in its place, then use the joker with r12 and r13.",
  },
  place = "k3 r12 r13",
  shortcuts = {"[r3 b3 k3 J]"},
  solution = "[r3 b3 k3] [J r12 r13]",
  success = "k3 took the joker's place, and the joker became the r11 of a new run.",
  tries = {
    {play = "[r3 b3 k3]",
     says = "the joker freed from set 1 [r3 b3 J] is not on the table; the original rules say a freed joker must be played the same turn"},
    {play = "[r3 b3 J k3] [r12 r13]", says = "set 2 [r12 r13] is too short"},
  },
}
