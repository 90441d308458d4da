//go:build unix

package core

import "syscall"

// nonblock opens a FIFO without waiting for its writer.
const nonblock = syscall.O_NONBLOCK
