package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/variants"
)

func init() {
	register("check", runCheck)
}

// checkResult is one set's verdict, as --json prints it.
type checkResult struct {
	Line      int       `json:"line,omitempty"`  // the input line, when read from standard input
	Input     string    `json:"input,omitempty"` // a line that could not be read as sets, as written
	Set       string    `json:"set,omitempty"`
	Table     string    `json:"table,omitempty"` // a table's own verdict: the box
	OK        bool      `json:"ok"`
	Kind      string    `json:"kind,omitempty"`
	Value     int       `json:"value,omitempty"`
	Jokers    []string  `json:"jokers,omitempty"` // what each joker stands for
	Canonical string    `json:"canonical,omitempty"`
	Error     string    `json:"error,omitempty"` // in English: JSON is for programs
	err       error     // the error, said in the learner's language on text output
	kind      core.Kind // Kind, said in the learner's language on text output
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, flagDoc(msg.CmdCheckFlagJson()))
	variant := fs.String("variant", "original", flagDoc(msg.CmdCheckFlagVariant()))
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdCheckHelp()) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	// The default needs no YAML read: variants.Load("original") is
	// core.Original() (variants' TestOriginalIsCoreOriginal), and start-up
	// is most of a one-line check's time.
	rules, err := core.Original(), error(nil)
	if *variant != "original" {
		rules, err = variants.Load(*variant)
	}
	if err != nil {
		fmt.Fprintf(stderr, "meldlab check: %s\n", say.Error(err))
		return 2
	}
	setRules := rules.SetRules()

	status := 0
	enc := json.NewEncoder(stdout)
	// check reads one argument or line: its sets, then the table they make.
	check := func(in string, line int) {
		sets, err := parseSetsOrTable(rules.Tiles, in)
		if err != nil {
			if *asJSON {
				// Every line gets its object, so answers and lines pair up.
				_ = enc.Encode(checkResult{Line: line, Input: in, Error: err.Error()})
				status = max(status, 1)
				return
			}
			fmt.Fprintf(stderr, "meldlab check: %q: %s\n", in, say.Error(err))
			status = 2
			return
		}
		for _, s := range sets {
			res := checkOne(setRules, s)
			res.Line = line
			if !res.OK && status == 0 {
				status = 1
			}
			if *asJSON {
				_ = enc.Encode(res)
				continue
			}
			if res.OK {
				fmt.Fprintln(stdout, say.Message(msg.CmdCheckOk(res.kind, res.Value)))
			} else {
				fmt.Fprintln(stdout, say.Message(msg.CmdCheckInvalid(res.err)))
			}
		}
		// The sets of one argument or line are one table: together they
		// may not use more of a tile than the box holds.
		if err := rules.CheckBox(core.Table(sets)); err != nil {
			status = max(status, 1)
			if *asJSON {
				_ = enc.Encode(checkResult{Line: line, Table: core.Table(sets).String(), Error: err.Error()})
			} else {
				fmt.Fprintln(stdout, say.Message(msg.CmdCheckInvalid(err)))
			}
		}
	}
	if fs.NArg() > 0 {
		for _, in := range fs.Args() {
			check(in, 0)
		}
		return status
	}

	if readsTerminal(stdin) {
		fmt.Fprintln(stderr, "meldlab check: reading sets from standard input, one set or table a line; Ctrl-D ends (meldlab check -h for help)")
	}
	lines := files.NewLines(stdin, maxCheckLine)
	for {
		raw, err := lines.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var long *files.LongLineError
		var endless *files.UnendingLineError
		switch {
		case errors.As(err, &endless) && *asJSON: // the line, then no more
			_ = enc.Encode(checkResult{Line: endless.Line, Error: err.Error()})
			return 2
		case errors.As(err, &endless):
			fmt.Fprintf(stderr, "meldlab check: %s\n", say.Error(err))
			return 2
		case errors.As(err, &long) && *asJSON:
			_ = enc.Encode(checkResult{Line: long.Line, Error: err.Error()})
			status = max(status, 1)
			continue
		case errors.As(err, &long):
			fmt.Fprintf(stderr, "meldlab check: %s\n", say.Error(err))
			status = 2
			continue
		case err != nil:
			fmt.Fprintf(stderr, "meldlab check: reading input: %v\n", err)
			return 2
		}
		if in := strings.TrimSpace(string(raw)); in != "" && !strings.HasPrefix(in, "#") {
			check(in, lines.Line())
		}
	}
	return status
}

// readsTerminal reports whether r is a terminal, where a person waits and
// should be told what check reads. A variable, for the tests.
var readsTerminal = func(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && isTerminal(f)
}

// maxCheckLine is the longest input line check reads: a table of the
// largest box is a few hundred bytes.
const maxCheckLine = 1 << 20

// parseSetsOrTable reads an argument or a line: a table when it has brackets
// (one set or many), else one set written without brackets.
func parseSetsOrTable(box core.TileSet, in string) ([]core.Set, error) {
	if strings.ContainsAny(in, "[]") {
		return box.ParseTable(in)
	}
	s, err := box.ParseSet(in)
	if err != nil {
		return nil, err
	}
	return []core.Set{s}, nil
}

func checkOne(r core.SetRules, s core.Set) checkResult {
	res := checkResult{Set: s.String()}
	info, err := r.Validate(s)
	if err != nil {
		res.Error, res.err = err.Error(), err
		return res
	}
	res.OK, res.Kind, res.kind, res.Value = true, info.Kind.String(), info.Kind, info.Value
	for _, t := range info.JokerTiles() {
		res.Jokers = append(res.Jokers, t.String())
	}
	res.Canonical = info.Canonical(s, r.Numbers).String()
	return res
}
