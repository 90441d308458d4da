package view

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
)

// Scores writes the round's scores (when it is over), the totals and the
// rounds won, a line a seat.
func (p Painter) Scores(b *strings.Builder, g *core.Game) {
	names := g.Names()
	round, totals, won := g.RoundScores(), g.Totals(), g.RoundsWon()
	seat, roundW, total, wonW := p.Lang.Message(msg.ReplScoresSeat()), p.Lang.Message(msg.ReplScoresRound()), p.Lang.Message(msg.ReplScoresTotal()), p.Lang.Message(msg.ReplScoresWon())
	width := utf8.RuneCountInString(seat)
	for _, n := range names {
		width = max(width, utf8.RuneCountInString(n))
	}
	col := max(6, utf8.RuneCountInString(roundW), utf8.RuneCountInString(total))
	pad := func(s string, n int) string { return s + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s))) }
	right := func(s string, n int) string { return strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s))) + s }
	if round != nil {
		fmt.Fprintf(b, "  %s  %s  %s  %s\n", pad(seat, width), right(roundW, col), right(total, col), wonW)
	} else {
		fmt.Fprintf(b, "  %s  %s  %s\n", pad(seat, width), right(total, col), wonW)
	}
	for i, n := range names {
		if round != nil {
			fmt.Fprintf(b, "  %s  %+*d  %+*d  %d\n", pad(n, width), col, round[i], col, totals[i], won[i])
		} else {
			fmt.Fprintf(b, "  %s  %+*d  %d\n", pad(n, width), col, totals[i], won[i])
		}
	}
}
