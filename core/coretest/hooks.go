package coretest

import "github.com/meldlab/meldlab/core"

// Veto is core.Hooks whose only hook is check_play, a Go function: a house
// rule for tests that need one without Lua. A nil Veto allows every play.
type Veto func(v *core.View, after core.Table, placed []core.Tile) (ok bool, reason string)

func (Veto) Deal(*core.View) ([][]core.Tile, bool, error) { return nil, false, nil }
func (Veto) FirstPlayer(*core.View) (int, bool, error)    { return 0, false, nil }
func (f Veto) CheckPlay(v *core.View, after core.Table, placed []core.Tile) (bool, string, error) {
	if f == nil {
		return true, "", nil
	}
	ok, why := f(v, after, placed)
	return ok, why, nil
}
func (Veto) ScoreRound(*core.View, []int) ([]int, bool, error) { return nil, false, nil }
func (Veto) OnTurnEnd(*core.View) error                        { return nil }

// JokerSetsOnlyGrow is a house rule played in clubs: a set holding a joker
// may only grow. Each such set before the turn must lie whole in one set
// after it, joker included.
func JokerSetsOnlyGrow(v *core.View, after core.Table, _ []core.Tile) (bool, string) {
	for _, b := range v.Table {
		m := core.MultisetOf(b...)
		if m.Jokers() == 0 {
			continue
		}
		whole := false
		for _, a := range after {
			am := core.MultisetOf(a...)
			if am.Includes(&m) {
				whole = true
				break
			}
		}
		if !whole {
			return false, "a set with a joker may only grow: " + b.String()
		}
	}
	return true, ""
}
