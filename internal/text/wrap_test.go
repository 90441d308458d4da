package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		in     string
		width  int
		indent string
		want   string
	}{
		{"a short line", 80, "", "a short line\n"},
		{"one two three four", 9, "  ", "one two\n  three\n  four\n"},
		{"números en ñandú", 10, "", "números en\nñandú\n"}, // columns are characters, not bytes
		{"averyveryverylongword x", 5, "", "averyveryverylongword\nx\n"},
		{"", 10, "", "\n"},
	} {
		assert.Equal(t, tc.want, Wrap(tc.in, tc.width, tc.indent), tc.in)
	}
}
