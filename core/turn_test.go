package core_test

import (
	"errors"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scene is a two-player position for seat 0 (Ann) to play, built with Setup.
type scene struct {
	rules      core.Rules
	table      string // the table, in notation
	rack       string // Ann's rack
	other      string // Bob's rack
	unopened   bool   // Ann has not made her initial meld
	firstRound bool   // no turn has ended yet this round
	next       string // the next tiles in the pool
}

func (sc scene) game(t testing.TB) *core.Game {
	t.Helper()
	rules := sc.rules
	if rules.Name == "" {
		rules = core.Original()
	}
	g, err := core.NewGame(rules, []string{"Ann", "Bob"}, 1)
	require.NoError(t, err)
	s := core.Setup{
		Racks:  [][]core.Tile{coretest.Tiles(sc.rack), coretest.Tiles(sc.other)},
		Table:  coretest.Table(sc.table),
		Opened: []bool{!sc.unopened, true},
		Pool:   -1,
		Next:   coretest.Tiles(sc.next),
		Turn:   2,
	}
	if sc.firstRound {
		s.Turn = 0
	}
	require.NoError(t, g.Setup(s))
	return g
}

// playCase is one play in a scene: accepted when err is empty, else refused
// with exactly that message and rule.
type playCase struct {
	name  string
	scene scene
	after string
	err   string
	rule  error
}

func runPlays(t *testing.T, cases []playCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.scene.game(t)
			before := core.Snapshot(g)
			rackBefore := g.Rack(0)
			err := g.Play(coretest.Table(tc.after))
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				assert.ErrorIs(t, err, tc.rule)
				var re *core.RuleError
				require.ErrorAs(t, err, &re)
				assert.Equal(t, g.Rules.Name, re.Variant)
				assert.Equal(t, before, core.Snapshot(g), "a refused play changes nothing")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.after, g.Table().String())
			ch := core.Diff(coretest.Table(tc.scene.table), coretest.Table(tc.after))
			want := rackBefore.Minus(&ch.Added)
			if g.Rules.Joker.Keep {
				want.AddN(core.Joker, ch.Missing.Jokers())
			}
			assert.Equal(t, want.String(), g.Rack(0).String())
			assert.True(t, g.Opened(0))
			if rackLen(g, 0) == 0 {
				assert.True(t, g.RoundOver(), "Ann went out")
				assert.Equal(t, 0, g.Winner())
			} else {
				assert.Equal(t, 1, g.Current(), "the turn passed to Bob")
			}
		})
	}
}

// The worked examples of docs/rules.md, each with a near miss.
func TestPlayWorkedRearrangements(t *testing.T) {
	runPlays(t, []playCase{
		{name: "1 add to sets", scene: scene{table: "[b4 b5 b6] [k8 r8 o8]", rack: "b3 b8"},
			after: "[b3 b4 b5 b6] [k8 r8 o8 b8]"},
		{name: "1 near miss: b8 is not on the rack", scene: scene{table: "[b4 b5 b6] [k8 r8 o8]", rack: "b3 k2"},
			after: "[b3 b4 b5 b6] [k8 r8 o8 b8]",
			err:   "b8 is not on your rack", rule: core.ErrNotOnRack},
		{name: "2 take the fourth tile of a group", scene: scene{table: "[k4 r4 o4 b4]", rack: "b3 b5 b6"},
			after: "[k4 r4 o4] [b3 b4 b5 b6]"},
		{name: "2 near miss: a group of three loses a tile", scene: scene{table: "[k4 r4 b4]", rack: "b3 b5"},
			after: "[k4 r4] [b3 b4 b5]",
			err:   "set 1 [k4 r4] is too short: a group needs at least 3 tiles", rule: core.ErrInvalidSet},
		{name: "3 add one, take another", scene: scene{table: "[b8 b9 b10]", rack: "b11 k8 o8"},
			after: "[b9 b10 b11] [b8 k8 o8]"},
		{name: "3 near miss: not yet opened", scene: scene{table: "[b8 b9 b10]", rack: "b11 k8 o8", unopened: true},
			after: "[b9 b10 b11] [b8 k8 o8]",
			err:   "set 1 [b8 b9 b10] was changed; the original rules let an initial meld place only new sets from your rack",
			rule:  core.ErrOpeningUsesTable},
		{name: "4 split a run", scene: scene{table: "[r4 r5 r6 r7 r8]", rack: "r6"},
			after: "[r4 r5 r6] [r6 r7 r8]"},
		{name: "4 near miss: a third r6", scene: scene{table: "[r4 r5 r6 r7 r8]", rack: "r6"},
			after: "[r4 r5 r6] [r6 r7 r8] [k6 b6 r6]",
			err:   "k6, another r6 and b6 are not on your rack", rule: core.ErrNotOnRack},
		{name: "5 free several tiles", scene: scene{table: "[o1 o2 o3 o4] [k1 r1 b1 o1]", rack: "b1"},
			after: "[o2 o3 o4] [k1 b1 o1] [b1 o1 r1]"},
		{name: "5 near miss: tiles back to the rack", scene: scene{table: "[o1 o2 o3 o4] [k1 r1 b1 o1]", rack: "b1"},
			after: "[o2 o3 o4] [k1 b1 o1]",
			err:   "r1 and o1 left the table; a tile on the table stays there, never going back to a rack",
			rule:  core.ErrTileLeftTable},
		{name: "6 total rearrangement",
			scene: scene{table: "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]", rack: "k10 b5"},
			after: "[r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5] [k6 k7 k8 k9 k10]"},
		{name: "6 near miss: nothing from the rack",
			scene: scene{table: "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]", rack: "k10 b5"},
			after: "[r3 o3 k3] [r4 o4 k4] [r5 o5 k5] [k6 k7 k8 k9]",
			err:   "nothing placed from your rack; a turn places at least one tile, or draws",
			rule:  core.ErrNothingPlaced},
	})
}

func TestPlayWorkedJokers(t *testing.T) {
	runPlays(t, []playCase{
		{name: "1 replace it", scene: scene{table: "[r3 b3 J]", rack: "k3 r12 r13"},
			after: "[r3 b3 k3] [J r12 r13]"},
		{name: "1 near miss: the freed joker is not played", scene: scene{table: "[r3 b3 J]", rack: "k3 r12 r13"},
			after: "[r3 b3 k3]",
			err:   "the joker freed from set 1 [r3 b3 J] is not on the table; the original rules say a freed joker must be played the same turn",
			rule:  core.ErrJokerNotPlayed},
		{name: "2 split the run", scene: scene{table: "[o2 o3 J o5 o6]", rack: "o1 o7 r12 r13"},
			after: "[o1 o2 o3] [o5 o6 o7] [J r12 r13]"},
		{name: "2 near miss: before the initial meld",
			scene: scene{table: "[o2 o3 J o5 o6]", rack: "o1 o7 r12 r13", unopened: true},
			after: "[o1 o2 o3] [o5 o6 o7] [J r12 r13]",
			err:   "set 1 [o2 o3 J o5 o6] gave up its joker; the original rules let you take a joker only after your initial meld",
			rule:  core.ErrJokerBeforeOpening},
		{name: "3 extend past it", scene: scene{table: "[J b3 b4]", rack: "b5 r12 r13"},
			after: "[b3 b4 b5] [J r12 r13]"},
		{name: "3 near miss: the first-round lock",
			scene: scene{rules: core.French(), table: "[J b3 b4]", rack: "b5 r12 r13", firstRound: true},
			after: "[b3 b4 b5] [J r12 r13]",
			err:   "set 1 [J b3 b4] was changed; the french rules lock the sets on the table during the first round (new sets only)",
			rule:  core.ErrFirstRoundLocked},
		{name: "4 rearrange around it", scene: scene{table: "[k1 k2 J] [r1 b1 o1] [r2 b2 o2]", rack: "r12 r13"},
			after: "[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12 r13]"},
		{name: "4 near miss: the joker's new run is short",
			scene: scene{table: "[k1 k2 J] [r1 b1 o1] [r2 b2 o2]", rack: "r12 r13"},
			after: "[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12]",
			err:   "set 3 [J r12] is too short: a run needs at least 3 tiles", rule: core.ErrInvalidSet},
	})
}

// The French book's own joker pictures are legal French plays too.
func TestPlayWorkedJokersFrench(t *testing.T) {
	fr := core.French()
	runPlays(t, []playCase{
		{name: "1", scene: scene{rules: fr, table: "[r3 b3 J]", rack: "k3 r12 r13"}, after: "[r3 b3 k3] [J r12 r13]"},
		{name: "2", scene: scene{rules: fr, table: "[o2 o3 J o5 o6]", rack: "o1 o7 r12 r13"}, after: "[o1 o2 o3] [o5 o6 o7] [J r12 r13]"},
		{name: "3", scene: scene{rules: fr, table: "[J b3 b4]", rack: "b5 r12 r13"}, after: "[b3 b4 b5] [J r12 r13]"},
		{name: "4", scene: scene{rules: fr, table: "[k1 k2 J] [r1 b1 o1] [r2 b2 o2]", rack: "r12 r13"},
			after: "[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12 r13]"},
	})
}

// Every rule of Play, in the order they are checked.
func TestPlayRules(t *testing.T) {
	runPlays(t, []playCase{
		{name: "invalid set names the set", scene: scene{table: "[k8 r8 o8]", rack: "r4 b5 r6"},
			after: "[k8 r8 o8] [r4 b5 r6]",
			err:   "set 2 [r4 b5 r6] is not a run: b5 is blue, the run is red", rule: core.ErrInvalidSet},
		{name: "a joker the box has not", scene: scene{table: "[k8 r8 o8]", rack: "r4 r5"},
			after: "[k8 r8 o8] [r4 r5 J]",
			err:   "J is not on your rack", rule: core.ErrNotOnRack},
		{name: "two tiles not on the rack", scene: scene{table: "", rack: "r4"},
			after: "[r4 r5 r6]",
			err:   "r5 and r6 are not on your rack", rule: core.ErrNotOnRack},
		{name: "a table tile to the rack", scene: scene{table: "[k8 r8 o8 b8]", rack: "k1"},
			after: "[k8 r8 o8]",
			err:   "b8 left the table; a tile on the table stays there, never going back to a rack",
			rule:  core.ErrTileLeftTable},
		{name: "the table unchanged", scene: scene{table: "[k8 r8 o8]", rack: "k1"},
			after: "[k8 r8 o8]",
			err:   "nothing placed from your rack; a turn places at least one tile, or draws",
			rule:  core.ErrNothingPlaced},
		{name: "opening of 27", scene: scene{rack: "k8 k9 k10 r1", unopened: true},
			after: "[k8 k9 k10]",
			err:   "initial meld is 27 points; the original rules need 30",
			rule:  core.ErrOpeningTooLow},
		{name: "opening of 30 in two sets", scene: scene{table: "[o1 o2 o3]", rack: "k1 r1 b1 k8 k9 k10", unopened: true},
			after: "[o1 o2 o3] [k1 r1 b1] [k8 k9 k10]"},
		{name: "the opening may not also add to a set", scene: scene{table: "[o1 o2 o3]", rack: "o4 k9 k10 k11", unopened: true},
			after: "[o1 o2 o3 o4] [k9 k10 k11]",
			err:   "set 1 [o1 o2 o3] was changed; the original rules let an initial meld place only new sets from your rack",
			rule:  core.ErrOpeningUsesTable},
		{name: "the opening may not use table tiles", scene: scene{table: "[k10 k11 k12 k13]", rack: "r10 b10", unopened: true},
			after: "[k11 k12 k13] [k10 r10 b10]",
			err:   "set 1 [k10 k11 k12 k13] was changed; the original rules let an initial meld place only new sets from your rack",
			rule:  core.ErrOpeningUsesTable},
		{name: "moving a set with its joker frees nothing", scene: scene{table: "[r3 r4 J] [k8 r8 o8]", rack: "b8"},
			after: "[k8 r8 o8 b8] [r3 r4 J]"},
		{name: "a joker moved to the other end is freed", scene: scene{table: "[r3 r4 J] [k8 r8 o8]", rack: "b8"},
			after: "[J r3 r4] [k8 r8 o8 b8]"},
		{name: "a joker replaced from the table", scene: scene{table: "[r3 b3 J] [k3 k4 k5 k6]", rack: "r12 r13"},
			after: "[r3 b3 k3] [k4 k5 k6] [J r12 r13]"},
		{name: "a group joker stays when its group grows", scene: scene{table: "[r3 b3 J]", rack: "o3"},
			after: "[r3 b3 J o3]"},
	})
}

// Each difference between the editions passes under one and fails under another.
func TestPlayEditionDifferences(t *testing.T) {
	runPlays(t, []playCase{
		{name: "joker worth its tile in the opening: original",
			scene: scene{rack: "r10 r11 J", unopened: true}, after: "[r10 r11 J]"},
		{name: "joker worth 0 in the opening: novelty",
			scene: scene{rules: core.Novelty(), rack: "r10 r11 J", unopened: true}, after: "[r10 r11 J]",
			err: "initial meld is 21 points; the novelty rules need 30 (a joker counts 0)", rule: core.ErrOpeningTooLow},
		{name: "no first-round lock: original",
			scene: scene{table: "[r3 r4 r5]", rack: "r6", firstRound: true}, after: "[r3 r4 r5 r6]"},
		{name: "first-round lock: italian",
			scene: scene{rules: core.Italian(), table: "[r3 r4 r5]", rack: "r6", firstRound: true}, after: "[r3 r4 r5 r6]",
			err:  "set 1 [r3 r4 r5] was changed; the italian rules lock the sets on the table during the first round (new sets only)",
			rule: core.ErrFirstRoundLocked},
		{name: "new sets in the first round: italian",
			scene: scene{rules: core.Italian(), table: "[r3 r4 r5]", rack: "k6 k7 k8", firstRound: true}, after: "[r3 r4 r5] [k6 k7 k8]"},
		{name: "first-round lock over after a round: italian",
			scene: scene{rules: core.Italian(), table: "[r3 r4 r5]", rack: "r6"}, after: "[r3 r4 r5 r6]"},
		{name: "kept joker: italian",
			scene: scene{rules: core.Italian(), table: "[r3 b3 J]", rack: "k3 r12"}, after: "[r3 b3 k3]"},
		{name: "kept joker: original",
			scene: scene{table: "[r3 b3 J]", rack: "k3 r12"}, after: "[r3 b3 k3]",
			err:  "the joker freed from set 1 [r3 b3 J] is not on the table; the original rules say a freed joker must be played the same turn",
			rule: core.ErrJokerNotPlayed},
		{name: "joker replaced from the table: novelty",
			scene: scene{rules: core.Novelty(), table: "[r3 b3 J] [k3 k4 k5 k6]", rack: "r12 r13"},
			after: "[r3 b3 k3] [k4 k5 k6] [J r12 r13]"},
		{name: "joker replaced from the table: french",
			scene: scene{rules: core.French(), table: "[r3 b3 J] [k3 k4 k5 k6]", rack: "r12 r13"},
			after: "[r3 b3 k3] [k4 k5 k6] [J r12 r13]",
			err:   "set 1 [r3 b3 J]: its joker stood for k3, which came from the table; the french rules let a joker be replaced only from your rack or the tile just drawn",
			rule:  core.ErrJokerSource},
		{name: "joker replaced from the table: italian",
			scene: scene{rules: core.Italian(), table: "[r3 r4 J] [r5 k5 b5 o5]", rack: "r6 r12"},
			after: "[r3 r4 r5 r6] [k5 b5 o5]",
			err:   "set 1 [r3 r4 J]: its joker stood for r5, which came from the table; the italian rules let a joker be replaced only from your rack",
			rule:  core.ErrJokerSource},
	})
}

// Keeping a joker (001, docs/rules.md "Keeping a joker"): only a joker the player
// replaces with the tile it stands for, from their own rack, may go to the
// rack; a joker freed any other way must be played the same turn.
func TestItalianJokerKeeping(t *testing.T) {
	italian := core.Italian()
	// The shipped italian inherits the original's sources: rack and table.
	italian.Joker.ReplaceFrom = core.FromRack | core.FromTable
	keepOnly := func(set, stands string) string {
		return "the joker freed from set " + set + " is not on the table; the italian rules let you keep a joker only when you replace it with the tile it stands for (" +
			stands + ") from your own rack; a joker freed any other way must be played the same turn"
	}
	runPlays(t, []playCase{
		{name: "replaced from the rack and kept",
			scene: scene{rules: italian, table: "[r3 r4 r5 J]", rack: "r6 k1"}, after: "[r3 r4 r5 r6]"},
		{name: "lifted off the end of a run, without its tile, and kept",
			scene: scene{rules: italian, table: "[r3 r4 r5 J] [k5 k6 k7]", rack: "k8 k1"}, after: "[r3 r4 r5] [k5 k6 k7 k8]",
			err: keepOnly("1 [r3 r4 r5 J]", "r6"), rule: core.ErrJokerNotPlayed},
		{name: "split out of a run, without its tile, and kept",
			scene: scene{rules: italian, table: "[o2 o3 J o5 o6]", rack: "o1 o7 k1"}, after: "[o1 o2 o3] [o5 o6 o7]",
			err: keepOnly("1 [o2 o3 J o5 o6]", "o4"), rule: core.ErrJokerNotPlayed},
		{name: "split out of a run and played the same turn",
			scene: scene{rules: italian, table: "[o2 o3 J o5 o6]", rack: "o1 o7 r12 r13"}, after: "[o1 o2 o3] [o5 o6 o7] [J r12 r13]"},
		{name: "a group of three: one missing colour",
			scene: scene{rules: italian, table: "[r3 b3 J]", rack: "k3 r12"}, after: "[r3 b3 k3]"},
		{name: "a group of three: the other missing colour",
			scene: scene{rules: italian, table: "[r3 b3 J]", rack: "o3 r12"}, after: "[r3 b3 o3]"},
		{name: "a group of four gives up its joker without its tile",
			scene: scene{rules: italian, table: "[r3 b3 o3 J] [r7 r8 r9]", rack: "r10 k1"}, after: "[r3 b3 o3] [r7 r8 r9 r10]",
			err: keepOnly("1 [r3 b3 o3 J]", "k3"), rule: core.ErrJokerNotPlayed},
		{name: "its tile played in another set does not replace it",
			scene: scene{rules: italian, table: "[r3 r4 r5 J]", rack: "r6 b6 o6"}, after: "[r3 r4 r5] [r6 b6 o6]",
			err: keepOnly("1 [r3 r4 r5 J]", "r6"), rule: core.ErrJokerNotPlayed},
		{name: "replaced from the table and kept",
			scene: scene{rules: italian, table: "[r3 r4 J] [r5 k5 b5 o5] [k8 k9 k10]", rack: "k11 k1"},
			after: "[r3 r4 r5] [k5 b5 o5] [k8 k9 k10 k11]",
			err:   keepOnly("1 [r3 r4 J]", "r5"), rule: core.ErrJokerNotPlayed},
		{name: "replaced from the table and played",
			scene: scene{rules: italian, table: "[r3 r4 J] [r5 k5 b5 o5] [k8 k9 k10]", rack: "k11 k1"},
			after: "[r3 r4 r5] [k5 b5 o5] [k8 k9 k10 k11 J]"},
		{name: "two jokers, both replaced from the rack and kept",
			scene: scene{rules: italian, table: "[J J r3 r4 r5]", rack: "r1 r2 k1"}, after: "[r1 r2 r3 r4 r5]"},
		{name: "two jokers, one replaced: only that one may be kept",
			scene: scene{rules: italian, table: "[J J r3 r4 r5]", rack: "r2 k1"}, after: "[r2 r3 r4 r5]",
			err: keepOnly("1 [J J r3 r4 r5]", "r1"), rule: core.ErrJokerNotPlayed},
		{name: "two jokers, one replaced and kept, the other played",
			scene: scene{rules: italian, table: "[J J r3 r4 r5]", rack: "r2 k12 k13"}, after: "[r2 r3 r4 r5] [k12 k13 J]"},
		{name: "one rack tile replaces one joker, not two",
			scene: scene{rules: italian, table: "[r3 b3 J J]", rack: "k3 r12"}, after: "[r3 b3 k3]",
			err: keepOnly("1 [r3 b3 J J]", "k3 or o3"), rule: core.ErrJokerNotPlayed},
		{name: "two rack tiles replace two jokers",
			scene: scene{rules: italian, table: "[r3 b3 J J]", rack: "k3 o3 r12"}, after: "[r3 b3 k3 o3]"},
	})
}

// A house rule lets a player take a joker before the initial meld: only by
// swapping it for its tile, the table otherwise untouched.
func TestTakeJokerBeforeOpening(t *testing.T) {
	house := core.Original()
	house.Name = "house/early-joker"
	house.Joker.TakeBeforeOpening = true
	runPlays(t, []playCase{
		{name: "swap and open with the joker", scene: scene{rules: house, table: "[r3 b3 J]", rack: "k3 r10 r11 r12", unopened: true},
			after: "[r3 b3 k3] [r10 r11 r12 J]"},
		{name: "the original rules say no", scene: scene{table: "[r3 b3 J]", rack: "k3 r10 r11 r12", unopened: true},
			after: "[r3 b3 k3] [r10 r11 r12 J]",
			err:   "set 1 [r3 b3 J] gave up its joker; the original rules let you take a joker only after your initial meld",
			rule:  core.ErrJokerBeforeOpening},
		{name: "a swap and more is still a change", scene: scene{rules: house, table: "[r3 b3 J]", rack: "k3 o3 r10 r11 r12", unopened: true},
			after: "[r3 b3 k3 o3] [r10 r11 r12 J]",
			err:   "set 1 [r3 b3 J] was changed; the house/early-joker rules let an initial meld place only new sets from your rack",
			rule:  core.ErrOpeningUsesTable},
		{name: "the swapped set does not count for the opening", scene: scene{rules: house, table: "[r10 b10 J]", rack: "k10 r1 r2", unopened: true},
			after: "[r10 b10 k10] [r1 r2 J]",
			err:   "initial meld is 6 points; the house/early-joker rules need 30 (a joker counts as the tile it replaces)",
			rule:  core.ErrOpeningTooLow},
	})
}

// The French joker swap with the tile just drawn, and what the other
// editions do with the same draw.
func TestDrawnTileFreesJoker(t *testing.T) {
	sc := scene{rules: core.French(), table: "[r3 b3 J]", rack: "r12 r13 o9", next: "k3"}

	t.Run("french: the turn stays open for the swap", func(t *testing.T) {
		g := sc.game(t)
		drawn, err := g.Draw()
		require.NoError(t, err)
		assert.Equal(t, coretest.Tiles("k3"), drawn)
		assert.Equal(t, coretest.Tile("k3"), g.DrawnTile())
		assert.Equal(t, 0, g.Current())
		require.NoError(t, g.Play(coretest.Table("[r3 b3 k3] [J r12 r13]")))
		assert.Equal(t, core.NoTile, g.DrawnTile())
		assert.Equal(t, 1, g.Current())
		assert.Equal(t, "o9", g.Rack(0).String())
	})
	t.Run("french: any other play is refused", func(t *testing.T) {
		g := sc.game(t)
		_, err := g.Draw()
		require.NoError(t, err)
		before := core.Snapshot(g)
		err = g.Play(coretest.Table("[r3 b3 J] [r12 r13 k3]"))
		require.Error(t, err)
		assert.Equal(t, "set 2 [r12 r13 k3] is not a run: k3 is black, the run is red", err.Error())
		err = g.Play(coretest.Table("[r3 b3 J k3]"))
		assert.Equal(t, "after drawing, the only play left is to put the drawn k3 in place of the joker that stands for it and play that joker", err.Error())
		assert.ErrorIs(t, err, core.ErrDrawnTileOnly)
		_, err = g.Draw()
		assert.Equal(t, "you have drawn k3 already; swap it for a joker or end the turn", err.Error())
		assert.Equal(t, before, core.Snapshot(g))
		require.NoError(t, g.EndTurn())
		assert.Equal(t, 1, g.Current())
		assert.Equal(t, "k3 r12 r13 o9", g.Rack(0).String())
		err = g.EndTurn()
		assert.Equal(t, "no turn is left open: EndTurn follows a draw that could free a joker", err.Error())
		assert.ErrorIs(t, err, core.ErrTurnNotOpen)
	})
	t.Run("original: the draw ends the turn", func(t *testing.T) {
		o := sc
		o.rules = core.Original()
		g := o.game(t)
		_, err := g.Draw()
		require.NoError(t, err)
		assert.Equal(t, core.NoTile, g.DrawnTile())
		assert.Equal(t, 1, g.Current())
	})
	t.Run("french: a drawn tile no joker stands for ends the turn", func(t *testing.T) {
		o := sc
		o.next = "o8"
		g := o.game(t)
		_, err := g.Draw()
		require.NoError(t, err)
		assert.Equal(t, 1, g.Current())
	})
	t.Run("french: not before the initial meld", func(t *testing.T) {
		o := sc
		o.unopened = true
		g := o.game(t)
		_, err := g.Draw()
		require.NoError(t, err)
		assert.Equal(t, 1, g.Current())
	})
	t.Run("french: a timeout ends the open turn", func(t *testing.T) {
		g := sc.game(t)
		_, err := g.Draw()
		require.NoError(t, err)
		drawn, err := g.Timeout()
		require.NoError(t, err)
		assert.Len(t, drawn, 3)
		assert.Equal(t, core.NoTile, g.DrawnTile())
		assert.Equal(t, 1, g.Current())
	})
}

func TestTimeoutPenalty(t *testing.T) {
	for _, tc := range []struct {
		rules core.Rules
		tiles int
	}{{core.Original(), 1}, {core.French(), 3}} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			g := scene{rules: tc.rules, table: "[r3 r4 r5]", rack: "k1"}.game(t)
			pool := g.Pool()
			drawn, err := g.Timeout()
			require.NoError(t, err)
			assert.Len(t, drawn, tc.tiles)
			assert.Equal(t, pool-tc.tiles, g.Pool())
			assert.Equal(t, 1+tc.tiles, rackLen(g, 0))
			assert.Equal(t, "[r3 r4 r5]", g.Table().String())
			assert.Equal(t, 1, g.Current())
		})
	}
}

// No clock, no timeout (docs/rules.md): where an edition has no time limit a
// turn ends with a play or a draw, never a free pass.
func TestNoTimeLimitNoTimeout(t *testing.T) {
	for _, tc := range []struct {
		rules core.Rules
		err   string
	}{
		{core.Italian(), "the italian rules have no time limit, so no turn times out; a turn ends with a play or a draw"},
		{core.Novelty(), "the novelty rules have no time limit, so no turn times out; a turn ends with a play or a draw"},
	} {
		t.Run(tc.rules.Name, func(t *testing.T) {
			g := scene{rules: tc.rules, table: "[r3 r4 r5]", rack: "k1"}.game(t)
			before := core.Snapshot(g)
			drawn, err := g.Timeout()
			require.Error(t, err)
			assert.Nil(t, drawn)
			assert.Equal(t, tc.err, err.Error())
			assert.ErrorIs(t, err, core.ErrNoTimeLimit)
			var re *core.RuleError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, tc.rules.Name, re.Variant)
			assert.Equal(t, before, core.Snapshot(g), "a refused timeout changes nothing")
			assert.Equal(t, 0, g.Current(), "the turn goes on")
			drawn, err = g.Draw()
			require.NoError(t, err)
			assert.Len(t, drawn, 1, "the turn ends the ordinary way")
			assert.Equal(t, 1, g.Current())
		})
	}
}

func TestFailedPlayPenalty(t *testing.T) {
	rules := core.Original()
	rules.Name = "house/strict"
	rules.FailedPlay.PenaltyTiles = 2
	g := scene{rules: rules, table: "[r3 r4 r5]", rack: "k1 r6"}.game(t)
	err := g.Play(coretest.Table("[r3 r4 r5 r7]"))
	require.Error(t, err)
	assert.Equal(t, "set 1 [r3 r4 r5 r7] is not a run: r6 is missing; the play costs 2 tiles", err.Error())
	var re *core.RuleError
	require.ErrorAs(t, err, &re)
	assert.Len(t, re.Penalty, 2)
	assert.Equal(t, "[r3 r4 r5]", g.Table().String())
	assert.Equal(t, 4, rackLen(g, 0))
	assert.Equal(t, 1, g.Current(), "the failed play ended the turn")
	h := g.History()
	assert.Equal(t, core.ActFailedPlay, h[len(h)-1].Kind)
	assert.True(t, re.Ended)

	// With the pool empty the refusal costs nothing, yet still ends the
	// turn, and says so: a front end cannot tell it from the penalty.
	g = scene{rules: rules, table: "[r3 r4 r5]", rack: "k1 r6", other: "k2 k3"}.game(t)
	require.NoError(t, g.Setup(core.Setup{
		Racks: [][]core.Tile{coretest.Tiles("k1 r6"), coretest.Tiles("k2 k3")}, Table: coretest.Table("[r3 r4 r5]"),
		Opened: []bool{true, true}, Pool: 0}))
	err = g.Play(coretest.Table("[r3 r4 r5 r7]"))
	require.ErrorAs(t, err, &re)
	assert.Empty(t, re.Penalty)
	assert.True(t, re.Ended)
	assert.Equal(t, 1, g.Current(), "the failed play ended the turn")

	// Without a penalty the refusal leaves the turn open.
	g = scene{table: "[r3 r4 r5]", rack: "k1 r6"}.game(t)
	err = g.Play(coretest.Table("[r3 r4 r5 r7]"))
	require.ErrorAs(t, err, &re)
	assert.False(t, re.Ended)
	assert.Equal(t, 0, g.Current())
}

func TestDrawAndPass(t *testing.T) {
	g := scene{table: "[r3 r4 r5]", rack: "k1", other: "k2 k3"}.game(t)
	drawn, err := g.Draw()
	require.NoError(t, err)
	assert.Len(t, drawn, 1)
	assert.Equal(t, 2, rackLen(g, 0))
	assert.Equal(t, 1, g.Current())

	// With an empty pool a draw is a pass; a full cycle of passes ends the round.
	g = scene{table: "[r3 r4 r5]", rack: "k1 o9", other: "k2 k3"}.game(t)
	require.NoError(t, g.Setup(core.Setup{
		Racks: [][]core.Tile{coretest.Tiles("k1 o9"), coretest.Tiles("k2 k3")}, Table: coretest.Table("[r3 r4 r5]"),
		Opened: []bool{true, true}, Pool: 0, Turn: 2}))
	assert.Equal(t, 0, g.Pool())
	drawn, err = g.Draw()
	require.NoError(t, err)
	assert.Nil(t, drawn)
	assert.False(t, g.RoundOver())
	_, err = g.Draw()
	require.NoError(t, err)
	require.True(t, g.RoundOver())
	// Bob's 2+3 = 5 beats Ann's 1+9 = 10; the original rules make Ann pay the difference.
	assert.Equal(t, 1, g.Winner())
	assert.Equal(t, []int{-5, 5}, g.RoundScores())
	_, err = g.Draw()
	assert.Equal(t, "round 1 is over: Bob (seat 2) won it", err.Error())
	assert.ErrorIs(t, err, core.ErrRoundOver)
}

func TestGoingOutEndsTheRound(t *testing.T) {
	g := scene{table: "[r3 r4 r5]", rack: "r6", other: "k2 J"}.game(t)
	require.NoError(t, g.Play(coretest.Table("[r3 r4 r5 r6]")))
	require.True(t, g.RoundOver())
	assert.Equal(t, 0, g.Winner())
	assert.Equal(t, []int{32, -32}, g.RoundScores(), "a joker on a rack costs 30")
	err := g.Play(coretest.Table("[r3 r4 r5 r6]"))
	assert.Equal(t, "round 1 is over: Ann (seat 1) won it", err.Error())
}

func TestRuleErrorUnwrap(t *testing.T) {
	g := scene{table: "", rack: "r4 b5 r6"}.game(t)
	err := g.Play(coretest.Table("[r4 b5 r6]"))
	var se *core.SetError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 1, se.Index)
	assert.ErrorIs(t, err, core.ErrInvalidSet)
	assert.ErrorIs(t, err, core.ErrMixedColors)
	assert.False(t, errors.Is(err, core.ErrOpeningTooLow))
}

func rackLen(g *core.Game, seat int) int {
	r := g.Rack(seat)
	return r.Len()
}

// benchScene is a mid-game table with jokers, Ann opened and to play.
var benchScene = scene{
	table: "[r1 r2 r3 r4] [k5 r5 b5] [b7 b8 b9 b10 b11] [o2 o3 o4] [k9 r9 o9 b9] [J k11 k12] [k1 k2 k3] [o10 o11 J o13]",
	rack:  "r6 b12 o5 k13 r10 b1 o7",
}

// A play refused before anything changes: the cost of a bot's wrong guess.
func BenchmarkPlayRefused(b *testing.B) {
	g := benchScene.game(b)
	after := coretest.Table("[r1 r2 r3 r4 r6] [k5 r5 b5] [b7 b8 b9 b10 b11] [o2 o3 o4] [k9 r9 o9 b9] [J k11 k12] [k1 k2 k3] [o10 o11 J o13]")
	b.ReportAllocs()
	for b.Loop() {
		if g.Play(after) == nil {
			b.Fatal("accepted")
		}
	}
}

// An accepted play on a copy of the game (Clone included; see BenchmarkClone).
func BenchmarkPlayAccepted(b *testing.B) {
	g := benchScene.game(b)
	after := coretest.Table("[r1 r2 r3 r4 r5 r6] [k5 o5 b5] [b7 b8 b9 b10 b11 b12] [o2 o3 o4] [k9 r9 o9 b9] [J k11 k12 k13] [k1 k2 k3] [o10 o11 J o13]")
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Clone().Play(after); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkClone(b *testing.B) {
	g := benchScene.game(b)
	b.ReportAllocs()
	for b.Loop() {
		g.Clone()
	}
}

// The referee's judgement of a play without making it (Game.Check): what
// the legal search asks of every answer, hints and bots alike.
func BenchmarkCheckAccepted(b *testing.B) {
	g := benchScene.game(b)
	after := coretest.Table("[r1 r2 r3 r4 r5 r6] [k5 o5 b5] [b7 b8 b9 b10 b11 b12] [o2 o3 o4] [k9 r9 o9 b9] [J k11 k12 k13] [k1 k2 k3] [o10 o11 J o13]")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Check(after); err != nil {
			b.Fatal(err)
		}
	}
}

// The same judgement without the record (Game.Judge): what the legal
// search asks of every play it proposes.
func BenchmarkJudgeAccepted(b *testing.B) {
	g := benchScene.game(b)
	after := coretest.Table("[r1 r2 r3 r4 r5 r6] [k5 o5 b5] [b7 b8 b9 b10 b11 b12] [o2 o3 o4] [k9 r9 o9 b9] [J k11 k12 k13] [k1 k2 k3] [o10 o11 J o13]")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Judge(after); err != nil {
			b.Fatal(err)
		}
	}
}
