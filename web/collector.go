package web

import (
	"os"
	"runtime/debug"
)

// The collector, as a server of small heaps runs it. A served table keeps
// little alive (the sessions' games), and every line allocates some tens of
// kilobytes that die with its reply; at Go's default (GOGC=100) the
// collector runs each time the heap doubles, which under a class's load is
// a tenth of the CPU. Serving, the heap may grow to five times what is
// alive before a collection (GOGC=400), under a soft limit at which the
// collector works harder, far above what the sessions need and far below
// the machine's memory. A GOGC or GOMEMLIMIT the user set is kept.
const (
	servedGCPercent = 400
	servedMemLimit  = 1 << 30
)

// TuneCollector sets the collector for serving (see above) and returns a
// function that puts back what was set before. `meldlab serve` calls it,
// and so does the load test, which measures the server as it runs.
func TuneCollector() (restore func()) {
	gc, limit := -2, int64(-1)
	if os.Getenv("GOGC") == "" {
		gc = debug.SetGCPercent(servedGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		limit = debug.SetMemoryLimit(servedMemLimit)
	}
	return func() {
		if gc != -2 {
			debug.SetGCPercent(gc)
		}
		if limit >= 0 {
			debug.SetMemoryLimit(limit)
		}
	}
}
