package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// An id is echoed as it came, but its invalid UTF-8 bytes are replaced
// (U+FFFD), so that every output line is valid JSON: the bytes once went
// out raw.
func TestSolveIDIsValidUTF8(t *testing.T) {
	for _, tc := range []struct{ name, in, out string }{
		{"an answer", `{"id":"a` + "\xff\xfe" + `b","table":[["r3","r4","r5"]],"rack":["r6"]}`,
			`{"id":"a` + "\uFFFD\uFFFD" + `b","tiles":1,"points":6,"placed":["r6"],"table":[["r3","r4","r5","r6"]],"optimal":true,"micros":0}`},
		{"an error", `{"id":["` + "\xc3" + `",{"k":"` + "\xed\xa0\x80" + `"}],"rack":["r14"]}`,
			`{"id":["` + "\uFFFD" + `",{"k":"` + "\uFFFD\uFFFD\uFFFD" + `"}],"error":"rack: tile 1 \"r14\": numbers run 1..13"}`},
		{"valid ids stay as they are", `{"id":{"n":1e3,"s":"é\u00e9"},"rack":["r14"]}`,
			`{"id":{"n":1e3,"s":"é\u00e9"},"error":"rack: tile 1 \"r14\": numbers run 1..13"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, _ := runSolveCLI(tc.in+"\n", "solve")
			assert.Equal(t, tc.out+"\n", out)
			line := strings.TrimSuffix(out, "\n")
			assert.True(t, utf8.ValidString(line), "valid UTF-8")
			assert.True(t, json.Valid([]byte(line)), "valid JSON")
		})
	}
}
