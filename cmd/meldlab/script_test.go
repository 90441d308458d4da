package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain makes the test binary double as the meldlab command for the
// transcripts in testdata/script.
// In-process tests expect English whatever the machine's locale (TestLang
// sets its own); a transcript sets LANG itself.
func TestMain(m *testing.M) {
	getenv = func(string) string { return "" }
	testscript.Main(m, map[string]func(){
		"meldlab": func() {
			getenv = os.Getenv
			os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs the command-line transcripts in testdata/script.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("LANG", "C") // English unless a transcript sets LANG
			env.Setenv("NO_COLOR", "")
			env.Setenv("TERM", "dumb")
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			return nil
		},
	})
}

// TestEveryCommandHasHelp: -h prints the usage and exits 0 for every
// command and subcommand.
func TestEveryCommandHasHelp(t *testing.T) {
	lines := [][]string{{"variants", "show"}, {"variants", "diff"}, {"variants", "check"}, {"sim", "merge"}}
	for name := range commands {
		lines = append(lines, []string{name})
	}
	for _, l := range lines {
		for _, h := range []string{"-h", "--help"} {
			args := append(append([]string(nil), l...), h)
			out, errOut, code := runCLI("", args...)
			if code != 0 {
				t.Errorf("meldlab %v exits %d, want 0", args, code)
			}
			if out+errOut == "" {
				t.Errorf("meldlab %v prints no usage", args)
			}
		}
	}
}
