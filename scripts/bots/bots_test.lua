-- The bots' self-test: each answers the views of a few scenarios as its
-- description says, then the two play a whole round against each other.
local starter = require("starter")
local solver = require("solver")

local function scenario(rack, tbl, opened)
  local g = meld.game{players = 2, seed = 3}
  g:setup{racks = {rack, "k1 k2 k3 k4 k5"}, table = tbl, opened = {opened, true}}
  return g
end

-- Not opened, and the rack's sets are worth 24 < 30: both draw.
local g = scenario("r7 r8 r9 b1 o13", "", false)
assert(starter.act(g:view()) == "draw")
assert(solver.act(g:view()) == "draw")

-- Not opened, 33 points in a run: both open with it.
g = scenario("r10 r11 r12 b1", "", false)
assert(starter.act(g:view()) == "[r10 r11 r12]", starter.act(g:view()))
assert(solver.act(g:view()) == "[r10 r11 r12]", solver.act(g:view()))

-- Opened: the starter adds b3 to the end of a run; the solver rearranges
-- to place more (b6 splits the run).
g = scenario("b3 b6", "[b4 b5 b6 b7 b8]", true)
assert(starter.act(g:view()) == "[b3 b4 b5 b6 b7 b8]", starter.act(g:view()))
local after = solver.act(g:view())
assert(g:clone():play(after), after)
assert(after == "[b3 b4 b5 b6] [b6 b7 b8]", after)

-- The solver keeps its joker when it can play without it.
g = scenario("r10 r11 r12 J k13", "[o1 o2 o3]", true)
assert(solver.act(g:view()) == "[o1 o2 o3] [r10 r11 r12]", solver.act(g:view()))

-- The counter sheds points when the end nears (an opponent with 3 tiles):
-- the joker goes beside b11 b13 (54 points) rather than into r5 r6 r8.
local counter = require("counter")
local tbl = "[k7 k8 k9 k10] [r10 b10 o10] [o11 o12 o13]"
local rack = "k12 r5 r6 r8 b3 b11 b13 o1 o6 J"
g = meld.game{players = 2, seed = 3}
g:setup{racks = {rack, "k1 k2 k3 k4 k5"}, table = tbl, opened = {true, true}}
assert(counter.act(g:view()) == "[r5 r6 J r8] " .. tbl, counter.act(g:view()))
g:setup{racks = {rack, "k1 k2 k3"}, table = tbl, opened = {true, true}}
assert(counter.act(g:view()) == "[k7 k8 k9 k10] [r10 b10 o10] [b11 J b13] [o11 o12 o13]", counter.act(g:view()))

-- It sheds points too with a dead tile of 10 or more on its rack: every
-- tile that could sit beside k12 is on the table, so k12 goes now.
tbl = "[r12 b12 o12] [r12 b12 o12] [k9 k10 k11] [k9 k10 k11] [k13 r13 b13] [k13 r13 b13]"
g:setup{racks = {"k12 r5 r6 r8 b3 b11 o11 o1 o6 J", "k1 k2 k3 k4 k5"}, table = tbl, opened = {true, true}}
after = counter.act(g:view())
assert(after == "[k9 k10 k11] [k9 k10 k11 k12] [b11 o11 J] [r12 b12 o12] [r12 b12 o12] [k13 r13 b13] [k13 r13 b13]", after)
assert(g:clone():play(after))
g:setup{racks = {"k5 r5 r6 r8 b3 b11 o11 o1 o6 J", "k1 k2 k3 k4 k5"}, table = tbl, opened = {true, true}}
after = counter.act(g:view())
assert(after:find("%[r5 r6 J r8%]"), after)

-- The hoarder opens as soon as it can, then draws while the end is far
-- (the opponent at 5 tiles, a full pool), unless it can go out; once the
-- opponent is at 1 tile it plays the most tiles.
local hoarder = require("hoarder")
g = scenario("r10 r11 r12 b1", "", false)
assert(hoarder.act(g:view()) == "[r10 r11 r12]", hoarder.act(g:view()))
g = scenario("k5 r5 b5 o1", "[k10 k11 k12]", true)
assert(hoarder.act(g:view()) == "draw", hoarder.act(g:view()))
g = scenario("k5 r5 b5 k13", "[k10 k11 k12]", true)
assert(hoarder.act(g:view()) == "[k5 r5 b5] [k10 k11 k12 k13]", hoarder.act(g:view()))
g = meld.game{players = 2, seed = 3}
g:setup{racks = {"k5 r5 b5 o1", "k1"}, table = "[k10 k11 k12]", opened = {true, true}}
assert(hoarder.act(g:view()) == "[k5 r5 b5] [k10 k11 k12]", hoarder.act(g:view()))

-- A whole round, bot against bot, each turn through the game.
g = meld.game{players = 2, seed = 11, variant = {time_limit = {seconds = 0}}}
local bots = {starter, solver}
local turns = 0
while not g:over() and turns < 400 do
  local play = bots[g:current()].act(g:view())
  if play == "draw" then
    g:draw()
  else
    assert(g:play(play))
  end
  turns = turns + 1
end
assert(g:over(), "the round ends")
local sum = 0
for _, s in ipairs(g:scores()) do sum = sum + s end
assert(sum == 0, "scores sum to zero")
