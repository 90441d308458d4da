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
// stream. (bufio.Scanner stops at the first over-long line.) A line that
// has not ended after MaxSkipped bytes (a stream of /dev/zero) ends the
// reading instead: Next returns an *UnendingLineError, then again at each
// call, and reads no more.
type Lines struct {
	r    *bufio.Reader
	max  int
	line int
	stop error // the *UnendingLineError that ended the reading
}

// MaxSkipped is how much of an over-long line Lines skips, looking for its
// end, before it gives up on the stream.
const MaxSkipped = 64 << 20

// UnendingLineError is a line over the cap that had not ended after
// MaxSkipped bytes: the stream is not read past it.
type UnendingLineError struct {
	Line int // from 1
	Max  int
}

func (e *UnendingLineError) Error() string {
	return fmt.Sprintf("line %d is over %s, the longest line read, and has not ended after %s: the rest of the input is not read",
		e.Line, Size(int64(e.Max)), Size(MaxSkipped))
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
// a line. A line over the cap returns a *LongLineError and no text; one
// that does not end within MaxSkipped bytes, an *UnendingLineError, and so
// does every call after it.
func (l *Lines) Next() ([]byte, error) {
	if l.stop != nil {
		return nil, l.stop
	}
	var buf []byte
	long, skipped := false, 0
	for {
		chunk, err := l.r.ReadSlice('\n')
		if long {
			if skipped += len(chunk); skipped > MaxSkipped && errors.Is(err, bufio.ErrBufferFull) {
				l.line++
				l.stop = &UnendingLineError{Line: l.line, Max: l.max}
				return nil, l.stop
			}
		} else {
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
