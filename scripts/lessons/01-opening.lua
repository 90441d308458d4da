-- Lesson: the initial meld (rulebook 000, "Cómo jugar"; 003 "Déroulement").
return {
  title = "Your first play: the initial meld",
  intro = [[
Your first play of a round is your initial meld. It must be made of new
sets, runs or groups, taken from your own rack only, and together they
must be worth at least 30 points: each tile counts its number. Until you
have made it you may not touch the sets already on the table.

A run is three or more numbers in a row of one colour: [r7 r8 r9].
A group is three or four tiles of one number, each of another colour:
[k5 b5 o5].]],
  goal = "Make an initial meld of at least 30 points from your rack.",
  table = "[k11 k12 k13]",
  rack = "r7 r8 r9 k5 b5 o5 k10 b1",
  racks = {"r1 r2 r3 b12"},
  opened = false,
  hints = {
    "Look for a run and a group on your rack.",
    "[r7 r8 r9] is worth 24: not enough on its own.",
    "[r7 r8 r9] and [k5 b5 o5] are worth 24 + 15 = 39.",
  },
  solution = "[k11 k12 k13] [r7 r8 r9] [k5 b5 o5]",
  success = [[
39 points: 24 for the run, 15 for the group. You have opened; from your
next turn you may also add to the sets on the table and rearrange them.]],
  -- Any legal play from this rack is an initial meld: the lesson asks for
  -- one, so only a draw skips it.
  check = function(g)
    return g:opened(1)
  end,
  shortcuts = {"draw"},
  tries = {
    {play = "[k11 k12 k13] [r7 r8 r9]",
     says = "initial meld is 24 points; the original rules need 30"},
    {play = "[k10 k11 k12 k13] [r7 r8 r9] [k5 b5 o5]",
     says = "set 1 [k11 k12 k13] was changed; the original rules let an initial meld place only new sets from your rack"},
  },
}
