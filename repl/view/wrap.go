package view

import (
	"strings"
	"unicode/utf8"

	"github.com/meldlab/meldlab/internal/text"
)

// HangText is prefix and then s filled to width columns, the lines after
// the first indented to stand under the text's start.
func HangText(prefix, s string, width int) string {
	pad := strings.Repeat(" ", utf8.RuneCountInString(prefix))
	var b strings.Builder
	for i, line := range text.Lines(s, width-len(pad), "") {
		if i == 0 {
			b.WriteString(prefix + line + "\n")
		} else {
			b.WriteString(pad + line + "\n")
		}
	}
	return b.String()
}
