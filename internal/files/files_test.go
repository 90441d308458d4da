package files

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endless is a reader that never ends: what /dev/zero is to a file.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

func TestReadCaps(t *testing.T) {
	lim := Limit{Kind: "a test file", Max: 10}
	_, err := ReadAll(endless{}, "forever", lim)
	assert.EqualError(t, err, "forever is over 10 bytes, the size limit of a test file")
	assert.True(t, IsTooBig(err))
	b, err := ReadAll(strings.NewReader("0123456789"), "ten", lim)
	require.NoError(t, err)
	assert.Equal(t, "0123456789", string(b), "exactly the limit is read")

	_, err = Read("/dev/zero", Variant)
	assert.EqualError(t, err, "/dev/zero is a device, not a regular file", "an endless device is not read at all")
	p := filepath.Join(t.TempDir(), "big.lua")
	require.NoError(t, os.WriteFile(p, nil, 0o644))
	require.NoError(t, os.Truncate(p, 1<<40))
	_, err = Read(p, Lua)
	assert.EqualError(t, err, p+" is over 1 MiB, the size limit of a Lua file")
	_, err = Read(filepath.Join(t.TempDir(), "none"), Lua)
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestLines(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string // "!" for a line too long
	}{
		{"lines", "a\nbb\n\nccc", []string{"a", "bb", "", "ccc"}},
		{"crlf", "a\r\nb\r\n", []string{"a", "b"}},
		{"a long line goes alone", "a\n" + strings.Repeat("y", 100) + "\nb\n", []string{"a", "!", "b"}},
		{"exactly the cap", strings.Repeat("z", 8) + "\n" + strings.Repeat("z", 9), []string{"zzzzzzzz", "!"}},
		{"a long last line", "a\n" + strings.Repeat("y", 200000), []string{"a", "!"}},
		{"a long line past the buffer", strings.Repeat("y", 200000) + "\nok\n", []string{"!", "ok"}},
		{"nothing", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLines(strings.NewReader(tc.in), 8)
			var got []string
			for {
				b, err := l.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				var le *LongLineError
				if errors.As(err, &le) {
					assert.Equal(t, l.Line(), le.Line)
					assert.EqualError(t, err, "line "+strconv.Itoa(le.Line)+" is over 8 bytes, the longest line read")
					got = append(got, "!")
					continue
				}
				require.NoError(t, err)
				got = append(got, string(b))
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// counting is a reader that counts the bytes read through it.
type counting struct {
	r io.Reader
	n int64
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// A line that never ends is not read forever: past MaxSkipped bytes of it
// Next gives up on the stream with an error that says so, and keeps
// giving it without reading on.
func TestLinesEndless(t *testing.T) {
	in := &counting{r: endless{}}
	l := NewLines(in, 8)
	_, err := l.Next()
	want := "line 1 is over 8 bytes, the longest line read, and has not ended after 64 MiB: the rest of the input is not read"
	require.EqualError(t, err, want)
	var ue *UnendingLineError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, UnendingLineError{Line: 1, Max: 8}, *ue)
	var le *LongLineError
	assert.False(t, errors.As(err, &le), "not a line that can be skipped")
	read := in.n
	_, err = l.Next()
	assert.EqualError(t, err, want)
	assert.Equal(t, read, in.n, "nothing more is read")
}
