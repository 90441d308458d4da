package class

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/web"
)

// newClass opens a new class in a test's directory.
func newClass(t testing.TB) *DB {
	t.Helper()
	db, err := Open(t.TempDir(), Options{Create: true, Exclusive: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// join lets a pupil in, or fails the test.
func join(t testing.TB, db *DB, name string) (Pupil, string) {
	t.Helper()
	s, err := db.Settings(context.Background())
	require.NoError(t, err)
	p, tok, err := db.Join(context.Background(), s.JoinCode, name)
	require.NoError(t, err)
	return p, tok
}

func TestJoin(t *testing.T) {
	ctx := context.Background()
	db := newClass(t)
	ana, tok := join(t, db, "  Ana ")
	assert.Equal(t, "Ana", ana.Name)
	again, tok2 := join(t, db, "ana")
	assert.Equal(t, ana, again, "the same name is the same pupil")
	assert.Equal(t, tok, tok2)
	got, err := db.Pupil(ctx, tok)
	require.NoError(t, err)
	assert.Equal(t, ana, got)

	tests := []struct {
		name, code, pupil string
		want              error
	}{
		{"wrong code", "0000", "Ben", web.ErrBadCode},
		{"empty name", "", "  ", web.ErrBadName},
		{"a name with a tag", "", "<b>x</b>", web.ErrBadName},
		{"too long", "", "Abcdefghijklmnopqrstuvwxyzabcde", web.ErrBadName},
	}
	s, _ := db.Settings(ctx)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code := tc.code
			if code == "" {
				code = s.JoinCode
			}
			_, _, err := db.Join(ctx, code, tc.pupil)
			assert.ErrorIs(t, err, tc.want)
		})
	}
	for _, bad := range []string{"", "1", "1.00", "2." + tok[2:], tok + "0"} {
		_, err := db.Pupil(ctx, bad)
		assert.ErrorIs(t, err, web.ErrNoPupil, "token %q", bad)
	}
}

func TestRecordAndReport(t *testing.T) {
	ctx := context.Background()
	db := newClass(t)
	ana, _ := join(t, db, "Ana")
	ben, _ := join(t, db, "Ben")
	t0 := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	events := []Event{
		{Pupil: ana.ID, Kind: web.EventStart, Lesson: 1},
		{Pupil: ana.ID, Kind: web.EventRefusal, Lesson: 1, Rule: "core.run.gap", Words: "o12 is missing"},
		{Pupil: ana.ID, Kind: web.EventHint, Lesson: 1},
		{Pupil: ana.ID, Kind: web.EventPass, Lesson: 1, Game: []byte(`{"save":1}`)},
		{Pupil: ben.ID, Kind: web.EventTry, Lesson: 1, Rule: "lesson 1", Words: "valid, but you drew"},
		{Pupil: ben.ID, Kind: web.EventRefusal, Rule: "core.run.gap", Words: "b5 is missing"},
		{Pupil: ben.ID, Kind: web.EventHint},
		{Pupil: ana.ID, Kind: web.EventMove, Lesson: 1}, // after the pass: its time stays
	}
	for i, e := range events {
		e.At = t0.Add(time.Duration(i) * 10 * time.Second)
		e.Doing = "lesson 1"
		require.NoError(t, db.Record(ctx, e))
	}
	rep, err := db.Read(ctx, t0.Add(time.Minute))
	require.NoError(t, err)
	assert.Equal(t, []int{1}, rep.Lessons)
	require.Len(t, rep.Pupils, 2)
	assert.Equal(t, []Cell{{Lesson: 1, Begun: true, Passed: true, Tries: 2, Hints: 1, Seconds: 30}}, rep.Pupils[0].Cells)
	assert.Equal(t, []Cell{{Lesson: 1, Begun: true, Tries: 1}}, rep.Pupils[1].Cells)
	assert.Equal(t, 2, rep.Pupils[1].Hints+rep.Pupils[0].Hints)
	assert.True(t, rep.Pupils[0].Online)
	assert.Equal(t, []Refusal{
		{Rule: "core.run.gap", Words: "b5 is missing", Count: 2},
		{Rule: "lesson 1", Words: "valid, but you drew", Count: 1},
	}, rep.Refusals)
	assert.Equal(t, len(events), rep.Moves, "every event kept")

	var b bytes.Buffer
	require.NoError(t, rep.WriteCSV(&b))
	assert.Equal(t, "pupil,lesson,passed,tries,hints,seconds\nAna,1,true,2,1,30\nBen,1,false,1,0,0\n", b.String())

	had, err := db.Resume(ctx, ana.ID)
	require.NoError(t, err)
	assert.Equal(t, []int{1}, had.Passed)
	assert.Equal(t, `{"save":1}`, string(had.Game))

	require.NoError(t, db.Rename(ctx, ben.ID, "Benjamin"))
	assert.Error(t, db.Rename(ctx, ben.ID, "ana"), "a name taken")
	require.NoError(t, db.Remove(ctx, ben.ID))
	n, err := db.Moves(ctx, ben.ID)
	require.NoError(t, err)
	assert.Zero(t, n, "a removed pupil's moves are erased")
	assert.ErrorIs(t, db.Record(ctx, Event{Pupil: ben.ID, Kind: web.EventMove}), web.ErrNoPupil)
}

// BenchmarkRecord: one event kept, in its transaction (a refusal in a
// lesson: the heaviest, four statements).
func BenchmarkRecord(b *testing.B) {
	ctx := context.Background()
	db := newClass(b)
	ana, _ := join(b, db, "Ana")
	e := Event{Pupil: ana.ID, Kind: web.EventRefusal, Lesson: 1, Rule: "core.run.gap", Words: "o12 is missing", Doing: "lesson 1"}
	b.ReportAllocs()
	for b.Loop() {
		if err := db.Record(ctx, e); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTablesErased: a shared table names its pupils, so removing one of
// them erases it; a reset erases them all.
func TestTablesErased(t *testing.T) {
	ctx := context.Background()
	db := newClass(t)
	ana, _ := join(t, db, "Ana")
	ben, _ := join(t, db, "Ben")
	cleo, _ := join(t, db, "Cleo")
	require.NoError(t, db.SaveTable(ctx, web.SharedTable{Code: "1234", Players: 3, Pupils: []Pupil{ana, ben}}))
	require.NoError(t, db.SaveTable(ctx, web.SharedTable{Code: "5678", Players: 2, Pupils: []Pupil{cleo}, Game: []byte("g")}))
	require.NoError(t, db.SaveTable(ctx, web.SharedTable{Code: "5678", Players: 2, Pupils: []Pupil{cleo, ana}}))
	ts, err := db.Tables(ctx)
	require.NoError(t, err)
	require.Len(t, ts, 2)
	assert.Equal(t, "g", string(ts[1].Game), "a table saved without a game keeps the one it had")
	assert.Equal(t, []Pupil{cleo, ana}, ts[1].Pupils)

	require.NoError(t, db.Remove(ctx, ben.ID))
	ts, err = db.Tables(ctx)
	require.NoError(t, err)
	require.Len(t, ts, 1, "Ben's table is gone")
	assert.Equal(t, "5678", ts[0].Code)
	require.NoError(t, db.Reset(ctx))
	ts, err = db.Tables(ctx)
	require.NoError(t, err)
	assert.Empty(t, ts)
}
