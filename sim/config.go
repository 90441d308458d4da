// Package sim is the simulation lab: it plays many games between bots under
// two or more variants and compares them with honest statistics.
//
// # Paired games and seeds
//
// Game i (from 0) is played under every variant with the same seed,
// GameSeed(Config.Seed, i): the (i+1)-th output of a SplitMix64 generator
// started at Config.Seed. Under rules that deal alike, game i deals the same
// tiles under every variant, so the variants are compared on the same deals
// (a paired comparison): the game-by-game differences vary far less than two
// independent samples would. Within a game, the bot in seat s gets the seed
// BotSeed(game seed, s), and the modelled timeouts (Config.TimeoutRate) come
// from a generator of their own, seeded by the game seed; so a game depends
// on its seed alone.
//
// # Reproducible on any core count
//
// Run plays games on a pool of workers, but folds their results into the
// statistics in game order, never in the order they finish: the figures are
// bit for bit the same for any number of workers, any GOMAXPROCS, and any
// split into shards (see Shard and Merge). The bots keep to this by bounding
// their searches with a node budget; only a search stopped by their
// wall-clock deadline (a safety net, counted as solver_timed_out in the
// report) could make a figure depend on the machine. Every statistic is kept as exact
// sufficient statistics (counts, integer sums, exact rational sums for the
// paired differences), so merging shards adds integers and rationals and
// gives exactly what one run over all the games gives.
//
// # Beyond one comparison
//
// A sweep (Config.Sweep) is an experiment whose variants are one base with
// one rule set to each of several values; a tournament (RunTournament) seats
// bots in every seating over the same deals and rates them. Games that fail
// are recorded with their seeds (Result.Failed) and left out; they never
// stop a run.
package sim

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
)

// Variant is one variant to play: its name (as printed) and its rules.
type Variant struct {
	Name  string
	Rules core.Rules
	// Base is the edition it is built on, the last of the variants it
	// extends ("italian" for house/no-jokers), or its own name; empty if
	// unknown. The report warns when compared variants differ in it.
	Base string
}

// Config is an experiment.
type Config struct {
	Variants []Variant // one or more, with distinct names
	Players  int       // seats at the table
	// Bots are the bot specs (bots.New), cycled over the seats: with 4
	// players, "greedy", "random" gives greedy, random, greedy, random.
	Bots  []string
	Games int    // games in the whole experiment (all shards)
	Seed  uint64 // the experiment's seed; see GameSeed
	// Rounds is the rounds of one game (a match of that many rounds); 0
	// means 1.
	Rounds int
	// TimeoutRate is the share of turns that run out of time: such a turn
	// takes the variant's timeout penalty (core.Game.Timeout) without asking
	// the bot. 0.05 models a player who is too slow one turn in twenty. A
	// variant without a time limit (time_limit.seconds 0) has no timeouts:
	// the rate does nothing there, and the report says so.
	TimeoutRate float64
	// TurnCap stops a round that reaches this many turns (0: DefaultTurnCap;
	// at most core.MaxTurns, where the engine refuses further turns);
	// such a round is counted apart and its game ends there.
	TurnCap int
	Workers int   // games played at once; 0 means GOMAXPROCS
	Shard   Shard // the slice of the games to play; the zero Shard is all
	// Build names the program that plays (meldlab's version and VCS
	// revision): results record it, and Merge refuses results of
	// different builds, whose bots or referee may play other games.
	Build string
	// Commit is the source commit of the build (its VCS revision, or one
	// set at build time), and Signature a digest of what the build plays
	// on a fixed bench: results whose commits and signatures agree merge,
	// whatever their builds.
	Commit, Signature string

	// Factory starts each game with its variant's hooks (scripts.Games
	// fits); nil: core.PlainGames, which refuses a variant with hooks. The
	// game owns its hooks and is closed after play.
	Factory core.GameFactory
	// Registry makes the bots from their specs (scripts.Bots gives Lua bots
	// too); nil: the Go bots (bots.NewRegistry).
	Registry *bots.Registry
	// Sweep, when set, says that the variants are a sweep: one base with
	// one key set to each value, named SweepName(key, value), in order. The
	// report then gives every metric against the value.
	Sweep *SweepSetup
	// Explain, when set, says in words every rule change between two
	// variants (variants.Diff fits): the report lists them for variants of
	// different bases, whose comparison mixes them all.
	Explain func(a, b *Variant) []string
	// Record, when set, gets each game once it is over (game is its index
	// in the experiment), from the worker that played it, before the game
	// is closed: for writing every game's record (meldlab sim --records).
	// Its error stops the run.
	Record func(v *Variant, game int, g *core.Game) error
	// Progress, when set, is called after each game with the games done and
	// the games to play, from the goroutine that called Run.
	Progress func(done, total int)
	// SPRT, when set, is a sequential test of the two variants' paired
	// differences: the result keeps its sums a batch at a time, and
	// RunSequential stops when it decides.
	SPRT *SPRT
	// OnRound, when set, gets every round played, in game order (then
	// variant, then round), from the goroutine that called Run: for writing
	// one CSV row per round as the run goes. Its error stops the run.
	OnRound func(*RoundRecord) error
}

// bots is the registry the bots come from.
func (c *Config) bots() *bots.Registry {
	if c.Registry == nil {
		c.Registry = bots.NewRegistry()
	}
	return c.Registry
}

// games is the factory the games come from.
func (c *Config) games() core.GameFactory {
	if c.Factory == nil {
		return core.PlainGames{}
	}
	return c.Factory
}

// DefaultTurnCap is the turns after which a round is stopped. Real rounds
// end far sooner: when the pool is empty and nobody can place a tile, every
// player passes and the round ends.
const DefaultTurnCap = 1000

// Shard is the Index-th of Count slices of the games, Index from 1. The zero
// Shard is all games.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// The bounds of an experiment: games in all (a thousand cores at a
// thousand games a second play a billion games in under 20 minutes) and
// shards. Their product fits an int64 many times over, so no game range
// wraps.
const (
	MaxGames  = 1_000_000_000_000
	MaxShards = 1_000_000
)

// ParseShard reads "i/n", 1 ≤ i ≤ n ≤ MaxShards.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: write it i/n, as 2/8 for the second of 8 slices", s)
	}
	if n > MaxShards {
		return Shard{}, fmt.Errorf("shard %q: n must be at most %d", s, MaxShards)
	}
	if n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: i must be 1 to n, n at least 1", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// The environment variables ParseShardEnv reads.
const (
	EnvK8sIndex  = "JOB_COMPLETION_INDEX" // a Kubernetes Indexed Job's index, from 0
	EnvSlurmTask = "SLURM_ARRAY_TASK_ID"  // a Slurm job array's task id, from 0
)

// ParseShardEnv reads "i/n" as ParseShard does, and "auto/n", which takes
// the shard from the cluster engine running this copy: a Kubernetes
// Indexed Job's JOB_COMPLETION_INDEX or a Slurm job array's
// SLURM_ARRAY_TASK_ID, each the task's own id within the experiment, 0 to
// n-1 (shard id+1). The id alone decides the shard, never the array it was
// submitted in: a failed Slurm task re-run alone (sbatch --array=3) plays
// shard 4 again, exactly as before. getenv is os.Getenv, or a stand-in in
// tests.
func ParseShardEnv(s string, getenv func(string) string) (Shard, error) {
	count, ok := strings.CutPrefix(s, "auto/")
	if !ok {
		return ParseShard(s)
	}
	n, err := strconv.Atoi(count)
	if err != nil || n < 1 {
		return Shard{}, fmt.Errorf("shard %q: write auto/n, n at least 1, as auto/100", s)
	}
	if n > MaxShards {
		return Shard{}, fmt.Errorf("shard %q: n must be at most %d", s, MaxShards)
	}
	// id reads the variable name, 0 to n-1; what tells how to fix it.
	id := func(name, what string) (int, error) {
		raw := getenv(name)
		v, err := strconv.Atoi(strings.TrimSpace(raw))
		if err != nil {
			return 0, fmt.Errorf("shard %q: %s is %q, not a whole number", s, name, raw)
		}
		if v < 0 || v >= n {
			return 0, fmt.Errorf("shard %q: %s is %d, not 0 to %d: %s", s, name, v, n-1, what)
		}
		return v, nil
	}
	var k int
	switch {
	case getenv(EnvK8sIndex) != "":
		k, err = id(EnvK8sIndex, fmt.Sprintf("the job must run exactly %d completions", n))
	case getenv(EnvSlurmTask) != "":
		k, err = id(EnvSlurmTask, fmt.Sprintf("number the array's tasks by the experiment's shards, 0 to %d (sbatch --array=0-%d)", n-1, n-1))
	default:
		err = fmt.Errorf("shard %q takes the shard from %s (a Kubernetes Indexed Job) or %s "+
			"(a Slurm job array), each 0 to n-1, and neither is set; write i/n to choose the shard by hand", s, EnvK8sIndex, EnvSlurmTask)
	}
	if err != nil {
		return Shard{}, err
	}
	return Shard{Index: k + 1, Count: n}, nil
}

func (s Shard) String() string {
	if s.Count == 0 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Range is the game indices [lo, hi) of the shard among games: contiguous
// slices as equal as can be, in order, together covering every game once.
func (s Shard) Range(games int) (lo, hi int) {
	if s.Count == 0 {
		return 0, games
	}
	i := min(s.Index, s.Count) // an unchecked Shard past its count: the last slice's end
	return mulDiv(games, i-1, s.Count), mulDiv(games, i, s.Count)
}

// mulDiv is a·b/c for a ≥ 0 and 0 ≤ b ≤ c, in 128 bits, so that it never
// wraps (a checked Config keeps it small anyway); 0 outside that.
func mulDiv(a, b, c int) int {
	if a <= 0 || b <= 0 || c <= 0 || b > c {
		return 0
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(c)) // hi < c since a < 2^63 and b ≤ c: no panic
	return int(q)
}

// splitmix64 is SplitMix64's output function on state x.
func splitmix64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

const golden = 0x9e3779b97f4a7c15

// GameSeed is the seed of game i (from 0) of an experiment seeded with
// seed: the (i+1)-th output of SplitMix64 started at seed.
func GameSeed(seed uint64, i int) uint64 { return splitmix64(seed + uint64(i+1)*golden) }

// BotSeed is the seed of the bot in seat (from 0) of the game seeded with
// gameSeed: the (seat+1)-th output of SplitMix64 started at gameSeed.
func BotSeed(gameSeed uint64, seat int) uint64 { return GameSeed(gameSeed, seat) }

// timeoutSeed seeds the generator that decides which turns time out.
func timeoutSeed(gameSeed uint64) uint64 { return splitmix64(gameSeed ^ 0x74696d656f757473) }

// rounds is the rounds a game lasts.
func (c *Config) rounds() int { return max(c.Rounds, 1) }

func (c *Config) turnCap() int {
	if c.TurnCap > 0 {
		return c.TurnCap
	}
	return DefaultTurnCap
}

func (c *Config) workers() int {
	if c.Workers > 0 {
		return c.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// seatBots is the bot spec of each seat.
func (c *Config) seatBots() []string {
	out := make([]string, c.Players)
	for i := range out {
		out[i] = c.Bots[i%len(c.Bots)]
	}
	return out
}

// ConfigError lists every problem with a Config; Run returns it before
// playing any game.
type ConfigError struct{ Errs []error }

func (e *ConfigError) Error() string { return errors.Join(e.Errs...).Error() }

func (e *ConfigError) Unwrap() []error { return e.Errs }

// check reports every problem with the configuration at once.
func (c *Config) check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(""+format, args...)) }
	if len(c.Variants) == 0 {
		bad("no variant to play")
	}
	seen := map[string]bool{}
	for _, v := range c.Variants {
		if seen[v.Name] {
			bad("variant %q is named twice", v.Name)
		}
		seen[v.Name] = true
		if v.Rules.Hooks != "" && c.Factory == nil {
			bad("variant %q has Lua hooks (%s), and no hook compiler was given", v.Name, v.Rules.Hooks)
		}
		lo, hi := v.Rules.Players.Min, v.Rules.Players.Max
		if c.Players < max(lo, 1) || c.Players > hi {
			errs = append(errs, sayErr(msg.SimErrVariantPlayers(strconv.Quote(v.Name), lo, hi, c.Players)))
		}
	}
	if sw := c.Sweep; sw != nil {
		ok := len(sw.Values) == len(c.Variants)
		for i := 0; ok && i < len(sw.Values); i++ {
			ok = c.Variants[i].Name == SweepName(sw.Key, sw.Values[i])
		}
		if !ok {
			bad("the sweep's variants must be named %s=VALUE, one a value, in order", sw.Key)
		}
	}
	if c.Players < 1 {
		errs = append(errs, sayErr(msg.SimErrPlayers(c.Players)))
	}
	if len(c.Bots) == 0 {
		bad("no bots: name at least one (%s)", strings.Join(c.bots().Names(), ", "))
	}
	for _, spec := range c.Bots {
		b, err := c.bots().New(spec, 0)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		release(b)
	}
	switch {
	case c.Games < 1:
		errs = append(errs, sayErr(msg.SimErrGames(c.Games)))
	case c.Games > MaxGames:
		bad("games must be at most %d, not %d", MaxGames, c.Games)
	}
	if c.Rounds < 0 {
		bad("rounds must be 0 or more, not %d", c.Rounds)
	}
	if c.TimeoutRate < 0 || c.TimeoutRate > 1 || math.IsNaN(c.TimeoutRate) {
		bad("timeout rate must be 0 to 1, not %g", c.TimeoutRate)
	}
	if c.TurnCap > core.MaxTurns {
		bad("turn cap %d is over the engine's %d turns a round (core.MaxTurns)", c.TurnCap, core.MaxTurns)
	}
	if c.TurnCap < 0 {
		bad("turn cap must be 0 or more, not %d", c.TurnCap)
	}
	switch s := c.Shard; {
	case s.Count > MaxShards:
		bad("shard %d/%d: n must be at most %d", s.Index, s.Count, MaxShards)
	case s.Count != 0 && (s.Count < 1 || s.Index < 1 || s.Index > s.Count):
		bad("shard %d/%d: i must be 1 to n", s.Index, s.Count)
	}
	errs = append(errs, c.checkSPRT()...)
	if len(errs) == 0 {
		return nil
	}
	return &ConfigError{Errs: errs}
}
