package repl

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/i18n/msg"
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
			return c, fail(msg.ReplNewPlayers(n))
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
			return c, fail(msg.ReplNewSeed(strconv.Quote(args[i]), err))
		}
		c.Seed, c.HasSeed = n, true
		i++
	}
	if i < len(args) && !isInt(args[i]) && !strings.Contains(args[i], ":") {
		return c, fail(msg.ReplNewSeat(strconv.Quote(args[i]), defaultBot))
	}
	if i < len(args) {
		return c, fail(msg.ReplNewBadArg(strconv.Quote(args[i])))
	}
	return c, nil
}

// newGame deals a new game.
func (s *Session) newGame(ctx context.Context, c command.NewGame) error {
	variant := c.Variant
	if variant == "" {
		variant = s.tab.VariantRef()
	}
	if variant == "" {
		variant = "original"
	}
	specs := c.Seats
	if c.Players > 0 {
		specs = append(specs, s.say(msg.ReplNameYou())+":human")
		for range c.Players - 1 {
			specs = append(specs, "bot:"+defaultBot)
		}
	}
	seed := s.seeds.Uint64N(1_000_000)
	if c.HasSeed {
		seed = c.Seed
	}
	if specs == nil {
		for _, st := range s.tab.Seats() {
			specs = append(specs, st.Name+":"+st.Spec)
		}
	}
	rules, v, err := s.deal.Variant(variant)
	if err != nil {
		return err
	}
	// the tables of the hints, built in the background while the game is
	// dealt and read (not cut short with the line: they serve its hints)
	s.tables = solve.Prepare(context.Background(), rules)
	d, err := s.deal.Deal(rules, v, specs, seed)
	if err != nil {
		return err
	}
	s.dropLesson(true)
	s.printf("%s", wrap(s.say(msg.ReplNewGame(core.VariantName(rules.Name), seed, seatWords(s.paint, d.Seats))), view.Width, "  "))
	s.install(ctx, d.Game, d.Seats)
	s.tab.UseVariant(variant, v)
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
		return fail(msg.ReplVariantArgs(l.Args[0]))
	}
	r := s.tab.Game().Rules
	s.printf("%s", wrap(s.say(msg.ReplVariant(r.Name, s.lang.VariantTitle(r.Name, r.Title))), view.Width, "  "))
	if r.Source != "" {
		s.printf("%s", wrap(s.say(msg.ReplVariantSource(s.lang.VariantSource(r.Name, r.Source))), view.Width, "  "))
	}
	s.printf("%s", wrap(s.say(msg.ReplVariants(strings.Join(s.deal.VariantNames(), ", "))), view.Width, "  "))
	return nil
}

func cmdRules(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	s.printf("%s", view.Rules(&s.tab.Game().Rules, s.lang))
	return nil
}

func cmdWho(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	g := s.tab.Game()
	names := g.Names()
	var b strings.Builder
	b.WriteString(wrap(s.say(msg.ReplWho(g.Round(), s.paint.Rounds(g), g.Turn()+1, g.Rules.Direction == core.Right)), view.Width, "  "))
	// The columns as wide as their widest word, in any language.
	rows := make([][4]string, len(names))
	var w [4]int
	for i, n := range names {
		kind := s.say(msg.ReplWhoPerson())
		if s.tab.Seats()[i].Bot != nil {
			kind = s.say(msg.ReplWhoBot(s.tab.Seats()[i].Spec))
		}
		opened := s.say(msg.ReplWhoNotOpened())
		if g.Opened(i) {
			opened = s.say(msg.ReplWhoOpened())
		}
		rack := g.Rack(i)
		rows[i] = [4]string{n, kind, s.say(msg.ReplWhoTiles(rack.Len())), opened}
		for k := range w {
			w[k] = max(w[k], utf8.RuneCountInString(rows[i][k]))
		}
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-utf8.RuneCountInString(s)) }
	for i, r := range rows {
		fmt.Fprintf(&b, "  %d %s  %s  %s  %s", i+1, pad(r[0], w[0]), pad(r[1], w[1]), pad(r[2], w[2]), r[3])
		if !g.RoundOver() && g.Current() == i {
			b.WriteString(strings.Repeat(" ", w[3]-utf8.RuneCountInString(r[3])) + "  " + s.say(msg.ReplWhoToPlay()))
		}
		b.WriteByte('\n')
	}
	s.printf("%s", b.String())
	return nil
}

func cmdRack(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	g := s.tab.Game()
	if g.RoundOver() {
		for i, n := range g.Names() {
			s.printf("%s\n", s.paint.RackLine(n, g.Rack(i), g.Rules.Joker.Penalty))
		}
		return nil
	}
	if err := s.tab.NeedTurn(); err != nil {
		return err
	}
	s.printf("%s\n", s.paint.RackLine(g.Name(g.Current()), s.tab.Stage().Left(), g.Rules.Joker.Penalty))
	if placed := s.tab.Stage().Placed(); placed.Len() > 0 {
		s.printf("%s\n", s.say(msg.ReplPlaced(s.paint.Tiles(placed.Tiles()))))
	}
	return nil
}

func cmdTable(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	t := s.tab.Game().Table()
	if s.tab.HumanTurn() && s.tab.Stage() != nil {
		t = s.tab.Stage().Table()
	}
	g := s.tab.Game()
	p := s.paint
	p.Check = func(set core.Set) error { _, err := g.ValidateSet(set); return err }
	p.Table(&b, t, g.Rules.SetRules())
	s.printf("%s", b.String())
	return nil
}

func cmdPool(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	n := s.tab.Game().Pool()
	g := s.tab.Game()
	aside, okey := g.SetAside().Len(), any(nil)
	if ind := g.Indicator(); ind != core.NoTile {
		aside-- // the indicator is Okey's, not the scenario's
		okey = g.Rules.Wild
	}
	s.printf("%s\n", s.say(msg.ReplPool(n, aside, okey, g.Indicator())))
	return nil
}

func cmdScores(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	g := s.tab.Game()
	if g.RoundOver() {
		b.WriteString(s.say(msg.ReplScoresOver(g.Round(), s.paint.Rounds(g))) + "\n")
	} else {
		b.WriteString(s.say(msg.ReplScoresOn(g.Round(), s.paint.Rounds(g))) + "\n")
	}
	s.paint.Scores(&b, g)
	s.printf("%s", b.String())
	return nil
}

func cmdSave(s *Session, _ context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail(msg.ReplUsageSave())
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
	if err := s.tab.Save(path); err != nil {
		return err
	}
	s.printf("%s\n", s.say(msg.ReplSaved(path)))
	return nil
}

func cmdLoad(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail(msg.ReplUsageLoad())
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
	s.dropLesson(true)
	s.printf("%s", wrap(s.say(msg.ReplLoaded(path, core.VariantName(g.Rules.Name), g.Round(), seatWords(s.paint, ld.Seats))), view.Width, "  "))
	s.install(ctx, g, ld.Seats)
	s.tab.UseVariant(ld.Base, ld.Variant)
	return nil
}

func cmdTimer(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail(msg.ReplUsageTimer())
	}
	if len(l.Args) == 1 {
		switch strings.ToLower(l.Args[0]) {
		case "on":
			s.setTimer(true)
		case "off":
			s.setTimer(false)
		default:
			return fail(msg.ReplTimerBad(l.Args[0]))
		}
	}
	if s.tab.Game() == nil || !s.tab.Game().Rules.HasClock() {
		s.printf("%s", wrap(s.say(msg.ReplTimerNone(s.timer)), view.Width, "  "))
		return nil
	}
	tl := s.tab.Game().Rules.TimeLimit
	if tl.Mode != core.PerTurn {
		s.printf("%s", wrap(s.say(msg.ReplTimerClock(s.timer, core.VariantName(s.tab.Game().Rules.Name), tl.Mode.String(), tl.Bank, tl.Increment, tl.PenaltyTiles)), view.Width, "  "))
		return nil
	}
	s.printf("%s", wrap(s.say(msg.ReplTimer(s.timer, core.VariantName(s.tab.Game().Rules.Name), tl.Seconds, tl.PenaltyTiles)), view.Width, "  "))
	return nil
}

// setTimer turns the turn clock on or off; turned on, the turn's time
// starts again.
func (s *Session) setTimer(on bool) {
	if on && !s.timer {
		s.tab.RestartTimer()
	}
	s.timer = on
}

// cmdSetup changes one part of the round's layout through Game.Setup, which
// checks the whole scenario and changes nothing when it is refused.
func cmdSetup(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) == 0 {
		return fail(msg.ReplUsageSetup())
	}
	g := s.tab.Game()
	if g.MatchOver() {
		return fail(msg.ReplMatchIsOver())
	}
	n := g.Players()
	sc := s.tab.Scenario()
	args := l.Args[1:]
	laying := -1 // the seat whose rack this setup lays out
	seatArg := func(tok string) (int, error) {
		k, err := strconv.Atoi(tok)
		if err != nil || k < 1 || k > n {
			return 0, fail(msg.ReplSetupSeat(strconv.Quote(tok), n))
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
			return fail(msg.ReplSetupTable(err))
		}
		sc.Table = t
	case "turn":
		if len(args) != 1 {
			return fail(msg.ReplUsageSetupTurn())
		}
		k, err := seatArg(args[0])
		if err != nil {
			return err
		}
		sc.Current = k
	case "opened":
		if len(args) == 0 {
			return fail(msg.ReplUsageSetupOpened())
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
			return fail(msg.ReplUsageSetupPool())
		}
		k, err := strconv.Atoi(args[0])
		if err != nil || k < 0 {
			return fail(msg.ReplSetupPool(strconv.Quote(args[0])))
		}
		sc.Pool = k
	default:
		return fail(msg.ReplSetupWhat(l.Args[0]))
	}
	if err := s.tab.Setup(sc, laying, s.seeds); err != nil {
		return err
	}
	s.printf("%s\n", s.say(msg.ReplScenario(g.Name(g.Current()), g.Pool(), s.isYou(g.Name(g.Current())))))
	s.settle(ctx)
	return nil
}
