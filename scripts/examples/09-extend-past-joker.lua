-- docs/rules.md, joker 3: extend past it. [J b3 b4] (the joker is b2) takes b5
-- and no longer needs its joker.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"b5 r12 r13 k7"}, table = "[J b3 b4]", opened = true}
assert(g:play("[b3 b4 b5] [J r12 r13]"))
assert(g:table() == "[b3 b4 b5] [J r12 r13]", g:table())

-- A near miss: before the initial meld no joker may be taken.
local early = meld.game{players = 2, seed = 1}
early:setup{racks = {"b5 r12 r13 k7"}, table = "[J b3 b4]", opened = false}
local ok, why = early:play("[b3 b4 b5] [J r12 r13]")
assert(not ok)
assert(why == "set 1 [J b3 b4] gave up its joker; the original rules let you take a joker only after your initial meld", why)
