package scripts

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A script writes a game's record and reads one back.
func TestLuaRecord(t *testing.T) {
	e, err := newEnv(Options{})
	require.NoError(t, err)
	defer e.close()
	out, err := e.run(context.Background(), "rec.lua", []byte(`
local g = meld.game{players = {"Ana", "Bob"}, seed = 3}
g:draw(); g:draw(); g:draw()
local text = g:record()
local r = assert(meld.read_record(text))
local mine = g:record(1)
return r.tags.Seats, r.tags.Seed, #r.moves, r.moves[1].kind, r.moves[1].seat, r.moves[1].tiles ~= nil,
	meld.read_record(mine).tags.Seed == nil, select(2, meld.read_record("1. Ana: jump"))`))
	require.NoError(t, err)
	require.Len(t, out, 8)
	assert.Equal(t, "Ana, Bob", out[0].String())
	assert.Equal(t, "3", out[1].String())
	assert.Equal(t, "3", out[2].String())
	assert.Equal(t, "draw", out[3].String())
	assert.Contains(t, []string{"Ana", "Bob"}, out[4].String())
	assert.Equal(t, "true", out[5].String())
	assert.Equal(t, "true", out[6].String(), "a seat's own view hides the seed")
	assert.Equal(t, `record:1:9: "jump" is not a move: a move is a play (TILES => TABLE), draw, pass, timeout, end or refused`, out[7].String())
}
