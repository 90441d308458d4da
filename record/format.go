package record

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Format writes a parsed record back as .mgn text, laid out as Write lays
// out a game's: the tags, a blank line, then one move a line, a round's
// heading after a blank line, a setup block, a variation on the line after
// its move. What Write wrote, Parse then Format gives back byte for byte
// (TestFormatRoundTrip); a record typed by hand comes back in that layout,
// its comments on one line each. It is how a record read from JSON Lines
// (ParseJSONL) is written as .mgn again.
func Format(r *Record) []byte {
	var b bytes.Buffer
	for _, t := range r.Tags {
		fmt.Fprintf(&b, "[%s %s]\n", t.Name, quote(t.Value))
	}
	b.WriteString("\n")
	for _, m := range r.Moves {
		switch m.Kind {
		case NextRound:
			fmt.Fprintf(&b, "\nRound %d\n", m.Round)
		case SetUp:
			formatSetup(&b, m.Setup)
		default:
			b.WriteString(moveText(m))
			b.WriteByte('\n')
			for _, alt := range m.Variations {
				texts := make([]string, len(alt))
				for i, v := range alt {
					texts[i] = moveText(v)
				}
				fmt.Fprintf(&b, "  (%s)\n", strings.Join(texts, " "))
			}
		}
	}
	return b.Bytes()
}

// moveText is one turn move as a line says it, "2... Ana: r6 r7 =>
// [r5 r6 r7] ? {[%used 1300] a comment}", without its variations.
func moveText(m Move) string {
	var b strings.Builder
	dots := "."
	if m.More {
		dots = "..."
	}
	fmt.Fprintf(&b, "%d%s %s: ", m.Turn, dots, m.Seat)
	withTiles := func(word string) {
		b.WriteString(word)
		if m.Tiles.Text != "" {
			b.WriteString(" " + m.Tiles.Text)
		}
	}
	switch m.Kind {
	case Play:
		if m.Tiles.Text != "" {
			b.WriteString(m.Tiles.Text + " ")
		}
		b.WriteString("=> " + orDash(m.Table.Text))
	case Draw, Timeout:
		withTiles(m.Kind.String())
	case Pass, EndTurn:
		b.WriteString(m.Kind.String())
	case FailedPlay:
		withTiles("refused " + orDash(m.Table.Text) + " penalty")
	}
	for _, mark := range m.Marks {
		b.WriteString(" " + mark)
	}
	if m.Used >= 0 || m.Comment != "" {
		var parts []string
		if m.Used >= 0 {
			parts = append(parts, "[%used "+strconv.Itoa(m.Used)+"]")
		}
		if m.Comment != "" {
			parts = append(parts, strings.NewReplacer("{", "(", "}", ")").Replace(m.Comment))
		}
		b.WriteString(" {" + strings.Join(parts, " ") + "}")
	}
	return b.String()
}

func formatSetup(b *bytes.Buffer, s *Setup) {
	if s == nil {
		return
	}
	if !bytes.HasSuffix(b.Bytes(), []byte("\n\n")) {
		b.WriteByte('\n')
	}
	b.WriteString("Setup\n")
	for _, r := range s.Racks {
		if r.Tiles.Text == "" {
			fmt.Fprintf(b, "  %s: ?%d\n", r.Seat, r.Hidden)
		} else {
			fmt.Fprintf(b, "  %s: %s\n", r.Seat, r.Tiles.Text)
		}
	}
	if s.Table.Text != "" {
		fmt.Fprintf(b, "  Table: %s\n", s.Table.Text)
	}
	if len(s.Opened) > 0 {
		fmt.Fprintf(b, "  Opened: %s\n", strings.Join(s.Opened, ", "))
	}
	fmt.Fprintf(b, "  Pool: %d\n", s.Pool) // -1, as when it is left out: every tile not on a rack or the table
	if s.Next.Text != "" {
		fmt.Fprintf(b, "  Next: %s\n", s.Next.Text)
	}
	if s.Turn > 0 {
		fmt.Fprintf(b, "  Turn: %d\n", s.Turn)
	}
	if s.Current != "" {
		fmt.Fprintf(b, "  Current: %s\n", s.Current)
	}
	b.WriteString("End\n")
}

// orDash is a table as written: "-" for an empty one.
func orDash(t string) string {
	if t == "" {
		return "-"
	}
	return t
}
