package solvelab

import (
	"syscall"
	"unsafe"
)

// ThreadCPU is the CPU time the calling thread has used, in nanoseconds
// (CLOCK_THREAD_CPUTIME_ID): unlike the wall clock, it does not count the
// time other processes hold the core. Callers lock their OS thread.
func ThreadCPU() int64 {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}

// ThreadFaults is the page faults the calling thread has taken (minor:
// memory touched for the first time).
func ThreadFaults() int64 {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return ru.Minflt
}
