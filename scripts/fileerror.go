package scripts

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/meldlab/meldlab/core"
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
	return &core.ReadError{Path: path, Err: err, Lua: true}
}

type fileError struct {
	msg string
	err error
}

func (e *fileError) Error() string { return e.msg }
func (e *fileError) Unwrap() error { return e.err }
