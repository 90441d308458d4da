//go:build unix

package sandbox

import "syscall"

// addressSpaceLimit is the soft RLIMIT_AS (ulimit -v) in bytes, or 0.
func addressSpaceLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<62 {
		return 0
	}
	return int64(r.Cur)
}
