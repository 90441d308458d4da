package repl_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tmuxSession is meldlab running in a tmux pane of 120 by 50.
type tmuxSession struct {
	run     func(args ...string) string        // a tmux command
	screen  func(escapes bool) string          // the pane's text
	waitFor func(want string, n ...int) string // until the pane shows want (n times)
	keys    func(k ...string)                  // send keys
	hist    string                             // the history file
}

// startTmux runs meldlab with args in tmux, or skips the test without tmux.
func startTmux(t *testing.T, args ...string) tmuxSession {
	t.Helper()
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed, so the terminal mode is not tested here (.ci/run installs tmux)")
	}
	meldlab, err := exec.LookPath("meldlab")
	require.NoError(t, err, "TestMain puts meldlab on the PATH")
	dir := t.TempDir()
	sock := filepath.Join(dir, "tmux.sock")
	hist := filepath.Join(dir, "history")
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(tmux, append([]string{"-S", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
		require.NoError(t, err, "tmux %s: %s", strings.Join(args, " "), out)
		return string(out)
	}
	screen := func(escapes bool) string {
		args := []string{"capture-pane", "-p", "-t", "m"}
		if escapes {
			args = append(args, "-e")
		}
		return run(args...)
	}
	// waitFor waits until the screen shows want n times (once by default).
	waitFor := func(want string, n ...int) string {
		t.Helper()
		count := 1
		if len(n) > 0 {
			count = n[0]
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			s := screen(false)
			if strings.Count(s, want) >= count {
				return s
			}
			if time.Now().After(deadline) {
				require.FailNow(t, "the terminal never showed "+want, "screen:\n%s", s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	keys := func(k ...string) { run(append([]string{"send-keys", "-t", "m"}, k...)...) }

	// English whatever the machine's locale: the test reads the English words.
	cmd := strings.Join(append([]string{"env", "TERM=xterm-256color", "NO_COLOR=", "LC_ALL=", "LC_MESSAGES=", "LANG=C", meldlab,
		"--history", hist}, args...), " ")
	run("new-session", "-d", "-s", "m", "-x", "120", "-y", "50", cmd)
	t.Cleanup(func() { _ = exec.Command(tmux, "-S", sock, "kill-server").Run() })
	run("set-option", "-t", "m", "remain-on-exit", "on")
	return tmuxSession{run: run, screen: screen, waitFor: waitFor, keys: keys, hist: hist}
}

// TestTerminal drives the real terminal mode (liner) through tmux: the
// prompt, tab completion, Ctrl-C at the prompt, the history (Up, and the
// file), colour on a terminal, and Ctrl-D. The meldlab it runs is this test
// binary, which TestMain put on the PATH.
func TestTerminal(t *testing.T) {
	tm := startTmux(t, "--seed", "1", "--players", "ana:human,bob:human")
	run, screen, waitFor, keys, hist := tm.run, tm.screen, tm.waitFor, tm.keys, tm.hist

	waitFor("ana>")
	// Colour is on by itself at a terminal.
	assert.Contains(t, screen(true), "\x1b[31mr1", "red tiles in colour")

	// Tab completes the command, then a rack tile.
	keys("ra", "Tab")
	waitFor("ana> rack")
	keys("Enter")
	waitFor("ana: k3 k7 k13")
	keys("put k1", "Tab")
	waitFor("ana> put k1")
	keys("C-u")

	// Ctrl-C drops the line being typed, not the program.
	keys("florp", "C-c")
	keys("who", "Enter")
	waitFor("<- to play")
	assert.NotContains(t, screen(false), "florp\"")

	// Up brings back the last line.
	keys("Up", "Enter")
	waitFor("<- to play", 2)

	// Ctrl-C stops a running evaluation (Lua that never ends), not the
	// program; the Lua of the session still works after it.
	// (A Ctrl-C that comes while the line is still being read is taken as
	// a key at the next prompt instead, so the test presses until it works.)
	keys("lua while true do end", "Enter")
	for presses := 0; !strings.Contains(screen(false), "error: Lua stopped"); presses++ {
		require.Less(t, presses, 40, "Ctrl-C did not stop the Lua:\n%s", screen(false))
		time.Sleep(200 * time.Millisecond)
		keys("C-c")
	}
	keys("lua 6 * 7", "Enter")
	waitFor("42")

	// Ctrl-D ends the session, which writes the history.
	keys("C-d")
	deadline := time.Now().Add(10 * time.Second)
	for {
		// tmux sees the terminal close, and may not learn the exit status:
		// when it does, it must be 0.
		state := strings.TrimSpace(run("list-panes", "-t", "m", "-F", "#{pane_dead} #{pane_dead_status} #{pane_dead_signal}"))
		if strings.HasPrefix(state, "1") {
			if state != "1" {
				assert.Equal(t, "1 0", state, "meldlab ends with status 0")
			}
			break
		}
		require.True(t, time.Now().Before(deadline), "meldlab did not end on Ctrl-D:\n%s", screen(false))
		time.Sleep(50 * time.Millisecond)
	}
	data, err := os.ReadFile(hist)
	require.NoError(t, err)
	assert.Equal(t, "rack\nwho\nlua while true do end\nlua 6 * 7\n", string(data), "a line repeated at once is kept once")
}

// TestTerminalClockAndLeaving (issue 14 items 5 and 13): with timer on, the
// time left counts down on the line above the prompt while nobody types;
// Ctrl-C at the prompt says how to leave; Ctrl-D with a game not saved
// asks first, and a second Ctrl-D leaves.
func TestTerminalClockAndLeaving(t *testing.T) {
	tm := startTmux(t, "--seed", "1", "--players", "ana:human,bob:human", "--timer")
	tm.waitFor("ana>")
	// No key pressed: the clock moves by itself (from 1:00, or 0:59 on a
	// slow machine), on its own line; the prompt, which changes only when a
	// key is typed, leaves it out.
	tm.waitFor("time left: 0:57\nana>")

	// Ctrl-C on a line being typed clears it and says nothing; on an
	// empty line it says how to leave, every time.
	const hint = "(Ctrl-C clears the line; quit or Ctrl-D leaves)"
	tm.keys("florp", "C-c")
	tm.waitFor("florp^C")
	tm.keys("C-c")
	tm.waitFor(hint)
	tm.keys("ab", "C-c")
	tm.waitFor("ab^C")
	tm.keys("C-c")
	screen := tm.waitFor(hint, 2)
	assert.NotContains(t, screen, "florp^C\n"+hint)
	assert.NotContains(t, screen, "ab^C\n"+hint)

	tm.keys("draw", "Enter")
	tm.waitFor("bob>")
	tm.keys("C-d")
	tm.waitFor("the game is not saved: save FILE keeps it; Ctrl-D again leaves without saving")
	tm.keys("C-d")
	deadline := time.Now().Add(10 * time.Second)
	for !strings.HasPrefix(strings.TrimSpace(tm.run("list-panes", "-t", "m", "-F", "#{pane_dead}")), "1") {
		require.True(t, time.Now().Before(deadline), "meldlab did not end on the second Ctrl-D:\n%s", tm.screen(false))
		time.Sleep(50 * time.Millisecond)
	}
}
