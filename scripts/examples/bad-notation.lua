-- A failure case as a test: a play the rules refuse returns false and a
-- reason, but notation that is no tile at all raises an error.
-- expect error: "bad argument #1 to 'play' (set 1, tile 3 \"r14\": numbers run 1..13)"
local g = meld.game{seed = 1}
g:setup{racks = {"r11 r12 r13"}, opened = true}
assert(g:play("[r12 r13 J]") == false)
g:play("[r12 r13 r14]")
