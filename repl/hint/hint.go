// Package hint is the solver's hint: the best turn the variant allows from
// the table as the turn began, and the puts and moves (stage.Plan) that
// lead there, checked on a rehearsal of the table (a copy, never the game)
// before they are taught. The browser gets them as typed commands; the
// terminal reads them as lines.
package hint

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/tell"
	"github.com/meldlab/meldlab/repl/view"
)

// Reply is a hint as a page draws it: the lesson's own hint, or the
// solver's best turn as the moves that make it.
type Reply struct {
	Lesson    string            // a lesson's hint, in the learner's words
	K, Of     int               // which of the lesson's hints it is
	None      bool              // no play: the solver found nothing to place
	Steps     []command.Command // the moves, from the staged table (or its start, FromStart)
	FromStart bool              // the staged table does not lead to the hint's: start the turn again first
	Table     core.Table        // the table the whole turn makes
	Placed    []core.Tile       // the rack tiles it places
	Points    int               // what they count on the table
}

// ErrNotKept is Give's answer when its keep refused the solver's play.
var ErrNotKept = errors.New("hint: the play found is not the one asked for")

// Give tells the best turn the variant allows to the person to play on
// tab, the solver given limit (0: 5 seconds); with step, the moves lead
// there from the staged table as it is, when they can (a page shows the
// first one).
//
// With keep, a solver's play keep refuses (a lesson's, say: a lesson never
// asks for a draw, nor for a play it would refuse) is not told: Give
// returns ErrNotKept and tells nothing.
func Give(ctx context.Context, t *tell.Teller, tab *table.Table, limit time.Duration, step bool, keep func(solve.Result) bool) (*Reply, error) {
	g := tab.Game()
	if drawn := g.DrawnTile(); drawn != core.NoTile {
		return nil, view.Fail(msg.ReplHintDrew(drawn))
	}
	cur := g.Current()
	if limit <= 0 {
		limit = 5 * time.Second
	}
	sctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := tab.Stage().Start()
	// The referee judges each play the solver proposes: the hint is the
	// best play the variant allows, its hooks and joker rules included.
	res, err := tab.Solver().Legal(sctx, solve.Problem{
		Rules: g.Rules, Table: start, Rack: g.Rack(cur),
		Opened: g.Opened(cur), Locked: g.View(cur).Locked, Objective: solve.Tiles,
	}, g, solve.Limits{})
	if err != nil {
		return nil, fmt.Errorf("hint: %w", err)
	}
	if ctx.Err() != nil {
		return nil, view.Fail(msg.ReplHintStopped())
	}
	if keep != nil && !keep(res) {
		return nil, ErrNotKept
	}
	if len(res.Placed) == 0 {
		if !g.Opened(cur) {
			t.Wrap("  ", msg.ReplHintNoMeld(g.Rules.Opening.Points))
		} else {
			t.Wrap("  ", msg.ReplHintNothing())
		}
		return &Reply{None: true}, nil
	}
	steps := stage.Plan(start, res.Table)
	res, steps = fewerSteps(sctx, tab.Solver(), g, start, res, steps)
	var b strings.Builder
	worth, stands := placedWorth(g.Rules.SetRules(), start, res.Table, res.Placed)
	h := &Reply{Table: g.Rules.SetRules().Canonical(res.Table), Placed: res.Placed, Points: worth}
	if step {
		// From the table as the person left it, when it leads there.
		from, plan := tab.Rehearsal(), steps
		if tab.Stage().Changed() {
			from, plan = tab.RehearsalAsStaged(), stage.Plan(tab.Stage().Table(), res.Table)
		}
		if cmds, ok := Commands(from, plan, res.Table); ok {
			h.Steps = cmds
			if len(plan) == 0 {
				t.Printf("%s\n", t.Say(msg.ReplHintStepDone()))
			} else {
				t.Printf("%s\n", t.Say(msg.ReplHintStep(plan[0].String())))
			}
			return h, nil
		}
		h.FromStart = true
	}
	b.WriteString(t.Say(msg.ReplHintPlace(res.Tiles, t.Paint.Tiles(res.Placed), worth, stands, res.CutShort && res.Refused == 0)) + "\n")
	if res.Kept > 0 {
		b.WriteString(view.Wrap(t.Say(msg.ReplHintKept(res.Kept)), view.Width, "  "))
	}
	if res.Refused > 0 && !res.Optimal {
		b.WriteString(view.Wrap(t.Say(msg.ReplHintRefused(core.VariantName(g.Rules.Name), res.Refused)), view.Width, "  "))
	}
	if tab.Stage().Changed() {
		b.WriteString(view.Wrap(t.Say(msg.ReplHintFromStart()), view.Width, " "))
	}
	if cmds, ok := Commands(tab.Rehearsal(), steps, res.Table); ok {
		h.Steps = cmds
		for _, st := range steps {
			fmt.Fprintf(&b, "  %s\n", st)
		}
		b.WriteString("  done\n")
	} else {
		fmt.Fprintf(&b, "  play %s\n", res.Table)
	}
	t.Paint.TableHeaded(&b, h.Table, g.Rules.SetRules(), msg.ReplHintAfter(), msg.ReplHintAfterEmpty())
	t.Printf("%s", b.String())
	return h, nil
}

// fewerSteps keeps a hint from teaching needless moves: the search's
// arrangement may rebuild sets the play does not need to touch (seed
// 975239: two moves before the one put that places o11 o12 o13). The same
// search with the table's sets left as they are (new sets only) is tried
// too, and its play taken when it places as many tiles in fewer steps.
func fewerSteps(ctx context.Context, tables *solve.Tables, g *core.Game, start core.Table, res solve.Result, steps []stage.Edit) (solve.Result, []stage.Edit) {
	cur := g.Current()
	if !g.Opened(cur) || g.View(cur).Locked || len(steps) <= 1 {
		return res, steps
	}
	alt, err := tables.Legal(ctx, solve.Problem{
		Rules: g.Rules, Table: start, Rack: g.Rack(cur),
		Opened: true, Locked: true, Objective: solve.Tiles,
	}, g, solve.Limits{})
	if err != nil || ctx.Err() != nil || alt.Tiles < res.Tiles || len(alt.Placed) == 0 {
		return res, steps
	}
	if altSteps := stage.Plan(start, alt.Table); len(altSteps) < len(steps) {
		return alt, altSteps
	}
	return res, steps
}

// placedWorth says what the placed tiles count on the table, as the
// initial meld counts them: each number, and each joker the tile it stands
// for in its set: "worth 13 points on the table (J stands for r7)".
func placedWorth(sr core.SetRules, before, after core.Table, placed []core.Tile) (int, core.List) {
	sum, jokers := 0, 0
	for _, t := range placed {
		if t.IsJoker() {
			jokers++
			continue
		}
		sum += t.Number()
	}
	var stands []any
	if jokers > 0 {
		// The placed jokers are in the sets the play made or changed.
		r := view.ReportTurn(sr, "", 0, 0, core.ActPlay, before, after)
		for _, set := range r.Made {
			info, err := sr.Validate(set)
			if err != nil {
				continue
			}
			for _, as := range info.JokerTiles() {
				if len(stands) < jokers {
					sum += as.Number()
					stands = append(stands, as)
				}
			}
		}
	}
	return sum, core.List{Items: stands}
}

// Commands turns the steps into commands and runs them on the
// rehearsal's staged turn (a copy of the table, not of the session); false
// when they fail or do not lead to want (the same sets, in any order).
func Commands(rehearsal *table.Table, steps []stage.Edit, want core.Table) ([]command.Command, bool) {
	ws := rehearsal.Stage()
	out := make([]command.Command, 0, len(steps))
	for _, st := range steps {
		var c command.Command
		if st.From == nil {
			c = command.Put{Tiles: st.Tiles, To: st.To}
			if err := ws.Put(st.Tiles, st.To); err != nil {
				return nil, false
			}
		} else {
			refs := make([]stage.TileRef, 0, len(st.Tiles))
			for k, t := range st.Tiles {
				ref, ok := freeRef(ws.FindTile(t, st.From[k]), refs)
				if !ok {
					return nil, false
				}
				refs = append(refs, ref)
			}
			c = command.Move{Tiles: refs, To: st.To}
			if err := ws.Move(refs, st.To); err != nil {
				return nil, false
			}
		}
		out = append(out, c)
	}
	return out, sameSets(ws.Table(), want)
}

// freeRef is the first of refs not among used.
func freeRef(refs, used []stage.TileRef) (stage.TileRef, bool) {
	for _, r := range refs {
		if !slices.Contains(used, r) {
			return r, true
		}
	}
	return stage.TileRef{}, false
}

// sameSets reports whether two tables hold the same sets, in any order.
func sameSets(a, b core.Table) bool {
	if len(a) != len(b) {
		return false
	}
	used := make([]bool, len(b))
next:
	for _, x := range a {
		mx := core.MultisetOf(x...)
		for j, y := range b {
			if !used[j] && core.MultisetOf(y...) == mx {
				used[j] = true
				continue next
			}
		}
		return false
	}
	return true
}
