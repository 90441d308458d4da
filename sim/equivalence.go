package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/stats"
)

// Effect is a difference planned before playing, in a metric's unit (a
// share from 0 to 1): the smallest that matters. Against it a comparison
// says the games it needs, the power it had, and whether it can rule out
// any difference as large (equivalence).
type Effect struct {
	Metric string  `json:"metric"`
	Size   float64 `json:"size"`
}

// ParseEffect reads --effect METRIC=X (shares in percentage points).
func ParseEffect(s string) (Effect, error) {
	metric, x, ok := strings.Cut(s, "=")
	size, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
	e := Effect{Metric: strings.TrimSpace(metric), Size: size}
	if !ok || err != nil || !(size > 0) || math.IsInf(size, 0) {
		return e, sayErr(msg.SimErrEffectSyntax(strconv.Quote(s)))
	}
	if !slices.Contains(Metrics, e.Metric) {
		return e, sayErr(msg.SimErrEffectMetric(strconv.Quote(e.Metric), strings.Join(Metrics, ", ")))
	}
	if metricUnits[e.Metric] == "share" {
		e.Size /= 100
	}
	return e, nil
}

// Planned is one pair's comparison against a planned effect: the power
// these games had to find a difference that large after Holm (the normal
// approximation at Holm's strictest step, α/m), about the games that give
// 80%, and the equivalence test (two one-sided t tests, TOST: each side at
// α = 5%, so the 90% interval lies within ±Size when it holds), its
// p-value corrected by Holm over every pair and planned effect.
type Planned struct {
	Effect
	Power      *float64 `json:"power"`        // nil: no spread seen
	GamesFor80 *int64   `json:"games_for_80"` // nil: no spread seen
	Low90      float64  `json:"low_90"`
	High90     float64  `json:"high_90"`
	P          float64  `json:"tost_p"`
	PHolm      float64  `json:"tost_p_holm"`
	Equivalent bool     `json:"equivalent"`
}

// Plan adds to each pair its comparison against each planned effect.
func (rep *Report) Plan(effects []Effect) {
	rep.Effects = effects
	m := float64(max(rep.Comparisons, 1))
	z := stats.NormalQuantile(1-(1-Level)/(2*m)) + stats.NormalQuantile(Power)
	var ps []float64
	for i := range rep.Pairs {
		pr := &rep.Pairs[i]
		pr.Planned = nil
		for _, e := range effects {
			d := pr.Diffs[slices.Index(Metrics, e.Metric)]
			pl := Planned{Effect: e, Low90: math.NaN(), High90: math.NaN(), P: 1}
			if d.N >= 2 && !math.IsNaN(d.Mean.Low) {
				df := float64(d.N - 1)
				se := (d.Mean.High - d.Mean.Value) / stats.TQuantile(1-(1-Level)/2, df)
				half := stats.TQuantile(1-(1-Level), df) * se
				pl.Low90, pl.High90 = d.Mean.Value-half, d.Mean.Value+half
				switch {
				case se > 0:
					power := stats.NormalCDF(e.Size/se - stats.NormalQuantile(1-(1-Level)/(2*m)))
					need := int64(min(max(math.Ceil(math.Pow(z*se*math.Sqrt(float64(d.N))/e.Size, 2)), 2), MaxGames))
					pl.Power, pl.GamesFor80 = &power, &need
					lower := 1 - stats.StudentCDF((d.Mean.Value+e.Size)/se, df)
					upper := stats.StudentCDF((d.Mean.Value-e.Size)/se, df)
					pl.P = math.Max(lower, upper)
				case math.Abs(d.Mean.Value) < e.Size:
					pl.P = 0 // every game the same difference, within the margin
				}
			}
			ps = append(ps, pl.P)
			pr.Planned = append(pr.Planned, pl)
		}
	}
	adj := stats.Holm(ps)
	k := 0
	for i := range rep.Pairs {
		for j := range rep.Pairs[i].Planned {
			pl := &rep.Pairs[i].Planned[j]
			pl.PHolm = adj[k]
			pl.Equivalent = adj[k] < 1-Level
			k++
		}
	}
}

// writePlanned says a pair's comparisons against the planned effects.
func (pr *PairReport) writePlanned(b *strings.Builder, p *i18n.Printer) {
	for _, pl := range pr.Planned {
		scale, unit := 1.0, metricUnits[pl.Metric]
		if unit == "share" {
			scale = 100
		}
		num := func(x float64) string { return fmt.Sprintf("%.1f", x*scale) }
		metric, effect, unitWords := metricNoun(pl.Metric), num(pl.Size), core.Msg("sim.unit."+unit)
		low, high, pHolm := signed(pl.Low90*scale), signed(pl.High90*scale), fmt.Sprintf("%.2g", pl.PHolm)
		var line core.Message
		switch {
		case math.IsNaN(pl.Low90):
			line = msg.SimPlanNone(pr.B, metric, effect, unitWords)
		case pl.Equivalent:
			line = msg.SimPlanEquivalent(pr.B, metric, pr.A, effect, unitWords, low, high, pHolm)
		default:
			line = msg.SimPlanNotEquivalent(pr.B, metric, pr.A, effect, unitWords, low, high, pHolm)
		}
		b.WriteString(wrapped(p.Message(line), "  ", "    "))
		if pl.Power != nil {
			power := msg.SimPlanPower(effect, unitWords, pr.Games, fmt.Sprintf("%.0f", 100**pl.Power), *pl.GamesFor80)
			b.WriteString(wrapped(p.Message(power), "  ", "    "))
		}
	}
}
