package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/stats"
)

// noClock is the original rules without a time limit, as italian and novelty.
func noClock() core.Rules {
	r := core.Original()
	r.Name = "house/no-clock"
	r.TimeLimit.Seconds = 0
	return r
}

func TestNoClockNoTimeouts(t *testing.T) {
	c := quick(6)
	c.Bots = []string{"random"}
	c.Variants = []Variant{{Name: "original", Rules: core.Original()}, {Name: "house/no-clock", Rules: noClock()}}
	c.TimeoutRate = 0.2
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	rep := res.Report()
	assert.Positive(t, rep.Variants[0].Timeouts.K, "the original has a clock")
	assert.Equal(t, int64(0), rep.Variants[1].Timeouts.K, "no clock, no timeouts")
	assert.Equal(t, []string{"house/no-clock"}, rep.Setup.NoClock)
	var b bytes.Buffer
	require.NoError(t, rep.WriteText(&b))
	assert.Equal(t, 1, strings.Count(Unwrap(b.String()), "timeout rate does nothing"), "said once")
	assert.Contains(t, Unwrap(b.String()), "No timeouts under house/no-clock: no time limit, so the timeout rate does nothing there.\n")

	c.TimeoutRate = 0 // nothing to say without a rate
	res, err = Run(context.Background(), c)
	require.NoError(t, err)
	b.Reset()
	require.NoError(t, res.Report().WriteText(&b))
	assert.NotContains(t, Unwrap(b.String()), "timeout rate")
}

func TestPairingSaysWhatItCovers(t *testing.T) {
	fifteen := core.Original()
	fifteen.Name = "house/fifteen"
	fifteen.Deal.Tiles = 15
	c := quick(5)
	c.Bots = []string{"random"}
	c.Variants = append(c.Variants, Variant{Name: "house/fifteen", Rules: fifteen})
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	rep := res.Report()
	require.Len(t, rep.Pairs, 3)
	same, differ := rep.Pairs[0], rep.Pairs[1]
	assert.Equal(t, [3]any{int64(5), int64(5), "same deals"}, [3]any{same.Games, same.SameDeals, same.Paired})
	assert.Equal(t, [3]any{int64(5), int64(0), "same seeds, different deals"}, [3]any{differ.Games, differ.SameDeals, differ.Paired})
	var b bytes.Buffer
	require.NoError(t, rep.WriteText(&b))
	assert.Contains(t, Unwrap(b.String()), "\nhouse/fifty vs original (5 paired games: same seeds, same deals):\n")
	assert.Contains(t, Unwrap(b.String()), "\nhouse/fifteen vs original (5 games on the same seeds; different deals, "+
		"so each difference also mixes in the luck of the deal):\n")
	assert.Equal(t, "same seeds, same deals in 3 of 7 games", pairing(7, 3))
}

// panicky are hooks that leave every rule alone but panic at the end of a
// turn: a stand-in for any bug deep in a game.
type panicky struct{}

func (panicky) Deal(*core.View) ([][]core.Tile, bool, error) { return nil, false, nil }
func (panicky) FirstPlayer(*core.View) (int, bool, error)    { return 0, false, nil }
func (panicky) CheckPlay(*core.View, core.Table, []core.Tile) (bool, string, error) {
	return true, "", nil
}
func (panicky) ScoreRound(_ *core.View, s []int) ([]int, bool, error) { return s, false, nil }
func (panicky) OnTurnEnd(*core.View) error                            { panic("the memo lost a proven play") }

// quiet are hooks that change nothing.
type quiet struct{ panicky }

func (quiet) OnTurnEnd(*core.View) error { return nil }

func TestFailedGameIsReportedAndTheRunGoesOn(t *testing.T) {
	hooked := fifty()
	hooked.Hooks = "house/buggy.lua"
	c := quick(6)
	c.Bots = []string{"random"}
	c.Variants[1].Rules = hooked
	bad := GameSeed(c.Seed, 2)
	c.Factory = hookFactory(func(seed uint64) (core.Hooks, error) {
		if seed == bad {
			return panicky{}, nil
		}
		return quiet{}, nil
	})
	var rows []int
	c.OnRound = func(r *RoundRecord) error { rows = append(rows, r.Game); return nil }
	res, err := Run(context.Background(), c)
	require.NoError(t, err, "one failing game never stops the run")
	require.Len(t, res.Failed, 1)
	assert.Equal(t, FailedGame{Game: 2, Seed: bad, Variant: "house/fifty", Error: "panic: the memo lost a proven play"}, res.Failed[0])
	assert.Equal(t, []int{0, 0, 1, 1, 3, 3, 4, 4, 5, 5}, rows, "game 2 is left out under every variant")
	rep := res.Report()
	assert.Equal(t, int64(5), rep.Variants[0].Games)
	assert.Equal(t, int64(5), rep.Pairs[0].Games)
	var b bytes.Buffer
	require.NoError(t, rep.WriteText(&b))
	assert.Contains(t, Unwrap(b.String()), "1 games FAILED and are left out of every figure (replay one with its seed):\n"+
		"  game 2 (seed "+strconv.FormatUint(bad, 10)+") under house/fifty: panic: the memo lost a proven play\n")

	// Shards carry their failures through a merge, which still equals one run.
	shards := runShards(t, c, 2, 1, 2)
	merged, err := Merge(shards[1], shards[0])
	require.NoError(t, err)
	assert.Equal(t, reportJSON(t, res), reportJSON(t, merged))
}

func TestMergeRefusesImpossibleStatistics(t *testing.T) {
	c := quick(4)
	c.Bots = []string{"random"}
	tests := []struct {
		name string
		edit func(r *Result)
		err  string
	}{
		{"negative games", func(r *Result) { r.Variants[0].Games = -999999999999980 },
			`result 1: variant "original": impossible statistics: a negative count`},
		{"more games than played", func(r *Result) { r.Variants[1].Games = 40 },
			`result 1: variant "house/fifty": impossible statistics: 40 games where 4 were played`},
		{"wins", func(r *Result) { r.Variants[0].WinsBySeat[0] += 100 },
			`result 1: variant "original": impossible statistics: 104 wins in 4 finished rounds (0 won by nobody)`},
		{"histogram", func(r *Result) { r.Variants[0].TurnHist[len(r.Variants[0].TurnHist)-1]++ },
			`result 1: variant "original": impossible statistics: 4 finished and 0 capped of 4 rounds`},
		{"sums of squares", func(r *Result) { r.Variants[0].WinnerSumSq = 1 },
			`result 1: variant "original": impossible statistics: the winners' score sums`},
		{"paired sums", func(r *Result) { r.Pairs[0].Metrics[0].SumSq.SetInt64(-1) },
			"result 1: pair original/house/fifty: impossible statistics for turns: n 4, sum " +
				"%s, sum of squares -1"},
		{"covered", func(r *Result) { r.Covered = []GameRange{{0, 9}} }, "result 1: covers games 0 to 8, outside 0 to 3"},
		{"setup", func(r *Result) { r.Setup.Players = 0 }, "result 1: setup: players 0, not at least 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Run(context.Background(), c)
			require.NoError(t, err)
			require.NoError(t, r.Validate())
			want := strings.Replace(tc.err, "%s", r.Pairs[0].Metrics[0].Sum.RatString(), 1)
			tc.edit(r)
			_, err = Merge(r)
			require.Error(t, err)
			assert.Equal(t, want, err.Error())
		})
	}
}

func TestOneVariantJSONHasNoPairs(t *testing.T) {
	c := quick(2)
	c.Variants = c.Variants[:1]
	c.Bots = []string{"random"}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	js := reportJSON(t, res)
	assert.Contains(t, js, `"pairs": [],`)
	assert.Contains(t, js, `"failed_games": []`)
	assert.Contains(t, resultJSON(t, res), `"pairs":[]`)
}

// svgTexts are the SVG's text elements: their y and their words.
func svgTexts(t *testing.T, r io.Reader) (ys []float64, words []string) {
	dec := xml.NewDecoder(r)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return ys, words
		}
		require.NoError(t, err)
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
			var body string
			require.NoError(t, dec.DecodeElement(&body, &se))
			for _, a := range se.Attr {
				if a.Name.Local == "y" {
					y, err := strconv.ParseFloat(a.Value, 64)
					require.NoError(t, err)
					ys = append(ys, y)
					words = append(words, body)
				}
			}
		}
	}
}

func TestSVGManyVariants(t *testing.T) {
	c := quick(4)
	c.Bots = []string{"random"}
	c.Variants = nil
	for k := range 8 {
		r := core.Original()
		r.Opening.Points = 20 + 5*k
		c.Variants = append(c.Variants, Variant{Name: "house/opening-" + strconv.Itoa(r.Opening.Points), Rules: r})
	}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteSVG(&b))
	ys, words := svgTexts(t, &b)
	legendBottom, title := 0.0, math.Inf(1)
	for i, w := range words {
		if strings.HasPrefix(w, "house/opening-") && title == math.Inf(1) {
			legendBottom = max(legendBottom, ys[i])
		}
		if strings.HasPrefix(w, "Round length") {
			title = ys[i]
		}
	}
	assert.Less(t, legendBottom+14, title, "the legend ends above the round-length title")
	// One small panel a variant: each name appears in the legend and above its panel.
	for _, v := range c.Variants {
		n := 0
		for _, w := range words {
			if w == v.Name {
				n++
			}
		}
		assert.Equal(t, 2, n, v.Name)
	}
	all := strings.Join(words, "|")
	assert.Contains(t, all, "Difference in round length (turns), with 95% intervals")
	assert.Contains(t, all, "house/opening-55 vs house/opening-20")
	assert.Equal(t, 28*6, strings.Count(all, " vs house/opening-"), "each of the 28 pairs has a row in each of the 6 metric panels")
}

func TestMeldTurnCountsNeverOpened(t *testing.T) {
	c := quick(30)
	c.Variants = []Variant{{Name: "house/fifty", Rules: fifty()}}
	c.Bots = []string{"random"}
	// Independent computation: from the rows, each seat's meld turn, or the
	// round's length for a seat that never opened; mean and t interval.
	var xs []float64
	never := 0
	c.OnRound = func(r *RoundRecord) error {
		for _, t := range r.OpenTurns {
			if t == 0 {
				never++
				t = r.Turns
			}
			xs = append(xs, float64(t))
		}
		return nil
	}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	require.Positive(t, never, "the seed must give a seat that never opened")
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	half := stats.TQuantile(0.975, float64(len(xs)-1)) * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
	got := res.Report().Variants[0].MeldTurn
	assert.InDelta(t, mean, got.Value, 1e-9)
	assert.InDelta(t, mean-half, got.Low, 1e-9)
	assert.InDelta(t, mean+half, got.High, 1e-9)
	assert.Greater(t, got.Value, res.Report().Variants[0].MeldTurnOpeners.Value, "the openers alone meld earlier")
}

func TestResultRoundTripsThroughJSON(t *testing.T) {
	c := quick(3)
	c.Bots = []string{"random"}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	b, err := json.Marshal(res)
	require.NoError(t, err)
	var back Result
	require.NoError(t, json.Unmarshal(b, &back))
	require.NoError(t, back.Validate())
	assert.Equal(t, reportJSON(t, res), reportJSON(t, &back))
}

func TestResultSumsDecodedBounded(t *testing.T) {
	c := quick(2)
	c.Bots = []string{"random"}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	good, err := json.Marshal(res)
	require.NoError(t, err)
	sum := `"sum":"` + res.Pairs[0].Metrics[0].Sum.RatString() + `"`
	require.Contains(t, string(good), sum)
	long := strings.Repeat("9", MaxSumDigits+1)
	tests := []struct{ sum, err string }{
		// An exponent would be expanded by big.Rat before any check: a
		// few such sums once took gigabytes.
		{`"1e1000000"`, `metric turns: sum "1e1000000" is not a whole number or a fraction of two, as -3/4`},
		{`"1.5"`, `metric turns: sum "1.5" is not a whole number or a fraction of two, as -3/4`},
		{`"1/0"`, `metric turns: sum "1/0" divides by zero`},
		{`"0x10"`, `metric turns: sum "0x10" is not a whole number or a fraction of two, as -3/4`},
		{`"` + long + `"`, `sum: longer than 100000 characters`},
		{`"\u0031e9"`, `metric turns: sum "1e9" is not a whole number or a fraction of two, as -3/4`},
		{`12`, `sum: 12 is not a string`},
	}
	for _, tc := range tests {
		var r Result
		err := json.Unmarshal([]byte(strings.Replace(string(good), sum, `"sum":`+tc.sum, 1)), &r)
		require.Error(t, err, tc.sum)
		assert.Equal(t, tc.err, err.Error())
	}
	// Real sums, whole or fractions, still read back exactly.
	var back Result
	require.NoError(t, json.Unmarshal(good, &back))
	for i, p := range back.Pairs {
		for k, m := range p.Metrics {
			assert.Equal(t, 0, m.Sum.Cmp(res.Pairs[i].Metrics[k].Sum))
			assert.Equal(t, 0, m.SumSq.Cmp(res.Pairs[i].Metrics[k].SumSq))
		}
	}
}

// honestConfigs are runs of many shapes: capped rounds, matches of several
// rounds, timeouts, two players, different deals.
func honestConfigs() []Config {
	italian := core.Original()
	italian.Name = "italian"
	italian.Deal.Method = core.DealPiles
	italian.Deal.Piles = []int{7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8}
	italian.Deal.Take = 2
	var out []Config
	c := quick(6)
	c.Bots = []string{"random"}
	out = append(out, c)
	c = quick(6)
	c.TurnCap, c.Rounds = 25, 3
	out = append(out, c)
	c = quick(5)
	c.Players, c.TimeoutRate, c.Rounds = 2, 0.2, 2
	c.Bots = []string{"greedy", "random"}
	out = append(out, c)
	c = quick(5)
	c.Variants = append(c.Variants, Variant{Name: "italian", Rules: italian})
	c.Bots = []string{"random"}
	out = append(out, c)
	return out
}

func TestHonestResultsValidate(t *testing.T) {
	for i, c := range honestConfigs() {
		res, err := Run(context.Background(), c)
		require.NoError(t, err, "config %d", i)
		require.NoError(t, res.Validate(), "config %d", i)
		var shards []*Result
		for s := 1; s <= 3; s++ {
			c.Shard = Shard{Index: s, Count: 3}
			r, err := Run(context.Background(), c)
			require.NoError(t, err)
			require.NoError(t, r.Validate(), "config %d shard %d", i, s)
			shards = append(shards, r)
		}
		merged, err := Merge(shards...)
		require.NoError(t, err)
		require.NoError(t, merged.Validate())
		assert.Equal(t, reportJSON(t, res), reportJSON(t, merged))
	}
}

func TestValidateRefusesForgedFigures(t *testing.T) {
	c := quick(4)
	c.Bots = []string{"random"}
	c.Variants[1].Rules.Opening.Points = 30 // the same games: every difference is 0
	c.Variants[1].Name = "same"
	tests := []struct {
		name string
		edit func(r *Result)
		err  string
	}{
		// OpenSum² wrapped to 0, and int64 let it pass: the report said
		// "initial meld on turn 268435472.0".
		{"openings whose square wraps", func(r *Result) { r.Variants[0].OpenSum = 1 << 32 },
			`variant "original": impossible statistics: the initial melds' sums`},
		{"openings past the cap", func(r *Result) { r.Variants[0].OpenSum, r.Variants[0].OpenSumSq = 1<<32, 1<<62 },
			`variant "original": impossible statistics: initial melds past the turn cap`},
		{"a negative winner's score", func(r *Result) { r.Variants[0].WinnerSum = -50 },
			`variant "original": impossible statistics: winners' scores outside 0 to 438600`},
		{"turns and the histogram disagree", func(r *Result) { r.Variants[0].Turns += 5 },
			`variant "original": impossible statistics: %d turns, where its rounds' lengths add up to %d`},
		// Four counts of 2^62 add up to 2^64: a wrapped int64 sum saw none.
		{"a histogram that wraps", func(r *Result) {
			for t := 1; t <= 4; t++ {
				r.Variants[0].TurnHist[t] += 1 << 62
			}
		}, `variant "original": impossible statistics: 4 finished and 0 capped of 4 rounds`},
		{"wins by order and by seat", func(r *Result) { r.Variants[0].WinsBySeat[1]++ },
			`variant "original": impossible statistics: 4 wins by turn order but 5 by seat`},
		{"a win moved from the first player", func(r *Result) { r.Variants[0].WinsByOrder[0]--; r.Variants[0].WinsByOrder[1]++ },
			"pair original/same: impossible statistics for first_player_wins: differences summing to 0.0 (squares 0.0) in 4 games, " +
				"where the variants' own figures allow 1.0 to 1.0 (squares up to 3.0)"},
		{"pair sums the variants cannot give", func(r *Result) {
			m := r.Pairs[0].Metrics[0]
			m.Sum = big.NewRat(4*1232, 10) // 123.2 turns longer a game, where both play the same games
			m.SumSq = new(big.Rat).Mul(m.Sum, m.Sum)
		}, "pair original/same: impossible statistics for turns: differences summing to 492.8 (squares 242851.8) in 4 games, " +
			"where the variants' own figures allow 0.0 to 0.0 (squares up to 726000.0)"},
		{"pair squares the variants cannot give", func(r *Result) {
			r.Pairs[0].Metrics[3].SumSq = big.NewRat(1<<60, 1)
		}, "pair original/same: impossible statistics for winner_score: differences summing to 0.0 " +
			"(squares 1152921504606846976.0) in 4 games, where the variants' own figures allow 0.0 to 0.0 (squares up to 219300000.0)"},
		{"pairs out of order", func(r *Result) { r.Pairs[0].A, r.Pairs[0].B = r.Pairs[0].B, r.Pairs[0].A },
			"pair 1 is same/original, not original/same"},
		{"no turn cap", func(r *Result) { r.Setup.TurnCap = 0 }, "setup: turn cap 0, not at least 1"},
		{"timeouts at rate 0", func(r *Result) { r.Variants[1].Timeouts = 1 },
			`variant "same": impossible statistics: 1 timeouts at a timeout rate of 0`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Run(context.Background(), c)
			require.NoError(t, err)
			require.NoError(t, r.Validate())
			want := tc.err
			if strings.Contains(want, "%d") {
				want = fmt.Sprintf(want, r.Variants[0].Turns+5, r.Variants[0].Turns)
			}
			tc.edit(r)
			err = r.Validate()
			require.Error(t, err)
			assert.Equal(t, want, err.Error())
		})
	}
}

func TestValidateRefusesControlCharacters(t *testing.T) {
	c := quick(2)
	c.Bots = []string{"random"}
	tests := []struct {
		name string
		edit func(r *Result)
		err  string
	}{
		{"a variant's name", func(r *Result) {
			r.Setup.Variants[0] = "original\x1b[2J"
			r.Variants[0].Name, r.Pairs[0].A = r.Setup.Variants[0], r.Setup.Variants[0]
		}, `setup: a variant's name "original\x1b[2J" holds control characters`},
		{"a bot's name", func(r *Result) { r.Setup.Bots[1] = "bot\x1b]0;owned\a" },
			`setup: a bot's name "bot\x1b]0;owned\a" holds control characters`},
		{"a sweep's value", func(r *Result) {
			r.Setup.Sweep = &SweepSetup{Key: "opening.points", Base: "original", Values: []string{"30\u009b2J", "50"}}
		}, `setup: a sweep's value "30\u009b2J" holds control characters`},
		{"a rule change", func(r *Result) {
			r.Setup.Mixed = []MixedPair{{A: "original", B: "house/fifty", Changes: []string{"x\x1b[31m"}}}
		}, `setup: a rule change "x\x1b[31m" holds control characters`},
		{"a failed game's error", func(r *Result) {
			r.Failed = []FailedGame{{Game: 1, Variant: "original", Error: "bad\x1b[2J"}}
		}, `a failed game's error "bad\x1b[2J" holds control characters`},
		{"a failed game's variant", func(r *Result) {
			r.Failed = []FailedGame{{Game: 1, Variant: "x\r", Error: "bad"}}
		}, `a failed game's variant "x\r" holds control characters`},
		{"invalid UTF-8", func(r *Result) { r.Setup.Bots[0] = "\xff" },
			`setup: a bot's name "\xff" holds control characters`},
		{"a target's metric", func(r *Result) { r.Target = &TargetOutcome{Target: Target{Metric: "turns\x1b"}} },
			`target: no metric "turns\x1b"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Run(context.Background(), c)
			require.NoError(t, err)
			tc.edit(r)
			err = r.Validate()
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
		})
	}
	// A failed game's error may span lines, as a Lua traceback does.
	r, err := Run(context.Background(), c)
	require.NoError(t, err)
	r.Failed = []FailedGame{{Game: 1, Variant: "original", Error: "hook: bad\n\tstack traceback"}}
	assert.NotContains(t, fmt.Sprint(r.Validate()), "control characters")
}

func TestReportsEscapeText(t *testing.T) {
	c := quick(2)
	c.Bots = []string{"random"}
	c.Variants[1].Name = "fifty\x1b[2J"
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	res.Failed = append(res.Failed, FailedGame{Game: 1, Seed: 9, Variant: "fifty\x1b[2J", Error: "boom\x1b]0;owned\a\nline 2"})
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteText(&b))
	assert.NotContains(t, b.String(), "\x1b")
	assert.NotContains(t, b.String(), "\a")
	assert.Contains(t, b.String(), "  game 1 (seed 9) under fifty\\x1b[2J: boom\\x1b]0;owned\\x07\\nline 2\n")
	assert.Contains(t, b.String(), "\nfifty\\x1b[2J: 2 games, 2 rounds\n")

	tr := tournament(2)
	tr.Bots = []string{"random", "greedy"}
	tr.Players = 2
	rep, err := RunTournament(context.Background(), tr)
	require.NoError(t, err)
	rep.Bots[0], rep.Ratings[0].Bot = "r\x1b[2J", "r\x1b[2J"
	rep.Failed = []FailedGame{{Game: 1, Variant: "original", Error: "bots x: \x1b[2J"}}
	b.Reset()
	require.NoError(t, rep.WriteText(&b))
	assert.NotContains(t, b.String(), "\x1b")
	assert.Contains(t, b.String(), "original: bots x: \\x1b[2J\n")
}

func TestMergeBoundsTheSumsItBuilds(t *testing.T) {
	// Two shards whose turns sums carry a fraction of ~30,000-digit
	// coprime denominators: each passes, but their sum's denominator is
	// their product, and a thousand such shards would make a merge grow
	// without end. Real shards share their denominators' factors.
	c := quick(4)
	c.Bots = []string{"random"}
	c.Rounds = 2 // so that the pair's bounds leave room for a fraction
	var shards []*Result
	for i, extra := range []int64{1, 3} {
		c.Shard = Shard{Index: i + 1, Count: 2}
		r, err := Run(context.Background(), c)
		require.NoError(t, err)
		den := new(big.Int).Exp(big.NewInt(10), big.NewInt(30000), nil)
		den.Add(den, big.NewInt(extra))
		m := r.Pairs[0].Metrics[0]
		m.Sum.Add(m.Sum, new(big.Rat).SetFrac(big.NewInt(1), den))
		m.SumSq.Add(m.SumSq, big.NewRat(1, 1))
		require.NoError(t, r.Validate(), "shard %d alone", i+1)
		shards = append(shards, r)
	}
	_, err := Merge(shards...)
	require.Error(t, err)
	assert.Equal(t, "result 2: pair original/house/fifty: the merged sums of turns grow past 100000 digits: "+
		"their denominators share no factors, as a run's do", err.Error())
}
