package main

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVersionLine(t *testing.T) {
	tests := []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{name: "a release", info: debug.BuildInfo{GoVersion: "go1.25.0", Main: debug.Module{Version: "v1.2.0"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "1a2b3c4d5e6f7a8b9c0d"}, {Key: "vcs.time", Value: "2026-11-23T19:00:00Z"}, {Key: "vcs.modified", Value: "false"}}},
			want: "meldlab v1.2.0 (revision 1a2b3c4d5e6f, 2026-11-23T19:00:00Z; go1.25.0)"},
		{name: "a checkout with changes", info: debug.BuildInfo{GoVersion: "go1.25.0", Main: debug.Module{Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}},
			want: "meldlab (devel) (revision abc, modified; go1.25.0)"},
		{name: "nothing recorded", info: debug.BuildInfo{GoVersion: "go1.25.0"},
			want: "meldlab (devel) (no VCS revision recorded; go1.25.0)"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, versionLine(&tc.info), tc.name)
	}
}

// TestUsageFits80Columns: the command list and the usage of repl, run and
// version fit 80 columns (a tab counted to the next multiple of 8).
func TestUsageFits80Columns(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"repl", "-h"}, {"run", "-h"}, {"version", "-h"}} {
		out, errOut, _ := runCLI("", args...)
		for _, line := range strings.Split(out+errOut, "\n") {
			col := 0
			for _, r := range line {
				if r == '\t' {
					col += 8 - col%8
				} else {
					col++
				}
			}
			assert.LessOrEqual(t, col, 80, "meldlab %v: %q", args, line)
		}
	}
}
