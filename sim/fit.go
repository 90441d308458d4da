package sim

import (
	"fmt"
	"math"
	"strings"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/stats"
)

// PriorMinority is the fewest meetings the weaker bot of a pair must win
// (or tie, half each) for its gap to rest on the data: below, the prior
// (half a win in one more meeting a pair, which keeps ratings finite) sets
// much of it.
const PriorMinority = 5

// PairFit is how one pair's meetings fit the ratings: A's share seen and
// the share the ratings predict, 1/(1+10^(-(Ra-Rb)/400)), and the
// misfit's z, its residual over a cluster-robust standard error (the
// deals are the clusters: their tables share the tiles), with its p and
// Holm's over every pair.
type PairFit struct {
	A         string  `json:"a"`
	B         string  `json:"b"`
	Meetings  int64   `json:"meetings"`
	Observed  float64 `json:"observed"`
	Predicted float64 `json:"predicted"`
	Z         float64 `json:"z"`
	P         float64 `json:"p"`
	PHolm     float64 `json:"p_holm"`
	Misfit    bool    `json:"misfit"`
	// PriorSet: the weaker bot won fewer than PriorMinority meetings, so
	// the prior, not the data, sets much of the gap.
	PriorSet bool `json:"prior_set"`
}

// Fit is the rating model's check: every pair's fit, and whether any pair
// departs from the model once corrected for them all (Holm). The ratings
// hold for Field at Players a table only: a rating is relative to the bots
// it met, and gaps change with the table's size.
type Fit struct {
	Field   []string  `json:"field"`
	Players int       `json:"players"`
	Pairs   []PairFit `json:"pairs"`
	Fits    bool      `json:"fits"`
}

// fitOf checks the ratings (by bot, in the order of names) against the
// deals' meetings.
func fitOf(deals []*dealTally, total *dealTally, names []string, rating []float64, players int) *Fit {
	f := &Fit{Field: names, Players: players, Pairs: []PairFit{}, Fits: true}
	nd := float64(len(deals))
	var ps []float64
	for a := range names {
		for b := a + 1; b < len(names); b++ {
			m := total.meets[a][b]
			pf := PairFit{A: names[a], B: names[b], Meetings: m, Observed: math.NaN(), P: 1,
				Predicted: 1 / (1 + math.Pow(10, -(rating[a]-rating[b])/400))}
			if m > 0 {
				w := total.wins[a][b]
				pf.Observed = w / float64(m)
				pf.PriorSet = math.Min(w, float64(m)-w) < PriorMinority
				var r, v float64
				for _, d := range deals {
					e := d.wins[a][b] - float64(d.meets[a][b])*pf.Predicted
					r, v = r+e, v+e*e
				}
				if nd > 1 && v > 0 {
					pf.Z = r / math.Sqrt(v*nd/(nd-1))
					pf.P = 2 * stats.NormalCDF(-math.Abs(pf.Z))
				}
			}
			ps = append(ps, pf.P)
			f.Pairs = append(f.Pairs, pf)
		}
	}
	for i, p := range stats.Holm(ps) {
		f.Pairs[i].PHolm = p
		f.Pairs[i].Misfit = p < 1-Level
		f.Fits = f.Fits && !f.Pairs[i].Misfit
	}
	return f
}

// writeText says the fit: the matrix of seen and predicted shares, the
// verdict, the pairs the prior sets, and what the ratings hold for.
func (f *Fit) writeText(b *strings.Builder, p *i18n.Printer) {
	b.WriteString("\n" + wrapped(p.Message(msg.SimFitHead()), "", "    "))
	pct := func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
	misfits := 0
	for _, pf := range f.Pairs {
		if math.IsNaN(pf.Observed) {
			continue
		}
		observed, predicted, z := pct(pf.Observed), pct(pf.Predicted), fmt.Sprintf("%+.1f", pf.Z)
		line := msg.SimFitPair(pf.A, pf.B, observed, predicted, pf.Meetings, z)
		if pf.Misfit {
			line, misfits = msg.SimFitPairMisfit(pf.A, pf.B, observed, predicted, pf.Meetings, z, fmt.Sprintf("%.2g", pf.PHolm)), misfits+1
		}
		b.WriteString(wrapped(p.Message(line), "  ", "    "))
	}
	switch {
	case len(f.Field) < 3:
		b.WriteString(wrapped(p.Message(msg.SimFitSaturated()), "  ", "    "))
	case f.Fits:
		b.WriteString(wrapped(p.Message(msg.SimFitFits(len(f.Pairs))), "  ", "    "))
	default:
		b.WriteString(wrapped(p.Message(msg.SimFitMisfits(misfits, len(f.Pairs))), "  ", "    "))
	}
	for _, pf := range f.Pairs {
		if pf.PriorSet {
			w := pf.Observed * float64(pf.Meetings)
			weaker, won := pf.B, float64(pf.Meetings)-w
			if pf.Observed < 0.5 {
				weaker, won = pf.A, w
			}
			b.WriteString(wrapped(p.Message(msg.SimFitPrior(pf.A, pf.B, weaker, fmt.Sprintf("%g", won), pf.Meetings)), "  ", "    "))
		}
	}
	b.WriteString(wrapped(p.Message(msg.SimFitValid(strings.Join(f.Field, ", "), f.Players)), "  ", "    "))
}
