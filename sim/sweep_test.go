package sim

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/stats"
)

func TestParseSweep(t *testing.T) {
	tests := []struct {
		in     string
		key    string
		values []string
		err    string
	}{
		{in: "opening.points=20..50:5", key: "opening.points", values: []string{"20", "25", "30", "35", "40", "45", "50"}},
		{in: "time_limit.penalty_tiles=0..3:1", key: "time_limit.penalty_tiles", values: []string{"0", "1", "2", "3"}},
		{in: "draw.tiles=1..3", key: "draw.tiles", values: []string{"1", "2", "3"}},
		{in: "opening.points=20..50:7", key: "opening.points", values: []string{"20", "27", "34", "41", "48"}},
		{in: "joker.keep=true,false", key: "joker.keep", values: []string{"true", "false"}},
		{in: " deal.method = draw , piles ", key: "deal.method", values: []string{"draw", "piles"}},
		{in: "opening.points", err: `sweep "opening.points": write KEY=A..B:STEP or KEY=v1,v2,..., as opening.points=20..50:5 or joker.keep=true,false`},
		{in: "opening.points=50..20:5", err: `sweep "opening.points=50..20:5": 50..20 is empty: write the smaller value first`},
		{in: "opening.points=20..50:0", err: `sweep "opening.points=20..50:0": the step must be 1 or more, not 0`},
		{in: "opening.points=a..b", err: `sweep "opening.points=a..b": A..B:STEP takes whole numbers, as 20..50:5`},
		{in: "opening.points=0..100:1", err: `sweep "opening.points=0..100:1": 101 values; a sweep takes at most 50`},
		{in: "joker.keep=true", err: `sweep "joker.keep=true": a sweep needs two values or more`},
		{in: "joker.keep=true,true", err: `sweep "joker.keep=true,true": true is given twice`},
		{in: "joker.keep=true,,false", err: `sweep "joker.keep=true,,false": an empty value`},
		// A range is checked against the key's declared range before it is
		// expanded: values near the integer limit neither wrap nor loop.
		{in: "opening.points=2000..2010:5", err: `sweep "opening.points=2000..2010:5": opening.points is 2000; it must be 0..1000`},
		{in: "opening.points=-5..20:5", err: `sweep "opening.points=-5..20:5": opening.points is -5; it must be 0..1000`},
		{in: "opening.points=9223372036854775800..9223372036854775807:5",
			err: `sweep "opening.points=9223372036854775800..9223372036854775807:5": opening.points is 9223372036854775800; it must be 0..1000`},
		{in: "opening.points=-9223372036854775808..9223372036854775807:1",
			err: `sweep "opening.points=-9223372036854775808..9223372036854775807:1": opening.points is -9223372036854775808; it must be 0..1000`},
		{in: "opening.points=1..1000:9223372036854775807", key: "opening.points", values: []string{"1"}},
		// Keys the lab does not know (or not whole numbers) are left to the
		// caller, which names them; the count stays bounded all the same.
		{in: "no.such=-9223372036854775808..9223372036854775807:1",
			err: `sweep "no.such=-9223372036854775808..9223372036854775807:1": 18446744073709551616 values; a sweep takes at most 50`},
		{in: "no.such=9223372036854775800..9223372036854775807:5", key: "no.such",
			values: []string{"9223372036854775800", "9223372036854775805"}},
	}
	for _, tc := range tests {
		key, values, err := ParseSweep(tc.in)
		if tc.err != "" {
			require.Error(t, err, tc.in)
			assert.Equal(t, tc.err, err.Error())
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.key, key)
		assert.Equal(t, tc.values, values)
	}
}

func TestSweepReport(t *testing.T) {
	c := quick(8)
	c.Bots = []string{"random"}
	c.Variants = nil
	values := []string{"10", "30", "50"}
	for _, pts := range []int{10, 30, 50} {
		r := core.Original()
		r.Opening.Points = pts
		c.Variants = append(c.Variants, Variant{Name: SweepName("opening.points", values[len(c.Variants)]), Rules: r})
	}
	c.Sweep = &SweepSetup{Key: "opening.points", Base: "original", Values: values}
	// Independently: each value's mean round length and share of rounds the
	// first player won, from the rows.
	turns := map[string][]float64{}
	firstWins := map[string]float64{}
	c.OnRound = func(r *RoundRecord) error {
		turns[r.Variant] = append(turns[r.Variant], float64(r.Turns))
		if r.Winners[0] == r.First {
			firstWins[r.Variant]++
		}
		return nil
	}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	sr := res.Report().Sweep
	require.NotNil(t, sr)
	assert.Equal(t, values, sr.Values)
	require.Len(t, sr.Metrics, len(Metrics))
	for i, v := range c.Variants {
		var sum float64
		for _, x := range turns[v.Name] {
			sum += x
		}
		assert.InDelta(t, sum/8, sr.Metrics[0].Points[i].Value, 1e-9, v.Name)
		assert.InDelta(t, firstWins[v.Name]/8, sr.Metrics[5].Points[i].Value, 1e-9, v.Name)
		lo, hi := stats.Wilson(int64(firstWins[v.Name]), 8, stats.NormalQuantile(0.975))
		assert.InDelta(t, lo, sr.Metrics[5].Points[i].Low, 1e-12)
		assert.InDelta(t, hi, sr.Metrics[5].Points[i].High, 1e-12)
	}
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteText(&b))
	text := b.String()
	assert.Contains(t, text, "\nSweep of opening.points over 10, 30, 50 (from original; 95% intervals):\n"+
		"  opening.points  turns a round       empty pool %        meld turn\n"+
		"  10              99.1 (93.6-104.7)   100.0 (67.6-100.0)  6.4 (3.9-8.9)\n"+
		"  30              97.4 (88.5-106.2)   100.0 (67.6-100.0)  13.9 (8.7-19.1)\n"+
		"  50              91.9 (83.2-100.5)   100.0 (67.6-100.0)  28.3 (21.4-35.3)\n"+
		"\n"+
		"  opening.points  winner score        joker left %        1st wins %\n"+
		"  10              64.6 (38.2-91.0)    0.0 (0.0-32.4)      62.5 (30.6-86.3)\n"+
		"  30              62.1 (38.8-85.5)    0.0 (0.0-32.4)      25.0 (7.1-59.1)\n"+
		"  50              86.2 (29.0-143.5)   0.0 (0.0-32.4)      0.0 (0.0-32.4)\n")
	assert.Contains(t, text, "\nopening.points=30 vs opening.points=10 (8 paired games")
	assert.Contains(t, text, "\nopening.points=50 vs opening.points=30 (8 paired games")
	assert.NotContains(t, text, "\nopening.points=50 vs opening.points=10", "the text compares each value with the next")
	assert.Contains(t, Unwrap(text), "Holm's correction for the 12 comparisons shown (each value against the next")
	rep := res.Report()
	assert.Len(t, rep.Pairs, 3, "JSON keeps every pair")
	assert.Equal(t, 12, rep.Comparisons, "Holm over the adjacent pairs only")
	far := rep.Pairs[1].Diffs[0] // 50 against 10: a raw p, no correction
	assert.Equal(t, "opening.points=50", rep.Pairs[1].B)
	assert.NotNil(t, far.P)
	assert.Nil(t, far.PHolm)
	assert.False(t, far.Clear)

	b.Reset()
	require.NoError(t, res.Report().WriteSVG(&b))
	_, words := svgTexts(t, &b)
	all := strings.Join(words, "|")
	assert.Contains(t, all, "Every metric against opening.points, with 95% intervals")
	assert.Contains(t, all, "the winner's score (points)")

	c.Variants[1].Name = "thirty"
	_, err = Run(context.Background(), c)
	require.Error(t, err)
	assert.Equal(t, "the sweep's variants must be named opening.points=VALUE, one a value, in order", err.Error())
}

// A sweep is a library call: one variant a value, each value checked as a
// variant file's would be, every refused value named.
func TestSweepMakesTheVariants(t *testing.T) {
	base := Variant{Name: "original", Rules: core.Original(), Base: "original"}
	vs, setup, err := Sweep(base, "opening.points", []string{"30", "50"}, 4)
	require.NoError(t, err)
	require.Len(t, vs, 2)
	assert.Equal(t, "opening.points=50", vs[1].Name)
	assert.Equal(t, 50, vs[1].Rules.Opening.Points)
	assert.Equal(t, 30, base.Rules.Opening.Points, "the base is left as it was")
	assert.Equal(t, &SweepSetup{Key: "opening.points", Base: "original", Values: []string{"30", "50"}}, setup)

	_, _, err = Sweep(base, "direction", []string{"left", "rigth", "up"}, 4)
	assert.EqualError(t, err, `--sweep direction=rigth: direction is "rigth"; it must be one of left, right (did you mean "right"?)`+"\n"+
		`--sweep direction=up: direction is "up"; it must be one of left, right`)
	_, _, err = Sweep(base, "deal.piles", []string{"7"}, 4)
	assert.EqualError(t, err, "--sweep: deal.piles is a list of whole numbers, as [7, 7, 8]: a sweep takes a number, true or false, or a word")
	_, _, err = Sweep(base, "players.max", []string{"3"}, 4)
	assert.ErrorContains(t, err, "--sweep players.max=3: ")
}
