package scripts

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// runsOfPairs is a check_set hook for a house shape the built-in check
// refuses: runs of pairs, [r5 r5 r6 r6 r7 r7], each number twice in one
// colour, worth their numbers.
const runsOfPairs = `
function check_set(view, set)
  if #set < 6 or #set % 2 == 1 then return nil end
  local colour, nums = nil, {}
  for _, t in ipairs(set) do
    if t:sub(1, 1) == "J" then return nil end
    local c, n = t:sub(1, 1), tonumber(t:sub(2))
    if colour and c ~= colour then return nil end
    colour = c
    nums[#nums + 1] = n
  end
  table.sort(nums)
  local value = 0
  for i = 1, #nums, 2 do
    if nums[i] ~= nums[i + 1] or (i > 1 and nums[i] ~= nums[i - 1] + 1) then return nil end
    value = value + 2 * nums[i]
  end
  return value
end
`

// TestCheckSetHook: a check_set hook makes a shape of the house's valid in
// plays (and its value counts in an initial meld); the solver leaves such
// a set as it lies and still plays the rest; a hook that answers what the
// engine cannot use is an error that changes nothing.
func TestCheckSetHook(t *testing.T) {
	games, v := hookedDir(t, "name: pairs\nextends: original\nhooks: h.lua\n", "h.lua", runsOfPairs)
	g, err := games.NewGame(v.Rules, []string{"a", "b"}, 1, nil)
	require.NoError(t, err)
	defer g.Close()
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r5 r5 r6 r6 r7 r7 k9"), coretest.Tiles("k1 k2 k3 o9")},
		Pool: -1}))
	// the game's own set check (the faces mark a staged table by it)
	info, err := g.ValidateSet(coretest.Set("[r7 r6 r5 r5 r6 r7]"))
	require.NoError(t, err)
	assert.Equal(t, core.Shaped, info.Kind)
	assert.Equal(t, 36, info.Value)
	_, err = g.ValidateSet(coretest.Set("[r5 r5 r6 r6 r7]"))
	assert.EqualError(t, err, "[r5 r5 r6 r6 r7] is not a run: r5 appears twice", "the set rules' words when the hook refuses too")
	// 36 points of pairs: an initial meld by the house's shape
	require.NoError(t, g.Play(coretest.Table("[r5 r5 r6 r6 r7 r7]")))
	assert.Equal(t, "[r5 r5 r6 r6 r7 r7]", g.Table().String())

	// the next player's best legal play keeps the shaped set whole
	p := solve.Problem{Rules: g.Rules, Table: g.Table(), Rack: g.Rack(1), Opened: false}
	res, err := solve.Legal(context.Background(), p, g, solve.Limits{})
	require.NoError(t, err)
	assert.Equal(t, 0, res.Tiles, "k1 k2 k3 is 6 points: no initial meld")
	p.Opened = true
	require.NoError(t, g.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("k9"), coretest.Tiles("k1 k2 k3 o9")},
		Table: g.Table(), Current: 1, Opened: []bool{true, true}, Pool: -1}))
	res, err = solve.Legal(context.Background(), p, g, solve.Limits{})
	require.NoError(t, err)
	assert.Equal(t, 3, res.Tiles)
	assert.Contains(t, res.Table.String(), "[r5 r5 r6 r6 r7 r7]")
	require.NoError(t, g.Play(res.Table), "the referee accepts the solver's play, the shaped set as it lay")

	// without the hook the shape is refused
	plain, err := core.NewGame(core.Original(), []string{"a", "b"}, 1)
	require.NoError(t, err)
	require.NoError(t, plain.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r5 r5 r6 r6 r7 r7"), coretest.Tiles("k1")}, Pool: -1}))
	assert.Error(t, plain.Play(coretest.Table("[r5 r5 r6 r6 r7 r7]")))

	// a hook that returns what the engine cannot use
	games, v = hookedDir(t, "name: bad\nextends: original\nhooks: h.lua\n", "h.lua", `function check_set(view, set) return "yes" end`)
	bad, err := games.NewGame(v.Rules, []string{"a", "b"}, 1, nil)
	require.NoError(t, err)
	defer bad.Close()
	require.NoError(t, bad.Setup(core.Setup{Racks: [][]core.Tile{coretest.Tiles("r5 r5 r6 r6 r7 r7"), coretest.Tiles("k1")}, Pool: -1}))
	err = bad.Play(coretest.Table("[r5 r5 r6 r6 r7 r7]"))
	require.Error(t, err)
	assert.Equal(t, `variant bad, hook check_set: h.lua:1: check_set returned "yes"; it returns the set's value (a whole number, 0 or more), or nil to refuse it`, err.Error())
	assert.Empty(t, bad.Table(), "nothing changed")
}
