package i18n

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/meldlab/meldlab/core"
	layout "github.com/meldlab/meldlab/internal/text"
)

// Help writes a command's -h in the printer's language: the message help,
// then each option of fs, described by its usage text (a
// message the caller said already), with its default; flag names stay as
// they are, and every line fits layout.Width columns.
func (p *Printer) Help(w io.Writer, fs *flag.FlagSet, help core.Message) {
	fmt.Fprintln(w, strings.TrimRight(p.Message(help), "\n"))
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if !hasFlags {
		return
	}
	fmt.Fprintln(w, "\n"+p.T("cmd.options"))
	fs.VisitAll(func(f *flag.Flag) {
		kind, usage := flag.UnquoteUsage(f)
		head := "  -" + f.Name
		if kind != "" {
			head += " " + kind
		}
		if def := defaultText(f, kind); def != "" {
			usage += " (" + p.T("cmd.default") + " " + def + ")"
		}
		fmt.Fprintln(w, head)
		fmt.Fprint(w, "      "+layout.Wrap(usage, layout.Width-6, "      "))
	})
}

// defaultText is a flag's default as flag.PrintDefaults shows it ("" for
// the zero value): strings quoted.
func defaultText(f *flag.Flag, kind string) string {
	switch f.DefValue {
	case "", "0", "0s", "false", "[]":
		return ""
	}
	if kind == "string" {
		return fmt.Sprintf("%q", f.DefValue)
	}
	return f.DefValue
}
