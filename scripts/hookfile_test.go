package scripts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A hook file's problems are found when its variant is resolved through
// the game factory, each placed in the Lua file (or at the hooks: line of
// the variant that names it), as the YAML loader places its own.
func TestHookFileErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		file  string
		files map[string]string
		want  string
	}{
		{name: "a hook file that does not compile", file: "bad.yaml", files: map[string]string{
			"bad.yaml": "extends: original\nhooks: h.lua\n", "h.lua": "function check_play(view)\n  if view.x then\n    return = 1\n  end\nend\n"},
			want: `h.lua:3:12: syntax error near '='
 |     return = 1
 |            ^`},
		{name: "a hook file cut short", file: "bad.yaml", files: map[string]string{
			"bad.yaml": "extends: original\nhooks: h.lua\n", "h.lua": "function check_play(view)\n  return true\n"},
			want: `h.lua:2:3: syntax error at the end of the file
 |   return true
 |   ^`},
		{name: "a hook file that fails as it loads", file: "bad.yaml", files: map[string]string{
			"bad.yaml": "extends: original\nhooks: h.lua\n", "h.lua": "local x = nil\n\nlocal y = x.field\n"},
			want: `h.lua:3:1: attempt to index a non-table object(nil) with key 'field'
 | local y = x.field
 | ^`},
		{name: "a hook file that never finishes loading", file: "bad.yaml", files: map[string]string{
			"bad.yaml": "extends: original\nhooks: h.lua\n", "h.lua": "while true do end\n"},
			want: `h.lua:1:1: time limit of 1s exceeded
 | while true do end
 | ^`},
		{name: "a misspelled hook and a hook that is not a function", file: "bad.yaml", files: map[string]string{
			"bad.yaml": "extends: original\nhooks: h.lua\n", "h.lua": "local function helper() end\n\nfunction chek_play(view)\n  return true\nend\nscore_round = 3\n"},
			want: `bad.yaml:2:8: hooks: h.lua sets score_round to a number; a hook must be a function
 | hooks: h.lua
 |        ^
h.lua:3:10: function chek_play is not a hook; did you mean check_play? (the hooks are deal, first_player, check_play, check_set, score_round, on_turn_end)
 | function chek_play(view)
 |          ^`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tc.files {
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
			}
			t.Chdir(dir)
			_, err := NewGames().Resolve(tc.file)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}
