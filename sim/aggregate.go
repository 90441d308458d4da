package sim

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strconv"

	"github.com/meldlab/meldlab/core"
)

// ResultFormat names the layout of a Result file; Merge refuses others.
const ResultFormat = "meldlab-sim-result/1"

// Result is the raw outcome of a run or of merged runs: the experiment's
// setup, the game ranges played, and each variant's and each pair's exact
// sufficient statistics. It is what a shard writes and what Merge adds up;
// Report turns it into figures.
type Result struct {
	Format  string      `json:"format"`
	Setup   Setup       `json:"setup"`
	Covered []GameRange `json:"covered"` // the game ranges played, sorted, disjoint
	// Shards are the shards played (Config.Shard), sorted, so that a merge
	// short of some can name them (Missing); none for an unsharded run or
	// a complete merge, which is one run's result.
	Shards   []Shard         `json:"shards,omitempty"`
	Variants []*VariantStats `json:"variants"`
	Pairs    []*PairStats    `json:"pairs"`
	// Failed are the games left out because they failed, in game order.
	Failed []FailedGame `json:"failed"`
	// Target is what RunUntil aimed at and reached; nil for other runs.
	Target *TargetOutcome `json:"target,omitempty"`
	// SPRTBatches are the sequential test's sums, a batch of games each
	// (Setup.SPRT); none without a test.
	SPRTBatches []SPRTBatch `json:"sprt_batches,omitempty"`
	// MixedBuilds are the builds merged when MergeOptions.AllowBuild let
	// different ones in (two or more); none otherwise.
	MixedBuilds []string `json:"mixed_builds,omitempty"`
}

// GameRange is the game indices [From, To).
type GameRange struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Setup is what decides an experiment's figures; runs merge only when
// their setups are equal.
type Setup struct {
	Variants    []string `json:"variants"`
	RulesDigest []string `json:"rules_digest"` // SHA-256 of each variant's rules, so a changed variant file is noticed
	Players     int      `json:"players"`
	Bots        []string `json:"bots"` // one a seat
	Games       int      `json:"games"`
	Seed        uint64   `json:"seed"`
	Rounds      int      `json:"rounds"`
	TimeoutRate float64  `json:"timeout_rate"`
	TurnCap     int      `json:"turn_cap"`
	// NoClock are the variants without a time limit, where TimeoutRate
	// applies no timeouts.
	NoClock []string `json:"no_time_limit,omitempty"`
	// NotZeroSum are the variants whose round scores need not sum to zero
	// (core.Rules.ZeroSum: scoring.unopened_penalty, scoring.round_to, zero_sum),
	// where a winner may score below 0; Validate bounds the others' winners
	// to 0 and up.
	NotZeroSum []string `json:"not_zero_sum,omitempty"`
	// Mechanisms are, for each variant (by name), the mechanisms of its
	// rules the report warns about when they never came into play: "keep"
	// (joker.keep), "pool" (an end-of-pool rule: end_of_pool.play other
	// than pass_round, or end_of_pool keys differing from another
	// variant's), "clock" (a chess clock, or time_limit keys differing from
	// another variant's).
	Mechanisms map[string][]string `json:"mechanisms,omitempty"`
	// Bases are the edition each variant is built on (Variant.Base), and
	// Mixed the rule changes between the variants of pairs on different
	// bases, when Config.Explain gave them.
	Bases []string    `json:"bases,omitempty"`
	Mixed []MixedPair `json:"mixed,omitempty"`
	// Sweep, for a sweep, is its key and values (Config.Sweep).
	Sweep *SweepSetup `json:"sweep,omitempty"`
	// Build is the program that played (Config.Build); Commit the source
	// commit it was built from and Signature its behaviour on a fixed bench
	// (Config.Commit, Config.Signature). Results that record a signature
	// merge when their commits and signatures agree, whatever their
	// builds; older ones when their builds do.
	Build     string `json:"build,omitempty"`
	Commit    string `json:"commit,omitempty"`
	Signature string `json:"signature,omitempty"`
	// SPRT is the sequential test, if one was asked (Config.SPRT).
	SPRT *SPRT `json:"sprt,omitempty"`
}

// MixedPair is two variants on different bases and every rule change
// between them, in words.
type MixedPair struct {
	A       string   `json:"a"`
	B       string   `json:"b"`
	Changes []string `json:"changes"`
}

func newSetup(c *Config) Setup {
	s := Setup{Players: c.Players, Bots: c.seatBots(), Games: c.Games, Seed: c.Seed,
		Rounds: c.rounds(), TimeoutRate: c.TimeoutRate, TurnCap: c.turnCap(), Sweep: c.Sweep, Build: c.Build, SPRT: c.SPRT,
		Commit: c.Commit, Signature: c.Signature}
	for _, v := range c.Variants {
		s.Variants = append(s.Variants, v.Name)
		b, _ := json.Marshal(v.Rules) // plain data: cannot fail
		sum := sha256.Sum256(b)
		s.RulesDigest = append(s.RulesDigest, hex.EncodeToString(sum[:8]))
		if !hasClock(&v.Rules) {
			s.NoClock = append(s.NoClock, v.Name)
		}
		if !v.Rules.ZeroSum() {
			s.NotZeroSum = append(s.NotZeroSum, v.Name)
		}
		if v.Base != "" {
			s.Bases = append(s.Bases, v.Base)
		}
	}
	if len(s.Bases) != len(c.Variants) {
		s.Bases = nil
	}
	for i := range c.Variants {
		if m := mechanisms(c.Variants, i); len(m) > 0 {
			if s.Mechanisms == nil {
				s.Mechanisms = map[string][]string{}
			}
			s.Mechanisms[c.Variants[i].Name] = m
		}
	}
	for i := range c.Variants {
		for j := i + 1; j < len(c.Variants) && s.Bases != nil && c.Explain != nil; j++ {
			if s.Bases[i] != s.Bases[j] {
				a, b := &c.Variants[i], &c.Variants[j]
				s.Mixed = append(s.Mixed, MixedPair{A: a.Name, B: b.Name, Changes: c.Explain(a, b)})
			}
		}
	}
	return s
}

// VariantStats are one variant's sufficient statistics: counts and integer
// sums from which every figure of its report follows.
type VariantStats struct {
	Name     string `json:"name"`
	Games    int64  `json:"games"`
	Rounds   int64  `json:"rounds"`   // rounds played, capped ones included
	Capped   int64  `json:"capped"`   // rounds stopped at the turn cap
	Finished int64  `json:"finished"` // rounds that ended by the rules
	// TurnHist[t] is the finished rounds that lasted t turns.
	TurnHist  []int64 `json:"turn_hist"`
	PoolEmpty int64   `json:"pool_empty"` // finished rounds ending with an empty pool
	Blocked   int64   `json:"blocked"`    // finished rounds that nobody went out of
	Shared    int64   `json:"shared"`     // finished rounds with tied winners
	JokerLeft int64   `json:"joker_left"` // finished rounds ending with a joker on some rack
	// The turn (of the round, from 1) of each initial meld in a finished
	// round: how many, their sum and sum of squares; SeatRounds is the
	// seats of finished rounds, so SeatRounds-Openings never opened.
	Openings  int64 `json:"openings"`
	OpenSum   int64 `json:"open_sum"`
	OpenSumSq int64 `json:"open_sum_sq"`
	// A seat that never opened counts at the round's last turn (it had not
	// opened by then: a lower bound): the sum and sum of squares of those.
	NeverSum    int64   `json:"never_sum"`
	NeverSumSq  int64   `json:"never_sum_sq"`
	SeatRounds  int64   `json:"seat_rounds"`
	WinsBySeat  []int64 `json:"wins_by_seat"`
	WinsByOrder []int64 `json:"wins_by_order"` // by place in the turn order: 0 is who started the round
	// The winner's score (the round's highest) in finished rounds won by
	// somebody; NoWinner counts the finished rounds a score_round hook left
	// with nobody ahead, which nobody won.
	WinnerSum   int64 `json:"winner_sum"`
	WinnerSumSq int64 `json:"winner_sum_sq"`
	NoWinner    int64 `json:"no_winner,omitempty"`
	// Matches: games whose every round finished, and their winners by seat.
	Matches         int64   `json:"matches"`
	MatchWinsBySeat []int64 `json:"match_wins_by_seat"`
	Turns           int64   `json:"turns"`       // every turn played
	Timeouts        int64   `json:"timeouts"`    // modelled timeouts
	Penalties       int64   `json:"penalties"`   // bots penalised for an error, a deadline or an illegal play
	Refused         int64   `json:"refused"`     // of those, proposals the referee refused
	JokersKept      int64   `json:"jokers_kept"` // jokers sent to a rack (joker.keep)
	Solves          int64   `json:"solves"`
	CutShort        int64   `json:"cut_short"` // searches the node budget stopped
	TimedOut        int64   `json:"timed_out"` // searches the deadline stopped
}

func newVariantStats(name string, players int) *VariantStats {
	return &VariantStats{Name: name, WinsBySeat: make([]int64, players),
		WinsByOrder: make([]int64, players), MatchWinsBySeat: make([]int64, players)}
}

// add folds one game into the statistics.
func (s *VariantStats) add(g *gameSummary) {
	s.Games++
	for i := range g.rounds {
		r := &g.rounds[i]
		s.Rounds++
		s.Turns += int64(r.Turns)
		s.Timeouts += int64(r.Timeouts)
		s.Penalties += int64(r.Penalties)
		s.Refused += int64(r.Refused)
		s.JokersKept += int64(r.JokersKept)
		if r.Capped {
			s.Capped++
			continue
		}
		s.Finished++
		for len(s.TurnHist) <= r.Turns {
			s.TurnHist = append(s.TurnHist, 0)
		}
		s.TurnHist[r.Turns]++
		s.PoolEmpty += b2i(r.PoolLeft == 0)
		s.Blocked += b2i(r.Blocked)
		s.Shared += b2i(len(r.Winners) > 1)
		s.JokerLeft += b2i(r.JokerLeft)
		s.SeatRounds += int64(len(r.OpenTurns))
		for _, t := range r.OpenTurns {
			if t > 0 {
				s.Openings++
				s.OpenSum += int64(t)
				s.OpenSumSq += int64(t) * int64(t)
			} else {
				s.NeverSum += int64(r.Turns)
				s.NeverSumSq += int64(r.Turns) * int64(r.Turns)
			}
		}
		n := len(r.Scores)
		for _, w := range r.Winners {
			s.WinsBySeat[w]++
			s.WinsByOrder[(w-r.First+n)%n]++
		}
		if len(r.Winners) == 0 {
			s.NoWinner++ // a score hook left nobody ahead
			continue
		}
		top := int64(r.Scores[r.Winners[0]])
		s.WinnerSum += top
		s.WinnerSumSq += top * top
	}
	if g.matchWinner >= 0 {
		s.Matches++
		s.MatchWinsBySeat[g.matchWinner]++
	}
	s.Solves += int64(g.solver.Solves)
	s.CutShort += int64(g.solver.CutShort)
	s.TimedOut += int64(g.solver.TimedOut)
}

// merge adds o's counts into s: every field is a count (int64) or a list of
// counts ([]int64, the longer list kept), so they are added field by field
// over the struct (mergeCounts), and a field added to VariantStats is merged
// without a line here.
func (s *VariantStats) merge(o *VariantStats) {
	mergeCounts(reflect.ValueOf(s).Elem(), reflect.ValueOf(o).Elem())
}

// mergeCounts adds the counts of src into dst, two structs of one type:
// int64 fields are added, []int64 fields added item by item (dst grown to
// src's length), strings (a name) left as dst has them. Any other field
// is a mistake of the type's, and panics in the package's tests.
func mergeCounts(dst, src reflect.Value) {
	for i := range dst.NumField() {
		d, o := dst.Field(i), src.Field(i)
		switch {
		case d.Kind() == reflect.Int64:
			d.SetInt(d.Int() + o.Int())
		case d.Kind() == reflect.Slice && d.Type().Elem().Kind() == reflect.Int64:
			if d.Len() < o.Len() {
				grown := reflect.MakeSlice(d.Type(), o.Len(), o.Len())
				reflect.Copy(grown, d)
				d.Set(grown)
			}
			addInts(d.Interface().([]int64), o.Interface().([]int64))
		case d.Kind() == reflect.String:
		default:
			panic("sim: mergeCounts: field " + dst.Type().Field(i).Name + " is not a count")
		}
	}
}

func addInts(dst, src []int64) {
	for i := range min(len(dst), len(src)) {
		dst[i] += src[i]
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// The metrics compared game by game between two variants, in report order.
// Each is a per-game figure: a mean over the game's finished rounds (or,
// for the meld turn, over its initial melds).
const (
	MetricTurns       = "turns"             // turns per round
	MetricPoolEmpty   = "pool_empty"        // share of rounds ending with an empty pool
	MetricMeldTurn    = "meld_turn"         // turn of the initial meld; never made: the round's last turn
	MetricWinnerScore = "winner_score"      // the winner's score
	MetricJokerLeft   = "joker_left"        // share of rounds with a joker left on a rack
	MetricFirstWins   = "first_player_wins" // share of rounds won by the player who started
)

// Metrics lists the paired metrics in report order.
var Metrics = []string{MetricTurns, MetricPoolEmpty, MetricMeldTurn, MetricWinnerScore, MetricJokerLeft, MetricFirstWins}

// PairStats are the paired differences B - A, game by game, of each metric
// between two variants: exact sums over the games where both variants
// define the metric.
type PairStats struct {
	A string `json:"a"`
	B string `json:"b"`
	// Games is the games played under both; SameDeals those of them in
	// which both variants dealt every seat the same tiles. Only then do the
	// differences compare the same deals; otherwise they compare the same
	// seeds and different tiles.
	Games     int64 `json:"games"`
	SameDeals int64 `json:"same_deals"`
	// Identical is the games played exactly alike under both: every
	// round's turns, scores, winners and melds.
	Identical int64         `json:"identical"`
	Metrics   []*PairedSums `json:"metrics"`
}

// PairedSums are the count, sum and sum of squares of per-game differences,
// kept as exact rationals so that any split into shards adds up to the same.
type PairedSums struct {
	Metric string   `json:"metric"`
	N      int64    `json:"n"`
	Sum    *big.Rat `json:"sum"`
	SumSq  *big.Rat `json:"sum_sq"`
}

func newPairStats(a, b string) *PairStats {
	p := &PairStats{A: a, B: b}
	for _, m := range Metrics {
		p.Metrics = append(p.Metrics, &PairedSums{Metric: m, Sum: new(big.Rat), SumSq: new(big.Rat)})
	}
	return p
}

// add folds in one game's figures under A and B.
func (p *PairStats) add(a, b *gameSummary, tmp *big.Rat) {
	p.Games++
	p.SameDeals += b2i(a.deal == b.deal)
	p.Identical += b2i(a.digest == b.digest)
	d := new(big.Rat)
	for i, m := range p.Metrics {
		if pairDiff(a, b, Metrics[i], d) {
			m.add(d, tmp)
		}
	}
}

func (p *PairStats) merge(o *PairStats) {
	p.Games += o.Games
	p.SameDeals += o.SameDeals
	p.Identical += o.Identical
	for i, m := range p.Metrics {
		m.N += o.Metrics[i].N
		m.Sum.Add(m.Sum, o.Metrics[i].Sum)
		m.SumSq.Add(m.SumSq, o.Metrics[i].SumSq)
	}
}

// mechanisms lists the mechanisms of variant i's rules whose absence from
// a run the report warns about (see Setup.Mechanisms).
func mechanisms(vs []Variant, i int) []string {
	r, o := &vs[i].Rules, core.Original()
	var out []string
	if r.Joker.Keep && r.Tiles.Jokers > 0 {
		out = append(out, "keep")
	}
	if r.EndOfPool != o.EndOfPool {
		out = append(out, "pool")
	}
	if r.HasClock() && r.TimeLimit != o.TimeLimit {
		out = append(out, "clock")
	}
	if r.Tiles.Colors > core.PrintedColors || r.Tiles.Specials() > 0 {
		out = append(out, "byparts") // said whatever the games did
	}
	return out
}

// newResult is an empty Result for the configuration.
func newResult(c *Config) *Result {
	r := &Result{Format: ResultFormat, Setup: newSetup(c), Pairs: []*PairStats{}, Failed: []FailedGame{}}
	for _, v := range c.Variants {
		r.Variants = append(r.Variants, newVariantStats(v.Name, c.Players))
	}
	for i := range c.Variants {
		for j := i + 1; j < len(c.Variants); j++ {
			r.Pairs = append(r.Pairs, newPairStats(c.Variants[i].Name, c.Variants[j].Name))
		}
	}
	return r
}

// Merge adds up results of the same experiment (shards, typically) into
// one: exactly what a single run over all their games gives. It refuses
// results of different setups, results whose statistics could not come
// from a run (Validate), and results that played a game twice.
func Merge(results ...*Result) (*Result, error) { return MergeWith(MergeOptions{}, results...) }

// MergeWith is Merge with options.
func MergeWith(opt MergeOptions, results ...*Result) (*Result, error) {
	if len(results) == 0 {
		return nil, errors.New("nothing to merge")
	}
	for i, r := range results {
		if err := r.Validate(); err != nil {
			return nil, &MergeError{Index: i, What: "result " + strconv.Itoa(i+1), Err: err}
		}
	}
	first := results[0]
	out := &Result{Format: ResultFormat, Setup: first.Setup, Pairs: []*PairStats{}, Failed: []FailedGame{}}
	out.Setup.Variants = slices.Clone(first.Setup.Variants)
	for _, v := range first.Variants {
		out.Variants = append(out.Variants, newVariantStats(v.Name, first.Setup.Players))
	}
	for _, p := range first.Pairs {
		out.Pairs = append(out.Pairs, newPairStats(p.A, p.B))
	}
	for i, r := range results {
		if err := sameSetupBut(&first.Setup, &r.Setup, opt.skip()); err != nil {
			return nil, &MergeError{Index: i, What: "result " + strconv.Itoa(i+1), Err: fmt.Errorf("another experiment: %w", err)}
		}
		out.Covered = append(out.Covered, r.Covered...)
		out.Shards = append(out.Shards, r.Shards...)
		out.Failed = append(out.Failed, r.Failed...)
		for k, v := range r.Variants {
			out.Variants[k].merge(v)
		}
		out.mergeSPRT(r)
		for k, p := range r.Pairs {
			out.Pairs[k].merge(p)
			if err := out.Pairs[k].mergedBounded(); err != nil {
				return nil, &MergeError{Index: i, What: "result " + strconv.Itoa(i+1), Err: err}
			}
		}
	}
	slices.SortFunc(out.Covered, func(a, b GameRange) int { return cmp.Compare(a.From, b.From) })
	slices.SortStableFunc(out.Failed, func(a, b FailedGame) int { return cmp.Compare(a.Game, b.Game) })
	var joined []GameRange
	for _, g := range out.Covered {
		if g.From == g.To {
			continue
		}
		if n := len(joined); n > 0 && g.From < joined[n-1].To {
			return nil, fmt.Errorf("games %d to %d were played twice", g.From, min(g.To, joined[n-1].To)-1)
		}
		if n := len(joined); n > 0 && g.From == joined[n-1].To {
			joined[n-1].To = g.To
			continue
		}
		joined = append(joined, g)
	}
	out.Covered = joined
	slices.SortFunc(out.Shards, func(a, b Shard) int {
		return cmp.Or(cmp.Compare(a.Count, b.Count), cmp.Compare(a.Index, b.Index))
	})
	if out.Games() == out.Setup.Games {
		out.Shards = nil // one run's result
	}
	out.noteBuilds(opt, results)
	return out, nil
}

// Missing is what r lacks of its experiment: the game ranges not played,
// and, when its shards were all slices of one count, the shards not
// played, so that exactly those can be run again. Both are nil when r
// covers every game.
func (r *Result) Missing() (games []GameRange, shards []Shard) {
	at := 0
	for _, g := range r.Covered {
		if g.From > at {
			games = append(games, GameRange{From: at, To: g.From})
		}
		at = max(at, g.To)
	}
	if at < r.Setup.Games {
		games = append(games, GameRange{From: at, To: r.Setup.Games})
	}
	if len(games) == 0 || len(r.Shards) == 0 {
		return games, nil
	}
	n := r.Shards[0].Count
	for _, s := range r.Shards {
		if s.Count != n {
			return games, nil
		}
	}
	for i := 1; i <= n; i++ {
		lo, hi := Shard{Index: i, Count: n}.Range(r.Setup.Games)
		for _, g := range games {
			if lo < hi && lo < g.To && g.From < hi {
				shards = append(shards, Shard{Index: i, Count: n})
				break
			}
		}
	}
	return games, shards
}

// MergeError is a result Merge refuses: the Index-th given (from 0), named
// What ("result 2"; a caller that read it from a file may name the file).
type MergeError struct {
	Index int
	What  string
	Err   error
}

func (e *MergeError) Error() string { return e.What + ": " + e.Err.Error() }

func (e *MergeError) Unwrap() error { return e.Err }

// sameSetup says which setting of b differs from a's, if any.
func sameSetup(a, b *Setup) error { return sameSetupBut(a, b, nil) }

// sameSetupBut is sameSetup, leaving out the keys skip names.
func sameSetupBut(a, b *Setup, skip map[string]bool) error {
	var ma, mb map[string]json.RawMessage
	ja, _ := json.Marshal(a) // plain data: cannot fail
	jb, _ := json.Marshal(b)
	_ = json.Unmarshal(ja, &ma)
	_ = json.Unmarshal(jb, &mb)
	for _, k := range buildKeys(a, b) {
		if skip[k] {
			continue
		}
		if string(ma[k]) != string(mb[k]) {
			return fmt.Errorf("its %s is %s, not %s", k, orNone(mb[k]), orNone(ma[k]))
		}
	}
	return nil
}

// setupKeys are Setup's JSON keys, in the order a difference is reported.
var setupKeys = []string{"variants", "rules_digest", "players", "bots", "games", "seed", "rounds",
	"timeout_rate", "turn_cap", "no_time_limit", "bases", "mixed", "sweep", "sprt"}

func orNone(b json.RawMessage) string {
	if len(b) == 0 {
		return "none"
	}
	return string(b)
}

// Validate checks that r could have come from a run: the layout Merge and
// Report rely on, and statistics that are possible (no negative count, no
// more successes than trials, sums of squares that fit their sums). A
// result read from a file is checked before it is trusted.
func (r *Result) Validate() (err error) {
	if r.Format != ResultFormat {
		return fmt.Errorf("format %q; this meldlab reads %q", r.Format, ResultFormat)
	}
	if err := r.plainTexts(); err != nil {
		return err
	}
	s := &r.Setup
	nv, np := len(s.Variants), s.Players
	switch {
	case np < 1:
		return fmt.Errorf("setup: players %d, not at least 1", np)
	case s.Games < 1 || s.Games > MaxGames:
		return fmt.Errorf("setup: games %d, not 1 to %d", s.Games, MaxGames)
	case s.Rounds < 1:
		return fmt.Errorf("setup: rounds %d, not at least 1", s.Rounds)
	case len(s.Bots) != np:
		return fmt.Errorf("setup: %d bots for %d players", len(s.Bots), np)
	case len(s.RulesDigest) != nv:
		return fmt.Errorf("setup: %d rules digests for %d variants", len(s.RulesDigest), nv)
	case !(s.TimeoutRate >= 0 && s.TimeoutRate <= 1):
		return fmt.Errorf("setup: timeout rate %g, not 0 to 1", s.TimeoutRate)
	}
	if err := validSetup(s); err != nil {
		return err
	}
	if len(r.Variants) != nv || len(r.Pairs) != nv*(nv-1)/2 {
		return fmt.Errorf("%d variants and %d pairs for the %d variants of its setup", len(r.Variants), len(r.Pairs), nv)
	}
	defer func() {
		if err == nil {
			err = r.validSPRT()
		}
	}()
	covered := 0
	for _, g := range r.Covered {
		if g.From < 0 || g.From > g.To || g.To > s.Games {
			return fmt.Errorf("covers games %d to %d, outside 0 to %d", g.From, g.To-1, s.Games-1)
		}
		covered += g.To - g.From
	}
	for _, sh := range r.Shards {
		lo, hi := sh.Range(s.Games)
		if sh.Count < 1 || sh.Count > MaxShards || sh.Index < 1 || sh.Index > sh.Count ||
			!slices.ContainsFunc(r.Covered, func(g GameRange) bool { return g.From <= lo && hi <= g.To }) {
			return fmt.Errorf("shard %d/%d is not among the games it covers", sh.Index, sh.Count)
		}
	}
	for _, f := range r.Failed {
		if !slices.ContainsFunc(r.Covered, func(g GameRange) bool { return g.From <= f.Game && f.Game < g.To }) {
			return fmt.Errorf("game %d failed but is not among the games it covers", f.Game)
		}
	}
	played := int64(covered - len(r.Failed))
	for i, v := range r.Variants {
		if v == nil || v.Name != s.Variants[i] || len(v.WinsBySeat) != np || len(v.WinsByOrder) != np || len(v.MatchWinsBySeat) != np {
			return fmt.Errorf("variant %d does not match the setup", i+1)
		}
		if err := v.possible(played, int64(s.Rounds), int64(np)); err != nil {
			return fmt.Errorf("variant %q: impossible statistics: %w", v.Name, err)
		}
		if err := v.bounded(s); err != nil {
			return fmt.Errorf("variant %q: impossible statistics: %w", v.Name, err)
		}
	}
	var pairOf [][2]int // the variants of each pair, in order
	for a := range nv {
		for b := a + 1; b < nv; b++ {
			pairOf = append(pairOf, [2]int{a, b})
		}
	}
	for k, p := range r.Pairs {
		if p == nil || len(p.Metrics) != len(Metrics) {
			return errors.New("a pair does not have the metrics of this meldlab")
		}
		if a, b := pairOf[k][0], pairOf[k][1]; p.A != s.Variants[a] || p.B != s.Variants[b] {
			return fmt.Errorf("pair %d is %s/%s, not %s/%s", k+1, p.A, p.B, s.Variants[a], s.Variants[b])
		}
		if p.Games != played || p.SameDeals < 0 || p.SameDeals > p.Games || p.Identical < 0 || p.Identical > p.SameDeals {
			return fmt.Errorf("pair %s/%s: impossible statistics: %d games, %d with the same deals, of %d played",
				p.A, p.B, p.Games, p.SameDeals, played)
		}
		for k, m := range p.Metrics {
			if m == nil || m.Metric != Metrics[k] || m.Sum == nil || m.SumSq == nil {
				return fmt.Errorf("pair %s/%s: metric %d is not %s", p.A, p.B, k+1, Metrics[k])
			}
			// Cauchy-Schwarz: sum² ≤ n·sumSq, with sumSq ≥ 0.
			lhs := new(big.Rat).Mul(m.Sum, m.Sum)
			rhs := new(big.Rat).Mul(m.SumSq, new(big.Rat).SetInt64(m.N))
			if m.N < 0 || m.N > played || m.SumSq.Sign() < 0 || lhs.Cmp(rhs) > 0 {
				return fmt.Errorf("pair %s/%s: impossible statistics for %s: n %d, sum %s, sum of squares %s",
					p.A, p.B, m.Metric, m.N, m.Sum.RatString(), m.SumSq.RatString())
			}
		}
		if err := pairBounded(p, r.Variants[pairOf[k][0]], r.Variants[pairOf[k][1]], s); err != nil {
			return err
		}
	}
	return nil
}

// possible checks one variant's statistics against each other and against
// the games played, the rounds a game and the seats.
func (v *VariantStats) possible(games, rounds, seats int64) error {
	// Sums and products in big integers: int64 ones could wrap into
	// plausible figures.
	hist, wins, matchWins := total(v.TurnHist), total(v.WinsBySeat), total(v.MatchWinsBySeat)
	negative := slices.ContainsFunc(v.TurnHist, func(c int64) bool { return c < 0 }) ||
		slices.ContainsFunc(v.WinsBySeat, func(c int64) bool { return c < 0 }) ||
		slices.ContainsFunc(v.WinsByOrder, func(c int64) bool { return c < 0 }) ||
		slices.ContainsFunc(v.MatchWinsBySeat, func(c int64) bool { return c < 0 })
	checks := []struct {
		ok   bool
		what string
	}{
		{!negative && min(v.Games, v.Rounds, v.Capped, v.Finished, v.PoolEmpty, v.Blocked, v.Shared, v.JokerLeft,
			v.Openings, v.OpenSum, v.OpenSumSq, v.NeverSum, v.NeverSumSq, v.SeatRounds, v.WinnerSumSq, v.NoWinner, v.Matches,
			v.Turns, v.Timeouts, v.Penalties, v.Solves, v.CutShort, v.TimedOut) >= 0, "a negative count"},
		{v.Games == games, fmt.Sprintf("%d games where %d were played", v.Games, games)},
		{v.Rounds >= v.Games && atMost(v.Rounds, v.Games, rounds), fmt.Sprintf("%d rounds in %d games", v.Rounds, v.Games)},
		{v.Capped <= v.Rounds && v.Finished == v.Rounds-v.Capped && hist.Cmp(bigInt(v.Finished)) == 0,
			fmt.Sprintf("%d finished and %d capped of %d rounds", v.Finished, v.Capped, v.Rounds)},
		{max(v.PoolEmpty, v.Blocked, v.Shared, v.JokerLeft) <= v.Finished, "more rounds of a kind than finished rounds"},
		{prod(v.Finished, seats).Cmp(bigInt(v.SeatRounds)) == 0 && v.Openings <= v.SeatRounds, fmt.Sprintf("%d openings of %d seats", v.Openings, v.SeatRounds)},
		{v.OpenSum >= v.Openings && mulLE(v.OpenSum, v.OpenSum, v.OpenSumSq, v.Openings), "the initial melds' sums"},
		{mulLE(v.NeverSum, v.NeverSum, v.NeverSumSq, v.SeatRounds-v.Openings), "the never-opened seats' sums"},
		{v.NoWinner <= v.Finished && wins.Cmp(bigInt(v.Finished-v.NoWinner)) >= 0 && wins.Cmp(prod(v.Finished, seats)) <= 0,
			fmt.Sprintf("%s wins in %d finished rounds (%d won by nobody)", wins, v.Finished, v.NoWinner)},
		{mulLE(v.WinnerSum, v.WinnerSum, v.WinnerSumSq, v.Finished-v.NoWinner), "the winners' score sums"},
		{v.Matches <= v.Games && matchWins.Cmp(bigInt(v.Matches)) == 0, fmt.Sprintf("%s match wins in %d matches of %d games", matchWins, v.Matches, v.Games)},
		{max(v.Timeouts, v.Penalties) <= v.Turns, "more timeouts or penalties than turns"},
		{v.TimedOut <= v.Solves && v.CutShort <= v.Solves-v.TimedOut, "more searches cut short than searches"},
	}
	for _, c := range checks {
		if !c.ok {
			return errors.New(c.what)
		}
	}
	if v.Refused < 0 || v.Refused > v.Penalties || v.JokersKept < 0 {
		return errors.New("refused proposals beyond the penalties, or kept jokers below 0")
	}
	return nil
}

// Games is the number of games the result covers.
func (r *Result) Games() int {
	n := 0
	for _, g := range r.Covered {
		n += g.To - g.From
	}
	return n
}
