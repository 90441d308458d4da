package repl

import (
	"errors"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// References to sets and tiles, as the editing commands take them:
//
//	3            set 3 (sets are numbered from 1, as table shows them)
//	[r4 r5 r6]   the set holding exactly these tiles, in any order
//	new          a new set at the end of the table (as a target)
//	3:2          set 3, before its 2nd tile (as a target), or its 2nd tile
//	3:r6         the tile r6 of set 3
//	r6           the tile r6, wherever it is on the table, if it is there once

// parseTile reads one tile of the game's box; the error names the token.
func (s *Session) parseTile(tok string) (core.Tile, error) {
	t, err := s.box().ParseTile(tok)
	if err != nil {
		var pe *core.ParseError
		if errors.As(err, &pe) {
			return core.NoTile, fail("repl.not_a_tile", "Token", strconv.Quote(tok), "Why", pe.Why)
		}
		return core.NoTile, err
	}
	return t, nil
}

// isTile reports whether tok reads as a tile.
func (s *Session) isTile(tok string) bool {
	_, err := s.box().ParseTile(tok)
	return err == nil
}

// parseSetRef reads a set by number or by notation.
func (s *Session) parseSetRef(tok string) (int, error) {
	if strings.HasPrefix(tok, "[") {
		set, err := s.box().ParseSet(tok)
		if err != nil {
			return 0, fail("repl.ref.bad_set", "Token", tok, "Error", err)
		}
		n := s.ws.FindSet(set)
		if n == 0 {
			return 0, fail("repl.ref.no_such_set", "Set", set)
		}
		return n, nil
	}
	n, err := strconv.Atoi(tok)
	if err != nil {
		return 0, fail("repl.ref.not_a_set", "Token", strconv.Quote(tok))
	}
	if n < 1 || n > s.ws.Sets() {
		return 0, s.ws.NoSet(n)
	}
	return n, nil
}

// parseTarget reads where tiles go: new, a set, or a set and a position.
func (s *Session) parseTarget(tok string) (Target, error) {
	if strings.EqualFold(tok, "new") {
		return Target{}, nil
	}
	setTok, posTok, hasPos := cutRef(tok)
	n, err := s.parseSetRef(setTok)
	if err != nil {
		return Target{}, err
	}
	if !hasPos {
		return Target{Set: n}, nil
	}
	size := len(s.ws.SetAt(n))
	pos, err := strconv.Atoi(posTok)
	if err != nil || pos < 1 || pos > size+1 {
		return Target{}, fail("repl.ref.position", "Token", strconv.Quote(tok), "Index", n, "Max", size+1)
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
func (s *Session) parseTableTile(tok string, inSet int) (TileRef, error) {
	setTok, tileTok, hasSet := cutRef(tok)
	set := inSet
	if hasSet {
		n, err := s.parseSetRef(setTok)
		if err != nil {
			return TileRef{}, err
		}
		set = n
	} else {
		tileTok = tok
	}
	if set > 0 {
		if pos, err := strconv.Atoi(tileTok); err == nil {
			size := len(s.ws.SetAt(set))
			if pos < 1 || pos > size {
				return TileRef{}, fail("repl.ref.tile_range", "Token", strconv.Quote(tok), "Index", set, "Set", s.ws.SetAt(set), "Max", size)
			}
			return TileRef{Set: set, Pos: pos}, nil
		}
	}
	t, err := s.parseTile(tileTok)
	if err != nil {
		return TileRef{}, err
	}
	at := s.ws.FindTile(t, set)
	switch {
	case len(at) == 0 && set > 0:
		return TileRef{}, fail("repl.ref.not_in_set", "Index", set, "Set", s.ws.SetAt(set), "Tile", t)
	case len(at) == 0:
		return TileRef{}, fail("repl.ref.not_on_table", "Tile", t)
	case set == 0 && len(at) > 1 && !sameSet(at):
		sets := make([]int, 0, len(at))
		for _, r := range at {
			sets = append(sets, r.Set)
		}
		return TileRef{}, fail("repl.ref.which", "Tile", t, "Sets", setList(sets), "Count", len(sets), "First", at[0].Set)
	}
	return at[0], nil
}

func sameSet(refs []TileRef) bool {
	for _, r := range refs {
		if r.Set != refs[0].Set {
			return false
		}
	}
	return true
}

// parseTakeTile reads a tile to take back. A bare tile on the table more
// than once is the one placed this turn when only one copy can be: copies
// in sets the turn left untouched were there before it, so they are not
// candidates (take b7 after putting a b7 beside a [b5 b6 b7] left alone).
func (s *Session) parseTakeTile(tok string) (TileRef, error) {
	ref, err := s.parseTableTile(tok, 0)
	if err == nil || strings.Contains(tok, ":") {
		return ref, err
	}
	t, terr := s.parseTile(tok)
	if terr != nil {
		return TileRef{}, err
	}
	var moved []TileRef
	for _, r := range s.ws.FindTile(t, 0) {
		if !s.ws.Untouched(r.Set) {
			moved = append(moved, r)
		}
	}
	if len(moved) > 0 && sameSet(moved) && s.ws.Placed().Count(t) > 0 {
		return moved[0], nil
	}
	return TileRef{}, err
}
