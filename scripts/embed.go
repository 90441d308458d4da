package scripts

import (
	"embed"
	"io/fs"
)

// shipped holds the lessons and bots, so that the meldlab binary has them
// wherever it runs.
//
//go:embed lessons/*.lua bots/*.lua
var shipped embed.FS

// sub is the shipped directory dir ("lessons", "bots").
func sub(dir string) fs.FS {
	f, err := fs.Sub(shipped, dir)
	if err != nil {
		panic(err) // dir is a constant of this package
	}
	return f
}
