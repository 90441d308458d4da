package core

import (
	"fmt"
	"io/fs"
	"os"
)

// A save is read from, and written to, regular files only. core imports
// the standard library alone, so it keeps these few lines of its own
// rather than internal/files' (which say the same in the same words).

// notRegularError is a path that names something other than a regular
// file: a FIFO, a device, a socket, a directory.
type notRegularError struct {
	name string
	mode fs.FileMode
}

func (e *notRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.name, kindOf(e.mode))
}

// kindOf names the kind of file a mode says: "a named pipe (FIFO)".
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}

// openRegular opens path for reading, and only if it is a regular file: it
// opens without blocking (a FIFO with no writer would hang a plain open),
// then looks at what it opened.
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &notRegularError{name: path, mode: fi.Mode()}
	}
	return f, nil
}
