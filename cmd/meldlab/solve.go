package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/files"
)

func init() {
	register("solve", runSolve)
}

// solveInput is one line of `meldlab solve`'s JSON Lines input. The format is
// pinned (issue 5): other tools write it.
type solveInput struct {
	ID        json.RawMessage `json:"id"`
	Variant   string          `json:"variant"`   // default "original"
	Opened    *bool           `json:"opened"`    // default true
	Locked    bool            `json:"locked"`    // the first-round lock: only new sets
	Objective string          `json:"objective"` // "tiles" (default) or "points"
	Table     [][]string      `json:"table"`
	Rack      []string        `json:"rack"`
}

// solveOutput is one line of output, fields in the pinned order.
type solveOutput struct {
	ID      json.RawMessage `json:"id"`
	Tiles   int             `json:"tiles"`
	Points  int             `json:"points"`
	Placed  []string        `json:"placed"`
	Table   [][]string      `json:"table"`
	Optimal bool            `json:"optimal"`
	Micros  int64           `json:"micros"`
	Kept    int             `json:"kept,omitempty"`    // jokers the play sends to the rack (joker.keep)
	Refused int             `json:"refused,omitempty"` // plays the referee refused first (hooks, joker rules)
	Why     string          `json:"why,omitempty"`     // when not optimal: what is known instead
}

// solveError is the line for an input that could not be solved.
type solveError struct {
	ID    json.RawMessage `json:"id"`
	Error string          `json:"error"`
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	table := fs.String("table", "", flagDoc(msg.CmdSolveFlagTable()))
	rack := fs.String("rack", "", flagDoc(msg.CmdSolveFlagRack()))
	variant := fs.String("variant", "original", flagDoc(msg.CmdSolveFlagVariant()))
	opened := fs.Bool("opened", true, flagDoc(msg.CmdSolveFlagOpened()))
	locked := fs.Bool("locked", false, flagDoc(msg.CmdSolveFlagLocked()))
	objective := fs.String("objective", "tiles", flagDoc(msg.CmdSolveFlagObjective()))
	timeout := fs.Duration("timeout", defaultSolveTimeout, flagDoc(msg.CmdSolveFlagTimeout()))
	asJSON := fs.Bool("json", false, flagDoc(msg.CmdSolveFlagJson()))
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdSolveHelp()) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "meldlab solve: unexpected argument %q; give the table and rack with --table and --rack\n", fs.Arg(0))
		return 2
	}
	if *rack == "" && *table == "" {
		return solveLines(stdin, stdout, stderr, *timeout)
	}

	obj, err := solve.ParseObjective(*objective)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab solve: %s\n", say.Error(err))
		return 2
	}
	v, err := gameFactory.Resolve(*variant)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab solve: %s\n", say.Error(err))
		return 2
	}
	rules := v.Rules
	t, err := rules.Tiles.ParseTable(*table)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab solve: --table: %s\n", say.Error(err))
		return 2
	}
	r, err := rules.Tiles.ParseTiles(*rack)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab solve: --rack: %s\n", say.Error(err))
		return 2
	}
	if err := rules.CheckBox(t, r); err != nil {
		fmt.Fprintf(stderr, "meldlab solve: %s\n", say.Error(err))
		return 2
	}
	p := solve.Problem{Rules: rules, Table: t, Rack: core.MultisetOf(r...), Opened: *opened, Locked: *locked, Objective: obj}
	res, micros, err := solveTimed(p, *timeout)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab solve: %s\n", say.Error(err))
		return 2
	}
	if *asJSON {
		writeJSONLine(stdout, outputOf(nil, res, micros))
	} else {
		printPlay(stdout, p, res, micros)
	}
	if res.Tiles == 0 {
		return 1
	}
	return 0
}

// printPlay writes the answer for a person.
func printPlay(w io.Writer, p solve.Problem, res solve.Result, micros int64) {
	if res.Tiles == 0 {
		switch {
		case !p.Opened:
			fmt.Fprintln(w, say.Message(msg.CmdSolveNoMeld(p.Rules.Opening.Points)))
		default:
			fmt.Fprintln(w, say.Message(msg.CmdSolveNoPlay()))
		}
	} else {
		fmt.Fprintln(w, say.Message(msg.CmdSolvePlace(res.Tiles, res.Points, !p.Opened, core.MultisetOf(res.Placed...).String())))
		fmt.Fprintln(w, say.Message(msg.CmdSolveTable(res.Table)))
		if res.Kept > 0 {
			fmt.Fprintln(w, say.Message(msg.CmdSolveKept(res.Kept)))
		}
	}
	fmt.Fprintln(w, say.Message(msg.CmdSolveProof(res.Optimal, res.Refused, res.ByParts, micros, res.Nodes)))
}

// maxSolveLine is the longest input line solve reads: a problem is a table
// and a rack, a few hundred bytes.
const maxSolveLine = 4 << 20

// solveLines answers each JSON line of in; a bad line, an over-long one
// included, gets an error line and the rest go on.
func solveLines(in io.Reader, stdout, stderr io.Writer, timeout time.Duration) int {
	lines := files.NewLines(in, maxSolveLine)
	rulesOf := map[string]core.Rules{}
	status := 0
	for {
		raw, err := lines.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var long *files.LongLineError
		var endless *files.UnendingLineError
		if errors.As(err, &endless) { // the line, then no more
			writeJSONLine(stdout, solveError{ID: idOrNull(nil), Error: err.Error()})
			return 2
		}
		if errors.As(err, &long) {
			status = 1
			writeJSONLine(stdout, solveError{ID: idOrNull(nil), Error: err.Error()})
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "meldlab solve: reading input: %v\n", err)
			return 2
		}
		line := bytes.TrimSpace(raw)
		if len(line) == 0 {
			continue
		}
		var in solveInput
		out, err := func() (any, error) {
			// Other fields are ignored, so a file of cases with their
			// expected answers can be fed as it is.
			if err := json.Unmarshal(line, &in); err != nil {
				return nil, fmt.Errorf("bad JSON: %v", err)
			}
			name := in.Variant
			if name == "" {
				name = "original"
			}
			rules, ok := rulesOf[name]
			if !ok {
				// Input may come from anyone: a variant is a shipped name
				// or a .yaml file under the working folder, whose bases and
				// hooks stay there too.
				v, err := gameFactory.ResolveWithin(".", name)
				if err != nil {
					return nil, err
				}
				rules, rulesOf[name] = v.Rules, v.Rules
			}
			p, err := problemOf(&in, rules)
			if err != nil {
				return nil, err
			}
			res, micros, err := solveTimed(p, timeout)
			if err != nil {
				return nil, err
			}
			return outputOf(in.ID, res, micros), nil
		}()
		if err != nil {
			status = 1
			out = solveError{ID: idOrNull(in.ID), Error: err.Error()}
		}
		writeJSONLine(stdout, out)
	}
	return status
}

// problemOf reads a line's table and rack in the variant's box.
func problemOf(in *solveInput, rules core.Rules) (solve.Problem, error) {
	obj, err := solve.ParseObjective(in.Objective)
	if err != nil {
		return solve.Problem{}, err
	}
	var table core.Table
	for i, s := range in.Table {
		set, err := rules.Tiles.ParseSet("[" + strings.Join(s, " ") + "]")
		if err != nil {
			return solve.Problem{}, fmt.Errorf("table set %d: %v", i+1, err)
		}
		table = append(table, set)
	}
	rack, err := rules.Tiles.ParseTiles(strings.Join(in.Rack, " "))
	if err != nil {
		return solve.Problem{}, fmt.Errorf("rack: %v", err)
	}
	if err := rules.CheckBox(table, rack); err != nil {
		return solve.Problem{}, err
	}
	opened := in.Opened == nil || *in.Opened
	return solve.Problem{Rules: rules, Table: table, Rack: core.MultisetOf(rack...),
		Opened: opened, Locked: in.Locked, Objective: obj}, nil
}

// defaultSolveTimeout bounds each search unless --timeout says otherwise:
// the solver is exact, and an exact answer has no time bound.
const defaultSolveTimeout = 10 * time.Second

// solveTimed finds the best play the variant's referee accepts (its hooks
// and joker rules included: solve.Legal) with the timeout (if any), and
// measures the time the search took.
func solveTimed(p solve.Problem, timeout time.Duration) (solve.Result, int64, error) {
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	if err := solve.Validate(p); err != nil {
		return solve.Result{}, 0, err
	}
	n := p.Rules.Players.Min
	ref, err := gameFactory.NewGame(p.Rules, make([]string, n), 1, io.Discard)
	if err != nil {
		return solve.Result{}, 0, err
	}
	defer ref.Close()
	if err := ref.Setup(core.Position(n, p.Table, p.Rack.Tiles(), p.Opened, p.Locked)); err != nil {
		return solve.Result{}, 0, err
	}
	start := time.Now()
	res, err := solve.Legal(ctx, p, ref, solve.Limits{})
	return res, time.Since(start).Microseconds(), err
}

func outputOf(id json.RawMessage, res solve.Result, micros int64) solveOutput {
	out := solveOutput{ID: idOrNull(id), Tiles: res.Tiles, Points: res.Points,
		Placed: make([]string, 0, len(res.Placed)), Table: make([][]string, 0, len(res.Table)),
		Optimal: res.Optimal, Micros: micros, Kept: res.Kept, Refused: res.Refused, Why: res.Why}
	for _, t := range res.Placed {
		out.Placed = append(out.Placed, t.String())
	}
	for _, s := range res.Table {
		set := make([]string, len(s))
		for i, t := range s {
			set[i] = t.String()
		}
		out.Table = append(out.Table, set)
	}
	return out
}

// idOrNull is the line's id as it came, "null" for none. Its invalid UTF-8
// bytes (which can only be inside its strings, as it parsed) are each
// replaced with U+FFFD, as encoding/json does when it decodes them, so that
// every output line is valid JSON.
func idOrNull(id json.RawMessage) json.RawMessage {
	if len(id) == 0 {
		return json.RawMessage("null")
	}
	if utf8.Valid(id) {
		return id
	}
	out := make(json.RawMessage, 0, len(id)+8)
	for len(id) > 0 {
		r, size := utf8.DecodeRune(id)
		if r == utf8.RuneError && size == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, id[:size]...)
		}
		id = id[size:]
	}
	return out
}

func writeJSONLine(w io.Writer, v any) {
	b, err := json.Marshal(v)
	if err != nil { // cannot happen: plain values
		b = []byte(`{"error":"internal: cannot encode the answer"}`)
	}
	w.Write(append(b, '\n'))
}
