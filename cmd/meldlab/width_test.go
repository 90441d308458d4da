package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// The reports for people fit 80 columns: sim comparing variants (with its
// notes and warnings), a sim sweep's table, and a tournament.
func TestReportsFit80Columns(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--games", "4", "--variant", "original", "--variant", "italian", "--bots", "greedy,random", "--timeout-rate", "0.05"},
		{"sim", "--games", "4", "--sweep", "time_limit.penalty_tiles=0..3:1"},
		{"tournament", "--bots", "greedy,random,points", "--players", "3", "--games", "2"},
	} {
		out, errOut, code := runCLI("", args...)
		assert.Equal(t, 0, code, "meldlab %v: %s", args, errOut)
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("meldlab %v: a line of %d columns: %s", strings.Join(args, " "), n, line)
			}
		}
	}
}
