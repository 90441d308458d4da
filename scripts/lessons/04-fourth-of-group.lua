-- Lesson: docs/rules.md rearrangement 2.
return {
  title = {
    en = "Take the fourth tile of a group",
    es = "Tomar la cuarta ficha de un grupo",
    it = "Prendere la quarta tessera di un gruppo",
    fr = "Prendre la quatrième plaque d'une série",
  },
  intro = {
    en = [[
A group of four may give up one of its tiles and still be a group of
three. The tile it gives up is yours to use in another set this turn:
it must stay on the table, never go to your rack.]],
    es = [[
Un grupo de cuatro puede ceder una de sus fichas y seguir siendo un
grupo de tres. La ficha cedida es tuya para usarla en otra combinación
en este turno: debe quedarse en la mesa, nunca ir a tu soporte.]],
    it = [[
Un gruppo di quattro può cedere una delle sue tessere e restare un
gruppo di tre. La tessera ceduta è tua da usare in un'altra combinazione
in questo turno: deve restare sul tavolo, mai andare sul tuo supporto.]],
    fr = [[
Une série de quatre peut céder une de ses plaques et rester une série
de trois. La plaque cédée est à toi pour une autre combinaison ce tour :
elle doit rester sur la table, jamais aller sur ta réglette.]],
  },
  goal = {
    en = "Place b3, b5 and b6.",
    es = "Pon b3, b5 y b6.",
    it = "Metti b3, b5 e b6.",
    fr = "Pose b3, b5 et b6.",
  },
  table = "[k4 r4 o4 b4]",
  rack = "b3 b5 b6 k13",
  racks = {"o1 o2 o9"},
  opened = true,
  hints = {
    {en = "b3 b5 b6 lack one tile to be a run.",
     es = "A b3 b5 b6 les falta una ficha para ser una escalera.",
     it = "A b3 b5 b6 manca una tessera per essere una serie.",
     fr = "Il manque une plaque à b3 b5 b6 pour faire une suite."},
    {en = "The group of 4s has a blue 4 it can spare.",
     es = "El grupo de 4 tiene un 4 azul que puede ceder.",
     it = "Il gruppo dei 4 ha un 4 blu che può cedere.",
     fr = "La série des 4 a un 4 bleu qu'elle peut céder."},
  },
  place = "b3 b5 b6",
  shortcuts = {"[k4 r4 o4] [b4 b5 b6]"},
  solution = "[k4 r4 o4] [b3 b4 b5 b6]",
  success = {
    en = "[k4 r4 o4] is still a group, and the b4 completes your run b3 b4 b5 b6.",
    es = "[k4 r4 o4] sigue siendo un grupo, y la b4 completa tu escalera b3 b4 b5 b6.",
    it = "[k4 r4 o4] è ancora un gruppo, e la b4 completa la tua serie b3 b4 b5 b6.",
    fr = "[k4 r4 o4] reste une série, et la b4 complète ta suite b3 b4 b5 b6.",
  },
  tries = {
    {play = "[k4 r4 o4 b4] [b3 b5 b6]", says = "set 2 [b3 b5 b6] is not a run: b4 is missing"},
    {play = "[k4 r4] [o4 b4 b3 b5 b6]", says = "set 1 [k4 r4] is too short: a group needs at least 3 tiles"},
  },
}
