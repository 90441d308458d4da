package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/sim"
)

func init() {
	register("tournament", runTournament)
}

func runTournament(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdTournamentHelp()) }
	botList := fs.String("bots", "", flagDoc(msg.CmdTournamentFlagBots(strings.Join(botRegistry.Names(), ", "))))
	players := fs.Int("players", 4, flagDoc(msg.CmdTournamentFlagPlayers()))
	games := fs.Int("games", 50, flagDoc(msg.CmdTournamentFlagGames()))
	seed := fs.Uint64("seed", 1, flagDoc(msg.CmdTournamentFlagSeed()))
	variant := fs.String("variant", "original", flagDoc(msg.CmdTournamentFlagVariant()))
	turnCap := fs.Int("turn-cap", sim.DefaultTurnCap, flagDoc(msg.CmdTournamentFlagTurnCap()))
	workers := fs.Int("workers", 0, flagDoc(msg.CmdTournamentFlagWorkers()))
	asJSON := fs.Bool("json", false, flagDoc(msg.CmdTournamentFlagJson()))
	sprt := fs.String("sprt", "", flagDoc(msg.CmdTournamentFlagSprt()))
	alpha := fs.Float64("alpha", 0.05, flagDoc(msg.CmdTournamentFlagAlpha()))
	beta := fs.Float64("beta", 0.05, flagDoc(msg.CmdTournamentFlagBeta()))
	csvDir := fs.String("csv", "", flagDoc(msg.CmdTournamentFlagCsv()))
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "meldlab tournament: unexpected argument %q (options only; see meldlab tournament -h)\n", fs.Arg(0))
		return 2
	}
	v, err := gameFactory.Resolve(*variant)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab tournament: %s\n", say.Error(err))
		return 2
	}
	name := v.Rules.Name
	if name == "" {
		name = *variant
	}
	t := sim.Tournament{Variant: sim.Variant{Name: name, Rules: v.Rules}, Players: *players, Games: *games,
		Seed: *seed, TurnCap: *turnCap, Workers: *workers}
	t.Factory, t.Registry = gameFactory, botRegistry
	for _, b := range strings.Split(*botList, ",") {
		if b = strings.TrimSpace(b); b != "" {
			t.Bots = append(t.Bots, b)
		}
	}
	if *sprt != "" {
		if t.SPRT, err = sim.ParseTournamentSPRT(*sprt, *alpha, *beta, t.Bots); err != nil {
			fmt.Fprintf(stderr, "meldlab tournament: %s\n", say.Error(err))
			return 2
		}
	}
	flushCSV := func() error { return nil }
	if *csvDir != "" {
		flush, abort, err := tournamentCSV(&t, *csvDir)
		if err != nil {
			fmt.Fprintf(stderr, "meldlab tournament: %s\n", say.Error(err))
			return 1
		}
		defer abort()
		flushCSV = flush
	}
	var endProgress func()
	t.Progress, endProgress = progressFor(stderr, "meldlab tournament", msg.CmdProgressDeals, t.Games)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := sim.RunTournament(ctx, t)
	if err == nil {
		err = flushCSV()
	}
	endProgress()
	if cerr, ok := errors.AsType[*sim.ConfigError](err); ok {
		for _, e := range cerr.Errs {
			fmt.Fprintf(stderr, "meldlab tournament: %s\n", say.Error(e))
		}
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "meldlab tournament: %s\n", say.Error(err))
		return 1
	}
	write := func(w io.Writer) error { return rep.WriteTextIn(w, say) }
	if *asJSON {
		write = rep.WriteJSON
	}
	if err := write(stdout); err != nil {
		fmt.Fprintf(stderr, "meldlab tournament: %s\n", say.Error(err))
		return 1
	}
	if n := len(rep.Failed); n > 0 {
		fmt.Fprintf(stderr, "meldlab tournament: %d deals failed and are left out (listed in the report)\n", n)
		return 1
	}
	return 0
}

// tournamentCSV starts DIR/tables.csv, a row per table and round, written
// beside its place and renamed over it only when flush succeeds (abort
// otherwise leaves any old file whole).
func tournamentCSV(t *sim.Tournament, dir string) (flush func() error, abort func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	f, err := files.Create(filepath.Join(dir, "tables.csv"), 0o644)
	if err != nil {
		return nil, nil, err
	}
	w, err := sim.NewTournamentCSV(f, t.Players)
	if err != nil {
		f.Abort()
		return nil, nil, err
	}
	t.OnTable = w.Write
	return func() error {
		if err := w.Flush(); err != nil {
			return err
		}
		return f.Commit()
	}, func() { f.Abort() }, nil
}
