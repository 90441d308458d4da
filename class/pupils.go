package class

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/meldlab/meldlab/web"
)

// Pupil is one pupil of the class.
type Pupil = web.Pupil

// cleanName is a pupil's name as kept: spaces trimmed and single, 1 to 30
// letters, digits, spaces, hyphens or apostrophes ("Ana", "12",
// "Jean-Luc"); anything else is web.ErrBadName.
func cleanName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	n := 0
	for _, r := range name {
		n++
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" -'.", r) {
			return "", web.ErrBadName
		}
	}
	if n == 0 || n > 30 {
		return "", web.ErrBadName
	}
	return name, nil
}

// Join lets a pupil in by the join code and a name: a new name is a new
// pupil, a known one (letter case aside) is that pupil, who continues.
func (db *DB) Join(ctx context.Context, code, name string) (Pupil, string, error) {
	s, err := db.Settings(ctx)
	if err != nil {
		return Pupil{}, "", err
	}
	if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(code)), []byte(s.JoinCode)) != 1 {
		return Pupil{}, "", web.ErrBadCode
	}
	name, err = cleanName(name)
	if err != nil {
		return Pupil{}, "", err
	}
	now := time.Now().Unix()
	var p Pupil
	err = db.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO pupils (name, joined, seen) VALUES (?, ?, ?)`, name, now, now); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT id, name FROM pupils WHERE name = ?`, name).Scan(&p.ID, &p.Name)
	})
	if err != nil {
		return Pupil{}, "", err
	}
	db.forget()
	tok, err := db.token(ctx, p.ID)
	return p, tok, err
}

// token is a pupil's token: the id and an HMAC of it under the class's
// secret, so that it lasts a restart, names one pupil, and cannot be made
// for another without the secret.
func (db *DB) token(ctx context.Context, id int64) (string, error) {
	key, err := db.secret(ctx)
	if err != nil {
		return "", err
	}
	return strconv.FormatInt(id, 10) + "." + sign(key, id), nil
}

func sign(key []byte, id int64) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(strconv.FormatInt(id, 10)))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// secret is the class's key for tokens, made once and then read once a
// run (the server is the class's only writer: Options.Exclusive).
func (db *DB) secret(ctx context.Context) ([]byte, error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.key != nil {
		return db.key, nil
	}
	var v string
	err := db.r.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = 'secret'`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		b := make([]byte, 32)
		rand.Read(b)
		err = db.write(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO settings VALUES ('secret', ?)`, hex.EncodeToString(b)); err != nil {
				return err
			}
			return tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = 'secret'`).Scan(&v)
		})
	}
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(v)
	if err == nil {
		db.key = key
	}
	return key, err
}

// Pupil is the pupil a token names.
func (db *DB) Pupil(ctx context.Context, token string) (Pupil, error) {
	ids, mac, ok := strings.Cut(token, ".")
	id, err := strconv.ParseInt(ids, 10, 64)
	if !ok || err != nil {
		return Pupil{}, web.ErrNoPupil
	}
	key, err := db.secret(ctx)
	if err != nil {
		return Pupil{}, err
	}
	if !hmac.Equal([]byte(mac), []byte(sign(key, id))) {
		return Pupil{}, web.ErrNoPupil
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.names == nil {
		ps, err := db.Pupils(ctx)
		if err != nil {
			return Pupil{}, err
		}
		db.names = map[int64]string{}
		for _, p := range ps {
			db.names[p.ID] = p.Name
		}
	}
	name, ok := db.names[id]
	if !ok {
		return Pupil{}, web.ErrNoPupil
	}
	return Pupil{ID: id, Name: name}, nil
}

// forget drops the names read by Pupil, after a change of the pupils: the
// next Pupil reads them again.
func (db *DB) forget() {
	db.mu.Lock()
	db.names = nil
	db.mu.Unlock()
}

// Pupils lists the class, by name.
func (db *DB) Pupils(ctx context.Context) ([]Pupil, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT id, name FROM pupils ORDER BY name`)
	if err != nil {
		return nil, classify(db.path, err)
	}
	defer rows.Close()
	var out []Pupil
	for rows.Next() {
		var p Pupil
		if err := rows.Scan(&p.ID, &p.Name); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// Rename gives a pupil another name (one no other pupil has).
func (db *DB) Rename(ctx context.Context, id int64, name string) error {
	name, err := cleanName(name)
	if err != nil {
		return err
	}
	defer db.forget()
	return db.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE pupils SET name = ? WHERE id = ?`, name, id)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return fmt.Errorf("%q: %w", name, errTaken)
			}
			return err
		}
		return oneRow(res)
	})
}

var errTaken = errors.New("another pupil has this name")

// Remove erases a pupil and everything kept of them (a pupil's name is
// personal data).
func (db *DB) Remove(ctx context.Context, id int64) error {
	defer db.forget()
	return db.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM pupils WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if err := oneRow(res); err != nil {
			return err
		}
		// The tables they sat at name them too.
		_, err = tx.ExecContext(ctx, `DELETE FROM shared_tables WHERE EXISTS
			(SELECT 1 FROM json_each(shared_tables.pupils) WHERE json_extract(value, '$.id') = ?)`, id)
		return err
	})
}

func oneRow(res sql.Result) error {
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return web.ErrNoPupil
	}
	return nil
}
