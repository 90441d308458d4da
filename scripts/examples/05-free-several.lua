-- docs/rules.md, rearrangement 5: free several tiles. o1 leaves the run and the
-- group gives up r1, so b1 makes a second group with them.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"b1 k13"}, table = "[o1 o2 o3 o4] [k1 r1 b1 o1]", opened = true}

-- A near miss: o1 stays in the run, and two tiles are no group.
local ok, why = g:play("[o1 o2 o3 o4] [k1 b1 o1] [b1 r1]")
assert(not ok)
assert(why == "set 3 [b1 r1] is too short: a group needs at least 3 tiles", why)

assert(g:play("[o2 o3 o4] [k1 b1 o1] [b1 o1 r1]"))
assert(g:table() == "[o2 o3 o4] [k1 b1 o1] [r1 b1 o1]", g:table())
