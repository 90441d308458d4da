package sim_test

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/sim"
)

// TestLadderLab is a tool, not a check: it runs a tournament of the ladder
// with a planner whose knobs are set from LADDER_LAB ("px" in the bots),
// for measuring an idea before keeping it. Skipped unless LADDER_LAB is set:
//
//	LADDER_LAB='HoardUntil=4' LADDER_DEALS=60 go test ./sim -run LadderLab -v
func TestLadderLab(t *testing.T) {
	knobs, ok := os.LookupEnv("LADDER_LAB")
	if !ok {
		t.Skip("a tool: set LADDER_LAB to run it")
	}
	deals, _ := strconv.Atoi(os.Getenv("LADDER_DEALS"))
	if deals == 0 {
		deals = 40
	}
	seed, _ := strconv.ParseUint(os.Getenv("LADDER_SEED"), 10, 64)
	if seed == 0 {
		seed = 1
	}
	list := os.Getenv("LADDER_BOTS")
	if list == "" {
		list = "beginner,intermediate,greedy,px"
	}
	reg := bots.NewRegistry()
	reg.Register("px", func(seed uint64) bots.Bot {
		p := bots.NewPlanner(seed)
		v := reflect.ValueOf(p).Elem()
		for _, kv := range strings.Split(knobs, ",") {
			k, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
			if !ok {
				continue
			}
			f := v.FieldByName(k)
			switch f.Kind() {
			case reflect.Int:
				n, err := strconv.Atoi(val)
				if err != nil {
					panic(err)
				}
				f.SetInt(int64(n))
			case reflect.Float64:
				x, err := strconv.ParseFloat(val, 64)
				if err != nil {
					panic(err)
				}
				f.SetFloat(x)
			case reflect.Bool:
				f.SetBool(val == "true")
			default:
				panic("no knob " + k)
			}
		}
		return p
	})
	rules := core.Original()
	tr := sim.Tournament{Variant: sim.Variant{Name: "original", Rules: rules}, Players: 4, Games: deals, Seed: seed,
		Bots: strings.Split(list, ","), Registry: reg}
	rep, err := sim.RunTournament(context.Background(), tr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("LAB %q deals %d seed %d\n", knobs, deals, seed)
	for _, r := range rep.Ratings {
		fmt.Printf("  %-12s %4.0f (%4.0f-%4.0f)\n", r.Bot, r.Rating, r.Low, r.High)
	}
	for _, d := range rep.Differences {
		fmt.Printf("  %s - %s %+.0f (%+.0f to %+.0f)\n", d.A, d.B, d.Diff, d.Low, d.High)
	}
	for _, h := range rep.HeadToHead {
		fmt.Printf("  %s vs %s %.1f%% diff %.1f\n", h.A, h.B, 100*h.Share.Value, h.ScoreDiff.Value)
	}
	for _, w := range rep.Wins {
		fmt.Printf("  wins %s %d/%d\n", w.Label, w.K, w.N)
	}
}
