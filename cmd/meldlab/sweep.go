package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/sim"
	"github.com/meldlab/meldlab/variants"
)

// sweepVariants turns the one variant of cfg into a sweep: one variant a
// value of the swept key, named KEY=VALUE, each refused as a variant file
// with that value would be. It reports problems to stderr and returns the
// exit code (0: go on).
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
	if !slices.Contains(ruleKeys(), key) {
		fmt.Fprintf(stderr, "meldlab sim: --sweep: no rule key %q to sweep; the keys are %s\n", key, strings.Join(ruleKeys(), ", "))
		return 2
	}
	if k := core.LookupRuleKey(key); k.Type != core.IntKey && k.Type != core.BoolKey && k.Type != core.WordKey {
		fmt.Fprintf(stderr, "meldlab sim: --sweep: %s is %s: a sweep takes a number, true or false, or a word\n", key, k.Want())
		return 2
	}
	base := cfg.Variants[0]
	bv := resolved[base.Name]
	cfg.Variants = nil
	failed := false
	for _, val := range values {
		r, err := setRule(base.Rules, key, val, cfg.Players)
		if err != nil {
			// The value as typed may hold control characters: escaped, never raw.
			fmt.Fprintf(stderr, "meldlab sim: --sweep %s=%s: %v\n", key, escape.Line(val), err)
			failed = true
			continue
		}
		name := sim.SweepName(key, val)
		resolved[name] = bv
		cfg.Variants = append(cfg.Variants, sim.Variant{Name: name, Rules: r, Base: base.Base})
	}
	if failed {
		return 2
	}
	cfg.Sweep = &sim.SweepSetup{Key: key, Base: base.Name, Values: values}
	return 0
}

// setRule is r with the rule key (a variant file's path, "opening.points")
// set to value, written as a variant file writes it, and checked as every
// way in checks rules (core.Rules.Validate), in the same words as a variant
// file with that value gets; then as the rules of a game of that many
// players.
func setRule(r core.Rules, key, value string, players int) (core.Rules, error) {
	k := core.LookupRuleKey(key)
	if k == nil || k.PerFile {
		return r, fmt.Errorf("no rule key %q to sweep; the keys are %s", key, strings.Join(ruleKeys(), ", "))
	}
	var v any
	switch k.Type {
	case core.IntKey:
		n, err := strconv.Atoi(value)
		if err != nil {
			return r, k.TypeError(strconv.Quote(value))
		}
		v = n
	case core.BoolKey:
		switch value {
		case "true":
			v = true
		case "false":
			v = false
		default:
			return r, k.TypeError(strconv.Quote(value))
		}
	default: // core.WordKey: sweepVariants lets no other type through
		v = value
	}
	if err := k.Check(v); err != nil {
		var ve *core.ValueError
		if errors.As(err, &ve) && ve.Word != "" {
			return r, errors.New(ve.Msg + suggest.DidYouMean(ve.Word, k.Words)) // as a variant file says it
		}
		return r, err
	}
	k.Set(&r, v)
	if err := r.Validate(); err != nil {
		return r, err
	}
	names := make([]string, max(players, 1))
	for i := range names {
		names[i] = "p" + strconv.Itoa(i+1)
	}
	if _, err := core.NewGame(r, names, 1); err != nil {
		return r, err
	}
	return r, nil
}

// ruleKeys are the keys a sweep may vary: the rules of a variant file.
func ruleKeys() []string {
	var out []string
	for _, k := range core.RuleKeys() {
		if !k.PerFile && k.Path != "hooks" && k.Path != "extends" {
			out = append(out, k.Path)
		}
	}
	return out
}
