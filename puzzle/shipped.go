package puzzle

import (
	"bytes"
	"embed"
	"sort"
)

// The shipped puzzles, one JSON Lines file a variant, made by
//
//	go run ./cmd/meldlab puzzle gen --variant original --count 60 --seed 101 --grade G
//	go run ./cmd/meldlab puzzle gen --variant italian --count 30 --seed 102 --grade G
//	go run ./cmd/meldlab puzzle gen --variant novelty --count 30 --seed 103 --grade G
//
// for each grade G from 1 to 5, appended in grade order (>> to the
// variant's file). TestShippedRegenerate checks a file against its
// commands; TestShippedGradesOrderSolveRates checks the grades against the
// solve rates the file records (Spearman's rho at most -0.6, the
// beginner's median falling grade by grade).
//
//go:embed shipped/*.jsonl
var shippedFiles embed.FS

// ShippedSeeds are the seeds and counts a grade each that made each
// variant's shipped file.
var ShippedSeeds = map[string]struct {
	Seed  uint64
	Count int
}{
	"original": {101, 60},
	"italian":  {102, 30},
	"novelty":  {103, 30},
}

// Shipped are the shipped puzzles of a variant (nil for none).
func Shipped(variant string) []Puzzle {
	b, err := shippedFiles.ReadFile("shipped/" + variant + ".jsonl")
	if err != nil {
		return nil
	}
	ps, err := Read(bytes.NewReader(b))
	if err != nil {
		return nil
	}
	return ps
}

// ShippedVariants are the variants with shipped puzzles, sorted.
func ShippedVariants() []string {
	var out []string
	for v := range ShippedSeeds {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}
