package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
)

func init() {
	register("check", "check sets and tables: meldlab check '[r3 r4 J]' '[k7 o7]'", runCheck)
}

// checkResult is one set's verdict, as --json prints it.
type checkResult struct {
	Set       string   `json:"set,omitempty"`
	Table     string   `json:"table,omitempty"` // a table's own verdict: the box
	OK        bool     `json:"ok"`
	Kind      string   `json:"kind,omitempty"`
	Value     int      `json:"value,omitempty"`
	Jokers    []string `json:"jokers,omitempty"` // what each joker stands for
	Canonical string   `json:"canonical,omitempty"`
	Error     string   `json:"error,omitempty"`
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object a set")
	variant := fs.String("variant", "original", "the variant whose set rules apply (name or file)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: meldlab check [--json] [--variant NAME] [SET_OR_TABLE...]")
		fmt.Fprintln(stderr, "\nChecks each set: prints 'ok run 12', 'ok group 21' or 'invalid: <reason>', a line a set.")
		fmt.Fprintln(stderr, "The sets of one argument (or line) are a table: one that uses more of a tile than")
		fmt.Fprintln(stderr, "the variant's box holds gets a line of its own, 'invalid: the table uses 3 × r5; ...'.")
		fmt.Fprintln(stderr, "With no arguments, reads one set or table a line from standard input.")
		fmt.Fprintln(stderr, "Exit status: 0 all valid, 1 some set invalid, 2 usage or notation errors.")
		fmt.Fprintln(stderr, "\nExample: meldlab check '[r3 r4 J]' '[k7 o7]'")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	rules, err := variants.Load(*variant)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab check: %v\n", err)
		return 2
	}
	setRules := rules.SetRules()

	inputs := fs.Args()
	if len(inputs) == 0 {
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
				inputs = append(inputs, line)
			}
		}
		if err := sc.Err(); err != nil {
			fmt.Fprintf(stderr, "meldlab check: reading input: %v\n", err)
			return 2
		}
	}

	status := 0
	enc := json.NewEncoder(stdout)
	for _, in := range inputs {
		sets, err := parseSetsOrTable(rules.Tiles, in)
		if err != nil {
			fmt.Fprintf(stderr, "meldlab check: %q: %v\n", in, err)
			status = 2
			continue
		}
		for _, s := range sets {
			res := checkOne(setRules, s)
			if !res.OK && status == 0 {
				status = 1
			}
			if *asJSON {
				_ = enc.Encode(res)
				continue
			}
			if res.OK {
				fmt.Fprintf(stdout, "ok %s %d\n", res.Kind, res.Value)
			} else {
				fmt.Fprintf(stdout, "invalid: %s\n", res.Error)
			}
		}
		// The sets of one argument or line are one table: together they
		// may not use more of a tile than the box holds.
		if err := rules.CheckBox(core.Table(sets)); err != nil {
			status = max(status, 1)
			if *asJSON {
				_ = enc.Encode(checkResult{Table: core.Table(sets).String(), Error: err.Error()})
			} else {
				fmt.Fprintf(stdout, "invalid: %s\n", err)
			}
		}
	}
	return status
}

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
		res.Error = err.Error()
		return res
	}
	res.OK, res.Kind, res.Value = true, info.Kind.String(), info.Value
	for _, t := range info.JokerTiles() {
		res.Jokers = append(res.Jokers, t.String())
	}
	res.Canonical = info.Canonical(s, r.Numbers).String()
	return res
}
