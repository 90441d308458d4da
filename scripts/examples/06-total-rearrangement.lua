-- docs/rules.md, rearrangement 6: a total rearrangement. Three runs become
-- three groups and a longer run, and both rack tiles find a place.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"k10 b5 o13"}, table = "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]", opened = true}

-- A near miss: the sets are valid, but k9 went back to the rack.
local ok, why = g:play("[r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5] [k6 k7 k8]")
assert(not ok)
assert(why == "k9 left the table; a tile on the table stays there, never going back to a rack", why)

assert(g:play("[r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5] [k6 k7 k8 k9 k10]"))
assert(g:table() == "[k3 r3 o3] [k4 r4 o4] [k5 r5 b5 o5] [k6 k7 k8 k9 k10]", g:table())
assert(g:rack(1) == "o13")
