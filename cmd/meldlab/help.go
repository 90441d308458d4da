package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/meldlab/meldlab/internal/text"
)

// printHelp writes a command's help, the message id (cmd.NAME.help), then
// its options, each described by its own message, all in the learner's
// language and within 80 columns. Flag names stay as they are.
func printHelp(w io.Writer, fs *flag.FlagSet, id string) {
	fmt.Fprintln(w, strings.TrimRight(say.T(id), "\n"))
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if !hasFlags {
		return
	}
	fmt.Fprintln(w, "\n"+say.T("cmd.options"))
	fs.VisitAll(func(f *flag.Flag) {
		kind, usage := flag.UnquoteUsage(f)
		head := "  -" + f.Name
		if kind != "" {
			head += " " + kind
		}
		if def := defaultText(f, kind); def != "" {
			usage += " (" + say.T("cmd.default") + " " + def + ")"
		}
		fmt.Fprintln(w, head)
		fmt.Fprint(w, "      "+text.Wrap(usage, text.Width-6, "      "))
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

// flagDoc is the description of a command's flag, in the learner's
// language: cmd.COMMAND.flag.NAME.
func flagDoc(command, name string, nameValues ...any) string {
	return say.T("cmd."+command+".flag."+name, nameValues...)
}
