package solve

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
)

// BuildTables builds, and waits for, the tables of every shape of the box
// of r that Prepare would build, without Prepare's warm-up, in the package
// functions' Tables: what a first solve pays besides its tables (go run
// ./internal/firstsolve -tables). Exported for the measurement commands
// under internal/; a program that solves calls Prepare.
func BuildTables(r core.Rules) {
	for _, sh := range boxShapes(&r) {
		printedTables.build(context.Background(), sh)
	}
}

// WithParamsText is the package functions' Tables (the same tables) with
// the params that text names changed, as "raceFirst=1500,noTops=true": for
// comparing settings in one process (go run ./internal/abrun). Exported for
// the measurement commands under internal/; a program that solves has no
// use for it.
func WithParamsText(text string) (*Tables, error) {
	p := defaults
	ints := map[string]*int{"diveNodes": &p.diveNodes, "lagFirst": &p.lagFirst, "lagGiveUp": &p.lagGiveUp,
		"lagMore": &p.lagMore, "retighten": &p.retighten, "plainFirst": &p.plainFirst, "splitFrom": &p.splitFrom, "raceFirst": &p.raceFirst,
		"fallbackNodes": &p.fallbackNodes, "fallbackFirst": &p.fallbackFirst}
	bools := map[string]*bool{"oneDive": &p.oneDive, "flipOnly": &p.flipOnly, "noPrices": &p.noPrices, "noSplit": &p.noSplit,
		"noTops": &p.noTops, "noRace": &p.noRace, "noFlat": &p.noFlat, "noBare": &p.noBare, "noCeil": &p.noCeil}
	for _, kv := range strings.Split(text, ",") {
		name, val, _ := strings.Cut(strings.TrimSpace(kv), "=")
		var err error
		if q, ok := ints[name]; ok {
			*q, err = strconv.Atoi(val)
		} else if q, ok := bools[name]; ok {
			*q, err = strconv.ParseBool(val)
		} else {
			err = fmt.Errorf("no param %q", name)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", kv, err)
		}
	}
	return printedTables.withParams(func(q *params) { *q = p }), nil
}
