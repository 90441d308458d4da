-- Lesson: docs/rules.md joker 2.
return {
  title = {
    en = "Free a joker: split the run",
    es = "Liberar un comodín: partir la escalera",
    it = "Liberare un Jolly: dividere la serie",
    fr = "Libérer un joker : couper la suite",
  },
  intro = {
    en = [[
A joker in the middle of a run is freed when the run splits at it and
each side, with tiles from your rack, is a run of its own.]],
    es = [[
Un comodín en medio de una escalera queda libre cuando la escalera se
parte en él y cada lado, con fichas de tu soporte, es una escalera por
sí solo.]],
    it = [[
Un Jolly in mezzo a una serie si libera quando la serie si divide
proprio dove sta il Jolly e ogni parte, con tessere del tuo supporto, è una serie a sé.]],
    fr = [[
Un joker au milieu d'une suite est libéré quand la suite est coupée à
l'endroit du joker et que chaque côté, avec des plaques de ta réglette, forme
une suite à lui seul.]],
  },
  goal = {
    en = "Free the joker and play all your tiles.",
    es = "Libera el comodín y juega todas tus fichas.",
    it = "Libera il Jolly e gioca tutte le tue tessere.",
    fr = "Libère le joker et joue toutes tes plaques.",
  },
  table = "[o2 o3 J o5 o6]",
  rack = "o1 o7 r12 r13",
  racks = {"k5 k6 b1"},
  opened = true,
  hints = {
    {en = "o1 fits below o2 and o7 above o6.",
     es = "o1 va debajo de o2 y o7 encima de o6.",
     it = "o1 va sotto la o2 e o7 sopra la o6.",
     fr = "o1 va sous o2 et o7 au-dessus de o6."},
    {en = "[o1 o2 o3] and [o5 o6 o7] do not need the joker.",
     es = "[o1 o2 o3] y [o5 o6 o7] no necesitan el comodín.",
     it = "[o1 o2 o3] e [o5 o6 o7] non hanno bisogno del Jolly.",
     fr = "[o1 o2 o3] et [o5 o6 o7] n'ont pas besoin du joker."},
  },
  place = "o1 o7 r12 r13",
  shortcuts = {"[o2 o3 J o5 o6 o7]", "[o1 o2 o3 J o5 o6 o7]"},
  solution = "[o1 o2 o3] [o5 o6 o7] [J r12 r13]",
  success = {
    en = "Two runs of three and a new run with the joker: your rack is empty and you win the round.",
    es = "Dos escaleras de tres y una escalera nueva con el comodín: tu soporte está vacío y ganas la partida.",
    it = "Due serie di tre e una nuova serie con il Jolly: il tuo supporto è vuoto e vinci la partita.",
    fr = "Deux suites de trois et une nouvelle suite avec le joker : ta réglette est vide et tu gagnes la manche.",
  },
  tries = {
    {play = "[o1 o2 o3] [o5 o6 o7] [J r12] [r13]", says = "set 3 [J r12] is too short: a run needs at least 3 tiles"},
    {play = "[o1 o2 o3 J o5 o6 o7] [r12 r13]", says = "set 2 [r12 r13] is too short"},
  },
}
