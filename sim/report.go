package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
)

// Report is every figure of an experiment, computed from a Result: what
// `meldlab sim --json` prints. It holds no timing, so a run and the merge
// of its shards report byte-identical JSON.
type Report struct {
	Setup    Setup           `json:"setup"`
	Games    int             `json:"games_played"` // games covered (all of Setup.Games once complete)
	Complete bool            `json:"complete"`
	Level    float64         `json:"confidence_level"`
	Variants []VariantReport `json:"variants"`
	Pairs    []PairReport    `json:"pairs"`
	// Comparisons is the paired differences tested at once (those with an
	// interval): their p-values are corrected for multiplicity by Holm's
	// method, and only then is a difference called clear.
	Comparisons int `json:"comparisons"`
	// Warnings say what the comparisons cannot claim: variants of
	// different bases (many rule changes mixed), bots whose searches were
	// often cut short, rules that changed nothing.
	Warnings []string `json:"warnings"`
	// Sweep, for a sweep, is every metric against the swept value.
	Sweep *SweepReport `json:"sweep,omitempty"`
	// Target is what --target-width asked and got, if it was given.
	Target *TargetOutcome `json:"target,omitempty"`
	// Failed are the games left out because they failed under some
	// variant, with the seed that replays each.
	Failed []FailedGame `json:"failed_games"`
}

// VariantReport is one variant's figures. Shares and win rates carry
// Wilson intervals, means Student's t intervals.
type VariantReport struct {
	Name          string     `json:"name"`
	Games         int64      `json:"games"`
	Rounds        int64      `json:"rounds"`
	Finished      int64      `json:"finished_rounds"`
	Capped        int64      `json:"capped_rounds"` // rounds stopped at the turn cap: none in a sound run
	TurnsMean     Interval   `json:"turns_per_round"`
	TurnsMedian   *float64   `json:"turns_median"`    // nil: no finished round
	TurnHistogram [][2]int64 `json:"turns_histogram"` // [turns, finished rounds], where not 0
	PoolEmpty     Proportion `json:"pool_empty"`      // finished rounds ending with an empty pool
	Blocked       Proportion `json:"blocked"`         // ... that nobody went out of
	// MeldTurn is the turn of the initial meld over every seat of finished
	// rounds, a seat that never opened counted at the round's last turn (a
	// lower bound for it); MeldTurnOpeners over the seats that opened only.
	MeldTurn        Interval   `json:"initial_meld_turn"`
	MeldTurnOpeners Interval   `json:"initial_meld_turn_openers"`
	NeverOpened     Proportion `json:"never_opened"` // seats of finished rounds that never made the initial meld
	WinsBySeat      []Win      `json:"wins_by_seat"`
	WinsByOrder     []Win      `json:"wins_by_turn_order"`
	WinsByBot       []Win      `json:"wins_by_bot"`
	MatchWins       []Win      `json:"match_wins_by_seat,omitempty"` // games of several rounds only
	WinnerScore     Interval   `json:"winner_score"`
	JokerLeft       Proportion `json:"joker_left"`
	Shared          int64      `json:"shared_rounds"`
	Turns           int64      `json:"turns"`
	Timeouts        Proportion `json:"timeouts"`  // of all turns
	Penalties       Proportion `json:"penalties"` // of all turns
	Solves          int64      `json:"solver_searches"`
	CutShort        int64      `json:"solver_cut_short"`
	TimedOut        int64      `json:"solver_timed_out"`
}

// Win is a win rate: of a seat, a place in the turn order, or a bot (per
// seat it holds, so that every rate compares with 1/players). A bot's
// interval counts each seat of each round as a trial; seats of one round
// compete, so their wins are negatively correlated and the interval errs
// on the wide side.
type Win struct {
	Label string `json:"label"`
	Proportion
}

// PairReport is the paired comparison of variant B with variant A.
type PairReport struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Games int64  `json:"games"`
	// SameDeals is the games in which both variants dealt every seat the
	// same tiles. Paired says what the pairing covers: "same deals" when
	// every game's deals agree, else "same seeds, different deals" (or
	// "same seeds, same deals in k of n games").
	SameDeals int64  `json:"same_deals"`
	Paired    string `json:"paired"`
	Diffs     []Diff `json:"diffs"`
}

// pairing says what a pair's pairing covers.
func pairing(games, same int64) string {
	switch {
	case same == games:
		return "same deals"
	case same == 0:
		return "same seeds, different deals"
	}
	return fmt.Sprintf("same seeds, same deals in %d of %d games", same, games)
}

// Diff is the mean per-game difference B - A of one metric with its paired
// t interval (raw: not widened for multiplicity), its p-values, and the
// finding in plain words.
type Diff struct {
	Metric string   `json:"metric"`
	Unit   string   `json:"unit"` // of Mean: turns, points, or share (0 to 1)
	N      int64    `json:"games"`
	Mean   Interval `json:"mean"`
	P      *float64 `json:"p"`      // two-sided paired t test of no difference; nil below 2 games
	PHolm  *float64 `json:"p_holm"` // P corrected by Holm's method over Report.Comparisons
	// Clear: PHolm is below 1 - Level. ClearRaw: the raw interval leaves
	// out 0 (P below 1 - Level), before the correction.
	Clear    bool `json:"clear"`
	ClearRaw bool `json:"clear_unadjusted"`
	// GamesToHalve is the games that would make this interval half as
	// wide (GamesToHalve of N).
	GamesToHalve int64  `json:"games_to_halve_width"`
	Summary      string `json:"summary"`
}

// Report computes every figure of r.
func (r *Result) Report() *Report {
	rep := &Report{Setup: r.Setup, Games: r.Games(), Level: Level, Pairs: []PairReport{},
		Failed: append([]FailedGame{}, r.Failed...)}
	rep.Complete = rep.Games == r.Setup.Games
	for _, v := range r.Variants {
		rep.Variants = append(rep.Variants, variantReport(&r.Setup, v))
	}
	var ps []float64
	for _, p := range r.Pairs {
		pr := PairReport{A: p.A, B: p.B, Games: p.Games, SameDeals: p.SameDeals, Paired: pairing(p.Games, p.SameDeals)}
		for _, m := range p.Metrics {
			iv, pv := ratMeanTest(m.N, m.Sum, m.SumSq)
			d := Diff{Metric: m.Metric, Unit: metricWords[m.Metric].unit, N: m.N, Mean: iv, GamesToHalve: GamesToHalve(m.N)}
			d.ClearRaw = iv.Low > 0 || iv.High < 0
			ps = append(ps, pv)
			pr.Diffs = append(pr.Diffs, d)
		}
		rep.Pairs = append(rep.Pairs, pr)
	}
	adj := Holm(ps)
	for _, p := range ps {
		if !math.IsNaN(p) {
			rep.Comparisons++
		}
	}
	k := 0
	for i := range rep.Pairs {
		pr := &rep.Pairs[i]
		for j := range pr.Diffs {
			d := &pr.Diffs[j]
			if !math.IsNaN(ps[k]) {
				d.P, d.PHolm = &ps[k], &adj[k]
				d.Clear = adj[k] < 1-Level
			}
			d.Summary = summary(pr.A, pr.B, d, rep.Comparisons)
			k++
		}
	}
	rep.Warnings = r.warnings()
	if r.Setup.Sweep != nil {
		rep.Sweep = rep.sweepReport(r.Setup.Sweep)
	}
	rep.Target = r.Target
	return rep
}

func variantReport(setup *Setup, v *VariantStats) VariantReport {
	var sum, sumSq float64
	for t, c := range v.TurnHist {
		sum += float64(c) * float64(t)
		sumSq += float64(c) * float64(t) * float64(t)
	}
	vr := VariantReport{
		Name: v.Name, Games: v.Games, Rounds: v.Rounds, Finished: v.Finished, Capped: v.Capped,
		TurnsMean:       MeanInterval(v.Finished, sum, sumSq),
		PoolEmpty:       NewProportion(v.PoolEmpty, v.Finished),
		Blocked:         NewProportion(v.Blocked, v.Finished),
		MeldTurn:        MeanInterval(v.SeatRounds, float64(v.OpenSum+v.NeverSum), float64(v.OpenSumSq+v.NeverSumSq)),
		MeldTurnOpeners: MeanInterval(v.Openings, float64(v.OpenSum), float64(v.OpenSumSq)),
		NeverOpened:     NewProportion(v.SeatRounds-v.Openings, v.SeatRounds),
		WinnerScore:     MeanInterval(v.Finished, float64(v.WinnerSum), float64(v.WinnerSumSq)),
		JokerLeft:       NewProportion(v.JokerLeft, v.Finished),
		Shared:          v.Shared,
		Turns:           v.Turns,
		Timeouts:        NewProportion(v.Timeouts, v.Turns),
		Penalties:       NewProportion(v.Penalties, v.Turns),
		Solves:          v.Solves, CutShort: v.CutShort, TimedOut: v.TimedOut,
	}
	if m := median(v.TurnHist); !math.IsNaN(m) {
		vr.TurnsMedian = &m
	}
	vr.TurnHistogram = [][2]int64{}
	for t, c := range v.TurnHist {
		if c > 0 {
			vr.TurnHistogram = append(vr.TurnHistogram, [2]int64{int64(t), c})
		}
	}
	for s, w := range v.WinsBySeat {
		vr.WinsBySeat = append(vr.WinsBySeat, Win{fmt.Sprintf("seat %d (%s)", s+1, setup.Bots[s]), NewProportion(w, v.Finished)})
	}
	for k, w := range v.WinsByOrder {
		vr.WinsByOrder = append(vr.WinsByOrder, Win{ordinal(k+1) + " to play", NewProportion(w, v.Finished)})
	}
	var botNames []string
	wins, seats := map[string]int64{}, map[string]int64{}
	for s, b := range setup.Bots {
		if seats[b] == 0 {
			botNames = append(botNames, b)
		}
		seats[b]++
		wins[b] += v.WinsBySeat[s]
	}
	for _, b := range botNames {
		vr.WinsByBot = append(vr.WinsByBot, Win{b, NewProportion(wins[b], v.Finished*seats[b])})
	}
	if setup.Rounds > 1 {
		for s, w := range v.MatchWinsBySeat {
			vr.MatchWins = append(vr.MatchWins, Win{fmt.Sprintf("seat %d (%s)", s+1, setup.Bots[s]), NewProportion(w, v.Matches)})
		}
	}
	return vr
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// How each metric's difference reads in words: the unit, the word for
// more and for less, and how to show the number.
var metricWords = map[string]struct {
	what, more, less string
	unit             string // "share": shown in percentage points
}{
	MetricTurns:       {"rounds %s turns %s", "longer", "shorter", "turns"},
	MetricPoolEmpty:   {"%s percentage points %s rounds end with an empty pool", "more", "fewer", "share"},
	MetricMeldTurn:    {"initial melds come %s turns %s", "later", "earlier", "turns"},
	MetricWinnerScore: {"winners score %s points %s", "more", "less", "points"},
	MetricJokerLeft:   {"%s percentage points %s rounds leave a joker on a rack", "more", "fewer", "share"},
	MetricFirstWins:   {"the first to play wins %s percentage points %s often", "more", "less", "share"},
}

// MetricUnit is the unit of a metric's differences: "turns", "points", or
// "share" (0 to 1, shown in percentage points).
func MetricUnit(metric string) string { return metricWords[metric].unit }

var metricNoun = map[string]string{
	MetricTurns:       "round length",
	MetricPoolEmpty:   "rounds ending with an empty pool",
	MetricMeldTurn:    "the turn of the initial meld",
	MetricWinnerScore: "the winner's score",
	MetricJokerLeft:   "jokers left on a rack",
	MetricFirstWins:   "the first player's win rate",
}

// summary says a difference in plain words, from B's side:
// "house/fifty: rounds 6.1 turns longer than under original (95% CI 5.4-6.8)",
// or "no clear difference" when the interval spans 0, or when it does not
// but the difference is not clear once corrected for m comparisons.
func summary(a, b string, d *Diff, m int) string {
	w := metricWords[d.Metric]
	scale := 1.0
	if w.unit == "share" {
		scale = 100
	}
	num := func(x float64) string { return fmt.Sprintf("%.1f", x*scale) }
	mv := &d.Mean
	switch {
	case d.N == 0:
		return fmt.Sprintf("%s: %s: no games to compare", b, metricNoun[d.Metric])
	case math.IsNaN(mv.Low):
		return fmt.Sprintf("%s: %s: too few games for an interval (difference %s)", b, metricNoun[d.Metric], signed(mv.Value*scale))
	case !d.ClearRaw:
		return fmt.Sprintf("%s: no clear difference in %s from %s (%s, 95%% CI %s to %s)",
			b, metricNoun[d.Metric], a, signed(mv.Value*scale), signed(mv.Low*scale), signed(mv.High*scale))
	case !d.Clear:
		return fmt.Sprintf("%s: no clear difference in %s from %s once corrected for %d comparisons (%s, 95%% CI %s to %s; Holm p = %.2g)",
			b, metricNoun[d.Metric], a, m, signed(mv.Value*scale), signed(mv.Low*scale), signed(mv.High*scale), *d.PHolm)
	}
	dir, lo, hi := w.more, mv.Low, mv.High
	if mv.Value < 0 {
		dir, lo, hi = w.less, -mv.High, -mv.Low
	}
	return fmt.Sprintf("%s: %s than under %s (95%% CI %s-%s)", b,
		fmt.Sprintf(w.what, num(math.Abs(mv.Value)), dir), a, num(lo), num(hi))
}

func signed(x float64) string {
	s := fmt.Sprintf("%+.1f", x)
	if s == "-0.0" || s == "+0.0" {
		return "0.0"
	}
	return s
}

// WriteJSON writes the report as indented JSON. NaN (an interval too small
// a sample cannot give) is written as null.
func (rep *Report) WriteJSON(w io.Writer) error { return writeJSON(w, rep) }

// orNull is x, or nil (JSON's null) for NaN and infinities, which JSON
// cannot write.
func orNull(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}

// writeJSON writes v as indented JSON and a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// MarshalJSON writes NaN bounds as null, as JSON has no NaN.
func (iv Interval) MarshalJSON() ([]byte, error) {
	f := orNull
	return json.Marshal(struct {
		Value any `json:"value"`
		Low   any `json:"low"`
		High  any `json:"high"`
	}{f(iv.Value), f(iv.Low), f(iv.High)})
}

// WriteText writes the report for people.
func (rep *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	s := &rep.Setup
	fmt.Fprintf(&b, "%d games", rep.Games)
	if !rep.Complete {
		fmt.Fprintf(&b, " of %d", s.Games)
	}
	fmt.Fprintf(&b, ", %d players (%s), seed %d", s.Players, strings.Join(s.Bots, ", "), s.Seed)
	if s.Rounds > 1 {
		fmt.Fprintf(&b, ", %d rounds a game", s.Rounds)
	}
	if s.TimeoutRate > 0 {
		fmt.Fprintf(&b, ", %.3g%% of turns time out", s.TimeoutRate*100)
	}
	b.WriteString("; 95% confidence intervals\n")
	if s.TimeoutRate > 0 && len(s.NoClock) > 0 {
		fmt.Fprintf(&b, "No timeouts under %s: no time limit, so the timeout rate does nothing there.\n",
			strings.Join(s.NoClock, ", "))
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(&b, "Warning: %s.\n", w)
	}
	if t := rep.Target; t != nil {
		unit, scale := metricWords[t.Metric].unit, 1.0
		if unit == "share" {
			unit, scale = "percentage points", 100
		}
		widest := "none yet"
		if t.Widest != nil {
			widest = fmt.Sprintf("%.3g %s", *t.Widest*scale, unit)
		}
		if t.Reached {
			fmt.Fprintf(&b, "Played until every interval of %s was at most %.3g %s wide: %d games (widest %s).\n",
				metricNoun[t.Metric], t.Width*scale, unit, t.Games, widest)
		} else {
			fmt.Fprintf(&b, "STOPPED at the most games allowed, %d, before every interval of %s was %.3g %s wide (widest %s).\n",
				t.Games, metricNoun[t.Metric], t.Width*scale, unit, widest)
		}
	}
	if rep.Comparisons > 1 {
		fmt.Fprintf(&b, "A difference is called clear after Holm's correction for all %d comparisons (every pair, every metric); "+
			"the intervals are uncorrected 95%% intervals.\n", rep.Comparisons)
	}
	writeFailed(&b, rep.Failed, "games FAILED and are left out of every figure")
	for i := range rep.Variants {
		writeVariant(&b, &rep.Variants[i], s.TurnCap)
	}
	if rep.Sweep != nil {
		rep.Sweep.writeText(&b)
	}
	for _, p := range rep.Pairs {
		if rep.Sweep != nil && p.A != rep.Variants[0].Name {
			continue // a sweep's text compares each value with the first; JSON has every pair
		}
		if p.SameDeals == p.Games {
			fmt.Fprintf(&b, "\n%s vs %s (%d paired games: same seeds, same deals):\n", p.B, p.A, p.Games)
		} else {
			fmt.Fprintf(&b, "\n%s vs %s (%d games on the same seeds; %s, so each difference also mixes in the luck of the deal):\n",
				p.B, p.A, p.Games, strings.TrimPrefix(p.Paired, "same seeds, "))
		}
		for _, d := range p.Diffs {
			fmt.Fprintf(&b, "  %s\n", d.Summary)
		}
		if len(p.Diffs) > 0 && p.Diffs[0].GamesToHalve > 0 {
			fmt.Fprintf(&b, "  %d games (%d more) would make these intervals half as wide\n",
				p.Diffs[0].GamesToHalve, p.Diffs[0].GamesToHalve-p.Diffs[0].N)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// maxFailuresShown is the failed games the text report lists one by one.
const maxFailuresShown = 10

// writeFailed lists failed games, the first maxFailuresShown with their
// seeds, after a line saying how many and what became of them.
func writeFailed(b *strings.Builder, failed []FailedGame, what string) {
	n := len(failed)
	if n == 0 {
		return
	}
	fmt.Fprintf(b, "%d %s (replay one with its seed):\n", n, what)
	for i, f := range failed {
		if i == maxFailuresShown {
			fmt.Fprintf(b, "  and %d more (see --json)\n", n-i)
			break
		}
		fmt.Fprintf(b, "  %s\n", f.String())
	}
}

func writeVariant(b *strings.Builder, v *VariantReport, turnCap int) {
	fmt.Fprintf(b, "\n%s: %d games, %d rounds", v.Name, v.Games, v.Rounds)
	if v.Capped > 0 {
		fmt.Fprintf(b, " (%d STOPPED at the %d-turn cap and left out below)", v.Capped, turnCap)
	}
	b.WriteString("\n")
	row := func(label, format string, args ...any) {
		fmt.Fprintf(b, "  %-22s %s\n", label, fmt.Sprintf(format, args...))
	}
	med := "-"
	if v.TurnsMedian != nil {
		med = num1(*v.TurnsMedian)
	}
	row("turns per round", "mean %s, median %s", mean(v.TurnsMean), med)
	row("empty pool at the end", "%s of rounds; nobody went out in %s", share(v.PoolEmpty.Share), share(v.Blocked.Share))
	row("initial meld", "on turn %s; by those who made it %s", mean(v.MeldTurn), mean(v.MeldTurnOpeners))
	row("never opened", "%s of players (counted at the round's last turn above)", share(v.NeverOpened.Share))
	row("winner's score", "mean %s", mean(v.WinnerScore))
	row("joker left on a rack", "%s of rounds", share(v.JokerLeft.Share))
	row("wins by seat", "%s", wins(v.WinsBySeat))
	row("wins by turn order", "%s", wins(v.WinsByOrder))
	row("wins by bot (a seat)", "%s", wins(v.WinsByBot))
	if len(v.MatchWins) > 0 {
		row("matches won by seat", "%s", wins(v.MatchWins))
	}
	extra := fmt.Sprintf("%d turns; %d timed out, %d lost by bots to penalties", v.Turns, v.Timeouts.K, v.Penalties.K)
	if v.Shared > 0 {
		extra += fmt.Sprintf("; %d rounds shared", v.Shared)
	}
	if v.Solves > 0 {
		extra += fmt.Sprintf("; %d solver searches, %d cut short by the node budget, %d by the deadline", v.Solves, v.CutShort, v.TimedOut)
	}
	row("turns", "%s", extra)
}

func num1(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f", x)
}

func mean(iv Interval) string {
	if math.IsNaN(iv.Low) {
		return num1(iv.Value)
	}
	return fmt.Sprintf("%.1f (%.1f-%.1f)", iv.Value, iv.Low, iv.High)
}

func share(iv Interval) string {
	if math.IsNaN(iv.Value) {
		return "-"
	}
	return fmt.Sprintf("%.1f%% (%.1f-%.1f)", iv.Value*100, iv.Low*100, iv.High*100)
}

func wins(ws []Win) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Label + " " + share(w.Share)
	}
	return strings.Join(parts, ", ")
}
