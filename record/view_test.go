package record_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/record"
)

// A record of one seat's view (the others' tiles left out) checks clean
// for every seat of real games, and cannot be replayed into a save.
func TestOneSeatViewChecks(t *testing.T) {
	resolve := resolver(t)
	for _, variant := range []string{"original", "novelty", "house/joker-grows"} {
		for seed := uint64(1); seed <= 4; seed++ {
			g := played(t, resolve, variant, 3, seed, 2)
			v, _ := resolve(variant)
			for seat := range 3 {
				text := record.Write(g, record.Options{View: seat, Hooks: v.Hooks, Variant: &v.Rules})
				assert.NotContains(t, string(text), "[Seed", "a seat's view hides the seed, which says every hand")
				rec, err := record.Parse("v.mgn", text)
				require.NoError(t, err)
				assert.NoError(t, rec.Check(resolve), "%s seed %d seat %d:\n%s", variant, seed, seat, text)
				_, err = rec.Game(resolve)
				assert.Error(t, err)
			}
		}
	}
}

// A one-seat record typed by hand: a wrong table is found at its move, in
// the learner's language.
func TestOneSeatViewByHand(t *testing.T) {
	const typed = `[Variant "original"]
[Seats "Ana, Bob"]
[View "Ana"]

Setup
  Ana: r10 r11 r12 b5 b6 b7 k1 k2 o9 o9 J k13 r13 b13
  Bob: ?14
  Table: -
  Pool: 78
  Current: Ana
End
1. Ana: r10 r11 r12 k13 r13 b13 => [r10 r11 r12] [k13 r13 b13] {30 and 39: opened}
2. Bob: draw
3. Ana: b5 b6 => [r10 r11 r12] [k13 r13 b13] [b5 b6]
4. Bob: k4 k5 k6 r1 => [r10 r11 r12] [k13 r13 b13] [k4 k5 k6]
5. Ana: o9 o10 o11 => [r10 r11 r12] [k13 r13 b13] [k4 k5 k6] [o9 o10 o11]
`
	rec, err := record.Parse("ana.mgn", []byte(typed))
	require.NoError(t, err)
	err = rec.Check(resolver(t))
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		"ana.mgn:14:18: set 3 [b5 b6] is too short: a run needs at least 3 tiles",
		"ana.mgn:15:24: Bob's initial meld is worth 15; it needs 30",
		"ana.mgn:15:9: the move names k4 k5 k6 r1 as placed; the play places k4 k5 k6",
		"ana.mgn:16:9: Ana has no o10 o11 on the rack",
	}, "\n"), sortedLines(err.Error()))
	es := i18n.New(i18n.Spanish).Error(err)
	assert.Contains(t, es, "ana.mgn:16:9: Ana no tiene o10 o11 en el soporte")
	assert.Contains(t, es, "ana.mgn:14:18: combinación 3 [b5 b6] es una escalera demasiado corta: una escalera debe tener como mínimo 3 fichas")
	assert.Contains(t, es, "ana.mgn:15:24: la bajada inicial de Bob vale 15; necesita 30")
	// and in Italian and French, each at its place
	for _, l := range []i18n.Lang{i18n.Italian, i18n.French} {
		said := i18n.New(l).Error(err)
		for _, at := range []string{"ana.mgn:14:18: ", "ana.mgn:15:24: ", "ana.mgn:15:9: ", "ana.mgn:16:9: "} {
			assert.Contains(t, said, at, "%v", l)
		}
		assert.NotContains(t, said, "Ana has no", "%v: said in English", l)
	}
}

func sortedLines(s string) string {
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && lines[j] < lines[j-1]; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	return strings.Join(lines, "\n")
}

// The parser never panics, whatever it is given, and what it reads from
// a record it wrote, it reads back the same.
func FuzzParse(f *testing.F) {
	f.Add([]byte(head + "1. Bob: draw {[%used 120] hm} !?\n(1. Bob: pass)\nRound 2\nSetup\n  Ana: ?3\nEnd\n"))
	f.Add([]byte("[Event \"x\\\"y\"]\n\n1... Ana: refused [r1 r2] penalty k3 $12\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, _ := record.Parse("f.mgn", data)
		if rec == nil {
			t.Fatal("no record")
		}
		_ = rec.Check(func(string) (record.Variant, error) { return record.Variant{Rules: core.Original()}, nil })
	})
}

var _ = bytes.Equal
