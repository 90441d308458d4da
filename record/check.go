package record

import (
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// Check checks a record. One of every seat's view is replayed (Game). One
// of a seat's view (View names the seat: a real game typed in by one
// player, the others' racks and draws unknown) is followed as far as what
// it shows allows: every set on the table valid under the variant, a play
// that only adds tiles to the table, the tiles it names the ones it adds,
// the viewer's plays from the viewer's rack (its known tiles, and as many
// unknown ones as it drew unseen), no seat placing more tiles than it
// holds, and an initial meld of new sets worth the variant's points. What
// it cannot see (a joker freed to a rack, a rule of the variant's hooks)
// it takes on trust. Every problem is reported, each at its line and
// column.
func (r *Record) Check(resolve Resolver) error {
	errs := &errorList{file: r.Name}
	if r.View() == "all" {
		r.replay(resolve, errs)
		return errs.err()
	}
	_, rules, seats := r.begin(resolve, errs, false)
	if seats == nil {
		return errs.err()
	}
	f := follower{r: r, rules: rules, sets: rules.SetRules(), seats: seats, errs: errs,
		viewer: slices.Index(seats, r.View()), count: make([]int, len(seats)), opened: make([]bool, len(seats)), begun: false}
	for _, m := range r.Moves {
		f.move(m)
	}
	return errs.err()
}

// follower follows one seat's view of a game.
type follower struct {
	r      *Record
	rules  core.Rules
	sets   core.SetRules
	seats  []string
	errs   *errorList
	viewer int

	begun  bool          // a setup has laid the round out
	table  core.Table    // the table now
	rack   core.Multiset // the viewer's known tiles
	unseen int           // tiles the viewer drew that the record does not name
	count  []int         // tiles each seat holds
	opened []bool
}

func (f *follower) move(m Move) {
	ts := f.rules.Tiles
	switch m.Kind {
	case NextRound:
		f.begun = false
		return
	case SetUp:
		s, ok := f.r.setupOf(ts, f.seats, m.Setup, f.errs, false)
		if !ok {
			return
		}
		f.begun, f.table, f.unseen = true, s.Table, 0
		f.rack = core.Multiset{}
		for i, b := range m.Setup.Racks {
			if seat := slices.Index(f.seats, b.Seat); seat >= 0 {
				f.count[seat] = len(s.Racks[seat]) + b.Hidden
				if seat == f.viewer {
					for _, t := range s.Racks[seat] {
						f.rack.Add(t)
					}
					f.unseen = b.Hidden
				}
			}
			_ = i
		}
		copy(f.opened, s.Opened)
		f.checkTable(m.Setup.Table.Pos, s.Table)
		return
	}
	if !f.begun {
		f.errs.add(m.Pos, msg(core.MsgRecordViewNeedsSetup()))
		f.begun = true // said once a round
		return
	}
	seat := slices.Index(f.seats, m.Seat)
	if seat < 0 {
		f.errs.add(m.Pos, msg(core.MsgRecordUnknownSeat(strconv.Quote(m.Seat), strings.Join(f.seats, ", "))))
		return
	}
	tiles, err := parseTiles(ts, m.Tiles)
	if err != nil {
		f.errs.add(at(m.Tiles.Pos, err), err)
		return
	}
	switch m.Kind {
	case Draw, Timeout, FailedPlay:
		n := len(tiles)
		if n == 0 {
			n = f.rules.Draw.Tiles
			if m.Kind == Timeout {
				n = f.rules.TimeLimit.PenaltyTiles
			} else if m.Kind == FailedPlay {
				n = f.rules.FailedPlay.PenaltyTiles
			} else if f.opened[seat] && f.rules.Draw.TilesOpened > 0 {
				n = f.rules.Draw.TilesOpened
			}
		}
		f.count[seat] += n
		if seat == f.viewer {
			if len(tiles) == 0 {
				f.unseen += n
			}
			for _, t := range tiles {
				f.rack.Add(t)
			}
		}
	case Play:
		f.play(m, seat, tiles)
	}
}

// play follows a play: what it adds to the table, from whose rack.
func (f *follower) play(m Move, seat int, written []core.Tile) {
	after, err := parseTable(f.rules.Tiles, m.Table)
	if err != nil {
		f.errs.add(at(m.Table.Pos, err), err)
		return
	}
	if !f.checkTable(m.Table.Pos, after) {
		return
	}
	before, now := f.table.Tiles(), after.Tiles()
	if !now.Includes(&before) {
		lost := before.Minus(&now)
		// A joker may leave the table for the rack under joker.keep.
		if lost.Len() != lost.Jokers() || !f.rules.Joker.Keep {
			f.errs.add(m.Table.Pos, msg(core.MsgRecordTableTakes(tilesWords(lost.Tiles()))))
			return
		}
	}
	added := now.Minus(&before)
	if !sameTiles(added.Tiles(), written) {
		f.errs.add(m.Tiles.Pos, msg(core.MsgRecordPlacedDiffers(tilesWords(written), tilesWords(added.Tiles()))))
	}
	if added.Len() > f.count[seat] {
		f.errs.add(m.Tiles.Pos, msg(core.MsgRecordRackCount(f.seats[seat], f.count[seat], added.Len())))
	}
	if seat == f.viewer {
		missing := added.Minus(&f.rack)
		if missing.Len() > f.unseen {
			f.errs.add(m.Tiles.Pos, msg(core.MsgRecordNotOnRack(f.seats[seat], tilesWords(missing.Tiles()))))
		}
		f.unseen -= min(missing.Len(), f.unseen)
		f.rack = f.rack.Minus(&added)
	}
	if !f.opened[seat] {
		f.opening(m, seat, after)
	}
	f.count[seat] = max(f.count[seat]-added.Len(), 0)
	f.table = after
}

// opening checks an initial meld: the table's sets left as they were, the
// new ones worth the variant's points.
func (f *follower) opening(m Move, seat int, after core.Table) {
	f.opened[seat] = true
	rest := slices.Clone(after)
	for _, s := range f.table {
		i := slices.IndexFunc(rest, func(t core.Set) bool { return sameTiles(t, s) })
		if i < 0 {
			f.errs.add(m.Table.Pos, msg(core.MsgRecordOpeningTouch()))
			return
		}
		rest = slices.Delete(rest, i, i+1)
	}
	value := 0
	for _, s := range rest {
		info, err := f.sets.Validate(s)
		if err != nil {
			return
		}
		value += info.Value
		if f.rules.Opening.JokerValue == core.Zero {
			for _, t := range info.JokerTiles() {
				value -= t.Number()
			}
		}
	}
	if value < f.rules.Opening.Points {
		f.errs.add(m.Table.Pos, msg(core.MsgRecordOpeningShort(f.seats[seat], value, f.rules.Opening.Points)))
	}
}

// checkTable reports the first invalid set of a table.
func (f *follower) checkTable(p Pos, t core.Table) bool {
	if err := f.sets.ValidateTable(t); err != nil {
		f.errs.add(p, err)
		return false
	}
	return true
}
