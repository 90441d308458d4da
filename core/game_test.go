package core

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Snapshot is a deep copy of everything an action may change, for tests
// that check a refused action changed nothing (compare with assert.Equal).
func Snapshot(g *Game) any {
	return struct {
		S       state
		History int
	}{g.s.clone(), len(g.history)}
}

// sameState is reflect.DeepEqual for states, written out because the
// random games compare thousands of them.
func sameState(a, b *state) bool {
	eqTable := func(x, y Table) bool {
		return (x == nil) == (y == nil) && slices.EqualFunc(x, y, func(p, q Set) bool { return slices.Equal(p, q) })
	}
	same := func(x, y []int) bool { return (x == nil) == (y == nil) && slices.Equal(x, y) }
	return a.round == b.round && a.turn == b.turn && a.current == b.current && a.passes == b.passes &&
		a.champ == b.champ && a.drawn == b.drawn && a.pcg == b.pcg && a.aside == b.aside &&
		slices.Equal(a.pool, b.pool) && (a.pool == nil) == (b.pool == nil) &&
		slices.Equal(a.racks, b.racks) && eqTable(a.table, b.table) && slices.Equal(a.opened, b.opened) &&
		same(a.winners, b.winners) && same(a.scores, b.scores) && same(a.totals, b.totals) && same(a.won, b.won) &&
		slices.Equal(a.last, b.last) && (a.last == nil) == (b.last == nil)
}

// SaveJSON is the game as Save writes it, for tests that compare whole games.
func SaveJSON(g *Game) string {
	b, err := json.Marshal(g.saved())
	if err != nil {
		panic(err)
	}
	return string(b)
}

// bot is a random player that finds some legal plays (new sets from the
// rack, tiles added to table sets, joker swaps) and also tries random
// broken ones, so that every rule gets refused now and then.
type bot struct {
	rng *rand.Rand
	sr  SetRules
}

// candidates lists plays to try, good and bad, in random order; each is
// built only when tried.
func (b *bot) candidates(g *Game) []func() Table {
	seat := g.s.current
	rack := g.s.racks[seat]
	table := g.s.table
	var out []func() Table

	// New sets from the rack: several at once, or one.
	sets := b.rackSets(rack)
	b.rng.Shuffle(len(sets), func(i, j int) { sets[i], sets[j] = sets[j], sets[i] })
	if len(sets) > 0 {
		out = append(out, func() Table {
			t := table.Clone()
			left := rack
			for _, s := range sets {
				m := MultisetOf(s...)
				if left.Includes(&m) {
					t = append(t, s)
					left = left.Minus(&m)
				}
			}
			return t
		}, func() Table { return append(table.Clone(), sets[0]) })
	}
	// A rack tile added to a table set, at either end (a cheap test first:
	// explaining an invalid set is the slow path).
	for i := range table {
		info, err := b.sr.Validate(table[i])
		if err != nil {
			continue
		}
		for _, x := range rack.Tiles() {
			if !b.fits(&info, x) {
				continue
			}
			for _, s := range []Set{append(Set{x}, table[i]...), append(cloneSlice(table[i]), x)} {
				out = append(out, func() Table {
					t := table.Clone()
					t[i] = s
					return t
				})
			}
		}
	}
	// A joker swapped for the tile it stands for, and played with rack
	// tiles (or kept).
	roles := jokerRoles(b.sr, table, nil)
	var pairs []Set
	if len(roles) > 0 {
		for _, s := range sets {
			if s[len(s)-1] != Joker {
				pairs = append(pairs, s[:2])
			}
		}
	}
	for _, jr := range roles {
		for c := Color(0); c < MaxColors; c++ {
			x := NewTile(c, jr.num)
			if jr.mask&(1<<c) == 0 || rack.Count(x) == 0 {
				continue
			}
			swap := func() Table {
				t := table.Clone()
				for k, y := range t[jr.set] {
					if y == Joker {
						t[jr.set][k] = x
						break
					}
				}
				return t
			}
			out = append(out, swap)
			for _, p := range pairs {
				out = append(out, func() Table { return append(swap(), append(Set{Joker}, p...)) })
			}
		}
	}
	// Broken plays.
	for range 3 {
		out = append(out, func() Table { return b.mutate(table, rack) })
	}
	b.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// fits is a quick guess whether x may join a valid set at one end.
func (b *bot) fits(info *SetInfo, x Tile) bool {
	switch {
	case x == Joker:
		return true
	case info.Kind == Group:
		return x.Number() == info.Number && info.Missing&(1<<x.Color()) != 0
	}
	end := info.Number + info.Len
	return x.Color() == info.Color && (x.Number() == info.Number-1 || x.Number() == end)
}

// rackSets finds runs and groups in a rack, some with a joker.
func (b *bot) rackSets(rack Multiset) []Set {
	var out []Set
	for n := 1; n <= b.sr.Numbers; n++ {
		var g Set
		for c := Color(0); int(c) < b.sr.Colors; c++ {
			if rack.Count(NewTile(c, n)) > 0 {
				g = append(g, NewTile(c, n))
			}
		}
		if len(g) >= 3 {
			out = append(out, g)
		} else if len(g) == 2 && rack.Jokers() > 0 {
			out = append(out, append(g, Joker))
		}
	}
	for c := Color(0); int(c) < b.sr.Colors; c++ {
		var run Set
		flush := func() {
			if len(run) >= 3 {
				out = append(out, run)
			} else if len(run) == 2 && rack.Jokers() > 0 {
				out = append(out, append(cloneSlice(run), Joker))
			}
			run = nil
		}
		for n := 1; n <= b.sr.Numbers; n++ {
			if rack.Count(NewTile(c, n)) > 0 {
				run = append(run, NewTile(c, n))
			} else {
				flush()
			}
		}
		flush()
	}
	return out
}

// mutate makes a play that is most likely broken.
func (b *bot) mutate(table Table, rack Multiset) Table {
	t := table.Clone()
	rt := rack.Tiles()
	switch k := b.rng.IntN(6); {
	case k == 0 && len(t) > 0: // a tile goes back to the rack
		i := b.rng.IntN(len(t))
		j := b.rng.IntN(len(t[i]))
		t[i] = append(cloneSlice(t[i][:j]), t[i][j+1:]...)
		if len(t[i]) == 0 {
			t = append(t[:i], t[i+1:]...)
		}
	case k == 1 && len(t) > 1: // a tile moves to another set
		i, j := b.rng.IntN(len(t)), b.rng.IntN(len(t))
		x := t[i][len(t[i])-1]
		t[i] = t[i][:len(t[i])-1]
		t[j] = append(cloneSlice(t[j]), x)
	case k == 2 && len(rt) > 0: // a rack tile into a random set or a new one
		x := rt[b.rng.IntN(len(rt))]
		if len(t) == 0 || b.rng.IntN(2) == 0 {
			t = append(t, Set{x, x, x}[:1+b.rng.IntN(3)])
		} else {
			i := b.rng.IntN(len(t))
			t[i] = append(cloneSlice(t[i]), x)
		}
	case k == 3: // a tile from outside the rack
		t = append(t, Set{NewTile(Color(b.rng.IntN(4)), 1+b.rng.IntN(13)), Joker, Joker})
	case k == 4 && len(rt) >= 3: // three random rack tiles
		t = append(t, Set{rt[b.rng.IntN(len(rt))], rt[b.rng.IntN(len(rt))], rt[b.rng.IntN(len(rt))]})
	default: // split a set in two
		if len(t) > 0 {
			i := b.rng.IntN(len(t))
			if len(t[i]) > 1 {
				j := 1 + b.rng.IntN(len(t[i])-1)
				t = append(t, cloneSlice(t[i][j:]))
				t[i] = t[i][:j]
			}
		}
	}
	return t
}

// checkInvariants: every tile of the box is in one place, the table is
// valid, and the scores sum to zero.
func checkInvariants(t *testing.T, g *Game, where string) {
	t.Helper()
	all := MultisetOf(g.s.pool...)
	all.AddAll(&g.s.aside)
	for i := range g.s.racks {
		all.AddAll(&g.s.racks[i])
	}
	onTable := g.s.table.Tiles()
	all.AddAll(&onTable)
	if full := g.Rules.Tiles.Full(); all != full || all.Len() != g.Rules.Tiles.Size() {
		t.Fatalf("%s: tiles not conserved: %d of %d", where, all.Len(), g.Rules.Tiles.Size())
	}
	if err := g.Rules.SetRules().ValidateTable(g.s.table); err != nil {
		t.Fatalf("%s: invalid table: %v", where, err)
	}
	sum, rsum := 0, 0
	for _, x := range g.s.totals {
		sum += x
	}
	for _, x := range g.s.scores {
		rsum += x
	}
	if g.Rules.ZeroSum() && (sum != 0 || rsum != 0) {
		t.Fatalf("%s: scores do not sum to zero: totals %v, round %v", where, g.s.totals, g.s.scores)
	}
	// Under the scoring keys a round loses at most each seat's penalty and
	// its rounding, and gains at most the rounding.
	sc, n := g.Rules.Scoring, len(g.s.racks)
	if g.s.scores != nil && (rsum > n*(sc.RoundTo/2) || rsum < -n*(sc.UnopenedPenalty+sc.RoundTo/2)) {
		t.Fatalf("%s: round scores %v sum to %d, outside what the scoring keys allow", where, g.s.scores, rsum)
	}
}

// playRandomGame plays a whole match with bots, checking after every action.
func playRandomGame(t *testing.T, rules Rules, players int, seed uint64, stats map[string]int) *Game {
	t.Helper()
	names := make([]string, players)
	g, err := NewGame(rules, names, seed)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	b := &bot{rng: rand.New(rand.NewPCG(seed, 99)), sr: rules.SetRules()}
	if seed%8 == 0 {
		// A scenario in which everyone has opened, so the first-round lock
		// and joker rules meet players who may rearrange.
		s := Setup{Racks: make([][]Tile, players), Opened: make([]bool, players), Current: g.s.current, Pool: -1}
		for i := range s.Racks {
			s.Racks[i] = g.s.racks[i].Tiles()
			s.Opened[i] = true
		}
		if err := g.Setup(s); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	penalty := rules.FailedPlay.PenaltyTiles > 0
	for step := 0; !g.MatchOver(); step++ {
		where := fmt.Sprintf("%s seed %d step %d", rules.Name, seed, step)
		if step > 5000 {
			t.Fatalf("%s: the match does not end", where)
		}
		if g.RoundOver() {
			if err := g.NextRound(); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			stats["rounds"]++
			checkInvariants(t, g, where)
			continue
		}
		played := false
		cands := b.candidates(g)
		for _, build := range cands[:min(len(cands), 8)] {
			after := build()
			snap, hist := g.s.clone(), len(g.history)
			turn := g.s.turn
			err := g.Play(after)
			if err == nil {
				stats["plays"]++
				played = true
				break
			}
			var re *RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%s: not a RuleError: %v", where, err)
			}
			stats[fmt.Sprint(re.Rule)]++
			if penalty {
				if g.s.turn == turn && !g.RoundOver() {
					t.Fatalf("%s: a failed play with a penalty did not end the turn", where)
				}
				played = true
				break
			}
			stats["refused"]++
			if stats["refused"]%1000 == 0 && !reflect.DeepEqual(snap, g.s) {
				t.Fatalf("%s: sameState missed a change", where) // keep the fast check honest
			}
			if !sameState(&snap, &g.s) || hist != len(g.history) {
				t.Fatalf("%s: refused play %s (%v) changed the game", where, after, err)
			}
		}
		checkInvariants(t, g, where)
		if played || g.RoundOver() {
			continue
		}
		if g.s.drawn != NoTile {
			if err := g.EndTurn(); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		} else if b.rng.IntN(20) == 0 && rules.TimeLimit.Seconds > 0 {
			stats["timeouts"]++
			if _, err := g.Timeout(); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		} else {
			if rules.TimeLimit.Seconds == 0 {
				// No clock, no timeout: refused, and nothing changes.
				snap, hist := g.s.clone(), len(g.history)
				if _, err := g.Timeout(); !errors.Is(err, ErrNoTimeLimit) || !sameState(&snap, &g.s) || hist != len(g.history) {
					t.Fatalf("%s: a timeout without a time limit: %v", where, err)
				}
			}
			stats["draws"]++
			if _, err := g.Draw(); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		}
		checkInvariants(t, g, where)
	}
	if g.MatchWinner() < 0 || g.s.round != g.Rounds() && !g.targetReached() {
		t.Fatalf("%s seed %d: match over without a winner", rules.Name, seed)
	}
	return g
}

// randomRules are the editions and a house rule with a failed-play penalty.
func randomRules() []struct {
	rules   Rules
	players int
} {
	strict := Original()
	strict.Name = "house/strict"
	strict.FailedPlay.PenaltyTiles = 1
	strict.Match.Rounds = 1
	// The house-rule keys of issue 22 together.
	house := Original()
	house.Name = "house/keys"
	house.Draw.TilesOpened = 2
	house.EndOfPool.Play = MustPlace
	house.Scoring = Scoring{UnopenedPenalty: 100, RoundTo: 10}
	house.Match.Target = 100
	house.Opening.FirstRoundLocked, house.Opening.LockEnds, house.Opening.LockTurns = true, LockTurns, 3
	pool := French()
	pool.Name = "house/pool-out"
	pool.EndOfPool.Play = ScoreNow
	return []struct {
		rules   Rules
		players int
	}{
		{Original(), 2}, {Original(), 4}, {Italian(), 3}, {Novelty(), 5}, {French(), 2}, {French(), 4},
		{XP(), 6}, {XP(), 5}, {strict, 3}, {house, 3}, {pool, 4},
	}
}

// Thousands of random games: tile conservation, zero-sum scores and refused
// plays that change nothing, after every action. Each rule set plays its
// share in parallel.
func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	rr := randomRules()
	stats := make([]map[string]int, len(rr))
	t.Run("editions", func(t *testing.T) {
		for k, c := range rr {
			stats[k] = map[string]int{}
			t.Run(fmt.Sprintf("%s-%d", c.rules.Name, c.players), func(t *testing.T) {
				t.Parallel()
				for i := k; i < games; i += len(rr) {
					r := c.rules
					r.Match.Rounds = 1 // one round a game: more deals, more first turns
					if i%50 == 0 {
						r.Match.Rounds = 0
					}
					playRandomGame(t, r, c.players, uint64(i), stats[k])
				}
			})
		}
	})
	all := map[string]int{}
	for _, st := range stats {
		for k, v := range st {
			all[k] += v
		}
	}
	t.Logf("%d games: %v", games, all)
	for _, rule := range []error{ErrInvalidSet, ErrNotOnRack, ErrTileLeftTable, ErrNothingPlaced,
		ErrOpeningTooLow, ErrOpeningUsesTable, ErrFirstRoundLocked, ErrJokerBeforeOpening,
		ErrJokerSource, ErrJokerNotPlayed, ErrDrawnTileOnly} {
		if all[rule.Error()] == 0 {
			t.Errorf("no random play broke %q", rule)
		}
	}
}

// fakeHooks answers each hook with its function, or leaves the rules in charge.
type fakeHooks struct {
	deal      func(v *View) ([][]Tile, bool, error)
	first     func(v *View) (int, bool, error)
	check     func(v *View, after Table, placed []Tile) (bool, string, error)
	score     func(v *View, scores []int) ([]int, bool, error)
	turnEnded func(v *View) error
}

func (h *fakeHooks) Deal(v *View) ([][]Tile, bool, error) {
	if h.deal == nil {
		return nil, false, nil
	}
	return h.deal(v)
}

func (h *fakeHooks) FirstPlayer(v *View) (int, bool, error) {
	if h.first == nil {
		return 0, false, nil
	}
	return h.first(v)
}

func (h *fakeHooks) CheckPlay(v *View, after Table, placed []Tile) (bool, string, error) {
	if h.check == nil {
		return true, "", nil
	}
	return h.check(v, after, placed)
}

func (h *fakeHooks) ScoreRound(v *View, scores []int) ([]int, bool, error) {
	if h.score == nil {
		return nil, false, nil
	}
	return h.score(v, scores)
}

func (h *fakeHooks) OnTurnEnd(v *View) error {
	if h.turnEnded == nil {
		return nil
	}
	return h.turnEnded(v)
}

// hookGame is Ann to play r6 onto [r3 r4 r5] with r6 k1 (or only r6: she goes out).
func hookGame(t *testing.T, h *fakeHooks, rack string) *Game {
	t.Helper()
	g, err := NewGameWithHooks(Original(), h, []string{"Ann", "Bob"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	tiles, _ := ParseTiles(rack)
	table, _ := ParseTable("[r3 r4 r5]")
	k2, _ := ParseTiles("k2 k9")
	if err := g.Setup(Setup{Racks: [][]Tile{tiles, k2}, Table: table, Opened: []bool{true, true}, Pool: -1, Turn: 2}); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestHooksCheckPlay(t *testing.T) {
	after, _ := ParseTable("[r3 r4 r5 r6]")
	var seen []Tile
	h := &fakeHooks{check: func(v *View, a Table, placed []Tile) (bool, string, error) {
		seen = placed
		return false, "no runs of four on Sundays", nil
	}}
	g := hookGame(t, h, "r6 k1")
	before := Snapshot(g)
	err := g.Play(after)
	assert.EqualError(t, err, "the original rules refuse this play: no runs of four on Sundays")
	assert.ErrorIs(t, err, ErrVetoed)
	assert.Equal(t, []Tile{NewTile(Red, 6)}, seen)
	assert.Equal(t, before, Snapshot(g))

	h.check = func(*View, Table, []Tile) (bool, string, error) { return false, "", errors.New("boom") }
	err = g.Play(after)
	assert.EqualError(t, err, "variant original, hook check_play: boom")
	assert.Equal(t, before, Snapshot(g))
}

// A hook's error after the play was carried out puts everything back.
func TestHooksErrorRollsBack(t *testing.T) {
	after, _ := ParseTable("[r3 r4 r5 r6]")
	h := &fakeHooks{turnEnded: func(*View) error { return errors.New("lua: out of memory") }}
	g := hookGame(t, h, "r6 k1")
	before := Snapshot(g)
	err := g.Play(after)
	assert.EqualError(t, err, "variant original, hook on_turn_end: lua: out of memory")
	assert.Equal(t, before, Snapshot(g))
	_, err = g.Draw()
	assert.Error(t, err)
	assert.Equal(t, before, Snapshot(g))

	h.turnEnded = nil
	h.score = func(v *View, s []int) ([]int, bool, error) { return []int{100, 0}, true, nil }
	g = hookGame(t, h, "r6")
	before = Snapshot(g)
	err = g.Play(after)
	assert.EqualError(t, err, "variant original, hook score_round: scores [100 0] must be one a seat (2) and sum to zero")
	assert.Equal(t, before, Snapshot(g), "the winning play is undone")
	assert.False(t, g.RoundOver())

	h.score = func(v *View, s []int) ([]int, bool, error) {
		assert.Equal(t, 0, v.Winner)
		assert.Equal(t, []int{11, -11}, s)
		return []int{22, -22}, true, nil
	}
	require.NoError(t, g.Play(after))
	assert.Equal(t, []int{22, -22}, g.RoundScores())
	assert.Equal(t, []int{22, -22}, g.Totals())
}

func TestHooksDealAndFirstPlayer(t *testing.T) {
	rack, _ := ParseTiles("r1 r2 r3 J")
	h := &fakeHooks{
		deal: func(v *View) ([][]Tile, bool, error) {
			assert.Equal(t, []int{14, 14}, v.Racks)
			return [][]Tile{rack, rack[:1]}, true, nil
		},
		first: func(v *View) (int, bool, error) { return 1, true, nil },
	}
	g, err := NewGameWithHooks(Original(), h, []string{"Ann", "Bob"}, 3)
	require.NoError(t, err)
	assert.Equal(t, "r1 r2 r3 J", g.s.racks[0].String())
	assert.Equal(t, "r1", g.s.racks[1].String())
	assert.Equal(t, 101, g.Pool())
	assert.Equal(t, 1, g.Current())

	h.first = func(v *View) (int, bool, error) { return 2, true, nil }
	_, err = NewGameWithHooks(Original(), h, []string{"Ann", "Bob"}, 3)
	assert.EqualError(t, err, "variant original, hook first_player: seat 2 is out of range 0..1")

	h.first = nil
	h.deal = func(v *View) ([][]Tile, bool, error) { return [][]Tile{{Joker, Joker, Joker}, nil}, true, nil }
	_, err = NewGameWithHooks(Original(), h, []string{"Ann", "Bob"}, 3)
	assert.EqualError(t, err, "variant original, hook deal: the racks hold tiles the pool and racks do not: J")
}

func TestView(t *testing.T) {
	g, err := NewGame(French(), []string{"Ann", "Bob", "Cy"}, 3)
	require.NoError(t, err)
	cur := g.Current()
	v := g.View(-1)
	assert.Equal(t, "french", v.Variant)
	assert.Equal(t, -1, v.Seat)
	assert.Equal(t, g.s.racks[cur].Tiles(), v.Rack)
	assert.Equal(t, []int{14, 14, 14}, v.Racks)
	assert.True(t, v.Locked, "the first round is locked in the french rules")
	assert.Equal(t, -1, v.Winner)
	assert.Equal(t, 64, v.Pool)
	v.Rack[0] = Joker
	v.Opened[0] = true
	assert.NotEqual(t, g.s.racks[cur].Tiles(), v.Rack, "a view is a copy")
	assert.False(t, g.Opened(0))
	assert.Equal(t, g.s.racks[2].Tiles(), g.View(2).Rack)
	assert.Nil(t, g.View(3))
	assert.Nil(t, g.View(-2))
}

// Name is Names' entry for a seat.
func TestGameName(t *testing.T) {
	g, err := NewGame(Original(), []string{"ana", "", "cy"}, 1)
	require.NoError(t, err)
	for i, name := range g.Names() {
		assert.Equal(t, name, g.Name(i))
	}
	assert.Equal(t, "player 2", g.Name(1))
}

// A round a score_round hook leaves with nobody ahead (Okey's empty round)
// is over and won by nobody: no round won, no winner; a hook that keeps a
// winner ahead keeps the rules' winner.
func TestHookRoundWithoutWinner(t *testing.T) {
	after, _ := ParseTable("[r3 r4 r5 r6]")
	h := &fakeHooks{score: func(v *View, s []int) ([]int, bool, error) { return []int{0, 0}, true, nil }}
	g := hookGame(t, h, "r6")
	require.NoError(t, g.Play(after))
	assert.True(t, g.RoundOver())
	assert.Equal(t, -1, g.Winner())
	assert.Empty(t, g.Winners())
	assert.Equal(t, []int{0, 0}, g.RoundsWon())
	assert.Equal(t, []int{0, 0}, g.RoundScores())
	assert.Empty(t, g.View(-1).Winners)
	require.NoError(t, g.NextRound(), "the match goes on")
	assert.False(t, g.RoundOver())

	h.score = func(v *View, s []int) ([]int, bool, error) { return []int{2 * s[0], 2 * s[1]}, true, nil }
	g = hookGame(t, h, "r6")
	require.NoError(t, g.Play(after))
	assert.Equal(t, 0, g.Winner())
	assert.Equal(t, []int{1, 0}, g.RoundsWon())
}

// TestReadView checks that ReadView is View with the game's own table, not
// a copy, and that the game replaces its table rather than changing it, so
// a read view's table stays as it was past a play.
func TestReadView(t *testing.T) {
	g, err := NewGame(Original(), []string{"Ann", "Bob"}, 3)
	require.NoError(t, err)
	table := Table{{NewTile(Red, 3), NewTile(Red, 4), NewTile(Red, 5)}}
	require.NoError(t, g.Setup(Position(2, table, []Tile{NewTile(Red, 6), NewTile(Black, 1)}, true, false)))
	rv, v := g.ReadView(0), g.View(0)
	assert.Same(t, &g.s.table[0][0], &rv.Table[0][0], "a read view's table is the game's")
	assert.NotSame(t, &g.s.table[0][0], &v.Table[0][0], "a view's table is a copy")
	assert.Equal(t, v, rv)
	assert.Nil(t, g.ReadView(3))

	after := Table{{NewTile(Red, 3), NewTile(Red, 4), NewTile(Red, 5), NewTile(Red, 6)}}
	require.NoError(t, g.Play(after))
	assert.Equal(t, table, rv.Table, "a play replaced the game's table, not changed it")
}
