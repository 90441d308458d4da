-- The French rules for 5 or 6 players (003: "De 5 à 6 joueurs : utiliser
-- 160 plaques"): original-fr-xp is the French printing with the XP box.
local v = meld.variant("original-fr-xp")
assert(v.players.min == 5 and v.players.max == 6)
assert(v.tiles.copies == 3 and v.tiles.jokers == 4)
assert(v.time_limit.penalty_tiles == 3, "the French timeout: three penalty tiles")
assert(v.match.winner == "highest_total")

local g = meld.game{variant = "original-fr-xp", players = 6, seed = 3}
assert(g:pool() == 160 - 6 * 14, g:pool())

-- The French printing alone is for 2 to 4 players.
local ok, why = pcall(meld.game, {variant = "original-fr", players = 5})
assert(not ok)
assert(why:find("the original-fr rules are for 2 to 4 players, not 5", 1, true), why)
ok, why = pcall(meld.game, {variant = "original-fr-xp", players = 4})
assert(not ok)
assert(why:find("the original-fr-xp rules are for 5 to 6 players, not 4", 1, true), why)

-- Three of each tile: three r5 groups fit this box, a fourth r5 does not.
assert(meld.check("[r5 b5 k5] [r5 b5 k5] [r5 b5 o5]", "original-fr-xp"))
local ok2, why2 = meld.check("[r5 b5 k5] [r5 b5 k5] [r5 b5 o5] [r3 r4 r5]", "original-fr-xp")
assert(not ok2)
assert(why2 == "the table uses 4 × r5; the original-fr-xp box has 3", why2)

-- Running out of time costs three tiles, as in the French printing.
g:setup{racks = {"r12 r13 o9"}, opened = true}
local pool = g:pool()
local drawn = g:timeout()
assert(select(2, drawn:gsub("%S+", "")) == 3 and g:pool() == pool - 3, drawn)
