package class

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenMakesAClass(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "5b")
	_, err := Open(dir, Options{})
	require.ErrorIs(t, err, ErrNoClass)
	db, err := Open(dir, Options{Create: true, Exclusive: true})
	require.NoError(t, err)
	s, err := db.Settings(context.Background())
	require.NoError(t, err)
	assert.Len(t, s.JoinCode, 4)
	assert.Len(t, s.TeacherCode, 8)
	assert.True(t, s.WholeHint)
	_, err = Open(dir, Options{Exclusive: true})
	assert.ErrorIs(t, err, ErrLocked, "a second server on the same class")
	require.NoError(t, db.Check(context.Background()))
	require.NoError(t, db.Close())

	again, err := Open(dir, Options{Create: true})
	require.NoError(t, err)
	s2, err := again.Settings(context.Background())
	require.NoError(t, err)
	assert.Equal(t, s.TeacherCode, s2.TeacherCode, "the codes last")
	require.NoError(t, again.Close())
}

func TestOpenRefuses(t *testing.T) {
	tests := []struct {
		name string
		mess func(t *testing.T, dir string)
		want error
	}{
		{"newer", func(t *testing.T, dir string) {
			db, err := Open(dir, Options{Create: true})
			require.NoError(t, err)
			_, err = db.w.Exec(`UPDATE schema_version SET version = 99`)
			require.NoError(t, err)
			require.NoError(t, db.Close())
		}, ErrNewer},
		{"corrupt", func(t *testing.T, dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, FileName), []byte("this is no database, just words long enough to be read as a header ........................................"), 0o600))
		}, ErrCorrupt},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.mess(t, dir)
			_, err := Open(dir, Options{})
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

// TestMigrationBacksUp: a database of an older schema is copied before
// it is migrated, and the copy is the class as it was.
func TestMigrationBacksUp(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(dir, Options{Create: true})
	require.NoError(t, err)
	s, _ := db.Settings(ctx)
	_, _, err = db.Join(ctx, s.JoinCode, "Ana")
	require.NoError(t, err)
	require.NoError(t, db.Close())

	old := migrations
	t.Cleanup(func() { migrations = old })
	migrations = append(migrations[:len(migrations):len(migrations)], `ALTER TABLE pupils ADD COLUMN colour TEXT NOT NULL DEFAULT ''`)
	db, err = Open(dir, Options{})
	require.NoError(t, err)
	var v int
	require.NoError(t, db.r.QueryRow(`SELECT version FROM schema_version`).Scan(&v))
	assert.Equal(t, len(old)+1, v)
	require.NoError(t, db.Close())

	bak := filepath.Join(dir, FileName+".v"+strconv.Itoa(len(old))+".bak")
	require.FileExists(t, bak)
	migrations = old
	copyDir := t.TempDir()
	require.NoError(t, copyFile(bak, filepath.Join(copyDir, FileName)))
	was, err := Open(copyDir, Options{})
	require.NoError(t, err, "the backup is the class as it was")
	defer was.Close()
	ps, err := was.Pupils(ctx)
	require.NoError(t, err)
	assert.Equal(t, []Pupil{{ID: 1, Name: "Ana"}}, ps)
}
