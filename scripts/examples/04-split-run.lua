-- docs/rules.md, rearrangement 4: split a run. A second r6 splits
-- [r4 r5 r6 r7 r8] into two runs of three.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"r6 k1"}, table = "[r4 r5 r6 r7 r8]", opened = true}

-- A near miss: a run holds each number once.
local ok, why = g:play("[r4 r5 r6 r6 r7 r8]")
assert(not ok)
assert(why == "set 1 [r4 r5 r6 r6 r7 r8] is not a run: r6 appears twice", why)

assert(g:play("[r4 r5 r6] [r6 r7 r8]"))
assert(g:table() == "[r4 r5 r6] [r6 r7 r8]", g:table())
