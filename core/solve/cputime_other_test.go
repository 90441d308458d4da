//go:build !linux

package solve_test

// threadCPU is not measured off Linux; the benchmark then reports 0.
func threadCPU() int64    { return 0 }
func threadFaults() int64 { return 0 }
