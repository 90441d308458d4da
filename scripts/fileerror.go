package scripts

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"github.com/meldlab/meldlab/internal/files"
)

// FileError says in the user's words why the Lua file at path could not be
// read: "cannot read nope.lua: no such file". It wraps the error it
// explains (errors.Is(err, fs.ErrNotExist) still holds). An error that is
// not about reading a file is returned as it is.
func FileError(path string, err error) error {
	var nr *files.NotRegularError
	if errors.As(err, &nr) {
		// A FIFO, a device, a directory: refused before anything is read.
		msg := nr.Error()
		if nr.Mode.IsDir() {
			msg = fmt.Sprintf("%s is a directory, not a Lua file", path)
		}
		return &fileError{msg, err}
	}
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	msg := fmt.Sprintf("cannot read %s: %v", path, pe.Err)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		msg = fmt.Sprintf("cannot read %s: no such file", path)
	case errors.Is(err, fs.ErrPermission):
		msg = fmt.Sprintf("cannot read %s: permission denied", path)
	case errors.Is(err, syscall.EISDIR):
		msg = fmt.Sprintf("%s is a directory, not a Lua file", path)
	}
	return &fileError{msg, err}
}

type fileError struct {
	msg string
	err error
}

func (e *fileError) Error() string { return e.msg }
func (e *fileError) Unwrap() error { return e.err }
