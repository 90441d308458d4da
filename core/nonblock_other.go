//go:build !unix

package core

// nonblock is 0 where opening a file never waits (no FIFOs in the file
// system).
const nonblock = 0
