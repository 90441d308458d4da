package sandbox

import (
	"context"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// watchInterval is how often the memory watchdog samples the heap while a
// call runs. Calls shorter than this never see it fire.
const watchInterval = time.Millisecond

// heapMetric is the bytes of heap objects, live and not yet swept: cheap to
// read (no stop-the-world), and after runtime.GC exactly the live heap.
const heapMetric = "/memory/classes/heap/objects:bytes"

func heapBytes() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// watchMemory cancels the call with errMemory when the heap grows by more
// than limit during it, and returns the function that stops watching. Lua
// bytecode such as "s = s .. s" allocates without any Go function to refuse
// it, so the heap is watched from outside. Growth over the limit may be
// garbage, so the watchdog collects before it decides; after a collection it
// waits for another limit's worth of growth before it collects again.
func watchMemory(limit int64, cancel context.CancelCauseFunc) (stop func()) {
	if limit <= 0 {
		return func() {}
	}
	w := &watchdog{start: heapBytes(), limit: uint64(limit), cancel: cancel}
	w.next = w.start + w.limit
	w.mu.Lock()
	w.t = time.AfterFunc(watchInterval, w.check)
	w.mu.Unlock()
	return w.stop
}

type watchdog struct {
	mu          sync.Mutex
	t           *time.Timer
	stopped     bool
	start, next uint64
	limit       uint64
	cancel      context.CancelCauseFunc
}

func (w *watchdog) check() {
	if cur := heapBytes(); cur > w.next {
		runtime.GC()
		if live := heapBytes(); live > w.start+w.limit {
			w.cancel(errMemory)
			return
		} else {
			w.next = live + w.limit
		}
	}
	w.mu.Lock()
	if !w.stopped {
		w.t.Reset(watchInterval)
	}
	w.mu.Unlock()
}

func (w *watchdog) stop() {
	w.mu.Lock()
	w.stopped = true
	w.t.Stop()
	w.mu.Unlock()
}
