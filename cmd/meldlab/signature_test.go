package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimShardsMergeByBehaviour: a shard records the build, the commit and
// the bench signature; a shard of another executable of the same commit
// and behaviour merges without a flag, one of another commit only with
// --allow-build, which the report says.
func TestSimShardsMergeByBehaviour(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, s := range []string{"1/2", "2/2"} {
		f := filepath.Join(dir, s[:1]+".json")
		_, errOut, code := runCLI("", append(simArgs, "--shard", s, "--out", f)...)
		require.Equal(t, 0, code, errOut)
		files = append(files, f)
	}
	edit := func(f string, change func(setup map[string]any)) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var raw map[string]any
		require.NoError(t, json.Unmarshal(b, &raw))
		change(raw["setup"].(map[string]any))
		b, err = json.Marshal(raw)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(f, b, 0o644))
	}
	edit(files[0], func(s map[string]any) {
		assert.Regexp(t, `^[0-9a-f]{16}$`, s["signature"])
		got, _ := s["commit"].(string) // none where the test binary records no VCS revision
		assert.Equal(t, commitName(), got)
		s["build"] = "meldlab (devel), executable sha256 000000000000" // another build of the same source
	})
	_, errOut, code := runCLI("", append([]string{"sim", "merge"}, files...)...)
	require.Equal(t, 0, code, errOut)

	edit(files[1], func(s map[string]any) { s["commit"] = "another" })
	_, errOut, code = runCLI("", append([]string{"sim", "merge"}, files...)...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, `: another experiment: its commit is "another", not `)
	out, errOut, code := runCLI("", append([]string{"sim", "merge", "--allow-build"}, files...)...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "MERGED ACROSS BUILDS (--allow-build): ")
}
