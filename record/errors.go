package record

import (
	"errors"
	"fmt"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/escape"
)

// Error is one problem of a record, where it is: "file:line:col: message".
// Err is a core.Message where the problem is the record's (said in the
// learner's language by i18n), or the referee's error for a move it
// refused.
type Error struct {
	File string
	Pos  Pos
	Err  error
}

func (e *Error) Error() string {
	if e.Pos.Line == 0 {
		return fmt.Sprintf("%s: %s", escape.Line(e.File), e.Err.Error())
	}
	return fmt.Sprintf("%s:%d:%d: %s", escape.Line(e.File), e.Pos.Line, e.Pos.Col, e.Err.Error())
}

func (e *Error) Unwrap() error { return e.Err }

// msg is a record's own problem, said as a core.Message (a core.Refusal).
func msg(m core.Message) error { return &core.Refusal{Msg: m} }

// errorList gathers a record's problems, at most maxErrors of them.
type errorList struct {
	file string
	errs []error
}

// maxErrors is the most problems one check reports: a file of garbage gets
// a page of them, not a million.
const maxErrors = 50

func (l *errorList) add(p Pos, err error) {
	if len(l.errs) < maxErrors {
		l.errs = append(l.errs, &Error{File: l.file, Pos: p, Err: err})
	}
}

func (l *errorList) err() error {
	if len(l.errs) == 0 {
		return nil
	}
	return errors.Join(l.errs...)
}
