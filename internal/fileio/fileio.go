// Package fileio opens and names files the way meldlab trusts them: a file
// it reads must be a regular file, opened without blocking (a FIFO with no
// writer would hang a plain open) and checked once open (a check before
// opening races with a file swapped in between); a file it writes is
// replaced only where it is a regular file, or written in place where it
// is a character device the user named (/dev/null, a terminal), never a
// FIFO, a socket, a block device or a directory.
//
// It imports the standard library only, so the referee (core, which reads
// and writes saves) and the program's own file helpers (internal/files)
// share these few rules and their words.
package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// NotRegularError is a path that names something other than a regular
// file: a FIFO (whose open would wait forever for a writer), a device
// (/dev/zero, /dev/stdin), a socket or a directory.
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

// Open opens path for reading, and only if it is a regular file.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	return Regular(f, path)
}

// OpenRoot is Open for name inside root (which keeps it, and the links it
// follows, inside root's directory).
func OpenRoot(root *os.Root, name string) (*os.File, error) {
	f, err := root.OpenFile(name, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	return Regular(f, name)
}

// Regular returns f if it is a regular file, or closes it and says what it
// is (a *NotRegularError named name).
func Regular(f *os.File, name string) (*os.File, error) {
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

// TargetError is an output path that is not a file meldlab may replace or
// write: a FIFO, a socket, a block device, a directory.
type TargetError struct {
	Path string
	Mode fs.FileMode
}

func (e *TargetError) Error() string {
	if e.Mode.IsDir() {
		return "it is a directory"
	}
	return fmt.Sprintf("it is %s, not a regular file or a character device", KindOf(e.Mode))
}

// Target says how path may be written: replaced (it is a regular file, a
// link to one, or missing: the link is replaced, never followed) or
// written in place (a character device, or a link to one: renaming over
// /dev/null replaced the device when meldlab ran as root); any other kind
// of file is a *TargetError.
func Target(path string) (inPlace bool, err error) {
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
			return false, nil
		}
		fi = ti
	}
	switch m := fi.Mode(); {
	case m.IsRegular():
		return false, nil
	case m&fs.ModeCharDevice != 0:
		return true, nil
	default:
		return false, &TargetError{Path: path, Mode: m}
	}
}

// OpenInPlace opens the character device at path for writing, without
// blocking (a FIFO swapped in since Target would wait for a reader), and
// checks again what it opened.
func OpenInPlace(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && fi.Mode()&fs.ModeCharDevice == 0 {
		err = &TargetError{Path: path, Mode: fi.Mode()}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
