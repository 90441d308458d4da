package i18n

import (
	"math/rand/v2"
	"strings"
	"testing"
	"text/template"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// Every form of every message of every language that the quick path
// compiles says exactly what its template says, for values of every kind
// the messages get: where the quick path answers, text/template gives the
// same text; where it gives way, nothing is lost.
func TestQuickSaysAsTemplates(t *testing.T) {
	srcs := map[string]string{}
	for id, s := range core.English() {
		srcs["en "+id] = s
	}
	for _, e := range catalog {
		for _, s := range []string{e.one, e.many, e.other} {
			if s != "" {
				srcs[string(e.lang)+" "+e.id+" "+s] = s
			}
		}
	}
	values := []any{nil, 0, 1, 2, -1, 1000000, "", "x", "<no value>", "r3 [k4 k5]", true, false,
		int64(1), uint(2), core.Red, 1.5, []string{"a"}}
	rng := rand.New(rand.NewPCG(24, 1))
	quickCount, answered, total := 0, 0, 0
	for key, src := range srcs {
		if !strings.Contains(src, "{{") {
			continue
		}
		total++
		tt, err := template.New(key).Parse(src)
		require.NoError(t, err, key)
		ps, ok := quick(tt.Tree.Root)
		if !ok {
			continue
		}
		quickCount++
		fields := map[string]bool{}
		var collect func([]piece)
		collect = func(ps []piece) {
			for _, p := range ps {
				if p.field != "" {
					fields[p.field] = true
				}
				collect(p.then)
				collect(p.els)
			}
		}
		collect(ps)
		for trial := range 60 {
			data := map[string]any{}
			for f := range fields {
				if k := rng.IntN(len(values) + 1); k < len(values) {
					data[f] = values[k]
				}
			}
			if trial == 0 { // the plain case: ints and strings
				for f := range fields {
					data[f] = 1
				}
			}
			var b strings.Builder
			if !sayQuick(&b, ps, mapArgs(data)) {
				continue
			}
			answered++
			var want strings.Builder
			require.NoError(t, tt.Execute(&want, data), "%s with %v: the quick path answered where the template fails", key, data)
			assert.Equal(t, want.String(), b.String(), "%s with %v", key, data)
		}
	}
	t.Logf("%d of %d templates quick; %d answers compared", quickCount, total, answered)
	assert.Greater(t, quickCount, total*3/4, "most templates should be quick")
	assert.Greater(t, answered, 1000)
}

// A printer says through the quick path what it said before.
func TestPrinterQuick(t *testing.T) {
	en := New(English)
	assert.Equal(t, "(1 tile, 5 points)", en.T("repl.rack.count", "Count", 1, "Points", 5))
	assert.Equal(t, "(3 tiles, 1 point)", en.T("repl.rack.count", "Count", 3, "Points", 1))
	assert.Equal(t, "== Ann to play: round 2, turn 3, 40 seconds ==",
		en.T("repl.turn", "Name", "Ann", "You", false, "Round", 2, "Turn", 3, "Timed", true, "Seconds", 40))
}

// T says what Message says of the same message, for every message and
// language, with the arguments a message gets (a name repeated, too).
func TestTSaysAsMessage(t *testing.T) {
	args := [][]any{
		nil,
		{"Name", "Ann", "You", false, "Count", 1, "Points", 30, "Tiles", "r3 r4", "Round", 2, "Turn", 3},
		{"Name", "Bob", "You", true, "Count", 2, "Count", 1000000, "Tile", core.NewTile(core.Red, 3), "Colour", core.Blue},
		{"Count", "x", "Who", core.List{Items: []any{"Ann", "Bob"}}, "Variant", core.VariantName("original")},
		{"Odd"},
		{"Name", nil, "Count", nil, "You", true, "Name", "Cy", "Points"},
		{"Count", 1, "Tiles", core.Tiles{core.Joker}, "Points", 1},
	}
	n := 0
	for _, l := range Langs {
		p := New(l)
		for id := range core.English() {
			for _, a := range args {
				want := p.Message(core.Msg(id, a...))
				if got := p.T(id, a...); got != want {
					t.Errorf("%s %s %v: T says %q, Message %q", l, id, a, got, want)
				}
				n++
			}
		}
	}
	assert.Greater(t, n, 1000)
}
