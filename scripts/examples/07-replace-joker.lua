-- docs/rules.md, joker 1: replace it (rulebook 000 "El Comodín", 003 "Comment
-- placer son joker"). k3 takes the joker's place in the group; the freed
-- joker must be played the same turn, here with r12 r13.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"k3 r12 r13 o9"}, table = "[r3 b3 J]", opened = true}

-- A near miss: the joker may not go to the rack.
local ok, why = g:play("[r3 b3 k3]")
assert(not ok)
assert(why == "the joker freed from set 1 [r3 b3 J] is not on the table; the original rules say a freed joker must be played the same turn", why)

-- In the Italian reading (joker.keep) the same play is allowed.
local italian = meld.game{players = 2, seed = 1, variant = {joker = {keep = true}}}
italian:setup{racks = {"k3 r12 r13 o9"}, table = "[r3 b3 J]", opened = true}
assert(italian:play("[r3 b3 k3]"))
assert(italian:rack(1) == "r12 r13 o9 J", italian:rack(1))

assert(g:play("[r3 b3 k3] [J r12 r13]"))
assert(g:table() == "[k3 r3 b3] [J r12 r13]", g:table())
assert(g:rack(1) == "o9")
