-- docs/rules.md, rearrangement 2: take the fourth tile of a group. A group of
-- four may give up one tile and still be a group of three.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"b3 b5 b6 k13"}, table = "[k4 r4 o4 b4]", opened = true}

-- A near miss: the run needs the b4 of the group.
local ok, why = g:play("[k4 r4 o4 b4] [b3 b5 b6]")
assert(not ok)
assert(why == "set 2 [b3 b5 b6] is not a run: b4 is missing", why)

assert(g:play("[k4 r4 o4] [b3 b4 b5 b6]"))
assert(g:table() == "[k4 r4 o4] [b3 b4 b5 b6]", g:table())
assert(g:rack(1) == "k13")
