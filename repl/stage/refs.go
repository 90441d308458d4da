package stage

import (
	"errors"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/view"
)

// Reader reads the references the editing commands take to tiles of the
// box (Box) and sets and tiles of the staged table (WS); its errors name
// the token and say what is wrong, in the learner's words.
type Reader struct {
	Box core.TileSet
	WS  *Workspace // nil: only tiles can be read
}

// References to sets and tiles, as the editing commands take them:
//
//	3            set 3 (sets are numbered from 1, as table shows them)
//	[r4 r5 r6]   the set holding exactly these tiles, in any order
//	new          a new set at the end of the table (as a target)
//	3:2          set 3, before its 2nd tile (as a target), or its 2nd tile
//	3:r6         the tile r6 of set 3
//	r6           the tile r6, wherever it is on the table, if it is there once

// parseTile reads one tile of the game's box; the error names the token.
func (r Reader) Tile(tok string) (core.Tile, error) {
	t, err := r.Box.ParseTile(tok)
	if err != nil {
		var pe *core.ParseError
		if errors.As(err, &pe) {
			return core.NoTile, view.Fail(msg.ReplNotATile(strconv.Quote(tok), pe.Why))
		}
		return core.NoTile, err
	}
	return t, nil
}

// isTile reports whether tok reads as a tile.
func (r Reader) IsTile(tok string) bool {
	_, err := r.Box.ParseTile(tok)
	return err == nil
}

// parseSetRef reads a set by number or by notation.
func (r Reader) SetRef(tok string) (int, error) {
	if strings.HasPrefix(tok, "[") {
		set, err := r.Box.ParseSet(tok)
		if err != nil {
			return 0, view.Fail(msg.ReplRefBadSet(tok, err))
		}
		n := r.WS.FindSet(set)
		if n == 0 {
			return 0, view.Fail(msg.ReplRefNoSuchSet(set))
		}
		return n, nil
	}
	n, err := strconv.Atoi(tok)
	if err != nil {
		return 0, view.Fail(msg.ReplRefNotASet(strconv.Quote(tok)))
	}
	if n < 1 || n > r.WS.Sets() {
		return 0, r.WS.NoSet(n)
	}
	return n, nil
}

// parseTarget reads where tiles go: new, a set, or a set and a position.
func (r Reader) Target(tok string) (Target, error) {
	if strings.EqualFold(tok, "new") {
		return Target{}, nil
	}
	setTok, posTok, hasPos := cutRef(tok)
	n, err := r.SetRef(setTok)
	if err != nil {
		return Target{}, err
	}
	if !hasPos {
		return Target{Set: n}, nil
	}
	size := len(r.WS.SetAt(n))
	pos, err := strconv.Atoi(posTok)
	if err != nil || pos < 1 || pos > size+1 {
		return Target{}, view.Fail(msg.ReplRefPosition(strconv.Quote(tok), n, size+1))
	}
	return Target{Set: n, Pos: pos}, nil
}

// cutRef splits "3:r6" or "[r4 r5 r6]:2" at the colon after the set.
func cutRef(tok string) (set, rest string, ok bool) {
	if strings.HasPrefix(tok, "[") {
		if i := strings.Index(tok, "]"); i >= 0 {
			if i+1 < len(tok) && tok[i+1] == ':' {
				return tok[:i+1], tok[i+2:], true
			}
			return tok, "", false
		}
	}
	return strings.Cut(tok, ":")
}

// parseTableTile reads a tile on the staged table: SET:TILE, SET:POS, or a
// bare TILE that is on the table once. With inSet (from 1) a bare tile is
// looked for in that set only (move b8 from 2 to 5).
func (r Reader) TableTile(tok string, inSet int) (TileRef, error) {
	setTok, tileTok, hasSet := cutRef(tok)
	set := inSet
	if hasSet {
		n, err := r.SetRef(setTok)
		if err != nil {
			return TileRef{}, err
		}
		set = n
	} else {
		tileTok = tok
	}
	if set > 0 {
		if pos, err := strconv.Atoi(tileTok); err == nil {
			size := len(r.WS.SetAt(set))
			if pos < 1 || pos > size {
				return TileRef{}, view.Fail(msg.ReplRefTileRange(strconv.Quote(tok), set, r.WS.SetAt(set), size))
			}
			return TileRef{Set: set, Pos: pos}, nil
		}
	}
	t, err := r.Tile(tileTok)
	if err != nil {
		return TileRef{}, err
	}
	at := r.WS.FindTile(t, set)
	switch {
	case len(at) == 0 && set > 0:
		return TileRef{}, view.Fail(msg.ReplRefNotInSet(set, r.WS.SetAt(set), t))
	case len(at) == 0:
		return TileRef{}, view.Fail(msg.ReplRefNotOnTable(t))
	case set == 0 && len(at) > 1 && !sameSet(at):
		sets := make([]int, 0, len(at))
		for _, ref := range at {
			sets = append(sets, ref.Set)
		}
		return TileRef{}, view.Fail(msg.ReplRefWhich(t, len(sets), SetList(sets), at[0].Set))
	}
	return at[0], nil
}

func sameSet(refs []TileRef) bool {
	for _, ref := range refs {
		if ref.Set != refs[0].Set {
			return false
		}
	}
	return true
}

// parseTakeTile reads a tile to take back. A bare tile on the table more
// than once is the one placed this turn when only one copy can be: copies
// in sets the turn left untouched were there before it, so they are not
// candidates (take b7 after putting a b7 beside a [b5 b6 b7] left alone).
func (r Reader) TakeTile(tok string) (TileRef, error) {
	ref, err := r.TableTile(tok, 0)
	if err == nil || strings.Contains(tok, ":") {
		return ref, err
	}
	t, terr := r.Tile(tok)
	if terr != nil {
		return TileRef{}, err
	}
	var moved []TileRef
	for _, ref := range r.WS.FindTile(t, 0) {
		if !r.WS.Untouched(ref.Set) {
			moved = append(moved, ref)
		}
	}
	if len(moved) > 0 && sameSet(moved) && r.WS.Placed().Count(t) > 0 {
		return moved[0], nil
	}
	return TileRef{}, err
}

// Tiles reads rack tiles, naming the first bad token.
func (r Reader) Tiles(toks []string) ([]core.Tile, error) {
	out := make([]core.Tile, 0, len(toks))
	for _, tok := range toks {
		t, err := r.Tile(tok)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// SetList lists set numbers as a sentence does: "2", "2 and 5".
func SetList(ns []int) core.List {
	items := make([]any, len(ns))
	for i, n := range ns {
		items[i] = n
	}
	return core.List{Items: items}
}
