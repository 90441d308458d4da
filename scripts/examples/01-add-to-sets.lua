-- docs/rules.md, rearrangement 1: add to sets (rulebook 000 "Interacción con la
-- mesa", 003 "Recombinaisons"). An opened player may add rack tiles to the
-- sets already on the table.
local g = meld.game{players = 2, seed = 1}
g:setup{racks = {"b3 b8"}, table = "[b4 b5 b6] [k8 r8 o8]", opened = true}

-- A near miss: b8 cannot extend the run past the gap at b7.
local ok, why = g:play("[b3 b4 b5 b6 b8] [k8 r8 o8]")
assert(not ok)
assert(why == "set 1 [b3 b4 b5 b6 b8] is not a run: b7 is missing", why)

-- What the book shows: b3 starts the run, b8 completes the group.
assert(g:play("[b3 b4 b5 b6] [k8 r8 o8 b8]"))
assert(g:table() == "[b3 b4 b5 b6] [k8 r8 b8 o8]", g:table())
-- The rack is empty: player 1 went out and won the round.
assert(g:over() and g:winner() == 1)
