package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// freshRecord is the record of c worked out from nothing but the game and
// c's table, as playRecord did before it reused what checkPlay had found:
// the reference the reuse must match.
func freshRecord(g *Game, c *playCheck) TurnRecord {
	sr := g.Rules.SetRules()
	infos := make([]SetInfo, len(c.after))
	for i, set := range c.after {
		infos[i], _ = sr.Validate(set)
	}
	plain := &playCheck{after: c.after, added: c.added, kept: c.kept, infos: infos,
		jk: g.jokers(g.s.table, c.after, infos)}
	return g.playRecord(plain, c.after.Clone())
}

// The record of a checked play reuses the set infos, the set match and the
// freed jokers checkPlay worked out; it is the record worked out afresh,
// for an opening that swaps a joker (whose match checkPlay marks on a
// copy), a play after opening, and plays that change, extend and free.
func TestPlayRecordReusesTheCheck(t *testing.T) {
	early := Original()
	early.Joker.TakeBeforeOpening = true
	keep := Original()
	keep.Joker.Keep = true
	tests := []struct {
		name        string
		rules       Rules
		table, rack string
		opened      bool
		play        string
	}{
		{"an opening swapping a joker", early, "[r3 b3 J] [k9 b9 o9]", "k3 r10 r11 r12", false, "[r3 b3 k3] [k9 b9 o9] [r10 r11 r12 J]"},
		{"an opening", Original(), "[k9 b9 o9]", "r10 r11 r12", false, "[k9 b9 o9] [r10 r11 r12]"},
		{"a set extended", Original(), "[r3 r4 r5] [k9 b9 o9]", "r6 k1", true, "[k9 b9 o9] [r3 r4 r5 r6]"},
		{"a joker replaced and played again", Original(), "[r4 J r6] [k2 k3 k4]", "r5 k5", true, "[r4 r5 r6] [k2 k3 k4 k5 J]"},
		{"a joker kept", keep, "[r4 J r6] [k2 k3 k4]", "r5 o9", true, "[r4 r5 r6] [k2 k3 k4]"},
		{"sets split and joined", Original(), "[r3 r4 r5 r6] [k6 b6 o6]", "r7 r8 J", true, "[r3 r4 r5] [r6 k6 b6 o6] [r7 r8 J]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGame(tc.rules, []string{"ana", "ben"}, 1)
			require.NoError(t, err)
			s := Position(2, mustTable(t, tc.table), mustTiles(t, tc.rack), tc.opened, false)
			require.NoError(t, g.Setup(s))
			c, rerr := g.checkPlay(mustTable(t, tc.play))
			require.Nil(t, rerr)
			assert.Equal(t, freshRecord(g, c), g.playRecord(c, c.after.Clone()))
		})
	}
}

// The record Check gives owns its table: editing the table that was
// checked, then playing it, leaves the record as it was.
func TestCheckRecordOwnsItsTable(t *testing.T) {
	g, err := NewGame(Original(), []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(Position(2, mustTable(t, "[r3 r4 r5]"), mustTiles(t, "r6 k7 b7 o7"), true, false)))
	after := mustTable(t, "[r3 r4 r5 r6] [k7 b7 o7]")
	rec, err := g.Check(after)
	require.NoError(t, err)
	want := rec.clone()
	after[0][0], after[1] = Joker, after[1][:2]
	assert.Equal(t, want, rec, "the checked table edited")
	require.NoError(t, g.Play(mustTable(t, "[r3 r4 r5 r6] [k7 b7 o7]")))
	assert.Equal(t, want, rec, "the play made")
	assert.Equal(t, "[r3 r4 r5 r6] [k7 b7 o7]", rec.Table.String())
}

func mustTable(t *testing.T, s string) Table {
	t.Helper()
	tb, err := ParseTable(s)
	require.NoError(t, err)
	return tb
}

func mustTiles(t *testing.T, s string) []Tile {
	t.Helper()
	ts, err := ParseTiles(s)
	require.NoError(t, err)
	return ts
}

// matchSets pairs each set before with an identical set after, first come
// first paired, as a map of canonical texts to the sets after would: for
// repeated sets, sets in another order, invalid ones and an empty table.
func TestMatchSets(t *testing.T) {
	sr := StandardSets
	tables := []string{"", "[r3 r4 r5]", "[r5 r3 r4] [k7 b7 o7]", "[r3 r4 r5] [r3 r4 r5] [J k7 b7]",
		"[r3 r4 r5 r6] [k7 o7 b7] [r1 r2]", "[k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13 J]"}
	for _, b := range tables {
		for _, a := range tables {
			before, after := mustTable(t, b), mustTable(t, a)
			if sr.ValidateTable(after) != nil {
				continue
			}
			infos := make([]SetInfo, len(after))
			for i, s := range after {
				infos[i], _ = sr.Validate(s)
			}
			want := setMatch{gone: make([]bool, len(before)), fresh: make([]bool, len(after))}
			for i := range after {
				want.fresh[i] = true
			}
			for i, s := range before {
				want.gone[i] = true
				info, err := sr.Validate(s)
				if err != nil {
					continue
				}
				key := info.Canonical(s, sr.Numbers).String()
				for j, u := range after {
					if want.fresh[j] && infos[j].Canonical(u, sr.Numbers).String() == key {
						want.fresh[j], want.gone[i] = false, false
						break
					}
				}
			}
			assert.Equal(t, want, matchSets(sr, before, after, infos), "%s -> %s", b, a)
		}
	}
}

// Canonical's sets share one array, each capped: appending to one leaves
// the next as it was.
func TestCanonicalSetsApart(t *testing.T) {
	c := StandardSets.Canonical(mustTable(t, "[r5 r3 r4] [o7 k7 b7] [k9 r1]"))
	assert.Equal(t, "[r3 r4 r5] [k7 b7 o7] [k9 r1]", c.String(), "an invalid set stays as written")
	c[0] = append(c[0], NewTile(Red, 6))
	assert.Equal(t, "[r3 r4 r5 r6] [k7 b7 o7] [k9 r1]", c.String())
}

// An action's history entry and its record share one copy of the table;
// the copies History and LastTurn hand out are apart from it and from each
// other, so changing one changes nothing the game keeps.
func TestActionAndRecordShareATable(t *testing.T) {
	g, err := NewGame(Original(), []string{"ana", "ben"}, 1)
	require.NoError(t, err)
	require.NoError(t, g.Setup(Position(2, mustTable(t, "[r3 r4 r5]"), mustTiles(t, "r6 k7 b7 o7 k1"), true, false)))
	_, err = g.Draw()
	require.NoError(t, err)
	require.NoError(t, g.Setup(Position(2, mustTable(t, "[r3 r4 r5]"), mustTiles(t, "r6 k7 b7 o7 k1"), true, false)))
	require.NoError(t, g.Play(mustTable(t, "[r3 r4 r5 r6] [k7 b7 o7]")))
	_, err = g.Timeout()
	require.NoError(t, err)
	want := g.History()
	last := g.LastTurn()
	for _, a := range g.History() {
		for i := range a.Table {
			a.Table[i][0] = Joker
		}
	}
	last.Table[0][0] = Joker
	assert.Equal(t, want, g.History())
	assert.Equal(t, "[r3 r4 r5 r6] [k7 b7 o7]", g.LastTurn().Table.String())
	assert.Equal(t, "[r3 r4 r5 r6] [k7 b7 o7]", g.Table().String())
}
