// Package class keeps a class room in an embedded SQLite database: the
// class's codes and switches, its pupils, what each did in the lessons
// and games (tries, hints, refusals, scores), and each pupil's game in
// progress, so that a pupil who comes back (another tablet, after a
// restart) continues. The browser's server (package web) reaches it only
// through the small interface web.Classroom, so that meldlab serve
// without --class links no database.
//
// The database is one file, DIR/class.db, in WAL mode. Every write is one
// transaction on a single connection (the writer): a crash mid-write loses
// at most the write in flight. Reads (the teacher's view, the reports)
// have a pool of their own, which WAL lets run beside the writer.
package class

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The errors Open and the commands return for a database they cannot use,
// for errors.Is; each is wrapped with the file it concerns.
var (
	ErrLocked  = errors.New("the class database is in use by another meldlab (stop it first)")
	ErrCorrupt = errors.New("the class database is damaged (restore a backup, class.db.v*.bak)")
	ErrNewer   = errors.New("the class database was written by a newer meldlab (update meldlab)")
	ErrNoClass = errors.New("no class here (start one with meldlab serve --class DIR)")
)

// FileName is the database's name inside the class directory.
const FileName = "class.db"

// DB is an open class database.
type DB struct {
	dir  string
	path string
	w    *sql.DB // the writer: one connection, every write a transaction
	r    *sql.DB // the readers
	lock func()  // releases the directory's lock; nil when none is held

	mu    sync.Mutex
	key   []byte               // the tokens' key, once read (see secret)
	names map[int64]string     // the pupils' names, once read (see Pupil); nil: to read
	stmts map[string]*sql.Stmt // the writer's statements of every move, prepared once (see exec)
}

// Options say how Open opens a class.
type Options struct {
	// Create makes the class (directory, database, codes) when there is
	// none; otherwise a missing database is ErrNoClass.
	Create bool
	// Exclusive holds the class directory's lock while the DB is open, so
	// that a second server (or class reset) on it is refused with
	// ErrLocked; readers (class list, report, export) do not take it.
	Exclusive bool
}

// Open opens the class in dir, migrating its database to this meldlab's
// schema (after a copy of the file, see migrate.go).
func Open(dir string, o Options) (*DB, error) {
	path := filepath.Join(dir, FileName)
	if _, err := os.Stat(path); err != nil {
		if !o.Create || !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", path, ErrNoClass)
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
	}
	db := &DB{dir: dir, path: path}
	if o.Exclusive {
		unlock, err := lockDir(dir)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, ErrLocked)
		}
		db.lock = unlock
	}
	var err error
	if db.w, err = open(path, 1); err == nil {
		db.r, err = open(path, 4)
	}
	if err == nil {
		err = db.migrate(context.Background())
	}
	if err == nil && o.Create {
		err = db.ensureCodes(context.Background())
	}
	if err == nil {
		err = db.prepare(context.Background())
	}
	if err != nil {
		db.Close()
		return nil, classify(path, err)
	}
	return db, nil
}

// open opens a pool of n connections: WAL, a wait of 5 s on a lock held by
// another connection, foreign keys on, transactions that take the write
// lock when they begin (so two never deadlock upgrading).
func open(path string, n int) (*sql.DB, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)" +
		"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate"
	d, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	d.SetMaxOpenConns(n)
	d.SetMaxIdleConns(n)
	if err := d.Ping(); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// classify turns SQLite's codes into the errors above.
func classify(path string, err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return fmt.Errorf("%s: %w", path, ErrLocked)
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return fmt.Errorf("%s: %w", path, ErrCorrupt)
		}
	}
	return err
}

// exec runs one of the writer's statements in tx: those that Record runs
// at every move are prepared once, when the database opens (prepare), as
// the writer's one connection is the transaction's while it runs.
func (db *DB) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if st, ok := db.stmts[query]; ok {
		return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, query, args...)
}

// prepare prepares the writer's statements of every move (see exec).
func (db *DB) prepare(ctx context.Context) error {
	db.stmts = map[string]*sql.Stmt{}
	for _, q := range recordStatements {
		st, err := db.w.PrepareContext(ctx, q)
		if err != nil {
			return err
		}
		db.stmts[q] = st
	}
	return nil
}

// Close closes the database and releases the directory.
func (db *DB) Close() error {
	var errs []error
	for _, st := range db.stmts {
		errs = append(errs, st.Close())
	}
	for _, d := range []*sql.DB{db.r, db.w} {
		if d != nil {
			errs = append(errs, d.Close())
		}
	}
	if db.lock != nil {
		db.lock()
		db.lock = nil
	}
	return errors.Join(errs...)
}

// Dir is the class's directory.
func (db *DB) Dir() string { return db.dir }

// write runs f in one transaction on the writer: all of it or nothing.
func (db *DB) write(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return classify(db.path, err)
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return classify(db.path, err)
	}
	return classify(db.path, tx.Commit())
}

// Check runs SQLite's integrity check: nil when the file is sound.
func (db *DB) Check(ctx context.Context) error {
	var res string
	if err := db.r.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res); err != nil {
		return classify(db.path, err)
	}
	if res != "ok" {
		return fmt.Errorf("%s: %w: %s", db.path, ErrCorrupt, res)
	}
	return nil
}
