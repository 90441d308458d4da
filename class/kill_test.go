//go:build unix

package class

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/web"
)

// killChild is the environment variable that makes this test binary the
// class that is killed: it names the class's directory. An environment
// variable, not a flag: the test sets it on the child it starts (the
// helper-process idiom of os/exec's own tests), never a person on go test.
const killChild = "MELDLAB_CLASS_KILLED"

// TestKillMidClass kills (SIGKILL) a process in the middle of a class's
// writes: it says each event it kept, and is killed after 300 (the
// lines it said before it died are read to the end). The
// database opens, passes PRAGMA integrity_check, and holds every event
// the process said it kept, and at most the one in flight beside them.
func TestKillMidClass(t *testing.T) {
	if dir := os.Getenv(killChild); dir != "" {
		keepWriting(dir) // never returns: the parent kills it
		return
	}
	if testing.Short() {
		t.Skip("-short: no subprocess")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillMidClass$")
	cmd.Env = append(os.Environ(), killChild+"="+dir)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	kept := 0 // the last event the child said it kept, before and after the kill
	sc := bufio.NewScanner(out)
	killed := false
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "kept "); ok {
			kept, _ = strconv.Atoi(n)
			if kept >= 300 && !killed {
				require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
				killed = true
			}
		}
	}
	cmd.Wait()
	require.GreaterOrEqual(t, kept, 300, "the child wrote")

	db, err := Open(dir, Options{Exclusive: true})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.Check(context.Background()))
	n, err := db.Moves(context.Background(), 0)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, n, kept, "every event said kept is there")
	assert.LessOrEqual(t, n, kept+1, "and at most the one in flight")
}

// keepWriting is the killed process: a class with a pupil who plays on,
// each event recorded with a game of a save's size, then said on stdout.
func keepWriting(dir string) {
	ctx := context.Background()
	db, err := Open(dir, Options{Create: true, Exclusive: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	s, _ := db.Settings(ctx)
	p, _, err := db.Join(ctx, s.JoinCode, "Ana")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	game := []byte(strings.Repeat(`{"turn": "r7 r8 r9"}`, 400))
	w := bufio.NewWriter(os.Stdout)
	for k := 1; ; k++ {
		e := web.ClassEvent{Pupil: p.ID, Kind: web.EventRefusal, Lesson: k%13 + 1, Rule: "r", Words: "w", Game: game}
		if err := db.Record(ctx, e); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(w, "kept %d\n", k)
		w.Flush()
	}
}
