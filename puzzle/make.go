package puzzle

import (
	"context"
	"errors"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// The errors of Make, each a core.Refusal a teacher reads in their language.
var (
	ErrNoPlay    = &core.Refusal{Msg: core.MsgPuzzleMakeNoPlay()}
	ErrNotProven = &core.Refusal{Msg: core.MsgPuzzleMakeNotProven()}
)

// Make is the puzzle of a position a person lays out (a teacher's class
// puzzle: a table and a rack typed in): the best play proven as for every
// puzzle, rated by the bots and graded, its themes and features. The
// table must be valid and, with the rack, within the variant's box; opened
// says whether the solver has made the initial meld (if not, the best is
// an initial meld from the rack). Unlike a mined puzzle, it is kept
// whatever its grade: the teacher chose it.
func Make(ctx context.Context, variant string, rules core.Rules, table core.Table, rack []core.Tile, opened bool) (Puzzle, error) {
	p := Puzzle{Variant: variant, Opened: opened, Table: table.String(), Rack: rackText(multiset(rack)),
		Objective: "tiles", Others: []int{10, 10, 10}, Pool: 30, Source: Source{Template: "teacher"}}
	if err := rules.SetRules().ValidateTable(table); err != nil {
		return p, err
	}
	if err := rules.CheckBox(table, rack); err != nil {
		return p, err
	}
	if len(rack) == 0 {
		return p, ErrNoPlay
	}
	pos, err := p.Position(rules)
	if err != nil {
		return p, err
	}
	defer pos.Close()
	best, err := solve.Legal(ctx, solve.Problem{Rules: pos.Rules, Table: pos.Table(), Rack: pos.Rack(0), Opened: opened,
		Objective: solve.Tiles, MaxNodes: nodeBudget}, pos, solve.Limits{})
	switch {
	case err != nil:
		return p, err
	case best.Tiles == 0:
		return p, ErrNoPlay
	case !best.Optimal:
		return p, ErrNotProven
	}
	rate(ctx, Config{Variant: variant, Rules: rules}, &p, pos, best) // graded whatever the gates say
	if p.ID == "" {
		return p, errors.New("puzzle: the best play was refused by its own position")
	}
	return p, nil
}
