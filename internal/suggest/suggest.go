// Package suggest finds what a mistyped word most likely meant, for the
// "did you mean" of unknown commands, variant names and YAML keys.
package suggest

import (
	"fmt"
	"strings"
)

// Nearest is the candidate a typo most likely meant, "" when none is close:
// the only candidate the word begins (or that begins the word), unless
// another is nearer by edit distance ("tiles_openned" means tiles_opened,
// not tiles), else the closest by edit distance within a third of the
// word's length (at least one edit). A swap of two neighbouring letters counts as one edit, as it is
// the commonest slip. Case is ignored; ties go to the earlier candidate.
func Nearest(word string, candidates []string) string {
	word = strings.ToLower(word)
	if word == "" {
		return ""
	}
	var prefixed []string
	for _, c := range candidates {
		if lc := strings.ToLower(c); strings.HasPrefix(lc, word) || strings.HasPrefix(word, lc) {
			prefixed = append(prefixed, c)
		}
	}
	best, bestD := "", max(1, len(word)/3)+1
	for _, c := range candidates {
		if d := Distance(word, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	if len(prefixed) == 1 && (best == "" || Distance(word, strings.ToLower(prefixed[0])) <= bestD) {
		return prefixed[0]
	}
	return best
}

// Distance is the edit distance between a and b (insertions, deletions,
// substitutions and swaps of neighbours, each one edit).
func Distance(a, b string) int {
	// Three rows of the table are enough: the swap looks two rows back.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// DidYouMean is Nearest as the end of an error message, ` (did you mean
// "draw"?)`, or "" when no candidate is close.
func DidYouMean(word string, candidates []string) string {
	if s := Nearest(word, candidates); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}
