package variants

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/escape"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/internal/suggest"
)

// source is a variant file: shipped (embedded) or on disk.
type source struct {
	shipped bool
	path    string // the embedded path ("house/fifty.yaml"), or the disk path as given
	fence   *fence // when set, disk files are read only inside its directory
}

// fence keeps a variant's files (its bases, its hooks) inside one
// directory: the variant's own folder for a file named on the command line,
// the working folder for one a stranger's script or solve input names.
// os.Root also refuses symbolic links that lead out.
type fence struct {
	dir   string // absolute
	root  *os.Root
	where string // what the directory is, for errors: "the variant's folder"
}

// outsideError is a file a fenced variant names outside its directory.
type outsideError struct{ where string }

func (e *outsideError) Error() string { return "the file is outside " + e.where }

// id tells two files apart for cycle detection.
func (s source) id() string {
	if s.shipped {
		return "shipped:" + s.path
	}
	if abs, err := filepath.Abs(s.path); err == nil {
		return abs
	}
	return s.path
}

// read reads the file, refusing one over lim and anything but a regular
// file: a variant file or a hook file may be anything a stranger wrote,
// /dev/zero or a FIFO included.
func (s source) read(lim files.Limit) ([]byte, error) {
	if s.shipped {
		return fs.ReadFile(shipped, s.path)
	}
	if s.fence != nil {
		abs, err := filepath.Abs(s.path)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(s.fence.dir, abs)
		if err != nil || !filepath.IsLocal(rel) {
			return nil, &outsideError{s.fence.where}
		}
		if err := linkedKind(s.fence.root, rel, lim); err != nil {
			return nil, err
		}
		b, err := files.ReadRoot(s.fence.root, rel, lim)
		if err != nil && strings.Contains(err.Error(), "escapes from parent") {
			return nil, &outsideError{s.fence.where} // a link that leads out
		}
		return b, err
	}
	return files.Read(s.path, lim)
}

// linkedKindError is a link, named as a variant or Lua file, to a file of
// another kind: errors quote what they read, so it is not read.
type linkedKindError struct{ target string }

func (e *linkedKindError) Error() string {
	return fmt.Sprintf("it is a link to %s, which is not a file of that kind", escape.Line(e.target))
}

// linkedKind follows the links at rel inside root, and refuses one whose
// last target is not named as the kind of file lim reads (a .yaml file, a
// .lua file): x.lua -> notes.txt would have errors quote notes.txt.
func linkedKind(root *os.Root, rel string, lim files.Limit) error {
	for range 40 {
		fi, err := root.Lstat(rel)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return nil // reading says what is wrong, if anything
		}
		target, err := root.Readlink(rel)
		if err != nil {
			return nil
		}
		if filepath.IsAbs(target) {
			return nil // outside: the read refuses it
		}
		rel = filepath.Join(filepath.Dir(rel), target)
		if !filepath.IsLocal(rel) {
			return nil // outside: the read refuses it
		}
		ok := isYAMLName(rel)
		if lim.Kind == files.Lua.Kind {
			ok = strings.EqualFold(filepath.Ext(rel), ".lua")
		}
		if !ok {
			return &linkedKindError{target: target}
		}
	}
	return nil
}

// rel is the file at p relative to s's directory.
func (s source) rel(p string) source {
	if s.shipped {
		return source{shipped: true, path: path.Join(path.Dir(s.path), p)}
	}
	if filepath.IsAbs(p) {
		return source{path: p, fence: s.fence}
	}
	return source{path: filepath.Join(filepath.Dir(s.path), p), fence: s.fence}
}

// stem is the variant name a file gets when it says none.
func (s source) stem() string {
	if s.shipped {
		return strings.TrimSuffix(s.path, ".yaml")
	}
	base := filepath.Base(s.path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// looksLikePath tells a path from a variant name in extends and on the
// command line: names are shipped; anything with a slash or a .yaml/.yml
// suffix that is not a shipped name is a path.
func looksLikePath(s string) bool {
	return strings.ContainsAny(s, `/\`) || strings.HasSuffix(s, ".yaml") || strings.HasSuffix(s, ".yml")
}

// setting is one value a file sets, and where.
type setting struct {
	v         any
	line, col int // the value's position
}

// file is one variant file, decoded but not yet merged with its base.
type file struct {
	src     source
	text    []byte
	lines   *lines              // text indexed by line, made at the first error
	values  map[string]*setting // by key path
	extends *setting
	failed  bool // it has errors of its own
}

// loader resolves a variant and collects every error on the way.
type loader struct {
	errs  Errors
	stack []string // ids of the files being resolved, for cycles
	// in is the file of each error, whose line it quotes once it is known
	// to be shown (see result): quoting every error of a file of 100,000,
	// each on its one long line, would copy that line 100,000 times.
	in map[*Error]*file
}

func (l *loader) add(f *file, line, col int, format string, args ...any) {
	f.failed = true
	e := &Error{File: f.src.path, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	if l.in == nil {
		l.in = map[*Error]*file{}
	}
	l.in[e] = f
	l.errs = append(l.errs, e)
}

// result is the errors to report: sorted, at most MaxErrors, each with the
// line it is on.
func (l *loader) result() Errors {
	es := l.errs.capped(MaxErrors)
	for _, e := range es {
		if f := l.in[e]; f != nil && e.Text == "" {
			e.Text = f.line(e.Line)
		}
	}
	return es
}

// line is line n of the file's text (see lines).
func (f *file) line(n int) string {
	if f.lines == nil {
		f.lines = indexLines(f.text)
	}
	return f.lines.line(n)
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parse reads and decodes one file: every key checked for name, type and
// range. It returns nil when the file cannot be read as YAML at all.
func (l *loader) parse(src source, text []byte) (f *file) {
	f = &file{src: src, text: text, values: map[string]*setting{}}
	// A linter for files written by anyone must not crash on them, even
	// if the YAML library does.
	defer func() {
		if r := recover(); r != nil {
			l.add(f, 1, 1, "the YAML library failed on this file: %v", r)
			f = nil
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(text))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			l.add(f, 1, 1, `the file is empty; a variant needs at least "extends: original" and the rules it changes`)
			return nil
		}
		line, msg := 1, strings.TrimPrefix(err.Error(), "yaml: ")
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
			// The YAML parser (not its scanner) counts lines from 0.
			if strings.HasPrefix(msg, "did not find expected") {
				line++
			}
		}
		if l.tabIndents(f, text) {
			return nil // the parser's words for a tab say nothing of tabs
		}
		l.add(f, line, firstColumn(f.line(line)), "YAML syntax: %s", msg)
		return nil
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		line := max(extra.Line, 1)
		for line > 1 && !strings.HasPrefix(f.line(line), "---") {
			line--
		}
		l.add(f, line, 1, `a variant file holds one YAML document; remove this "---" and what follows, or make it a file of its own`)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		l.add(f, root.Line, root.Column, "a variant file is a map of keys (name:, extends:, players:, ...), not %s", describe(root))
		return nil
	}
	l.decodeMap(f, root, "")
	return f
}

// decodeMap decodes the pairs of a map: the file's top level (prefix "")
// or one of its groups (prefix "players.").
func (l *loader) decodeMap(f *file, m *yaml.Node, prefix string) {
	group := strings.TrimSuffix(prefix, ".")
	allowed := topLevel
	if group != "" {
		allowed = children[group]
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		kn, vn := m.Content[i], resolveAlias(m.Content[i+1])
		name := kn.Value
		if first, dup := seen[name]; dup {
			l.add(f, kn.Line, kn.Column, "duplicate key %q (first set on line %d)", prefix+name, first)
			continue
		}
		seen[name] = kn.Line
		if !slices.Contains(allowed, name) {
			l.add(f, kn.Line, kn.Column, "%s", unknownKey(name, group, allowed))
			continue
		}
		full := prefix + name
		if k, ok := keyByPath[full]; ok {
			if v, ok := l.decodeValue(f, k, vn); ok {
				s := &setting{v: v, line: vn.Line, col: vn.Column}
				if full == "extends" {
					f.extends = s
				} else {
					f.values[full] = s
				}
			}
			continue
		}
		// A group: players, tiles, ...
		if vn.Kind != yaml.MappingNode {
			l.add(f, vn.Line, vn.Column, "%s must be a map of %s, not %s", full, quoteList(children[name]), describe(vn))
			continue
		}
		l.decodeMap(f, vn, full+".")
	}
}

func resolveAlias(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// tabIndents reports every line indented with a tab, which YAML forbids,
// and whether there was one.
func (l *loader) tabIndents(f *file, text []byte) bool {
	found := false
	for i, line := range strings.Split(string(text), "\n") {
		indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		rest := strings.TrimSpace(line)
		if tab := strings.IndexByte(indent, '\t'); tab >= 0 && rest != "" && !strings.HasPrefix(rest, "#") {
			l.add(f, i+1, tab+1, "YAML cannot indent with tabs; indent with spaces")
			found = true
		}
	}
	return found
}

// UnknownKey words the error for a key a variant has not: name, at the top
// level (group "") or in a section ("opening"), as the loader says it; Lua
// tables of changes say it in the same words.
func UnknownKey(name, group string) string {
	allowed := topLevel
	if group != "" {
		allowed = children[group]
	}
	return unknownKey(name, group, allowed)
}

// unknownKey words the error for a key the table does not have. A key of
// another section says where it belongs, from the top level or from the
// wrong section alike.
func unknownKey(name, group string, allowed []string) string {
	where := ""
	if group != "" {
		where = " in " + group
	}
	if group != "" && slices.Contains(topLevel, name) {
		return fmt.Sprintf("unknown key %q in %s; %s belongs at the top level, not under %s:", name, group, name, group)
	}
	var homes []string
	for _, g := range topLevel {
		if g != group && slices.Contains(children[g], name) {
			homes = append(homes, g+":")
		}
	}
	if len(homes) > 0 {
		msg := fmt.Sprintf("unknown key %q%s; %s belongs under %s", name, where, name, strings.Join(homes, " or "))
		if s := suggest.Nearest(name, allowed); s != "" && s != name {
			msg += fmt.Sprintf(" (or did you mean %q?)", s)
		}
		return msg
	}
	if s := suggest.Nearest(name, allowed); s != "" {
		return fmt.Sprintf("unknown key %q%s; did you mean %q?", name, where, s)
	}
	return fmt.Sprintf("unknown key %q%s; the keys are %s", name, where, quoteList(allowed))
}

// describe says what a YAML node holds, for error messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a map"
	case yaml.DocumentNode:
		return "a document"
	}
	switch n.ShortTag() {
	case "!!null":
		return "nothing"
	case "!!bool":
		return n.Value
	case "!!int", "!!float":
		return "the number " + n.Value
	}
	return strconv.Quote(n.Value)
}

// decodeValue checks a value's type for its key, then its range or words
// as core checks them (core.RuleKey.Check), so that a value refused here is
// refused in the same words from Lua.
func (l *loader) decodeValue(f *file, k *key, n *yaml.Node) (any, bool) {
	bad := func() (any, bool) {
		if k.Type == core.TextKey && n.Kind == yaml.ScalarNode && n.ShortTag() != "!!null" {
			l.add(f, n.Line, n.Column, "%s must be text, not %s; put it in quotes", k.Path, describe(n))
		} else {
			l.add(f, n.Line, n.Column, "%s", k.TypeError(describe(n)))
		}
		return nil, false
	}
	check := func(v any, at *yaml.Node) (any, bool) {
		if err := k.Check(v); err != nil {
			l.add(f, at.Line, at.Column, "%s", checkError(k, err))
			return nil, false
		}
		return v, true
	}
	switch k.Type {
	case core.TextKey:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
			return bad()
		}
		// Names and titles are printed on terminals: an ESC or OSC
		// sequence in one would act there instead of showing.
		if v := n.Value; escape.Line(v) != v {
			l.add(f, n.Line, n.Column, "%s holds control characters (%s); write plain text", k.Path, escape.Line(v))
			return nil, false
		}
		return n.Value, true
	case core.BoolKey:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
			return bad()
		}
		return n.Value == "true", true
	case core.IntKey:
		v, ok := intValue(n)
		if !ok {
			return bad()
		}
		return check(v, n)
	case core.WordKey:
		if k.BoolWords && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
			return strconv.FormatBool(n.Value == "true"), true
		}
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
			return bad()
		}
		return check(n.Value, n)
	case core.IntListKey:
		if n.Kind != yaml.SequenceNode {
			return bad()
		}
		out := []int{}
		ok := true
		for _, item := range n.Content {
			item = resolveAlias(item)
			v, isInt := intValue(item)
			if !isInt {
				l.add(f, item.Line, item.Column, "%s", k.TypeError(describe(item)))
				ok = false
			} else if _, valid := check([]int{v}, item); !valid {
				ok = false
			}
			out = append(out, v)
		}
		return out, ok
	case core.ParamsKey:
		if n.Kind != yaml.MappingNode {
			return bad()
		}
		out := core.Params{}
		ok := true
		for i := 0; i+1 < len(n.Content); i += 2 {
			kn, vn := n.Content[i], resolveAlias(n.Content[i+1])
			if err := core.CheckParamName(kn.Value); err != nil || kn.ShortTag() != "!!str" {
				if err == nil {
					err = core.CheckParamName("")
				}
				l.add(f, kn.Line, kn.Column, "%s", err)
				ok = false
				continue
			}
			if _, dup := out[kn.Value]; dup {
				l.add(f, kn.Line, kn.Column, "duplicate key %q", "params."+kn.Value)
				ok = false
				continue
			}
			var v any
			switch tag := vn.ShortTag(); {
			case vn.Kind == yaml.ScalarNode && tag == "!!str":
				v = vn.Value
			case vn.Kind == yaml.ScalarNode && tag == "!!bool":
				v = vn.Value == "true"
			default:
				if x, isInt := intValue(vn); isInt {
					v = x
				}
			}
			if v == nil {
				l.add(f, vn.Line, vn.Column, "params.%s must be %s, not %s", kn.Value, core.ParamWant, describe(vn))
				ok = false
				continue
			}
			if _, valid := check(core.Params{kn.Value: v}, vn); !valid {
				ok = false
				continue
			}
			out[kn.Value] = v
		}
		if _, valid := check(out, n); !valid {
			ok = false
		}
		return out.Clone(), ok
	case core.WordListKey:
		if n.Kind != yaml.SequenceNode {
			return bad()
		}
		out := []string{}
		ok := true
		for _, item := range n.Content {
			item = resolveAlias(item)
			if item.Kind != yaml.ScalarNode || item.ShortTag() != "!!str" {
				l.add(f, item.Line, item.Column, "%s has %s; it may list %s", k.Path, describe(item), quoteList(k.Words))
				ok = false
				continue
			}
			if _, valid := check(append(slices.Clone(out), item.Value), item); !valid {
				ok = false
				continue
			}
			out = append(out, item.Value)
		}
		// Keep the canonical order, so that equal sets compare equal.
		slices.SortFunc(out, func(a, b string) int { return slices.Index(k.Words, a) - slices.Index(k.Words, b) })
		return out, ok
	}
	return bad()
}

// checkError words a value core refused, with a suggestion for a
// misspelt word.
func checkError(k *key, err error) string {
	var ve *core.ValueError
	if errors.As(err, &ve) && ve.Word != "" {
		return ve.Msg + suggest.DidYouMean(ve.Word, k.Words)
	}
	return err.Error()
}

func intValue(n *yaml.Node) (int, bool) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		return 0, false
	}
	var v int
	if err := n.Decode(&v); err != nil {
		return 0, false
	}
	return v, true
}

// describeIOError words a read error without the path, which the message
// already gives.
func describeIOError(err error) string {
	var out *outsideError
	var nr *files.NotRegularError
	var lk *linkedKindError
	switch {
	case errors.As(err, &out):
		return out.Error()
	case errors.As(err, &lk):
		return lk.Error()
	case strings.Contains(err.Error(), "escapes from parent"):
		return "the file is outside the allowed directory"
	case errors.As(err, &nr):
		return files.KindOf(nr.Mode) + ", not a regular file"
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var big *files.TooBigError
	if errors.As(err, &big) {
		return "over " + files.Size(big.Limit.Max) + ", the size limit of " + big.Limit.Kind
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// isYAMLName reports whether a path names a YAML file, as variant files are.
func isYAMLName(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".yaml" || ext == ".yml"
}

func notVariantFile(p string) string {
	return fmt.Sprintf("%q is not a variant file: name a shipped variant or a .yaml file", p)
}

// locate finds the file a name or path means: shipped names first, then
// paths (relative to the file that names them, when from is not nil).
func locate(nameOrPath string, from *source) (source, string) {
	if _, err := fs.Stat(shipped, nameOrPath+".yaml"); err == nil && !strings.HasPrefix(nameOrPath, ".") {
		return source{shipped: true, path: nameOrPath + ".yaml"}, ""
	}
	if looksLikePath(nameOrPath) {
		if from != nil && !isYAMLName(nameOrPath) {
			// A variant file may be a stranger's: it names variant files
			// only, so that no error ever quotes another kind of file.
			return source{}, notVariantFile(nameOrPath)
		}
		if from != nil {
			s := from.rel(nameOrPath)
			if s.shipped {
				if _, err := fs.Stat(shipped, s.path); err != nil {
					return s, fmt.Sprintf("no shipped file %q", s.path)
				}
			}
			return s, ""
		}
		return source{path: nameOrPath}, ""
	}
	msg := fmt.Sprintf("no variant %q", nameOrPath)
	if s := suggest.Nearest(nameOrPath, Names()); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	} else {
		msg += "; the shipped variants are " + quoteList(Names()) + ", or name a .yaml file"
	}
	return source{}, msg
}

// resolve reads src and its bases and merges them into a Variant; it
// returns nil, with errors recorded, when anything is wrong.
func (l *loader) resolve(src source, text []byte) *Variant {
	f := l.parse(src, text)
	if f == nil {
		return nil
	}
	var base *Variant
	baseFailed := false
	if f.extends != nil {
		name := f.extends.v.(string)
		bsrc, msg := locate(name, &src)
		switch {
		case msg != "":
			l.add(f, f.extends.line, f.extends.col, "extends: %s", msg)
		case slices.Contains(l.stack, bsrc.id()):
			chain := []string{}
			for _, id := range l.stack[slices.Index(l.stack, bsrc.id()):] {
				chain = append(chain, displayID(id))
			}
			l.add(f, f.extends.line, f.extends.col, "extends: a cycle: %s, which extends %s", strings.Join(chain, ", which extends "), bsrc.path)
		default:
			btext, err := bsrc.read(files.Variant)
			if err != nil {
				l.add(f, f.extends.line, f.extends.col, "extends: cannot read %s: %s", bsrc.path, describeIOError(err))
				break
			}
			l.stack = append(l.stack, bsrc.id())
			base = l.resolve(bsrc, btext)
			l.stack = l.stack[:len(l.stack)-1]
			// A base that fails has recorded its own errors, in its own file.
			baseFailed = base == nil
		}
	}

	v := &Variant{File: src.path, Origins: map[string]Origin{}, shipped: src.shipped}
	if base != nil {
		v.basesShipped = append([]bool{base.shipped}, base.basesShipped...)
		v.Rules = base.Rules
		v.Rules.Deal.Piles = slices.Clone(base.Rules.Deal.Piles)
		v.Rules.Scoring.TileValues = slices.Clone(base.Rules.Scoring.TileValues)
		for k, o := range base.Origins {
			v.Origins[k] = o
		}
		v.Bases = append([]string{base.Rules.Name}, base.Bases...)
		v.hooks = base.hooks
	} else if f.extends == nil {
		l.checkComplete(f)
	}

	// The per-file keys, with their defaults; line 0 in an Origin means
	// the default.
	v.Rules.Name, v.Rules.Title, v.Rules.Source = src.stem(), "", ""
	for _, k := range []string{"name", "title", "source"} {
		if s, ok := f.values[k]; ok {
			keyByPath[k].Set(&v.Rules, s.v)
		}
	}
	if v.Rules.Title == "" {
		v.Rules.Title = v.Rules.Name
	}
	for _, k := range []string{"name", "title", "source"} {
		o := Origin{File: src.path, Variant: v.Rules.Name}
		if s, ok := f.values[k]; ok {
			o.Line = s.line
		}
		v.Origins[k] = o
	}
	for _, k := range keys {
		s, ok := f.values[k.Path]
		if !ok || k.PerFile || k.Path == "hooks" {
			continue
		}
		k.Set(&v.Rules, s.v)
		v.Origins[k.Path] = Origin{File: src.path, Line: s.line, Variant: v.Rules.Name}
	}
	if s, ok := f.values["hooks"]; ok {
		v.Origins["hooks"] = Origin{File: src.path, Line: s.line, Variant: v.Rules.Name}
		v.hooks = nil
		v.Rules.Hooks = ""
		if name := s.v.(string); name != "" {
			v.hooks = l.readHooks(f, s, src.rel(name))
			v.Rules.Hooks = src.rel(name).path
		}
	}
	if f.failed || baseFailed || base == nil && f.extends != nil {
		return nil
	}
	l.crossCheck(f, v)
	if f.failed {
		return nil
	}
	if !src.shipped && IsShipped(v.Rules.Name) {
		// A file may call itself original: the name of a shipped variant
		// means its rules, so a file with other rules is shown as custom.
		if _, name := Claim(v.Rules); name != v.Rules.Name {
			v.rename(src.path, name)
		}
	}
	return v
}

// rename gives v, read from file, another name, in its origins too.
func (v *Variant) rename(file, name string) {
	old := v.Rules.Name
	v.Rules.Name = name
	for k, o := range v.Origins {
		if o.File == file && o.Variant == old {
			o.Variant = name
			v.Origins[k] = o
		}
	}
}

func displayID(id string) string {
	if s, ok := strings.CutPrefix(id, "shipped:"); ok {
		return s
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, id); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return id
}

// checkComplete: a file that extends nothing must set every rule.
func (l *loader) checkComplete(f *file) {
	var missing []string
	for _, k := range keys {
		if _, ok := f.values[k.Path]; !ok && !k.Optional && !k.PerFile {
			missing = append(missing, k.Path)
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		l.add(f, 1, 1, "this file extends no variant, so it must set every rule; %s is missing (or add \"extends: original\" to inherit it)", missing[0])
	default:
		l.add(f, 1, 1, "this file extends no variant, so it must set every rule; %d are missing: %s (or add \"extends: original\" to inherit them)", len(missing), quoteList(missing))
	}
}

// crossCheck looks at the merged rules with core's Rules.Validate: the
// checks no single key can make. An error is placed at the first of the
// keys involved that this file sets.
func (l *loader) crossCheck(f *file, v *Variant) {
	var errs core.RulesError
	if !errors.As(v.Rules.Validate(), &errs) {
		return
	}
	for _, p := range errs {
		line, col := 1, 1
		for _, k := range p.Keys {
			if s, ok := f.values[k]; ok {
				line, col = s.line, s.col
				break
			}
		}
		l.add(f, line, col, "%s", p.Msg)
	}
}

// readHooks reads a variant's Lua file of hooks; a file that cannot be read
// is placed at the hooks: value. The Lua is not run here: package scripts
// compiles and runs it.
func (l *loader) readHooks(f *file, s *setting, lsrc source) *HookFile {
	if !strings.EqualFold(filepath.Ext(lsrc.path), ".lua") {
		// Errors quote the Lua they find wrong: read Lua files only.
		l.add(f, s.line, s.col, "hooks: %q is not a Lua file: name a .lua file", lsrc.path)
		return nil
	}
	text, err := lsrc.read(files.Lua)
	if err != nil {
		l.add(f, s.line, s.col, "hooks: cannot read %s: %s", lsrc.path, describeIOError(err))
		return nil
	}
	name := lsrc.path
	if !lsrc.shipped {
		name = filepath.Base(lsrc.path)
		if rel, err := filepath.Rel(filepath.Dir(f.src.path), lsrc.path); err == nil && filepath.IsLocal(rel) {
			name = rel
		}
		name = filepath.ToSlash(name)
	}
	return &HookFile{Path: lsrc.path, Name: name, Text: text, Shipped: lsrc.shipped,
		At: &Error{File: f.src.path, Line: s.line, Col: s.col, Text: f.line(s.line)}}
}
