// Package puzzle makes, rates and reads puzzles: a position (a table, a
// rack, whether the player has opened) whose best play is proven, graded
// 1 to 5 by how the bots of known strength fare at it, and rated by the
// attempts of the people who try it (Glicko-2).
package puzzle

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"

	"github.com/meldlab/meldlab/core"
)

// Puzzle is one puzzle, one line of a JSON Lines file.
type Puzzle struct {
	ID        string `json:"id"`
	Variant   string `json:"variant"`
	Opened    bool   `json:"opened"`
	Table     string `json:"table"` // notation: "[r3 r4 r5] [k8 b8 o8]"
	Rack      string `json:"rack"`
	Objective string `json:"objective"` // "tiles": place the most tiles
	// Others are the other seats' tile counts, Pool the tiles left to draw:
	// the rest of the position, for the bots that try it.
	Others []int `json:"others"`
	Pool   int   `json:"pool"`

	Best     Best     `json:"best"`
	Features Features `json:"features"`
	Themes   []string `json:"themes"`
	Rating   Rating   `json:"rating"`
	Grade    int      `json:"grade"` // 1 to 5
	// Solves are the bots' solve rates when it was rated, by bot.
	Solves map[string]float64 `json:"solves"`
	Source Source             `json:"source"`
}

// Best is the puzzle's answer: its best play, proven.
type Best struct {
	Tiles   int    `json:"tiles"`
	Points  int    `json:"points"`
	Placed  string `json:"placed"`
	Table   string `json:"table"` // one best table
	Optimal bool   `json:"optimal"`
	// Direct is the most tiles a play that only adds to the table's sets
	// and lays new ones places (the children's rule): a puzzle whose best
	// is no more is solved without rearranging anything.
	Direct int `json:"direct"`
}

// Features describe the best play.
type Features struct {
	TilesPlaced     int `json:"tiles_placed"`
	SetsChanged     int `json:"sets_changed"`
	SetsUndone      int `json:"sets_undone"`
	JokersFreed     int `json:"jokers_freed"`
	TableTilesMoved int `json:"table_tiles_moved"`
}

// Source is where a puzzle came from: a seeded game's round and turn, or
// a template and its seed.
type Source struct {
	Game  uint64 `json:"game_seed,omitempty"`
	Round int    `json:"round"`
	Turn  int    `json:"turn"` // from 1
	Seat  int    `json:"seat"` // from 1
	Bot   string `json:"bot"`  // the bot that played there
	Bot2  int    `json:"bot_tiles"`
	// Template and TemplateSeed name a template's puzzle.
	Template     string `json:"template,omitempty"`
	TemplateSeed uint64 `json:"template_seed,omitempty"`
}

// id is a puzzle's identity: a digest of its position.
func id(variant string, opened bool, table, rack string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%v|%s|%s", variant, opened, table, rack)))
	return hex.EncodeToString(sum[:5])
}

// Write writes puzzles as JSON Lines.
func Write(w io.Writer, ps []Puzzle) error {
	for _, p := range ps {
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// Read reads puzzles from JSON Lines (at most 16 MiB).
func Read(r io.Reader) ([]Puzzle, error) {
	var out []Puzzle
	sc := bufio.NewScanner(io.LimitReader(r, core.MaxSaveSize))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var p Puzzle
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			return out, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}
