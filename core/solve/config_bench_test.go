package solve

import (
	"fmt"
	"testing"
)

// BenchmarkBuildTables builds the tables of the original box (two copies)
// and the XP box (three) with 0 to 4 jokers in play, as a process does on
// the first problem of each shape of a house box of that size (build), and
// takes them from printed_tables.go, as it does for a printed box
// (printed).
//
//	go test ./core/solve -run XXX -bench BuildTables -cpu 1
func BenchmarkBuildTables(b *testing.B) {
	for _, copies := range []int{2, 3} {
		for _, jokers := range []int{0, 2, 4} {
			sh := shape{colors: 4, numbers: 13, copies: copies, jokers: jokers, minRun: 3, minGrp: 3}
			b.Run(fmt.Sprintf("copies=%d/jokers=%d/build", copies, jokers), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := newConfig(sh, false); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(fmt.Sprintf("copies=%d/jokers=%d/printed", copies, jokers), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if printedConfig(sh) == nil {
						b.Fatal("not in printed_tables.go")
					}
				}
			})
		}
	}
}
