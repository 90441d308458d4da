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
