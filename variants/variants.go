// Package variants reads the YAML variant files: one per printed edition,
// embedded in the binary, plus house rules and any file a user names.
//
// A variant file sets the keys of core.Rules (see schema.json, or "meldlab
// variants show original" for every key with its value):
//
//	# yaml-language-server: $schema=schema.json
//	name: house/fifty
//	title: Fifty to open
//	extends: original        # a shipped name, or a path relative to this file
//	opening:
//	  points: 50
//
// extends merges the file over its base: a scalar overrides, a map merges
// key by key, a list replaces. A file that extends nothing must set every
// rule; original.yaml is such a file and loads to exactly core.Original().
// name, title and source belong to each file and are not inherited.
//
// Loading reports every problem of a file at once, each placed at its line
// and column with a caret (see Error). A variant may name a Lua file of
// hooks (hooks:), for what YAML cannot say: this package reads it (see
// HookFile) and package scripts runs it; no Lua runs here.
//
// The files are read with go.yaml.in/yaml/v3, the maintained successor of
// gopkg.in/yaml.v3 (archived, and known to panic on some malformed input):
// a linter for files written by anyone must not crash on them.
package variants

import (
	"embed"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
)

// shipped holds the variant files built into the binary.
//
//go:embed *.yaml *.lua house/*.yaml house/*.lua schema.json
var shipped embed.FS

// Variant is a resolved variant: its rules, where each value comes from, and
// its file of hooks, read but not run.
type Variant struct {
	Rules core.Rules
	// File is the file it was read from: the shipped path
	// ("house/fifty.yaml") or the path as given.
	File string
	// Bases are the variants it extends, nearest first: ["original"].
	Bases []string
	// Origins says where each key's value was set, by key path
	// ("players.min", "hooks").
	Origins map[string]Origin

	hooks *HookFile
	// shipped: read from the files built into the binary; basesShipped the
	// same for each of Bases (see Edition).
	shipped      bool
	basesShipped []bool
}

// HookFile is a variant's Lua file of hooks (Rules.Hooks), as read when the
// variant was resolved, inside the same fence as its YAML.
type HookFile struct {
	Path string // as Rules.Hooks gives it: the shipped path or the disk path
	// Name is the file as errors from its Lua name it: the shipped path, or
	// the path relative to the folder of the variant file that names it
	// (lua/h.lua), never the machine's absolute path.
	Name    string
	Text    []byte
	Shipped bool
	// At is the hooks: line of the variant file that names it, for errors
	// about the file as a whole (Msg empty).
	At *Error
}

// HookFile is the variant's file of hooks, nil for none.
func (v *Variant) HookFile() *HookFile { return v.hooks }

// ErrorAt is an error placed at line and column (from 1; 0 for the line's
// first character) of a file whose text is given, as the loader places its
// own: for package scripts, which checks the Lua of hook files.
func ErrorAt(file string, text []byte, line, col int, msg string) *Error {
	return NewQuoter(file, text).ErrorAt(line, col, msg)
}

// Quoter places errors in one file's text, its lines indexed once: for
// many errors in one file, where ErrorAt would index the text each time.
type Quoter struct {
	file  string
	lines *lines
}

// NewQuoter indexes text, the text of file.
func NewQuoter(file string, text []byte) *Quoter {
	return &Quoter{file: file, lines: indexLines(text)}
}

// ErrorAt is ErrorAt for the quoter's file.
func (q *Quoter) ErrorAt(line, col int, msg string) *Error {
	line = max(line, 1)
	lt := q.lines.line(line)
	if col <= 0 {
		col = firstColumn(lt)
	}
	return &Error{File: q.file, Line: line, Col: col, Msg: msg, Text: lt}
}

// Sorted is es in file and position order, without repeats.
func (es Errors) Sorted() Errors { return es.sorted() }

// Capped is es sorted, as Sorted, with at most MaxErrors of them, then a
// line that counts the others.
func (es Errors) Capped() Errors { return es.capped(MaxErrors) }

// Origin is where a value was set: a file and line, and the variant of that
// file. Line 0 means the value is the default (name, title, source).
type Origin struct {
	File    string
	Line    int
	Variant string
}

// Inherited reports whether the value comes from a base rather than v's own file.
func (v *Variant) Inherited(key string) bool { return v.Origins[key].Variant != v.Rules.Name }

// Keys lists the key paths of a variant file in their canonical order, as
// "players.min"; extends is left out, as it is not a rule.
func Keys() []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if k != extendsKey {
			out = append(out, k.Path)
		}
	}
	return out
}

// Value is the variant's value for a key path, written as in YAML ("14",
// "true", "[rack, table]"), and whether the key exists.
func (v *Variant) Value(key string) (string, bool) {
	k, ok := keyByPath[key]
	if !ok || k == extendsKey {
		return "", false
	}
	return core.Format(k.Get(&v.Rules)), true
}

// Resolve reads a variant by shipped name ("original", "house/fifty") or by
// path to a YAML file, with the variants it extends. The bases and hooks a
// file on disk names must lie in its own folder (or below it), links
// included. The error is Errors, every problem of every file involved,
// unless the name itself is unknown.
func Resolve(nameOrPath string) (*Variant, error) { return resolveFenced(nameOrPath, nil) }

// ResolveWithin is Resolve for a name or path that may come from a stranger's
// script: every file on disk it reads, the variant's own, the bases it
// extends and its hooks, must lie inside dir (symbolic links that lead out
// are refused too). Shipped variants load as ever.
func ResolveWithin(dir, nameOrPath string) (*Variant, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %s", dir, describeIOError(err))
	}
	defer root.Close()
	return resolveFenced(nameOrPath, &fence{dir: abs, root: root, where: "the allowed directory"})
}

func resolveFenced(nameOrPath string, fc *fence) (*Variant, error) {
	if nameOrPath == "" {
		nameOrPath = "original"
	}
	src, msg := locate(nameOrPath, nil)
	if msg == "" && fc != nil && !src.shipped && !isYAMLName(src.path) {
		msg = notVariantFile(nameOrPath)
	}
	if msg != "" {
		return nil, &UnknownError{Name: nameOrPath, Msg: msg}
	}
	if src.shipped {
		return resolveShipped(src)
	}
	src.fence = fc
	text, err := src.read(files.Variant)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %s", src.path, describeIOError(err))
	}
	if !src.shipped && fc == nil {
		// A file the user named is read as named; what it names in turn
		// (its bases, its hooks) must lie in its own folder, so that no
		// file reaches, or quotes, one elsewhere (a link x.lua ->
		// /etc/shadow, an absolute path, ../).
		dir, err := filepath.Abs(filepath.Dir(src.path))
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %s", src.path, describeIOError(err))
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %s", src.path, describeIOError(err))
		}
		defer root.Close()
		src.fence = &fence{dir: dir, root: root, where: "the variant's folder"}
	}
	return resolveText(src, text)
}

// shippedCache holds the shipped variants resolved so far, by file
// ("house/fifty.yaml"). They are built into the binary, bases and hooks
// included, so they never change: each is parsed once, and every caller
// gets a copy of its own (Variant.clone). Files on disk are read afresh
// each time: they may change.
var shippedCache struct {
	sync.Mutex
	byFile map[string]*Variant
}

// resolveShipped resolves a shipped variant, once (see shippedCache).
func resolveShipped(src source) (*Variant, error) {
	shippedCache.Lock()
	v, ok := shippedCache.byFile[src.path]
	shippedCache.Unlock()
	if ok {
		return v.clone(), nil
	}
	text, err := src.read(files.Variant)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %s", src.path, describeIOError(err))
	}
	v, err = resolveText(src, text)
	if err != nil {
		return nil, err
	}
	shippedCache.Lock()
	if shippedCache.byFile == nil {
		shippedCache.byFile = map[string]*Variant{}
	}
	shippedCache.byFile[src.path] = v
	shippedCache.Unlock()
	return v.clone(), nil
}

// clone is a copy of v that shares nothing a caller could change with it:
// the rules' slices and maps, the bases, the origins, the hooks' text.
func (v *Variant) clone() *Variant {
	c := *v
	c.Rules.Deal.Piles = slices.Clone(v.Rules.Deal.Piles)
	c.Rules.Scoring.TileValues = slices.Clone(v.Rules.Scoring.TileValues)
	if v.Rules.Scoring.ZeroSum != nil {
		z := *v.Rules.Scoring.ZeroSum
		c.Rules.Scoring.ZeroSum = &z
	}
	c.Rules.Params = maps.Clone(v.Rules.Params)
	c.Bases = slices.Clone(v.Bases)
	c.Origins = maps.Clone(v.Origins)
	c.basesShipped = slices.Clone(v.basesShipped)
	if v.hooks != nil {
		h := *v.hooks
		h.Text = slices.Clone(v.hooks.Text)
		if v.hooks.At != nil {
			at := *v.hooks.At
			h.At = &at
		}
		c.hooks = &h
	}
	return &c
}

// resolveText resolves the variant of src, whose text is read: every
// error, sorted, up to MaxErrors.
func resolveText(src source, text []byte) (*Variant, error) {
	l := &loader{stack: []string{src.id()}}
	v := l.resolve(src, text)
	if len(l.errs) > 0 {
		return nil, l.result()
	}
	return v, nil
}

// UnknownError is a variant name that is neither shipped nor a path.
type UnknownError struct {
	Name string
	Msg  string // with a suggestion
}

func (e *UnknownError) Error() string { return e.Msg }

// Load resolves a variant by shipped name ("original", "house/fifty") or by
// path to a YAML file, and returns its rules. "" is the original. A game of
// a variant with Lua hooks needs them too: package scripts's Games.
func Load(nameOrPath string) (core.Rules, error) {
	v, err := Resolve(nameOrPath)
	if err != nil {
		return core.Rules{}, err
	}
	return v.Rules, nil
}

// Names lists the shipped variants, sorted: "house/fifty" style names for
// the house rules.
func Names() []string {
	var out []string
	fs.WalkDir(shipped, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
			out = append(out, strings.TrimSuffix(p, ".yaml"))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// Shipped returns the text of a shipped file, as "original.yaml" or
// "schema.json".
func Shipped(path string) ([]byte, error) { return fs.ReadFile(shipped, path) }
