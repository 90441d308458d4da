package sandbox

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/meldlab/meldlab/internal/files"
)

// The process's backstop. Each state's account (account.go) bounds what
// that state holds, and is exact only as far as its walk sees: should a
// script find a way to pin memory the walk misses, its account would let it
// grow until the Go runtime dies with "fatal error: out of memory", taking
// every other game, hook and server request with it. So, however a state's
// own limit is set (even off, for a trusted REPL), every running state
// looks at the Go heap every backstopEvery instructions (or 16 MiB
// charged), and when the heap
// is past the process's ceiling after a full collection, the state that
// looked is stopped with a Memory error and left unusable: its memory
// cannot be given back while it lives, and its host closes it. The process
// goes on. A state stopped this way may be an innocent one that happened to
// look first; only a state running Lua can be stopped, and a process under
// that pressure is better off losing a call than its life.
//
// The ceiling is three quarters of the least of what the process may use:
// GOMEMLIMIT (debug.SetMemoryLimit), the cgroup's memory limit, half the
// address-space limit (ulimit -v; the Go runtime reserves address space
// beyond its heap) and the machine's memory. SetBackstop sets it.

// backstopEvery is how many instructions a state runs between two looks
// at the heap (a power of two). A look reads one runtime metric, about a
// microsecond; 16,384 instructions take about a millisecond.
const backstopEvery = 1 << 14

// lookBytes: a state also looks once its charges since the last look pass
// this, so that few instructions that build much (string.rep in a loop)
// are seen as soon.
const lookBytes = 16 << 20

var backstop struct {
	ceiling atomic.Int64 // bytes of heap past which running states are stopped
	mu      sync.Mutex   // one collection at a time
	lastGC  time.Time    // when the backstop last collected
	over    bool         // the heap was over the ceiling after that collection
}

func init() { backstop.ceiling.Store(defaultCeiling()) }

// SetBackstop sets the process's ceiling in bytes of Go heap (n <= 0 turns
// the backstop off) and returns the one it replaces.
func SetBackstop(n int64) int64 {
	if n <= 0 {
		n = math.MaxInt64
	}
	return backstop.ceiling.Swap(n)
}

// Backstop is the process's ceiling in bytes of Go heap.
func Backstop() int64 { return backstop.ceiling.Load() }

// heapBytes is what the Go heap's objects hold now, live or not yet swept.
func heapBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// pressed reports whether the heap is over the ceiling after a collection.
// Many states may look at once; one collects, and the others take its
// verdict for the next 100 ms rather than collecting again.
func pressed() (heap, ceiling int64, over bool) {
	ceiling = backstop.ceiling.Load()
	if heap = heapBytes(); heap <= ceiling {
		return heap, ceiling, false
	}
	backstop.mu.Lock()
	defer backstop.mu.Unlock()
	if time.Since(backstop.lastGC) > 100*time.Millisecond {
		runtime.GC()
		backstop.lastGC = time.Now()
		backstop.over = heapBytes() > ceiling
	}
	return heapBytes(), ceiling, backstop.over
}

// lookAtHeap runs every backstopEvery instructions of a call: it stops the
// call when the process is over its ceiling.
func (s *State) lookAtHeap() {
	heap, ceiling, over := pressed()
	if !over {
		return
	}
	s.acct.backstop = true
	s.overLimit(fmt.Sprintf("the process's Go heap held %s, over its ceiling of %s (sandbox.SetBackstop), while this script ran",
		files.Size(heap), files.Size(ceiling)))
}

// defaultCeiling is three quarters of the least limit the process can
// learn of (see the comment at the top).
func defaultCeiling() int64 {
	least := int64(math.MaxInt64)
	take := func(n int64) {
		if n > 0 && n < least {
			least = n
		}
	}
	if n := debug.SetMemoryLimit(-1); n < math.MaxInt64 {
		take(n)
	}
	take(readLimit("/sys/fs/cgroup/memory.max"))                   // cgroup v2
	take(readLimit("/sys/fs/cgroup/memory/memory.limit_in_bytes")) // cgroup v1
	take(addressSpaceLimit() / 2)
	take(machineMemory())
	if least == math.MaxInt64 {
		return least
	}
	return least / 4 * 3
}

// readLimit reads a cgroup's limit file: a number of bytes, or "max".
func readLimit(path string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(string(bytes.TrimSpace(b)), 10, 64)
	if err != nil || n <= 0 || n >= 1<<60 {
		return 0
	}
	return n
}

// machineMemory is MemTotal from /proc/meminfo (0 where there is none).
func machineMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			fields := strings.Fields(rest)
			if len(fields) == 2 && fields[1] == "kB" {
				if n, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
					return n << 10
				}
			}
		}
	}
	return 0
}
