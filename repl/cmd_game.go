package repl

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// defaultBot plays the seats that a player count adds.
const defaultBot = table.DefaultBot

func cmdNew(s *Session, ctx context.Context, l Line) error {
	c, err := parseNew(l.Args)
	if err != nil {
		return err
	}
	return s.perform(ctx, c)
}

// parseNew reads new's arguments, [VARIANT] [PLAYERS] [SEED].
func parseNew(args []string) (command.NewGame, error) {
	var c command.NewGame
	i := 0
	if i < len(args) && !isInt(args[i]) && !strings.Contains(args[i], ":") {
		c.Variant = args[i]
		i++
	}
	switch {
	case i < len(args) && isInt(args[i]):
		n, _ := strconv.Atoi(args[i])
		if n < 1 || n > 64 {
			return c, fail("repl.new.players", "Count", n)
		}
		c.Players = n
		i++
	default:
		for i < len(args) && strings.Contains(args[i], ":") {
			c.Seats = append(c.Seats, args[i])
			i++
		}
	}
	if i < len(args) && isInt(args[i]) {
		n, err := strconv.ParseUint(args[i], 10, 64)
		if err != nil {
			return c, fail("repl.new.seed", "Token", strconv.Quote(args[i]), "Error", err)
		}
		c.Seed, c.HasSeed = n, true
		i++
	}
	if i < len(args) && !isInt(args[i]) && !strings.Contains(args[i], ":") {
		return c, fail("repl.new.seat", "Token", strconv.Quote(args[i]), "Bot", defaultBot)
	}
	if i < len(args) {
		return c, fail("repl.new.bad_arg", "Arg", strconv.Quote(args[i]))
	}
	return c, nil
}

// newGame deals a new game.
func (s *Session) newGame(ctx context.Context, c command.NewGame) error {
	variant := c.Variant
	if variant == "" {
		variant = s.desk.Tab.VariantRef()
	}
	if variant == "" {
		variant = "original"
	}
	specs := c.Seats
	if c.Players > 0 {
		specs = append(specs, s.tell.Say("repl.name.you")+":human")
		for range c.Players - 1 {
			specs = append(specs, "bot:"+defaultBot)
		}
	}
	seed := s.seeds.Uint64N(1_000_000)
	if c.HasSeed {
		seed = c.Seed
	}
	if specs == nil {
		for _, st := range s.desk.Tab.Seats() {
			specs = append(specs, st.Name+":"+st.Spec)
		}
	}
	rules, v, err := s.deal.Variant(variant)
	if err != nil {
		return err
	}
	solve.Prepare(rules) // the tables of the hints and the bots' moves, built in the background
	d, err := s.deal.Deal(rules, v, specs, seed)
	if err != nil {
		return err
	}
	s.desk.Drop(s.tell, true)
	s.tell.Printf("%s", wrap(s.tell.Say("repl.new_game", "Variant", core.VariantName(rules.Name), "Seed", seed, "Seats", seatWords(s.tell.Paint, d.Seats)), view.Width, "  "))
	s.install(ctx, d.Game, d.Seats)
	s.desk.Tab.UseVariant(variant, v)
	return nil
}

func isInt(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// seatWords lists the seats: "ana, greedy (bot), bob".
func seatWords(p view.Painter, seats []seat) string {
	names, bots := make([]string, len(seats)), make([]bool, len(seats))
	for i, st := range seats {
		names[i], bots[i] = st.Name, st.Bot != nil
	}
	return p.Seats(names, bots)
}

func cmdNext(s *Session, ctx context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	return s.perform(ctx, command.NextRound{})
}

func cmdVariant(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 0 {
		return fail("repl.variant.args", "Name", l.Args[0])
	}
	r := s.desk.Tab.Game().Rules
	s.tell.Printf("%s", wrap(s.tell.Say("repl.variant", "Name", r.Name, "Title", s.tell.Lang.VariantTitle(r.Name, r.Title)), view.Width, "  "))
	if r.Source != "" {
		s.tell.Printf("%s", wrap(s.tell.Say("repl.variant.source", "Source", s.tell.Lang.VariantSource(r.Name, r.Source)), view.Width, "  "))
	}
	s.tell.Printf("%s", wrap(s.tell.Say("repl.variants", "Names", strings.Join(s.deal.VariantNames(), ", ")), view.Width, "  "))
	return nil
}

func cmdRules(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	s.tell.Printf("%s", view.Rules(&s.desk.Tab.Game().Rules, s.tell.Lang))
	return nil
}

func cmdWho(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	g := s.desk.Tab.Game()
	names := g.Names()
	var b strings.Builder
	b.WriteString(wrap(s.tell.Say("repl.who", "Round", g.Round(), "Rounds", s.tell.Paint.Rounds(g), "Turn", g.Turn()+1,
		"Right", g.Rules.Direction == core.Right), view.Width, "  "))
	// The columns as wide as their widest word, in any language.
	rows := make([][4]string, len(names))
	var w [4]int
	for i, n := range names {
		kind := s.tell.Say("repl.who.person")
		if s.desk.Tab.Seats()[i].Bot != nil {
			kind = s.tell.Say("repl.who.bot", "Kind", s.desk.Tab.Seats()[i].Spec)
		}
		opened := s.tell.Say("repl.who.not_opened")
		if g.Opened(i) {
			opened = s.tell.Say("repl.who.opened")
		}
		rack := g.Rack(i)
		rows[i] = [4]string{n, kind, s.tell.Say("repl.who.tiles", "Count", rack.Len()), opened}
		for k := range w {
			w[k] = max(w[k], utf8.RuneCountInString(rows[i][k]))
		}
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-utf8.RuneCountInString(s)) }
	for i, r := range rows {
		fmt.Fprintf(&b, "  %d %s  %s  %s  %s", i+1, pad(r[0], w[0]), pad(r[1], w[1]), pad(r[2], w[2]), r[3])
		if !g.RoundOver() && g.Current() == i {
			b.WriteString(strings.Repeat(" ", w[3]-utf8.RuneCountInString(r[3])) + "  " + s.tell.Say("repl.who.to_play"))
		}
		b.WriteByte('\n')
	}
	s.tell.Printf("%s", b.String())
	return nil
}

func cmdRack(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	g := s.desk.Tab.Game()
	if g.RoundOver() {
		for i, n := range g.Names() {
			s.tell.Printf("%s\n", s.tell.Paint.RackLine(n, g.Rack(i), g.Rules.Joker.Penalty))
		}
		return nil
	}
	if err := s.desk.Tab.NeedTurn(); err != nil {
		return err
	}
	s.tell.Printf("%s\n", s.tell.Paint.RackLine(g.Name(g.Current()), s.desk.Tab.Stage().Left(), g.Rules.Joker.Penalty))
	if placed := s.desk.Tab.Stage().Placed(); placed.Len() > 0 {
		s.tell.Printf("%s\n", s.tell.Say("repl.placed", "Tiles", s.tell.Paint.Tiles(placed.Tiles())))
	}
	return nil
}

func cmdTable(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	t := s.desk.Tab.Game().Table()
	if s.desk.Tab.HumanTurn() && s.desk.Tab.Stage() != nil {
		t = s.desk.Tab.Stage().Table()
	}
	g := s.desk.Tab.Game()
	p := s.tell.Paint
	p.Check = func(set core.Set) error { _, err := g.ValidateSet(set); return err }
	p.Table(&b, t, g.Rules.SetRules())
	s.tell.Printf("%s", b.String())
	return nil
}

func cmdPool(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	n := s.desk.Tab.Game().Pool()
	s.tell.Printf("%s\n", s.tell.Say("repl.pool", "Count", n, "Aside", s.desk.Tab.Game().SetAside().Len()))
	return nil
}

func cmdScores(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	g := s.desk.Tab.Game()
	if g.RoundOver() {
		b.WriteString(s.tell.Say("repl.scores.over", "Round", g.Round(), "Rounds", s.tell.Paint.Rounds(g)) + "\n")
	} else {
		b.WriteString(s.tell.Say("repl.scores.on", "Round", g.Round(), "Rounds", s.tell.Paint.Rounds(g)) + "\n")
	}
	s.tell.Paint.Scores(&b, g)
	s.tell.Printf("%s", b.String())
	return nil
}

func cmdSave(s *Session, _ context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail("repl.usage.save")
	}
	return s.saveTo(l.Args[0])
}

// SaveTo saves the game in play to path, as the save command does: a
// save (JSON), or a record for a path ending in .mgn (or .jsonl, its JSON
// Lines twin). It is the Go API the browser's server uses with a path of
// its own choosing; no typed command names a file.
func (s *Session) SaveTo(path string) (Reply, error) {
	err := s.saveTo(path)
	return s.takeReply(), err
}

func (s *Session) saveTo(path string) error {
	if err := s.desk.Tab.Save(path); err != nil {
		return err
	}
	s.tell.Printf("%s\n", s.tell.Say("repl.saved", "Path", path))
	return nil
}

func cmdLoad(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail("repl.usage.load")
	}
	return s.loadFrom(ctx, l.Args[0])
}

// LoadFrom loads a game from path, as the load command does (a save
// checked by replaying it, or a record for .mgn or .jsonl); the Go API the
// browser's server uses.
func (s *Session) LoadFrom(ctx context.Context, path string) (Reply, error) {
	err := s.loadFrom(ctx, path)
	return s.takeReply(), err
}

func (s *Session) loadFrom(ctx context.Context, path string) error {
	ld, err := s.deal.Load(path)
	if err != nil {
		return err
	}
	g := ld.Game
	s.desk.Drop(s.tell, true)
	s.tell.Printf("%s", wrap(s.tell.Say("repl.loaded", "Path", path, "Variant", core.VariantName(g.Rules.Name), "Round", g.Round(), "Seats", seatWords(s.tell.Paint, ld.Seats)), view.Width, "  "))
	s.install(ctx, g, ld.Seats)
	s.desk.Tab.UseVariant(ld.Base, ld.Variant)
	return nil
}

func cmdTimer(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail("repl.usage.timer")
	}
	if len(l.Args) == 1 {
		switch strings.ToLower(l.Args[0]) {
		case "on":
			s.setTimer(true)
		case "off":
			s.setTimer(false)
		default:
			return fail("repl.timer.bad", "Word", l.Args[0])
		}
	}
	if s.desk.Tab.Game() == nil || !s.desk.Tab.Game().Rules.HasClock() {
		s.tell.Printf("%s", wrap(s.tell.Say("repl.timer.none", "On", s.timer), view.Width, "  "))
		return nil
	}
	tl := s.desk.Tab.Game().Rules.TimeLimit
	if tl.Mode != core.PerTurn {
		s.tell.Printf("%s", wrap(s.tell.Say("repl.timer.clock", "On", s.timer, "Variant", core.VariantName(s.desk.Tab.Game().Rules.Name), "Mode", tl.Mode.String(),
			"Bank", tl.Bank, "Increment", tl.Increment, "Count", tl.PenaltyTiles), view.Width, "  "))
		return nil
	}
	s.tell.Printf("%s", wrap(s.tell.Say("repl.timer", "On", s.timer, "Variant", core.VariantName(s.desk.Tab.Game().Rules.Name), "Seconds", tl.Seconds,
		"Count", tl.PenaltyTiles), view.Width, "  "))
	return nil
}

// setTimer turns the turn clock on or off; turned on, the turn's time
// starts again.
func (s *Session) setTimer(on bool) {
	if on && !s.timer {
		s.desk.Tab.RestartTimer()
	}
	s.timer = on
}

// cmdSetup changes one part of the round's layout through Game.Setup, which
// checks the whole scenario and changes nothing when it is refused.
func cmdSetup(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) == 0 {
		return fail("repl.usage.setup")
	}
	g := s.desk.Tab.Game()
	if g.MatchOver() {
		return fail("repl.match.is_over")
	}
	n := g.Players()
	sc := s.desk.Tab.Scenario()
	args := l.Args[1:]
	laying := -1 // the seat whose rack this setup lays out
	seatArg := func(tok string) (int, error) {
		k, err := strconv.Atoi(tok)
		if err != nil || k < 1 || k > n {
			return 0, fail("repl.setup.seat", "Token", strconv.Quote(tok), "Count", n)
		}
		return k - 1, nil
	}
	switch sub := strings.ToLower(l.Args[0]); sub {
	case "rack":
		who := sc.Current
		if len(args) > 0 && isInt(args[0]) {
			k, err := seatArg(args[0])
			if err != nil {
				return err
			}
			who, args = k, args[1:]
		}
		tiles, err := s.refs().Tiles(args)
		if err != nil {
			return err
		}
		sc.Racks[who] = tiles
		laying = who
	case "table":
		rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l.Rest), l.Args[0]))
		t, err := g.Rules.Tiles.ParseTable(rest)
		if err != nil {
			return fail("repl.setup.table", "Error", err)
		}
		sc.Table = t
	case "turn":
		if len(args) != 1 {
			return fail("repl.usage.setup_turn")
		}
		k, err := seatArg(args[0])
		if err != nil {
			return err
		}
		sc.Current = k
	case "opened":
		if len(args) == 0 {
			return fail("repl.usage.setup_opened")
		}
		sc.Opened = make([]bool, n)
		if !(len(args) == 1 && strings.EqualFold(args[0], "none")) {
			for _, a := range args {
				k, err := seatArg(a)
				if err != nil {
					return err
				}
				sc.Opened[k] = true
			}
		}
	case "pool":
		if len(args) != 1 {
			return fail("repl.usage.setup_pool")
		}
		k, err := strconv.Atoi(args[0])
		if err != nil || k < 0 {
			return fail("repl.setup.pool", "Token", strconv.Quote(args[0]))
		}
		sc.Pool = k
	default:
		return fail("repl.setup.what", "Word", l.Args[0])
	}
	if err := s.desk.Tab.Setup(sc, laying, s.seeds); err != nil {
		return err
	}
	s.tell.Printf("%s\n", s.tell.Say("repl.scenario", "Name", g.Name(g.Current()), "You", s.tell.IsYou(g.Name(g.Current())), "Pool", g.Pool()))
	s.tell.Settle(ctx, s.desk.Tab)
	return nil
}
