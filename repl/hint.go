package repl

import (
	"context"
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
	"github.com/meldlab/meldlab/repl/view"
)

func cmdHint(s *Session, ctx context.Context, l Line) error {
	step := len(l.Args) == 1 && strings.EqualFold(l.Args[0], "step")
	if !step {
		if err := noArgs(l); err != nil {
			return err
		}
	}
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	return s.perform(ctx, command.Hint{Step: step})
}

// HintReply is a hint as a page draws it: the lesson's own hint, or the
// solver's best turn as the moves that make it.
type HintReply struct {
	Lesson    string            // a lesson's hint, in the learner's words
	K, Of     int               // which of the lesson's hints it is
	None      bool              // no play: the solver found nothing to place
	Steps     []command.Command // the moves, from the staged table (or its start, FromStart)
	FromStart bool              // the staged table does not lead to the hint's: start the turn again first
	Table     core.Table        // the table the whole turn makes
	Placed    []core.Tile       // the rack tiles it places
	Points    int               // what they count on the table
}

// hint shows the best turn the variant allows; with step, the moves lead
// there from the staged table as it is, when they can (a page shows the
// first one).
func (s *Session) hint(ctx context.Context, step bool) error {
	if s.lesson != nil && s.lessonHint() {
		return nil // the lesson's own hints first; then the solver's
	}
	g := s.tab.Game()
	if t := g.DrawnTile(); t != core.NoTile {
		return fail(msg.ReplHintDrew(t))
	}
	cur := g.Current()
	limit := s.opt.HintTime
	if limit <= 0 {
		limit = 5 * time.Second
	}
	sctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := s.tab.Stage().Start()
	// The referee judges each play the solver proposes: the hint is the
	// best play the variant allows, its hooks and joker rules included.
	res, err := s.legal(sctx, solve.Problem{
		Rules: g.Rules, Table: start, Rack: g.Rack(cur),
		Opened: g.Opened(cur), Locked: g.View(cur).Locked, Objective: solve.Tiles,
	}, g, solve.Limits{})
	if err != nil {
		return fmt.Errorf("hint: %w", err)
	}
	if ctx.Err() != nil {
		return fail(msg.ReplHintStopped())
	}
	if len(res.Placed) == 0 {
		s.hinted = &HintReply{None: true}
		if !g.Opened(cur) {
			s.printf("%s", wrap(s.say(msg.ReplHintNoMeld(g.Rules.Opening.Points)), view.Width, "  "))
		} else {
			s.printf("%s", wrap(s.say(msg.ReplHintNothing()), view.Width, "  "))
		}
		return nil
	}
	steps := planSteps(start, res.Table)
	res, steps = s.fewerSteps(sctx, g, start, res, steps)
	var b strings.Builder
	worth, stands := placedWorth(g.Rules.SetRules(), start, res.Table, res.Placed)
	h := &HintReply{Table: g.Rules.SetRules().Canonical(res.Table), Placed: res.Placed, Points: worth}
	s.hinted = h
	if step {
		// From the table as the person left it, when it leads there.
		from, plan := s.tab.Rehearsal(), steps
		if s.tab.Stage().Changed() {
			from, plan = s.tab.RehearsalAsStaged(), planSteps(s.tab.Stage().Table(), res.Table)
		}
		if cmds, ok := stepCommands(from, plan, res.Table); ok {
			h.Steps = cmds
			if len(plan) == 0 {
				s.printf("%s\n", s.say(msg.ReplHintStepDone()))
			} else {
				s.printf("%s\n", s.say(msg.ReplHintStep(plan[0].String())))
			}
			return nil
		}
		h.FromStart = true
	}
	b.WriteString(s.say(msg.ReplHintPlace(res.Tiles, s.paint.Tiles(res.Placed), worth, stands, res.CutShort && res.Refused == 0)) + "\n")
	if res.Kept > 0 {
		b.WriteString(wrap(s.say(msg.ReplHintKept(res.Kept)), view.Width, "  "))
	}
	if res.Refused > 0 && !res.Optimal {
		b.WriteString(wrap(s.say(msg.ReplHintRefused(core.VariantName(g.Rules.Name), res.Refused)), view.Width, "  "))
	}
	if s.tab.Stage().Changed() {
		b.WriteString(wrap(s.say(msg.ReplHintFromStart()), view.Width, " "))
	}
	if cmds, ok := stepCommands(s.tab.Rehearsal(), steps, res.Table); ok {
		h.Steps = cmds
		for _, st := range steps {
			fmt.Fprintf(&b, "  %s\n", st)
		}
		b.WriteString("  done\n")
	} else {
		fmt.Fprintf(&b, "  play %s\n", res.Table)
	}
	s.paint.TableHeaded(&b, h.Table, g.Rules.SetRules(), msg.ReplHintAfter(), msg.ReplHintAfterEmpty())
	s.printf("%s", b.String())
	return nil
}

// fewerSteps keeps a hint from teaching needless moves: the search's
// arrangement may rebuild sets the play does not need to touch (seed
// 975239: two moves before the one put that places o11 o12 o13). The same
// search with the table's sets left as they are (new sets only) is tried
// too, and its play taken when it places as many tiles in fewer steps.
func (s *Session) fewerSteps(ctx context.Context, g *core.Game, start core.Table, res solve.Result, steps []planStep) (solve.Result, []planStep) {
	cur := g.Current()
	if !g.Opened(cur) || g.View(cur).Locked || len(steps) <= 1 {
		return res, steps
	}
	alt, err := s.legal(ctx, solve.Problem{
		Rules: g.Rules, Table: start, Rack: g.Rack(cur),
		Opened: true, Locked: true, Objective: solve.Tiles,
	}, g, solve.Limits{})
	if err != nil || ctx.Err() != nil || alt.Tiles < res.Tiles || len(alt.Placed) == 0 {
		return res, steps
	}
	if altSteps := planSteps(start, alt.Table); len(altSteps) < len(steps) {
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

// stepCommands turns the steps into commands and runs them on the
// rehearsal's staged turn (a copy of the table, not of the session); false
// when they fail or do not lead to want (the same sets, in any order).
func stepCommands(rehearsal *table.Table, steps []planStep, want core.Table) ([]command.Command, bool) {
	ws := rehearsal.Stage()
	out := make([]command.Command, 0, len(steps))
	for _, st := range steps {
		var c command.Command
		if st.from == nil {
			c = command.Put{Tiles: st.tiles, To: st.to}
			if err := ws.Put(st.tiles, st.to); err != nil {
				return nil, false
			}
		} else {
			refs := make([]stage.TileRef, 0, len(st.tiles))
			for k, t := range st.tiles {
				ref, ok := freeRef(ws.FindTile(t, st.from[k]), refs)
				if !ok {
					return nil, false
				}
				refs = append(refs, ref)
			}
			c = command.Move{Tiles: refs, To: st.to}
			if err := ws.Move(refs, st.to); err != nil {
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

// planSteps turns a play into put and move commands that rebuild start (the
// table as the turn began, numbered as the workspace numbers it) into after.
//
// Each new set is built on the old set it shares most tiles with (its base),
// if any: the tiles it lacks come from the rack (put) or from old sets that
// give them up (move). A new set with no base is made from scratch. A set
// emptied by a move leaves the table, so the set numbers in later steps are
// worked out on a running copy of the table.
// planStep is one step of a hint's plan: a put of rack tiles (from nil)
// or a move of tiles of the table, each from its set (numbered as the
// table is before the step), into to.
type planStep struct {
	tiles []core.Tile
	from  []int
	to    stage.Target
}

// String is the step as the terminal writes it: "put r7 3", "move 1:b1
// 2:b2 new" (tiles named, not their positions).
func (st planStep) String() string {
	w := make([]string, len(st.tiles))
	for k, t := range st.tiles {
		if st.from == nil {
			w[k] = t.String()
		} else {
			w[k] = fmt.Sprintf("%d:%s", st.from[k], t)
		}
	}
	verb := "move "
	if st.from == nil {
		verb = "put "
	}
	return verb + strings.Join(w, " ") + " " + st.to.String()
}

func planSteps(start, after core.Table) []planStep {
	old := make([]core.Multiset, len(start))
	for i, s := range start {
		old[i] = core.MultisetOf(s...)
	}
	nw := make([]core.Multiset, len(after))
	for j, s := range after {
		nw[j] = core.MultisetOf(s...)
	}
	// Pair each new set with a base: identical sets first, then the largest
	// overlaps.
	base := make([]int, len(after)) // old index, or -1
	taken := make([]bool, len(start))
	for j := range base {
		base[j] = -1
		for i := range start {
			if !taken[i] && old[i] == nw[j] {
				base[j], taken[i] = i, true
				break
			}
		}
	}
	for {
		bi, bj, best := -1, -1, 0
		for j := range after {
			if base[j] >= 0 {
				continue
			}
			for i := range start {
				if taken[i] {
					continue
				}
				both := old[i].Minus(&nw[j])
				if n := old[i].Len() - both.Len(); n > best {
					bi, bj, best = i, j, n
				}
			}
		}
		if bi < 0 {
			break
		}
		base[bj], taken[bi] = bi, true
	}
	// What each old set gives up: its tiles its own new set does not keep.
	spare := make([]core.Multiset, len(start))
	for i := range start {
		spare[i] = old[i]
	}
	keep := make([]core.Multiset, len(after)) // what each new set keeps of its base
	for j, i := range base {
		if i >= 0 {
			spare[i] = old[i].Minus(&nw[j])
			keep[j] = old[i].Minus(&spare[i])
		}
	}
	// The running table: the id of each set (old index, or len(start)+j for
	// the new set j), and its tile count, to know when one empties.
	type run struct{ id, n int }
	table := make([]run, len(start))
	for i := range start {
		table[i] = run{i, old[i].Len()}
	}
	pos := func(id int) int {
		for k, r := range table {
			if r.id == id {
				return k + 1
			}
		}
		return 0
	}
	var steps []planStep
	for j := range after {
		need := nw[j]
		id := len(start) + j
		if i := base[j]; i >= 0 {
			id = i
			need = nw[j].Minus(&keep[j])
		}
		if need.Len() == 0 {
			continue
		}
		// Gather the tiles by where they come from: old sets in order, then the rack.
		from := map[int][]core.Tile{}
		var order []int
		var rack []core.Tile
		for _, t := range need.Tiles() {
			donor := -1
			for i := range start {
				if i != base[j] && spare[i].Count(t) > 0 {
					donor = i
					break
				}
			}
			if donor < 0 {
				rack = append(rack, t)
				continue
			}
			spare[donor].Remove(t)
			if _, ok := from[donor]; !ok {
				order = append(order, donor)
			}
			from[donor] = append(from[donor], t)
		}
		target := func() stage.Target {
			if p := pos(id); p > 0 {
				return stage.Target{Set: p}
			}
			table = append(table, run{id, 0})
			return stage.Target{}
		}
		add := func(k int) {
			p := pos(id)
			table[p-1].n += k
		}
		if len(order) > 0 {
			// One move takes every tile the set needs from the table: its
			// references use the numbers before the move, as plugin.Move does.
			var st planStep
			for _, donor := range order {
				p := pos(donor)
				for _, t := range from[donor] {
					st.tiles = append(st.tiles, t)
					st.from = append(st.from, p)
				}
			}
			st.to = target()
			steps = append(steps, st)
			add(len(st.tiles))
			for _, donor := range order {
				p := pos(donor)
				table[p-1].n -= len(from[donor])
				if table[p-1].n == 0 {
					table = append(table[:p-1], table[p:]...)
				}
			}
		}
		if len(rack) > 0 {
			steps = append(steps, planStep{tiles: rack, to: target()})
			add(len(rack))
		}
	}
	return steps
}

// legal is solve.Legal with the tables prepared for the game, if any.
func (s *Session) legal(ctx context.Context, p solve.Problem, ref solve.Referee, lim solve.Limits) (solve.Result, error) {
	if s.tables != nil {
		return s.tables.Legal(ctx, p, ref, lim)
	}
	return solve.Legal(ctx, p, ref, lim)
}
