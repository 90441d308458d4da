package record

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// Variant is what a record's variant resolves to: its rules, and the
// hooks of a game of a seed (nil: the variant has none).
type Variant struct {
	Rules core.Rules
	Hooks func(seed uint64) (core.Hooks, error)
}

// Resolver finds a record's variant by the name its Variant tag gives.
type Resolver func(name string) (Variant, error)

// Game replays a record of every seat's view (View "all", with its Seed)
// into the game it records: each move is applied by the referee, so a
// record that breaks a rule, or that another seed would deal differently,
// is refused at the move, with its line and column. The written move
// numbers, the tiles each play names and the Result and Totals tags are
// checked against the game. On error the game comes back as far as it got
// (nil when it could not begin).
func (r *Record) Game(resolve Resolver) (*core.Game, error) {
	errs := &errorList{file: r.Name}
	g := r.replay(resolve, errs)
	return g, errs.err()
}

// begin checks the tags a replay needs and deals the game.
func (r *Record) begin(resolve Resolver, errs *errorList, needSeed bool) (*core.Game, core.Rules, []string) {
	name, ok := r.Tag("Variant")
	if !ok {
		errs.add(Pos{}, msg(core.MsgRecordNeedTag("Variant", `[Variant "original"]`)))
	}
	seats := r.Seats()
	if len(seats) == 0 {
		errs.add(Pos{}, msg(core.MsgRecordNeedTag("Seats", `[Seats "Ana, Bob"]`)))
	}
	if v := r.View(); v != "all" && !slices.Contains(seats, v) && len(seats) > 0 {
		errs.add(r.tagPos("View"), msg(core.MsgRecordUnknownSeat(strconv.Quote(v), strings.Join(seats, ", "))))
	}
	var seed uint64
	if needSeed {
		s, ok := r.Tag("Seed")
		if !ok {
			errs.add(Pos{}, msg(core.MsgRecordNeedTag("Seed", `[Seed "7"]`)))
		} else if n, err := strconv.ParseUint(s, 10, 64); err != nil {
			errs.add(r.tagPos("Seed"), msg(core.MsgRecordBadNumber(strconv.Quote(s))))
		} else {
			seed = n
		}
	}
	if !ok || len(errs.errs) > 0 {
		return nil, core.Rules{}, nil
	}
	v, err := resolve(name)
	if err != nil {
		errs.add(r.tagPos("Variant"), err)
		return nil, core.Rules{}, nil
	}
	if c, ok := r.Tag("Changes"); ok {
		if err := applyChanges(&v.Rules, c); err != nil {
			errs.add(r.tagPos("Changes"), err)
			return nil, core.Rules{}, nil
		}
		if err := v.Rules.Validate(); err != nil {
			errs.add(r.tagPos("Changes"), err)
			return nil, core.Rules{}, nil
		}
	}
	if want, ok := r.Tag("Rules"); ok && want != Digest(v.Rules) {
		errs.add(r.tagPos("Rules"), msg(core.MsgRecordRulesDiffer(name, Digest(v.Rules), want)))
		return nil, core.Rules{}, nil
	}
	if !needSeed {
		return nil, v.Rules, seats
	}
	var hooks core.Hooks
	if v.Hooks != nil {
		if hooks, err = v.Hooks(seed); err != nil {
			errs.add(r.tagPos("Variant"), err)
			return nil, core.Rules{}, nil
		}
	}
	g, err := core.NewGameWithHooks(v.Rules, hooks, seats, seed)
	if err != nil {
		errs.add(r.tagPos("Seats"), err)
		return nil, core.Rules{}, nil
	}
	return g, v.Rules, seats
}

func (r *Record) replay(resolve Resolver, errs *errorList) *core.Game {
	if v := r.View(); v != "all" {
		errs.add(r.tagPos("View"), msg(core.MsgRecordOneView(v)))
		return nil
	}
	g, rules, seats := r.begin(resolve, errs, true)
	if g == nil {
		return nil
	}
	ts := rules.Tiles
	for _, m := range r.Moves {
		if !r.apply(g, ts, seats, m, errs) {
			return g
		}
	}
	if want, ok := r.Tag("Result"); ok && want != result(g) {
		errs.add(r.tagPos("Result"), msg(core.MsgRecordTagDiffers("Result", strconv.Quote(want), strconv.Quote(result(g)))))
	}
	if want, ok := r.Tag("Totals"); ok && want != joinInts(g.Totals()) {
		errs.add(r.tagPos("Totals"), msg(core.MsgRecordTagDiffers("Totals", strconv.Quote(want), strconv.Quote(joinInts(g.Totals())))))
	}
	return g
}

// apply plays one move on g; false when it could not (the replay stops).
func (r *Record) apply(g *core.Game, ts core.TileSet, seats []string, m Move, errs *errorList) bool {
	fail := func(p Pos, err error) bool {
		errs.add(p, err)
		return false
	}
	switch m.Kind {
	case NextRound:
		if m.Round != g.Round()+1 {
			return fail(m.Pos, msg(core.MsgRecordRoundDiffers(m.Round, g.Round()+1)))
		}
		if err := g.Apply(core.Action{Kind: core.ActNextRound}); err != nil {
			return fail(m.Pos, err)
		}
		return true
	case SetUp:
		s, ok := r.setupOf(ts, seats, m.Setup, errs, true)
		if !ok {
			return false
		}
		if err := g.Apply(core.Action{Kind: core.ActSetup, Round: g.Round(), Seat: s.Current, Table: s.Table, Setup: &s}); err != nil {
			return fail(m.Pos, err)
		}
		return true
	}
	seat := slices.Index(seats, m.Seat)
	if seat < 0 {
		return fail(m.Pos, msg(core.MsgRecordUnknownSeat(strconv.Quote(m.Seat), strings.Join(seats, ", "))))
	}
	if m.Turn != g.Turn()+1 {
		errs.add(m.Pos, msg(core.MsgRecordTurnDiffers(m.Turn, g.Turn()+1, g.Round())))
	}
	a := core.Action{Kind: m.Kind.action(), Round: g.Round(), Seat: seat, Used: max(m.Used, 0)}
	tiles, err := parseTiles(ts, m.Tiles)
	if err != nil {
		return fail(at(m.Tiles.Pos, err), err)
	}
	if m.Kind == Play || m.Kind == FailedPlay {
		if a.Table, err = parseTable(ts, m.Table); err != nil {
			return fail(at(m.Table.Pos, err), err)
		}
	}
	if m.Kind != Play {
		a.Tiles = tiles
		if m.Kind == Draw || m.Kind == Timeout || m.Kind == FailedPlay {
			drawn := drawnBy(g, a) // what the seed draws
			if a.Tiles != nil && !slices.Equal(a.Tiles, drawn) {
				return fail(m.Tiles.Pos, msg(core.MsgRecordDrawnDiffers(m.Seat, tilesWords(a.Tiles), tilesWords(drawn))))
			}
			a.Tiles = drawn
		}
	}
	if err := g.Apply(a); err != nil {
		p := m.Pos
		if m.Kind == Play || m.Kind == FailedPlay {
			p = m.Table.Pos
		}
		return fail(p, err)
	}
	if m.Kind == Play {
		placed := g.LastTurn().Placed
		if !sameTiles(placed, tiles) {
			errs.add(m.Tiles.Pos, msg(core.MsgRecordPlacedDiffers(tilesWords(tiles), tilesWords(placed))))
		}
	}
	return true
}

// drawnBy is what action a (a draw, a timeout or a failed play whose tiles
// the record does not say) draws on g: found on a copy.
func drawnBy(g *core.Game, a core.Action) []core.Tile {
	c := g.Clone()
	switch a.Kind {
	case core.ActDraw:
		t, _ := c.Draw()
		return t
	case core.ActTimeout:
		t, _ := c.Timeout()
		return t
	case core.ActFailedPlay:
		var re *core.RuleError
		if errors.As(c.Play(a.Table), &re) {
			return re.Penalty
		}
	}
	return nil
}

// setupOf reads a setup block under ts; full asks every rack's tiles.
func (r *Record) setupOf(ts core.TileSet, seats []string, b *Setup, errs *errorList, full bool) (core.Setup, bool) {
	s := core.Setup{Racks: make([][]core.Tile, len(seats)), Pool: b.Pool, Turn: b.Turn, Opened: make([]bool, len(seats))}
	ok := true
	seen := make([]bool, len(seats))
	for _, rk := range b.Racks {
		i := slices.Index(seats, rk.Seat)
		if i < 0 {
			errs.add(rk.Pos, msg(core.MsgRecordUnknownSeat(strconv.Quote(rk.Seat), strings.Join(seats, ", "))))
			ok = false
			continue
		}
		seen[i] = true
		if rk.Tiles.Text == "" && full {
			errs.add(rk.Pos, msg(core.MsgRecordOneView(rk.Seat)))
			ok = false
			continue
		}
		t, err := parseTiles(ts, rk.Tiles)
		if err != nil {
			errs.add(at(rk.Tiles.Pos, err), err)
			ok = false
		}
		s.Racks[i] = t
	}
	for i, got := range seen {
		if !got {
			errs.add(b.Pos, msg(core.MsgRecordSetupRack(seats[i])))
			ok = false
		}
	}
	var err error
	if s.Table, err = parseTable(ts, b.Table); err != nil {
		errs.add(at(b.Table.Pos, err), err)
		ok = false
	}
	if s.Next, err = parseTiles(ts, b.Next); err != nil {
		errs.add(at(b.Next.Pos, err), err)
		ok = false
	}
	for _, o := range b.Opened {
		i := slices.Index(seats, o)
		if i < 0 {
			errs.add(b.Pos, msg(core.MsgRecordUnknownSeat(strconv.Quote(o), strings.Join(seats, ", "))))
			ok = false
			continue
		}
		s.Opened[i] = true
	}
	s.Current = slices.Index(seats, b.Current)
	if s.Current < 0 {
		errs.add(b.Pos, msg(core.MsgRecordUnknownSeat(strconv.Quote(b.Current), strings.Join(seats, ", "))))
		ok = false
	}
	return s, ok
}

// parseTiles reads tiles as written ("" is none).
func parseTiles(ts core.TileSet, n Notation) ([]core.Tile, error) {
	if strings.TrimSpace(n.Text) == "" {
		return nil, nil
	}
	return ts.ParseTiles(n.Text)
}

// parseTable reads a table as written ("-" is the empty table).
func parseTable(ts core.TileSet, n Notation) (core.Table, error) {
	if t := strings.TrimSpace(n.Text); t == "-" || t == "" {
		return core.Table{}, nil
	}
	return ts.ParseTable(n.Text)
}

// at places a notation error at its token: the notation's position moved
// on by the error's column.
func at(p Pos, err error) Pos {
	var pe *core.ParseError
	if errors.As(err, &pe) && pe.Column > 0 {
		p.Col += pe.Column - 1
	}
	return p
}

func sameTiles(a, b []core.Tile) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// tilesWords writes tiles for a message: "nothing" for none.
func tilesWords(ts []core.Tile) string {
	if len(ts) == 0 {
		return "-"
	}
	return tilesText(ts)
}
