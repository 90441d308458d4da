//go:build !unix

package fileio

// nonblock is 0 where opening a file never waits (no FIFOs in the file
// system).
const nonblock = 0
