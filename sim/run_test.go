package sim

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// fifty is the original rules with a 50-point initial meld.
func fifty() core.Rules {
	r := core.Original()
	r.Name = "house/fifty"
	r.Opening.Points = 50
	return r
}

// quick is a small, fast experiment: random bots under two variants.
func quick(games int) Config {
	return Config{
		Variants: []Variant{{Name: "original", Rules: core.Original()}, {Name: "house/fifty", Rules: fifty()}},
		Players:  4,
		Bots:     []string{"random", "greedy"},
		Games:    games,
		Seed:     7,
	}
}

func reportJSON(t *testing.T, r *Result) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, r.Report().WriteJSON(&b))
	return b.String()
}

func resultJSON(t *testing.T, r *Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	require.NoError(t, err)
	return string(b)
}

func TestRunSameOnAnyWorkerCount(t *testing.T) {
	c := quick(24)
	c.Workers = 1
	one, err := Run(context.Background(), c)
	require.NoError(t, err)
	c.Workers = 4
	four, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, resultJSON(t, one), resultJSON(t, four))
	assert.Equal(t, reportJSON(t, one), reportJSON(t, four))
	assert.Equal(t, int64(24), one.Variants[0].Games)
	assert.Equal(t, int64(24), one.Pairs[0].Metrics[0].N, "every game paired on turns")
}

func TestShardsMergeExactly(t *testing.T) {
	c := quick(20)
	c.Bots = []string{"random"}
	c.Rounds = 2 // two rounds a game: the meld turn's per-game means are fractions
	whole, err := Run(context.Background(), c)
	require.NoError(t, err)

	var shards []*Result
	for _, i := range []int{3, 1, 2} { // in any order
		c.Shard = Shard{Index: i, Count: 3}
		c.Workers = i
		r, err := Run(context.Background(), c)
		require.NoError(t, err)
		// Through a file's JSON, as `meldlab sim merge` reads them.
		var back Result
		require.NoError(t, json.Unmarshal([]byte(resultJSON(t, r)), &back))
		shards = append(shards, &back)
	}
	merged, err := Merge(shards...)
	require.NoError(t, err)
	assert.Equal(t, resultJSON(t, whole), resultJSON(t, merged))
	assert.Equal(t, reportJSON(t, whole), reportJSON(t, merged))
	assert.True(t, merged.Report().Complete)

	// The exact sums are fractions indeed: a float sum could differ by split.
	var fractional bool
	for _, m := range whole.Pairs[0].Metrics {
		fractional = fractional || !m.Sum.IsInt()
	}
	assert.True(t, fractional, "some paired sum is a fraction")

	part, err := Merge(shards[1], shards[0])
	require.NoError(t, err)
	rep := part.Report()
	assert.False(t, rep.Complete)
	assert.Equal(t, 13, rep.Games, "shards 1 and 3 of 20 games: 0-5 and 13-19")
	assert.Equal(t, []GameRange{{0, 6}, {13, 20}}, part.Covered)
}

func TestMergeRefuses(t *testing.T) {
	c := quick(4)
	c.Bots = []string{"random"}
	a, err := Run(context.Background(), c)
	require.NoError(t, err)
	c.Seed = 8
	other, err := Run(context.Background(), c)
	require.NoError(t, err)
	bad := *a
	bad.Format = "csv"

	tests := []struct {
		name string
		in   []*Result
		err  string
	}{
		{"nothing", nil, "nothing to merge"},
		{"twice", []*Result{a, a}, "games 0 to 3 were played twice"},
		{"another seed", []*Result{a, other}, "result 2: another experiment: its seed is 8, not 7"},
		{"format", []*Result{&bad}, `result 1: format "csv"; this meldlab reads "meldlab-sim-result/1"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Merge(tc.in...)
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
		})
	}
}

func TestConfigErrors(t *testing.T) {
	hooked := core.Original()
	hooked.Hooks = "house/odd.lua"
	tests := []struct {
		name string
		edit func(c *Config)
		err  string
	}{
		{"no variant", func(c *Config) { c.Variants = nil }, "no variant to play"},
		{"twice", func(c *Config) { c.Variants[1].Name = "original" }, `variant "original" is named twice`},
		{"players", func(c *Config) { c.Players = 5 },
			"variant \"original\" is for 2 to 4 players, not 5\nvariant \"house/fifty\" is for 2 to 4 players, not 5"},
		{"hooks", func(c *Config) { c.Variants[0].Rules = hooked },
			`variant "original" has Lua hooks (house/odd.lua), and no hook compiler was given`},
		{"bots", func(c *Config) { c.Bots = []string{"randon"} },
			`unknown bot "randon" (did you mean "random"?); the bots are beginner, greedy, intermediate, patient, planner, points, random, or the path to a .lua file`},
		{"no bots", func(c *Config) { c.Bots = nil }, "no bots: name at least one (beginner, greedy, intermediate, patient, planner, points, random)"},
		{"numbers", func(c *Config) { c.Games, c.Rounds, c.TimeoutRate, c.TurnCap = 0, -2, 1.5, -3 },
			"games must be at least 1, not 0\nrounds must be 0 or more, not -2\n" +
				"timeout rate must be 0 to 1, not 1.5\nturn cap must be 0 or more, not -3"},
		{"shard", func(c *Config) { c.Shard = Shard{Index: 3, Count: 2} }, "shard 3/2: i must be 1 to n"},
		{"turn cap over the engine's", func(c *Config) { c.TurnCap = core.MaxTurns + 1 },
			"turn cap 10001 is over the engine's 10000 turns a round (core.MaxTurns)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := quick(2)
			tc.edit(&c)
			_, err := Run(context.Background(), c)
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
			_, ok := errors.AsType[*ConfigError](err)
			assert.True(t, ok, "a *ConfigError")
		})
	}
}

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want Shard
		err  string
	}{
		{in: "1/1", want: Shard{1, 1}},
		{in: "3/8", want: Shard{3, 8}},
		{in: "0/8", err: `shard "0/8": i must be 1 to n, n at least 1`},
		{in: "9/8", err: `shard "9/8": i must be 1 to n, n at least 1`},
		{in: "2-8", err: `shard "2-8": write it i/n, as 2/8 for the second of 8 slices`},
		{in: "1/1000001", err: `shard "1/1000001": n must be at most 1000000`},
		{in: "1/9223372036854775807", err: `shard "1/9223372036854775807": n must be at most 1000000`},
		{in: "-9223372036854775808/2", err: `shard "-9223372036854775808/2": i must be 1 to n, n at least 1`},
	}
	for _, tc := range tests {
		got, err := ParseShard(tc.in)
		if tc.err != "" {
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tc.want, got)
	}
	// The slices cover every game once, in order, for awkward counts.
	for _, games := range []int{0, 1, 7, 100} {
		for n := 1; n <= 9; n++ {
			next := 0
			for i := 1; i <= n; i++ {
				lo, hi := Shard{i, n}.Range(games)
				assert.Equal(t, next, lo)
				assert.LessOrEqual(t, lo, hi)
				next = hi
			}
			assert.Equal(t, games, next)
		}
	}
	// At the limits, the slices neither wrap nor go negative.
	lo, hi := Shard{MaxShards, MaxShards}.Range(MaxGames)
	assert.Equal(t, MaxGames-MaxGames/MaxShards, lo)
	assert.Equal(t, MaxGames, hi)
	lo, hi = Shard{4, 4}.Range(math.MaxInt)
	assert.Equal(t, [2]int{6917529027641081855, math.MaxInt}, [2]int{lo, hi}, "⌊3·MaxInt/4⌋, in 128 bits")
	assert.NotPanics(t, func() { Shard{Index: 1 << 40, Count: 1}.Range(math.MaxInt) }, "an unchecked shard")
}

func TestGamesAndShardsBounded(t *testing.T) {
	c := quick(1)
	c.Games = 3000000000000000000
	c.Shard = Shard{Index: 4, Count: 4}
	_, err := Run(context.Background(), c)
	require.Error(t, err)
	assert.Equal(t, "games must be at most 1000000000000, not 3000000000000000000", err.Error())
	c.Games = 10
	c.Shard = Shard{Index: 1, Count: 2000000}
	_, err = Run(context.Background(), c)
	require.Error(t, err)
	assert.Equal(t, "shard 1/2000000: n must be at most 1000000", err.Error())

	c = quick(2)
	c.Bots = []string{"random"}
	r, err := Run(context.Background(), c)
	require.NoError(t, err)
	r.Setup.Games = 3000000000000000000
	assert.EqualError(t, r.Validate(), "setup: games 3000000000000000000, not 1 to 1000000000000")
}

func TestGameSeed(t *testing.T) {
	// SplitMix64 from state 0: its published first outputs.
	assert.Equal(t, uint64(0xe220a8397b1dcdaf), GameSeed(0, 0))
	assert.Equal(t, uint64(0x6e789e6aa1b965f4), GameSeed(0, 1))
	assert.Equal(t, uint64(0x06c45d188009454f), GameSeed(0, 2))
	assert.NotEqual(t, GameSeed(1, 0), GameSeed(2, 0))
	assert.Equal(t, GameSeed(99, 3), BotSeed(99, 3))
}

func TestCSV(t *testing.T) {
	c := quick(3)
	c.Bots = []string{"random"}
	var b bytes.Buffer
	w, err := NewCSVWriter(&b, c.Players)
	require.NoError(t, err)
	c.OnRound = w.Write
	_, err = Run(context.Background(), c)
	require.NoError(t, err)
	require.NoError(t, w.Flush())

	rows, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 1+3*2, "a header, then a row per game and variant")
	assert.Equal(t, "variant,game,seed,round,turns,first_seat,winners,pool_left,pool_empty,blocked,joker_left,capped,"+
		"timeouts,penalties,score_1,score_2,score_3,score_4,meld_turn_1,meld_turn_2,meld_turn_3,meld_turn_4,refused,jokers_kept",
		strings.Join(rows[0], ","))
	// Game order, then variant order; both variants of a game share its seed.
	assert.Equal(t, []string{"original", "0"}, rows[1][:2])
	assert.Equal(t, []string{"house/fifty", "0"}, rows[2][:2])
	assert.Equal(t, rows[1][2], rows[2][2])
	assert.Equal(t, []string{"original", "2"}, rows[5][:2])
	for _, r := range rows[1:] {
		sum := 0
		for _, s := range r[14:18] {
			sum += atoi(t, s)
		}
		assert.Equal(t, 0, sum, "scores sum to zero: %v", r)
	}
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

func TestTimeoutRate(t *testing.T) {
	c := quick(10)
	c.Bots = []string{"random"}
	c.Variants = c.Variants[:1]
	c.TimeoutRate = 0.2
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	v := res.Report().Variants[0]
	assert.InDelta(t, 0.2, v.Timeouts.Share.Value, 0.05, "about a fifth of turns time out")
	assert.True(t, v.Timeouts.Share.Low < 0.2 && 0.2 < v.Timeouts.Share.High)

	c.TimeoutRate = 1 // nobody ever plays: the pool runs out, then everyone passes
	res, err = Run(context.Background(), c)
	require.NoError(t, err)
	v = res.Report().Variants[0]
	assert.Equal(t, v.Turns, v.Timeouts.K)
	assert.Equal(t, int64(10), v.Blocked.K)
	assert.Equal(t, int64(40), v.NeverOpened.K)
}

func TestTurnCap(t *testing.T) {
	c := quick(3)
	c.TurnCap = 5
	c.Rounds = 2
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	v := res.Variants[0]
	assert.Equal(t, int64(3), v.Capped, "each game stops at its first capped round")
	assert.Equal(t, int64(0), v.Finished)
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteText(&b))
	assert.Contains(t, b.String(), "original: 3 games, 3 rounds (3 STOPPED at the 5-turn cap and left out below)")
	assert.Contains(t, b.String(), "house/fifty: round length: no games to compare")
	// NaN figures become null in JSON.
	b.Reset()
	require.NoError(t, res.Report().WriteJSON(&b))
	assert.Contains(t, b.String(), `"turns_per_round": {
        "value": null,
        "low": null,
        "high": null
      }`)
}

func TestProgressAndCancel(t *testing.T) {
	c := quick(6)
	c.Bots = []string{"random"}
	var seen []int
	c.Progress = func(done, total int) {
		assert.Equal(t, 6, total)
		seen = append(seen, done)
	}
	_, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 3, 4, 5, 6}, seen)

	ctx, cancel := context.WithCancel(context.Background())
	c.Progress = func(done, total int) { cancel() }
	_, err = Run(ctx, c)
	assert.ErrorIs(t, err, context.Canceled)

	c.Progress = nil
	c.OnRound = func(*RoundRecord) error { return io.ErrShortWrite }
	_, err = Run(context.Background(), c)
	assert.ErrorIs(t, err, io.ErrShortWrite)
}

func TestMatches(t *testing.T) {
	c := quick(4)
	c.Bots = []string{"random"}
	c.Rounds = 2
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	v := res.Report().Variants[0]
	assert.Equal(t, int64(8), v.Rounds)
	require.Len(t, v.MatchWins, 4)
	var won int64
	for _, w := range v.MatchWins {
		won += w.K
		assert.Equal(t, int64(4), w.N)
	}
	assert.Equal(t, int64(4), won, "one winner a match")
}

func TestSVGIsValidXML(t *testing.T) {
	c := quick(6)
	c.Bots = []string{"random"}
	c.Variants[1].Name = `house/<fifty> & "more"` // names are escaped
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteSVG(&b))

	dec := xml.NewDecoder(&b)
	var texts []string
	var root string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Space + " " + tok.Name.Local
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" {
				texts = append(texts, s)
			}
		}
	}
	assert.Equal(t, "http://www.w3.org/2000/svg svg", root)
	all := strings.Join(texts, "|")
	for _, want := range []string{"turns per round", "share of rounds", "rounds won", "seat (bot)",
		"original", `house/<fifty> & "more"`, "seat 1 (random)", "Round length"} {
		assert.Contains(t, all, want)
	}
}

func TestPairedSums(t *testing.T) {
	// Game figures under A and B; the metric is the per-game mean.
	round := func(turns, first, winner, score int, pool int, opens ...int) RoundRecord {
		scores := []int{-score, -score}
		scores[winner] = score
		return RoundRecord{Turns: turns, First: first, Winners: []int{winner}, Scores: scores,
			PoolLeft: pool, OpenTurns: opens}
	}
	a1 := &gameSummary{rounds: []RoundRecord{round(10, 0, 0, 20, 5, 3, 4)}}
	b1 := &gameSummary{rounds: []RoundRecord{round(13, 0, 1, 30, 0, 6, 0)}}
	a2 := &gameSummary{rounds: []RoundRecord{round(20, 1, 1, 10, 0, 2, 0), round(30, 0, 0, 10, 0, 0, 0)}}
	b2 := &gameSummary{rounds: []RoundRecord{round(22, 1, 0, 10, 0, 0, 0), round(31, 0, 0, 10, 0, 0, 0)}}
	p := newPairStats("a", "b")
	tmp := new(big.Rat)
	p.add(a1, b1, tmp)
	p.add(a2, b2, tmp)
	got := map[string]string{}
	for _, m := range p.Metrics {
		got[m.Metric] = m.Sum.RatString() + " " + m.SumSq.RatString() + " " + strconv.FormatInt(m.N, 10)
	}
	assert.Equal(t, map[string]string{
		MetricTurns:       "9/2 45/4 2", // differences 3 and 3/2
		MetricPoolEmpty:   "1 1 2",      // 1 and 0
		MetricMeldTurn:    "12 72 2",    // 19/2 - 7/2 and 106/4 - 82/4: who never opened counts at the round's last turn
		MetricWinnerScore: "10 100 2",   // 10 and 0
		MetricJokerLeft:   "0 0 2",
		MetricFirstWins:   "-3/2 5/4 2", // -1 and -1/2
	}, got)
}

func TestSummaries(t *testing.T) {
	iv := func(v, lo, hi float64) Interval { return Interval{v, lo, hi} }
	tests := []struct {
		metric string
		n      int64
		mean   Interval
		want   string
	}{
		{MetricTurns, 2000, iv(6.1, 5.4, 6.8), "house/fifty: rounds 6.1 turns longer than under original (95% CI 5.4-6.8)"},
		{MetricTurns, 2000, iv(-6.1, -6.8, -5.4), "house/fifty: rounds 6.1 turns shorter than under original (95% CI 5.4-6.8)"},
		{MetricTurns, 2000, iv(0.2, -0.3, 0.7),
			"house/fifty: no clear difference in round length from original (+0.2, 95% CI -0.3 to +0.7)"},
		{MetricPoolEmpty, 50, iv(0.031, 0.012, 0.05),
			"house/fifty: 3.1 percentage points more rounds end with an empty pool than under original (95% CI 1.2-5.0)"},
		{MetricMeldTurn, 50, iv(-2, -3, -1), "house/fifty: initial melds come 2.0 turns earlier than under original (95% CI 1.0-3.0)"},
		{MetricWinnerScore, 50, iv(12.25, 3.5, 21), "house/fifty: winners score 12.2 points more than under original (95% CI 3.5-21.0)"},
		{MetricJokerLeft, 50, iv(-0.1, -0.15, -0.05),
			"house/fifty: 10.0 percentage points fewer rounds leave a joker on a rack than under original (95% CI 5.0-15.0)"},
		{MetricFirstWins, 50, iv(0.05, 0.01, 0.09),
			"house/fifty: the first to play wins 5.0 percentage points more often than under original (95% CI 1.0-9.0)"},
		{MetricTurns, 1, iv(3, math.NaN(), math.NaN()), "house/fifty: round length: too few games for an interval (difference +3.0)"},
		{MetricTurns, 0, iv(math.NaN(), math.NaN(), math.NaN()), "house/fifty: round length: no games to compare"},
	}
	// Clear before the correction, not after it.
	holm := 0.21
	d := Diff{Metric: MetricTurns, N: 50, Mean: iv(1.2, 0.1, 2.3), ClearRaw: true, PHolm: &holm}
	assert.Equal(t, "house/fifty: no clear difference in round length from original once corrected for 6 comparisons "+
		"(+1.2, 95% CI +0.1 to +2.3; Holm p = 0.21)", inEnglish(summary("original", "house/fifty", &d, 6, nil)))
	for _, tc := range tests {
		d := Diff{Metric: tc.metric, N: tc.n, Mean: tc.mean}
		d.ClearRaw = tc.mean.Low > 0 || tc.mean.High < 0
		d.Clear = d.ClearRaw
		assert.Equal(t, tc.want, inEnglish(summary("original", "house/fifty", &d, 6, nil)))
	}
}

func TestTextReport(t *testing.T) {
	c := quick(30)
	c.Bots = []string{"random"}
	res, err := Run(context.Background(), c)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, res.Report().WriteText(&b))
	text := Unwrap(b.String())
	for _, want := range []string{
		"30 games, 4 players (random, random, random, random), seed 7; 95% confidence intervals",
		"original: 30 games, 30 rounds\n  turns per round        mean ",
		"  wins by seat           seat 1 (random) ",
		"  wins by turn order     1st to play ",
		"  wins by bot (a seat)   random ",
		"house/fifty vs original (30 paired games: same seeds, same deals):\n  house/fifty: ",
		"  initial meld           on turn 28.9 (25.7-32.1); by those who made it 26.9 (23.9-29.8)\n" +
			"  never opened           5.0% (2.3-10.5) of players (counted at the round's last turn above)\n",
	} {
		assert.Contains(t, text, want)
	}
}

func TestParseShardEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		in   string
		env  func(string) string
		want Shard
		err  string
	}{
		{in: "2/5", env: env(), want: Shard{2, 5}},
		{in: "auto/100", env: env("JOB_COMPLETION_INDEX", "0"), want: Shard{1, 100}},
		{in: "auto/100", env: env("JOB_COMPLETION_INDEX", "99"), want: Shard{100, 100}},
		// A Slurm task is the shard of its own id, 0 to n-1, whatever array
		// it was submitted in: sbatch --array=3 re-runs task 3 as itself.
		{in: "auto/100", env: env("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_MIN", "0"), want: Shard{1, 100}},
		{in: "auto/100", env: env("SLURM_ARRAY_TASK_ID", "57", "SLURM_ARRAY_TASK_MIN", "0"), want: Shard{58, 100}},
		{in: "auto/100", env: env("SLURM_ARRAY_TASK_ID", "57", "SLURM_ARRAY_TASK_MIN", "57"), want: Shard{58, 100}},
		{in: "auto/4", env: env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1"), want: Shard{4, 4}},
		{in: "auto/4", env: env("SLURM_ARRAY_TASK_ID", "2"), want: Shard{3, 4}},
		{in: "auto/3", env: env("JOB_COMPLETION_INDEX", "1", "SLURM_ARRAY_TASK_ID", "12", "SLURM_ARRAY_TASK_MIN", "10"),
			want: Shard{2, 3}},
		{in: "auto/3", env: env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1"),
			err: `shard "auto/3": SLURM_ARRAY_TASK_ID is 3, not 0 to 2: number the array's tasks by the experiment's shards, 0 to 2 (sbatch --array=0-2)`},
		{in: "auto/3", env: env("JOB_COMPLETION_INDEX", "3"),
			err: `shard "auto/3": JOB_COMPLETION_INDEX is 3, not 0 to 2: the job must run exactly 3 completions`},
		{in: "auto/3", env: env("JOB_COMPLETION_INDEX", "two"), err: `shard "auto/3": JOB_COMPLETION_INDEX is "two", not a whole number`},
		// Values past any real cluster's are refused before any sum that
		// could wrap: this pair once gave shard 3.
		{in: "auto/4", env: env("SLURM_ARRAY_TASK_ID", "-9223372036854775808", "SLURM_ARRAY_TASK_MIN", "9223372036854775806"),
			err: `shard "auto/4": SLURM_ARRAY_TASK_ID is -9223372036854775808, not 0 to 3: number the array's tasks by the experiment's shards, 0 to 3 (sbatch --array=0-3)`},
		{in: "auto/4", env: env("JOB_COMPLETION_INDEX", "9223372036854775807"),
			err: `shard "auto/4": JOB_COMPLETION_INDEX is 9223372036854775807, not 0 to 3: the job must run exactly 4 completions`},
		{in: "auto/4000000", env: env("JOB_COMPLETION_INDEX", "1"), err: `shard "auto/4000000": n must be at most 1000000`},
		{in: "auto/0", env: env(), err: `shard "auto/0": write auto/n, n at least 1, as auto/100`},
		{in: "auto/3", env: env(), err: `shard "auto/3" takes the shard from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or ` +
			`SLURM_ARRAY_TASK_ID (a Slurm job array), each 0 to n-1, and neither is set; write i/n to choose the shard by hand`},
	}
	for _, tc := range tests {
		got, err := ParseShardEnv(tc.in, tc.env)
		if tc.err != "" {
			require.Error(t, err, tc.in)
			assert.Equal(t, tc.err, err.Error())
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got)
	}
}

func TestCSVNeutralisesFormulas(t *testing.T) {
	tests := []struct{ variant, cell string }{
		{`=HYPERLINK("http://evil.example","click")`, `'=HYPERLINK("http://evil.example","click")`},
		{"+1+1", "'+1+1"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tx", "'\tx"},
		{"\rx", "'\rx"},
		{"house/fifty", "house/fifty"},
		{"opening.points=-5", "opening.points=-5"},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		w, err := NewCSVWriter(&b, 2)
		require.NoError(t, err)
		require.NoError(t, w.Write(&RoundRecord{Variant: tc.variant, Turns: 9, Winners: []int{0}, Scores: []int{12, -12},
			OpenTurns: []int{3, 0}}))
		require.NoError(t, w.Flush())
		rows, err := csv.NewReader(&b).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 2)
		assert.Equal(t, tc.cell, rows[1][0], "%q", tc.variant)
		assert.Equal(t, []string{"12", "-12"}, rows[1][14:16], "numbers stay numbers")
	}
}

// TestMergeNamesMissing checks that a merge of some of an experiment's
// shards says which games and which shards are missing, so that exactly
// those tasks can be run again; a complete merge is one run's result.
func TestMergeNamesMissing(t *testing.T) {
	c := quick(10)
	c.Bots = []string{"random"}
	shard := func(i, n int) *Result {
		c.Shard = Shard{Index: i, Count: n}
		r, err := Run(context.Background(), c)
		require.NoError(t, err)
		var back Result // through a file's JSON, as `meldlab sim merge` reads it
		require.NoError(t, json.Unmarshal([]byte(resultJSON(t, r)), &back))
		return &back
	}
	s1, s2, s3, s4 := shard(1, 4), shard(2, 4), shard(3, 4), shard(4, 4)
	c.Shard = Shard{}
	whole, err := Run(context.Background(), c)
	require.NoError(t, err)
	tests := []struct {
		name   string
		in     []*Result
		games  []GameRange
		shards []Shard
	}{
		{"shards 2 and 4 of 4 missing", []*Result{s3, s1}, []GameRange{{2, 5}, {7, 10}}, []Shard{{2, 4}, {4, 4}}},
		{"the first missing", []*Result{s2, s3, s4}, []GameRange{{0, 2}}, []Shard{{1, 4}}},
		{"shards of two counts: games only", []*Result{s1, shard(2, 2)}, []GameRange{{2, 5}}, nil},
		{"all there", []*Result{s4, s2, s1, s3}, nil, nil},
		{"one run", []*Result{whole}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Merge(tc.in...)
			require.NoError(t, err)
			games, shards := m.Missing()
			assert.Equal(t, tc.games, games)
			assert.Equal(t, tc.shards, shards)
		})
	}
	all, err := Merge(s4, s2, s1, s3)
	require.NoError(t, err)
	assert.Equal(t, resultJSON(t, whole), resultJSON(t, all), "a complete merge is one run")
}

// TestMergeRefusesOtherBuilds checks that every result records the build
// that played it, and that shards of different builds do not merge: a
// change to a bot or the referee changes the games.
func TestMergeRefusesOtherBuilds(t *testing.T) {
	c := quick(4)
	c.Bots = []string{"random"}
	c.Build = "meldlab v1.2.0 (revision 1a2b3c4d5e6f)"
	c.Shard = Shard{Index: 1, Count: 2}
	a, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, "meldlab v1.2.0 (revision 1a2b3c4d5e6f)", a.Setup.Build)
	c.Build = "meldlab v1.2.1 (revision 0f0f0f0f0f0f)"
	c.Shard = Shard{Index: 2, Count: 2}
	b, err := Run(context.Background(), c)
	require.NoError(t, err)
	_, err = Merge(a, b)
	require.Error(t, err)
	assert.Equal(t, `result 2: another experiment: its build is "meldlab v1.2.1 (revision 0f0f0f0f0f0f)", `+
		`not "meldlab v1.2.0 (revision 1a2b3c4d5e6f)"`, err.Error())
	a.Setup.Build = "bad\x1b[2J"
	assert.EqualError(t, a.Validate(), `setup: the build "bad\x1b[2J" holds control characters`)
}

// TestRunResumable checks that a shard played in blocks, saved after each,
// gives exactly Run's result, and that a run stopped after some blocks
// goes on from the last one saved, playing only the games left.
func TestRunResumable(t *testing.T) {
	c := quick(20)
	c.Bots = []string{"random"}
	c.Shard = Shard{Index: 2, Count: 2} // games 10 to 19
	whole, err := Run(context.Background(), c)
	require.NoError(t, err)

	var saved []string
	res, err := RunResumable(context.Background(), c, nil, 3, func(r *Result) error {
		saved = append(saved, resultJSON(t, r))
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, resultJSON(t, whole), resultJSON(t, res))
	assert.Len(t, saved, 4, "blocks of 3, 3, 3 and 1 games")
	assert.Equal(t, resultJSON(t, whole), saved[3])

	// Killed after the second block was saved: read it back, go on.
	var prior Result
	require.NoError(t, json.Unmarshal([]byte(saved[1]), &prior))
	assert.Equal(t, []GameRange{{10, 16}}, prior.Covered)
	played := 0
	c.OnRound = func(*RoundRecord) error { played++; return nil }
	res, err = RunResumable(context.Background(), c, &prior, 3, func(*Result) error { return nil })
	require.NoError(t, err)
	assert.Equal(t, resultJSON(t, whole), resultJSON(t, res))
	assert.Equal(t, 4*2, played, "the 4 games left, under each of the 2 variants")

	// A saved result of another experiment or shard is refused, not merged.
	tests := []struct {
		name  string
		edit  func(*Config)
		prior []byte
		err   string
	}{
		{"another seed", func(c *Config) { c.Seed = 8 }, []byte(saved[1]),
			"the results to resume are of another experiment: its seed is 7, not 8"},
		{"another shard", func(c *Config) { c.Shard = Shard{Index: 1, Count: 2} }, []byte(saved[1]),
			"the results to resume cover games 10 to 15, not the start of shard 1/2 (games 0 to 9)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := quick(20)
			c.Bots = []string{"random"}
			c.Shard = Shard{Index: 2, Count: 2}
			tc.edit(&c)
			var p Result
			require.NoError(t, json.Unmarshal(tc.prior, &p))
			_, err := RunResumable(context.Background(), c, &p, 3, func(*Result) error { return nil })
			require.Error(t, err)
			assert.Equal(t, tc.err, err.Error())
		})
	}
}
