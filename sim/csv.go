package sim

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// CSVWriter writes one row per round (RoundRecord) as the run goes, for
// analysis elsewhere. Seats count from 1. The columns:
//
//	variant      its name; one starting with = + - @, a tab or a CR gets a leading ' (never a formula)
//	game, seed, round, turns, first_seat,
//	winners      the winning seats, space-separated (two or more: a shared round); empty if capped
//	pool_left, pool_empty, blocked, joker_left, capped (true/false), timeouts, penalties,
//	score_1..score_N        each seat's round score (empty if capped)
//	meld_turn_1..meld_turn_N the turn of each seat's initial meld (empty: never)
//	refused      bots' proposals the referee refused (each cost a turn)
//	jokers_kept  jokers sent to a rack (joker.keep)
type CSVWriter struct{ csvRows }

// csvRows is a CSV file of rows of so many seats.
type csvRows struct {
	w       *csv.Writer
	players int
	row     []string
}

// NewCSVWriter writes the header for players seats to w and returns the writer.
func NewCSVWriter(w io.Writer, players int) (*CSVWriter, error) {
	c := &CSVWriter{csvRows{w: csv.NewWriter(w), players: players}}
	head := []string{"variant", "game", "seed", "round", "turns", "first_seat", "winners",
		"pool_left", "pool_empty", "blocked", "joker_left", "capped", "timeouts", "penalties"}
	head = append(head, seatColumns("score_", players)...)
	head = append(head, seatColumns("meld_turn_", players)...)
	head = append(head, "refused", "jokers_kept")
	if err := c.w.Write(head); err != nil {
		return nil, err
	}
	return c, nil
}

// Write writes one round; it fits Config.OnRound.
func (c *CSVWriter) Write(r *RoundRecord) error {
	itoa := strconv.Itoa
	var winners []string
	for _, w := range r.Winners {
		winners = append(winners, itoa(w+1))
	}
	c.row = append(c.row[:0], textCell(r.Variant), itoa(r.Game), strconv.FormatUint(r.Seed, 10), itoa(r.Round),
		itoa(r.Turns), itoa(r.First+1), strings.Join(winners, " "), itoa(r.PoolLeft),
		strconv.FormatBool(r.PoolLeft == 0), strconv.FormatBool(r.Blocked), strconv.FormatBool(r.JokerLeft),
		strconv.FormatBool(r.Capped), itoa(r.Timeouts), itoa(r.Penalties))
	for s := range c.players {
		if s < len(r.Scores) {
			c.row = append(c.row, itoa(r.Scores[s]))
		} else {
			c.row = append(c.row, "")
		}
	}
	for s := range c.players {
		if s < len(r.OpenTurns) && r.OpenTurns[s] > 0 {
			c.row = append(c.row, itoa(r.OpenTurns[s]))
		} else {
			c.row = append(c.row, "")
		}
	}
	c.row = append(c.row, itoa(r.Refused), itoa(r.JokersKept))
	return c.w.Write(c.row)
}

// seatColumns are the columns prefix1..prefixN, one a seat.
func seatColumns(prefix string, players int) []string {
	var out []string
	for s := range players {
		out = append(out, prefix+strconv.Itoa(s+1))
	}
	return out
}

// textCell is a cell of text from a file (a variant's name): one a
// spreadsheet would read as a formula (starting with = + - @, a tab or a
// carriage return) gets a leading quote, as OWASP advises against CSV
// injection. The numbers the lab writes are never text cells.
func textCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Flush writes any buffered rows and reports a write error.
func (c *csvRows) Flush() error {
	c.w.Flush()
	return c.w.Error()
}
