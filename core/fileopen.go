package core

import (
	"errors"
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

// saveTargetError is a save path that is not a file a save may replace or
// write: a FIFO, a socket, a block device, a directory.
type saveTargetError struct{ mode fs.FileMode }

func (e *saveTargetError) Error() string {
	if e.mode.IsDir() {
		return "it is a directory"
	}
	return fmt.Sprintf("it is %s, not a regular file or a character device", kindOf(e.mode))
}

// saveTarget says how a save may write path: replaced (a regular file, a
// link to one, or nothing there) or written in place (a character device
// the user named, as /dev/null or a terminal, or a link to one: renaming
// over /dev/null replaced the device when meldlab ran as root). A FIFO, a
// socket, a block device or a directory is refused.
func saveTarget(path string) (inPlace bool, err error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		ti, err := os.Stat(path)
		if err != nil || ti.Mode().IsRegular() {
			return false, nil // the link is replaced, not followed
		}
		fi = ti
	}
	switch m := fi.Mode(); {
	case m.IsRegular():
		return false, nil
	case m&fs.ModeCharDevice != 0:
		return true, nil
	default:
		return false, &saveTargetError{mode: m}
	}
}

// writeInPlace writes data to the character device at path, opened without
// blocking (a FIFO swapped in meanwhile would wait for a reader) and checked
// again once open.
func writeInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|nonblock, 0)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err == nil && fi.Mode()&fs.ModeCharDevice == 0 {
		err = &saveTargetError{mode: fi.Mode()}
	}
	if err == nil {
		_, err = f.Write(data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
