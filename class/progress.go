package class

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/meldlab/meldlab/web"
)

// Event is one thing a pupil did (web's type: the server makes them).
type Event = web.ClassEvent

// The statements of Record, prepared once (see DB.exec).
const (
	sqlSeen         = `UPDATE pupils SET seen = ?, doing = ? WHERE id = ?`
	sqlGame         = `UPDATE pupils SET game = ? WHERE id = ?`
	sqlPuzzles      = `UPDATE pupils SET puzzles = ? WHERE id = ?`
	sqlMove         = `INSERT INTO moves (pupil, at, kind, lesson, ref) VALUES (?, ?, ?, ?, ?)`
	sqlRefusal      = `INSERT INTO refusals (pupil, at, lesson, rule, words) VALUES (?, ?, ?, ?, ?)`
	sqlScore        = `INSERT OR REPLACE INTO scores VALUES (?, ?, ?, ?, ?, ?)`
	sqlLessonRow    = `INSERT OR IGNORE INTO lessons (pupil, lesson, started, last) VALUES (?, ?, ?, ?)`
	sqlLessonCounts = `UPDATE lessons SET tries = tries + ?, hints = hints + ?,
			last = CASE WHEN passed = 1 THEN last ELSE ? END, passed = MAX(passed, ?)
			WHERE pupil = ? AND lesson = ?`
)

var recordStatements = []string{sqlSeen, sqlGame, sqlPuzzles, sqlMove, sqlRefusal, sqlScore, sqlLessonRow, sqlLessonCounts}

// Record keeps an event in one transaction: the move itself (every event
// is a row of moves, so that none is lost unseen), the pupil's last sign
// of life and what they are doing, the lesson's counts, a refusal's words,
// a round's score, and the game in progress when it comes with one.
func (db *DB) Record(ctx context.Context, e Event) error {
	if e.At.IsZero() {
		e.At = time.Now()
	}
	at := e.At.Unix()
	return db.write(ctx, func(tx *sql.Tx) error {
		res, err := db.exec(ctx, tx, sqlSeen, at, e.Doing, e.Pupil)
		if err != nil {
			return err
		}
		if err := oneRow(res); err != nil {
			return err
		}
		if e.Game != nil {
			if _, err := db.exec(ctx, tx, sqlGame, e.Game, e.Pupil); err != nil {
				return err
			}
		}
		if e.Puzzles != nil {
			if _, err := db.exec(ctx, tx, sqlPuzzles, e.Puzzles, e.Pupil); err != nil {
				return err
			}
		}
		if _, err := db.exec(ctx, tx, sqlMove,
			e.Pupil, at, string(e.Kind), e.Lesson, e.Rule); err != nil {
			return err
		}
		if e.Words != "" {
			if _, err := db.exec(ctx, tx, sqlRefusal,
				e.Pupil, at, e.Lesson, e.Rule, e.Words); err != nil {
				return err
			}
		}
		if e.Kind == web.EventScore {
			if _, err := db.exec(ctx, tx, sqlScore,
				e.Round, e.Pupil, e.Seed, e.Points, e.Won, at); err != nil {
				return err
			}
		}
		if e.Lesson == 0 {
			return nil
		}
		// The lesson's row: begun at its first event; its time runs to
		// the last event before it was passed.
		if _, err := db.exec(ctx, tx, sqlLessonRow,
			e.Pupil, e.Lesson, at, at); err != nil {
			return err
		}
		var tries, hints, passed int
		switch e.Kind {
		case web.EventTry, web.EventRefusal:
			tries = 1
		case web.EventPass:
			tries, passed = 1, 1
		case web.EventHint:
			hints = 1
		}
		_, err = db.exec(ctx, tx, sqlLessonCounts, tries, hints, at, passed, e.Pupil, e.Lesson)
		return err
	})
}

// Resume is what a pupil had: the lessons passed, the game in progress,
// the puzzles tried.
func (db *DB) Resume(ctx context.Context, id int64) (web.Resumed, error) {
	var had web.Resumed
	err := db.r.QueryRowContext(ctx, `SELECT game, puzzles FROM pupils WHERE id = ?`, id).Scan(&had.Game, &had.Puzzles)
	if errors.Is(err, sql.ErrNoRows) {
		return had, web.ErrNoPupil
	}
	if err != nil {
		return had, classify(db.path, err)
	}
	rows, err := db.r.QueryContext(ctx, `SELECT lesson FROM lessons WHERE pupil = ? AND passed = 1 ORDER BY lesson`, id)
	if err != nil {
		return had, classify(db.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			return had, err
		}
		had.Passed = append(had.Passed, n)
	}
	return had, rows.Err()
}

// Moves counts the events kept of a pupil (0: all pupils).
func (db *DB) Moves(ctx context.Context, pupil int64) (int, error) {
	var n int
	err := db.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM moves WHERE ? = 0 OR pupil = ?`, pupil, pupil).Scan(&n)
	return n, err
}
