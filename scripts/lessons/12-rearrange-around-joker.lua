-- Lesson: docs/rules.md joker 4.
return {
  title = {
    en = "Free a joker: rearrange around it",
    es = "Liberar un comodín: reorganizar a su alrededor",
    it = "Liberare un Jolly: riorganizzare intorno",
    fr = "Libérer un joker : réarranger autour",
  },
  intro = {
    en = [[
Sometimes the tiles around a joker can all go elsewhere: in
[k1 k2 J], k1 can join the group of 1s and k2 the group of 2s, and the
joker is left free.]],
    es = [[
A veces todas las fichas alrededor de un comodín pueden ir a otro
sitio: en [k1 k2 J], k1 puede unirse al grupo de 1 y k2 al grupo de 2, y
el comodín queda libre.]],
    it = [[
A volte tutte le tessere intorno a un Jolly possono andare altrove: in
[k1 k2 J], k1 può entrare nel gruppo degli 1 e k2 in quello dei 2, e il
Jolly resta libero.]],
    fr = [[
Parfois toutes les plaques autour d'un joker peuvent aller ailleurs :
dans [k1 k2 J], k1 peut rejoindre la série des 1 et k2 celle des 2, et
le joker se retrouve libre.]],
  },
  goal = {
    en = "Free the joker and play it with your r12 and r13.",
    es = "Libera el comodín y juégalo con tus r12 y r13.",
    it = "Libera il Jolly e giocalo con le tue r12 e r13.",
    fr = "Libère le joker et joue-le avec tes r12 et r13.",
  },
  table = "[k1 k2 J] [r1 b1 o1] [r2 b2 o2]",
  rack = "r12 r13 k4 b9",
  racks = {"k5 o5 r5"},
  opened = true,
  hints = {
    {en = "The groups of 1s and 2s each lack a black tile.",
     es = "A los grupos de 1 y de 2 les falta una ficha negra.",
     it = "Ai gruppi degli 1 e dei 2 manca una tessera nera.",
     fr = "Il manque une plaque noire aux séries des 1 et des 2."},
    {en = "[r1 b1 o1 k1] [r2 b2 o2 k2], and the joker joins r12 r13.",
     es = "[r1 b1 o1 k1] [r2 b2 o2 k2], y el comodín se une a r12 r13.",
     it = "[r1 b1 o1 k1] [r2 b2 o2 k2], e il Jolly va con r12 r13.",
     fr = "[r1 b1 o1 k1] [r2 b2 o2 k2], et le joker rejoint r12 r13."},
  },
  place = "r12 r13",
  shortcuts = {"[k1 k2 J k4] [r1 b1 o1] [r2 b2 o2]"},
  solution = "[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12 r13]",
  success = {
    en = "k1 and k2 completed the groups, and the freed joker made a run with r12 r13.",
    es = "k1 y k2 completaron los grupos, y el comodín liberado formó una escalera con r12 r13.",
    it = "k1 e k2 hanno completato i gruppi, e il Jolly liberato ha formato una serie con r12 r13.",
    fr = "k1 et k2 ont complété les séries, et le joker libéré a formé une suite avec r12 r13.",
  },
  tries = {
    {play = "[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12]", says = "set 3 [J r12] is too short: a run needs at least 3 tiles"},
    {play = "[k1 k2 J] [r1 b1 o1] [r2 b2 o2] [r12 r13 b9]", says = "set 4 [r12 r13 b9] is not a run: b9 is blue, the run is red"},
  },
}
