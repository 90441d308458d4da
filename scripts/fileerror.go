package scripts

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

// FileError says in the user's words why the Lua file at path could not be
// read: "cannot read nope.lua: no such file". An error that is not about
// reading a file is returned as it is.
func FileError(path string, err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot read %s: no such file", path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("cannot read %s: permission denied", path)
	case errors.Is(err, syscall.EISDIR):
		return fmt.Errorf("%s is a directory, not a Lua file", path)
	}
	return fmt.Errorf("cannot read %s: %v", path, pe.Err)
}
