package class

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
)

// migrations are the schema's steps: migrations[k] takes a database of
// version k to version k+1. A step is never edited once shipped; a change
// is a new step at the end. The version is kept in the table
// schema_version (one row), which a newer meldlab's database shows as
// higher than len(migrations): Open then refuses it (ErrNewer) rather
// than guess.
var migrations = []string{
	// 1: the class, its pupils, what they did.
	`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
	CREATE TABLE pupils (
		id INTEGER PRIMARY KEY,
		name TEXT NOT NULL UNIQUE COLLATE NOCASE,
		joined INTEGER NOT NULL,
		seen INTEGER NOT NULL,
		doing TEXT NOT NULL DEFAULT '',
		game BLOB,
		assigned INTEGER NOT NULL DEFAULT 0
	);
	CREATE TABLE lessons (
		pupil INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
		lesson INTEGER NOT NULL,
		tries INTEGER NOT NULL DEFAULT 0,
		hints INTEGER NOT NULL DEFAULT 0,
		passed INTEGER NOT NULL DEFAULT 0,
		started INTEGER NOT NULL,
		last INTEGER NOT NULL,
		PRIMARY KEY (pupil, lesson)
	);
	CREATE TABLE moves (
		id INTEGER PRIMARY KEY,
		pupil INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
		at INTEGER NOT NULL,
		kind TEXT NOT NULL,
		lesson INTEGER NOT NULL DEFAULT 0,
		ref TEXT NOT NULL DEFAULT ''
	);
	CREATE TABLE refusals (
		id INTEGER PRIMARY KEY,
		pupil INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
		at INTEGER NOT NULL,
		lesson INTEGER NOT NULL DEFAULT 0,
		rule TEXT NOT NULL,
		words TEXT NOT NULL
	);
	CREATE INDEX refusals_rule ON refusals(rule);
	CREATE TABLE scores (
		round INTEGER NOT NULL,
		pupil INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
		seed INTEGER NOT NULL,
		points INTEGER NOT NULL,
		won INTEGER NOT NULL,
		at INTEGER NOT NULL,
		PRIMARY KEY (round, pupil)
	);`,
	// 2: each pupil's puzzle store (the puzzles tried, the rating).
	`ALTER TABLE pupils ADD COLUMN puzzles BLOB;`,
	// 3: the tables pupils share, their seats (JSON) and game.
	`CREATE TABLE shared_tables (code TEXT PRIMARY KEY, players INTEGER NOT NULL, pupils TEXT NOT NULL, game BLOB);`,
}

// Version is the schema version this meldlab writes.
func Version() int { return len(migrations) }

// migrate brings the database to Version, every step in one transaction.
// Before it changes a database that already holds a class, it copies the
// file to class.db.vK.bak (K the version found), so nothing is lost if a
// step goes wrong or this meldlab is withdrawn.
func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var v int
	err := db.w.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	if err == sql.ErrNoRows {
		if _, err := db.w.ExecContext(ctx, `INSERT INTO schema_version VALUES (0)`); err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("%s: version %d, this meldlab knows %d: %w", db.path, v, len(migrations), ErrNewer)
	}
	if v == len(migrations) {
		return nil
	}
	if v > 0 {
		if err := db.backup(ctx, v); err != nil {
			return fmt.Errorf("backup before the migration: %w", err)
		}
	}
	for k := v; k < len(migrations); k++ {
		err := db.write(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, migrations[k]); err != nil {
				return fmt.Errorf("migration %d: %w", k+1, err)
			}
			_, err := tx.ExecContext(ctx, `UPDATE schema_version SET version = ?`, k+1)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// backup copies the database, its WAL folded in first, to class.db.vK.bak.
func (db *DB) backup(ctx context.Context, v int) error {
	if _, err := db.w.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return err
	}
	return copyFile(db.path, fmt.Sprintf("%s.v%d.bak", db.path, v))
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// SetVersion writes the schema's version as it is, without migrating: for
// tests that need a database of another version.
func (db *DB) SetVersion(ctx context.Context, v int) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE schema_version SET version = ?`, v)
		return err
	})
}
