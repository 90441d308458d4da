package repl_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/luahost"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/scripts"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script from the actual output")

// TestMain makes the test binary double as the meldlab command for the
// transcripts and the terminal test: run as "meldlab" it is the REPL, with
// Lua plugged in as cmd/meldlab plugs it ("meldlab repl" works too). Run as
// "meldlab-nolua" it has no Lua host, as a build without one would.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"meldlab":       func() { meldlab(true) },
		"meldlab-nolua": func() { meldlab(false) },
	})
}

func meldlab(withLua bool) {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "repl" {
		args = args[1:]
	}
	// The learner's language from the locale, as meldlab's own
	// --lang falls back to it: a transcript sets LANG.
	p := repl.Plugins{Lang: i18n.FromEnv(os.Getenv)}
	if withLua {
		lua := luahost.New(".")
		defer lua.Close()
		p.Lua = lua
		// The command's wiring: one game factory, one bot registry.
		games := scripts.NewGames()
		p.Games, p.Bots, lua.Games = games, scripts.Bots(games), games
	}
	code := repl.Main(args, os.Stdin, os.Stdout, os.Stderr, p)
	if p.Lua != nil {
		p.Lua.(*luahost.Host).Close()
	}
	os.Exit(code)
}

// TestScripts runs the golden transcripts in testdata/script: piped
// sessions whose whole output is compared. After a deliberate change,
// go test ./repl -run TestScripts -update rewrites the expected output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			// No colour and no user history, whatever the machine.
			env.Setenv("LANG", "C") // English unless a transcript sets LANG
			env.Setenv("NO_COLOR", "")
			env.Setenv("TERM", "dumb")
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			return nil
		},
	})
}

// TestTranscriptsFit80Columns: everything the session shows in the
// transcripts fits 80 columns (the lines typed, after "> ", are the
// user's).
func TestTranscriptsFit80Columns(t *testing.T) {
	files, err := filepath.Glob("testdata/script/*.txtar")
	require.NoError(t, err)
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		require.NoError(t, err)
		for _, file := range a.Files {
			if !strings.HasSuffix(file.Name, ".out") {
				continue
			}
			for i, line := range strings.Split(string(file.Data), "\n") {
				if strings.HasPrefix(line, "> ") || strings.HasPrefix(line, "lua> ") || strings.HasPrefix(line, ">> ") {
					continue
				}
				assert.LessOrEqual(t, utf8.RuneCountInString(line), view.Width, "%s %s:%d: %q", f, file.Name, i+1, line)
			}
		}
	}
}
