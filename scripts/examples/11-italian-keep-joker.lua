-- docs/rules.md, "Keeping a joker (001)": under the Italian rules a player who
-- holds the tile a joker stands for may put it in the joker's place and
-- keep the joker ("i giocatori che possiedono la carta rappresentata da
-- esso possono prenderlo e riutilizzarlo a piacere"). Only that joker may go
-- to the rack; a joker freed any other way (lifted off the end of a run,
-- split out of one) must be played the same turn, as in every edition.

-- An Italian game past its first round (the table is locked until every
-- player has had a turn): player 1 has opened and holds rack.
local function italian(rack, table)
  local g = meld.game{variant = "italian", players = 2, seed = 1}
  g:setup{racks = {rack, "k13 o13"}, table = table, opened = true}
  assert(g:draw())
  assert(g:draw())
  assert(g:current() == 1 and g:turn() == 2)
  return g
end

local function jokers(rack) return select(2, rack:gsub("J", "")) end

local keep_only = "the italian rules let you keep a joker only when you replace it with the tile it stands for (%s) from your own rack; a joker freed any other way must be played the same turn"

-- Accepted: r6 from the rack takes the joker's place, and the joker is kept.
local g = italian("r6 k1", "[r3 r4 r5 J] [k5 k6 k7]")
assert(g:play("[r3 r4 r5 r6] [k5 k6 k7]"))
assert(g:table() == "[r3 r4 r5 r6] [k5 k6 k7]", g:table())
assert(jokers(g:rack(1)) == 1, g:rack(1))

-- Refused: the joker lifted off the end of the run, without r6 (nor r2).
g = italian("k8 k1", "[r3 r4 r5 J] [k5 k6 k7]")
local ok, why = g:play("[r3 r4 r5] [k5 k6 k7 k8]")
assert(not ok)
assert(why == "the joker freed from set 1 [r3 r4 r5 J] is not on the table; " .. keep_only:format("r6"), why)
assert(g:table() == "[r3 r4 r5 J] [k5 k6 k7]", "a refused play changes nothing")

-- Refused: the joker split out of a run, without o4.
g = italian("o1 o7 k1", "[o2 o3 J o5 o6]")
ok, why = g:play("[o1 o2 o3] [o5 o6 o7]")
assert(not ok)
assert(why == "the joker freed from set 1 [o2 o3 J o5 o6] is not on the table; " .. keep_only:format("o4"), why)
-- ... and accepted once the freed joker is played the same turn.
g = italian("o1 o7 k1 k2", "[o2 o3 J o5 o6]")
assert(g:play("[o1 o2 o3] [o5 o6 o7] [k1 k2 J]"))
assert(jokers(g:rack(1)) == 0, g:rack(1))

-- A group of three: either missing colour frees its joker for the rack.
for _, tile in ipairs{"k3", "o3"} do
  g = italian(tile .. " r12", "[r3 b3 J]")
  assert(g:play("[r3 b3 " .. tile .. "]"))
  assert(jokers(g:rack(1)) == 1, g:rack(1))
end

-- Two jokers, one tile: only the joker r2 replaced may be kept; the one
-- standing for r1 must be played.
g = italian("r2 k1", "[J J r3 r4 r5]")
ok, why = g:play("[r2 r3 r4 r5]")
assert(not ok)
assert(why == "the joker freed from set 1 [J J r3 r4 r5] is not on the table; " .. keep_only:format("r1"), why)

-- Elsewhere a freed joker is never kept, replaced or not.
local o = meld.game{players = 2, seed = 1}
o:setup{racks = {"r6 k1"}, table = "[r3 r4 r5 J]", opened = true}
ok, why = o:play("[r3 r4 r5 r6]")
assert(not ok)
assert(why == "the joker freed from set 1 [r3 r4 r5 J] is not on the table; the original rules say a freed joker must be played the same turn", why)
