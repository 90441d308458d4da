package files_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
)

// Save refuses a game that load would refuse, over MaxSaveSize, with a clear
// error and no file written: it once wrote one that no load could read.
func TestSaveRefusesWhatLoadWould(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	dir := t.TempDir()
	for _, tc := range []struct {
		name    string
		extra   int // bytes of a host's extra key
		refused bool
	}{
		{"fits", core.MaxSaveSize / 2, false},
		{"too big", core.MaxSaveSize, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			blob, err := json.Marshal(strings.Repeat("x", tc.extra))
			require.NoError(t, err)
			err = files.SaveGame(g, path, map[string]json.RawMessage{"blob": blob})
			if !tc.refused {
				require.NoError(t, err)
				_, err = files.LoadGame(path)
				assert.NoError(t, err, "what Save writes, load reads")
				return
			}
			require.Error(t, err)
			assert.Regexp(t, `^cannot save to .*too big: the game takes \d+ bytes, over 16 MiB, the size limit of a saved game \(load would refuse it\)$`, err.Error())
			_, serr := os.Lstat(path)
			assert.ErrorIs(t, serr, os.ErrNotExist, "nothing written")
		})
	}
}
