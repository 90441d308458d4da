package sim

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// TableRound is one round of one table of a tournament: the deal, the
// table's place among the deal's seatings (from 0), the bot in each seat,
// and the round as played.
type TableRound struct {
	Deal  int
	Table int
	Bots  []string
	Round RoundRecord
}

// TournamentCSV writes one row per table and round (Tournament.OnTable),
// for analysis elsewhere: deal, seed, table, round, turns, first_seat,
// winners (seats, space-separated; empty if capped), capped, then each
// seat's bot (a text cell, never a formula) and round score. Seats count
// from 1.
type TournamentCSV struct{ csvRows }

// NewTournamentCSV writes the header for players seats to w.
func NewTournamentCSV(w io.Writer, players int) (*TournamentCSV, error) {
	c := &TournamentCSV{csvRows{w: csv.NewWriter(w), players: players}}
	head := []string{"deal", "seed", "table", "round", "turns", "first_seat", "winners", "capped"}
	head = append(head, seatColumns("bot_", players)...)
	head = append(head, seatColumns("score_", players)...)
	return c, c.w.Write(head)
}

// Write writes one table's round; it fits Tournament.OnTable.
func (c *TournamentCSV) Write(t *TableRound) error {
	itoa, r := strconv.Itoa, &t.Round
	var winners []string
	for _, w := range r.Winners {
		winners = append(winners, itoa(w+1))
	}
	c.row = append(c.row[:0], itoa(t.Deal), strconv.FormatUint(r.Seed, 10), itoa(t.Table), itoa(r.Round), itoa(r.Turns),
		itoa(r.First+1), strings.Join(winners, " "), strconv.FormatBool(r.Capped))
	for s := range c.players {
		c.row = append(c.row, textCell(t.Bots[s]))
	}
	for s := range c.players {
		if s < len(r.Scores) {
			c.row = append(c.row, itoa(r.Scores[s]))
		} else {
			c.row = append(c.row, "")
		}
	}
	return c.w.Write(c.row)
}
