package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/meldlab/meldlab/sim"
	"github.com/meldlab/meldlab/variants"
)

// sweepVariants turns the one variant of cfg into a sweep (sim.Sweep). It
// reports problems to stderr, each on its line, and returns the exit code
// (0: go on).
func sweepVariants(cfg *sim.Config, spec string, resolved map[string]*variants.Variant, stderr io.Writer) int {
	if len(cfg.Variants) != 1 {
		fmt.Fprintf(stderr, "meldlab sim: --sweep varies one variant: give one --variant, not %d\n", len(cfg.Variants))
		return 2
	}
	key, values, err := sim.ParseSweep(spec)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab sim: %s\n", say.Error(err))
		return 2
	}
	base := cfg.Variants[0]
	vs, setup, err := sim.Sweep(base, key, values, cfg.Players)
	if err != nil {
		for _, line := range strings.Split(say.Error(err), "\n") {
			fmt.Fprintf(stderr, "meldlab sim: %s\n", line)
		}
		return 2
	}
	for _, v := range vs {
		resolved[v.Name] = resolved[base.Name]
	}
	cfg.Variants, cfg.Sweep = vs, setup
	return 0
}
