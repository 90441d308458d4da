package scripts

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/scripts/sandbox"
)

// TestHistoryBounded: under draw.tiles 0 a round never ends by itself; the
// engine stops it at core.MaxTurns, and g:history() refuses to build more
// than MaxHistory rows in one call (before building any), naming the
// limit and the paging that reads the rest.
func TestHistoryBounded(t *testing.T) {
	out, err := runLua(t, "", `
local g = meld.game{variant = {draw = {tiles = 0}}, players = 2, seed = 1}
local n = 0
while n < 20000 do
	local ok, why = g:draw()
	if ok == false then print(why) break end
	n = n + 1
end
print(n)
local ok, err = pcall(g.history, g)
print(ok, err)
local page = g:history(1, 3)
print(#page, page[1].kind, page[3].turn)
local tail = g:history(9990)
print(#tail, tail[#tail].turn)
print(#g:history(10001, 5), #g:history(20000, 5))
print(pcall(g.history, g, 1, 10001))
print(pcall(g.history, g, 0, 1))
`)
	require.NoError(t, err)
	assert.Equal(t, `round 1 has reached 10000 turns, the most a round may have (core.MaxTurns); start a new game
10000
false	t.lua:10: bad argument #1 to 'history' (the game has 10000 actions, more than 5000 at once; read them a page at a time: g:history(from, count), count at most 5000 (scripts.MaxHistory))
3	pass	3
11	10000
0	0
false	t.lua:17: bad argument #2 to 'history' (count 10001: at most 5000 at a time (scripts.MaxHistory))
false	t.lua:18: bad argument #1 to 'history' (from 0: the first action is 1)
`, out)
}

// TestGamesCountAgainstMemory: the games a script starts stay with it until
// it ends, so they count against its memory limit, as its Lua values do.
func TestGamesCountAgainstMemory(t *testing.T) {
	lim := sandbox.DefaultLimits()
	lim.Timeout = 5 * time.Minute // only the memory limit may end the run
	lim.Memory = 16 << 20
	e, err := newEnv(Options{Limits: lim})
	require.NoError(t, err)
	defer e.close()
	_, err = e.run(context.Background(), "t.lua", []byte("for i = 1, 1e6 do meld.game{players = 2, seed = i} end"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "memory limit of 16 MiB exceeded")
	assert.Less(t, len(e.games), 4000)
}
