package sim

import (
	"context"
	"errors"
	"fmt"
	"github.com/meldlab/meldlab/i18n/msg"
	"math"
	"slices"
)

// Target asks RunUntil to keep playing until every pair's interval of one
// metric is at most Width wide (High - Low, in the metric's unit: turns,
// points, or a share from 0 to 1), or MaxGames are played.
type Target struct {
	Metric   string  `json:"metric"`
	Width    float64 `json:"width"`
	MaxGames int     `json:"max_games"`
}

// TargetOutcome is what a Target got: the games played, the widest of the
// metric's intervals then, and whether that is within the width.
type TargetOutcome struct {
	Target
	Games   int      `json:"games"`
	Widest  *float64 `json:"widest"` // nil: some pair had no interval yet
	Reached bool     `json:"reached"`
}

// RunUntil plays Config.Games games, then more in batches until every
// pair's Target.Metric interval is at most Target.Width wide or
// Target.MaxGames are played. Each batch is sized from the spread seen so
// far (the width falls as 1/√games). Games keep their seeds, so the result
// is exactly that of Run over the games played, with Result.Target added.
func RunUntil(ctx context.Context, c Config, t Target) (*Result, error) {
	var errs []error
	if !slices.Contains(Metrics, t.Metric) {
		errs = append(errs, fmt.Errorf("target width: no metric %q; the metrics are %v", t.Metric, Metrics))
	}
	if !(t.Width > 0) || math.IsInf(t.Width, 0) {
		errs = append(errs, fmt.Errorf("target width must be more than 0, not %g", t.Width))
	}
	if len(c.Variants) < 2 {
		errs = append(errs, errors.New("a target width needs two variants or more: it narrows their differences"))
	}
	if c.Shard.Count != 0 {
		errs = append(errs, errors.New("a target width cannot be sharded: each shard would stop on its own"))
	}
	if c.SPRT != nil {
		errs = append(errs, sayErr(msg.SimErrSprtTarget()))
	}
	switch {
	case t.MaxGames < c.Games:
		errs = append(errs, fmt.Errorf("the most games for a target width (%d) must be at least the games to start with (%d)", t.MaxGames, c.Games))
	case t.MaxGames > MaxGames:
		errs = append(errs, fmt.Errorf("the most games for a target width (%d) must be at most %d", t.MaxGames, MaxGames))
	}
	if err := c.check(); err != nil {
		ce, _ := errors.AsType[*ConfigError](err)
		errs = append(ce.Errs, errs...)
	}
	if len(errs) > 0 {
		return nil, &ConfigError{Errs: errs}
	}
	res := newResult(&c)
	n := c.Games
	if err := play(ctx, &c, res, 0, n); err != nil {
		return nil, err
	}
	for {
		widest := widestInterval(res, t.Metric)
		if widest <= t.Width || n >= t.MaxGames {
			res.Setup.Games = n
			res.Covered = []GameRange{{From: 0, To: n}}
			res.Target = &TargetOutcome{Target: t, Games: n, Reached: widest <= t.Width}
			if !math.IsInf(widest, 0) {
				res.Target.Widest = &widest
			}
			return res, nil
		}
		// Width ∝ 1/√n: aim a tenth past the estimate, and at least double
		// a narrow miss's games by a quarter, to keep batches few.
		need := float64(n) * math.Pow(widest/t.Width, 2) * 1.1
		if math.IsNaN(need) || math.IsInf(need, 0) {
			need = 2 * float64(n)
		}
		next := min(t.MaxGames, max(int(math.Ceil(need)), n+max(1, n/4)))
		res.Setup.Games = next
		if err := play(ctx, &c, res, n, next); err != nil {
			return nil, err
		}
		n = next
	}
}

// widestInterval is the widest interval of metric over the pairs of r;
// +Inf when some pair has no interval yet.
func widestInterval(r *Result, metric string) float64 {
	k := slices.Index(Metrics, metric)
	widest := 0.0
	for _, p := range r.Pairs {
		m := p.Metrics[k]
		iv := ratMeanInterval(m.N, m.Sum, m.SumSq)
		w := iv.High - iv.Low
		if math.IsNaN(w) {
			return math.Inf(1)
		}
		widest = math.Max(widest, w)
	}
	return widest
}
