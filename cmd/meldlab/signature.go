package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/sim"
)

// commit is the source commit, set at build time where the build records
// no VCS revision (-buildvcs=false, a tarball, a container build without
// .git): go build -ldflags "-X main.commit=$(git rev-parse HEAD)".
var commit string

// commitName is the build's source commit: its VCS revision ("+modified"
// for a tree with changes), else commit; "" when neither is known.
func commitName() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return commit
	}
	var rev, mod string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				mod = "+modified"
			}
		}
	}
	if rev == "" {
		return commit
	}
	return rev + mod
}

// benchSignature is what this build plays on a fixed bench, as a digest:
// a few seeded games under the original rules and a 50-point opening, with
// the Go bots at the table; two builds whose bots or referee play alike
// sign alike, whatever their executables' bytes. Worked out once.
var benchSignature = sync.OnceValue(func() string {
	fifty := core.Original()
	fifty.Name, fifty.Opening.Points = "house/fifty", 50
	h := sha256.New()
	for _, bots := range [][]string{{"greedy", "points", "patient", "random"}, {"beginner", "intermediate", "greedy", "random"}} {
		res, err := sim.Run(context.Background(), sim.Config{Variants: []sim.Variant{{Name: "original", Rules: core.Original()},
			{Name: "house/fifty", Rules: fifty}}, Players: 4, Bots: bots, Games: 3, Seed: 45, Workers: 1,
			Factory: gameFactory, Registry: botRegistry})
		if err != nil {
			return "bench failed: " + err.Error()
		}
		b, _ := json.Marshal([]any{res.Variants, res.Pairs, res.Failed}) // plain data: cannot fail
		h.Write(b)
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:8])
})
