-- Lesson: docs/rules.md rearrangement 4.
return {
  title = {
    en = "Split a run",
    es = "Partir una escalera",
    it = "Dividere una serie",
    fr = "Couper une suite",
  },
  intro = {
    en = [[
A long run may be split into two runs, each of at least three tiles. A
tile from your rack can make the split possible: a second r6 splits
[r4 r5 r6 r7 r8] into [r4 r5 r6] and [r6 r7 r8].]],
    es = [[
Una escalera larga puede partirse en dos escaleras, cada una de al
menos tres fichas. Una ficha de tu soporte puede hacer posible el corte:
una segunda r6 parte [r4 r5 r6 r7 r8] en [r4 r5 r6] y [r6 r7 r8].]],
    it = [[
Una serie lunga si può dividere in due serie, ognuna di almeno tre
tessere. Una tessera del tuo supporto può rendere possibile la
divisione: una seconda r6 divide [r4 r5 r6 r7 r8] in [r4 r5 r6] e
[r6 r7 r8].]],
    fr = [[
Une longue suite peut être coupée en deux suites d'au moins trois
plaques chacune. Une plaque de ta réglette peut rendre la coupe
possible : une seconde r6 coupe [r4 r5 r6 r7 r8] en [r4 r5 r6] et
[r6 r7 r8].]],
  },
  goal = {
    en = "Place your r6.",
    es = "Pon tu r6.",
    it = "Metti la tua r6.",
    fr = "Pose ta r6.",
  },
  table = "[r4 r5 r6 r7 r8]",
  rack = "r6 r9 k1",
  racks = {"o2 o3 b7"},
  opened = true,
  hints = {
    {en = "A run holds each number once, so the r6 cannot simply join it.",
     es = "Una escalera tiene cada número una sola vez, así que la r6 no puede simplemente unirse a ella.",
     it = "Una serie ha ogni numero una volta sola, quindi la r6 non può semplicemente entrarci.",
     fr = "Une suite a chaque nombre une seule fois : la r6 ne peut pas simplement s'y ajouter."},
    {en = "Split the run so that each half has an r6.",
     es = "Parte la escalera para que cada mitad tenga una r6.",
     it = "Dividi la serie in modo che ogni metà abbia una r6.",
     fr = "Coupe la suite pour que chaque moitié ait une r6."},
  },
  place = "r6",
  shortcuts = {"[r4 r5 r6 r7 r8 r9]"},
  solution = "[r4 r5 r6] [r6 r7 r8]",
  success = {
    en = "Two runs of three, each with its own r6.",
    es = "Dos escaleras de tres, cada una con su propia r6.",
    it = "Due serie di tre, ognuna con la sua r6.",
    fr = "Deux suites de trois, chacune avec sa r6.",
  },
  tries = {
    {play = "[r4 r5 r6 r6 r7 r8]", says = "set 1 [r4 r5 r6 r6 r7 r8] is not a run: r6 appears twice"},
    {play = "[r4 r5] [r6 r6 r7 r8]", says = "set 1 [r4 r5] is too short: a run needs at least 3 tiles"},
  },
}
