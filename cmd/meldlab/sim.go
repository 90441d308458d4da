package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/sim"
	"github.com/meldlab/meldlab/variants"
)

func init() {
	register("sim", runSim)
}

// multiFlag collects a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// simFlags are meldlab sim's options, as parsed.
type simFlags struct {
	names                            multiFlag
	players, games, rounds, turnCap  *int
	workers, maxGames, block, stop   *int
	sprtBatch                        *int
	seed                             *uint64
	timeoutRate, alpha, beta         *float64
	botList, shard, out, csvDir      *string
	recordsDir, svgFile, targetWidth *string
	sweep, sprt                      *string
	asJSON                           *bool
	effects                          multiFlag
}

// runSim is meldlab sim: options, the run's configuration, its outputs
// (each opened before a game is played, so a folder that is missing or
// not writable is said at once), the run, and the report.
func runSim(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runSimMerge(args[1:], stdout, stderr)
	}
	f, code := parseSimFlags(args, stderr)
	if code >= 0 {
		return code
	}
	cfg, resolved, code := simConfig(f, stderr)
	if code != 0 {
		return code
	}
	if *f.sweep != "" {
		if code := sweepVariants(&cfg, *f.sweep, resolved, stderr); code != 0 {
			return code
		}
	}
	if *f.shard != "" {
		s, err := sim.ParseShardEnv(*f.shard, os.Getenv)
		if err != nil {
			return simFail(stderr, err, 2)
		}
		cfg.Shard = s
		if *f.out == "" {
			*f.out = fmt.Sprintf("sim-shard-%d-of-%d.json", s.Index, s.Count)
		}
	}
	outFile, svg, code := openOutputs("meldlab sim", *f.out, *f.svgFile, stderr)
	if code != 0 {
		return code
	}
	defer abort(outFile)
	defer abort(svg)
	if *f.recordsDir != "" {
		if err := os.MkdirAll(*f.recordsDir, 0o755); err != nil {
			return simFail(stderr, err, 1)
		}
		cfg.Record = simRecorder(*f.recordsDir, cfg.Bots, cfg.Players)
	}
	flushCSV, abortCSV, err := simCSV(&cfg, *f.csvDir)
	if err != nil {
		return simFail(stderr, err, 1)
	}
	defer abortCSV()
	var endProgress func()
	cfg.Progress, endProgress = progressFor(stderr, "meldlab sim", msg.CmdProgressGames, cfg.Games)
	target, err := simTarget(*f.targetWidth, *f.maxGames, cfg.Games)
	if err != nil {
		return simFail(stderr, err, 2)
	}
	effects, code := parseEffects(f.effects, "meldlab sim", stderr)
	if code != 0 {
		return code
	}
	if *f.sprt != "" {
		t, err := sim.ParseSPRT(*f.sprt, *f.alpha, *f.beta, *f.sprtBatch)
		if err != nil {
			return simFail(stderr, err, 2)
		}
		cfg.SPRT = t
	}

	defer labGC()()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var res *sim.Result
	// A shard saves its results as it goes beside --out (a device such as
	// /dev/null has no beside), and goes on from them when run again.
	resumable := cfg.Shard.Count != 0 && target == nil && *f.csvDir == "" && outFile != nil &&
		!strings.HasPrefix(filepath.Clean(*f.out), "/dev/")
	switch {
	case target != nil:
		res, err = sim.RunUntil(ctx, cfg, *target)
	case cfg.SPRT != nil && cfg.Shard.Count == 0:
		res, err = sim.RunSequential(ctx, cfg)
	case resumable:
		// a shard's partial results, and the check that they are this
		// build's, need the build's name and signature from the start
		stampBuild(&cfg.Build, &cfg.Signature)
		var code int
		res, code, err = runShard(ctx, cfg, *f.out, *f.block, *f.stop, stderr)
		if code != 0 {
			return code
		}
	default:
		res, err = sim.Run(ctx, cfg)
	}
	endProgress()
	if err == nil {
		err = flushCSV()
	}
	if cerr, ok := errors.AsType[*sim.ConfigError](err); ok {
		for _, e := range cerr.Errs {
			fmt.Fprintf(stderr, "meldlab sim: %s\n", say.Error(e))
		}
		return 2
	}
	if err != nil {
		return simFail(stderr, err, 1)
	}
	stampBuild(&res.Setup.Build, &res.Setup.Signature)
	if err := writeResult(outFile, res); err != nil {
		return simFail(stderr, err, 1)
	}
	if resumable {
		os.Remove(*f.out + ".partial") // the shard is written whole: its partial results are done with
	}
	return report(res, effects, *f.asJSON, svg, stdout, stderr)
}

// stampBuild sets build and signature to the build's name (buildName) and
// its signature (benchSignature), waiting for them if they are still being
// worked out. simConfig starts both, and a run records them in its result
// at the end: hashing the executable (28 MB) and playing the signature's 12
// games took 60-80 ms before the first game of the run could start, 2-3% of
// the wall clock of 2,000 games between 4 greedy bots on two cores (issue
// 47, item 7), where now they take a core's turn beside the games. Nothing
// a game plays depends on them.
func stampBuild(build, signature *string) {
	*build, *signature = buildName(), benchSignature()
}

// simGCPercent is the garbage collector's target (GOGC) for a lab's run.
// The lab's live heap is small (4 MB for 4 greedy bots) and its garbage
// plentiful (the solver's working tables, the turns' records): at the
// default 100 the collector ran some 40 times a second and took 3% of the
// CPU, besides its write barriers and assists. At 400 it runs a quarter as
// often, for about 1%, and the peak RSS of 2,000 games goes from 26 to
// 40 MB; the results are the same, as nothing the games do depends on
// when memory is collected.
const simGCPercent = 400

// labGC sets the collector's target to simGCPercent for a run, unless
// GOGC says otherwise, and returns what sets it back (meldlab's tests run
// the command in their own process).
func labGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(simGCPercent)
	return func() { debug.SetGCPercent(old) }
}

// simFail says err as meldlab sim's and returns the exit status code.
func simFail(stderr io.Writer, err error, code int) int {
	fmt.Fprintf(stderr, "meldlab sim: %s\n", say.Error(err))
	return code
}

// parseSimFlags reads meldlab sim's options; code is -1 to go on, else the
// exit status (0 for -h).
func parseSimFlags(args []string, stderr io.Writer) (*simFlags, int) {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdSimHelp()) }
	f := &simFlags{}
	fs.Var(&f.names, "variant", flagDoc(msg.CmdSimFlagVariant()))
	f.players = fs.Int("players", 4, flagDoc(msg.CmdSimFlagPlayers()))
	f.botList = fs.String("bots", "greedy", flagDoc(msg.CmdSimFlagBots(strings.Join(botRegistry.Names(), ", "))))
	f.games = fs.Int("games", 1000, flagDoc(msg.CmdSimFlagGames()))
	f.seed = fs.Uint64("seed", 1, flagDoc(msg.CmdSimFlagSeed()))
	f.rounds = fs.Int("rounds", 1, flagDoc(msg.CmdSimFlagRounds()))
	f.timeoutRate = fs.Float64("timeout-rate", 0, flagDoc(msg.CmdSimFlagTimeoutRate()))
	f.turnCap = fs.Int("turn-cap", sim.DefaultTurnCap, flagDoc(msg.CmdSimFlagTurnCap()))
	f.workers = fs.Int("workers", 0, flagDoc(msg.CmdSimFlagWorkers()))
	f.shard = fs.String("shard", "", flagDoc(msg.CmdSimFlagShard()))
	f.out = fs.String("out", "", flagDoc(msg.CmdSimFlagOut()))
	f.asJSON = fs.Bool("json", false, flagDoc(msg.CmdSimFlagJson()))
	f.csvDir = fs.String("csv", "", flagDoc(msg.CmdSimFlagCsv()))
	f.recordsDir = fs.String("records", "", flagDoc(msg.CmdSimFlagRecords()))
	f.svgFile = fs.String("svg", "", flagDoc(msg.CmdSimFlagSvg()))
	f.targetWidth = fs.String("target-width", "", flagDoc(msg.CmdSimFlagTargetWidth()))
	f.sweep = fs.String("sweep", "", flagDoc(msg.CmdSimFlagSweep()))
	f.maxGames = fs.Int("max-games", 0, flagDoc(msg.CmdSimFlagMaxGames()))
	f.block = fs.Int("block", 0, flagDoc(msg.CmdSimFlagBlock()))
	f.stop = fs.Int("stop-after-blocks", 0, flagDoc(msg.CmdSimFlagStopAfterBlocks()))
	f.sprt = fs.String("sprt", "", flagDoc(msg.CmdSimFlagSprt()))
	f.alpha = fs.Float64("alpha", 0.05, flagDoc(msg.CmdSimFlagAlpha()))
	f.beta = fs.Float64("beta", 0.05, flagDoc(msg.CmdSimFlagBeta()))
	f.sprtBatch = fs.Int("sprt-batch", sim.DefaultSPRTBatch, flagDoc(msg.CmdSimFlagSprtBatch()))
	fs.Var(&f.effects, "effect", flagDoc(msg.CmdSimFlagEffect()))
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0
		}
		return nil, 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "meldlab sim: unexpected argument %q (options only; see meldlab sim -h)\n", fs.Arg(0))
		return nil, 2
	}
	if len(f.names) == 0 {
		f.names = multiFlag{"original"}
	}
	return f, -1
}

// simConfig is the run's configuration from the options: the variants
// resolved (labelled by the names their files give), the bots, the commit.
// The build's name and signature are left out: they are started here, and
// stampBuild records them (see it).
func simConfig(f *simFlags, stderr io.Writer) (sim.Config, map[string]*variants.Variant, int) {
	go buildName()
	go benchSignature()
	cfg := sim.Config{Players: *f.players, Games: *f.games, Seed: *f.seed, Rounds: *f.rounds,
		TimeoutRate: *f.timeoutRate, TurnCap: *f.turnCap, Workers: *f.workers, Commit: commitName()}
	resolved := map[string]*variants.Variant{}
	for _, n := range f.names {
		v, err := gameFactory.Resolve(n)
		if err != nil {
			return cfg, nil, simFail(stderr, err, 2)
		}
		// A variant is labelled by the name its file gives, not by its path.
		label := v.Rules.Name
		if label == "" {
			label = n
		}
		if prev, ok := resolved[label]; ok {
			fmt.Fprintf(stderr, "meldlab sim: %s and %s are both named %q: compare variants of different names\n",
				prev.File, n, label)
			return cfg, nil, 2
		}
		resolved[label] = v
		cfg.Variants = append(cfg.Variants, sim.Variant{Name: label, Rules: v.Rules, Base: v.Edition()})
	}
	cfg.Explain = func(a, b *sim.Variant) []string {
		var out []string
		for _, m := range variants.Diff(resolved[a.Name], resolved[b.Name]) {
			out = append(out, say.Message(m))
		}
		return out
	}
	cfg.Factory, cfg.Registry = gameFactory, botRegistry
	for _, b := range strings.Split(*f.botList, ",") {
		if b = strings.TrimSpace(b); b != "" {
			cfg.Bots = append(cfg.Bots, b)
		}
	}
	return cfg, resolved, 0
}

// simCSV starts the rounds' CSV file in dir (none without one): written
// beside its target and renamed over it only once the run has succeeded
// (flush), the old file or the new one, whole; abort drops an unfinished one.
func simCSV(cfg *sim.Config, dir string) (flush func() error, abort func(), err error) {
	none := func() error { return nil }
	if dir == "" {
		return none, func() {}, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return none, func() {}, err
	}
	name := "rounds.csv"
	if cfg.Shard.Count > 0 {
		name = fmt.Sprintf("rounds-%d-of-%d.csv", cfg.Shard.Index, cfg.Shard.Count)
	}
	f, err := files.Create(filepath.Join(dir, name), 0o644)
	if err != nil {
		return none, func() {}, err
	}
	w, err := sim.NewCSVWriter(f, cfg.Players)
	if err != nil {
		f.Abort()
		return none, func() {}, err
	}
	cfg.OnRound = w.Write
	return func() error {
		if err := w.Flush(); err != nil {
			return err
		}
		return f.Commit()
	}, f.Abort, nil
}

// simTarget is --target-width's stopping rule, nil without it: at most
// maxGames games, or 50 times the first games (within sim.MaxGames).
func simTarget(width string, maxGames, games int) (*sim.Target, error) {
	if width == "" {
		return nil, nil
	}
	t, err := parseTarget(width)
	if err != nil {
		return nil, err
	}
	t.MaxGames = maxGames
	if t.MaxGames == 0 {
		t.MaxGames = sim.MaxGames
		if games <= sim.MaxGames/50 { // 50 times the start, where that cannot wrap
			t.MaxGames = 50 * games
		}
	}
	return &t, nil
}

// runShard plays a shard in blocks, saving the results so far to partial
// after each, and goes on from partial's games if an earlier run of the
// same shard left it (a retried pod or task): a stopped shard loses at most
// a block. block 0 is a twentieth of the shard, at most 1000 games;
// stopAfter, for tests, stops after that many blocks as a kill would. A
// code other than 0 is the exit status, said already.
func runShard(ctx context.Context, cfg sim.Config, out string, block, stopAfter int, stderr io.Writer) (*sim.Result, int, error) {
	lo, hi := cfg.Shard.Range(cfg.Games)
	// A shard whose results are written already, by this build, for this
	// experiment, is done: re-applying a job does not replay it.
	if done, err := readResult(out); err == nil && sim.CheckResume(cfg, done) == nil && done.Games() == hi-lo {
		fmt.Fprintf(stderr, "meldlab sim: %s\n", say.Message(msg.CmdSimFinished(out, cfg.Shard.String())))
		return done, 0, nil
	}
	partial := out + ".partial"
	if block <= 0 {
		block = min(max((hi-lo+19)/20, 1), 1000)
	}
	var prior *sim.Result
	if _, err := os.Lstat(partial); err == nil {
		p, err := readResult(partial)
		if err != nil {
			fmt.Fprintf(stderr, "meldlab sim: %v; remove it to start the shard over\n", err)
			return nil, 1, nil
		}
		if err := sim.CheckResume(cfg, p); err != nil {
			fmt.Fprintf(stderr, "meldlab sim: %s: %v; remove it to start the shard over\n", partial, err)
			return nil, 1, nil
		}
		prior = p
		if n := p.Games(); len(p.Covered) == 1 {
			fmt.Fprintf(stderr, "meldlab sim: resuming %s: games %d to %d played, %d to go\n",
				partial, p.Covered[0].From, p.Covered[0].To-1, hi-lo-n)
		}
	}
	blocks := 0
	res, err := sim.RunResumable(ctx, cfg, prior, block, func(r *sim.Result) error {
		if err := files.WriteFile(partial, 0o644, func(w io.Writer) error {
			b, err := json.MarshalIndent(r, "", " ")
			if err != nil {
				return err
			}
			_, err = w.Write(append(b, '\n'))
			return err
		}); err != nil {
			return err
		}
		blocks++
		if stopAfter > 0 && blocks == stopAfter && r.Games() < hi-lo {
			return errStopped
		}
		return nil
	})
	if errors.Is(err, errStopped) {
		fmt.Fprintf(stderr, "meldlab sim: stopped after %d blocks, as --stop-after-blocks asked; %s holds games %s\n",
			blocks, partial, coveredText(partial))
		return nil, 1, nil
	}
	return res, 0, err
}

// errStopped is --stop-after-blocks' stop.
var errStopped = errors.New("stopped")

// coveredText is the games the partial file holds, read back.
func coveredText(partial string) string {
	r, err := readResult(partial)
	if err != nil || len(r.Covered) != 1 {
		return "?"
	}
	return fmt.Sprintf("%d to %d", r.Covered[0].From, r.Covered[0].To-1)
}

func runSimMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdSimMergeHelp()) }
	asJSON := fs.Bool("json", false, flagDoc(msg.CmdSimMergeFlagJson()))
	svgFile := fs.String("svg", "", flagDoc(msg.CmdSimMergeFlagSvg()))
	out := fs.String("out", "", flagDoc(msg.CmdSimMergeFlagOut()))
	partial := fs.Bool("partial", false, flagDoc(msg.CmdSimMergeFlagPartial()))
	allowBuild := fs.Bool("allow-build", false, flagDoc(msg.CmdSimMergeFlagAllowBuild()))
	var effectList multiFlag
	fs.Var(&effectList, "effect", flagDoc(msg.CmdSimFlagEffect()))
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "meldlab sim merge: name the shard files to merge")
		fs.Usage()
		return 2
	}
	effects, code := parseEffects(effectList, "meldlab sim merge", stderr)
	if code != 0 {
		return code
	}
	outFile, svg, code := openOutputs("meldlab sim merge", *out, *svgFile, stderr)
	if code != 0 {
		return code
	}
	defer abort(outFile)
	defer abort(svg)
	var results []*sim.Result
	for _, path := range fs.Args() {
		r, err := readResult(path)
		if err != nil {
			fmt.Fprintf(stderr, "meldlab sim merge: %s\n", say.Error(err))
			return 1
		}
		results = append(results, r)
	}
	res, err := sim.MergeWith(sim.MergeOptions{AllowBuild: *allowBuild}, results...)
	if me, ok := errors.AsType[*sim.MergeError](err); ok {
		me.What = fs.Arg(me.Index) // name the file, not its place in the list
	}
	if err != nil {
		fmt.Fprintf(stderr, "meldlab sim merge: %s\n", say.Error(err))
		return 1
	}
	if n := res.Games(); n != res.Setup.Games {
		games, shards := res.Missing()
		what := "the shards cover " + strconv.Itoa(n) + " of the " + strconv.Itoa(res.Setup.Games) + " games; missing: " +
			missingText(games, shards)
		if *partial {
			fmt.Fprintf(stderr, "meldlab sim merge: warning: %s\n", what)
		} else {
			fmt.Fprintf(stderr, "meldlab sim merge: %s\n", what)
			if shards != nil {
				ids := taskIDs(shards)
				fmt.Fprintf(stderr, "meldlab sim merge: run each missing shard as itself (Slurm: deploy/slurm/submit.sh %s; "+
					"a Kubernetes Indexed Job: %s %s), then merge again; or merge what there is with --partial\n",
					ids, plural(len(shards), "index", "indexes"), ids)
			} else {
				fmt.Fprintln(stderr, "meldlab sim merge: play those games (the same command with --shard), then merge again; "+
					"or merge what there is with --partial")
			}
			return 1
		}
	}
	if err := writeResult(outFile, res); err != nil {
		fmt.Fprintf(stderr, "meldlab sim merge: %s\n", say.Error(err))
		return 1
	}
	return report(res, effects, *asJSON, svg, stdout, stderr)
}

// missingText says the shards missing (when known) and the games: "shards
// 2, 4-5 of 5 (games 1-2, 5-8)", or "games 1-3".
func missingText(games []sim.GameRange, shards []sim.Shard) string {
	var g []string
	for _, r := range games {
		g = append(g, spanText(r.From, r.To-1, "-"))
	}
	n := 0
	for _, r := range games {
		n += r.To - r.From
	}
	gamesText := plural(n, "game ", "games ") + strings.Join(g, ", ")
	if len(shards) == 0 {
		return gamesText
	}
	var idx []int
	for _, s := range shards {
		idx = append(idx, s.Index)
	}
	return fmt.Sprintf("%s %s of %d (%s)", plural(len(shards), "shard", "shards"), spans(idx, ", "), shards[0].Count, gamesText)
}

// taskIDs is the cluster ids of shards (index-1), as sbatch --array takes
// them: "1,3-4".
func taskIDs(shards []sim.Shard) string {
	var ids []int
	for _, s := range shards {
		ids = append(ids, s.Index-1)
	}
	return spans(ids, ",")
}

// spans writes sorted numbers with runs joined: 1, 3-4.
func spans(ns []int, sep string) string {
	var out []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		out = append(out, spanText(ns[i], ns[j], "-"))
		i = j + 1
	}
	return strings.Join(out, sep)
}

func spanText(a, b int, dash string) string {
	if a == b {
		return strconv.Itoa(a)
	}
	return strconv.Itoa(a) + dash + strconv.Itoa(b)
}

// plural is one if n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// openOutputs starts the --out and --svg files (nil when not asked for),
// so that an unusable one is found before the work, with exit status 2.
func openOutputs(cmd, out, svg string, stderr io.Writer) (outFile, svgFile *files.AtomicFile, code int) {
	outFile, err := openOutput("--out", out)
	if err == nil {
		svgFile, err = openOutput("--svg", svg)
	}
	if err != nil {
		abort(outFile)
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return nil, nil, 2
	}
	return outFile, svgFile, 0
}

// abort drops an output file not committed; f may be nil.
func abort(f *files.AtomicFile) {
	if f != nil {
		f.Abort()
	}
}

// openOutput starts writing the output file path of flag: nil if path is
// empty; an error that names the flag if it is a folder or cannot be
// created there.
func openOutput(flag, path string) (*files.AtomicFile, error) {
	if path == "" {
		return nil, nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s %s: is a folder; name a file", flag, path)
	}
	f, err := files.Create(path, 0o644)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary file's name says nothing to the user
		}
		return nil, fmt.Errorf("%s %s: cannot write there: %w", flag, path, err)
	}
	return f, nil
}

// parseTarget reads --target-width: W, for round length in turns, or
// METRIC=W, with shares in percentage points as the report shows them.
func parseTarget(s string) (sim.Target, error) {
	metric, w, ok := strings.Cut(s, "=")
	if !ok {
		metric, w = sim.MetricTurns, s
	}
	width, err := strconv.ParseFloat(strings.TrimSpace(w), 64)
	if err != nil || !(width > 0) || math.IsInf(width, 0) {
		return sim.Target{}, fmt.Errorf("--target-width %q: write W or METRIC=W with W more than 0, as 2 or winner_score=5", s)
	}
	metric = strings.TrimSpace(metric)
	if !slices.Contains(sim.Metrics, metric) {
		return sim.Target{}, fmt.Errorf("--target-width %q: no metric %q; the metrics are %s", s, metric, strings.Join(sim.Metrics, ", "))
	}
	if sim.MetricUnit(metric) == "share" {
		width /= 100
	}
	return sim.Target{Metric: metric, Width: width}, nil
}

// report prints the figures of res and draws the chart if asked.
func report(res *sim.Result, effects []sim.Effect, asJSON bool, svgFile *files.AtomicFile, stdout, stderr io.Writer) int {
	rep := res.Report()
	rep.Plan(effects)
	write := func(w io.Writer) error { return rep.WriteTextIn(w, say) }
	if asJSON {
		write = rep.WriteJSON
	}
	if err := write(stdout); err != nil {
		fmt.Fprintf(stderr, "meldlab sim: %s\n", say.Error(err))
		return 1
	}
	if svgFile != nil {
		err := rep.WriteSVG(svgFile)
		if err == nil {
			err = svgFile.Commit()
		}
		if err != nil {
			fmt.Fprintf(stderr, "meldlab sim: %s\n", say.Error(err))
			return 1
		}
	}
	if n := len(rep.Failed); n > 0 {
		fmt.Fprintf(stderr, "meldlab sim: %d of %d games failed and are left out (listed in the report)\n", n, rep.Games)
		return 1
	}
	return 0
}

// writeResult writes the raw statistics to f (nothing if f is nil), as the
// old file or the new one.
func writeResult(f *files.AtomicFile, res *sim.Result) error {
	if f == nil {
		return nil
	}
	b, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		return err
	}
	return f.Commit()
}

// maxResultBytes caps a shard file: real ones are a few kilobytes.
const maxResultBytes = 64 << 20

// readResult reads a shard file and checks that its statistics could have
// come from a run before they are trusted.
func readResult(path string) (*sim.Result, error) {
	f, err := files.Open(path) // a regular file only: a FIFO would wait for a writer
	if files.IsNotRegular(err) {
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxResultBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxResultBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB: not a sim result", path, maxResultBytes>>20)
	}
	var r sim.Result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: not a sim result: %w", path, err)
	}
	if err := r.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &r, nil
}

// isTerminal reports whether f is a character device (a terminal), where a
// progress line that rewrites itself belongs.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progressLine returns a Progress function that rewrites one line on w, at
// most five times a second: games done, games per second, time left.
func progressLine(w io.Writer) func(done, total int) {
	start := time.Now()
	var last time.Time
	return func(done, total int) {
		now := time.Now()
		if now.Sub(last) < 200*time.Millisecond && done < total {
			return
		}
		last = now
		el := now.Sub(start).Seconds()
		rate := float64(done) / max(el, 1e-9)
		left := time.Duration(float64(total-done) / max(rate, 1e-9) * float64(time.Second)).Round(time.Second)
		fmt.Fprintf(w, "\r\033[K%d/%d games, %.0f games/s, %s left", done, total, rate, left)
	}
}

// simRecorder writes each game of a run as a record in dir:
// VARIANT-GAME.mgn, the variant's slashes as dashes (house-fifty-12.mgn),
// atomically, so that an interrupted run leaves whole records only. A
// record names the variant a reader can load (the sweep's base for a
// sweep's value) and the keys the run changed.
func simRecorder(dir string, specs []string, players int) func(v *sim.Variant, game int, g *core.Game) error {
	var bases sync.Map // variant name -> *variants.Variant, or nil
	base := func(v *sim.Variant) *variants.Variant {
		if b, ok := bases.Load(v.Name); ok {
			return b.(*variants.Variant)
		}
		var found *variants.Variant
		for _, name := range []string{v.Rules.Name, v.Name, v.Base} {
			if r, err := variants.Resolve(name); err == nil && name != "" {
				found = r
				break
			}
		}
		bases.Store(v.Name, found)
		return found
	}
	return func(v *sim.Variant, game int, g *core.Game) error {
		opt := record.Options{View: -1, Event: "meldlab sim"}
		if b := base(v); b != nil {
			opt.Name, opt.Variant = b.Rules.Name, &b.Rules
		}
		for s := range players {
			opt.Players = append(opt.Players, specs[s%len(specs)])
		}
		name := fmt.Sprintf("%s-%d.mgn", strings.NewReplacer("/", "-", "=", "-", " ", "-").Replace(v.Name), game)
		data := record.Write(g, opt)
		return files.WriteAtomic(filepath.Join(dir, name), 0o644, func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		})
	}
}
