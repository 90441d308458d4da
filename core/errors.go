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
	ErrAceHigh        = errors.New("nothing may follow a 1 that follows the highest number")
	ErrTooManyCopies  = errors.New("a group holds a tile more times than the box has it")
	ErrMixedNumbers   = errors.New("a group has one number")
	ErrRepeatedColor  = errors.New("a group has each colour once")
	ErrNoNumberedTile = errors.New("a set needs a numbered tile")
	ErrUnknownTile    = errors.New("tile not in the box")
	ErrDeclaration    = errors.New("a joker declared as what its set cannot hold")
	ErrTwist          = errors.New("a set with a special joker is laid as Twist says")
)

// SetError says why a set is not valid. Err is one of the sentinels above.
type SetError struct {
	Index int     // the set's place on the table, counting from 1; 0 for a set on its own
	Set   Set     // the set as written
	Kind  Kind    // the kind of set it was read as, NoKind when it could be neither
	Err   error   //
	Why   Message // the explanation: "b5 is blue, the run is red"
}

func (e *SetError) Error() string { return e.Message().String() }

// Message is the whole sentence, "set 2 [r4 b5 r6] is not a run: b5 is blue,
// the run is red"; Headline is it without the set's place.
func (e *SetError) Message() Message {
	if e.Index > 0 {
		return MsgSetAt(e.Index, e.Headline())
	}
	return e.Headline()
}

// Headline is the sentence without the set's place on the table.
func (e *SetError) Headline() Message {
	return Msg("set."+e.verdict(), "Set", e.Set, "Why", e.Why)
}

// Reason is the sentence without the set, for a line that already shows
// it: "not a run: b5 is blue, the run is red".
func (e *SetError) Reason() Message {
	return Msg("set.bare."+e.verdict(), "Why", e.Why)
}

// verdict is "not.run", "short.group", "long.run", "not.any", …: what the
// headline says, which a translation may word differently by kind.
func (e *SetError) verdict() string {
	switch {
	case e.Kind == NoKind && e.Err == ErrTooShort:
		return "short.any" // a lone tile: no run or group yet
	case e.Kind == NoKind:
		return "not.any"
	case e.Err == ErrTooShort:
		return "short." + e.Kind.String()
	case e.Err == ErrTooLong:
		return "long." + e.Kind.String()
	}
	return "not." + e.Kind.String()
}

func (e *SetError) Unwrap() error { return e.Err }

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
