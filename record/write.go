package record

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// Options are what Write adds to what the game knows.
type Options struct {
	// Name is the Variant tag: the variant the rules are read from ("":
	// the rules' own name).
	Name string
	// Variant are the rules of the game's variant as shipped (or as its
	// file gives them): the record writes how the game's rules differ from
	// them (the Changes tag). Zero: the game's rules are the variant's.
	Variant           *core.Rules
	Event, Site, Date string   // tags; "" leaves Event and Site out and writes Date as "????.??.??"
	Players           []string // who played each seat ("human", a bot's name); nil: not written
	// View is the seat whose view the record is: its own draws and rack are
	// written, the others' tiles not (a record to share a game without
	// showing every hand). -1: every seat's, with the seed, so the record
	// replays exactly.
	View int
	// Hooks makes the game's hooks for a replay (a deal hook changes what
	// is dealt): a record of one seat's view replays the game to each
	// round's start to write what that seat saw dealt. Nil: no hooks.
	Hooks func(seed uint64) (core.Hooks, error)
	// Notes annotate actions, by their index in the history: a review's
	// marks, a comment and a better play as a variation.
	Notes map[int]Note
}

// Note is what a record says of one action beside the action itself.
type Note struct {
	Marks   []string // "?", "??", "!", ...
	Comment string
	// Alt is another play in the action's place, as a move's body is
	// written ("r6 r7 => [r3 r4 r5 r6 r7]"): one variation.
	Alt string
}

// Write writes g's record: its tags, then every action of its history.
func Write(g *core.Game, opt Options) []byte {
	var b bytes.Buffer
	names := g.Names()
	tag := func(name, value string) { fmt.Fprintf(&b, "[%s %s]\n", name, quote(value)) }
	if opt.Event != "" {
		tag("Event", opt.Event)
	}
	if opt.Site != "" {
		tag("Site", opt.Site)
	}
	date := opt.Date
	if date == "" {
		date = "????.??.??"
	}
	tag("Date", date)
	name := opt.Name
	if name == "" {
		name = g.Rules.Name
	}
	tag("Variant", name)
	if opt.Variant != nil {
		if c := changes(*opt.Variant, g.Rules); c != "" {
			tag("Changes", c)
		}
	}
	tag("Rules", Digest(g.Rules))
	all := opt.View < 0 || opt.View >= len(names)
	if all {
		tag("Seed", strconv.FormatUint(g.Seed(), 10))
	}
	tag("Seats", strings.Join(names, ", "))
	if len(opt.Players) == len(names) {
		tag("Players", strings.Join(opt.Players, ", "))
	}
	if all {
		tag("View", "all")
	} else {
		tag("View", names[opt.View])
	}
	tag("Result", result(g))
	if g.MatchOver() || g.RoundOver() {
		tag("Totals", joinInts(g.Totals()))
	}
	b.WriteString("\n")
	clock := g.Rules.HasClock()
	hist := g.History()
	if !all && (len(hist) == 0 || hist[0].Kind != core.ActSetup) {
		writeDeal(&b, g, opt, hist[:0])
	}
	for i, a := range hist {
		shown := all || a.Seat == opt.View
		switch a.Kind {
		case core.ActNextRound:
			fmt.Fprintf(&b, "\nRound %d\n", a.Round)
			if !all && (i+1 == len(hist) || hist[i+1].Kind != core.ActSetup) {
				writeDeal(&b, g, opt, hist[:i+1])
			}
			continue
		case core.ActSetup:
			writeSetup(&b, names, a, all, opt.View)
			continue
		}
		more := i > 0 && hist[i-1].Kind != core.ActNextRound && hist[i-1].Kind != core.ActSetup &&
			hist[i-1].Round == a.Round && hist[i-1].Turn == a.Turn
		dots := "."
		if more {
			dots = "..."
		}
		fmt.Fprintf(&b, "%d%s %s: ", a.Turn+1, dots, names[a.Seat])
		switch a.Kind {
		case core.ActPlay:
			if len(a.Tiles) > 0 {
				b.WriteString(tilesText(a.Tiles))
				b.WriteByte(' ')
			}
			b.WriteString("=> ")
			b.WriteString(tableText(a.Table))
		case core.ActDraw:
			b.WriteString("draw")
			if shown && len(a.Tiles) > 0 {
				b.WriteString(" " + tilesText(a.Tiles))
			}
		case core.ActPass:
			b.WriteString("pass")
		case core.ActTimeout:
			b.WriteString("timeout")
			if shown && len(a.Tiles) > 0 {
				b.WriteString(" " + tilesText(a.Tiles))
			}
		case core.ActEndTurn:
			b.WriteString("end")
		case core.ActFailedPlay:
			b.WriteString("refused " + tableText(a.Table) + " penalty")
			if shown && len(a.Tiles) > 0 {
				b.WriteString(" " + tilesText(a.Tiles))
			}
		}
		note := opt.Notes[i]
		for _, m := range note.Marks {
			b.WriteString(" " + m)
		}
		if clock && a.Used > 0 || note.Comment != "" {
			b.WriteString(" {")
			if clock && a.Used > 0 {
				fmt.Fprintf(&b, "[%%used %d]", a.Used)
				if note.Comment != "" {
					b.WriteByte(' ')
				}
			}
			b.WriteString(strings.NewReplacer("{", "(", "}", ")").Replace(note.Comment) + "}")
		}
		b.WriteByte('\n')
		if note.Alt != "" {
			fmt.Fprintf(&b, "  (%d%s %s: %s)\n", a.Turn+1, dots, names[a.Seat], note.Alt)
		}
	}
	return b.Bytes()
}

// writeDeal writes, for a record of one seat's view, what that seat saw
// dealt: the game replayed to the round's start (the actions before it) as
// a setup, its own rack shown, the others' counted.
func writeDeal(b *bytes.Buffer, g *core.Game, opt Options, before []core.Action) {
	var hooks core.Hooks
	if opt.Hooks != nil {
		h, err := opt.Hooks(g.Seed())
		if err != nil {
			return
		}
		hooks = h
	}
	at, err := core.ReplayWithHooks(g.Rules, hooks, g.Names(), g.Seed(), before)
	if err != nil {
		return
	}
	defer at.Close()
	s := &core.Setup{Table: at.Table(), Current: at.Current(), Pool: at.Pool(), Turn: at.Turn(),
		Opened: make([]bool, at.Players())}
	for i := range at.Players() {
		s.Racks = append(s.Racks, at.Rack(i).Tiles())
		s.Opened[i] = at.Opened(i)
	}
	writeSetup(b, g.Names(), core.Action{Kind: core.ActSetup, Setup: s}, false, opt.View)
}

func writeSetup(b *bytes.Buffer, names []string, a core.Action, all bool, view int) {
	s := a.Setup
	if !bytes.HasSuffix(b.Bytes(), []byte("\n\n")) {
		b.WriteByte('\n')
	}
	b.WriteString("Setup\n")
	for i, rack := range s.Racks {
		if all || i == view {
			fmt.Fprintf(b, "  %s: %s\n", names[i], tilesText(rack))
		} else {
			fmt.Fprintf(b, "  %s: ?%d\n", names[i], len(rack))
		}
	}
	fmt.Fprintf(b, "  Table: %s\n", tableText(s.Table))
	var opened []string
	for i, o := range s.Opened {
		if o {
			opened = append(opened, names[i])
		}
	}
	if len(opened) > 0 {
		fmt.Fprintf(b, "  Opened: %s\n", strings.Join(opened, ", "))
	}
	fmt.Fprintf(b, "  Pool: %d\n", s.Pool)
	if len(s.Next) > 0 && all {
		fmt.Fprintf(b, "  Next: %s\n", tilesText(s.Next))
	}
	if s.Turn > 0 {
		fmt.Fprintf(b, "  Turn: %d\n", s.Turn)
	}
	fmt.Fprintf(b, "  Current: %s\nEnd\n", names[s.Current])
}

// result is the Result tag: the match's winner, "-" for a match nobody
// won, "*" for a game still going on.
func result(g *core.Game) string {
	if !g.MatchOver() {
		return "*"
	}
	if w := g.MatchWinner(); w >= 0 && w < g.Players() {
		return g.Name(w)
	}
	return "-"
}

func tilesText(ts []core.Tile) string { return string(core.AppendTiles(nil, ts)) }

// tableText is a table as written: "-" for an empty one.
func tableText(t core.Table) string {
	if len(t) == 0 {
		return "-"
	}
	return t.String()
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ", ")
}

// quote writes a tag's value: in double quotes, a quote or a backslash
// escaped with a backslash, a line break as a space.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
