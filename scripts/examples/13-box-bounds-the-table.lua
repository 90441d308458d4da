-- docs/rules.md, "The box bounds every table": no table holds more copies of a
-- tile, or more jokers, than the edition's box: two of each tile and two
-- jokers in the 106-tile box, three and four in the 160-tile XP box.

-- Each set is valid, but the original box has only two r5.
local ok, why = meld.check("[r5 b5 k5] [r5 b5 k5] [r5 b5 k5]")
assert(not ok)
assert(why == "the table uses 3 × r5; the original box has 2", why)
assert(meld.check("[r5 b5 k5] [r5 b5 o5]"))

-- A run of four jokers: not in the original box, fine in the XP box.
ok, why = meld.check("[k5 k6 J J J J]")
assert(not ok)
assert(why == "the table uses 4 jokers; the original box has 2", why)
assert(meld.check("[k5 k6 J J J J]", "xp"))
assert(meld.check("[k5 k6 J J J J]", "original-fr-xp"))

-- A scenario is bounded too: its table, then its table and racks together.
local g = meld.game{players = 2, seed = 1}
ok, why = pcall(g.setup, g, {table = "[k5 k6 J J J J]"})
assert(not ok)
assert(why:find("(scenario: the table uses 4 jokers; the original box has 2)", 1, true), why)
ok, why = pcall(g.setup, g, {table = "[r1 r2 J]", racks = {"J", "J"}})
assert(not ok)
assert(why:find("(scenario: the table and the racks use 3 jokers; the original box has 2)", 1, true), why)

local xp = meld.game{variant = "xp", players = 5, seed = 1}
xp:setup{table = "[k5 k6 J J J J]", racks = {"k4"}, opened = true}
assert(xp:play("[k4 k5 k6 J J J J]"))

-- And so is a problem for the solver.
ok, why = pcall(meld.solve, {table = "[r3 r4 r5] [r3 b3 o3]", rack = "r3", opened = true})
assert(not ok)
assert(why:find("(the table and the rack use 3 × r3; the original box has 2)", 1, true), why)
