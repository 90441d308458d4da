//go:build !unix

package sandbox

func addressSpaceLimit() int64 { return 0 }
