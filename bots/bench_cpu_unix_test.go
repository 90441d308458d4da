//go:build unix

package bots_test

import "syscall"

// cpuSeconds is the CPU time the process has used, user and system: a
// measure of work that, unlike the wall clock, does not grow when other
// processes share the cores.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
