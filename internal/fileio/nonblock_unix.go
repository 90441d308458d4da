//go:build unix

package fileio

import "syscall"

// nonblock opens a FIFO without waiting for its writer.
const nonblock = syscall.O_NONBLOCK
