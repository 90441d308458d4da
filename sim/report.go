package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/internal/stats"
	layout "github.com/meldlab/meldlab/internal/text"
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
	Warnings []string       `json:"warnings"`
	warnings []core.Message // Warnings, to say in the learner's language
	// Sweep, for a sweep, is every metric against the swept value.
	Sweep *SweepReport `json:"sweep,omitempty"`
	// Target is what --target-width asked and got, if it was given.
	Target *TargetOutcome `json:"target,omitempty"`
	// SPRT is where the sequential test stands, if one was asked.
	SPRT *SPRTOutcome `json:"sprt,omitempty"`
	// MixedBuilds are the builds a merge with --allow-build took.
	MixedBuilds []string `json:"mixed_builds,omitempty"`
	// Effects are the planned effects (Plan), if any were given.
	Effects []Effect `json:"effects,omitempty"`
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
	Fairness        *Fairness  `json:"fairness"` // the turn order's check; nil without a finished round
	WinsByBot       []Win      `json:"wins_by_bot"`
	MatchWins       []Win      `json:"match_wins_by_seat,omitempty"` // games of several rounds only
	WinnerScore     Interval   `json:"winner_score"`                 // over the rounds somebody won
	NoWinner        int64      `json:"no_winner_rounds,omitempty"`   // rounds a score hook left with nobody ahead
	JokerLeft       Proportion `json:"joker_left"`
	Shared          int64      `json:"shared_rounds"`
	Turns           int64      `json:"turns"`
	Timeouts        Proportion `json:"timeouts"`  // of all turns
	Penalties       Proportion `json:"penalties"` // of all turns
	// Refused is the turns lost to a proposal the referee refused, of all
	// turns: not zero, the bots did not know a rule (see the warnings).
	Refused    Proportion `json:"refused"`
	JokersKept int64      `json:"jokers_kept"` // jokers sent to a rack (joker.keep)
	Solves     int64      `json:"solver_searches"`
	CutShort   int64      `json:"solver_cut_short"`
	TimedOut   int64      `json:"solver_timed_out"`
}

// Win is a win rate: of a seat, a place in the turn order, or a bot (per
// seat it holds, so that every rate compares with 1/players). A bot's
// interval counts each seat of each round as a trial; seats of one round
// compete, so their wins are negatively correlated and the interval errs
// on the wide side.
type Win struct {
	Label string `json:"label"` // in English; the text report says say
	Proportion
	say core.Message // Label in any language; none for a bot's name
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
	// Planned are the comparisons against each planned effect (Plan).
	Planned []Planned `json:"planned,omitempty"`
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
	// wide (gamesToHalve of N): about 4 N whatever the data, as a width
	// falls as 1/√games.
	GamesToHalve int64 `json:"games_to_halve_width"`
	// Detectable is the smallest difference this comparison would find
	// with 80% power, (t(1-α/2) + t(0.8))·se with the spread seen, and
	// DetectableHolm the same at α/m, Holm's strictest step over the
	// Report.Comparisons (the figure to read, as a difference is called
	// clear only after Holm); in Unit, nil below 2 games.
	Detectable     *float64 `json:"detectable"`
	DetectableHolm *float64 `json:"detectable_holm"`
	Summary        string   `json:"summary"` // in English; the text report says summary
	summary        core.Message
	power          core.Message // what it could detect, for a difference not clear
	rare           core.Message // too few events to say what it could detect
}

// Power is the power at which Detectable is worked out.
const Power = 0.8

// setPower works out Detectable and DetectableHolm from the interval (its
// half-width is t(1-α/2)·se) for m comparisons. The games that would detect
// a difference the size seen are not given: that is power at the observed
// difference, which a true null draws as often as not (see Effect for a
// planned one).
func (d *Diff) setPower(m int) {
	iv := d.Mean
	if d.N < 2 || math.IsNaN(iv.Low) {
		return
	}
	df := float64(d.N - 1)
	alpha := 1 - Level
	se := (iv.High - iv.Value) / stats.TQuantile(1-alpha/2, df)
	m = max(m, 1)
	raw := (stats.TQuantile(1-alpha/2, df) + stats.TQuantile(Power, df)) * se
	holm := (stats.TQuantile(1-alpha/(2*float64(m)), df) + stats.TQuantile(Power, df)) * se
	if se == 0 {
		return // every game the same: no spread to detect anything against
	}
	d.Detectable, d.DetectableHolm = &raw, &holm
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
			d := Diff{Metric: m.Metric, Unit: metricUnits[m.Metric], N: m.N, Mean: iv, GamesToHalve: gamesToHalve(m.N)}
			d.ClearRaw = iv.Low > 0 || iv.High < 0
			ps = append(ps, pv)
			pr.Diffs = append(pr.Diffs, d)
		}
		rep.Pairs = append(rep.Pairs, pr)
	}
	family := rep.family(r, ps) // the comparisons shown: a sweep's adjacent values
	adj := stats.Holm(family)
	for _, p := range family {
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
				d.P = &ps[k]
			}
			if !math.IsNaN(family[k]) {
				d.PHolm = &adj[k]
				d.Clear = adj[k] < 1-Level
			}
			d.setPower(rep.Comparisons)
			rep.rare(pr.A, pr.B, d)
			d.summary = summary(pr.A, pr.B, d, rep.Comparisons, rep.nothing(pr.A, pr.B, d.Metric))
			if d.rare.ID != "" && !d.Clear {
				d.power = d.rare
			}
			d.Summary = inEnglish(d.summary)
			k++
		}
	}
	rep.warnings = r.warnings()
	rep.Warnings = []string{}
	for _, w := range rep.warnings {
		rep.Warnings = append(rep.Warnings, inEnglish(w))
	}
	if r.Setup.Sweep != nil {
		rep.Sweep = rep.sweepReport(r.Setup.Sweep)
	}
	rep.Target = r.Target
	rep.SPRT = r.SPRT()
	rep.MixedBuilds = r.MixedBuilds
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
		TurnsMean:       meanInterval(v.Finished, sum, sumSq),
		PoolEmpty:       newProportion(v.PoolEmpty, v.Finished),
		Blocked:         newProportion(v.Blocked, v.Finished),
		MeldTurn:        meanInterval(v.SeatRounds, float64(v.OpenSum+v.NeverSum), float64(v.OpenSumSq+v.NeverSumSq)),
		MeldTurnOpeners: meanInterval(v.Openings, float64(v.OpenSum), float64(v.OpenSumSq)),
		NeverOpened:     newProportion(v.SeatRounds-v.Openings, v.SeatRounds),
		WinnerScore:     meanInterval(v.Finished-v.NoWinner, float64(v.WinnerSum), float64(v.WinnerSumSq)),
		NoWinner:        v.NoWinner,
		JokerLeft:       newProportion(v.JokerLeft, v.Finished),
		Shared:          v.Shared,
		Turns:           v.Turns,
		Timeouts:        newProportion(v.Timeouts, v.Turns),
		Penalties:       newProportion(v.Penalties, v.Turns),
		Refused:         newProportion(v.Refused, v.Turns),
		JokersKept:      v.JokersKept,
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
		vr.WinsBySeat = append(vr.WinsBySeat, seatWin(s, setup.Bots[s], newProportion(w, v.Finished)))
	}
	vr.Fairness = fairnessOf(v)
	for k, w := range v.WinsByOrder {
		vr.WinsByOrder = append(vr.WinsByOrder, orderWin(k, newProportion(w, v.Finished)))
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
		vr.WinsByBot = append(vr.WinsByBot, Win{Label: b, Proportion: newProportion(wins[b], v.Finished*seats[b])})
	}
	if setup.Rounds > 1 {
		for s, w := range v.MatchWinsBySeat {
			vr.MatchWins = append(vr.MatchWins, seatWin(s, setup.Bots[s], newProportion(w, v.Matches)))
		}
	}
	return vr
}

// metricUnits is each metric's unit: "turns", "points", or "share" (0 to
// 1, shown in percentage points).
var metricUnits = map[string]string{
	MetricTurns: "turns", MetricPoolEmpty: "share", MetricMeldTurn: "turns",
	MetricWinnerScore: "points", MetricJokerLeft: "share", MetricFirstWins: "share",
}

// MetricUnit is the unit of a metric's differences: "turns", "points", or
// "share" (0 to 1, shown in percentage points).
func MetricUnit(metric string) string { return metricUnits[metric] }

// metricNoun names a metric in a sentence: "round length".
func metricNoun(metric string) core.Message { return core.Msg("sim.metric." + metric) }

// nothingSeen is, for a share metric that neither variant of a pair ever
// showed, each variant's count and the upper end of its interval.
type nothingSeen struct {
	NA, NB         int64
	UpperA, UpperB float64
}

// nothing is what nothingSeen says for variants a and b and metric, or nil
// when either showed it or the metric is not a share of rounds.
func (rep *Report) nothing(a, b, metric string) *nothingSeen {
	of := func(name string) *Proportion {
		for i := range rep.Variants {
			if v := &rep.Variants[i]; v.Name == name {
				switch metric {
				case MetricPoolEmpty:
					return &v.PoolEmpty
				case MetricJokerLeft:
					return &v.JokerLeft
				}
			}
		}
		return nil
	}
	pa, pb := of(a), of(b)
	if pa == nil || pb == nil || pa.K != 0 || pb.K != 0 || pa.N == 0 || pb.N == 0 {
		return nil
	}
	return &nothingSeen{NA: pa.N, NB: pb.N, UpperA: pa.Share.High, UpperB: pb.Share.High}
}

// summary says a difference in plain words, from B's side:
// "house/fifty: rounds 6.1 turns longer than under original (95% CI 5.4-6.8)",
// or "no clear difference" when the interval spans 0, or when it does not
// but the difference is not clear once corrected for m comparisons; a
// metric neither variant ever showed (none) is said so, with how high its
// share could be. For a difference not clear it also sets d.power, what the
// comparison could have detected.
func summary(a, b string, d *Diff, m int, none *nothingSeen) core.Message {
	scale, unit := 1.0, metricUnits[d.Metric]
	if unit == "share" {
		scale = 100
	}
	num := func(x float64) string { return fmt.Sprintf("%.1f", x*scale) }
	mv := &d.Mean
	if d.DetectableHolm != nil && !d.Clear && mv.High > mv.Low {
		d.power = msg.SimPowerDetect(num(*d.DetectableHolm), core.Msg("sim.unit."+unit))
	}
	switch {
	case d.N == 0:
		return msg.SimSumNone(b, metricNoun(d.Metric))
	case math.IsNaN(mv.Low):
		return msg.SimSumFew(b, metricNoun(d.Metric), signed(mv.Value*scale))
	case none != nil:
		return msg.SimSumNothing(b, metricNoun(d.Metric), none.NB, none.NA, a, fmt.Sprintf("%.1f", none.UpperB*100), fmt.Sprintf("%.1f", none.UpperA*100))
	case mv.Low == mv.High:
		return msg.SimSumSame(b, metricNoun(d.Metric), a, signed(mv.Value*scale), d.N)
	case !d.ClearRaw:
		return msg.SimSumUnclear(b, metricNoun(d.Metric), a, signed(mv.Value*scale), signed(mv.Low*scale), signed(mv.High*scale))
	case !d.Clear && d.PHolm == nil: // not in Holm's family: a sweep's values that are not adjacent
		return msg.SimSumUntested(b, metricNoun(d.Metric), a, signed(mv.Value*scale), signed(mv.Low*scale), signed(mv.High*scale))
	case !d.Clear:
		return msg.SimSumUnclearHolm(b, metricNoun(d.Metric), a, m, signed(mv.Value*scale), signed(mv.Low*scale), signed(mv.High*scale), fmt.Sprintf("%.2g", *d.PHolm))
	}
	dir, lo, hi := "more", mv.Low, mv.High
	if mv.Value < 0 {
		dir, lo, hi = "less", -mv.High, -mv.Low
	}
	return core.Msg("sim.sum."+d.Metric+"."+dir, "B", b, "A", a, "N", num(math.Abs(mv.Value)), "Low", num(lo), "High", num(hi))
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

// WriteText writes the report for people, in English.
func (rep *Report) WriteText(w io.Writer) error { return rep.WriteTextIn(w, i18n.New(i18n.English)) }

// WriteTextIn writes the report for people in p's language: the numbers,
// variant and bot names as they are.
func (rep *Report) WriteTextIn(w io.Writer, p *i18n.Printer) error {
	p = p.Decimals()
	var b strings.Builder
	// Every line within 80 columns, a wrapped line going on indented by 4 (a
	// table row by more): Unwrap joins them back.
	line := func(m core.Message) { b.WriteString(wrapped(p.Message(m), "", "    ")) }
	s := &rep.Setup
	rounds, timeouts := 0, ""
	if s.Rounds > 1 {
		rounds = s.Rounds
	}
	if s.TimeoutRate > 0 {
		timeouts = fmt.Sprintf("%.3g", s.TimeoutRate*100)
	}
	line(msg.SimHeader(rep.Games, !rep.Complete, s.Games, s.Players, strings.Join(s.Bots, ", "), s.Seed, rounds, timeouts))
	if s.TimeoutRate > 0 && len(s.NoClock) > 0 {
		line(msg.SimNoClock(strings.Join(s.NoClock, ", ")))
	}
	if len(s.NotZeroSum) > 0 {
		line(msg.SimNotZeroSum(strings.Join(s.NotZeroSum, ", ")))
	}
	for _, w := range rep.warnings {
		line(msg.SimWarning(w))
	}
	if t := rep.Target; t != nil {
		unit, scale := metricUnits[t.Metric], 1.0
		if unit == "share" {
			scale = 100
		}
		unitWords := p.T("sim.unit." + unit)
		widest := p.Message(msg.SimWidestNone())
		if t.Widest != nil {
			widest = p.Message(msg.SimWidest(fmt.Sprintf("%.3g", *t.Widest*scale), unitWords))
		}
		metric, width := metricNoun(t.Metric), fmt.Sprintf("%.3g", t.Width*scale)
		if t.Reached {
			line(msg.SimTargetReached(metric, width, unitWords, t.Games, widest))
		} else {
			line(msg.SimTargetStopped(t.Games, metric, width, unitWords, widest))
		}
	}
	writeMixedBuilds(&b, rep.MixedBuilds, p)
	if o := rep.SPRT; o != nil {
		o.writeText(&b, p)
	}
	switch {
	case rep.Comparisons > 1 && rep.Sweep != nil:
		line(msg.SimHolmSweep(rep.Comparisons))
	case rep.Comparisons > 1:
		line(msg.SimHolm(rep.Comparisons))
	}
	writeFailed(&b, rep.Failed, p.Message(msg.SimFailed(len(rep.Failed))), p)
	for i := range rep.Variants {
		writeVariant(&b, &rep.Variants[i], s.TurnCap, p)
		if f := rep.Variants[i].Fairness; f != nil {
			f.writeText(&b, p)
		}
	}
	if rep.Sweep != nil {
		rep.Sweep.writeText(&b, p)
	}
	for _, pr := range rep.Pairs {
		if rep.Sweep != nil && !rep.adjacent(pr.A, pr.B) {
			continue // a sweep's text compares adjacent values, the comparisons tested; JSON has every pair
		}
		b.WriteString("\n")
		switch {
		case pr.SameDeals == pr.Games:
			line(msg.SimPairSame(pr.B, pr.A, pr.Games))
		case pr.SameDeals == 0:
			line(msg.SimPairMixed(pr.B, pr.A, pr.Games, p.Message(msg.SimPairedNone())))
		default:
			line(msg.SimPairMixed(pr.B, pr.A, pr.Games, p.Message(msg.SimPairedSome(pr.SameDeals, pr.Games))))
		}
		var detect []string
		for _, d := range pr.Diffs {
			said := p.Message(d.summary)
			if d.power.ID != "" {
				said += p.Message(msg.SimSep()) + p.Message(d.power)
			}
			b.WriteString(wrapped(said, "  ", "    "))
			if d.DetectableHolm != nil {
				scale, unit := 1.0, metricUnits[d.Metric]
				if unit == "share" {
					scale = 100
				}
				detect = append(detect, p.Message(metricNoun(d.Metric))+" "+fmt.Sprintf("%.1f", *d.DetectableHolm*scale)+
					" "+p.T("sim.unit."+unit))
			}
		}
		if len(detect) > 0 {
			b.WriteString(wrapped(p.Message(msg.SimDetect(pr.Games, strings.Join(detect, p.Message(msg.SimSep())))), "  ", "    "))
		}
		if len(pr.Diffs) > 0 && pr.Diffs[0].GamesToHalve > 0 {
			b.WriteString(wrapped(p.Message(msg.SimHalve(pr.Diffs[0].GamesToHalve, pr.Diffs[0].GamesToHalve-pr.Diffs[0].N)), "  ", "    "))
		}
		pr.writePlanned(&b, p)
	}
	// Names come from files and shards: no control character of theirs
	// reaches the terminal.
	_, err := io.WriteString(w, escape.String(b.String()))
	return err
}

// wrapped fills s to 80 columns, the first line after first and the
// others after rest.
func wrapped(s, first, rest string) string {
	var b strings.Builder
	for i, l := range fitLines(s, layout.Width-len(rest)) {
		if i == 0 {
			b.WriteString(first + l + "\n")
		} else {
			b.WriteString(rest + l + "\n")
		}
	}
	return b.String()
}

// fitLines fills s to width columns as layout.Lines does, and breaks a
// word too long for a line of its own (a Lua bot's long path) after a
// slash where it can, else anywhere, so that no line passes width.
func fitLines(s string, width int) []string {
	var out []string
	for _, l := range layout.Lines(s, width, "") {
		for utf8.RuneCountInString(l) > width {
			r := []rune(l)
			cut := width
			if i := strings.LastIndex(string(r[:width]), "/"); i > 0 {
				cut = utf8.RuneCountInString(string(r[:width])[:i+1])
			}
			out = append(out, string(r[:cut]))
			l = string(r[cut:])
		}
		out = append(out, l)
	}
	return out
}

// fit80 is line as it is if it fits 80 columns, else wrapped, its
// continuations indented by rest.
func fit80(line, rest string) string {
	if utf8.RuneCountInString(line) <= layout.Width {
		return line + "\n"
	}
	lead := line[:len(line)-len(strings.TrimLeft(line, " "))]
	return wrapped(strings.TrimLeft(line, " "), lead, rest)
}

// maxFailuresShown is the failed games the text report lists one by one.
const maxFailuresShown = 10

// writeFailed lists failed games, the first maxFailuresShown with their
// seeds, after a line saying how many and what became of them (head).
func writeFailed(b *strings.Builder, failed []FailedGame, head string, p *i18n.Printer) {
	n := len(failed)
	if n == 0 {
		return
	}
	b.WriteString(head + "\n")
	for i, f := range failed {
		if i == maxFailuresShown {
			b.WriteString("  " + p.Message(msg.SimFailedMore(n-i)) + "\n")
			break
		}
		fmt.Fprintf(b, "  %s\n", f.String())
	}
}

func writeVariant(b *strings.Builder, v *VariantReport, turnCap int, p *i18n.Printer) {
	b.WriteString("\n" + p.Message(msg.SimVariant(v.Name, v.Games, v.Rounds, v.Capped, turnCap)) + "\n")
	med := "-"
	if v.TurnsMedian != nil {
		med = num1(*v.TurnsMedian)
	}
	type row struct{ label, value string }
	rows := []row{
		{p.Message(msg.SimRowTurns()), p.Message(msg.SimValTurns(mean(v.TurnsMean), med))},
		{p.Message(msg.SimRowPool()), p.Message(msg.SimValPool(shareOf(v.PoolEmpty, "rounds", p), shareOf(v.Blocked, "rounds", p)))},
		{p.Message(msg.SimRowMeld()), p.Message(msg.SimValMeld(mean(v.MeldTurn), mean(v.MeldTurnOpeners)))},
		{p.Message(msg.SimRowNever()), p.Message(msg.SimValNever(shareOf(v.NeverOpened, "players", p)))},
		{p.Message(msg.SimRowWinner()), p.Message(msg.SimValWinner(mean(v.WinnerScore), int(v.NoWinner)))},
		{p.Message(msg.SimRowJoker()), p.Message(msg.SimValJoker(shareOf(v.JokerLeft, "rounds", p)))},
		{p.Message(msg.SimRowSeat()), wins(v.WinsBySeat, p)},
		{p.Message(msg.SimRowOrder()), wins(v.WinsByOrder, p)},
		{p.Message(msg.SimRowBot()), wins(v.WinsByBot, p)},
	}
	if len(v.MatchWins) > 0 {
		rows = append(rows, row{p.Message(msg.SimRowMatches()), wins(v.MatchWins, p)})
	}
	rows = append(rows, row{p.Message(msg.SimRowPlay()), p.Message(msg.SimValPlay(v.Turns, v.Timeouts.K, v.Penalties.K, v.Shared, v.Solves, v.CutShort, v.TimedOut, v.Refused.K, v.JokersKept))})
	width := 22
	for _, r := range rows {
		width = max(width, utf8.RuneCountInString(r.label))
	}
	// Each value filled to 80 columns under itself.
	indent := strings.Repeat(" ", width+3)
	for _, r := range rows {
		pad := strings.Repeat(" ", width-utf8.RuneCountInString(r.label))
		for i, l := range fitLines(r.value, layout.Width-len(indent)) {
			if i == 0 {
				fmt.Fprintf(b, "  %s%s %s\n", r.label, pad, l)
			} else {
				fmt.Fprintf(b, "%s%s\n", indent, l)
			}
		}
	}
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

// share says a proportion: "50.0% (18.8-81.2)", or, when it is none,
// "none in 6 (95% CI up to 39.0%)", which does not look certain.
func share(pr Proportion, p *i18n.Printer) string {
	if pr.K == 0 && pr.N > 0 {
		return p.Message(msg.SimNoneIn(pr.N, "", fmt.Sprintf("%.1f", pr.Share.High*100)))
	}
	return shareIv(pr.Share)
}

// shareOf is share of a count of rounds or players (of): "1.5% (0.5-4.3)
// of rounds", "none in 200 rounds (95% CI up to 1.9%)".
func shareOf(pr Proportion, of string, p *i18n.Printer) string {
	if pr.K == 0 && pr.N > 0 {
		return p.Message(msg.SimNoneIn(pr.N, p.T("sim.of."+of), fmt.Sprintf("%.1f", pr.Share.High*100)))
	}
	if math.IsNaN(pr.Share.Value) {
		return "-"
	}
	return p.T("sim.share.of."+of, "Share", shareIv(pr.Share))
}

// shareIv says a share with its interval, in percent.
func shareIv(iv Interval) string {
	if math.IsNaN(iv.Value) {
		return "-"
	}
	return fmt.Sprintf("%.1f%% (%.1f-%.1f)", iv.Value*100, iv.Low*100, iv.High*100)
}

func wins(ws []Win, p *i18n.Printer) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		label := w.Label
		if w.say.ID != "" {
			label = p.Message(w.say)
		}
		parts[i] = label + " " + share(w.Proportion, p)
	}
	return strings.Join(parts, ", ")
}

// seatWin is the wins of seat s (from 0), played by bot.
func seatWin(s int, bot string, pr Proportion) Win {
	m := msg.SimLabelSeat(s+1, bot)
	return Win{Label: inEnglish(m), Proportion: pr, say: m}
}

// orderWin is the wins of whoever plays k-th (from 0) in a round.
func orderWin(k int, pr Proportion) Win {
	m := msg.SimLabelOrder(k + 1)
	return Win{Label: inEnglish(m), Proportion: pr, say: m}
}

// continued is a line break that the text report added to fit 80 columns.
var continued = regexp.MustCompile(`\n {4,}`)

// Unwrap joins the lines the text report wrapped, for a reader (or a test)
// that wants each sentence on one line.
func Unwrap(text string) string { return continued.ReplaceAllString(text, " ") }
