package sim

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
)

// TournamentSPRT is a sequential test of bot A against bot B in a
// tournament, on each deal's share of their meetings that A won (ties
// half): the deal is the unit, as the pair of games is in chess testing's
// pentanomial model, since a deal's tables share its tiles. H0 says A is
// Elo0 stronger than B (a share of 1/(1+10^(-Elo0/400))), H1 Elo1; the
// tournament stops after the deal whose look decides (from the
// SPRTMinGames-th deal on).
type TournamentSPRT struct {
	A     string  `json:"a"`
	B     string  `json:"b"`
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
}

// TournamentSPRTOutcome is where a tournament's test stands.
type TournamentSPRTOutcome struct {
	TournamentSPRT
	Accepted string  `json:"accepted"` // AcceptH0, AcceptH1 or AcceptNone
	Deals    int     `json:"deals"`    // deals looked at (with a meeting of A and B)
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	// Share is A's mean share of the meetings over those deals.
	Share float64 `json:"share"`
}

// eloShare is the share of meetings a bot elo points stronger wins.
func eloShare(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// test is the sequential test on deal shares.
func (s *TournamentSPRT) test() *SPRT {
	return &SPRT{D0: eloShare(s.Elo0), D1: eloShare(s.Elo1), Alpha: s.Alpha, Beta: s.Beta, Batch: 1}
}

// ParseTournamentSPRT reads --sprt A,B,ELO0,ELO1 of a tournament of bots.
func ParseTournamentSPRT(s string, alpha, beta float64, bots []string) (*TournamentSPRT, error) {
	f := strings.Split(s, ",")
	if len(f) != 4 {
		return nil, sayErr(msg.SimErrTourSprtSyntax(strconv.Quote(s)))
	}
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(f[2]), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(f[3]), 64)
	if err0 != nil || err1 != nil {
		return nil, sayErr(msg.SimErrTourSprtSyntax(strconv.Quote(s)))
	}
	t := &TournamentSPRT{A: strings.TrimSpace(f[0]), B: strings.TrimSpace(f[1]), Elo0: e0, Elo1: e1, Alpha: alpha, Beta: beta}
	var errs []error
	for _, b := range []string{t.A, t.B} {
		if !slices.Contains(bots, b) {
			errs = append(errs, sayErr(msg.SimErrTourSprtBot(strconv.Quote(b), strings.Join(bots, ", "))))
		}
	}
	if t.A == t.B {
		errs = append(errs, sayErr(msg.SimErrTourSprtSame(strconv.Quote(t.A))))
	}
	// The settings are checked as a metric's test's are, in Elo.
	test := &SPRT{Metric: MetricTurns, D0: e0, D1: e1, Alpha: alpha, Beta: beta, Batch: 1}
	if err := test.check(); err != nil {
		errs = append(errs, err.(interface{ Unwrap() []error }).Unwrap()...)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return t, nil
}

// sprtWatch follows a tournament's test deal by deal.
type sprtWatch struct {
	s          *TournamentSPRT
	test       *SPRT
	a, b       int
	n          int64
	sum, sumSq float64
	out        TournamentSPRTOutcome
}

func newSPRTWatch(s *TournamentSPRT, names []string) *sprtWatch {
	w := &sprtWatch{s: s, test: s.test(), a: slices.Index(names, s.A), b: slices.Index(names, s.B)}
	w.out.TournamentSPRT = *s
	w.out.Lower, w.out.Upper = w.test.Bounds()
	return w
}

// look adds a deal and says whether the test has decided.
func (w *sprtWatch) look(d *dealTally) bool {
	m := d.meets[w.a][w.b]
	if m == 0 {
		return false
	}
	x := d.wins[w.a][w.b] / float64(m)
	w.n, w.sum, w.sumSq = w.n+1, w.sum+x, w.sumSq+x*x
	v, llr := w.test.decide(w.n, w.sum, w.sumSq)
	w.out.Accepted, w.out.Deals, w.out.Share = v, int(w.n), w.sum/float64(w.n)
	w.out.LLR = math.Max(-math.MaxFloat64, math.Min(math.MaxFloat64, llr))
	return v != AcceptNone
}

// errDecided stops a tournament whose test has decided.
var errDecided = errors.New("the sequential test has decided")

// writeText says where the tournament's test stands.
func (o *TournamentSPRTOutcome) writeText(b *strings.Builder, p *i18n.Printer) {
	pct := func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
	elo0, elo1, share, llr := signed0(o.Elo0), signed0(o.Elo1), pct(o.Share), llrText(o.LLR)
	head := msg.SimTourSprtHead(o.A, o.B, elo0, pct(eloShare(o.Elo0)), elo1, pct(eloShare(o.Elo1)), o.Alpha, o.Beta)
	b.WriteString("\n" + wrapped(p.Message(head), "", "    "))
	var state core.Message
	switch o.Accepted {
	case AcceptH0:
		state = msg.SimTourSprtH0(o.Deals, o.A, elo0, o.B, elo1, share, llr, llrText(o.Lower))
	case AcceptH1:
		state = msg.SimTourSprtH1(o.Deals, o.A, elo1, o.B, elo0, share, llr, llrText(o.Upper))
	default:
		state = msg.SimTourSprtUndecided(o.Deals, llr, llrText(o.Lower), llrText(o.Upper))
	}
	b.WriteString(wrapped(p.Message(state), "  ", "    "))
}

// llrText is a log-likelihood ratio to two decimals, ±∞ at the extremes.
func llrText(x float64) string {
	switch {
	case x >= math.MaxFloat64:
		return "+∞"
	case x <= -math.MaxFloat64:
		return "-∞"
	}
	return fmt.Sprintf("%.2f", x)
}
