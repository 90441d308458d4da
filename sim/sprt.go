package sim

import (
	"errors"
	"fmt"
	"math"
	"slices"
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
		errs = append(errs, fmt.Errorf("sprt: no metric %q; the metrics are %v", s.Metric, Metrics))
	}
	if math.IsNaN(s.D0) || math.IsNaN(s.D1) || math.IsInf(s.D0, 0) || math.IsInf(s.D1, 0) || s.D0 == s.D1 {
		errs = append(errs, fmt.Errorf("sprt: the two hypotheses' differences must be different numbers, not %g and %g", s.D0, s.D1))
	}
	for _, p := range []struct {
		name string
		v    float64
	}{{"alpha", s.Alpha}, {"beta", s.Beta}} {
		if !(p.v > 0 && p.v < 0.5) {
			errs = append(errs, fmt.Errorf("sprt: %s must be more than 0 and less than 0.5, not %g", p.name, p.v))
		}
	}
	if s.Batch < 1 {
		errs = append(errs, fmt.Errorf("sprt: a look every %d games; it must be at least 1", s.Batch))
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

// decide is the verdict at a look with these sums: AcceptNone to go on.
func (s *SPRT) decide(n int64, sum, sumSq float64) (string, float64) {
	llr := s.LLR(n, sum, sumSq)
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1, llr
	case llr <= lower:
		return AcceptH0, llr
	}
	return AcceptNone, llr
}
