// Command sidebyside times this checkout's solver against an older build's
// in one process (issue 27 item 3: "build both, run both in one benchmark
// session, state the ratio"), in one command rather than the README's
// recipe. It lays out a scratch worktree of HEAD, copies in this checkout's
// core/solve, internal/solvelab and internal/oldnew and meldlab's profile
// as they are (uncommitted changes too:
// what is measured is what you have), adds the older commit's solver as a
// package of its own (core/solveold), builds internal/oldnew there with
// the tag solveold and the profile meldlab is built with, and runs
// internal/oldnew: each problem of each fresh corpus solved by the two builds in
// turns, three times each, each one's time the least of its three, so that
// a slow minute of the machine hits both alike. It prints oldnew's
// lines (the per-problem median ratio, both builds' percentiles, their
// tiles, which must agree) and removes the worktree.
//
//	go run ./internal/sidebyside                       # against 13b6959, the build of 2026-11-23
//	go run ./internal/sidebyside -old e938c8a          # the build issue 27 measured
//	go run ./internal/sidebyside -seed 7919 -runs 3 -corpus original
//	go run ./internal/sidebyside -old e938c8a -cli     # meldlab solve's time: the search and the referee's judgement
//
// From the repository's root, with git and its history (the older commit
// must be there: a shallow clone has none).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	old := flag.String("old", "13b6959", "the older build's commit")
	runs := flag.Int("runs", 1, "runs of oldnew, one after another")
	seed := flag.Int("seed", 0, "the fresh corpora's first seed (0: oldnew's own, 2711)")
	corpus := flag.String("corpus", "", "one corpus only: original, xp or dense (all three if empty)")
	noProfile := flag.Bool("no-profile", false, "build this checkout's solver without meldlab's profile")
	cli := flag.Bool("cli", false, "time this build as meldlab solve does (solve.Legal, the game judging the answer: see internal/oldnew)")
	flag.Parse()
	if !regexp.MustCompile(`^[0-9a-fA-F]{4,40}$`).MatchString(*old) {
		fail("-old %q: want a commit's hash", *old)
	}
	root, err := os.Getwd()
	must(err)
	if _, err := os.Stat(filepath.Join(root, "internal", "oldnew", "main.go")); err != nil {
		fail("run it from the repository's root (no internal/oldnew/main.go here)")
	}
	oldFiles := goFiles(run(root, "git", "ls-tree", "--name-only", *old, "core/solve/"))
	if len(oldFiles) == 0 {
		fail("commit %s has no core/solve", *old)
	}

	dir, err := os.MkdirTemp("", "sidebyside")
	must(err)
	tree := filepath.Join(dir, "tree")
	// removed however the program ends (fail exits without deferred calls),
	// the worktree's record in the repository too, not only its files
	cleanup = func() {
		_ = exec.Command("git", "-C", root, "worktree", "remove", "--force", tree).Run()
		_ = exec.Command("git", "-C", root, "worktree", "prune").Run()
		os.RemoveAll(dir)
	}
	defer cleanup()
	run(root, "git", "worktree", "add", "--detach", tree, "HEAD")

	// this checkout's solver, its measuring command and profile, as they are
	for _, pkg := range [][]string{{"core", "solve"}, {"internal", "solvelab"}, {"internal", "oldnew"}} {
		from, to := filepath.Join(append([]string{root}, pkg...)...), filepath.Join(append([]string{tree}, pkg...)...)
		must(os.MkdirAll(to, 0o755))
		for _, name := range listDir(from) {
			if strings.HasSuffix(name, ".go") {
				copyFile(filepath.Join(from, name), filepath.Join(to, name))
			}
		}
	}
	pgo := filepath.Join(root, "cmd", "meldlab", "default.pgo")
	// the older solver as package solveold
	oldDir := filepath.Join(tree, "core", "solveold")
	must(os.MkdirAll(oldDir, 0o755))
	for _, f := range oldFiles {
		src := run(root, "git", "show", *old+":"+f)
		src = bytes.Replace(src, []byte("package solve\n"), []byte("package solveold\n"), 1)
		// a field of the older solve.go that the rules' type has changed
		// under since (Sets.Wrap was a bool)
		src = bytes.ReplaceAll(src, []byte("wrap: r.Sets.Wrap}"), []byte("wrap: r.Sets.Wrap != core.NoWrap}"))
		must(os.WriteFile(filepath.Join(oldDir, filepath.Base(f)), src, 0o644))
	}

	bin := filepath.Join(dir, "oldnew")
	build := []string{"build", "-tags", "solveold", "-o", bin}
	if !*noProfile {
		build = append(build, "-pgo="+pgo)
	}
	run(tree, "go", append(build, "./internal/oldnew")...)
	fmt.Printf("this checkout (HEAD %s and its changes to core/solve) against %s", short(run(root, "git", "rev-parse", "--short", "HEAD")), *old)
	if !*noProfile {
		fmt.Print(", this build with meldlab's profile")
	}
	fmt.Println()
	for i := 1; i <= *runs; i++ {
		args := []string{"-corpus", *corpus}
		if *seed != 0 {
			args = append(args, "-seed", strconv.Itoa(*seed))
		}
		if *cli {
			args = append(args, "-cli")
		}
		cmd := exec.Command(bin, args...)
		out, err := cmd.CombinedOutput()
		fmt.Printf("run %d:\n", i)
		for _, line := range strings.Split(string(out), "\n") {
			if strings.Contains(line, "p50 ratio") || strings.Contains(line, "answers differ") || strings.HasPrefix(line, "oldnew:") {
				fmt.Println("  " + line)
			}
		}
		if err != nil {
			fail("oldnew: %v", err)
		}
	}
}

// goFiles keeps the non-test Go files of a listing.
func goFiles(listing []byte) []string {
	var out []string
	for _, f := range strings.Fields(string(listing)) {
		if strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	return out
}

func listDir(dir string) []string {
	entries, err := os.ReadDir(dir)
	must(err)
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			out = append(out, e.Name())
		}
	}
	return out
}

func copyFile(from, to string) {
	data, err := os.ReadFile(from)
	must(err)
	must(os.WriteFile(to, data, 0o644))
}

// run runs a command in dir and returns its output, stopping the program
// with the command's own words if it fails.
func run(dir, name string, args ...string) []byte {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		fail("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return out
}

func short(b []byte) string { return strings.TrimSpace(string(b)) }

func must(err error) {
	if err != nil {
		fail("%v", err)
	}
}

// cleanup removes the scratch worktree, once there is one.
var cleanup = func() {}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "sidebyside: "+format+"\n", args...)
	cleanup()
	os.Exit(1)
}
