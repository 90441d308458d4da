// Package stage is the turn a person stages before it is played: the
// Workspace, a private copy of the table and the rack that edits (put,
// move, take, split, join) change all or nothing. It knows no Session.
package stage

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/view"
)

// Workspace is a turn in the making: a private copy of the table that the
// player rearranges like tiles under their hands, and the rack tiles not yet
// placed. Sets may be invalid on the way; only the engine's Play, at "done",
// judges the result. Every edit is all or nothing: an error leaves the
// workspace as it was.
//
// Sets are numbered from 1 in the order they lie. A new set goes to the end
// of the table, so the numbers of the others stay put; a set emptied by an
// edit is removed, and the sets after it move up by one. A set that an edit
// leaves valid is rewritten in canonical order (runs ascending), so tile
// positions read naturally.
type Workspace struct {
	rules core.SetRules
	// keep, when the rules let a player keep a freed joker
	// (Rules.Joker.Keep), says whether a staged table may send the jokers
	// it lacks to the rack (Game.CheckKeptJokers); nil when they never may.
	keep func(after core.Table) error

	start core.Table    // the table at the start of the turn
	rack  core.Multiset // the rack at the start of the turn
	table core.Table    // the staged table
	left  core.Multiset // the rack tiles not placed
	past  []edit        // the table and rack before each edit, the last edit's last (UndoEdit)
}

// edit is the staged turn as it was before an edit.
type edit struct {
	table core.Table
	left  core.Multiset
}

// NewWorkspace starts a turn on table with rack. With keep, a joker of the
// table may be taken to the rack when keep accepts the table without it
// (the Italian reading: once a tile it stood for, from the rack, replaced it).
func NewWorkspace(rules core.SetRules, table core.Table, rack core.Multiset, keep func(after core.Table) error) *Workspace {
	start := rules.Canonical(table)
	return &Workspace{rules: rules, keep: keep, start: start, rack: rack, table: start.Clone(), left: rack}
}

// Table is a copy of the staged table.
func (w *Workspace) Table() core.Table { return w.table.Clone() }

// Start is a copy of the table at the start of the turn.
func (w *Workspace) Start() core.Table { return w.start.Clone() }

// Left is the rack tiles not placed yet.
func (w *Workspace) Left() core.Multiset { return w.left }

// Placed is the rack tiles on the staged table.
func (w *Workspace) Placed() core.Multiset {
	onTable, before := w.table.Tiles(), w.start.Tiles()
	return onTable.Minus(&before)
}

// Shown is the staged table itself, not a copy, for a caller that only
// reads it at once (to show it) and changes nothing: a served table shows
// it at every line, and Table would copy it each time.
func (w *Workspace) Shown() core.Table { return w.table }

// Changed reports whether the staged table differs from the turn's start.
// (Its tiles all come from the box, and two of them write the same only if
// they are the same tile: comparing tiles says what comparing the tables'
// notation would, without writing it out at every line of a served table.)
func (w *Workspace) Changed() bool { return !w.table.Equal(w.start) }

// Reset puts every tile back where it was at the start of the turn.
func (w *Workspace) Reset() {
	w.table, w.left, w.past = w.start.Clone(), w.rack, nil
}

// UndoEdit takes back the last edit (a put, move, take, split or join);
// false when the turn has none since it began or was reset.
func (w *Workspace) UndoEdit() bool {
	n := len(w.past)
	if n == 0 {
		return false
	}
	w.table, w.left = w.past[n-1].table, w.past[n-1].left
	w.past = w.past[:n-1]
	return true
}

// Copy is a workspace as this one is, whose edits leave this one as it is.
func (w *Workspace) Copy() *Workspace {
	c := *w
	c.past = slices.Clip(c.past)
	return &c
}

// Edits is the number of edits UndoEdit can take back.
func (w *Workspace) Edits() int { return len(w.past) }

// Target is where an edit puts tiles: set Set (from 1), or a new set at the
// end of the table when Set is 0. Pos, from 1, inserts before the tile at
// that position (one past the end appends); 0 appends.
type Target struct{ Set, Pos int }

// String is the target as the commands write it: "3", "3:1", "new".
func (t Target) String() string {
	switch {
	case t.Set == 0:
		return "new"
	case t.Pos > 0:
		return fmt.Sprintf("%d:%d", t.Set, t.Pos)
	}
	return fmt.Sprint(t.Set)
}

// TileRef is a tile on the staged table: set Set, position Pos, both from 1.
type TileRef struct{ Set, Pos int }

// Put moves rack tiles onto the table, in the order given, into target.
func (w *Workspace) Put(tiles []core.Tile, to Target) error {
	if len(tiles) == 0 {
		return view.Fail(msg.ReplWsPutWhat())
	}
	left := w.left
	for _, t := range tiles {
		if !left.Remove(t) {
			return w.notOnRack(t, tiles)
		}
	}
	table := w.table.Clone()
	table, err := w.insert(table, tiles, to)
	if err != nil {
		return err
	}
	w.commit(table, left)
	return nil
}

// notOnRack explains a tile that is not on the rack: placed already, never
// there, or asked for more often than the rack holds it.
func (w *Workspace) notOnRack(t core.Tile, asked []core.Tile) error {
	n := 0
	for _, u := range asked {
		if u == t {
			n++
		}
	}
	have := w.left.Count(t)
	placed := w.Placed()
	switch {
	case have > 0:
		return view.Fail(msg.ReplWsHave(t, have, n))
	case placed.Count(t) > 0:
		return view.Fail(msg.ReplWsPlacedAlready(t))
	case w.rack.Count(t) > 0:
		return view.Fail(msg.ReplWsGone(t))
	}
	return view.Fail(msg.ReplWsNotOnRack(t, rackText(w.left)))
}

func rackText(m core.Multiset) string {
	if m.Len() == 0 {
		return "empty"
	}
	return m.String()
}

// Move moves tiles between sets: each ref's tile, in order, into target.
func (w *Workspace) Move(refs []TileRef, to Target) error {
	if len(refs) == 0 {
		return view.Fail(msg.ReplWsMoveWhat())
	}
	if to.Set < 0 || to.Set > len(w.table) {
		return w.NoSet(to.Set)
	}
	table := w.table.Clone()
	tiles, err := w.pick(table, refs)
	if err != nil {
		return err
	}
	// Insert first, then remove, so that set numbers mean what they meant
	// when the line was typed; the picked slots are blanked and swept after.
	table, err = w.insert(table, tiles, to)
	if err != nil {
		return err
	}
	w.commit(sweep(table), w.left)
	return nil
}

// Take puts tiles back on the rack: a tile placed this turn, or a joker the
// variant lets a player keep (Rules.Joker.Keep) once a tile it stood for,
// from the rack, has replaced it on the staged table: the replacement comes
// first, so that the take can be judged when it is typed.
func (w *Workspace) Take(refs []TileRef) error {
	if len(refs) == 0 {
		return view.Fail(msg.ReplWsTakeWhat())
	}
	table := w.table.Clone()
	tiles, err := w.pick(table, refs)
	if err != nil {
		return err
	}
	placed := w.Placed()
	left := w.left
	keeps := false // a joker of the table goes to the rack
	for _, t := range tiles {
		switch {
		case placed.Remove(t):
		case t.IsJoker() && w.keep != nil:
			keeps = true
		case t.IsJoker():
			return view.Fail(msg.ReplWsJokerStays())
		default:
			return view.Fail(msg.ReplWsTileStays(t))
		}
		left.Add(t)
	}
	table = sweep(table)
	if keeps {
		if err := w.keep(table); err != nil {
			return err
		}
	}
	w.commit(table, left)
	return nil
}

// Declare reads set, one numbered tile and jokers, as the group of that
// tile's number (its jokers declared J=13) or, group false, as the run its
// plain jokers make: the rulebooks ask the player who lays such a set to
// say which it is.
func (w *Workspace) Declare(set int, group bool) error {
	if set < 1 || set > len(w.table) {
		return w.NoSet(set)
	}
	s := w.table[set-1]
	var numbered core.Tile
	jokers := 0
	for _, t := range s {
		switch {
		case t.IsJoker():
			jokers++
		case numbered != core.NoTile:
			return view.Fail(msg.ReplWsDeclareWhat(set, s))
		default:
			numbered = t
		}
	}
	if numbered == core.NoTile || jokers == 0 {
		return view.Fail(msg.ReplWsDeclareWhat(set, s))
	}
	table := w.table.Clone()
	out := make(core.Set, 0, len(s))
	for _, t := range s {
		switch {
		case !t.IsJoker():
			out = append(out, t)
		case group:
			out = append(out, core.GroupJoker(numbered.Number()))
		default:
			out = append(out, core.Joker)
		}
	}
	table[set-1] = out
	w.commit(table, w.left)
	return nil
}

// Split cuts set at position pos (from 1): the tiles from pos on become a new
// set at the end of the table.
func (w *Workspace) Split(set, pos int) error {
	if set < 1 || set > len(w.table) {
		return w.NoSet(set)
	}
	s := w.table[set-1]
	if pos < 1 || pos > len(s) {
		return view.Fail(msg.ReplWsNoTile(set, s, len(s), pos))
	}
	if pos == 1 {
		return view.Fail(msg.ReplWsSplitFirst(s[0], set, s, s[min(1, len(s)-1)]))
	}
	table := w.table.Clone()
	head, tail := table[set-1][:pos-1:pos-1], append(core.Set(nil), table[set-1][pos-1:]...)
	table[set-1] = head
	table = append(table, tail)
	w.commit(table, w.left)
	return nil
}

// Join merges sets into the first of them, in the order given; the others
// leave the table, and the sets after them move up.
func (w *Workspace) Join(sets []int) error {
	if len(sets) < 2 {
		return view.Fail(msg.ReplWsJoinWhat())
	}
	seen := map[int]bool{}
	for _, n := range sets {
		if n < 1 || n > len(w.table) {
			return w.NoSet(n)
		}
		if seen[n] {
			return view.Fail(msg.ReplWsSetTwice(n))
		}
		seen[n] = true
	}
	table := w.table.Clone()
	first := sets[0] - 1
	for _, n := range sets[1:] {
		table[first] = append(table[first], table[n-1]...)
		table[n-1] = nil
	}
	w.commit(removeEmpty(table), w.left)
	return nil
}

// pick takes the referenced tiles out of table, leaving NoTile in their
// places (so positions stay meaningful until sweep), and returns them.
func (w *Workspace) pick(table core.Table, refs []TileRef) ([]core.Tile, error) {
	out := make([]core.Tile, 0, len(refs))
	for _, r := range refs {
		if r.Set < 1 || r.Set > len(table) {
			return nil, w.NoSet(r.Set)
		}
		s := table[r.Set-1]
		if r.Pos < 1 || r.Pos > len(s) {
			return nil, view.Fail(msg.ReplWsNoTile(r.Set, w.table[r.Set-1], len(s), r.Pos))
		}
		if s[r.Pos-1] == core.NoTile {
			return nil, view.Fail(msg.ReplWsTileTwice(r.Set, r.Pos))
		}
		// a joker that leaves its set leaves its declaration there: a
		// declared reading lasts until the set changes
		out = append(out, s[r.Pos-1].Plain())
		s[r.Pos-1] = core.NoTile
	}
	return out, nil
}

// insert puts tiles into table at to; a new set goes to the end.
func (w *Workspace) insert(table core.Table, tiles []core.Tile, to Target) (core.Table, error) {
	if to.Set == 0 {
		return append(table, append(core.Set(nil), tiles...)), nil
	}
	if to.Set < 0 || to.Set > len(table) {
		return nil, w.NoSet(to.Set)
	}
	s := table[to.Set-1]
	pos := to.Pos
	if pos == 0 {
		pos = len(s) + 1
	}
	if pos < 1 || pos > len(s)+1 {
		return nil, view.Fail(msg.ReplWsPositions(to.Set, len(s), len(s)+1))
	}
	out := make(core.Set, 0, len(s)+len(tiles))
	out = append(out, s[:pos-1]...)
	out = append(out, tiles...)
	out = append(out, s[pos-1:]...)
	table[to.Set-1] = out
	return table, nil
}

// NoSet is the error for a set number n the staged table does not have.
func (w *Workspace) NoSet(n int) error {
	switch len(w.table) {
	case 0:
		return view.Fail(msg.ReplWsNoSetEmpty(n))
	case 1:
		return view.Fail(msg.ReplWsNoSetOne(n))
	}
	return view.Fail(msg.ReplWsNoSet(n, len(w.table)))
}

// sweep drops the NoTile holes pick left, and the sets left empty.
func sweep(table core.Table) core.Table {
	for i, s := range table {
		table[i] = slices.DeleteFunc(s, func(t core.Tile) bool { return t == core.NoTile })
	}
	return removeEmpty(table)
}

func removeEmpty(table core.Table) core.Table {
	return slices.DeleteFunc(table, func(s core.Set) bool { return len(s) == 0 })
}

// commit installs an edit's result, rewriting each valid set canonically.
// Sets start canonical (NewWorkspace), so this touches only the sets the
// edit changed, and it never moves a joker: canonical order keeps what each
// joker stands for.
func (w *Workspace) commit(table core.Table, left core.Multiset) {
	for i, s := range table {
		if info, err := w.rules.Validate(s); err == nil {
			table[i] = info.Canonical(s, w.rules.Numbers)
		}
	}
	w.past = append(w.past, edit{w.table, w.left})
	w.table, w.left = table, left
}

// FindSet finds the staged set holding exactly the tiles of s (in any
// order), for set references written in notation; 0 if none.
func (w *Workspace) FindSet(s core.Set) int {
	want := core.MultisetOf(s...)
	for i, t := range w.table {
		if core.MultisetOf(t...) == want {
			return i + 1
		}
	}
	return 0
}

// FindTile lists the positions of tile t on the staged table, within set (from
// 1) or, with set 0, anywhere.
func (w *Workspace) FindTile(t core.Tile, set int) []TileRef {
	var out []TileRef
	for i, s := range w.table {
		if set != 0 && i+1 != set {
			continue
		}
		for j, u := range s {
			if u == t {
				out = append(out, TileRef{i + 1, j + 1})
			}
		}
	}
	return out
}

// Untouched reports whether staged set n (from 1) holds exactly the tiles
// of a set of the turn's start: a set the turn has not changed.
func (w *Workspace) Untouched(n int) bool {
	if n < 1 || n > len(w.table) {
		return false
	}
	want := core.MultisetOf(w.table[n-1]...)
	for _, s := range w.start {
		if core.MultisetOf(s...) == want {
			return true
		}
	}
	return false
}

// Sets is the number of staged sets.
func (w *Workspace) Sets() int { return len(w.table) }

// SetAt is a copy of staged set n (from 1), nil if there is none.
func (w *Workspace) SetAt(n int) core.Set {
	if n < 1 || n > len(w.table) {
		return nil
	}
	return append(core.Set(nil), w.table[n-1]...)
}

// SetNumbers are the staged sets' numbers as a reference writes them: "1",
// "2", ...
func (w *Workspace) SetNumbers() []string {
	out := make([]string, len(w.table))
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// TileRefs are every tile of the staged table as SET:TILE, as "2:r6".
func (w *Workspace) TileRefs() []string {
	var out []string
	for n, set := range w.table {
		for _, t := range set {
			out = append(out, fmt.Sprintf("%d:%s", n+1, t))
		}
	}
	return out
}
