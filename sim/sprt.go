package sim

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
)

// SPRT is a sequential probability ratio test of one paired metric between
// two variants, as chess-engine testing runs them (Fishtest): H0 says the
// mean per-game difference B - A is D0, H1 that it is D1 (in the metric's
// unit: turns, points, or a share from 0 to 1). The games are looked at
// every Batch games, in game order; the test stops at the first look whose
// log-likelihood ratio leaves (Lower, Upper), accepting H1 above and H0
// below. Alpha is the chance of accepting H1 when H0 holds, Beta that of
// accepting H0 when H1 holds (Wald's bounds, as Fishtest sets them).
//
// The ratio is the generalised one (GSPRT): each hypothesis's normal
// likelihood at its own best spread, (n/2)·ln(S0/S1) with
// Sj = Σ(x - Dj)², so that it needs only the count, sum and sum of squares
// of the differences, the sufficient statistics every result keeps, and a
// merge of shards continues the test exactly.
type SPRT struct {
	Metric string  `json:"metric"`
	D0     float64 `json:"d0"`
	D1     float64 `json:"d1"`
	Alpha  float64 `json:"alpha"`
	Beta   float64 `json:"beta"`
	Batch  int     `json:"batch"`
}

// DefaultSPRTBatch is the games between two looks of a test.
const DefaultSPRTBatch = 20

// Hypotheses a sequential test accepts.
const (
	AcceptNone = ""   // no decision yet
	AcceptH0   = "H0" // the difference is D0 (or beyond it, away from D1)
	AcceptH1   = "H1" // the difference is D1 (or beyond it, away from D0)
)

// Bounds are the log-likelihood ratio's limits: ln(β/(1-α)) and
// ln((1-β)/α).
func (s *SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// check says what is wrong with the test's settings, if anything.
func (s *SPRT) check() error {
	var errs []error
	if !slices.Contains(Metrics, s.Metric) {
		errs = append(errs, sayErr(msg.SimErrSprtMetric(strconv.Quote(s.Metric), strings.Join(Metrics, ", "))))
	}
	if math.IsNaN(s.D0) || math.IsNaN(s.D1) || math.IsInf(s.D0, 0) || math.IsInf(s.D1, 0) || s.D0 == s.D1 {
		errs = append(errs, sayErr(msg.SimErrSprtHypotheses(s.D0, s.D1)))
	}
	for _, p := range []struct {
		name string
		v    float64
	}{{"alpha", s.Alpha}, {"beta", s.Beta}} {
		if !(p.v > 0 && p.v < 0.5) {
			errs = append(errs, sayErr(msg.SimErrSprtLevel(p.name, p.v)))
		}
	}
	if s.Batch < 1 {
		errs = append(errs, sayErr(msg.SimErrSprtBatch(s.Batch)))
	}
	return errors.Join(errs...)
}

// LLR is the generalised log-likelihood ratio of H1 against H0 for n
// differences of sum sum and sum of squares sumSq. With no spread at all it
// is infinite towards the hypothesis the mean equals, and 0 below 2 games.
func (s *SPRT) LLR(n int64, sum, sumSq float64) float64 {
	if n < 2 {
		return 0
	}
	nf := float64(n)
	dev := func(d float64) float64 { return math.Max(0, sumSq-2*d*sum+nf*d*d) }
	s0, s1 := dev(s.D0), dev(s.D1)
	switch {
	case s0 == s1:
		return 0
	case s1 == 0:
		return math.Inf(1)
	case s0 == 0:
		return math.Inf(-1)
	}
	return nf / 2 * math.Log(s0/s1)
}

// SPRTMinGames is the differences a test needs before a look may decide:
// the ratio rests on the spread seen, which a handful of games misjudges
// (looking after every game from the first, 5.8% of 4,000 synthetic A/A
// tests accepted H1 at alpha 5%; from the 20th, 5.4%, as Wald's bound
// alpha/(1-beta) = 5.3% allows; looking every 20 games, 3.0%).
const SPRTMinGames = 20

// decide is the verdict at a look with these sums: AcceptNone to go on.
func (s *SPRT) decide(n int64, sum, sumSq float64) (string, float64) {
	llr := s.LLR(n, sum, sumSq)
	lower, upper := s.Bounds()
	switch {
	case n < SPRTMinGames:
	case llr >= upper:
		return AcceptH1, llr
	case llr <= lower:
		return AcceptH0, llr
	}
	return AcceptNone, llr
}

// SPRTBatch is the sums of the tested pair's differences over the games
// [Index·Batch, (Index+1)·Batch) played so far: a shard's batches merge
// with another's by adding, so that a merge looks at the games in order as
// one run would.
type SPRTBatch struct {
	Index int         `json:"index"`
	Sums  *PairedSums `json:"sums"`
}

// SPRTOutcome is where a sequential test stands: the hypothesis accepted
// at the first look whose ratio left its bounds, or none yet, and the look
// it was at.
type SPRTOutcome struct {
	SPRT
	A string `json:"a"`
	B string `json:"b"`
	// Accepted is AcceptH0, AcceptH1, or AcceptNone when no look decided.
	Accepted string `json:"accepted"`
	// Games is the games looked at (to the last look made), N the
	// differences among them (a failed game has none).
	Games int   `json:"games"`
	N     int64 `json:"n"`
	// LLR is the ratio at that look (±1.8e308 with no spread at all).
	LLR   float64 `json:"llr"`
	Lower float64 `json:"lower"`
	Upper float64 `json:"upper"`
	// Waiting says that games before the end are missing (shards not yet
	// merged): the test goes on when they are.
	Waiting bool `json:"waiting"`
}

// add folds one difference into the sums.
func (m *PairedSums) add(d, tmp *big.Rat) {
	m.N++
	m.Sum.Add(m.Sum, d)
	tmp.Mul(d, d)
	m.SumSq.Add(m.SumSq, tmp)
}

// pairDiff sets d to metric's figure under b minus that under a, and says
// whether both games define it.
func pairDiff(a, b *gameSummary, metric string, d *big.Rat) bool {
	na, da, oka := a.metric(metric)
	nb, db, okb := b.metric(metric)
	if !oka || !okb {
		return false
	}
	d.SetFrac64(nb*da-na*db, da*db)
	return true
}

// foldSPRT adds game g's difference of the tested metric to its batch.
// Games come in order within a run, so the batch is the last one or new.
func (r *Result) foldSPRT(g *gameResult) {
	s := r.Setup.SPRT
	if s == nil || len(g.games) != 2 {
		return
	}
	d := new(big.Rat)
	if !pairDiff(g.games[0], g.games[1], s.Metric, d) {
		return
	}
	k := g.index / s.Batch
	if n := len(r.SPRTBatches); n == 0 || r.SPRTBatches[n-1].Index != k {
		r.SPRTBatches = append(r.SPRTBatches, SPRTBatch{Index: k,
			Sums: &PairedSums{Metric: s.Metric, Sum: new(big.Rat), SumSq: new(big.Rat)}})
	}
	r.SPRTBatches[len(r.SPRTBatches)-1].Sums.add(d, new(big.Rat))
}

// mergeSPRT adds the batches of o into r's, in batch order.
func (r *Result) mergeSPRT(o *Result) {
	for _, b := range o.SPRTBatches {
		i, found := slices.BinarySearchFunc(r.SPRTBatches, b.Index, func(x SPRTBatch, k int) int { return cmp.Compare(x.Index, k) })
		if !found {
			r.SPRTBatches = slices.Insert(r.SPRTBatches, i, SPRTBatch{Index: b.Index,
				Sums: &PairedSums{Metric: b.Sums.Metric, Sum: new(big.Rat), SumSq: new(big.Rat)}})
		}
		m := r.SPRTBatches[i].Sums
		m.N += b.Sums.N
		m.Sum.Add(m.Sum, b.Sums.Sum)
		m.SumSq.Add(m.SumSq, b.Sums.SumSq)
	}
}

// validSPRT checks a result's test and batches: settings a run accepts,
// batches in order within the games, and adding up to the pair's sums.
func (r *Result) validSPRT() error {
	s := r.Setup.SPRT
	if s == nil {
		if len(r.SPRTBatches) > 0 {
			return errors.New("sprt batches without a sequential test")
		}
		return nil
	}
	if err := s.check(); err != nil {
		return err
	}
	if len(r.Pairs) != 1 {
		return errors.New("sprt: a sequential test compares two variants")
	}
	k := slices.Index(Metrics, s.Metric)
	want := r.Pairs[0].Metrics[k]
	var n int64
	sum, sumSq := new(big.Rat), new(big.Rat)
	for i, b := range r.SPRTBatches {
		if b.Sums == nil || b.Sums.Sum == nil || b.Sums.SumSq == nil || b.Sums.Metric != s.Metric ||
			b.Index < 0 || b.Index*s.Batch >= r.Setup.Games || (i > 0 && b.Index <= r.SPRTBatches[i-1].Index) ||
			b.Sums.N < 0 || b.Sums.N > int64(s.Batch) {
			return fmt.Errorf("sprt batch %d does not fit the test", i+1)
		}
		n += b.Sums.N
		sum.Add(sum, b.Sums.Sum)
		sumSq.Add(sumSq, b.Sums.SumSq)
	}
	if n != want.N || sum.Cmp(want.Sum) != 0 || sumSq.Cmp(want.SumSq) != 0 {
		return fmt.Errorf("sprt batches do not add up to the pair's %s", s.Metric)
	}
	return nil
}

// played is the end of the games played from game 0 on without a gap.
func (r *Result) played() int {
	if len(r.Covered) == 0 || r.Covered[0].From != 0 {
		return 0
	}
	end := r.Covered[0].To
	for _, g := range r.Covered[1:] {
		if g.From > end {
			break
		}
		end = max(end, g.To)
	}
	return end
}

// SPRT is where the result's sequential test stands, nil without one. It
// looks at the batches in game order, as far as the games are played
// without a gap, and stops at the first look that decides: so any split
// into shards, merged, decides as one run does.
func (r *Result) SPRT() *SPRTOutcome {
	s := r.Setup.SPRT
	if s == nil || len(r.Pairs) != 1 {
		return nil
	}
	out := &SPRTOutcome{SPRT: *s, A: r.Pairs[0].A, B: r.Pairs[0].B}
	out.Lower, out.Upper = s.Bounds()
	end := r.played()
	var n int64
	var sum, sumSq float64
	bi := 0
	for k := 0; k*s.Batch < end; k++ {
		hi := min((k+1)*s.Batch, r.Setup.Games)
		if hi > end {
			break
		}
		if bi < len(r.SPRTBatches) && r.SPRTBatches[bi].Index == k {
			m := r.SPRTBatches[bi].Sums
			x, _ := m.Sum.Float64()
			x2, _ := m.SumSq.Float64()
			n, sum, sumSq = n+m.N, sum+x, sumSq+x2
			bi++
		}
		v, llr := s.decide(n, sum, sumSq)
		out.Games, out.N, out.LLR = hi, n, math.Max(-math.MaxFloat64, math.Min(math.MaxFloat64, llr))
		if v != AcceptNone {
			out.Accepted = v
			return out
		}
	}
	out.Waiting = end < r.Setup.Games
	return out
}

// RunSequential plays c, which holds a sequential test (Config.SPRT), a
// batch at a time, and stops at the first look that decides, or at
// Config.Games. The result is exactly Run's over the games played, with
// Setup.Games set to them.
func RunSequential(ctx context.Context, c Config) (*Result, error) {
	if c.SPRT == nil {
		return nil, &ConfigError{Errs: []error{errors.New("no sequential test to run")}}
	}
	if c.Shard.Count != 0 {
		return nil, &ConfigError{Errs: []error{errors.New("a sharded sequential test plays its shard whole (Run); Merge decides")}}
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	res := newResult(&c)
	progress := c.Progress
	for at := 0; at < c.Games; {
		end := min(at+c.SPRT.Batch, c.Games)
		if progress != nil {
			from := at
			c.Progress = func(done, _ int) { progress(from+done, c.Games) }
		}
		if err := play(ctx, &c, res, at, end); err != nil {
			return nil, err
		}
		at = end
		res.Covered = []GameRange{{From: 0, To: at}}
		if o := res.SPRT(); o.Accepted != AcceptNone {
			break
		}
	}
	res.Setup.Games = res.Covered[0].To
	return res, nil
}

// checkSPRT is what is wrong with the configuration's sequential test.
func (c *Config) checkSPRT() []error {
	if c.SPRT == nil {
		return nil
	}
	var errs []error
	if err := c.SPRT.check(); err != nil {
		errs = append(errs, err.(interface{ Unwrap() []error }).Unwrap()...)
	}
	if len(c.Variants) != 2 {
		errs = append(errs, sayErr(msg.SimErrSprtVariants(len(c.Variants))))
	}
	return errs
}

// writeText says where the test stands, in a paragraph.
func (o *SPRTOutcome) writeText(b *strings.Builder, p *i18n.Printer) {
	unit, scale := metricUnits[o.Metric], 1.0
	if unit == "share" {
		scale = 100
	}
	num := func(x float64) string { return strconv.FormatFloat(x*scale, 'g', 4, 64) }
	llr := llrText
	d0, d1, unitWords := num(o.D0), num(o.D1), p.T("sim.unit."+unit)
	head := msg.SimSprtHead(metricNoun(o.Metric), o.B, o.A, d0, unitWords, d1, o.Alpha, o.Beta, o.Batch)
	b.WriteString(wrapped(p.Message(head), "", "    "))
	var state core.Message
	switch {
	case o.Accepted == AcceptH0:
		state = msg.SimSprtH0(o.Games, d0, unitWords, d1, llr(o.LLR), llr(o.Lower))
	case o.Accepted == AcceptH1:
		state = msg.SimSprtH1(o.Games, d1, unitWords, d0, llr(o.LLR), llr(o.Upper))
	case o.Waiting:
		state = msg.SimSprtWaiting(o.Games, llr(o.LLR), llr(o.Lower), llr(o.Upper))
	default:
		state = msg.SimSprtUndecided(o.Games, llr(o.LLR), llr(o.Lower), llr(o.Upper))
	}
	b.WriteString(wrapped(p.Message(state), "  ", "    "))
}

// ParseSPRT reads a test as --sprt writes it, METRIC=D0,D1 (shares in
// percentage points, as the report shows them), with the given error
// rates and a look every batch games.
func ParseSPRT(s string, alpha, beta float64, batch int) (*SPRT, error) {
	metric, ds, ok := strings.Cut(s, "=")
	d0s, d1s, ok2 := strings.Cut(ds, ",")
	d0, err0 := strconv.ParseFloat(strings.TrimSpace(d0s), 64)
	d1, err1 := strconv.ParseFloat(strings.TrimSpace(d1s), 64)
	if !ok || !ok2 || err0 != nil || err1 != nil {
		return nil, sayErr(msg.SimErrSprtSyntax(strconv.Quote(s)))
	}
	t := &SPRT{Metric: strings.TrimSpace(metric), D0: d0, D1: d1, Alpha: alpha, Beta: beta, Batch: batch}
	if metricUnits[t.Metric] == "share" {
		t.D0, t.D1 = d0/100, d1/100
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	return t, nil
}
