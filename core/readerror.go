package core

import (
	"errors"
	"io/fs"
	"syscall"
)

// ReadError is a file that could not be read, said in the learner's words
// ("cannot read x.json: no such file") and in their language (its Message);
// it wraps the error it explains, so errors.Is(err, fs.ErrNotExist) holds.
type ReadError struct {
	Path string
	Err  error
}

func (e *ReadError) Error() string { return e.Message().String() }
func (e *ReadError) Unwrap() error { return e.Err }

// Message says why the file could not be read.
func (e *ReadError) Message() Message {
	switch {
	case errors.Is(e.Err, fs.ErrNotExist):
		return MsgFileNoSuch(e.Path)
	case errors.Is(e.Err, fs.ErrPermission):
		return MsgFilePermission(e.Path)
	case errors.Is(e.Err, syscall.EISDIR):
		return MsgFileDir(e.Path)
	}
	cause := e.Err
	var pe *fs.PathError
	if errors.As(cause, &pe) {
		cause = pe.Err
	}
	return MsgFileCannotRead(e.Path, cause.Error())
}
