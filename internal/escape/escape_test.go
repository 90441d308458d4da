package escape

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, str, line string }{
		{"plain", "plain", "plain"},
		{"two\tcolumns\nand lines", "two\tcolumns\nand lines", `two\tcolumns\nand lines`},
		{"\x1b[2J\x1b]0;pwned\x07", `\x1b[2J\x1b]0;pwned\x07`, `\x1b[2J\x1b]0;pwned\x07`},
		{"a\rb", `a\x0db`, `a\rb`},
		{"del\x7f", `del\x7f`, `del\x7f`},
		{"c1 \u009b31m", `c1 \x9b31m`, `c1 \x9b31m`},
		{"not utf-8 \xff\x9b", `not utf-8 \xff\x9b`, `not utf-8 \xff\x9b`},
		{"♥3 héllo 🂡", "♥3 héllo 🂡", "♥3 héllo 🂡"},
	} {
		assert.Equal(t, tc.str, String(tc.in), "%q", tc.in)
		assert.Equal(t, tc.line, Line(tc.in), "%q", tc.in)
	}
}

func ExampleLine() {
	fmt.Println(Line("house\x1b]8;;http://evil\x07rules"))
	// Output: house\x1b]8;;http://evil\x07rules
}
