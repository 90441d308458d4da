package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/meldlab/meldlab/class"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
)

func init() {
	register("class", runClass)
}

// runClass is meldlab class list|report|export|reset DIR: a class's data
// for the IT person, without the server. list, report and export only
// read (a running server may be serving the class); reset erases every
// pupil and needs the server stopped.
func runClass(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("class", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, flagDoc(msg.CmdClassFlagJson()))
	asCSV := fs.Bool("csv", false, flagDoc(msg.CmdClassFlagCsv()))
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdClassHelp()) }
	if len(args) == 0 {
		fs.Usage()
		return 2
	}
	sub := args[0]
	if sub == "-h" || sub == "-help" || sub == "--help" {
		fs.Usage()
		return 0
	}
	// Flags before or after DIR: "report DIR --json".
	var dirs []string
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		dirs = append(dirs, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(dirs) != 1 {
		fs.Usage()
		return 2
	}
	ctx := context.Background()
	db, err := class.Open(dirs[0], class.Options{Exclusive: sub == "reset"})
	if err != nil {
		fmt.Fprintln(stderr, classError(dirs[0], err))
		return 1
	}
	defer db.Close()
	switch sub {
	case "list":
		err = classList(ctx, db, stdout)
	case "report":
		err = classReport(ctx, db, stdout, *asJSON, *asCSV)
	case "export":
		err = db.CSV(ctx, stdout)
	case "reset":
		if err = db.Reset(ctx); err == nil {
			fmt.Fprintln(stdout, say.Message(msg.CmdClassReset(dirs[0])))
		}
	default:
		fs.Usage()
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, classError(dirs[0], err))
		return 1
	}
	return 0
}

// classError says why a class's database cannot be used, in the
// learner's language: in use, damaged, newer, or no class at all.
func classError(dir string, err error) string {
	for _, k := range []struct {
		err error
		msg func(dir any) core.Message
	}{
		{class.ErrLocked, msg.CmdClassErrLocked}, {class.ErrCorrupt, msg.CmdClassErrCorrupt},
		{class.ErrNewer, msg.CmdClassErrNewer}, {class.ErrNoClass, msg.CmdClassErrNone},
	} {
		if errors.Is(err, k.err) {
			return say.Message(k.msg(dir))
		}
	}
	return "meldlab class: " + say.Error(err)
}

// classList prints the pupils, one a line.
func classList(ctx context.Context, db *class.DB, w io.Writer) error {
	ps, err := db.Pupils(ctx)
	for _, p := range ps {
		fmt.Fprintf(w, "%d\t%s\n", p.ID, p.Name)
	}
	return err
}

// classReport prints the teacher's report: text, JSON or CSV.
func classReport(ctx context.Context, db *class.DB, w io.Writer, asJSON, asCSV bool) error {
	rep, err := db.Read(ctx, time.Now())
	if err != nil {
		return err
	}
	switch {
	case asJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	case asCSV:
		return rep.WriteCSV(w)
	}
	return rep.WriteText(w)
}
