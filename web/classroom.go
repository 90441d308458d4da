package web

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/meldlab/meldlab/puzzle"
)

// Classroom is what the server asks of a class (meldlab serve --class):
// its codes and switches, its pupils, and a record of what they do. The
// server knows it only by this interface, so package web links no
// database: package class implements it with SQLite, and a test may fake
// it. Every method is safe for concurrent use.
type Classroom interface {
	Settings(ctx context.Context) (ClassSettings, error)
	SetSettings(ctx context.Context, s ClassSettings) error
	// Join lets a pupil in by the class's join code and a first name (or
	// a class number): the same name is the same pupil, who continues.
	// It returns the pupil and a token that names them from now on.
	Join(ctx context.Context, code, name string) (Pupil, string, error)
	// Pupil is the pupil a token names (ErrNoPupil: none, or removed).
	Pupil(ctx context.Context, token string) (Pupil, error)
	Rename(ctx context.Context, id int64, name string) error
	Remove(ctx context.Context, id int64) error
	// Record keeps one thing a pupil did, in one transaction.
	Record(ctx context.Context, e ClassEvent) error
	// Resume is what a pupil had: the lessons passed, the game in progress
	// and the puzzles tried.
	Resume(ctx context.Context, id int64) (Resumed, error)
	// Report is the teacher's view, as JSON-able values; now says who is
	// online.
	Report(ctx context.Context, now time.Time) (any, error)
	// CSV writes the grid of pupils by lessons.
	CSV(ctx context.Context, w io.Writer) error
	// SaveTable keeps a table pupils share, with its game (nil: none yet);
	// Tables are those kept, for a restart.
	SaveTable(ctx context.Context, t SharedTable) error
	Tables(ctx context.Context) ([]SharedTable, error)
}

// SharedTable is a table pupils share, as the class keeps it.
type SharedTable struct {
	Code    string  `json:"code"`
	Players int     `json:"players"`
	Pupils  []Pupil `json:"pupils"` // seated, in seat order
	Game    []byte  `json:"-"`      // the game in play, as a save; nil: not dealt
}

// The Classroom's refusals, for errors.Is.
var (
	ErrBadCode = errors.New("wrong class code")
	ErrBadName = errors.New("a first name or a class number, please (1 to 30 letters or digits)")
	ErrNoPupil = errors.New("no such pupil in this class")
)

// Resumed is what a pupil had, to continue.
type Resumed struct {
	Passed  []int  // the lessons passed
	Game    []byte // the game in progress, as a save; nil: none
	Puzzles []byte // the puzzles tried and the pupil's rating (a puzzle store's file); nil: none
}

// Pupil is one pupil of the class.
type Pupil struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// ClassSettings are the class's codes and the teacher's switches.
type ClassSettings struct {
	JoinCode    string `json:"-"`         // what pupils type with their name
	TeacherCode string `json:"-"`         // what opens /teacher
	Lang        string `json:"lang"`      // the class's language, locked for pupils ("": theirs)
	Edition     string `json:"edition"`   // the class's edition, locked ("": theirs)
	WholeHint   bool   `json:"wholeHint"` // the solver's whole-turn hint in games (lesson hints stay)
	Clock       int    `json:"clock"`     // the turn clock in seconds: 0 off, 60 or 120
	Lesson      int    `json:"lesson"`    // everyone to lesson N (0: none)
	Seed        uint64 `json:"seed"`      // the same deal for everyone (0: none)
	Round       int    `json:"round"`     // counts the assignments, so that a page sees a new one
	// Homework is a set of puzzles, by id, for everyone (shipped ones or the
	// class's own); the teacher's view has each pupil's result for each.
	Homework []string `json:"homework"`
	// Puzzles are the class's own puzzles, each made from a table and a
	// rack the teacher typed (POST /api/teacher/puzzle); the settings form
	// never changes them.
	Puzzles []puzzle.Puzzle `json:"puzzles"`
}

// ClassEvent is one thing a pupil did, as the server saw it in a reply.
type ClassEvent struct {
	Pupil int64
	At    time.Time
	Kind  EventKind
	// Lesson is the lesson in progress (0: the game).
	Lesson int
	// Rule and Words, for a refusal: the rule refused (a message's id,
	// which counts alike refusals of different tiles) and the learner's
	// words for it.
	Rule, Words string
	// Doing is what the pupil is doing now, in the teacher's words.
	Doing string
	// Game is the pupil's game in progress after the event, as a save
	// (nil: unchanged), kept in the same transaction; Puzzles, the
	// pupil's puzzle store after it (nil: unchanged).
	Game, Puzzles []byte
	// For EventScore: the deal's seed, the round's points, and whether
	// the pupil won it; Round is the assignment it answers.
	Seed   uint64
	Points int
	Won    bool
	Round  int
}

// EventKind says what a ClassEvent is.
type EventKind string

// The kinds of event.
const (
	EventJoin    EventKind = "join"    // a pupil's session opened (or resumed)
	EventMove    EventKind = "move"    // a command that played or edited
	EventStart   EventKind = "start"   // a lesson begun
	EventTry     EventKind = "try"     // a lesson's move judged, not passing
	EventPass    EventKind = "pass"    // a lesson passed
	EventHint    EventKind = "hint"    // a hint shown (a lesson's or a game's)
	EventRefusal EventKind = "refusal" // a play refused, by the referee or the lesson
	EventScore   EventKind = "score"   // a round of the class's deal is over
)
