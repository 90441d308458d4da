package files

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// NotRegularError is a path that names something other than a regular
// file: a FIFO (whose open would wait forever for a writer), a device
// (/dev/zero, /dev/stdin), a socket or a directory. meldlab reads regular
// files only.
type NotRegularError struct {
	Name string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.Name, KindOf(e.Mode))
}

// KindOf names the kind of file a mode says, for errors: "a directory",
// "a named pipe (FIFO)".
func KindOf(m fs.FileMode) string {
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

// IsNotRegular reports whether err is a path that is not a regular file.
func IsNotRegular(err error) bool {
	var e *NotRegularError
	return errors.As(err, &e)
}

// Open opens path for reading, and only if it is a regular file. It opens
// without blocking (O_NONBLOCK, so a FIFO with no writer does not hang the
// open), then looks at what it opened: checking before opening would race
// with a file swapped in between.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	return regular(f, path)
}

// OpenRoot is Open for name inside root (which keeps it, and the links it
// follows, inside root's directory).
func OpenRoot(root *os.Root, name string) (*os.File, error) {
	f, err := root.OpenFile(name, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	return regular(f, name)
}

// regular returns f if it is a regular file, or closes it and says what it is.
func regular(f *os.File, name string) (*os.File, error) {
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Name: name, Mode: fi.Mode()}
	}
	return f, nil
}
