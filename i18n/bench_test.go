package i18n

import (
	"testing"

	"github.com/meldlab/meldlab/core"
)

// The messages a served table says most, each once per iteration: a turn's
// heading, a rack's count, a refusal with a tile and a colour (its Colour
// a word of the catalog), and the box's long refusal with its else-ifs.
// Warm: the first call of each is made before the clock starts, so what is
// measured is saying, not a first use's parsing.
var benchSays = []struct {
	id   string
	args []any
}{
	{"repl.turn", []any{"Name", "Ann", "You", false, "Round", 2, "Turn", 3, "Timed", true, "Seconds", 40}},
	{"repl.rack.count", []any{"Count", 3, "Points", 27}},
	{"set.run.colour", []any{"Tile", core.NewTile(core.Blue, 5), "Colour", core.Blue, "RunColour", core.Red}},
	{"box.over", []any{"Where", "rack", "Joker", false, "Uses", 3, "Tile", core.NewTile(core.Red, 5), "Variant", core.VariantName("original"), "Box", 2}},
}

func BenchmarkT(b *testing.B) {
	for _, l := range []Lang{English, Spanish} {
		b.Run(string(l), func(b *testing.B) {
			p := New(l)
			for _, s := range benchSays {
				p.T(s.id, s.args...)
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range benchSays {
					p.T(s.id, s.args...)
				}
			}
		})
	}
}

func BenchmarkMessage(b *testing.B) {
	msgs := make([]core.Message, len(benchSays))
	for i, s := range benchSays {
		msgs[i] = core.Msg(s.id, s.args...)
	}
	for _, l := range []Lang{English, Spanish} {
		b.Run(string(l), func(b *testing.B) {
			p := New(l)
			for _, m := range msgs {
				p.Message(m)
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, m := range msgs {
					p.Message(m)
				}
			}
		})
	}
	// core's own English (Message.String), as an error says itself.
	b.Run("String", func(b *testing.B) {
		for _, m := range msgs {
			_ = m.String()
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, m := range msgs {
				_ = m.String()
			}
		}
	})
}
