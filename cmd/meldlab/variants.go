package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/text"
	"github.com/meldlab/meldlab/variants"
)

func init() {
	register("variants", runVariants)
}

// runVariants is `meldlab variants [show|diff|check] ...`.
func runVariants(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("variants", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdVariantsHelp()) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	args = fs.Args()
	if len(args) == 0 {
		return listVariants(stdout, stderr)
	}
	if len(args) > 1 && isHelp(args[1]) { // variants show -h
		printHelp(stdout, fs, msg.CmdVariantsHelp())
		return 0
	}
	usage := func(problem string) int {
		fmt.Fprintf(stderr, "meldlab variants: %s\n", problem)
		printHelp(stderr, fs, msg.CmdVariantsHelp())
		return 2
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "show":
		if len(rest) != 1 {
			return usage("show takes one variant")
		}
		return showVariant(rest[0], stdout, stderr)
	case "diff":
		if len(rest) != 2 {
			return usage("diff takes two variants")
		}
		return diffVariants(rest[0], rest[1], stdout, stderr)
	case "check":
		cf := flag.NewFlagSet("variants check", flag.ContinueOnError)
		cf.SetOutput(stderr)
		cf.Usage = func() { printHelp(stderr, fs, msg.CmdVariantsHelp()) }
		strict := cf.Bool("strict", false, "warnings (a key with no effect) make the exit status 1")
		if err := cf.Parse(rest); err != nil {
			return 2
		}
		if cf.NArg() == 0 {
			return usage("check takes the files to lint")
		}
		return checkVariants(cf.Args(), *strict, stdout, stderr)
	case "list":
		return listVariants(stdout, stderr)
	default:
		return usage(fmt.Sprintf("unknown subcommand %q", cmd))
	}
}

// resolve reads a variant for a subcommand, reporting its problems. The
// status is 2 for a name that is not a variant, 1 for a file with errors.
func resolve(name string, stderr io.Writer) (*variants.Variant, int) {
	v, err := gameFactory.Resolve(name) // its Lua hooks checked too
	if err == nil {
		return v, 0
	}
	var ue *variants.UnknownError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "meldlab variants: %s\n", say.Error(err))
		return nil, 2
	}
	var errs variants.Errors
	if errors.As(err, &errs) {
		fmt.Fprintln(stderr, err) // each line starts file:line:col
	} else {
		fmt.Fprintf(stderr, "meldlab variants: %s\n", say.Error(err))
	}
	return nil, 1
}

// listVariants lists the shipped variants in 80 columns: the name and the
// title, then the source on a line of its own under the title.
func listVariants(stdout, stderr io.Writer) int {
	type row struct{ name, title, source string }
	var rows []row
	nameHead := say.Message(msg.CmdVariantsColName())
	status, width := 0, text.DisplayWidth(nameHead)
	for _, name := range variants.Names() {
		v, code := resolve(name, stderr)
		if v == nil {
			status = max(status, code)
			continue
		}
		rows = append(rows, row{name, say.VariantTitle(v.Rules.Name, v.Rules.Title), say.VariantSource(v.Rules.Name, v.Rules.Source)})
		width = max(width, len(name))
	}
	pad := strings.Repeat(" ", width+2)
	fmt.Fprintf(stdout, "%s  %s\n", padTo(nameHead, width), say.Message(msg.CmdVariantsListHead()))
	for _, r := range rows {
		lines := text.Lines(r.title, text.Width-len(pad), "")
		if r.source != "" {
			lines = append(lines, text.Lines(r.source, text.Width-len(pad), "")...)
		}
		for i, l := range lines {
			if i == 0 {
				fmt.Fprintf(stdout, "%-*s  %s\n", width, r.name, l)
			} else {
				fmt.Fprintln(stdout, pad+l)
			}
		}
	}
	return status
}

// showVariant prints every key of a variant with its value and where the
// value was set, in 80 columns: a long value wraps within its column.
func showVariant(name string, stdout, stderr io.Writer) int {
	v, code := resolve(name, stderr)
	if v == nil {
		return code
	}
	fmt.Fprint(stdout, text.Wrap(v.Rules.Name+": "+say.VariantTitle(v.Rules.Name, v.Rules.Title), text.Width, "  "))
	if v.Rules.Source != "" {
		fmt.Fprint(stdout, text.Wrap(say.Message(msg.CmdVariantsSource(say.VariantSource(v.Rules.Name, v.Rules.Source))), text.Width, "  "))
	}
	if len(v.Bases) > 0 {
		fmt.Fprint(stdout, text.Wrap(say.Message(msg.CmdVariantsExtends(strings.Join(v.Bases, say.Message(msg.CmdVariantsWhichExtends())))), text.Width, "  "))
	}
	fmt.Fprint(stdout, "\n"+text.Wrap(say.Message(msg.CmdVariantsFrom()), text.Width, ""))
	keys := variants.Keys()
	keyHead, valueHead, fromHead := say.Message(msg.CmdVariantsColKey()), say.Message(msg.CmdVariantsColValue()), say.Message(msg.CmdVariantsColFrom())
	kw, fw := text.DisplayWidth(keyHead), text.DisplayWidth(fromHead)
	for _, key := range keys {
		kw, fw = max(kw, len(key)), max(fw, len(from(v, key)))
	}
	vw := max(text.Width-kw-fw-4, 16)
	fmt.Fprintf(stdout, "%s  %s  %s\n", padTo(keyHead, kw), padTo(valueHead, vw), fromHead)
	for _, key := range keys {
		value, _ := v.Value(key)
		lines := text.Lines(value, vw, "")
		fmt.Fprintf(stdout, "%-*s  %-*s  %s\n", kw, key, vw, lines[0], from(v, key))
		for _, l := range lines[1:] {
			fmt.Fprintf(stdout, "%-*s  %s\n", kw, "", l)
		}
	}
	if len(v.Rules.Inert()) > 0 {
		fmt.Fprintln(stdout)
		printInert(stdout, v)
	}
	if hooks, _ := gameFactory.HookNames(v); len(hooks) > 0 {
		fmt.Fprint(stdout, "\n"+text.Wrap(say.Message(msg.CmdVariantsHooks(v.Rules.Hooks, strings.Join(hooks, ", "))), text.Width, "  "))
	}
	return 0
}

// from says where a value was set: "original.yaml:12", or "(default)".
func from(v *variants.Variant, key string) string {
	o, ok := v.Origins[key]
	switch {
	case !ok:
		return "(default)"
	case o.Line == 0:
		return o.File + " (default)"
	}
	return fmt.Sprintf("%s:%d", o.File, o.Line)
}

func diffVariants(a, b string, stdout, stderr io.Writer) int {
	va, code := resolve(a, stderr)
	if va == nil {
		return code
	}
	vb, code := resolve(b, stderr)
	if vb == nil {
		return code
	}
	lines := variants.Diff(va, vb)
	if len(lines) == 0 {
		fmt.Fprintf(stdout, "%s and %s play by the same rules\n", va.Rules.Name, vb.Rules.Name)
	}
	for _, l := range lines {
		fmt.Fprint(stdout, text.Wrap(say.Message(l), text.Width, "  "))
	}
	for _, v := range []*variants.Variant{va, vb} {
		printInert(stdout, v)
	}
	return 0
}

// printInert lists the keys of v that have no effect given the others.
func printInert(w io.Writer, v *variants.Variant) {
	var inert []string
	for _, in := range v.Rules.Inert() {
		inert = append(inert, in.Key)
	}
	if len(inert) > 0 {
		fmt.Fprint(w, text.Wrap(v.Rules.Name+": "+say.Message(msg.CmdVariantsInert(strings.Join(inert, ", "))), text.Width, "  "))
	}
}

// checkVariants lints variant files: errors (status 1), then warnings for
// keys that have no effect given the others, each file:line:col, which
// change the status only with strict.
func checkVariants(files []string, strict bool, stdout, stderr io.Writer) int {
	status := 0
	for _, f := range files {
		v, code := resolve(f, stderr)
		if v == nil {
			status = max(status, code)
			continue
		}
		if text, err := v.Text(); err == nil {
			if ws := variants.Warnings(v, text); len(ws) > 0 {
				fmt.Fprintln(stderr, ws)
				if strict {
					status = max(status, 1)
				}
			}
		}
		fmt.Fprintf(stdout, "%s: ok\n", f)
	}
	return status
}

// padTo is s filled with spaces to width display columns (a heading in the
// learner's language may have accents: CLÉ).
func padTo(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-text.DisplayWidth(s)))
}
