package files

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Lines reads a stream one line at a time with a cap on a line's length. A
// line over the cap is an error of its own (a *LongLineError), its bytes
// skipped up to its end, and the lines after it are read as usual: one bad
// line in a stream of problems, or in a piped REPL session, never ends the
// stream. (bufio.Scanner stops at the first over-long line.)
type Lines struct {
	r    *bufio.Reader
	max  int
	line int
}

// NewLines reads r with lines of at most max bytes, not counting the newline.
func NewLines(r io.Reader, max int) *Lines {
	return &Lines{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// LongLineError is a line over the cap.
type LongLineError struct {
	Line int // from 1
	Max  int
}

func (e *LongLineError) Error() string {
	return fmt.Sprintf("line %d is over %s, the longest line read", e.Line, Size(int64(e.Max)))
}

// Line is the number of the line Next returned last, from 1.
func (l *Lines) Line() int { return l.line }

// Next returns the next line without its line ending ("\n" or "\r\n"). At
// the end of the stream it returns io.EOF; a last line without a newline is
// a line. A line over the cap returns a *LongLineError and no text.
func (l *Lines) Next() ([]byte, error) {
	var buf []byte
	long := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !long {
			if len(buf)+len(chunk) > l.max+2 { // room for "\r\n"
				long, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == nil, err == io.EOF && (len(chunk) > 0 || len(buf) > 0 || long):
			l.line++
			if long {
				return nil, &LongLineError{Line: l.line, Max: l.max}
			}
			buf = bytes.TrimSuffix(buf, []byte("\n"))
			buf = bytes.TrimSuffix(buf, []byte("\r"))
			if len(buf) > l.max {
				return nil, &LongLineError{Line: l.line, Max: l.max}
			}
			return buf, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return nil, err
		}
	}
}
