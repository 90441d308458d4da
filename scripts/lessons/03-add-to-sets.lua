-- Lesson: RULES.md rearrangement 1 (000 "Interacción con la mesa",
-- 003 "Recombinaisons").
return {
  title = "Add to sets",
  intro = [[
Once you have made your initial meld, the sets on the table belong to
everyone: on your turn you may add tiles from your rack to any of them,
as long as every set is still a valid run or group afterwards.]],
  goal = "Place both of your tiles on the table.",
  table = "[b4 b5 b6] [k8 r8 o8]",
  rack = "b3 b8",
  racks = {"k1 k2 o13"},
  opened = true,
  hints = {
    "A run may grow at either end.",
    "A group of three may take a fourth colour.",
  },
  place = "b3 b8",
  shortcuts = {"[b4 b5 b6] [k8 r8 o8 b8]", "[b3 b4 b5 b6] [k8 r8 o8]"},
  solution = "[b3 b4 b5 b6] [k8 r8 o8 b8]",
  success = "b3 starts the blue run, b8 is the fourth colour of the group of 8s.",
  tries = {
    {play = "[b3 b4 b5 b6 b8] [k8 r8 o8]", says = "set 1 [b3 b4 b5 b6 b8] is not a run: b7 is missing"},
  },
}
