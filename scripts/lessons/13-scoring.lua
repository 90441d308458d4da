-- Lesson: scoring a round (000 "Puntuación"; RULES.md "Scoring tables").
return {
  title = "Going out and scoring",
  intro = [[
The round ends when a player places the last tile of their rack. Each
other player scores minus the total of the tiles left on their rack, a
joker costing 30; the winner scores plus the sum of those, so the scores
of a round always add up to zero.]],
  goal = "Go out: place every tile of your rack.",
  players = 3,
  table = "[k1 k2 k3]",
  rack = "o11 o12 o13 k4",
  racks = {"k5 J", "r2 b9"},
  opened = true,
  hints = {
    "Your three orange tiles make a run.",
    "Your k4 fits the black run.",
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
      return false, "legal, but the round goes on: place all your tiles to end it."
    end
    local s = g:scores()
    return true, string.format(
      "You went out and won the round. Player 2 pays %d (5, and 30 for the joker), " ..
      "player 3 pays %d (2 + 9), so you score +%d: %+d %+d %+d add up to zero.",
      -s[2], -s[3], s[1], s[1], s[2], s[3])
  end,
}
