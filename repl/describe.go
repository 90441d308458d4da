package repl

import (
	"context"
	"fmt"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// describeRules is a variant's rules in plain words, one line a rule, as the
// rules command prints them: every field of core.Rules a player can notice.
func describeRules(r *core.Rules) string {
	var b strings.Builder
	line := func(format string, args ...any) { b.WriteString(wrap("- "+fmt.Sprintf(format, args...), 78, "  ")) }
	fmt.Fprintf(&b, "%s: %s\n", r.Name, r.Title)
	if r.Source != "" {
		fmt.Fprintf(&b, "(%s)\n", r.Source)
	}
	ts := r.Tiles
	players := fmt.Sprintf("%d to %d players", r.Players.Min, r.Players.Max)
	if r.Players.Max == 0 {
		players = fmt.Sprintf("%d or more players", max(r.Players.Min, 1))
	}
	line("%s; play passes to the %s.", players, r.Direction)
	colours := make([]string, 0, ts.Colors)
	for c := range min(ts.Colors, core.MaxColors) {
		colours = append(colours, fmt.Sprintf("%s (%c)", core.Color(c), core.Color(c).Letter()))
	}
	line("%d tiles: numbers 1 to %d in %d colours, %s, %d of each, and %d %s (J).",
		ts.Size(), ts.Numbers, ts.Colors, strings.Join(colours, ", "), ts.Copies, ts.Jokers, plural(ts.Jokers, "joker", "jokers"))
	wrap := fmt.Sprintf("no wrapping from %d to 1", ts.Numbers)
	if r.Sets.Wrap {
		wrap = fmt.Sprintf("a run may wrap from %d to 1", ts.Numbers)
	}
	line("A run is %d or more consecutive numbers of one colour (%s); a group is %d to %d tiles of one number, all colours different. A joker stands for any one tile of its set.",
		r.Sets.MinRun, wrap, r.Sets.MinGroup, ts.Colors)
	switch r.Deal.Method {
	case core.DealPiles:
		line("The deal: the tiles are cut into %d face-down piles (%s); each player takes %d piles, and the rest are the pool.",
			len(r.Deal.Piles), pileWords(r.Deal.Piles), r.Deal.Take)
	default:
		line("The deal: each player takes %d tiles; the rest are the pool.", r.Deal.Tiles)
	}
	if r.FirstPlayer == core.Seat {
		line("The first seat starts.")
	} else {
		line("Who starts: each player draws a tile, the highest number starts (a joker counts nothing).")
	}
	joker := "a joker counts as the tile it replaces"
	if r.Opening.JokerValue == core.Zero {
		joker = "a joker counts 0"
	}
	line("The initial meld: a player's first play is new sets from their own rack worth %d points or more (%s); the same turn may not also add to sets on the table.",
		r.Opening.Points, joker)
	switch {
	case r.Opening.FirstRoundLocked && r.Opening.LockEnds == core.AllOpened:
		line("Until every player has made the initial meld, the sets on the table may not be changed, only new sets added.")
	case r.Opening.FirstRoundLocked:
		line("During the first round (until everybody has had a turn) the sets on the table may not be changed, only new sets added.")
	}
	line("Once opened, a player may rearrange the whole table, as long as every set is valid at the end of the turn and no table tile goes back to a rack.")
	var from []string
	if r.Joker.ReplaceFrom.Has(core.FromRack) {
		from = append(from, "your rack")
	}
	if r.Joker.ReplaceFrom.Has(core.FromTable) {
		from = append(from, "the table")
	}
	if r.Joker.ReplaceFrom.Has(core.FromDrawn) {
		from = append(from, "the tile just drawn")
	}
	if len(from) == 0 {
		from = append(from, "nowhere")
	}
	take := "after the initial meld only"
	if r.Joker.TakeBeforeOpening {
		take = "even before the initial meld"
	}
	line("Taking a joker (%s): put the tile it stands for in its place, from %s, or split, extend or rearrange sets until it is free.",
		take, strings.Join(from, " or "))
	if r.Joker.Keep {
		line("A freed joker may go to your rack and be used at will.")
	} else {
		line("A freed joker must be played again the same turn.")
	}
	line("A player who does not play draws %d %s and the turn ends.", r.Draw.Tiles, plural(r.Draw.Tiles, "tile", "tiles"))
	if tl := r.TimeLimit; tl.Seconds > 0 {
		line("A turn lasts %d seconds; running over puts the table back and costs %d penalty %s (timer on turns the clock on).",
			tl.Seconds, tl.PenaltyTiles, plural(tl.PenaltyTiles, "tile", "tiles"))
	} else {
		line("No time limit.")
	}
	if k := r.FailedPlay.PenaltyTiles; k > 0 {
		line("A refused play costs %d %s and ends the turn.", k, plural(k, "tile", "tiles"))
	} else {
		line("A refused play changes nothing: try again, or draw.")
	}
	line("Whoever empties the rack wins the round; each loser scores minus their rack total (a joker costs %d), and the winner scores what the losers lose.",
		r.Joker.Penalty)
	loser := "minus their own total"
	if r.EndOfPool.LosersScore == core.Difference {
		loser = "minus the difference between their total and the winner's"
	}
	line("When the pool is empty and nobody can play, the lowest rack wins (a tie: fewer tiles, else a shared round) and the losers score %s.", loser)
	rounds := "one round a player"
	if r.Match.Rounds > 0 {
		rounds = fmt.Sprintf("%d %s", r.Match.Rounds, plural(r.Match.Rounds, "round", "rounds"))
	}
	line("A match is %s; it is won by %s.", rounds, matchWords(r.Match.Winner))
	if r.Hooks != "" {
		line("Lua hooks (%s) add rules of their own.", r.Hooks)
	}
	return b.String()
}

// pileWords says pile sizes in runs of equal sizes: "14 of 7 tiles and 1 of 8".
func pileWords(piles []int) string {
	var parts []string
	for i := 0; i < len(piles); {
		j := i
		for j < len(piles) && piles[j] == piles[i] {
			j++
		}
		parts = append(parts, fmt.Sprintf("%d of %d", j-i, piles[i]))
		i = j
	}
	if len(parts) == 1 {
		return parts[0] + " tiles"
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " tiles and " + parts[len(parts)-1]
}

// wrap breaks text into lines of at most width columns at spaces, the lines
// after the first indented; each line ends with a newline.
func wrap(text string, width int, indent string) string {
	var b strings.Builder
	col := 0
	for i, w := range strings.Fields(text) {
		switch {
		case i == 0:
		case col+1+len(w) > width:
			b.WriteString("\n" + indent)
			col = len(indent)
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}

// describeSet says what a valid set is: "a run, red 3 to 5, 12 points; J
// is r6".
func describeSet(r core.SetRules, info *core.SetInfo) string {
	var b strings.Builder
	switch info.Kind {
	case core.Run:
		last := (info.Number+info.Len-2)%r.Numbers + 1
		fmt.Fprintf(&b, "a run, %s %d to %d", info.Color, info.Number, last)
	case core.Group:
		fmt.Fprintf(&b, "a group of %d %ds", info.Len, info.Number)
	}
	fmt.Fprintf(&b, ", %s", points(info.Value))
	if info.Jokers == 0 {
		return b.String()
	}
	var stands []string
	if info.Kind == core.Group {
		var cols []string
		for c := range core.Color(min(r.Colors, core.MaxColors)) {
			if info.Missing&(1<<c) != 0 {
				cols = append(cols, string(c.Letter())+fmt.Sprint(info.Number))
			}
		}
		if info.Jokers == 1 {
			stands = append(stands, "J is "+strings.Join(cols, " or "))
		} else {
			stands = append(stands, fmt.Sprintf("the jokers are %d of %s", info.Jokers, strings.Join(cols, ", ")))
		}
	} else {
		for _, t := range info.JokerTiles() {
			stands = append(stands, "J is "+t.String())
		}
	}
	return b.String() + "; " + strings.Join(stands, ", ")
}

func cmdExplain(s *Session, _ context.Context, l Line) error {
	if len(l.Args) == 1 && strings.EqualFold(l.Args[0], "last") {
		return s.explainLast()
	}
	if err := noArgs(l); err != nil {
		return err
	}
	if err := s.needTurn(); err != nil {
		return err
	}
	g := s.game
	sr := g.Rules.SetRules()
	t := s.ws.Table()
	var b strings.Builder
	fmt.Fprintf(&b, "the staged table under the %s rules, set by set:\n", g.Rules.Name)
	if len(t) == 0 {
		b.WriteString("  (no sets)\n")
	}
	pad := 0
	for _, set := range t {
		pad = max(pad, len(set.String()))
	}
	for i, set := range t {
		fmt.Fprintf(&b, "  %d %s%s  ", i+1, s.paint.set(set), strings.Repeat(" ", pad-len(set.String())))
		info, err := sr.Validate(set)
		if err != nil {
			fmt.Fprintf(&b, "%s %s\n", s.paint.warn(), setReason(err))
			continue
		}
		fmt.Fprintf(&b, "ok: %s\n", describeSet(sr, &info))
	}
	placed := s.ws.Placed()
	if placed.Len() == 0 {
		b.WriteString("nothing placed from the rack yet: put tiles, or draw\n")
	} else {
		worth := points(placed.Value(0))
		if placed.Jokers() > 0 {
			worth += " and " + plural(placed.Jokers(), "a joker", "jokers")
		}
		fmt.Fprintf(&b, "placed from the rack: %s (%s)\n", s.paint.tiles(placed.Tiles()), worth)
	}
	// The engine's verdict, from a copy: the real game is untouched.
	if err := g.Clone().Play(t); err != nil {
		fmt.Fprintf(&b, "done would be refused: %v\n", err)
	} else {
		b.WriteString("done would be accepted\n")
	}
	s.printf("%s", b.String())
	return nil
}
