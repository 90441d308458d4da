package solve_test

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

func threadCPU() int64 {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}

func TestDbgNodes(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cats := map[string][]float64{}
	for _, c := range loadCases(t, "testdata/solver-cases.jsonl") {
		p := c.problem(t, core.Original(), solve.Tiles)
		res, _ := solve.Solve(context.Background(), p)
		var ts []float64
		for range 15 {
			s := threadCPU()
			solve.Solve(context.Background(), p)
			ts = append(ts, float64(threadCPU()-s)/1e3)
		}
		slices.Sort(ts)
		med := ts[len(ts)/2]
		cat := "J"
		if strings.HasPrefix(c.ID, "INIT") {
			cat = "O"
		} else if strings.Contains(c.ID, "nj") {
			cat = "N"
		}
		cats[cat] = append(cats[cat], med)
		if testing.Verbose() {
			fmt.Printf("%-16s %2d/%2d nodes %6d %8.1fus\n", c.ID, res.Tiles, len(c.Rack), res.Nodes, med)
		}
	}
	for _, k := range []string{"J", "N", "O"} {
		v := cats[k]
		slices.Sort(v)
		fmt.Printf("%s median %.1f worst %.1f\n", k, v[len(v)/2], v[len(v)-1])
	}
}
