// Package coretest builds core values from notation for tests, so a test
// reads like the rulebook: coretest.Table("[r3 r4 r5] [k8 b8 o8]").
package coretest

import "github.com/meldlab/meldlab/core"

// Tile parses one tile or panics.
func Tile(s string) core.Tile { return must(core.ParseTile(s)) }

// Tiles parses a rack or panics.
func Tiles(s string) []core.Tile { return must(core.ParseTiles(s)) }

// Set parses a set or panics.
func Set(s string) core.Set { return must(core.ParseSet(s)) }

// Table parses a table or panics.
func Table(s string) core.Table { return must(core.ParseTable(s)) }

// Rack parses a rack into a Multiset or panics.
func Rack(s string) core.Multiset { return core.MultisetOf(Tiles(s)...) }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
