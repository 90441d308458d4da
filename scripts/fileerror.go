package scripts

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

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
	return &luaReadError{core.ReadError{Path: path, Err: err}}
}

// luaReadError is a Lua file that could not be read: a directory is "not a
// Lua file", the rest as core.ReadError says them.
type luaReadError struct{ core.ReadError }

func (e *luaReadError) Error() string { return e.Message().String() }
func (e *luaReadError) Unwrap() error { return e.Err }

// Message says why the Lua file could not be read.
func (e *luaReadError) Message() core.Message {
	if errors.Is(e.Err, syscall.EISDIR) {
		return core.MsgFileLuaDir(e.Path)
	}
	return e.ReadError.Message()
}

type fileError struct {
	msg string
	err error
}

func (e *fileError) Error() string { return e.msg }
func (e *fileError) Unwrap() error { return e.err }
