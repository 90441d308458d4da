package sim

import (
	"fmt"
	"math"
	"strings"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/stats"
)

// Fairness is a variant's check of the turn order: each place's share of
// the finished rounds won (a shared win counts for each winner) against an
// even 1/P, with its Wilson interval, the two-sided p of the binomial test
// (normal approximation) and Holm's over the P places; the first place,
// the first player's advantage, comes first, as the board-game literature
// reports it.
type Fairness struct {
	Even   float64      `json:"even"` // 1/P
	Places []FairnessAt `json:"places"`
}

// FairnessAt is one place in the turn order.
type FairnessAt struct {
	Place int `json:"place"` // from 1, who started the round
	Proportion
	Advantage float64 `json:"advantage"` // share - 1/P
	P         float64 `json:"p"`
	PHolm     float64 `json:"p_holm"`
	Clear     bool    `json:"clear"`
}

// fairnessOf is the variant's fairness; nil without a finished round.
func fairnessOf(v *VariantStats) *Fairness {
	n := v.Finished
	players := len(v.WinsByOrder)
	if n == 0 || players < 2 {
		return nil
	}
	f := &Fairness{Even: 1 / float64(players)}
	se := math.Sqrt(f.Even * (1 - f.Even) / float64(n))
	var ps []float64
	for k, w := range v.WinsByOrder {
		at := FairnessAt{Place: k + 1, Proportion: newProportion(w, n)}
		at.Advantage = at.Share.Value - f.Even
		at.P = 2 * stats.NormalCDF(-math.Abs(at.Advantage)/se)
		ps = append(ps, at.P)
		f.Places = append(f.Places, at)
	}
	for k, p := range stats.Holm(ps) {
		f.Places[k].PHolm = p
		f.Places[k].Clear = p < 1-Level
	}
	return f
}

// writeText says the fairness block under a variant's figures.
func (f *Fairness) writeText(b *strings.Builder, p *i18n.Printer) {
	pct := func(x float64) string { return fmt.Sprintf("%.1f", 100*x) }
	b.WriteString(wrapped(p.Message(msg.SimFairHead(len(f.Places), pct(f.Even))), "  ", "    "))
	for _, at := range f.Places {
		verdict := msg.SimFairEven()
		switch {
		case at.Clear && at.Advantage > 0:
			verdict = msg.SimFairMore()
		case at.Clear:
			verdict = msg.SimFairLess()
		}
		diff, share, low, high := signed(100*at.Advantage), pct(at.Share.Value), pct(at.Share.Low), pct(at.Share.High)
		pHolm, said := fmt.Sprintf("%.2g", at.PHolm), p.Message(verdict)
		line := msg.SimFairFirst(diff, share, low, high, pHolm, said)
		if at.Place != 1 {
			line = msg.SimFairPlace(p.Message(msg.SimLabelOrder(at.Place)), diff, share, low, high, pHolm, said)
		}
		b.WriteString(wrapped(p.Message(line), "  ", "    "))
	}
}
