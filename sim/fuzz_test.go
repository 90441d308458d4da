package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// honestResults are the JSON of real results of many shapes
// (honestConfigs), made once.
var honestResults = sync.OnceValues(func() ([][]byte, error) {
	var out [][]byte
	for _, c := range honestConfigs() {
		r, err := Run(context.Background(), c)
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
})

// leaves are setters for every number of a decoded JSON document, and
// for every exact sum ("sum", "sum_sq"), in a fixed order.
func leaves(doc any) []func(v int64, den int) {
	var out []func(int64, int)
	var walk func(x any, set func(any), key string)
	walk = func(x any, set func(any), key string) {
		switch x := x.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				walk(x[k], func(v any) { x[k] = v }, k)
			}
		case []any:
			for i := range x {
				walk(x[i], func(v any) { x[i] = v }, key)
			}
		case json.Number:
			out = append(out, func(v int64, _ int) { set(json.Number(strconv.FormatInt(v, 10))) })
		case string:
			if key == "sum" || key == "sum_sq" {
				out = append(out, func(v int64, den int) { set(strconv.FormatInt(v, 10) + "/" + strconv.Itoa(den)) })
			}
		}
	}
	walk(doc, nil, "")
	return out
}

// FuzzValidate forges one or two numbers of a real result: whatever
// Validate accepts must merge, and report figures a run could give.
func FuzzValidate(f *testing.F) {
	f.Add(uint8(0), uint16(0), int64(0), uint16(0), int64(0))
	f.Add(uint8(1), uint16(40), int64(1)<<32, uint16(41), int64(1)<<62)
	f.Add(uint8(2), uint16(7), int64(-50), uint16(300), int64(3))
	f.Add(uint8(3), uint16(120), int64(math.MaxInt64), uint16(121), int64(math.MinInt64))
	f.Fuzz(func(t *testing.T, which uint8, i uint16, v int64, j uint16, w int64) {
		bases, err := honestResults()
		require.NoError(t, err)
		dec := json.NewDecoder(bytes.NewReader(bases[int(which)%len(bases)]))
		dec.UseNumber()
		var doc any
		require.NoError(t, dec.Decode(&doc))
		set := leaves(doc)
		set[int(i)%len(set)](v, int(j)%7+1)
		set[int(j)%len(set)](w, int(i)%7+1)
		b, err := json.Marshal(doc)
		require.NoError(t, err)
		var r Result
		if json.Unmarshal(b, &r) != nil || r.Validate() != nil {
			return
		}
		merged, err := Merge(&r)
		require.NoError(t, err, "Validate accepted it")
		checkFigures(t, merged.Report())
	})
}

// checkFigures fails t on a figure no run could report: a mean outside its
// range, a share outside 0..1, an interval that leaves out its estimate, a
// difference between two variants that their own figures contradict.
func checkFigures(t *testing.T, rep *Report) {
	t.Helper()
	s := &rep.Setup
	turnCap := float64(s.TurnCap)
	in := func(what string, iv Interval, lo, hi float64) {
		t.Helper()
		for _, x := range []float64{iv.Value, iv.Low, iv.High} {
			assert.False(t, math.IsInf(x, 0), "%s: %+v", what, iv)
		}
		if math.IsNaN(iv.Value) {
			return
		}
		assert.True(t, iv.Value >= lo && iv.Value <= hi, "%s: %v outside %v to %v", what, iv.Value, lo, hi)
		if !math.IsNaN(iv.Low) {
			assert.True(t, iv.Low <= iv.Value+1e-9 && iv.Value <= iv.High+1e-9, "%s: %+v", what, iv)
		}
	}
	for _, v := range rep.Variants {
		in(v.Name+" turns", v.TurnsMean, 0, turnCap)
		in(v.Name+" meld turn", v.MeldTurn, 0, turnCap)
		in(v.Name+" meld turn of openers", v.MeldTurnOpeners, 1, turnCap)
		in(v.Name+" winner's score", v.WinnerScore, 0, float64(maxWinnerScore))
		if v.TurnsMedian != nil {
			assert.True(t, *v.TurnsMedian >= 0 && *v.TurnsMedian <= turnCap, "%s median %v", v.Name, *v.TurnsMedian)
		}
		shares := []Proportion{v.PoolEmpty, v.Blocked, v.NeverOpened, v.JokerLeft, v.Timeouts, v.Penalties}
		for _, ws := range [][]Win{v.WinsBySeat, v.WinsByOrder, v.WinsByBot, v.MatchWins} {
			for _, w := range ws {
				shares = append(shares, w.Proportion)
			}
		}
		for k, p := range shares {
			in(v.Name+" share "+strconv.Itoa(k), p.Share, 0, 1)
		}
	}
	byName := map[string]*VariantReport{}
	for i := range rep.Variants {
		byName[rep.Variants[i].Name] = &rep.Variants[i]
	}
	for _, p := range rep.Pairs {
		a, b := byName[p.A], byName[p.B]
		for _, d := range p.Diffs {
			r := float64(metricRange(d.Metric, s))
			in(p.B+" vs "+p.A+" "+d.Metric, d.Mean, -r, r)
			// One round a game, every game finished under both: the mean
			// difference is the difference of the means.
			if s.Rounds == 1 && d.N == int64(rep.Games-len(rep.Failed)) && a.Finished == d.N && b.Finished == d.N && d.N > 0 {
				want := variantFigure(b, d.Metric).Value - variantFigure(a, d.Metric).Value
				assert.InDelta(t, want, d.Mean.Value, 1e-6*math.Max(1, math.Abs(want)), "%s vs %s: %s", p.B, p.A, d.Metric)
			}
		}
	}
	var text bytes.Buffer
	require.NoError(t, rep.WriteText(&text))
	assert.NotContains(t, text.String(), "NaN")
	assert.NotContains(t, text.String(), "Inf")
}
