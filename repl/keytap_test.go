package repl

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The key tap tells, for each Ctrl-C typed at the prompt, whether the line
// was empty then, while it passes every byte on unchanged.
func TestKeyTap(t *testing.T) {
	tests := []struct {
		name  string
		keys  string
		empty []bool // for each Ctrl-C, in order
	}{
		{"Ctrl-C on an empty line", "\x03", []bool{true}},
		{"Ctrl-C on a typed line", "florp\x03", []bool{false}},
		{"the next line starts empty", "florp\x03\x03", []bool{false, true}},
		{"after Enter", "who\r\x03", []bool{true}},
		{"typed and erased", "ab\x7f\x7f\x03", []bool{true}},
		{"erased on an empty line", "\x7f\x03", []bool{true}},
		{"half erased", "ab\x7f\x03", []bool{false}},
		{"Ctrl-U clears the line (the cursor is at its end)", "put k1\x15\x03", []bool{true}},
		{"a letter in UTF-8 is one key", "♥\x7f\x03", []bool{true}},
		{"Up fills the line from the history", "\x1b[A\x03", []bool{false}},
		{"Tab may complete", "\t\x03", []bool{false}},
		{"a moved cursor: not known", "ab\x1b[D\x15\x03", []bool{false}},
	}
	for _, tc := range tests {
		var k keyTap
		var out bytes.Buffer
		for i := range len(tc.keys) { // a key at a time, as a terminal sends them
			k.see([]byte{tc.keys[i]})
			out.WriteByte(tc.keys[i])
		}
		var got []bool
		for range tc.empty {
			got = append(got, k.ctrlCOnEmptyLine())
		}
		assert.Equal(t, tc.empty, got, tc.name)
		assert.False(t, k.ctrlCOnEmptyLine(), "%s: no more Ctrl-C than were typed", tc.name)
	}
}

// A Ctrl-C that liner took without aborting the prompt is forgotten once a
// line is read, so the answers never fall out of step.
func TestKeyTapForgets(t *testing.T) {
	var k keyTap
	k.see([]byte("\t\x03y\r")) // Ctrl-C at liner's "show all?" question
	k.lineRead()
	k.see([]byte("\x03"))
	assert.True(t, k.ctrlCOnEmptyLine())
}
