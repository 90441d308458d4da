package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
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
		fmt.Fprintf(stderr, "meldlab sim: %v\n", err)
		return 2
	}
	if !slices.Contains(ruleKeys(), key) {
		fmt.Fprintf(stderr, "meldlab sim: --sweep: no rule key %q to sweep; the keys are %s\n", key, strings.Join(ruleKeys(), ", "))
		return 2
	}
	base := cfg.Variants[0]
	bv := resolved[base.Name]
	cfg.Variants = nil
	failed := false
	for _, val := range values {
		r, err := setRule(base.Rules, key, val, cfg.Players)
		if err != nil {
			fmt.Fprintf(stderr, "meldlab sim: --sweep %s=%s: %v\n", key, val, err)
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
// set to value, written as a variant file writes it, and checked as the
// rules of a game.
func setRule(r core.Rules, key, value string, players int) (core.Rules, error) {
	b, _ := json.Marshal(r) // plain data: cannot fail
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	_ = dec.Decode(&m)
	path := strings.Split(key, ".")
	node := m
	for _, p := range path[:len(path)-1] {
		next, ok := node[p].(map[string]any)
		if !ok {
			return r, fmt.Errorf("no rule key %q to sweep", key)
		}
		node = next
	}
	last := path[len(path)-1]
	switch node[last].(type) {
	case json.Number:
		n, err := strconv.Atoi(value)
		if err != nil {
			return r, fmt.Errorf("%s must be a whole number, not %q", key, value)
		}
		node[last] = n
	case bool:
		switch value {
		case "true":
			node[last] = true
		case "false":
			node[last] = false
		default:
			return r, fmt.Errorf("%s must be true or false, not %q", key, value)
		}
	case string:
		node[last] = value
	default:
		return r, fmt.Errorf("%s is a list: a sweep takes a number, true or false, or a word", key)
	}
	b, _ = json.Marshal(m)
	var out core.Rules
	if err := json.Unmarshal(b, &out); err != nil {
		return r, fmt.Errorf("%s: %v", key, err)
	}
	names := make([]string, max(players, 1))
	for i := range names {
		names[i] = "p" + strconv.Itoa(i+1)
	}
	if _, err := core.NewGame(out, names, 1); err != nil {
		return r, err
	}
	return out, nil
}

// ruleKeys are the keys a sweep may vary.
func ruleKeys() []string {
	var out []string
	for _, k := range variants.Keys() {
		switch k {
		case "name", "title", "source", "hooks":
		default:
			out = append(out, k)
		}
	}
	return out
}
