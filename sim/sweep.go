package sim

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/internal/suggest"
	layout "github.com/meldlab/meldlab/internal/text"
)

// SweepSetup is a sweep: the experiment's variants are one base variant
// with one rule key set to each of Values in turn, played on the same
// seeds. The variants are named KEY=VALUE.
type SweepSetup struct {
	Key    string   `json:"key"`
	Base   string   `json:"base"`
	Values []string `json:"values"`
}

// MaxSweepValues bounds a sweep: each value is a full experiment.
const MaxSweepValues = 50

// ParseSweep reads --sweep: KEY=A..B:STEP (whole numbers from A to B by
// STEP) or KEY=v1,v2,... (any values, as a variant file writes them).
func ParseSweep(s string) (key string, values []string, err error) {
	key, spec, ok := strings.Cut(s, "=")
	key, spec = strings.TrimSpace(key), strings.TrimSpace(spec)
	if !ok || key == "" || spec == "" {
		return "", nil, sayErr(msg.SimSweepErrForm(strconv.Quote(s)))
	}
	if from, rest, ok := strings.Cut(spec, ".."); ok {
		to, stepText, hasStep := strings.Cut(rest, ":")
		if !hasStep {
			stepText = "1"
		}
		a, err1 := strconv.Atoi(strings.TrimSpace(from))
		b, err2 := strconv.Atoi(strings.TrimSpace(to))
		step, err3 := strconv.Atoi(strings.TrimSpace(stepText))
		switch {
		case err1 != nil || err2 != nil || err3 != nil:
			return "", nil, sayErr(msg.SimSweepErrWhole(strconv.Quote(s)))
		case step < 1:
			return "", nil, sayErr(msg.SimSweepErrStep(strconv.Quote(s), step))
		case a > b:
			return "", nil, sayErr(msg.SimSweepErrEmptyRange(strconv.Quote(s), a, b))
		}
		// The ends in the key's declared range first, in the words a
		// variant file with that value gets: then nothing below can wrap.
		if k := core.LookupRuleKey(key); k != nil && k.Type == core.IntKey {
			for _, v := range []int{a, b} {
				if err := k.Check(v); err != nil {
					return "", nil, sayErr(msg.SimSweepErrValue(strconv.Quote(s), err))
				}
			}
		}
		// Counted in unsigned arithmetic (b - a fits a uint64 whatever the
		// ends), and expanded by index, never by adding to a value.
		n := (uint64(b)-uint64(a))/uint64(step) + 1
		if n == 0 || n > MaxSweepValues { // 0: the whole uint64 range wrapped
			return "", nil, sayErr(msg.SimSweepErrTooMany(strconv.Quote(s), countWords(n), MaxSweepValues))
		}
		for i := range n {
			values = append(values, strconv.FormatInt(int64(a)+int64(i)*int64(step), 10))
		}
		return key, values, nil
	}
	seen := map[string]bool{}
	for _, v := range strings.Split(spec, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			return "", nil, sayErr(msg.SimSweepErrEmptyValue(strconv.Quote(s)))
		}
		if seen[v] {
			return "", nil, sayErr(msg.SimSweepErrTwice(strconv.Quote(s), escape.Line(v)))
		}
		seen[v] = true
		values = append(values, v)
	}
	if len(values) < 2 {
		return "", nil, sayErr(msg.SimSweepErrTwo(strconv.Quote(s)))
	}
	if len(values) > MaxSweepValues {
		return "", nil, sayErr(msg.SimSweepErrTooMany(strconv.Quote(s), len(values), MaxSweepValues))
	}
	return key, values, nil
}

// countWords is n, or 2^64 for the 0 that counting every uint64 wraps to.
func countWords(n uint64) string {
	if n == 0 {
		return "18446744073709551616"
	}
	return strconv.FormatUint(n, 10)
}

// SweepKeys are the keys a sweep may vary: the rules of a variant file
// that take one value (a whole number, true or false, a word).
func SweepKeys() []string {
	var out []string
	for _, k := range core.RuleKeys() {
		if !k.PerFile && k.Path != "hooks" && k.Path != "extends" &&
			(k.Type == core.IntKey || k.Type == core.BoolKey || k.Type == core.WordKey) {
			out = append(out, k.Path)
		}
	}
	return out
}

// Sweep turns base into one variant a value of key (ParseSweep's), named
// KEY=VALUE (SweepName), played by players seats. Each value is refused as
// a variant file with that value would be, in the same words
// (core.RuleKey.Parse, then core.Rules.Validate), and then as the rules of
// a game of that many players; the error lists every value refused.
func Sweep(base Variant, key string, values []string, players int) ([]Variant, *SweepSetup, error) {
	k := core.LookupRuleKey(key)
	if k == nil || !slices.Contains(SweepKeys(), key) {
		if k != nil && !k.PerFile {
			return nil, nil, sayErr(msg.SimSweepErrKind(key, k.Want()))
		}
		return nil, nil, sayErr(msg.SimSweepErrNoKey(strconv.Quote(key), strings.Join(SweepKeys(), ", ")))
	}
	var out []Variant
	var errs []error
	for _, val := range values {
		r, err := sweepRule(base.Rules, k, val, players)
		if err != nil {
			// The value as typed may hold control characters: escaped, never raw.
			errs = append(errs, sayErr(msg.SimSweepErrRefused(key, escape.Line(val), err)))
			continue
		}
		out = append(out, Variant{Name: SweepName(key, val), Rules: r, Base: base.Base})
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	return out, &SweepSetup{Key: key, Base: base.Name, Values: values}, nil
}

// sweepRule is r with k set to value, checked as every way in checks
// rules, then as the rules of a game of that many players.
func sweepRule(r core.Rules, k *core.RuleKey, value string, players int) (core.Rules, error) {
	v, err := k.Parse(value)
	if err != nil {
		var ve *core.ValueError
		if errors.As(err, &ve) && ve.Word != "" {
			return r, errors.New(ve.Msg + suggest.DidYouMean(ve.Word, k.Words)) // as a variant file says it
		}
		return r, err
	}
	k.Set(&r, v)
	if err := r.Validate(); err != nil {
		return r, err
	}
	names := make([]string, max(players, 1))
	for i := range names {
		names[i] = "p" + strconv.Itoa(i+1)
	}
	if _, err := core.NewGame(r, names, 1); err != nil {
		return r, err
	}
	return r, nil
}

// SweepName is the name of the variant with key set to value.
func SweepName(key, value string) string { return key + "=" + value }

// SweepReport is every metric against the swept value: each value's
// estimate with its interval (means: Student's t; shares: Wilson).
type SweepReport struct {
	Key     string        `json:"key"`
	Base    string        `json:"base"`
	Values  []string      `json:"values"`
	Metrics []SweepMetric `json:"metrics"`
}

// SweepMetric is one metric at each swept value, in Values' order.
type SweepMetric struct {
	Metric string     `json:"metric"`
	Unit   string     `json:"unit"`
	Points []Interval `json:"points"`
	// Slope is the metric's least-squares slope per unit of a numeric
	// swept value, with its paired interval (sweepSlope); nil otherwise.
	Slope *Interval `json:"slope,omitempty"`
}

// sweepReport gathers each variant's figure of each metric.
func (rep *Report) sweepReport(s *SweepSetup) *SweepReport {
	sr := &SweepReport{Key: s.Key, Base: s.Base, Values: s.Values}
	for _, m := range Metrics {
		sm := SweepMetric{Metric: m, Unit: metricUnits[m]}
		for i := range rep.Variants {
			sm.Points = append(sm.Points, variantFigure(&rep.Variants[i], m))
		}
		sm.Slope = rep.sweepSlope(s.Values, m)
		sr.Metrics = append(sr.Metrics, sm)
	}
	return sr
}

// variantFigure is one variant's estimate of a metric, the figure whose
// paired differences the comparisons give.
func variantFigure(v *VariantReport, metric string) Interval {
	switch metric {
	case MetricTurns:
		return v.TurnsMean
	case MetricPoolEmpty:
		return v.PoolEmpty.Share
	case MetricMeldTurn:
		return v.MeldTurn
	case MetricWinnerScore:
		return v.WinnerScore
	case MetricJokerLeft:
		return v.JokerLeft.Share
	case MetricFirstWins:
		if len(v.WinsByOrder) > 0 {
			return v.WinsByOrder[0].Share
		}
	}
	return Interval{math.NaN(), math.NaN(), math.NaN()}
}

// writeText writes the sweep's table: a row a value, a column a metric,
// the metrics in as many blocks of columns as fit 80 columns.
func (sr *SweepReport) writeText(b *strings.Builder, p *i18n.Printer) {
	b.WriteString("\n" + wrapped(p.Message(msg.SimSweepHead(sr.Key, strings.Join(sr.Values, ", "), sr.Base)), "", "    "))
	var head []string
	for _, id := range []string{"turns", "pool", "meld", "winner", "joker", "first"} {
		head = append(head, p.T("sim.sweep.col."+id))
	}
	w := max(len(sr.Key), 5)
	for _, v := range sr.Values {
		w = max(w, len(v))
	}
	cells := make([][]string, len(sr.Values)) // cells[value][metric]
	cw := 0
	for _, h := range head {
		cw = max(cw, utf8.RuneCountInString(h))
	}
	for i := range sr.Values {
		for _, m := range sr.Metrics {
			cells[i] = append(cells[i], sweepCell(m, i))
			cw = max(cw, len(cells[i][len(cells[i])-1]))
		}
	}
	per := max((layout.Width-2-w)/(cw+2), 1) // metric columns a block
	row := func(first string, cols []string) {
		var line strings.Builder
		fmt.Fprintf(&line, "  %-*s", w, first)
		for _, c := range cols {
			line.WriteString("  " + c + strings.Repeat(" ", max(0, cw-utf8.RuneCountInString(c))))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	for from := 0; from < len(head); from += per {
		to := min(from+per, len(head))
		if from > 0 {
			b.WriteString("\n")
		}
		row(sr.Key, head[from:to])
		for i, v := range sr.Values {
			row(v, cells[i][min(from, len(cells[i])):min(to, len(cells[i]))])
		}
	}
	sr.writeSlopes(b, p)
}

// sweepCell is metric m at the sweep's i-th value, "30.4 (25.6-35.1)",
// a share in percent.
func sweepCell(m SweepMetric, i int) string {
	scale := 1.0
	if m.Unit == "share" {
		scale = 100
	}
	p := m.Points[i]
	switch {
	case math.IsNaN(p.Value):
		return "-"
	case math.IsNaN(p.Low):
		return fmt.Sprintf("%.1f", p.Value*scale)
	default:
		return fmt.Sprintf("%.1f (%.1f-%.1f)", p.Value*scale, p.Low*scale, p.High*scale)
	}
}
