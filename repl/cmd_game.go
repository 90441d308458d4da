package repl

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
	"github.com/meldlab/meldlab/variants"
)

// defaultBot plays the seats that a player count adds.
const defaultBot = table.DefaultBot

func cmdNew(s *Session, ctx context.Context, l Line) error { return s.newGame(ctx, l.Args) }

// newGame reads new's arguments, [VARIANT] [PLAYERS] [SEED], and deals.
func (s *Session) newGame(ctx context.Context, args []string) error {
	variant := s.variantRef
	if variant == "" {
		variant = "original"
	}
	i := 0
	if i < len(args) && !isInt(args[i]) && !strings.Contains(args[i], ":") {
		variant = args[i]
		i++
	}
	var specs []string
	switch {
	case i < len(args) && isInt(args[i]):
		n, _ := strconv.Atoi(args[i])
		if n < 1 || n > 64 {
			return fail("repl.new.players", "Count", n)
		}
		specs = append(specs, s.say("repl.name.you")+":human")
		for range n - 1 {
			specs = append(specs, "bot:"+defaultBot)
		}
		i++
	default:
		for i < len(args) && strings.Contains(args[i], ":") {
			specs = append(specs, args[i])
			i++
		}
	}
	seed := s.seeds.Uint64N(1_000_000)
	if i < len(args) && isInt(args[i]) {
		n, err := strconv.ParseUint(args[i], 10, 64)
		if err != nil {
			return fail("repl.new.seed", "Token", strconv.Quote(args[i]), "Error", err)
		}
		seed = n
		i++
	}
	if i < len(args) && !isInt(args[i]) && !strings.Contains(args[i], ":") {
		return fail("repl.new.seat", "Token", strconv.Quote(args[i]), "Bot", defaultBot)
	}
	if i < len(args) {
		return fail("repl.new.bad_arg", "Arg", strconv.Quote(args[i]))
	}
	if specs == nil {
		for _, st := range s.seats {
			specs = append(specs, st.Name+":"+st.Spec)
		}
	}
	rules, v, err := s.loadVariant(variant)
	if err != nil {
		return err
	}
	if err := s.startGame(ctx, rules, v, specs, seed); err != nil {
		return err
	}
	s.variantRef = variant
	return nil
}

// startGame deals a new game and puts it in play; v, when not nil, is the
// variant the rules come from, for its Lua hooks.
func (s *Session) startGame(ctx context.Context, rules core.Rules, v *variants.Variant, specs []string, seed uint64) error {
	seats, err := s.makeSeats(specs, seed)
	if err != nil {
		return err
	}
	hooks, err := s.hooksFor(v, seed)
	if err != nil {
		return err
	}
	names := make([]string, len(seats))
	for i, st := range seats {
		names[i] = st.Name
	}
	g, err := core.NewGameWithHooks(rules, hooks, names, seed)
	if err != nil {
		return err
	}
	s.abandonLesson()
	s.printf("%s", wrap(s.say("repl.new_game", "Variant", core.VariantName(rules.Name), "Seed", seed, "Seats", s.seatWords(seats)), Width, "  "))
	s.variant = v
	s.install(ctx, g, seats)
	return nil
}

func isInt(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// makeSeats reads seat specs, NAME:human or NAME:BOT, and makes the bots
// (table.MakeSeats).
func (s *Session) makeSeats(specs []string, seed uint64) ([]seat, error) {
	return table.MakeSeats(s.bots(), specs, seed)
}

// seatWords lists the seats: "ana, greedy (bot), bob".
func (s *Session) seatWords(seats []seat) string {
	parts := make([]string, len(seats))
	for i, st := range seats {
		parts[i] = st.Name
		if st.Bot != nil {
			parts[i] = s.say("repl.seat.bot", "Name", st.Name)
		}
	}
	return strings.Join(parts, ", ")
}

func cmdNext(s *Session, ctx context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	if s.game == nil {
		return fail("repl.no_game")
	}
	if err := s.game.NextRound(); err != nil {
		return err
	}
	s.printf("%s\n", s.say("repl.round.dealt", "Round", s.game.Round(), "Rounds", s.rounds(s.game)))
	s.ended = false
	s.settle(ctx)
	return nil
}

func cmdVariant(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 0 {
		return fail("repl.variant.args", "Name", l.Args[0])
	}
	r := s.game.Rules
	s.printf("%s", wrap(s.say("repl.variant", "Name", r.Name, "Title", s.lang.VariantTitle(r.Name, r.Title)), Width, "  "))
	if r.Source != "" {
		s.printf("%s", wrap(s.say("repl.variant.source", "Source", s.lang.VariantSource(r.Name, r.Source)), Width, "  "))
	}
	s.printf("%s", wrap(s.say("repl.variants", "Names", strings.Join(s.variantNames(), ", ")), Width, "  "))
	return nil
}

func cmdRules(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	s.printf("%s", view.Rules(&s.game.Rules, s.lang))
	return nil
}

func cmdWho(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	g := s.game
	names := g.Names()
	var b strings.Builder
	b.WriteString(wrap(s.say("repl.who", "Round", g.Round(), "Rounds", s.rounds(g), "Turn", g.Turn()+1,
		"Right", g.Rules.Direction == core.Right), Width, "  "))
	// The columns as wide as their widest word, in any language.
	rows := make([][4]string, len(names))
	var w [4]int
	for i, n := range names {
		kind := s.say("repl.who.person")
		if s.seats[i].Bot != nil {
			kind = s.say("repl.who.bot", "Kind", s.seats[i].Spec)
		}
		opened := s.say("repl.who.not_opened")
		if g.Opened(i) {
			opened = s.say("repl.who.opened")
		}
		rack := g.Rack(i)
		rows[i] = [4]string{n, kind, s.say("repl.who.tiles", "Count", rack.Len()), opened}
		for k := range w {
			w[k] = max(w[k], utf8.RuneCountInString(rows[i][k]))
		}
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-utf8.RuneCountInString(s)) }
	for i, r := range rows {
		fmt.Fprintf(&b, "  %d %s  %s  %s  %s", i+1, pad(r[0], w[0]), pad(r[1], w[1]), pad(r[2], w[2]), r[3])
		if !g.RoundOver() && g.Current() == i {
			b.WriteString(strings.Repeat(" ", w[3]-utf8.RuneCountInString(r[3])) + "  " + s.say("repl.who.to_play"))
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
	g := s.game
	if g.RoundOver() {
		for i, n := range g.Names() {
			s.printf("%s\n", s.paint.RackLine(n, g.Rack(i), g.Rules.Joker.Penalty))
		}
		return nil
	}
	if err := s.needTurn(); err != nil {
		return err
	}
	s.printf("%s\n", s.paint.RackLine(g.Names()[g.Current()], s.ws.Left(), g.Rules.Joker.Penalty))
	if placed := s.ws.Placed(); placed.Len() > 0 {
		s.printf("%s\n", s.say("repl.placed", "Tiles", s.paint.Tiles(placed.Tiles())))
	}
	return nil
}

func cmdTable(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	t := s.game.Table()
	if s.humanTurn() && s.ws != nil {
		t = s.ws.Table()
	}
	s.paint.Table(&b, t, s.setRules())
	s.printf("%s", b.String())
	return nil
}

func cmdPool(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	n := s.game.Pool()
	s.printf("%s\n", s.say("repl.pool", "Count", n, "Aside", s.game.SetAside().Len()))
	return nil
}

func cmdScores(s *Session, _ context.Context, l Line) error {
	if err := noArgs(l); err != nil {
		return err
	}
	var b strings.Builder
	g := s.game
	if g.RoundOver() {
		b.WriteString(s.say("repl.scores.over", "Round", g.Round(), "Rounds", s.rounds(g)) + "\n")
	} else {
		b.WriteString(s.say("repl.scores.on", "Round", g.Round(), "Rounds", s.rounds(g)) + "\n")
	}
	s.paint.Scores(&b, g)
	s.printf("%s", b.String())
	return nil
}

func cmdSave(s *Session, _ context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail("repl.usage.save")
	}
	path := l.Args[0]
	if err := table.Save(path, s.game, s.seats); err != nil {
		return err
	}
	s.printf("%s\n", s.say("repl.saved", "Path", path))
	return nil
}

func cmdLoad(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) != 1 {
		return fail("repl.usage.load")
	}
	path := l.Args[0]
	ld, err := table.Load(path, s.hooksFor, s.bots())
	if err != nil {
		return err
	}
	g := ld.Game
	s.abandonLesson()
	s.variant = ld.Variant
	s.printf("%s", wrap(s.say("repl.loaded", "Path", path, "Variant", core.VariantName(g.Rules.Name), "Round", g.Round(), "Seats", s.seatWords(ld.Seats)), Width, "  "))
	s.install(ctx, g, ld.Seats)
	s.variantRef = ld.Base
	return nil
}

func cmdTimer(s *Session, _ context.Context, l Line) error {
	if len(l.Args) > 1 {
		return fail("repl.usage.timer")
	}
	if len(l.Args) == 1 {
		switch strings.ToLower(l.Args[0]) {
		case "on":
			if !s.timer {
				s.since = s.clock.Now()
			}
			s.timer = true
		case "off":
			s.timer = false
		default:
			return fail("repl.timer.bad", "Word", l.Args[0])
		}
	}
	if s.game == nil || !s.game.Rules.HasClock() {
		s.printf("%s", wrap(s.say("repl.timer.none", "On", s.timer), Width, "  "))
		return nil
	}
	tl := s.game.Rules.TimeLimit
	if tl.Mode != core.PerTurn {
		s.printf("%s", wrap(s.say("repl.timer.clock", "On", s.timer, "Variant", core.VariantName(s.game.Rules.Name), "Mode", tl.Mode.String(),
			"Bank", tl.Bank, "Increment", tl.Increment, "Count", tl.PenaltyTiles), Width, "  "))
		return nil
	}
	s.printf("%s", wrap(s.say("repl.timer", "On", s.timer, "Variant", core.VariantName(s.game.Rules.Name), "Seconds", tl.Seconds,
		"Count", tl.PenaltyTiles), Width, "  "))
	return nil
}

// cmdSetup changes one part of the round's layout through Game.Setup, which
// checks the whole scenario and changes nothing when it is refused.
func cmdSetup(s *Session, ctx context.Context, l Line) error {
	if len(l.Args) == 0 {
		return fail("repl.usage.setup")
	}
	g := s.game
	if g.MatchOver() {
		return fail("repl.match.is_over")
	}
	n := g.Players()
	sc := core.Setup{Table: g.Table(), Current: g.Current(), Pool: s.keptPool()}
	if g.RoundOver() {
		sc.Current = 0
	}
	for i := range n {
		rack := g.Rack(i)
		sc.Racks = append(sc.Racks, rack.Tiles())
		sc.Opened = append(sc.Opened, g.Opened(i))
	}
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
		tiles, err := s.parseTiles(args)
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
	s.makeRoom(&sc, laying)
	if err := g.Setup(sc); err != nil {
		return err
	}
	if laying >= 0 {
		if s.laidOut == nil {
			s.laidOut = map[int]bool{}
		}
		s.laidOut[laying] = true
	}
	s.printf("%s\n", s.say("repl.scenario", "Name", g.Names()[g.Current()], "You", s.isYou(g.Names()[g.Current()]), "Pool", g.Pool()))
	s.ended = false
	s.undo.Clear()
	s.settle(ctx)
	return nil
}

// makeRoom lets a scenario have the tiles it names even when the deal put
// them on racks no setup has laid out: such a rack gives up each tile the
// scenario needs beyond the box's copies, for a free tile of the box drawn
// with the session's seeds. Racks a setup laid out are never changed, so a
// scenario that really asks for too many copies still gets the engine's error.
func (s *Session) makeRoom(sc *core.Setup, laying int) {
	box := s.game.Rules.Tiles
	var used core.Multiset
	for _, set := range sc.Table {
		for _, t := range set {
			used.Add(t)
		}
	}
	for _, rack := range sc.Racks {
		for _, t := range rack {
			used.Add(t)
		}
	}
	short := false
	for _, t := range box.Kinds() {
		short = short || used.Count(t) > box.CopiesOf(t)
	}
	if !short {
		return
	}
	full := box.Full()
	free := full.Minus(&used)
	spare := free.Tiles()
	s.seeds.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	for seat, rack := range sc.Racks {
		if s.laidOut[seat] || seat == laying {
			continue
		}
		for i, t := range rack {
			if used.Count(t) <= box.CopiesOf(t) || len(spare) == 0 {
				continue
			}
			used.Remove(t)
			rack[i], spare = spare[0], spare[1:]
			used.Add(rack[i])
		}
	}
}

// keptPool is the pool size a setup keeps: the tiles now in the pool, when
// that many remain free; Game.Setup sets the rest aside.
func (s *Session) keptPool() int {
	if aside := s.game.SetAside(); aside.Len() == 0 {
		return -1 // nothing set aside yet: every free tile stays drawable
	}
	return s.game.Pool()
}

// parseTiles reads rack tiles, naming the first bad token.
func (s *Session) parseTiles(toks []string) ([]core.Tile, error) {
	out := make([]core.Tile, 0, len(toks))
	for _, tok := range toks {
		t, err := s.parseTile(tok)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}
