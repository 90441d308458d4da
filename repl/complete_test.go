package repl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// File names are completed with their control characters escaped: a file
// named with an ESC sequence once reached the terminal raw.
func TestCompleteEscapesFileNames(t *testing.T) {
	s, _ := newSession(t, Options{}, "", "r1", "b1", false)
	dir := t.TempDir()
	for _, name := range []string{"evil\x1b]0;pwned\x07.json", "tab\there.json", "ok.json", "bad\xffbyte.json"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), nil, 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub\x1b[2J"), 0o755))
	line := "load " + dir + string(filepath.Separator)
	head, got, _ := s.Complete(line, len([]rune(line)))
	assert.Equal(t, "load ", head)
	p := dir + string(filepath.Separator)
	assert.Equal(t, []string{p + `bad\xffbyte.json`, p + `evil\x1b]0;pwned\x07.json`, p + "ok.json",
		p + `sub\x1b[2J` + string(filepath.Separator), p + `tab\there.json`}, got)
	for _, c := range got {
		assert.False(t, strings.ContainsAny(c, "\x1b\x07\t"), "%q", c)
	}
}
