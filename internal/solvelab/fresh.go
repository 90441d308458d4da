package solvelab

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
)

// Fresh corpora (issue 27 item 3): problems the project's generator
// (GenProblem) deals from seeds no committed corpus used, so that no one
// tuned the solver to them. "dense" keeps, from the generator's original
// problems, those of a crowded table late in a game: 60 tiles or more on
// the table and 15 or more on the rack.

// FreshSeed is the fresh corpora's first seed unless a command's -seed
// moves them.
const FreshSeed = 2711

// FreshCorpus is a fresh corpus: its rules, its seed, its size, and which
// of the generator's problems it keeps.
type FreshCorpus struct {
	Name  string
	Rules core.Rules
	Seed  uint64
	Size  int
	Keep  func(solve.Problem) bool
}

// FreshCorpora are the three fresh corpora dealt from seed, seed+1 and
// seed+2.
func FreshCorpora(seed uint64) []FreshCorpus {
	all := func(solve.Problem) bool { return true }
	dense := func(p solve.Problem) bool { return p.Table.Len() >= 60 && p.Rack.Len() >= 15 }
	return []FreshCorpus{
		{Name: "original", Rules: core.Original(), Seed: seed, Size: 3000, Keep: all},
		{Name: "xp", Rules: XPRules(), Seed: seed + 1, Size: 1500, Keep: all},
		{Name: "dense", Rules: core.Original(), Seed: seed + 2, Size: 1000, Keep: dense},
	}
}

// FreshCorpusNamed is the fresh corpus of that name, dealt from seed.
func FreshCorpusNamed(name string, seed uint64) (FreshCorpus, error) {
	for _, c := range FreshCorpora(seed) {
		if c.Name == name {
			return c, nil
		}
	}
	return FreshCorpus{}, fmt.Errorf("no fresh corpus %q (original, xp or dense)", name)
}

// Deal deals the corpus from its seed (the generator's stream 2026, as
// Corpus.Deal uses).
func (c FreshCorpus) Deal() []solve.Problem {
	rng := rand.New(rand.NewPCG(c.Seed, 2026))
	var out []solve.Problem
	for i := 0; len(out) < c.Size; i++ {
		if p := GenProblem(rng, fmt.Sprintf("%s-%d", c.Name, i), c.Rules); c.Keep(p) {
			out = append(out, p)
		}
	}
	return out
}

// LeastInTurns runs each of solves in turns, three times over, and returns
// each one's least CPU time in microseconds (on the calling thread, which
// the caller locks): a slow minute of the machine hits them all alike. Each
// runs once untimed first: otherwise the first solve of a problem alone
// meets it cold, and the others' least of three warm runs came out 1-2%
// below its least of two (the same params either side).
func LeastInTurns(solves ...func()) []float64 {
	least := make([]float64, len(solves))
	for i := range least {
		least[i] = -1
	}
	for _, solve := range solves {
		solve()
	}
	for range 3 {
		for k, solve := range solves {
			start := ThreadCPU()
			solve()
			if d := float64(ThreadCPU()-start) / 1e3; least[k] < 0 || d < least[k] {
				least[k] = d
			}
		}
	}
	return least
}

// BandFile is where band -rank writes the problems of a corpus's band,
// which band and oldnew then count.
func BandFile(corpus string) string { return "/tmp/meldlab-band-" + corpus + ".txt" }

// ReadBand is the problems of probs that the band file lists.
func ReadBand(corpus string, probs []solve.Problem) ([]solve.Problem, error) {
	list := BandFile(corpus)
	data, err := os.ReadFile(list)
	if err != nil {
		return nil, err
	}
	var band []solve.Problem
	for _, f := range strings.Fields(string(data)) {
		i, err := strconv.Atoi(f)
		if err != nil || i < 0 || i >= len(probs) {
			return nil, fmt.Errorf("%s: %q is no problem of the corpus", list, f)
		}
		band = append(band, probs[i])
	}
	return band, nil
}
