package core_test

import (
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// benchSets is a mix of what a table holds: runs and groups, with and
// without jokers, short and long.
var benchSets = []core.Set{
	coretest.Set("[r3 r4 r5]"),
	coretest.Set("[k8 r8 o8 b8]"),
	coretest.Set("[b4 J b6 b7]"),
	coretest.Set("[o1 o2 o3 o4 o5 o6 o7]"),
	coretest.Set("[r3 b3 J]"),
	coretest.Set("[J k11 k12 k13]"),
	coretest.Set("[k10 r10 b10]"),
	coretest.Set("[r9 r10 r11 r12 r13]"),
}

// benchTable is 15 sets, 55 tiles: a table late in a four-player round.
var benchTable = coretest.Table("[r1 r2 r3 r4] [k5 r5 b5] [b7 b8 b9 b10 b11] [o2 o3 o4] [k9 r9 o9 b9] " +
	"[k1 k2 k3 k4] [r10 r11 r12 r13] [J o6 o7] [k12 r12 b12 o12] [b1 b2 b3] " +
	"[k6 k7 k8 J] [o10 o11 o12 o13] [r6 r7 r8] [r4 b4 o4] [b13 k13 o13 r13]")

func BenchmarkValidateSet(b *testing.B) {
	b.ReportAllocs()
	r := core.StandardSets
	i := 0
	for b.Loop() {
		if _, err := r.Validate(benchSets[i&7]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkValidateTable(b *testing.B) {
	if n := benchTable.Len(); len(benchTable) != 15 || n != 55 {
		b.Fatalf("table has %d sets, %d tiles", len(benchTable), n)
	}
	b.ReportAllocs()
	r := core.StandardSets
	for b.Loop() {
		if err := r.ValidateTable(benchTable); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseTable(b *testing.B) {
	text := benchTable.String()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := core.ParseTable(text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDiff(b *testing.B) {
	after := benchTable.Clone()
	after[0] = append(after[0], coretest.Tile("r5"))
	b.ReportAllocs()
	for b.Loop() {
		_ = core.Diff(benchTable, after)
	}
}
