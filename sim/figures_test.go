package sim

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/internal/stats"
)

// TestDetectable checks the smallest difference a comparison could detect
// with 80% power: (t(1-α/2) + t(0.8))·se, unadjusted and at α/m (Holm's
// strictest step); never the games that would detect a difference the size
// seen (power at the observed difference, issue 45).
func TestDetectable(t *testing.T) {
	// 100 games, se 0.5 (the interval's half-width over t(0.975; 99)).
	t975, t80 := stats.TQuantile(0.975, 99), stats.TQuantile(0.8, 99)
	iv := func(mean float64) Interval { return Interval{mean, mean - t975*0.5, mean + t975*0.5} }
	tests := []struct {
		name  string
		mean  float64
		clear bool
		m     int
		raw   float64
		holm  float64
	}{
		// (1.984 + 0.845)·0.5 = 1.415; at α/6: (2.694 + 0.845)·0.5 = 1.770.
		{"unclear, small", 0.6, false, 6, (t975 + t80) * 0.5, (stats.TQuantile(1-0.05/12, 99) + t80) * 0.5},
		{"unclear, far below what it could detect", 0.05, false, 6, (t975 + t80) * 0.5, (stats.TQuantile(1-0.05/12, 99) + t80) * 0.5},
		{"clear", 3, true, 1, (t975 + t80) * 0.5, (t975 + t80) * 0.5},
		{"no difference at all", 0, false, 6, (t975 + t80) * 0.5, (stats.TQuantile(1-0.05/12, 99) + t80) * 0.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := Diff{N: 100, Mean: iv(tc.mean), Clear: tc.clear}
			d.setPower(tc.m)
			require.NotNil(t, d.Detectable)
			assert.InDelta(t, tc.raw, *d.Detectable, 1e-9)
			assert.InDelta(t, tc.holm, *d.DetectableHolm, 1e-9)
		})
	}
	d := Diff{N: 1, Mean: Interval{1, math.NaN(), math.NaN()}}
	d.setPower(6)
	assert.Nil(t, d.Detectable, "one game: no spread, nothing detectable")
}

// TestFiguresSayWhatTheyCanShow checks the report's words on what each
// comparison could detect, in full.
func TestFiguresSayWhatTheyCanShow(t *testing.T) {
	t975 := stats.TQuantile(0.975, 99)
	pr := PairReport{A: "original", B: "house/fifty", Games: 100, SameDeals: 100}
	for _, m := range Metrics {
		d := Diff{Metric: m, Unit: metricUnits[m], N: 100, Mean: Interval{0.6, 0.6 - t975*0.5, 0.6 + t975*0.5}}
		if metricUnits[m] == "share" {
			d.Mean = Interval{0.01, 0.01 - t975*0.02, 0.01 + t975*0.02}
		}
		d.setPower(6)
		d.summary = summary(pr.A, pr.B, &d, 6, nil)
		pr.Diffs = append(pr.Diffs, d)
	}
	rep := &Report{Setup: Setup{Games: 100, Players: 4, Bots: []string{"a", "b", "c", "d"}, Variants: []string{"original", "house/fifty"}},
		Games: 100, Complete: true, Level: Level, Pairs: []PairReport{pr}, Comparisons: 6, Warnings: []string{}}
	var b bytes.Buffer
	require.NoError(t, rep.WriteText(&b))
	text := Unwrap(b.String())
	for _, want := range []string{
		"  house/fifty: no clear difference in round length from original (+0.6, 95% CI -0.4 to +1.6); " +
			"it could detect a difference of 1.8 turns or more (80% power, after Holm)\n",
		"  house/fifty: no clear difference in rounds ending with an empty pool from original (+1.0, 95% CI -3.0 to +5.0); " +
			"it could detect a difference of 7.1 percentage points or more (80% power, after Holm)\n",
		"  smallest differences these 100 games could detect (80% power, after Holm): round length 1.8 turns; " +
			"rounds ending with an empty pool 7.1 percentage points; the turn of the initial meld 1.8 turns; " +
			"the winner's score 1.8 points; jokers left on a rack 7.1 percentage points; the first player's win rate " +
			"7.1 percentage points\n",
	} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, "too small an experiment")
	assert.NotContains(t, text, "the size seen")
}

// TestNoneInN checks that a share of nothing reads "none in N" with the
// interval's upper end, never "0.0% (0.0-0.0)" that looks certain.
func TestNoneInN(t *testing.T) {
	p := i18n.New(i18n.English)
	tests := []struct {
		k, n int64
		want string
	}{
		{0, 6, "none in 6 (95% CI up to 39.0%)"},
		{0, 1000, "none in 1000 (95% CI up to 0.4%)"},
		{3, 6, "50.0% (18.8-81.2)"},
		{6, 6, "100.0% (61.0-100.0)"},
		{0, 0, "-"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, share(newProportion(tc.k, tc.n), p), "%d of %d", tc.k, tc.n)
	}
	assert.Equal(t, "none in 200 rounds (95% CI up to 1.9%)", shareOf(newProportion(0, 200), "rounds", p))
	assert.Equal(t, "1.5% (0.5-4.3) of rounds", shareOf(newProportion(3, 200), "rounds", p))
	assert.Equal(t, "ningún caso en 200 partidas (IC 95% hasta el 1.9%)", shareOf(newProportion(0, 200), "rounds", i18n.New(i18n.Spanish)))
}

// TestNoTickIsMinusZero checks the SVG's axis labels.
func TestNoTickIsMinusZero(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{-0.0001, "0"}, {-1e-17, "0"}, {math.Copysign(0, -1), "0"}, {0, "0"}, {-0.5, "-0.5"}, {2.25, "2.25"}, {10, "10"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, trimFloat(tc.v), "%g", tc.v)
	}
}

// TestForestLegendSaysWhatGreyMeans checks the forest plot's legend.
func TestForestLegendSaysWhatGreyMeans(t *testing.T) {
	res, err := Run(context.Background(), quick(6))
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteSVG(&b))
	_, words := svgTexts(t, &b)
	assert.Contains(t, words, "black: a clear difference (its interval leaves out 0, and so does Holm's correction for all 6 comparisons);")
	assert.Contains(t, words, "grey: not clear: the interval spans 0, or it leaves out 0 but fails Holm's correction")
}

// TestWarningsNeverNull checks that a report without warnings says so
// with an empty list.
func TestWarningsNeverNull(t *testing.T) {
	c := quick(3)
	c.Variants = c.Variants[:1]
	c.Bots = []string{"random"}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	rep := res.Report()
	assert.NotNil(t, rep.Warnings)
	var b bytes.Buffer
	require.NoError(t, rep.WriteJSON(&b))
	assert.Contains(t, b.String(), `"warnings": []`)
}

// TestSeatingWarning checks that wins by bot are said to depend on the
// seating when the bots keep their seats.
func TestSeatingWarning(t *testing.T) {
	r := &Result{Setup: Setup{Players: 4, Bots: []string{"greedy", "greedy", "patient", "random"}},
		Variants: []*VariantStats{{Name: "original", Finished: 1000, WinsBySeat: []int64{440, 270, 250, 40}}}}
	same := &Result{Setup: Setup{Players: 2, Bots: []string{"greedy", "greedy"}},
		Variants: []*VariantStats{{Name: "original", Finished: 1000, WinsBySeat: []int64{600, 400}}}}
	tests := []struct {
		name string
		r    *Result
		want []string
	}{
		{"mixed bots", r, []string{"wins by bot depend on the seating: each bot keeps its seats, and under original " +
			"greedy wins 44.0% in seat 1 and 27.0% in seat 2; to compare bots, use meldlab tournament, " +
			"which seats every bot in every seat"}},
		{"one bot", same, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, m := range tc.r.seatingWarnings() {
				got = append(got, inEnglish(m))
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestLongBotPathFits80 checks that every line of the report fits 80
// columns even when a bot is a Lua file given by a long path.
func TestLongBotPathFits80(t *testing.T) {
	long := "/home/someone/experiments/meldlab/bots/contributed/very-long-folder-name/" +
		"an-even-longer-bot-file-name-that-goes-on.lua"
	rep := &Report{Setup: Setup{Games: 10, Players: 2, Bots: []string{long, "greedy"}, Variants: []string{"original"}, Seed: 1},
		Games: 10, Complete: true, Level: Level, Pairs: []PairReport{}, Warnings: []string{}}
	rep.Variants = []VariantReport{{Name: "original", Games: 10, Rounds: 10, Finished: 10,
		WinsBySeat: []Win{seatWin(0, long, newProportion(5, 10)), seatWin(1, "greedy", newProportion(5, 10))},
		WinsByBot:  []Win{{Label: long, Proportion: newProportion(5, 10)}, {Label: "greedy", Proportion: newProportion(5, 10)}}}}
	var b bytes.Buffer
	require.NoError(t, rep.WriteText(&b))
	for _, line := range strings.Split(b.String(), "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 80, line)
	}
	assert.Contains(t, b.String(), "\n                         (/home/someone/experiments/meldlab/bots/contributed/\n"+
		"                         very-long-folder-name/\n"+
		"                         an-even-longer-bot-file-name-that-goes-on.lua)\n", "the path is all there, broken at its slashes")
}

// TestNothingSeen checks the words for a metric neither variant showed,
// and for a difference the same in every game.
func TestNothingSeen(t *testing.T) {
	tests := []struct {
		name string
		d    Diff
		none *nothingSeen
		want string
	}{
		{"no joker left under either", Diff{Metric: MetricJokerLeft, N: 6, Mean: Interval{0, 0, 0}},
			&nothingSeen{NA: 6, NB: 6, UpperA: newProportion(0, 6).Share.High, UpperB: newProportion(0, 6).Share.High},
			"house/fifty: jokers left on a rack: none in 6 rounds, nor in 6 under original (95% CI up to 39.0% and 39.0%)"},
		{"the same difference in every game", Diff{Metric: MetricTurns, N: 6, Mean: Interval{2, 2, 2}}, nil,
			"house/fifty: round length: the same difference from original, +2.0, in every one of the 6 games " +
				"(no spread, so no interval)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.d.setPower(6)
			assert.Nil(t, tc.d.Detectable, "no spread: nothing to detect against")
			assert.Equal(t, tc.want, inEnglish(summary("original", "house/fifty", &tc.d, 6, tc.none)))
		})
	}
}
