package core

import (
	"errors"
	"fmt"
)

// Sentinels for the ways a set can be invalid; test with errors.Is.
var (
	ErrTooShort       = errors.New("too few tiles")
	ErrTooLong        = errors.New("too many tiles")
	ErrMixedColors    = errors.New("a run has one colour")
	ErrRepeatedNumber = errors.New("a run has each number once")
	ErrGap            = errors.New("a run has consecutive numbers")
	ErrWrap           = errors.New("a run may not wrap from the highest number to 1")
	ErrMixedNumbers   = errors.New("a group has one number")
	ErrRepeatedColor  = errors.New("a group has each colour once")
	ErrNoNumberedTile = errors.New("a set needs a numbered tile")
	ErrUnknownTile    = errors.New("tile not in the box")
)

// SetError says why a set is not valid. Err is one of the sentinels above.
type SetError struct {
	Index  int  // the set's place on the table, counting from 1; 0 for a set on its own
	Set    Set  // the set as written
	Kind   Kind // the kind of set it was read as, NoKind when it could be neither
	Err    error
	Detail string // the explanation in words
}

func (e *SetError) Error() string {
	prefix := ""
	if e.Index > 0 {
		prefix = fmt.Sprintf("set %d ", e.Index)
	}
	switch {
	case e.Kind != NoKind && (e.Err == ErrTooShort || e.Err == ErrTooLong):
		what := "short"
		if e.Err == ErrTooLong {
			what = "long"
		}
		return fmt.Sprintf("%s%s is too %s: %s", prefix, e.Set, what, e.Detail)
	case e.Kind != NoKind:
		return fmt.Sprintf("%s%s is not a %s: %s", prefix, e.Set, e.Kind, e.Detail)
	}
	return fmt.Sprintf("%s%s is not a set: %s", prefix, e.Set, e.Detail)
}

func (e *SetError) Unwrap() error { return e.Err }

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
