package scripts

import (
	"bufio"
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScripts runs every .lua file under scripts/: the example scenarios,
// the bots' self-test, the lessons (which return their table). Each failed
// assert is reported with its file and line and the script goes on; a file
// that declares "-- expect error: "..."" must fail with that error.
func TestScripts(t *testing.T) {
	var files []string
	require.NoError(t, filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lua") && !strings.Contains(p, "testdata") {
			files = append(files, p)
		}
		return err
	}))
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.ToSlash(file), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			want, expectErr := expectedError(src)
			var out bytes.Buffer
			e, err := newEnv(Options{Dir: filepath.Dir(file), Stdout: &out,
				Assert: func(f string, line int, msg string) { t.Errorf("%s:%d: %s", f, line, msg) }})
			require.NoError(t, err)
			defer e.close()
			e.setArgs(file, nil)
			_, err = e.run(context.Background(), filepath.ToSlash(file), src)
			switch {
			case expectErr && err == nil:
				t.Errorf("%s: ran to the end; expected an error containing %q", file, want)
			case expectErr:
				assert.Contains(t, err.Error(), want)
			case err != nil:
				var se *ScriptError
				if assert.ErrorAs(t, err, &se) {
					t.Errorf("%s\n%s", se.Error(), se.Traceback)
				}
			}
			if t.Failed() && out.Len() > 0 {
				t.Logf("output:\n%s", out.String())
			}
		})
	}
}

// expectedError finds `-- expect error: "text"` among a script's leading
// comment lines.
func expectedError(src []byte) (string, bool) {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "--") {
			break
		}
		if rest, ok := strings.CutPrefix(line, "-- expect error:"); ok {
			if s, err := strconv.Unquote(strings.TrimSpace(rest)); err == nil {
				return s, true
			}
		}
	}
	return "", false
}

func TestExpectedError(t *testing.T) {
	tests := []struct {
		src  string
		want string
		ok   bool
	}{
		{src: "-- a scenario\n-- expect error: \"bad argument #1\"\nmeld.check(1)\n", want: "bad argument #1", ok: true},
		{src: "-- a scenario\nlocal x = 1\n-- expect error: \"late\"\n"},
		{src: "print(1)\n"},
	}
	for _, tc := range tests {
		got, ok := expectedError([]byte(tc.src))
		assert.Equal(t, tc.want, got)
		assert.Equal(t, tc.ok, ok)
	}
}

// TestSoftAssert checks that under Options.Assert every failed assert is
// reported with its place and the script goes on.
func TestSoftAssert(t *testing.T) {
	var got []string
	var out bytes.Buffer
	e, err := newEnv(Options{Stdout: &out, Assert: func(f string, line int, msg string) {
		got = append(got, f+":"+strconv.Itoa(line)+": "+msg)
	}})
	require.NoError(t, err)
	defer e.close()
	_, err = e.run(context.Background(), "t.lua", []byte("assert(1 == 2)\nassert(false, 'two')\nassert(true)\nprint(select('#', assert(7, 'x')))\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"t.lua:1: assertion failed!", "t.lua:2: two"}, got)
	assert.Equal(t, "2\n", out.String())
}
