package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/variants"
)

func init() {
	register("record", runRecord)
}

// runRecord is meldlab record export|import|check: game records (.mgn, and
// their JSON Lines twin .jsonl).
func runRecord(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := func() int {
		printHelp(stderr, flag.NewFlagSet("record", flag.ContinueOnError), msg.CmdRecordHelp())
		return 2
	}
	if len(args) == 0 {
		return usage()
	}
	switch args[0] {
	case "export":
		return recordExport(args[1:], stdout, stderr)
	case "import":
		return recordImport(args[1:], stdout, stderr)
	case "check":
		return recordCheck(args[1:], stdout, stderr)
	case "-h", "-help", "--help":
		usage()
		return 0
	}
	return usage()
}

// recordFlags parses a subcommand's flags; it wants exactly one argument.
func recordFlags(name string, args []string, stderr io.Writer, def func(fs *flag.FlagSet), help ...core.Message) (*flag.FlagSet, int) {
	fs := flag.NewFlagSet("record "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	def(fs)
	helpMsg := msg.CmdRecordHelp()
	if len(help) > 0 {
		helpMsg = help[0]
	}
	fs.Usage = func() { printHelp(stderr, fs, helpMsg) }
	// Flags may come before or after the file: "import g.mgn -o g.json".
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, 0
			}
			return nil, 2
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	fs.Parse(files)
	if fs.NArg() != 1 {
		fs.Usage()
		return nil, 2
	}
	return fs, -1
}

func hooksFor(v *variants.Variant, seed uint64) (core.Hooks, error) {
	return table.Dealer{Games: gameFactory, Bots: botRegistry}.Hooks(v, seed)
}

func recordExport(args []string, stdout, stderr io.Writer) int {
	var seat, event, date *string
	var jsonl *bool
	fs, code := recordFlags("export", args, stderr, func(fs *flag.FlagSet) {
		jsonl = fs.Bool("jsonl", false, flagDoc(msg.CmdRecordFlagJsonl()))
		seat = fs.String("seat", "", flagDoc(msg.CmdRecordFlagSeat()))
		event = fs.String("event", "", flagDoc(msg.CmdRecordFlagEvent()))
		date = fs.String("date", "", flagDoc(msg.CmdRecordFlagDate()))
	})
	if fs == nil {
		return code
	}
	ld, err := table.Load(fs.Arg(0), hooksFor, botRegistry)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab record: %s\n", say.Error(err))
		return 1
	}
	defer ld.Game.Close()
	opt := table.RecordOptions(ld.Seats, ld.Base)
	opt.Event, opt.Date = *event, *date
	opt.Hooks = func(seed uint64) (core.Hooks, error) {
		if ld.Variant == nil {
			return nil, nil
		}
		return hooksFor(ld.Variant, seed)
	}
	if *seat != "" {
		if opt.View = slices.Index(ld.Game.Names(), *seat); opt.View < 0 {
			fmt.Fprintf(stderr, "meldlab record: %s\n", say.Message(core.MsgRecordUnknownSeat(fmt.Sprintf("%q", *seat), strings.Join(ld.Game.Names(), ", "))))
			return 2
		}
	}
	if *jsonl {
		stdout.Write(record.WriteGameJSONL(ld.Game, opt))
	} else {
		stdout.Write(record.Write(ld.Game, opt))
	}
	return 0
}

func recordImport(args []string, stdout, stderr io.Writer) int {
	var out *string
	fs, code := recordFlags("import", args, stderr, func(fs *flag.FlagSet) {
		out = fs.String("o", "", flagDoc(msg.CmdRecordFlagO()))
	})
	if fs == nil {
		return code
	}
	if *out == "" || table.IsRecord(*out) {
		fs.Usage()
		return 2
	}
	ld, err := table.LoadRecord(fs.Arg(0), hooksFor, botRegistry)
	if err != nil {
		fmt.Fprintf(stderr, "%s\n", say.Error(err))
		return 1
	}
	defer ld.Game.Close()
	if err := table.Save(*out, ld.Game, ld.Seats); err != nil {
		fmt.Fprintf(stderr, "meldlab record: %s\n", say.Error(err))
		return 1
	}
	return 0
}

func recordCheck(args []string, stdout, stderr io.Writer) int {
	fs, code := recordFlags("check", args, stderr, func(*flag.FlagSet) {})
	if fs == nil {
		return code
	}
	path := fs.Arg(0)
	data, err := files.Read(path, files.Record)
	if err != nil {
		fmt.Fprintf(stderr, "meldlab record: %s\n", say.Error(err))
		return 1
	}
	rec, perr := record.ParseFile(path, data)
	cerr := rec.Check(table.Resolver(hooksFor))
	if perr != nil || cerr != nil {
		for _, e := range []error{perr, cerr} {
			if e != nil {
				fmt.Fprintln(stderr, say.Error(e))
			}
		}
		return 1
	}
	fmt.Fprintln(stdout, say.Message(msg.CmdRecordOk(path, len(rec.Moves))))
	return 0
}
