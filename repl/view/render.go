// Package view is the REPL's pure rendering: tiles, sets, tables, racks,
// turn reports and text wrapped to the terminal's width. It knows no
// Session: a front (the terminal, a browser) hands it what to show.
package view

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
)

// ColorMode is the --color setting.
type ColorMode uint8

const (
	ColorAuto   ColorMode = iota // colour on a terminal, unless NO_COLOR or TERM=dumb say no
	ColorNever                   // plain text
	ColorAlways                  // ANSI colour even into a pipe (and despite NO_COLOR)
)

// ParseColorMode reads a --color value: auto, never or always (also on/off,
// yes/no, true/false).
func ParseColorMode(s string) (ColorMode, error) {
	switch strings.ToLower(s) {
	case "auto", "":
		return ColorAuto, nil
	case "never", "off", "no", "false":
		return ColorNever, nil
	case "always", "on", "yes", "true":
		return ColorAlways, nil
	}
	return ColorAuto, fmt.Errorf("--color=%s: use auto, never or always", s)
}

// UseColor decides whether to write ANSI colour. auto colours only a
// terminal, and NO_COLOR (set to anything but "") or TERM=dumb turn it off,
// as https://no-color.org asks; an explicit --color=always wins over both.
func UseColor(mode ColorMode, terminal bool, getenv func(string) string) bool {
	switch mode {
	case ColorNever:
		return false
	case ColorAlways:
		return true
	}
	return terminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
}

// ANSI styles of the tiles. The colour letter is always printed as well, so
// the text reads the same without colour (and to a colour-blind player).
const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiRed   = "\x1b[31m"
	ansiBlue  = "\x1b[94m" // bright: plain blue is hard to read on dark terminals
	ansiGold  = "\x1b[33m"
	ansiGreen = "\x1b[32m"
	// Purple is magenta without bold; the joker is bold magenta, and its
	// letter J tells it from a purple tile where bold does not show.
	ansiPurple = "\x1b[35m"
	ansiJoker  = "\x1b[1;35m"
	// Twist's special jokers are the joker's style underlined: jokers
	// still, each doing more than stand for one tile (JD, JM, JC).
	ansiSpecial = "\x1b[1;4;35m"
	ansiDim     = "\x1b[2m"
	ansiWarn    = "\x1b[1;31m"
)

// tileStyle is each colour's style, in Color order; black is bold in the
// terminal's own foreground, so it shows on dark and light backgrounds.
var tileStyle = [core.MaxColors]string{ansiBold, ansiRed, ansiBlue, ansiGold, ansiGreen, ansiPurple}

// Painter writes tiles, sets and tables as notation, in colour or not.
type Painter struct {
	Color bool
	Lang  *i18n.Printer // the learner's language; nil: English
	// Check is the set check a table is marked by (a game's, its
	// check_set hook included: core.Game.ValidateSet); nil: the rules'.
	Check func(core.Set) error
}

// Tile is one tile's notation, coloured.
func (p Painter) Tile(t core.Tile) string {
	s := t.String()
	if !p.Color {
		return s
	}
	if t.IsJoker() {
		return ansiJoker + s + ansiReset
	}
	if t.IsSpecial() { // its lane is the jokers', which Color would read as a colour
		return ansiSpecial + s + ansiReset
	}
	if int(t.Color()) < core.MaxColors && t.Valid() {
		return tileStyle[t.Color()] + s + ansiReset
	}
	return s
}

// Tiles is tiles separated by spaces; "(none)" for none.
func (p Painter) Tiles(ts []core.Tile) string {
	if len(ts) == 0 {
		return "(none)"
	}
	if !p.Color { // the notation as it is, in one allocation: a served table says hundreds of tiles a line
		return string(core.AppendTiles(make([]byte, 0, 4*len(ts)), ts))
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = p.Tile(t)
	}
	return strings.Join(parts, " ")
}

// Set is a set in brackets.
func (p Painter) Set(s core.Set) string {
	if !p.Color && len(s) > 0 {
		return s.String() // the same notation, made at once
	}
	return "[" + p.Tiles(s) + "]"
}

// Warn marks a problem: a red ✗ in colour, an ASCII X without (a terminal
// without colour may not have the glyph either).
func (p Painter) Warn() string {
	if p.Color {
		return ansiWarn + "✗" + ansiReset
	}
	return "X"
}

// Dim greys out secondary text.
func (p Painter) Dim(s string) string {
	if p.Color {
		return ansiDim + s + ansiReset
	}
	return s
}

// Table writes the sets one a line, numbered from 1, each invalid set marked
// with the reason in the variant's terms:
//
//	1 [r3 r4 r5]
//	2 [r4 b5 r6]  X not a run: b5 is blue, the run is red
func (p Painter) Table(b *strings.Builder, t core.Table, rules core.SetRules) {
	p.TableHeaded(b, t, rules, msg.ReplTable(), msg.ReplTableEmpty())
}

// TableHeaded is table under its own heading (a message id), and the
// heading for an empty table: the hint's "after it, the table:".
func (p Painter) TableHeaded(b *strings.Builder, t core.Table, rules core.SetRules, heading, empty core.Message) {
	if len(t) == 0 {
		b.WriteString(p.Lang.Message(empty) + "\n")
		return
	}
	b.WriteString(p.Lang.Message(heading))
	b.WriteByte('\n')
	// Written piece by piece into one buffer, rather than with fmt and a
	// string for each set: a served table shows the table at every line.
	width := len(strconv.Itoa(len(t)))
	pad := 0
	for _, s := range t {
		pad = max(pad, plainWidth(s))
	}
	var line []byte
	for i, s := range t {
		line = append(line[:0], "  "...)
		line = appendRight(line, i+1, width)
		line = append(line, ' ')
		if p.Color || len(s) == 0 {
			line = append(line, p.Set(s)...)
		} else {
			line = s.AppendText(line)
		}
		var err error
		if p.Check != nil {
			err = p.Check(s)
		} else {
			_, err = rules.Validate(s)
		}
		if err != nil {
			for range pad - plainWidth(s) {
				line = append(line, ' ')
			}
			line = append(line, "  "...)
			line = append(line, p.Warn()...)
			line = append(line, ' ')
			line = append(line, p.SetReason(err)...)
		}
		line = append(line, '\n')
		b.Write(line)
	}
}

// plainWidth is the length of a set's notation without colour, s.String()'s.
func plainWidth(s core.Set) int {
	n := 2 + max(len(s)-1, 0)
	for _, t := range s {
		n += len(t.String())
	}
	return n
}

// appendRight appends n right-aligned in width columns, as fmt's %*d does.
func appendRight(b []byte, n, width int) []byte {
	digits := len(strconv.Itoa(n))
	for range width - digits {
		b = append(b, ' ')
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// SetReason is a set error without the set it is about: "not a run: b5 is
// blue, the run is red", for a line that already shows the set.
func (p Painter) SetReason(err error) string {
	se, ok := err.(*core.SetError)
	if !ok {
		return p.Lang.Error(err)
	}
	return p.Lang.Message(se.Reason())
}

// RackLine is "rack: k3 r10 r11 J (4 tiles, 54 points)", the joker counted
// at its penalty, as it would cost at the end of a round.
func (p Painter) RackLine(label string, m core.Multiset, jokerPenalty int) string {
	n := m.Len()
	if n == 0 {
		return p.Lang.Message(msg.ReplRackEmpty(label))
	}
	return p.Lang.Message(msg.ReplRack(label, p.Tiles(m.Tiles()), p.Dim(p.Lang.Message(msg.ReplRackCount(n, m.Value(jokerPenalty))))))
}

// Width is the columns the session's output fits in: every line it shows
// is at most this wide, wrapped at spaces.
const Width = 80
