package repl

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/repl/hint"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/meldlab/meldlab/repl/view"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time          { return c.now }
func (c *fakeClock) advance(d time.Duration) { c.now = c.now.Add(d) }

// newSession starts a session of two people, ana and bob, and lays out
// their racks and the table; ana is to play. Its output is in the buffer.
func newSession(t *testing.T, opt Options, table, rackAna, rackBob string, opened bool) (*Session, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	opt.Out = &out
	if opt.Players == "" {
		opt.Players = "ana:human,bob:human"
	}
	s := NewSession(opt)
	require.NoError(t, s.Start(t.Context()))
	racks := [][]core.Tile{coretest.Tiles(rackAna), coretest.Tiles(rackBob)}
	require.NoError(t, s.desk.Tab.Setup(core.Setup{Racks: racks, Table: coretest.Table(table),
		Opened: []bool{opened, opened}, Pool: -1}, -1, s.seeds))
	s.tell.Settle(t.Context(), s.desk.Tab)
	s.takeReply()
	out.Reset()
	return s, &out
}

func run(t *testing.T, s *Session, lines ...string) {
	t.Helper()
	for _, l := range lines {
		require.NoError(t, s.Exec(t.Context(), l), l)
	}
}

// The seats' tiles: the player to play counts the rack as they see it,
// staged tiles off it; a reset of the turn puts them back.
func TestStateSeatTilesStaged(t *testing.T) {
	s, _ := newSession(t, Options{}, "[k1 k2 k3]", "r10 r11 r12 o5", "b1 b2", true)
	assert.Equal(t, 4, s.State().Players[0].Tiles)
	run(t, s, "put r10 r11 r12 new")
	st := s.State()
	assert.Equal(t, []string{"o5"}, st.Rack)
	assert.Equal(t, 1, st.Players[0].Tiles, "the staged tiles are off the rack as shown")
	assert.Equal(t, 2, st.Players[1].Tiles)
	run(t, s, "reset")
	assert.Equal(t, 4, s.State().Players[0].Tiles)
}

func TestTimer(t *testing.T) {
	clock := &fakeClock{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)}
	s, out := newSession(t, Options{Timer: true, Clock: clock}, "[k1 k2 k3]", "r10 r11 r12 o5", "b1 b2", true)
	assert.Equal(t, "ana 1:00> ", s.Prompt())
	clock.advance(42 * time.Second)
	assert.Equal(t, "ana 0:18> ", s.Prompt())

	// A staged edit, then the time runs out: the next action is not run,
	// the table is as it was, and ana draws the original's 1 penalty tile.
	run(t, s, "put r10 r11 r12 new")
	clock.advance(20 * time.Second)
	assert.Equal(t, "ana 0:00> ", s.Prompt())
	out.Reset()
	err := s.Exec(t.Context(), "done")
	require.Error(t, err)
	assert.Equal(t, "done was not run: the turn had ended", err.Error())
	assert.Contains(t, out.String(), "time is up for ana (60 seconds): the table stays as it was; ana draws ")
	assert.Equal(t, 1, s.Game().Current(), "bob is to play")
	rack := s.Game().Rack(0)
	assert.Equal(t, 5, rack.Len(), "ana's 4 tiles and a penalty tile")
	assert.Equal(t, "[k1 k2 k3]", s.Game().Table().String())

	// bob's turn has its own minute; a command that only looks runs, after
	// the penalty.
	assert.Equal(t, "bob 1:00> ", s.Prompt())
	clock.advance(61 * time.Second)
	out.Reset()
	require.NoError(t, s.Exec(t.Context(), "who"))
	assert.Contains(t, out.String(), "time is up for bob")
	assert.Contains(t, out.String(), "ana  person  5 tiles  opened  <- to play")

	// timer off: no limit; on again: a fresh minute for the turn in play.
	run(t, s, "timer off")
	clock.advance(time.Hour)
	assert.Equal(t, "ana> ", s.Prompt())
	run(t, s, "put r10 r11 r12 new", "timer on")
	assert.Equal(t, "ana 1:00> ", s.Prompt())
	run(t, s, "done")
	assert.Equal(t, "[k1 k2 k3] [r10 r11 r12]", s.Game().Table().String())
}

func TestTimerNeedsALimit(t *testing.T) {
	rules := core.Original()
	rules.TimeLimit = core.TimeLimit{}
	load := func(string) (core.Rules, error) { return rules, nil }
	clock := &fakeClock{}
	s, out := newSession(t, Options{Timer: true, Clock: clock, LoadVariant: load}, "", "r10 r11 r12", "b1", false)
	clock.advance(time.Hour)
	assert.Equal(t, "ana> ", s.Prompt())
	run(t, s, "timer")
	assert.Equal(t, "timer: on; the variant in play has no time limit\n", out.String())
	run(t, s, "put r10 r11 r12 new", "done")
	assert.True(t, s.Game().RoundOver())
}

func TestUndo(t *testing.T) {
	s, _ := newSession(t, Options{}, "", "r10 r11 r12 o5 o6", "b1 b2 b3 b9 b10 b11", false)
	err := s.Exec(t.Context(), "undo")
	require.Error(t, err)
	assert.Equal(t, "nothing to undo: this is the first turn of a person since the game began (or since setup)", err.Error())

	run(t, s, "put r10 r11 r12 new", "done") // ana opens
	run(t, s, "draw")                        // bob draws
	require.Equal(t, 0, s.Game().Current())
	run(t, s, "put o5 new") // staged, not played

	// Back to the start of bob's turn: his draw is undone.
	run(t, s, "undo")
	assert.Equal(t, 1, s.Game().Current())
	bob := s.Game().Rack(1)
	assert.Equal(t, 6, bob.Len())
	// Again: back to ana's first turn, before her opening.
	run(t, s, "undo")
	assert.Equal(t, 0, s.Game().Current())
	assert.Empty(t, s.Game().Table())
	assert.False(t, s.Game().Opened(0))
	err = s.Exec(t.Context(), "undo")
	require.Error(t, err)
	// The game goes on from there as if nothing had happened.
	run(t, s, "put r10 r11 r12 new", "done")
	assert.Equal(t, "[r10 r11 r12]", s.Game().Table().String())
}

func TestUndoAfterTheRoundEnds(t *testing.T) {
	s, _ := newSession(t, Options{}, "", "r10 r11 r12", "b1 b2 b3", false)
	run(t, s, "put r10 r11 r12 new", "done")
	require.True(t, s.Game().RoundOver())
	run(t, s, "undo")
	assert.False(t, s.Game().RoundOver())
	assert.Equal(t, 0, s.Game().Current())
	rack := s.Game().Rack(0)
	assert.Equal(t, "r10 r11 r12", rack.String())
}

// TestErrorsChangeNothing runs lines that fail and checks that the game
// and the staged turn are exactly as before each.
func TestErrorsChangeNothing(t *testing.T) {
	s, _ := newSession(t, Options{}, "[k1 k2 k3] [r5 r6 r7]", "r8 o5 J", "b1 b2", true)
	run(t, s, "put r8 1")
	bad := []string{
		"put r9 2", "put o5 7", "move 1:k4 2", "move k1 from 2 to 1", "split 2 at r5", "join 2 2",
		"take k1", "done", "play [k1 k2]", "play [r5 r6 r7 r8]", "end", "setup rack 1 k1 k1 k1",
		"setup table [k1 k2]", "new nosuch", "load nosuch.json", "next", "hint now", "frob", "put [r8",
	}
	for _, line := range bad {
		hist := len(s.Game().History())
		table, staged, left := s.Game().Table().String(), s.Workspace().Table().String(), s.Workspace().Left()
		require.Error(t, s.Exec(t.Context(), line), line)
		assert.Equal(t, hist, len(s.Game().History()), line)
		assert.Equal(t, table, s.Game().Table().String(), line)
		assert.Equal(t, staged, s.Workspace().Table().String(), line)
		assert.Equal(t, left, s.Workspace().Left(), line)
	}
}

// TestCancel interrupts the bots, as Ctrl-C does: the bot's turn is not
// taken (and not charged), and the next command lets the bots go on.
func TestCancel(t *testing.T) {
	s, out := newSession(t, Options{Players: "ana:human,bot:greedy"}, "", "r10 r11 r12 o5", "k1 r5 o9", false)
	run(t, s, "put r10 r11 r12 new")
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	require.NoError(t, s.Exec(ctx, "done"))
	assert.Contains(t, out.String(), "ana plays r10 r11 r12\n(stopped: greedy is to play; any turn command lets the bots go on)\n")
	assert.Equal(t, 1, s.Game().Current())
	bot := s.Game().Rack(1)
	assert.Equal(t, 3, bot.Len(), "no penalty for the interrupted bot")
	err := s.Exec(t.Context(), "put o5 new")
	require.NoError(t, err)
	assert.Contains(t, out.String(), "greedy draws 1 tile\n")
	assert.Equal(t, 0, s.Game().Current())
}

func TestSeats(t *testing.T) {
	tests := []struct {
		line, want, err string
	}{
		{line: "new original 3 9", want: "you, greedy (bot), greedy 2 (bot)"},
		{line: "new original ana:human bot:greedy bob:human 9", want: "ana, greedy (bot), bob"},
		{line: "new original max:random ana:human 9", want: "max (bot), ana"},
		{line: "new original ana:human ana:human", want: "ana, ana 2"},
		{line: "new original ana:", err: `seat "ana:": write NAME:human or NAME:BOT, as ana:human or bot:greedy`},
		{line: "new original :human bob:human", err: `seat ":human": a person needs a name, as ana:human`},
		{line: "new original ana bob", err: `seat "ana": write NAME:human or NAME:BOT, as ana:human or bot:greedy`},
		{line: "new original 99", err: `99 players? give a count from 1 (as the variant allows) or a seat for each player`},
		{line: "new original 5", err: `the original rules are for 2 to 4 players, not 5`},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			s, out := newSession(t, Options{}, "", "r1", "r2", false)
			err := s.Exec(t.Context(), tc.line)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Contains(t, out.String(), "; "+tc.want+"\n")
		})
	}
}

func TestNewKeepsSeatsAndSeeds(t *testing.T) {
	s, out := newSession(t, Options{Seed: 7}, "", "r1", "r2", false)
	run(t, s, "new")
	first := out.String()
	assert.Contains(t, first, "; ana, bob\n")
	// The same session seed gives the same sequence of games.
	s2, out2 := newSession(t, Options{Seed: 7}, "", "r1", "r2", false)
	require.NoError(t, s2.Exec(t.Context(), "new"))
	assert.Equal(t, first, out2.String())
}

func TestComplete(t *testing.T) {
	s, _ := newSession(t, Options{}, "[k1 k2 k3] [r5 r6 r7]", "r8 r10 r11 o5 J", "b1 b2", true)
	tests := []struct {
		line string
		head string
		want []string
	}{
		{"pu", "", []string{"put ", "puzzle "}},
		{"put", "", []string{"put "}},
		{"", "", commandNamesSpaced()},
		{"put ", "put ", []string{"r8", "r10", "r11", "o5", "J"}},
		{"put r1", "put ", []string{"r10", "r11"}},
		{"put j", "put ", []string{"J"}},
		{"put r8 ", "put r8 ", []string{"r8", "r10", "r11", "o5", "J", "1", "2", "new"}},
		{"put r8 n", "put r8 ", []string{"new"}},
		{"move 2", "move ", []string{"2:r5", "2:r6", "2:r7"}},
		{"split ", "split ", []string{"1", "2"}},
		{"split 2 ", "split 2 ", []string{"at"}},
		{"split 2 at r", "split 2 at ", []string{"r5", "r6", "r7"}},
		{"join 1 ", "join 1 ", []string{"1", "2"}},
		{"help p", "help ", []string{"play", "pool", "put", "puzzle"}},
		{"new or", "new ", []string{"original", "original-fr", "original-fr-xp"}},
		{"new original bot:g", "new original ", []string{"bot:greedy"}},
		{"timer o", "timer ", []string{"on", "off"}},
		{"setup r", "setup ", []string{"rack"}},
		{"nosuch ", "nosuch ", nil},
	}
	for _, tc := range tests {
		head, got, tail := s.Complete(tc.line, len([]rune(tc.line)))
		assert.Equal(t, tc.head, head, tc.line)
		assert.Equal(t, tc.want, got, tc.line)
		assert.Empty(t, tail, tc.line)
	}
	// The cursor in the middle: the text after it is kept.
	head, got, tail := s.Complete("put r1 new", 6)
	assert.Equal(t, "put ", head)
	assert.Equal(t, []string{"r10", "r11"}, got)
	assert.Equal(t, " new", tail)
}

func commandNamesSpaced() []string {
	var out []string
	for _, n := range commandTable().names() {
		out = append(out, n+" ")
	}
	return out
}

func TestUseColor(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		name     string
		mode     ColorMode
		terminal bool
		env      func(string) string
		want     bool
	}{
		{"auto on a terminal", ColorAuto, true, env("TERM", "xterm"), true},
		{"auto into a pipe", ColorAuto, false, env("TERM", "xterm"), false},
		{"NO_COLOR", ColorAuto, true, env("TERM", "xterm", "NO_COLOR", "1"), false},
		{"NO_COLOR empty counts as unset", ColorAuto, true, env("TERM", "xterm", "NO_COLOR", ""), true},
		{"TERM=dumb", ColorAuto, true, env("TERM", "dumb"), false},
		{"never", ColorNever, true, env("TERM", "xterm"), false},
		{"always into a pipe", ColorAlways, false, env(), true},
		{"always beats NO_COLOR", ColorAlways, true, env("NO_COLOR", "1"), true},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, UseColor(tc.mode, tc.terminal, tc.env), tc.name)
	}
	for _, tc := range []struct {
		in   string
		want ColorMode
		err  string
	}{
		{"auto", ColorAuto, ""}, {"never", ColorNever, ""}, {"always", ColorAlways, ""},
		{"ALWAYS", ColorAlways, ""}, {"off", ColorNever, ""}, {"purple", ColorAuto, "--color=purple: use auto, never or always"},
	} {
		got, err := ParseColorMode(tc.in)
		if tc.err != "" {
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

func TestPainter(t *testing.T) {
	p := view.Painter{Color: true}
	assert.Equal(t, "\x1b[31mr7\x1b[0m", p.Tile(coretest.Tile("r7")))
	assert.Equal(t, "\x1b[1;35mJ\x1b[0m", p.Tile(core.Joker))
	var b strings.Builder
	view.Painter{}.Table(&b, coretest.Table("[r3 r4 r5] [r4 b5 r6]"), core.StandardSets)
	assert.Equal(t, "table:\n  1 [r3 r4 r5]\n  2 [r4 b5 r6]  X not a run: b5 is blue, the run is red\n", b.String())
}

func TestNearest(t *testing.T) {
	names := commandTable().names()
	for word, want := range map[string]string{
		"hlep": "help", "tabel": "table", "pu": "put", "exlpain": "explain", "dne": "done",
		"quti": "quit", "florp": "", "x": "", "undoo": "undo", "splt": "split",
	} {
		assert.Equal(t, want, suggest.Nearest(word, names), word)
	}
}

func TestEveryCommandIsDocumented(t *testing.T) {
	for _, c := range commandTable() {
		_, ok := core.EnglishText("repl.cmd." + c.name + ".summary")
		assert.True(t, ok, c.name)
		assert.NotEmpty(t, c.example, c.name)
		assert.NotEmpty(t, c.group, c.name)
		for _, e := range c.example {
			l, err := ParseLine(e)
			require.NoError(t, err, e)
			assert.Equal(t, c.name, l.Name, "the example %q is of %s", e, c.name)
		}
	}
}

// TestBookExamplesAsSteps plays each worked example of docs/rules.md as the
// steps hint would show: planSteps turns the book's table into put and
// move commands, which must rebuild it exactly, and the engine must
// accept the result.
func TestBookExamplesAsSteps(t *testing.T) {
	for _, tc := range coretest.WorkedExamples {
		t.Run(tc.Name, func(t *testing.T) {
			s, out := newSession(t, Options{}, tc.Table, tc.Rack+" k13", "b11", true)
			after := coretest.Table(tc.After)
			steps := stage.Plan(s.Workspace().Start(), after)
			cmds, ok := hint.Commands(s.desk.Tab.Rehearsal(), steps, after)
			require.True(t, ok, "steps %q", steps)
			assert.ElementsMatch(t, multisets(s.Workspace().Start()), multisets(s.Workspace().Table()), "the rehearsal changed the table")
			for _, c := range cmds { // the typed commands, as the browser sends them
				_, err := s.Do(t.Context(), c)
				require.NoError(t, err, c.String())
			}
			assert.ElementsMatch(t, multisets(after), multisets(s.Workspace().Table()), "%s after %q", s.Workspace().Table(), steps)
			run(t, s, "done")
			assert.Contains(t, out.String(), "ana plays "+coretest.Rack(tc.Rack).String()+"\n")
		})
	}
}

// multisets is a table's sets as the tiles they hold, in any order.
func multisets(t core.Table) []core.Multiset {
	out := make([]core.Multiset, len(t))
	for i, set := range t {
		out[i] = core.MultisetOf(set...)
	}
	return out
}

func TestHint(t *testing.T) {
	s, out := newSession(t, Options{}, "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]", "k10 b5 o13", "b11", true)
	run(t, s, "hint")
	text := out.String()
	assert.Contains(t, text, "hint: place 2 tiles, k10 b5, worth 15 points on the table\n")
	assert.Contains(t, text, "  done\n")
	// The steps it printed work.
	var steps []string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "  put ") || strings.HasPrefix(line, "  move ") {
			steps = append(steps, strings.TrimSpace(line))
		}
	}
	require.NotEmpty(t, steps)
	run(t, s, steps...)
	run(t, s, "done")
	rack := s.Game().Rack(0)
	assert.Equal(t, "o13", rack.String())

	s, out = newSession(t, Options{}, "", "k1 r5 o9", "b11", false)
	run(t, s, "hint")
	assert.Equal(t, "hint: no initial meld of 30 points is on your rack: draw\n", out.String())
}

func TestExplain(t *testing.T) {
	s, out := newSession(t, Options{}, "[k8 r8 J]", "r3 r4 r5 o8 b1", "k1", false)
	run(t, s, "put r3 r4 r5 new", "put b1 new")
	out.Reset()
	run(t, s, "explain")
	assert.Equal(t, `the staged table under the original rules, set by set:
  1 [k8 r8 J]   ok: a group of 3 8s, 24 points; J is b8 or o8
  2 [r3 r4 r5]  ok: a run, red 3 to 5, 12 points
  3 [b1]        X too short: a set needs at least 3 tiles
placed from the rack: r3 r4 r5 b1 (13 points)
done would be refused: set 3 [b1] is too short: a set needs at least 3 tiles
`, out.String())
	run(t, s, "take b1")
	out.Reset()
	run(t, s, "explain")
	assert.Contains(t, out.String(), "done would be refused: initial meld is 12 points; the original rules need 30")
}

// The rules page says every rule key in the words of core's table, the
// words of "meldlab variants diff".
func TestDescribeRules(t *testing.T) {
	r := core.Original()
	raw := view.Rules(&r, i18n.New(i18n.English))
	for _, line := range strings.Split(raw, "\n") {
		assert.LessOrEqual(t, len(line), 80, "wrapped: %q", line)
	}
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	text := flat(raw)
	for _, want := range []string{
		"original: Rummikub, the original rules (rulebook 000",
		"- 106 tiles: numbers 1 to 13 in 4 colours, black (k), red (r), blue (b), orange (o), and jokers (J).",
		"Under the original rules: - A game needs at least 2 players. - A game takes at most 4 players.",
		"- The deal gives each player 14 tiles drawn from the pool. - The round starts",
		"- The initial meld must be worth at least 30 points. - A joker is worth the tile it replaces.",
		"- A turn has 60 seconds. - Running out of time costs 1 penalty tile.",
		"- A loser's score when the pool runs out is minus the difference between their rack and the winner's.",
		"- The match goes to whoever wins most rounds, ties by points.",
	} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, "The lock on the table's sets", "the lock matters only when the table is locked")
	r.Opening.FirstRoundLocked, r.Joker.Keep, r.TimeLimit = true, true, core.TimeLimit{}
	r.Match.Winner, r.Opening.JokerValue = core.HighestTotal, core.Zero
	text = flat(view.Rules(&r, i18n.New(i18n.English)))
	for _, want := range []string{
		"The sets on the table may not be changed during the first round.", "The lock on the table's sets lifts after the first round.",
		"A freed joker may be kept by whoever replaces it from their own rack.", "A turn has no time limit.",
		"The match goes to the highest total score.", "A joker is worth 0 in the initial meld.",
	} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, "Running out of time", "no clock, no penalty for running out")
	// Every key that says something is on the page, but a house rule's
	// key left as the books have it (match.target 0).
	r = core.Original()
	text = flat(view.Rules(&r, i18n.New(i18n.English)))
	for _, k := range core.RuleKeys() {
		if k.Says() && !k.PerFile && k.SaidWith == "" && k.Applies(&r) && k.Path != "hooks" && k.Path != "params" && k.Path != "time_limit.mode" {
			if k.Optional {
				assert.NotContains(t, text, view.UpperFirst(k.Sentence(&r).String())+".", k.Path)
				continue
			}
			assert.Contains(t, text, view.UpperFirst(k.Sentence(&r).String())+".", k.Path)
		}
	}
	// The house-rule keys, set, are on the page.
	r.Draw.TilesOpened, r.EndOfPool.Play, r.Match.Target = 2, core.MustPlace, 200
	r.Scoring = core.Scoring{UnopenedPenalty: 100, RoundTo: 10}
	r.Opening.FirstRoundLocked, r.Opening.LockEnds, r.Opening.LockTurns = true, core.LockTurns, 3
	text = flat(view.Rules(&r, i18n.New(i18n.English)))
	for _, want := range []string{
		"- Once a player has made the initial meld, a turn that places nothing draws 2 tiles.",
		"- The lock on the table's sets lasts for each player's first 3 turns.",
		"- Once the pool is empty, the first player who places no tile ends the round.",
		"- A player who has not made the initial meld when the round ends loses 100 points more, which nobody gains.",
		"- Each round's scores are rounded to the nearest multiple of 10.",
		"- A match ends once a player's total reaches 200 points.",
		"- A match lasts as many rounds as it takes to reach the target (at most 100).",
	} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, "parameters", "no params, nothing said")
	r.Params = core.Params{"seat": 2}
	assert.Contains(t, flat(view.Rules(&r, i18n.New(i18n.English))), "- The hooks get the parameters {seat: 2}.")
}

func TestSaveLoadKeepsSeats(t *testing.T) {
	s, out := newSession(t, Options{Players: "ana:human,bot:greedy"}, "", "r10 r11 r12 o5", "k1 r5 o9", false)
	path := t.TempDir() + "/game.json"
	run(t, s, "save "+path)
	run(t, s, "new original 2 3") // you and a bot, another deal
	out.Reset()
	run(t, s, "load "+path)
	// (a long path wraps the line: compare the words)
	assert.Contains(t, strings.Join(strings.Fields(out.String()), " "), "loaded "+path+": original rules, round 1; ana, greedy (bot) ")
	rack := s.Game().Rack(0)
	assert.Equal(t, "r10 r11 r12 o5", rack.String())
	run(t, s, "put r10 r11 r12 new", "done")
	assert.Contains(t, out.String(), "greedy draws 1 tile\n")
}

// A scenario gets the tiles it names even when the deal put them on another
// rack: that rack gives them up, unless a setup laid it out.
func TestSetupMakesRoomOnDealtRacks(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out, Seed: 2, Players: "ana:human,bob:human"})
	require.NoError(t, s.Start(t.Context()))
	bob := s.Game().Rack(1)
	// Two copies of one of bob's tiles on the table: more than the box has
	// once bob's own copy is counted.
	t0 := bob.Tiles()[0]
	run(t, s, fmt.Sprintf("setup rack 1 %s %s", t0, t0))
	ana, bob2 := s.Game().Rack(0), s.Game().Rack(1)
	assert.Equal(t, 2, ana.Count(t0), "ana's rack is what the setup named")
	assert.Equal(t, 0, bob2.Count(t0), "bob gave up his copy")
	assert.Equal(t, bob.Len(), bob2.Len(), "and got another tile instead")

	// ana's rack is laid out now: a third copy for bob is an error, and
	// changes nothing.
	err := s.Exec(t.Context(), fmt.Sprintf("setup rack 2 %s", t0))
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("scenario: the table and the racks use 3 × %s; the original box has 2", t0), err.Error())
	ana = s.Game().Rack(0)
	assert.Equal(t, 2, ana.Count(t0))
}

// A table set up is bounded by the box, whatever the racks give up.
func TestSetupTableWithinTheBox(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out, Seed: 2, Players: "ana:human,bob:human"})
	require.NoError(t, s.Start(t.Context()))
	before := s.Game().Table()
	err := s.Exec(t.Context(), "setup table [r5 b5 k5] [r5 b5 k5] [r5 b5 k5]")
	require.Error(t, err)
	assert.Equal(t, "scenario: the table uses 3 × r5; the original box has 2", err.Error())
	assert.Equal(t, before, s.Game().Table(), "a refused setup changes nothing")

	xp := NewSession(Options{Out: &out, Seed: 2, Variant: "xp", Players: "a:human,b:human,c:human,d:human,e:human"})
	require.NoError(t, xp.Start(t.Context()))
	run(t, xp, "setup table [k5 k6 J J J J]")
	assert.Equal(t, "[k5 k6 J J J J]", xp.Game().Table().String())
}

// A bot too slow for its turn: with a clock it takes the timeout penalty;
// without one (italian) its turn ends the ordinary way, with a draw.
func TestSlowBotWithoutAClockDraws(t *testing.T) {
	for _, tc := range []struct{ variant, want string }{
		{"original", "bob loses its turn (out of time) and draws 1 penalty tile\n"},
		{"italian", "bob could not play (out of time) and draws 1 tile\n"},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			var out bytes.Buffer
			s := NewSession(Options{Out: &out, Seed: 2, Variant: tc.variant, Players: "ana:human,bob:greedy", BotTime: time.Nanosecond})
			require.NoError(t, s.Start(t.Context()))
			if s.Game().Current() == 0 {
				run(t, s, "draw")
			}
			assert.Contains(t, out.String(), tc.want)
		})
	}
}

// An error may quote a file's text or a path the user typed (a seat's bot
// inside an OS error): its control characters are shown, never sent.
func TestErrorsEscapeControlCharacters(t *testing.T) {
	reg := bots.NewRegistry()
	reg.SetLua(func(path string, seed uint64) (bots.Bot, error) {
		_, err := os.Open(path) // as the Lua bots' maker does: the OS error names the path
		return nil, err
	})
	s, out := newSession(t, Options{Bots: reg}, "", "r10 r11 r12", "b1", false)
	err := s.Exec(t.Context(), "new original ana:human x:/nonexistent/\x1b]0;owned\x07.lua")
	require.Error(t, err)
	s.tell.Error(err)
	assert.NotContains(t, out.String(), "\x1b")
	assert.NotContains(t, out.String(), "\x07")
	assert.Contains(t, out.String(), `/nonexistent/\x1b]0;owned\x07.lua`)

	out.Reset()
	s.tell.Error(fmt.Errorf("line one\nline two \x1b[2J"))
	assert.Equal(t, "error: line one\nline two \\x1b[2J\n", out.String(), "line breaks kept, controls escaped")
}

// A match to a target says so wherever the round count is said.
func TestMatchTargetShown(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out, Players: "ana:human,bob:human"})
	require.NoError(t, s.Start(t.Context()))
	out.Reset()
	run(t, s, "new house/first-to-200 2 1", "who")
	assert.Contains(t, out.String(), "round 1 of 100 (first to 200 points)")
}

// Under Okey's deal the state names the indicator and the round's okey,
// and the pool line says them.
func TestOkeyState(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out, Players: "ana:human,bob:human", Variant: "okey", Seed: 5})
	require.NoError(t, s.Start(t.Context()))
	st := s.State()
	g := s.desk.Tab.Game()
	require.NotEqual(t, core.NoTile, g.Indicator())
	assert.Equal(t, g.Indicator().String(), st.Indicator)
	assert.Equal(t, core.OkeyOf(g.Indicator(), 13).String(), st.Okey)
	out.Reset()
	run(t, s, "pool")
	said := strings.Join(strings.Fields(out.String()), " ") // as one line, however wrapped
	assert.Contains(t, said, "indicator "+st.Indicator+": the okey "+st.Okey+" is wild, and each joker stands for it")
	assert.NotContains(t, out.String(), "set aside by the scenario", "the indicator is no scenario's")
}
