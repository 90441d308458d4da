-- Lesson: docs/rules.md joker 3.
return {
  title = {
    en = "Free a joker: extend past it",
    es = "Liberar un comodín: alargar más allá",
    it = "Liberare un Jolly: allungare oltre",
    fr = "Libérer un joker : prolonger au-delà",
  },
  intro = {
    en = [[
In [J b3 b4] the joker is the b2. Add b5 and the run b3 b4 b5 no longer
needs its joker: it is free to play elsewhere this turn. Taking a joker
is only for players who have made their initial meld.]],
    es = [[
En [J b3 b4] el comodín es la b2. Añade b5 y la escalera b3 b4 b5 ya
no necesita su comodín: queda libre para jugarlo en otro sitio en este
turno. Tomar un comodín es solo para quien ya hizo su bajada inicial.]],
    it = [[
In [J b3 b4] il Jolly è la b2. Aggiungi b5 e la serie b3 b4 b5 non ha
più bisogno del suo Jolly: si può giocare altrove in questo turno. Prendere un Jolly è solo per chi ha fatto la prima calata.]],
    fr = [[
Dans [J b3 b4] le joker est la b2. Ajoute b5 et la suite b3 b4 b5 n'a
plus besoin de son joker : tu peux le jouer ailleurs ce tour-ci.
Prendre un joker est réservé à qui a fait sa première pose.]],
  },
  goal = {
    en = "Free the joker and play it with r12 r13.",
    es = "Libera el comodín y juégalo con r12 r13.",
    it = "Libera il Jolly e giocalo con r12 r13.",
    fr = "Libère le joker et joue-le avec r12 r13.",
  },
  table = "[J b3 b4]",
  rack = "b5 r12 r13 k7",
  racks = {"o8 o9 r1"},
  opened = true,
  hints = {
    {en = "Which tile would make [b3 b4 ...] a run without the joker?",
     es = "¿Qué ficha haría de [b3 b4 ...] una escalera sin el comodín?",
     it = "Quale tessera farebbe di [b3 b4 ...] una serie senza il Jolly?",
     fr = "Quelle plaque ferait de [b3 b4 ...] une suite sans le joker ?"},
    {en = "[b3 b4 b5] and [J r12 r13].",
     es = "[b3 b4 b5] y [J r12 r13].",
     it = "[b3 b4 b5] e [J r12 r13].",
     fr = "[b3 b4 b5] et [J r12 r13]."},
  },
  place = "b5 r12 r13",
  shortcuts = {"[J b3 b4 b5]"},
  solution = "[b3 b4 b5] [J r12 r13]",
  success = {
    en = "b5 made the run whole without the joker, which became the r11 of a new run.",
    es = "b5 completó la escalera sin el comodín, que pasó a ser la r11 de una escalera nueva.",
    it = "b5 ha completato la serie senza il Jolly, che è diventato la r11 di una nuova serie.",
    fr = "b5 a complété la suite sans le joker, devenu la r11 d'une nouvelle suite.",
  },
  tries = {
    {play = "[b3 b4 b5]",
     says = "the joker freed from set 1 [J b3 b4] is not on the table; the original rules say a freed joker must be played the same turn"},
    {play = "[J b3 b4 b5] [r12 r13]", says = "set 2 [r12 r13] is too short"},
  },
}
