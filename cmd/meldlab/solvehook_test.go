package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A variant's check_play hook that holds memory past its budget fails the
// line it is judging, by name, and the lines after it are answered
// (issue 39).
func TestSolveHookOverItsMemory(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hoard.yaml"), []byte(`name: hoard
title: hoard
source: test
extends: original
hooks: hoard.lua
`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hoard.lua"), []byte(`
keep = {}
function check_play(view, after, placed)
  for i = 1, 100 do keep[#keep + 1] = string.rep('x', 1048576) .. i end
  return true
end
`), 0o644))
	t.Chdir(dir)
	in := `{"id":"a","variant":"hoard.yaml","table":[["r3","r4","r5"]],"rack":["r6","J"]}
{"id":"b","variant":"original","table":[["r3","r4","r5"]],"rack":["r6","J"]}
`
	out, _, code := runCLI(in, "solve")
	assert.Equal(t, 1, code, "a line failed")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2, out)
	assert.Contains(t, lines[0], `"id":"a","error":"variant hoard, hook check_play: `)
	// The memory limit, or on a machine too busy to run it in time, the
	// time limit: either way a limit, named, and the run goes on.
	assert.Regexp(t, `(memory limit of 64 MiB|time limit of 1s) exceeded`, lines[0])
	assert.Contains(t, lines[1], `"id":"b","tiles":2`)
}
