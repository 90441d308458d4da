-- docs/rules.md, rearrangement 3: add one tile to a run and take another from
-- it. b11 lengthens [b8 b9 b10] so that b8 can leave it for a new group.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"b11 k8 o8 r1"}, table = "[b8 b9 b10]", opened = true}

-- A near miss: the new group is one tile short.
local ok, why = g:play("[b9 b10 b11] [b8 k8]")
assert(not ok)
assert(why == "set 2 [b8 k8] is too short: a group needs at least 3 tiles", why)

assert(g:play("[b9 b10 b11] [b8 k8 o8]"))
assert(g:table() == "[b9 b10 b11] [k8 b8 o8]", g:table())
