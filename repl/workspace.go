package repl

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/stage"
)

// Workspace is a turn in the making (stage.Workspace).
type Workspace = stage.Workspace

// Target is where an edit puts tiles (stage.Target).
type Target = stage.Target

// TileRef is a tile on the staged table (stage.TileRef).
type TileRef = stage.TileRef

// NewWorkspace starts a turn on table with rack (stage.NewWorkspace).
func NewWorkspace(rules core.SetRules, table core.Table, rack core.Multiset, keep func(after core.Table) error) *Workspace {
	return stage.NewWorkspace(rules, table, rack, keep)
}
