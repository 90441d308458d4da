package main

import (
	"flag"
	"github.com/meldlab/meldlab/core"
	"io"
)

// printHelp writes a command's help, the message id (cmd.NAME.help), then
// its options, in the learner's language (i18n.Printer.Help).
func printHelp(w io.Writer, fs *flag.FlagSet, help core.Message) { say.Help(w, fs, help) }

// flagDoc is the description of a command's flag, in the learner's
// language: its message is cmd.COMMAND.flag.NAME (msg.CmdSimFlagBots).
func flagDoc(m core.Message) string { return say.Message(m) }
