package solve_test

import (
	"context"
	"runtime/debug"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/core/solve"
)

// A solve makes room on the goroutine's stack for the whole search before it
// starts (reserveStack), rather than growing the stack on the way down, where
// each doubling copies every frame of the recursion. Seen from outside: once
// a goroutine has solved anything, a search as deep as the box allows does
// not move its stack. (A stack that grows is copied elsewhere, so the address
// of a variable on it changes; the collector, which may shrink a stack, is
// off meanwhile.)
func TestSolveReservesItsStack(t *testing.T) {
	t.Parallel()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	small := solve.Problem{Rules: core.Original(), Rack: coretest.Rack("r3 r4 r5"), Opened: true}
	// every number of every colour on the table: the search decides each
	// number and colour, the deepest recursion there is
	deep := solve.Problem{Rules: core.Original(), Table: coretest.Table(
		"[k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13] [r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13] " +
			"[b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13] [o1 o2 o3 o4 o5 o6 o7 o8 o9 o10 o11 o12 o13]"),
		Rack: coretest.Rack("k1 r2 b3 o4 k13 o13 J"), Opened: true}
	type outcome struct {
		before, after uintptr // where a variable of the goroutine was
		res           solve.Result
		err           error
	}
	done := make(chan outcome)
	go func() {
		var here byte
		var out outcome
		if _, out.err = solve.Solve(context.Background(), small); out.err == nil {
			out.before = uintptr(unsafe.Pointer(&here))
			out.res, out.err = solve.Solve(context.Background(), deep)
			out.after = uintptr(unsafe.Pointer(&here))
		}
		done <- out
	}()
	out := <-done
	require.NoError(t, out.err)
	require.Equal(t, 7, out.res.Tiles, out.res.Table.String())
	require.Equal(t, out.before, out.after, "the deep search grew the stack")
}
