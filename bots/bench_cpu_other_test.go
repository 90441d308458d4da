//go:build !unix

package bots_test

// cpuSeconds is not measured here: the cpu-ms/move metric is left out.
func cpuSeconds() float64 { return 0 }
