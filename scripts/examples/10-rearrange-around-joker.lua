-- docs/rules.md, joker 4: rearrange around it. k1 and k2 join the groups of 1s
-- and 2s, leaving the joker of [k1 k2 J] free for r12 r13.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"r12 r13 b9"}, table = "[k1 k2 J] [r1 b1 o1] [r2 b2 o2]", opened = true}
assert(g:play("[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12 r13]"))
assert(g:table() == "[k1 r1 b1 o1] [k2 r2 b2 o2] [J r12 r13]", g:table())

-- A near miss: where the first round locks the table (Italian and French
-- editions), no set on it may change before every player has had a turn.
local locked = meld.game{players = 2, seed = 1, variant = {opening = {first_round_locked = true}}}
locked:setup{racks = {"r12 r13 b9"}, table = "[k1 k2 J] [r1 b1 o1] [r2 b2 o2]", opened = true}
local ok, why = locked:play("[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12 r13]")
assert(not ok)
assert(why == "set 1 [k1 k2 J] was changed; the custom rules lock the sets on the table during the first round (new sets only)", why)
