package review

import (
	"strings"

	"github.com/meldlab/meldlab/record"
)

// Notes are the review as a record's annotations (record.Options.Notes),
// by the index of each turn's first action: "?" for one tile fewer than
// the best or a play held back, "??" for a mistake, a missed play or a
// missed initial meld; the verdict, in words, as the comment; the best
// play as a variation. words says a verdict in the reader's language.
func Notes(rep Report, words func(Verdict) string) map[int]record.Note {
	notes := map[int]record.Note{}
	for _, t := range rep.Turns {
		if t.Verdict == Best || len(t.Best.Placed) == 0 {
			continue
		}
		mark := "??"
		if t.Verdict == OneFewer || t.Verdict == HeldBack {
			mark = "?"
		}
		sets := make([]string, len(t.Best.Table))
		for i, s := range t.Best.Table {
			sets[i] = "[" + strings.Join(s, " ") + "]"
		}
		notes[t.Action] = record.Note{Marks: []string{mark}, Comment: words(t.Verdict),
			Alt: strings.Join(t.Best.Placed, " ") + " => " + strings.Join(sets, " ")}
	}
	return notes
}
