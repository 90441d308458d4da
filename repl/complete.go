package repl

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/repl/table"
)

// Complete offers completions for the word at pos (in runes) of line, as
// liner's WordCompleter wants them: the text before the word, the
// candidates for the word, and the text after the cursor. It knows the
// commands, the tiles on the rack, the set numbers and tiles of the staged
// table, the variants, the bots, the lessons and file names.
func (s *Session) Complete(line string, pos int) (head string, completions []string, tail string) {
	r := []rune(line)
	pos = min(max(pos, 0), len(r))
	before, tail := string(r[:pos]), string(r[pos:])
	if s.lua.Active() {
		return before, nil, tail
	}
	start := strings.LastIndexAny(before, " \t") + 1
	head, word := before[:start], before[start:]
	words := strings.Fields(head)
	var cands []string
	if len(words) == 0 {
		for _, c := range s.cmds.names() {
			cands = append(cands, c+" ")
		}
	} else if c := s.cmds.lookup(strings.ToLower(words[0])); c != nil {
		cands = completer{cmds: s.cmds, tab: s.desk.Tab, deal: s.deal, bots: s.opt.Bots, lua: s.opt.Lua}.args(c.name, words[1:], word)
	}
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(strings.ToLower(c), strings.ToLower(word)) {
			out = append(out, c)
		}
	}
	return head, out, tail
}

// completer is what the arguments' completion reads: the commands, the
// table in play, the variants and bots new deals, the lessons.
type completer struct {
	cmds commands
	tab  *table.Table
	deal table.Dealer
	bots *bots.Registry
	lua  plugin.Lua
}

// args lists what may come next after a command and its arguments.
func (c completer) args(cmd string, args []string, word string) []string {
	turn := c.tab.HumanTurn() && c.tab.Stage() != nil
	switch cmd {
	case "help":
		if len(args) == 0 {
			return c.cmds.names()
		}
	case "new":
		var out []string
		if len(args) == 0 {
			out = append(out, c.deal.VariantNames()...)
		}
		out = append(out, "you:human", "ana:human", "bob:human")
		for _, b := range c.bots.Names() {
			out = append(out, "bot:"+b)
		}
		return out
	case "put":
		if !turn {
			return nil
		}
		out := distinct(c.tab.Stage().Left())
		if len(args) > 0 {
			out = append(out, c.tab.Stage().SetNumbers()...)
			out = append(out, "new")
		}
		return out
	case "move":
		if !turn {
			return nil
		}
		out := c.tab.Stage().TileRefs()
		if len(args) > 0 {
			out = append(out, c.tab.Stage().SetNumbers()...)
			out = append(out, "new", "from", "to")
		}
		return out
	case "split":
		if !turn {
			return nil
		}
		switch len(args) {
		case 0:
			return c.tab.Stage().SetNumbers()
		case 1:
			return []string{"at"}
		case 2:
			var n int
			if _, err := fmt.Sscan(args[0], &n); err == nil {
				var out []string
				for _, t := range c.tab.Stage().SetAt(n) {
					out = append(out, t.String())
				}
				return out
			}
		}
	case "join":
		if turn {
			return c.tab.Stage().SetNumbers()
		}
	case "take":
		if turn {
			return distinct(c.tab.Stage().Placed())
		}
	case "lesson":
		if c.lua != nil && len(args) == 0 {
			lessons, _ := c.lua.Lessons()
			out := []string{"next"}
			for _, l := range lessons {
				out = append(out, fmt.Sprint(l.N))
			}
			return out
		}
	case "explain":
		if len(args) == 0 {
			return []string{"last"}
		}
	case "setup":
		if len(args) == 0 {
			return []string{"rack", "table", "turn", "opened", "pool"}
		}
	case "timer":
		if len(args) == 0 {
			return []string{"on", "off"}
		}
	case "save", "load", "run":
		if len(args) == 0 {
			return files(word)
		}
	}
	return nil
}

// distinct lists the distinct tiles of m, in canonical order.
func distinct(m core.Multiset) []string {
	var out []string
	var last core.Tile
	for _, t := range m.Tiles() {
		if t != last {
			out = append(out, t.String())
			last = t
		}
	}
	return out
}

// files lists the files and directories that could complete word, their
// names with control characters escaped (\x1b).
func files(word string) []string {
	dir, base := filepath.Split(word)
	list := dir
	if list == "" {
		list = "."
	}
	entries, err := os.ReadDir(list)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, base) || strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if e.IsDir() {
			name += string(filepath.Separator)
		}
		// A file name may hold anything but / and NUL: an ESC sequence in
		// one would act on the terminal that shows the completions.
		out = append(out, dir+escape.Line(name))
	}
	return out
}
