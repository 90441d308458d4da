package table

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/view"
)

// Scenario is the round's layout as it is, for setup to change one part
// of: the table, the racks, who is to play, who has opened, and the pool
// kept (KeptPool).
func (t *Table) Scenario() core.Setup {
	g := t.game
	sc := core.Setup{Table: g.Table(), Current: g.Current(), Pool: t.KeptPool()}
	if g.RoundOver() {
		sc.Current = 0
	}
	for i := range g.Players() {
		rack := g.Rack(i)
		sc.Racks = append(sc.Racks, rack.Tiles())
		sc.Opened = append(sc.Opened, g.Opened(i))
	}
	return sc
}

// KeptPool is the pool size a setup keeps: the tiles now in the pool, when
// that many remain free; Game.Setup sets the rest aside.
func (t *Table) KeptPool() int {
	if aside := t.game.SetAside(); aside.Len() == 0 {
		return -1 // nothing set aside yet: every free tile stays drawable
	}
	return t.game.Pool()
}

// MakeRoom lets a scenario have the tiles it names even when the deal put
// them on racks no setup has laid out (fixed reports the racks that were):
// such a rack gives up each tile the scenario needs beyond the box's
// copies, for a free tile of the box drawn with rng. Racks a setup laid
// out are never changed, so a scenario that really asks for too many
// copies still gets the referee's error.
func MakeRoom(box core.TileSet, sc *core.Setup, fixed func(seat int) bool, rng *rand.Rand) {
	var used core.Multiset
	for _, set := range sc.Table {
		for _, t := range set {
			used.Add(t)
		}
	}
	for _, rack := range sc.Racks {
		for _, t := range rack {
			used.Add(t)
		}
	}
	short := false
	for _, t := range box.Kinds() {
		short = short || used.Count(t) > box.CopiesOf(t)
	}
	if !short {
		return
	}
	full := box.Full()
	free := full.Minus(&used)
	spare := free.Tiles()
	rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	for seat, rack := range sc.Racks {
		if fixed(seat) {
			continue
		}
		for i, t := range rack {
			if used.Count(t) <= box.CopiesOf(t) || len(spare) == 0 {
				continue
			}
			used.Remove(t)
			rack[i], spare = spare[0], spare[1:]
			used.Add(rack[i])
		}
	}
}

// ParseSetup reads the arguments of setup, which changes one part of the
// round's layout: "rack [SEAT] TILE...", "table SETS" (rest is the line
// after the command's name, for the sets as typed), "turn SEAT", "opened
// SEAT...|none" or "pool N". It gives the scenario with that part changed,
// for Setup, and the seat whose rack it lays out (-1: none).
func (t *Table) ParseSetup(args []string, rest string) (core.Setup, int, error) {
	if len(args) == 0 {
		return core.Setup{}, -1, view.Fail(msg.ReplUsageSetup())
	}
	g := t.game
	if g.MatchOver() {
		return core.Setup{}, -1, view.Fail(msg.ReplMatchIsOver())
	}
	n := g.Players()
	sc := t.Scenario()
	ops := args[1:]
	laying := -1 // the seat whose rack this setup lays out
	seatArg := func(tok string) (int, error) {
		k, err := strconv.Atoi(tok)
		if err != nil || k < 1 || k > n {
			return 0, view.Fail(msg.ReplSetupSeat(strconv.Quote(tok), n))
		}
		return k - 1, nil
	}
	switch strings.ToLower(args[0]) {
	case "rack":
		who := sc.Current
		if _, err := strconv.ParseUint(first(ops), 10, 64); err == nil { // a seat first, then the tiles
			k, err := seatArg(ops[0])
			if err != nil {
				return core.Setup{}, -1, err
			}
			who, ops = k, ops[1:]
		}
		tiles, err := t.Refs().Tiles(ops)
		if err != nil {
			return core.Setup{}, -1, err
		}
		sc.Racks[who] = tiles
		laying = who
	case "table":
		sets, err := g.Rules.Tiles.ParseTable(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), args[0])))
		if err != nil {
			return core.Setup{}, -1, view.Fail(msg.ReplSetupTable(err))
		}
		sc.Table = sets
	case "turn":
		if len(ops) != 1 {
			return core.Setup{}, -1, view.Fail(msg.ReplUsageSetupTurn())
		}
		k, err := seatArg(ops[0])
		if err != nil {
			return core.Setup{}, -1, err
		}
		sc.Current = k
	case "opened":
		if len(ops) == 0 {
			return core.Setup{}, -1, view.Fail(msg.ReplUsageSetupOpened())
		}
		sc.Opened = make([]bool, n)
		if !(len(ops) == 1 && strings.EqualFold(ops[0], "none")) {
			for _, a := range ops {
				k, err := seatArg(a)
				if err != nil {
					return core.Setup{}, -1, err
				}
				sc.Opened[k] = true
			}
		}
	case "pool":
		if len(ops) != 1 {
			return core.Setup{}, -1, view.Fail(msg.ReplUsageSetupPool())
		}
		k, err := strconv.Atoi(ops[0])
		if err != nil || k < 0 {
			return core.Setup{}, -1, view.Fail(msg.ReplSetupPool(strconv.Quote(ops[0])))
		}
		sc.Pool = k
	default:
		return core.Setup{}, -1, view.Fail(msg.ReplSetupWhat(args[0]))
	}
	return sc, laying, nil
}

// Refs reads the editing commands' references to tiles of the variant's
// box and to the staged table.
func (t *Table) Refs() stage.Reader {
	r := stage.Reader{Box: core.StandardTiles, WS: t.ws}
	if t.game != nil {
		r.Box = t.game.Rules.Tiles
	}
	return r
}

// first is the first of args, "" when there is none.
func first(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}
