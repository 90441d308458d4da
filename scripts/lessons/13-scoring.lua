-- Lesson: scoring a round (000 "Puntuación"; docs/rules.md "Scoring tables").
return {
  title = {
    en = "Going out and scoring",
    es = "Cerrar y contar los puntos",
    it = "Chiudere e contare i punti",
    fr = "Finir et compter les points",
  },
  intro = {
    en = [[
The round ends when a player places the last tile of their rack. Each
other player scores minus the total of the tiles left on their rack, a
joker costing 30; the winner scores plus the sum of those, so the scores
of a round always add up to zero.]],
    es = [[
La partida termina cuando un jugador baja la última ficha de su soporte.
Cada uno de los demás jugadores anota en negativo el total de las fichas
que le quedan en el soporte, y un comodín cuesta 30; el ganador anota en
positivo la suma de todo eso, así que los puntos de una partida siempre
suman cero.]],
    it = [[
La partita finisce quando un giocatore cala l'ultima tessera del suo
supporto. Ogni altro giocatore segna in negativo il totale delle tessere
rimaste sul suo supporto, e un Jolly costa 30; il vincitore segna in
positivo la somma di questi, quindi la somma dei punti di una partita è
sempre zero.]],
    fr = [[
La manche finit quand un joueur pose la dernière plaque de sa réglette.
Chaque autre joueur marque en négatif le total des plaques restées sur
sa réglette, un joker coûtant 30 ; le gagnant marque en positif la somme
de celles-ci, donc les points d'une manche font toujours zéro au total.]],
  },
  goal = {
    en = "Go out: place every tile of your rack.",
    es = "Quédate sin fichas: baja todas las fichas de tu soporte.",
    it = "Chiudi: cala tutte le tessere del tuo supporto.",
    fr = "Finis : pose toutes les plaques de ta réglette.",
  },
  players = 3,
  table = "[k1 k2 k3]",
  rack = "o11 o12 o13 k4",
  racks = {"k5 J", "r2 b9"},
  opened = true,
  hints = {
    {en = "Your three orange tiles make a run.",
     es = "Tus tres fichas naranjas forman una escalera.",
     it = "Le tue tre tessere arancioni formano una serie.",
     fr = "Tes trois plaques orange forment une suite."},
    {en = "Your k4 fits the black run.",
     es = "Tu k4 cabe en la escalera negra.",
     it = "La tua k4 va nella serie nera.",
     fr = "Ta k4 va dans la suite noire."},
  },
  place = "o11 o12 o13 k4",
  shortcuts = {"[k1 k2 k3 k4]", "[k1 k2 k3] [o11 o12 o13]"},
  solution = "[k1 k2 k3 k4] [o11 o12 o13]",
  tries = {
    {play = "[k1 k2 k3] [o11 o12]", says = "set 2 [o11 o12] is too short: a run needs at least 3 tiles"},
    {play = "[k1 k2 k3 o11] [o12 o13]", says = "[k1 k2 k3 o11] is not a run: o11 is orange, the run is black"},
  },
  check = function(g)
    if not g:over() then
      return false, {
        en = "legal, but the round goes on: place all your tiles to end it.",
        es = "legal, pero la partida sigue: baja todas tus fichas para terminarla.",
        it = "regolare, ma la partita continua: cala tutte le tue tessere per chiuderla.",
        fr = "valable, mais la manche continue : pose toutes tes plaques pour la finir.",
      }
    end
    local s = g:scores()
    local function say(format)
      return string.format(format, -s[2], -s[3], s[1], s[1], s[2], s[3])
    end
    return true, {
      en = say("You went out and won the round. Player 2 pays %d (5, and 30 for the joker), " ..
        "player 3 pays %d (2 + 9), so you score +%d: %+d %+d %+d add up to zero."),
      es = say("Te quedaste sin fichas y ganaste la partida. El jugador 2 paga %d (5, y 30 por el comodín), " ..
        "el jugador 3 paga %d (2 + 9), así que tú anotas +%d: %+d %+d %+d suman cero."),
      it = say("Hai chiuso e vinto la partita. Il giocatore 2 paga %d (5, e 30 per il Jolly), " ..
        "il giocatore 3 paga %d (2 + 9), quindi tu segni +%d: %+d %+d %+d fanno zero."),
      fr = say("Tu as fini et gagné la manche. Le joueur 2 paie %d (5, et 30 pour le joker), " ..
        "le joueur 3 paie %d (2 + 9), donc tu marques +%d : %+d %+d %+d font zéro au total."),
    }
  end,
}
