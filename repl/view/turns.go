package view

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/text"
)

// say is the message id in the painter's language.
func (p Painter) say(id string, nameValues ...any) string { return p.Lang.T(id, nameValues...) }

// para is a message filled to Width, its lines after the first indented.
func (p Painter) para(id string, nameValues ...any) string {
	return text.Wrap(p.say(id, nameValues...), Width, "  ")
}

// Turn is the start of a person's turn: whose turn it is (with the time
// left when timed, and the chess clocks), whether they must still open or
// the table is locked, the tile a draw gave them, then the staged table and
// the rack left.
func (p Painter) Turn(g *core.Game, staged core.Table, left core.Multiset, timeLeft time.Duration, timed bool) string {
	cur := g.Current()
	var b strings.Builder
	b.Grow(stagedSize(staged, left) + 256) // and the lines above the table
	name := g.Name(cur)
	b.WriteString(p.say("repl.turn", "Name", name, "You", IsYou(p.Lang, name), "Round", g.Round(), "Turn", g.Turn()+1,
		"Timed", timed, "Seconds", int(timeLeft.Round(time.Second).Seconds())) + "\n")
	if timed && g.Rules.TimeLimit.Mode != core.PerTurn {
		b.WriteString(p.para("repl.clocks", "Clocks", Clocks(g)))
	}
	switch {
	case !g.Opened(cur):
		b.WriteString(p.para("repl.not_opened", "You", IsYou(p.Lang, name), "Name", name, "Points", g.Rules.Opening.Points))
	case g.Locked():
		b.WriteString(p.para("repl.locked"))
	}
	if t := g.DrawnTile(); t != core.NoTile {
		b.WriteString(p.para("repl.drew", "Tile", p.Tile(t)))
	}
	p.staged(&b, g, staged, left)
	return b.String()
}

// Staged is the staged table and the rack left, as after every edit.
func (p Painter) Staged(g *core.Game, staged core.Table, left core.Multiset) string {
	var b strings.Builder
	b.Grow(stagedSize(staged, left))
	p.staged(&b, g, staged, left)
	return b.String()
}

// staged writes Staged into b.
func (p Painter) staged(b *strings.Builder, g *core.Game, staged core.Table, left core.Multiset) {
	p.Table(b, staged, g.Rules.SetRules())
	b.WriteString(p.RackLine(p.say("repl.rack.label"), left, g.Rules.Joker.Penalty))
	b.WriteByte('\n')
}

// stagedSize is about the bytes Staged writes without colour, so that its
// text is made at once, not grown a line at a time: each set's line with
// room for a short reason, the heading, and the rack line.
func stagedSize(t core.Table, left core.Multiset) int {
	n := 96 + 4*left.Len()
	for _, s := range t {
		n += plainWidth(s) + 16
	}
	return n
}

// BotTurn says what a bot's turn did, with the tiles it placed or drew.
// Its opponents see how many tiles it drew, never which.
func (p Painter) BotTurn(r TurnReport, tiles []core.Tile) string {
	n, name := len(tiles), r.Player
	switch {
	case r.Penalty != nil && (r.Kind == core.ActDraw || r.Kind == core.ActPass):
		// No clock in this variant: the bot's turn ends the ordinary way.
		return p.say("repl.bot.could_not_play", "Name", name, "Why", p.botWhy(r.Penalty), "Count", n) + "\n"
	case r.Penalty != nil:
		return p.say("repl.bot.loses_turn", "Name", name, "Why", p.botWhy(r.Penalty), "Count", n) + "\n"
	case r.Kind == core.ActPlay:
		return p.say("repl.bot.plays", "Name", name, "Tiles", p.Tiles(tiles)) + "\n" + p.TableLines(r)
	case r.Kind == core.ActPass:
		return p.say("repl.bot.passes", "Name", name) + "\n"
	case r.Kind == core.ActDraw:
		return p.say("repl.bot.draws", "Name", name, "Count", n) + "\n"
	case r.Kind == core.ActTimeout:
		return p.say("repl.bot.timeout", "Name", name, "Count", n) + "\n"
	}
	return fmt.Sprintf("%s: %s\n", name, r.Kind)
}

// botWhy says why a bot lost its turn, in the player's words: "out of
// time" rather than the context's error, and no package prefix.
func (p Painter) botWhy(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return p.say("repl.bot.out_of_time")
	}
	return strings.TrimPrefix(err.Error(), "bots: ")
}

// RoundEnd says who won the round, the scores, and what comes next.
func (p Painter) RoundEnd(g *core.Game) string {
	names := g.Names()
	win := g.Winners()
	var who []any
	for _, w := range win {
		who = append(who, names[w])
	}
	var b strings.Builder
	if len(win) == 0 { // a score hook left nobody ahead
		b.WriteString(p.para("repl.round.nobody", "Round", g.Round()))
	} else if wr := g.Rack(win[0]); wr.Len() == 0 {
		b.WriteString(p.para("repl.round.out", "Round", g.Round(), "Who", core.List{Items: who}, "You", len(who) == 1 && IsYou(p.Lang, names[win[0]])))
	} else {
		b.WriteString(p.para("repl.round.blocked", "Round", g.Round(), "Who", core.List{Items: who},
			"Count", len(who), "You", len(who) == 1 && IsYou(p.Lang, names[win[0]])))
	}
	p.Scores(&b, g)
	if g.MatchOver() {
		w := g.MatchWinner()
		b.WriteString(p.para("repl.match.over", "Name", names[w], "You", IsYou(p.Lang, names[w]), "Highest", g.Rules.Match.Winner == core.HighestTotal))
		b.WriteString(p.say("repl.match.new") + "\n")
	} else {
		b.WriteString(p.say("repl.round.next", "Next", g.Round()+1, "Rounds", p.Rounds(g)) + "\n")
	}
	return b.String()
}

// Rounds says how many rounds the match has, for "round 2 of ...": with a
// target (match.target), the target too: "100 (first to 200 points)".
func (p Painter) Rounds(g *core.Game) any {
	if t := g.Rules.Match.Target; t > 0 {
		return p.say("repl.rounds.target", "Rounds", g.Rounds(), "Target", t)
	}
	return g.Rounds()
}

// Clock is a time left as a clock shows it: "0:42" (never below 0:00).
func Clock(left time.Duration) string {
	left = max(left, 0).Round(time.Second)
	return fmt.Sprintf("%d:%02d", int(left.Minutes()), int(left.Seconds())%60)
}

// Clocks is every player's chess clock at the start of their turn: "ana
// 1:40, bob 2:00".
func Clocks(g *core.Game) string {
	parts := make([]string, g.Players())
	for i, name := range g.Names() {
		parts[i] = name + " " + Clock(g.Clock(i))
	}
	return strings.Join(parts, ", ")
}

// Countdown is the line a terminal keeps up to date above the prompt
// while a timed turn runs.
func (p Painter) Countdown(left time.Duration) string {
	switch {
	case left <= 0:
		return p.say("repl.clock.up")
	case left <= 10*time.Second:
		return p.say("repl.clock.hurry", "Left", Clock(left))
	}
	return p.say("repl.clock.left", "Left", Clock(left))
}

// DescribeSet says what s, a valid set, is (info: its validation): "a run,
// red 3 to 5, 12 points; J is r6".
func (p Painter) DescribeSet(r core.SetRules, s core.Set, info *core.SetInfo) string {
	// Twist's double joker takes two places of its set; info.Len counts
	// tiles, as the set is written.
	places := info.Len
	mirror, change := -1, false
	for i, t := range s {
		switch t {
		case core.DoubleJoker:
			places++
		case core.MirrorJoker:
			mirror = i
		case core.ColorChangeJoker:
			change = true
		}
	}
	var what string
	switch {
	case mirror >= 0:
		// Its halves say it better than its numbers would: 2 3 (4) 3 2.
		what = p.say("repl.set.mirror", "Half", p.Set(s[:mirror]), "Points", info.Value)
	case info.Kind == core.Run && change:
		what = p.say("repl.set.run_change", "Colour", info.Color, "Then", lastColour(s),
			"From", info.Number, "To", (info.Number+places-2)%r.Numbers+1, "Points", info.Value)
	case info.Kind == core.Run:
		last := (info.Number+places-2)%r.Numbers + 1
		what = p.say("repl.set.run", "Colour", info.Color, "From", info.Number, "To", last, "Points", info.Value)
	default:
		what = p.say("repl.set.group", "Len", places, "Number", info.Number, "Points", info.Value)
	}
	if info.Jokers == 0 {
		return what
	}
	var stands []string
	if info.Kind == core.Group {
		var cols []any
		for c := range core.Color(min(r.Colors, core.MaxColors)) {
			if info.Missing&(1<<c) != 0 {
				cols = append(cols, core.NewTile(c, info.Number))
			}
		}
		if info.Jokers == 1 {
			stands = append(stands, p.say("repl.set.joker_is", "Tiles", core.List{Items: cols, Or: true}))
		} else {
			stands = append(stands, p.say("repl.set.jokers_are", "Count", info.Jokers, "Tiles", core.List{Items: cols}))
		}
	} else {
		for _, t := range info.JokerTiles() {
			stands = append(stands, p.say("repl.set.joker_is", "Tiles", t))
		}
	}
	return p.say("repl.set.facts", "What", what, "Jokers", strings.Join(stands, ", "))
}

// lastColour is the colour a run with a colour-change joker ends in: its
// highest numbered tile's (it may be written going down).
func lastColour(s core.Set) core.Color {
	var top core.Tile
	for _, t := range s {
		if t.Number() > top.Number() {
			top = t
		}
	}
	return top.Color()
}

// Seats lists the seats, the bots marked: "ana, greedy (bot), bob".
func (p Painter) Seats(names []string, bots []bool) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n
		if bots[i] {
			parts[i] = p.say("repl.seat.bot", "Name", n)
		}
	}
	return strings.Join(parts, ", ")
}
