package view

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/text"
)

// say is the message m in the painter's language.
func (p Painter) say(m core.Message) string { return p.Lang.Message(m) }

// para is a message filled to Width, its lines after the first indented.
func (p Painter) para(m core.Message) string {
	return text.Wrap(p.say(m), Width, "  ")
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
	b.WriteString(p.say(msg.ReplTurn(name, g.Round(), g.Turn()+1, timed, int(timeLeft.Round(time.Second).Seconds()), IsYou(p.Lang, name))) + "\n")
	if timed && g.Rules.TimeLimit.Mode != core.PerTurn {
		b.WriteString(p.para(msg.ReplClocks(Clocks(g))))
	}
	switch {
	case !g.Opened(cur):
		b.WriteString(p.para(msg.ReplNotOpened(IsYou(p.Lang, name), name, g.Rules.Opening.Points)))
	case g.Locked():
		b.WriteString(p.para(msg.ReplLocked()))
	}
	if t := g.DrawnTile(); t != core.NoTile {
		b.WriteString(p.para(msg.ReplDrew(p.Tile(t))))
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
	b.WriteString(p.RackLine(p.say(msg.ReplRackLabel()), left, g.Rules.Joker.Penalty))
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
		return p.say(msg.ReplBotCouldNotPlay(name, p.botWhy(r.Penalty), n)) + "\n"
	case r.Penalty != nil:
		return p.say(msg.ReplBotLosesTurn(name, p.botWhy(r.Penalty), n)) + "\n"
	case r.Kind == core.ActPlay:
		return p.say(msg.ReplBotPlays(name, p.Tiles(tiles))) + "\n" + p.TableLines(r)
	case r.Kind == core.ActPass:
		return p.say(msg.ReplBotPasses(name)) + "\n"
	case r.Kind == core.ActDraw:
		return p.say(msg.ReplBotDraws(name, n)) + "\n"
	case r.Kind == core.ActTimeout:
		return p.say(msg.ReplBotTimeout(name, n)) + "\n"
	}
	return fmt.Sprintf("%s: %s\n", name, r.Kind)
}

// botWhy says why a bot lost its turn, in the player's words: "out of
// time" rather than the context's error, and no package prefix.
func (p Painter) botWhy(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return p.say(msg.ReplBotOutOfTime())
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
		b.WriteString(p.para(msg.ReplRoundNobody(g.Round())))
	} else if wr := g.Rack(win[0]); wr.Len() == 0 {
		b.WriteString(p.para(msg.ReplRoundOut(g.Round(), core.List{Items: who}, len(who) == 1 && IsYou(p.Lang, names[win[0]]))))
	} else {
		b.WriteString(p.para(msg.ReplRoundBlocked(g.Round(), core.List{Items: who}, len(who) == 1 && IsYou(p.Lang, names[win[0]]), len(who))))
	}
	p.Scores(&b, g)
	if g.MatchOver() {
		w := g.MatchWinner()
		b.WriteString(p.para(msg.ReplMatchOver(names[w], g.Rules.Match.Winner == core.HighestTotal, IsYou(p.Lang, names[w]))))
		b.WriteString(p.say(msg.ReplMatchNew()) + "\n")
	} else {
		b.WriteString(p.say(msg.ReplRoundNext(g.Round()+1, p.Rounds(g))) + "\n")
	}
	return b.String()
}

// Rounds says how many rounds the match has, for "round 2 of ...": with a
// target (match.target), the target too: "100 (first to 200 points)".
func (p Painter) Rounds(g *core.Game) any {
	if t := g.Rules.Match.Target; t > 0 {
		return p.say(msg.ReplRoundsTarget(g.Rounds(), t))
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
		return p.say(msg.ReplClockUp())
	case left <= 10*time.Second:
		return p.say(msg.ReplClockHurry(Clock(left)))
	}
	return p.say(msg.ReplClockLeft(Clock(left)))
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
		what = p.say(msg.ReplSetMirror(p.Set(s[:mirror]), info.Value))
	case info.Kind == core.Run && change:
		what = p.say(msg.ReplSetRunChange(info.Number, (info.Number+places-2)%r.Numbers+1, info.Color, lastColour(s), info.Value))
	case info.Kind == core.Run:
		last := (info.Number+places-2)%r.Numbers + 1
		what = p.say(msg.ReplSetRun(info.Color, info.Number, last, info.Value))
	default:
		what = p.say(msg.ReplSetGroup(places, info.Number, info.Value))
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
			stands = append(stands, p.say(msg.ReplSetJokerIs(core.List{Items: cols, Or: true})))
		} else {
			stands = append(stands, p.say(msg.ReplSetJokersAre(info.Jokers, core.List{Items: cols})))
		}
	} else {
		for _, t := range info.JokerTiles() {
			stands = append(stands, p.say(msg.ReplSetJokerIs(t)))
		}
	}
	return p.say(msg.ReplSetFacts(what, strings.Join(stands, ", ")))
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
			parts[i] = p.say(msg.ReplSeatBot(n))
		}
	}
	return strings.Join(parts, ", ")
}
