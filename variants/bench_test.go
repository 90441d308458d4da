package variants

import (
	"testing"

	"github.com/meldlab/meldlab/core/coretest"
)

// BenchmarkCheckPlay is the cost a hook adds to each play: the view built
// as read-only Lua tables, and the call.
func BenchmarkCheckPlay(b *testing.B) {
	v, err := Resolve("house/clean-opening")
	if err != nil {
		b.Fatal(err)
	}
	h, err := NewHooks(v, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	after := coretest.Table("[k1 k2 k3] [r10 r11 r12] [b5 o5 k5]")
	placed := coretest.Tiles("r10 r11 r12")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := h.CheckPlay(view(1), after, placed); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewHooks is the cost per game of a variant with hooks.
func BenchmarkNewHooks(b *testing.B) {
	v, err := Resolve("house/clean-opening")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		h, err := NewHooks(v, 1, nil)
		if err != nil {
			b.Fatal(err)
		}
		h.(*Hooks).Close()
	}
}

// BenchmarkResolve reads a variant file and the one it extends.
func BenchmarkResolve(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Resolve("novelty"); err != nil {
			b.Fatal(err)
		}
	}
}
