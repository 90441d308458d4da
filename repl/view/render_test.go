package view

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/i18n/msg"
)

// TableHeaded writes each line piece by piece; it says what the plain
// formatting says (fmt, a string a set), in colour and without, for valid
// and invalid sets, an empty one, and numbers of two digits.
func TestTableHeadedLines(t *testing.T) {
	long := strings.Repeat("[k1 k2 k3] ", 10) + "[r4 b5 r6] [J J]"
	tables := []core.Table{
		coretest.Table("[r3 r4 r5]"),
		coretest.Table("[r3 r4 r5] [r4 b5 r6] [k13 k1 k2] [o9 J o11 o12] [k7 r7 b7 o7 J]"),
		coretest.Table(long),
		{core.Set{}, coretest.Set("[r1 r2 r3]")},
	}
	for _, color := range []bool{false, true} {
		p := Painter{Color: color}
		for _, tb := range tables {
			var got strings.Builder
			p.TableHeaded(&got, tb, core.StandardSets, msg.ReplTable(), msg.ReplTableEmpty())
			assert.Equal(t, formatTable(p, tb, core.StandardSets), got.String(), "color %v: %s", color, tb)
		}
	}
}

// formatTable is TableHeaded said with fmt.
func formatTable(p Painter, t core.Table, rules core.SetRules) string {
	var b strings.Builder
	b.WriteString(p.Lang.Message(msg.ReplTable()) + "\n")
	width := len(strconv.Itoa(len(t)))
	pad := 0
	for _, s := range t {
		pad = max(pad, len(s.String()))
	}
	for i, s := range t {
		fmt.Fprintf(&b, "  %*d %s", width, i+1, "["+strings.Join(tileTexts(p, s), " ")+"]")
		if _, err := rules.Validate(s); err != nil {
			fmt.Fprintf(&b, "%s  %s %s", strings.Repeat(" ", pad-len(s.String())), p.Warn(), p.SetReason(err))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func tileTexts(p Painter, s core.Set) []string {
	if len(s) == 0 {
		return []string{"(none)"}
	}
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = p.Tile(x)
	}
	return out
}

// The six colours and Twist's special jokers in the terminal: each tile
// its own style around its notation (green, purple apart from the bold
// joker, the special jokers underlined), and the plain text unchanged; a
// six-colour table lines up its reasons as a four-colour one does.
func TestSixColourTiles(t *testing.T) {
	box := core.TileSet{Colors: 6, Numbers: 13, Copies: 2, Jokers: 2, DoubleJokers: 2, MirrorJokers: 2, ColorChangeJokers: 2}
	tiles, err := box.ParseTiles("k5 r5 b5 o5 g5 p5 J JD JM JC")
	assert.NoError(t, err)
	colour := Painter{Color: true}
	assert.Equal(t, "\x1b[1mk5\x1b[0m \x1b[31mr5\x1b[0m \x1b[94mb5\x1b[0m \x1b[33mo5\x1b[0m \x1b[32mg5\x1b[0m \x1b[35mp5\x1b[0m "+
		"\x1b[1;35mJ\x1b[0m \x1b[1;4;35mJD\x1b[0m \x1b[1;4;35mJM\x1b[0m \x1b[1;4;35mJC\x1b[0m", colour.Tiles(tiles))
	assert.Equal(t, "k5 r5 b5 o5 g5 p5 J JD JM JC", Painter{}.Tiles(tiles))

	table, err := box.ParseTable("[k5 r5 b5 o5 g5 p5] [g3 p4 g5] [r2 JD r5] [p2 p3 JM p3 p2]")
	assert.NoError(t, err)
	rules := core.SetRules{Colors: 6, Numbers: 13, MinRun: 3, MinGroup: 3, Copies: 2, Twist: true}
	var plain strings.Builder
	Painter{}.TableHeaded(&plain, table, rules, msg.ReplTable(), msg.ReplTableEmpty())
	assert.Equal(t, "table:\n"+
		"  1 [k5 r5 b5 o5 g5 p5]\n"+
		"  2 [g3 p4 g5]           X not a run: p4 is purple, the run is green\n"+
		"  3 [r2 JD r5]\n"+
		"  4 [p2 p3 JM p3 p2]\n", plain.String())
	for _, color := range []bool{false, true} {
		p := Painter{Color: color}
		var got strings.Builder
		p.TableHeaded(&got, table, rules, msg.ReplTable(), msg.ReplTableEmpty())
		assert.Equal(t, formatTable(p, table, rules), got.String(), "color %v", color)
	}
}
