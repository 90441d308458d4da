package class

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/puzzle"
	"github.com/meldlab/meldlab/web"
)

// Settings are the class's codes and the teacher's switches (the type is
// web's, whose server reads them).
type Settings = web.ClassSettings

// codeDigits are the digits of the codes: no 0/1 to mistake for O/I.
const codeDigits = "23456789"

// newCode is n random digits.
func newCode(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = codeDigits[int(b[i])%len(codeDigits)]
	}
	return string(b)
}

// ensureCodes gives a new class its codes and default switches.
func (db *DB) ensureCodes(ctx context.Context) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		for k, v := range map[string]string{"join": newCode(4), "teacher": newCode(8), "whole_hint": "1"} {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO settings VALUES (?, ?)`, k, v); err != nil {
				return err
			}
		}
		return nil
	})
}

// Settings reads the class's settings.
func (db *DB) Settings(ctx context.Context) (Settings, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT key, value FROM settings`)
	if err != nil {
		return Settings{}, classify(db.path, err)
	}
	defer rows.Close()
	var s Settings
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return s, err
		}
		n, _ := strconv.ParseUint(v, 10, 64)
		switch k {
		case "join":
			s.JoinCode = v
		case "teacher":
			s.TeacherCode = v
		case "lang":
			s.Lang = v
		case "edition":
			s.Edition = v
		case "whole_hint":
			s.WholeHint = v == "1"
		case "clock":
			s.Clock = int(n)
		case "lesson":
			s.Lesson = int(n)
		case "seed":
			s.Seed = n
		case "round":
			s.Round = int(n)
		case "homework":
			if v != "" {
				s.Homework = strings.Split(v, ",")
			}
		case "puzzles": // the class's own, as puzzle JSON Lines
			ps, err := puzzle.Read(strings.NewReader(v))
			if err != nil {
				return s, fmt.Errorf("%s: the class's puzzles: %w", db.path, err)
			}
			s.Puzzles = ps
		}
	}
	return s, rows.Err()
}

// SetSettings writes the teacher's switches (not the codes); a new
// Lesson or Seed is a new assignment (Round counts it).
func (db *DB) SetSettings(ctx context.Context, s Settings) error {
	old, err := db.Settings(ctx)
	if err != nil {
		return err
	}
	round := old.Round
	if s.Lesson != old.Lesson || s.Seed != old.Seed || !slices.Equal(s.Homework, old.Homework) {
		round++
	}
	var puzzles strings.Builder
	if err := puzzle.Write(&puzzles, s.Puzzles); err != nil {
		return err
	}
	hint := "0"
	if s.WholeHint {
		hint = "1"
	}
	return db.write(ctx, func(tx *sql.Tx) error {
		for k, v := range map[string]string{"lang": s.Lang, "edition": s.Edition, "whole_hint": hint,
			"clock": strconv.Itoa(s.Clock), "lesson": strconv.Itoa(s.Lesson),
			"seed": strconv.FormatUint(s.Seed, 10), "round": strconv.Itoa(round),
			"homework": strings.Join(s.Homework, ","), "puzzles": puzzles.String()} {
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO settings VALUES (?, ?)`, k, v); err != nil {
				return err
			}
		}
		return nil
	})
}
