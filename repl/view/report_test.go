package view

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

func TestReportTurn(t *testing.T) {
	tests := []struct {
		name, before, after string
		gone, made          string
		jokers              []JokerMove
		kept                int
	}{
		{name: "a new set", before: "[k3 k4 k5]", after: "[k3 k4 k5] [r7 r8 r9]", made: "[r7 r8 r9]", kept: 1},
		{name: "a set extended", before: "[k3 k4 k5] [o1 o2 o3]", after: "[k3 k4 k5 k6] [o1 o2 o3]",
			gone: "[k3 k4 k5]", made: "[k3 k4 k5 k6]", kept: 1},
		{name: "the issue's rearrangement", before: "[r10 b10 J] [r11 r12 r13]", after: "[b7 b8 J b10] [r10 r11 r12 r13]",
			gone: "[r10 b10 J] [r11 r12 r13]", made: "[b7 b8 J b10] [r10 r11 r12 r13]",
			jokers: []JokerMove{{From: coretest.Set("[r10 b10 J]"), To: coretest.Set("[b7 b8 J b10]"), Was: core.List{Items: []any{coretest.Tile("k10"), coretest.Tile("o10")}, Or: true}, Now: coretest.Tile("b9")}}},
		{name: "sets in another order are the same sets", before: "[k3 k4 k5] [o1 o2 o3]", after: "[o3 o2 o1] [k3 k4 k5]", kept: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ReportTurn(core.StandardSets, "greedy", 1, 2, core.ActPlay, coretest.Table(tc.before), coretest.Table(tc.after))
			assert.Equal(t, tc.gone, r.Gone.String())
			assert.Equal(t, tc.made, r.Made.String())
			assert.Equal(t, tc.jokers, r.Jokers)
			assert.Equal(t, tc.kept, r.Kept)
		})
	}
}
