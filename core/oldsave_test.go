package core_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
)

// A save made before rules without a time limit refused timeouts (issue
// 11: italian and novelty have no clock, so no timeout) holds timeouts its
// rules now refuse: loading it says so, not only that the action failed.
func TestOldSaveWithTimeoutUnderNoClock(t *testing.T) {
	// The old engine: the italian rules, and a timeout it accepted.
	rules := core.Italian()
	rules.TimeLimit = core.TimeLimit{Seconds: 60, PenaltyTiles: 1}
	g, err := core.NewGame(rules, []string{"ana", "bob"}, 5)
	require.NoError(t, err)
	drawn, err := g.Draw()
	require.NoError(t, err)
	require.Len(t, drawn, 1)
	_, err = g.Timeout()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "old.json")
	require.NoError(t, files.SaveGame(g, path, nil))
	// As the old engine wrote it: the italian rules as they are, no clock.
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	m["rules"].(map[string]any)["time_limit"] = map[string]any{"seconds": 0, "penalty_tiles": 1}
	data, err = json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o644))

	_, err = files.LoadGame(path)
	require.Error(t, err)
	assert.Equal(t, path+": history, action 2 (round 1, turn 2, seat 1 runs out of time and draws o1): "+
		"this save is older than the rule that a variant without a time limit has no timeout: "+
		"the italian rules have no time limit, so no turn times out, and the game cannot be replayed from here; "+
		"start a new game", err.Error())
	assert.ErrorIs(t, err, core.ErrNoTimeLimit)
}
