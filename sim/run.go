package sim

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/meldlab/meldlab/internal/escape"
)

// gameResult is game i under every variant, or how it failed, or the error
// that stops the run (the context's).
type gameResult struct {
	index  int
	games  []*gameSummary // one a variant
	failed *FailedGame
	err    error
}

// FailedGame is a game that could not be played to its end under some
// variant (a hook's or a bot's error, or a panic in the engine): it is left
// out of every variant's figures, so that the comparison stays paired, and
// reported with its seed, which replays it.
type FailedGame struct {
	Game    int    `json:"game"` // from 0
	Seed    uint64 `json:"seed"`
	Variant string `json:"variant"`
	Error   string `json:"error"`
}

// String is the failed game in one line, its text escaped (an error may
// come from a script, or from a file).
func (f *FailedGame) String() string {
	return fmt.Sprintf("game %d (seed %d) under %s: %s", f.Game, f.Seed, escape.Line(f.Variant), escape.Line(f.Error))
}

// playSafely plays game i under v, turning a panic into an error: one
// broken game never takes the run down.
func playSafely(ctx context.Context, c *Config, v *Variant, i int, specs []string) (g *gameSummary, err error) {
	defer func() {
		if p := recover(); p != nil {
			g, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	return playGame(ctx, c, v, i, specs)
}

// Run plays the experiment's games (those of its shard) and returns their
// statistics. Games run on Config.Workers goroutines, at most a few per
// worker ahead of the oldest unfinished one, and are folded in game order,
// so the result does not depend on the worker count or on scheduling, and
// memory stays flat however many games run.
//
// A game that fails under some variant (an error or a panic) is recorded in
// Result.Failed and left out of the figures; the run goes on. Run stops when
// ctx is done or Config.OnRound fails.
func Run(ctx context.Context, c Config) (*Result, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	res := newResult(&c)
	lo, hi := c.Shard.Range(c.Games)
	res.Covered = []GameRange{{From: lo, To: hi}}
	if c.Shard.Count != 0 {
		res.Shards = []Shard{c.Shard}
	}
	if err := play(ctx, &c, res, lo, hi); err != nil {
		return nil, err
	}
	return res, nil
}

// RunResumable is Run played in blocks of block games, calling save with
// the result so far after each (the result of the games played, exactly
// what Run over them gives), so that a run that is stopped loses at most a
// block. prior, when given, is a result save was given before for this
// experiment and shard, read back: its games are taken as played and the
// run goes on from their end. The final result is Run's, bit for bit.
func RunResumable(ctx context.Context, c Config, prior *Result, block int, save func(*Result) error) (*Result, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	block = max(block, 1)
	lo, hi := c.Shard.Range(c.Games)
	res := newResult(&c)
	res.Covered = []GameRange{{From: lo, To: lo}}
	at := lo
	if prior != nil {
		if err := CheckResume(c, prior); err != nil {
			return nil, err
		}
		res, at = prior, prior.Covered[0].To
	}
	progress := c.Progress
	for at < hi {
		end := min(at+block, hi)
		part := newResult(&c)
		part.Covered = []GameRange{{From: at, To: end}}
		if progress != nil {
			from := at
			c.Progress = func(done, _ int) { progress(from-lo+done, hi-lo) }
		}
		if err := play(ctx, &c, part, at, end); err != nil {
			return nil, err
		}
		merged, err := Merge(res, part)
		if err != nil {
			return nil, err
		}
		merged.Shards = nil // a shard is named once all its games are played, as Run names it
		if c.Shard.Count != 0 && end == hi {
			merged.Shards = []Shard{c.Shard}
		}
		res, at = merged, end
		if err := save(res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// CheckResume says why RunResumable would refuse to go on from prior: a
// result that could not come from a run, of another experiment, or whose
// games are not the start of c's shard.
func CheckResume(c Config, prior *Result) error {
	if err := prior.Validate(); err != nil {
		return fmt.Errorf("the results to resume: %w", err)
	}
	s := newSetup(&c)
	if err := sameSetup(&s, &prior.Setup); err != nil {
		return fmt.Errorf("the results to resume are of another experiment: %w", err)
	}
	lo, hi := c.Shard.Range(c.Games)
	if len(prior.Covered) != 1 || prior.Covered[0].From != lo || prior.Covered[0].To > hi {
		var covered []string
		for _, g := range prior.Covered {
			covered = append(covered, fmt.Sprintf("%d to %d", g.From, g.To-1))
		}
		return fmt.Errorf("the results to resume cover games %s, not the start of shard %s (games %d to %d)",
			strings.Join(covered, ", "), c.Shard, lo, hi-1)
	}
	return nil
}

// play plays games [lo, hi) and folds them into res in game order.
func play(ctx context.Context, cfg *Config, res *Result, lo, hi int) error {
	c := *cfg
	c.bots() // the registry, made once before the workers share it
	tmp := new(big.Rat)
	return inOrder(ctx, c.workers(), lo, hi, func(ctx context.Context, i int) gameResult {
		r := gameResult{index: i}
		for k := range c.Variants {
			g, err := playSafely(ctx, &c, &c.Variants[k], i, c.seatBots())
			if ctx.Err() != nil {
				r.err = ctx.Err()
				break
			}
			if err != nil {
				r.games = nil
				r.failed = &FailedGame{Game: i, Seed: GameSeed(c.Seed, i), Variant: c.Variants[k].Name, Error: err.Error()}
				break
			}
			r.games = append(r.games, g)
		}
		return r
	}, func(g gameResult, done int) error {
		if err := fold(&c, res, &g, tmp); err != nil {
			return err
		}
		if c.Progress != nil {
			c.Progress(done, hi-lo)
		}
		return nil
	})
}

// inOrder computes work(i) for i in [lo, hi) on workers goroutines and
// hands the results to fold in order of i, never in the order they finish,
// from the calling goroutine (done counts the results folded so far). At
// most aheadPerWorker results a worker wait to be folded, so memory stays
// flat. It stops at fold's first error or when ctx is done.
func inOrder[T any](ctx context.Context, workers, lo, hi int, work func(ctx context.Context, i int) T, fold func(r T, done int) error) error {
	if lo >= hi {
		return nil
	}
	workers = max(1, min(workers, hi-lo))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type indexed struct {
		i int
		r T
	}
	// window holds a token for each index handed out and not yet folded:
	// it bounds the results waiting in pending. jobs holds the next index
	// for each worker, so that a worker done with one need not wait for
	// the goroutine handing them out to be scheduled.
	window := make(chan struct{}, aheadPerWorker*workers)
	jobs := make(chan int, workers)
	results := make(chan indexed, workers)
	go func() {
		defer close(jobs)
		for i := lo; i < hi; i++ {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				r := work(ctx, i)
				select {
				case results <- indexed{i, r}:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := map[int]T{}
	next := lo
	var firstErr error
	for r := range results {
		if firstErr != nil {
			continue // drain until the workers stop
		}
		pending[r.i] = r.r
		for {
			g, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if err := fold(g, next-lo); err != nil {
				firstErr = err
				cancel()
				break
			}
			<-window
		}
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// aheadPerWorker is how many results a worker may have waiting to be
// folded: how far the others go on past a long game. The calling goroutine
// folds, and with every core's worker busy it runs only when a worker
// waits; at 4, and with a worker taking its next index from the goroutine
// handing them out, the lab's two workers waited for work 2-3% of the
// wall clock of 2,000 games between greedy bots, 0.8% at 16 with jobs
// buffered (issue 47, item 7). A result is a game's summary, a few
// hundred bytes.
const aheadPerWorker = 16

// fold adds one game, under every variant, to the result.
func fold(c *Config, res *Result, g *gameResult, tmp *big.Rat) error {
	if g.err != nil {
		return g.err
	}
	if g.failed != nil {
		res.Failed = append(res.Failed, *g.failed)
		return nil
	}
	if c.OnRound != nil {
		for _, s := range g.games {
			for i := range s.rounds {
				if err := c.OnRound(&s.rounds[i]); err != nil {
					return err
				}
			}
		}
	}
	for k, s := range g.games {
		res.Variants[k].add(s)
	}
	p := 0
	for a := range g.games {
		for b := a + 1; b < len(g.games); b++ {
			res.Pairs[p].add(g.games[a], g.games[b], tmp)
			p++
		}
	}
	res.foldSPRT(g)
	return nil
}
