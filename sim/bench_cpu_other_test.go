//go:build !unix

package sim

// cpuSeconds is not measured here: the games/cpu-s metric is left out.
func cpuSeconds() float64 { return 0 }
