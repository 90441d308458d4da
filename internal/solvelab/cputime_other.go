//go:build !linux

package solvelab

// ThreadCPU is not measured off Linux; the benchmarks then report 0.
func ThreadCPU() int64    { return 0 }
func ThreadFaults() int64 { return 0 }
