package main

import (
	"crypto/sha256"
	"fmt"
	"github.com/meldlab/meldlab/i18n/msg"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
)

func init() {
	register("version", runVersion)
}

// runVersion is `meldlab version` (and `meldlab --version`).
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if isHelp(args[0]) {
			fmt.Fprintln(stdout, say.Message(msg.CmdVersionHelp()))
			return 0
		}
		fmt.Fprintf(stderr, "meldlab version: takes no arguments, not %q\n", args[0])
		return 2
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(stdout, "meldlab: no build information (built without module support)")
		return 0
	}
	fmt.Fprintln(stdout, versionLine(info))
	return 0
}

// versionLine is "meldlab v1.2.0 (revision 1a2b3c4d5e6f, 2026-11-23T19:00:00Z, modified; go1.25.0)":
// the main module's version ("(devel)" for a build from a checkout) and,
// when the build recorded them, the VCS revision, its time and whether the
// tree had changes.
func versionLine(info *debug.BuildInfo) string {
	version := info.Main.Version
	if version == "" {
		version = "(devel)"
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	var parts []string
	if rev != "" {
		parts = append(parts, "revision "+rev[:min(12, len(rev))])
	}
	if at != "" {
		parts = append(parts, at)
	}
	if modified {
		parts = append(parts, "modified")
	}
	detail := strings.Join(parts, ", ")
	if detail == "" {
		detail = "no VCS revision recorded"
	}
	return fmt.Sprintf("meldlab %s (%s; %s)", version, detail, info.GoVersion)
}

// buildName is what a sim result records of the build that played it, so
// that sim merge refuses shards of different builds: versionLine and the
// start of the SHA-256 of the executable, which tells two builds apart
// when they record no VCS revision (a build with -buildvcs=false, or from
// a tree with changes). Worked out once.
var buildName = sync.OnceValue(func() string {
	name := "meldlab (no build information)"
	if info, ok := debug.ReadBuildInfo(); ok {
		name = versionLine(info)
	}
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			h := sha256.New()
			if _, err := io.Copy(h, f); err == nil {
				name += fmt.Sprintf(", executable sha256 %x", h.Sum(nil)[:6])
			}
			f.Close()
		}
	}
	return name
})

// isHelp reports whether a word asks for help.
func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" || a == "help" }
