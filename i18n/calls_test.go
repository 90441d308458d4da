package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"
)

// idShape is what a message id looks like: dotted words ("repl.undo.nothing").
var idShape = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z0-9_]+( [a-z0-9_]+)*)+$`)

// notIDs are string literals of an id's shape that are not messages.
var notIDs = map[string]bool{
	// rule keys, by their paths (core/rule_keys.go)
	"opening.points": true, "opening.joker_value": true, "opening.first_round_locked": true,
	"opening.lock_ends": true, "opening.lock_turns": true, "opening.pairs": true,
}

// Every message id the Go code says with a literal id exists in English
// (and so, by TestCatalogsComplete, in every language), and every call
// passes, as name, value pairs or core.Args, every argument the message's
// templates need in any language: a misspelt id or a missing argument
// fails here rather than printing the id or "<no value>" to a learner.
//
// Most messages are made by their typed constructors (core.MsgSetRunGap,
// msg.ReplUndoNothing: constructors_test.go), and for those the compiler
// does both checks: this test no longer sees them, and counts them only to
// know its walk still finds the messages. It guards what stays untyped:
// ids made at run time ("repl.cmd." + name: their prefix names messages),
// a literal id whose arguments are forwarded (p.T(id, args...)) or that
// is said later (a row's label), and core.Msg, core.Refuse or Printer.T
// with a literal id, which must be the id's constructor instead (package
// i18n aside: msg imports it).
func TestCallsMatchCatalogs(t *testing.T) {
	cats := sources(t)
	en := cats[English]
	prefixes := map[string]bool{}
	for id := range en {
		prefixes[strings.SplitN(id, ".", 2)[0]] = true
	}
	need := func(id string) map[string]bool {
		out := map[string]bool{}
		for _, l := range Langs {
			if m := cats[l][id]; m != nil {
				for _, src := range forms(m) {
					for k := range required(t, id, src) {
						out[k] = true
					}
				}
			}
		}
		return out
	}
	isID := func(s string) bool {
		return idShape.MatchString(s) && prefixes[strings.SplitN(s, ".", 2)[0]] && !notIDs[s]
	}
	checked, typed := 0, 0
	constructor := map[string]bool{} // the generated ones, by name
	coreC, frontC := constructors(t, cats)
	for _, c := range append(coreC, frontC...) {
		constructor[c.name] = true
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || strings.HasPrefix(n, ".") && n != ".." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "_gen.go") || strings.HasSuffix(path, "messages_en.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		inI18n := filepath.Dir(path) == filepath.Join("..", "i18n")
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				var callee string
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					callee = fn.Name
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && x.Name == "strings" {
						return true // an id's prefix compared, not said
					}
					callee = fn.Sel.Name
				}
				if constructor[callee] {
					typed++ // checked by the compiler
					return true
				}
				for k, a := range n.Args {
					id, ok := stringLit(a)
					if !ok || !isID(id) {
						continue
					}
					checked++
					pos := fset.Position(a.Pos())
					if _, ok := en[id]; !ok {
						t.Errorf("%s: %s is not a message in i18n/locales/*.en.yaml", pos, id)
						break
					}
					rest := n.Args[k+1:]
					if len(rest) > 0 {
						if next, ok := stringLit(rest[0]); ok && isID(next) {
							continue // ids side by side (a heading and its empty form)
						}
					}
					if n.Ellipsis.IsValid() {
						break // the arguments are forwarded: their maker is checked
					}
					if k == 0 && !inI18n && (callee == "Msg" || callee == "Refuse" || callee == "T") {
						t.Errorf("%s: %s(%q, ...): make it with its typed constructor, %s", pos, callee, id, goName(id))
					}
					got := map[string]bool{}
					for i := 0; i < len(rest); i += 2 {
						name, ok := stringLit(rest[i])
						if !ok {
							got = nil // not name, value pairs
							break
						}
						got[name] = true
					}
					if got == nil {
						break
					}
					if len(rest)%2 != 0 {
						t.Errorf("%s: %s: an odd number of name, value arguments", pos, id)
					}
					for _, name := range missing(need(id), got) {
						t.Errorf("%s: %s needs {{.%s}}, which this call does not pass", pos, id, name)
					}
					break
				}
			case *ast.BinaryExpr:
				// An id made at run time, "repl.cmd." + name: its prefix
				// names messages that exist.
				if prefix, ok := stringLit(n.X); ok && n.Op == token.ADD && strings.HasSuffix(prefix, ".") && isID(prefix+"x") {
					found := false
					for _, l := range Langs {
						for id := range cats[l] {
							found = found || strings.HasPrefix(id, prefix)
						}
					}
					if !found {
						t.Errorf("%s: no message id starts with %s", fset.Position(n.Pos()), prefix)
					}
				}
			case *ast.CompositeLit:
				// core.Message{ID: "...", Args: core.Args{...}}
				var id string
				var args ast.Expr
				for _, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					key, _ := kv.Key.(*ast.Ident)
					switch {
					case key == nil:
					case key.Name == "ID":
						id, _ = stringLit(kv.Value)
					case key.Name == "Args":
						args = kv.Value
					}
				}
				if id == "" || !isID(id) {
					return true
				}
				checked++
				pos := fset.Position(n.Pos())
				if _, ok := en[id]; !ok {
					t.Errorf("%s: %s is not a message in i18n/locales/*.en.yaml", pos, id)
					return true
				}
				lit, ok := args.(*ast.CompositeLit)
				if args != nil && !ok {
					return true
				}
				got := map[string]bool{}
				if lit != nil {
					for _, el := range lit.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							return true
						}
						name, ok := stringLit(kv.Key)
						if !ok {
							return true
						}
						got[name] = true
					}
				}
				for _, name := range missing(need(id), got) {
					t.Errorf("%s: %s needs {{.%s}}, which this message does not carry", pos, id, name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d literal ids checked here; %d typed constructor calls", checked, typed)
	if checked+typed < 300 {
		t.Errorf("only %d literal ids and %d typed constructors found in the code: is the walk broken?", checked, typed)
	}
}

func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

func missing(need, got map[string]bool) []string {
	var out []string
	for k := range need {
		if !got[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// required are the arguments a template cannot do without: those it
// prints, compares or ranges over. One only tested for truth ({{if
// .Changes}}) may be left out.
func required(t *testing.T, id, src string) map[string]bool {
	tmpl, err := template.New(id).Parse(src)
	if err != nil {
		t.Errorf("%s: %v", id, err)
		return nil
	}
	return templateFields(tmpl, false)
}
