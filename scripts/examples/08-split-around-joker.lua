-- docs/rules.md, joker 2: split the run. o1 and o7 make two runs of the tiles on
-- either side of the joker, which is free for a new set.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"o1 o7 r12 r13"}, table = "[o2 o3 J o5 o6]", opened = true}

-- A near miss: the freed joker needs two more tiles for a set.
local ok, why = g:play("[o1 o2 o3] [o5 o6 o7] [J r12] [r13]")
assert(not ok)
assert(why:find("is too short"), why)
assert(why == "set 3 [J r12] is too short: a run needs at least 3 tiles", why)

assert(g:play("[o1 o2 o3] [o5 o6 o7] [J r12 r13]"))
assert(g:table() == "[o1 o2 o3] [o5 o6 o7] [J r12 r13]", g:table())
assert(g:over(), "player 1 placed every tile")
