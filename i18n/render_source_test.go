package i18n

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"
	"unicode"
)

// The generator of the render functions (internal/rendered/render_gen.go,
// core/messages_en.go): every form of every message whose text
// has template actions, parsed here with text/template's own parser and
// written out as a Go function (see render.go and core/msgrender for the
// runtime side). It
// knows the constructs the catalogs use, and a few more that follow from
// them; any other fails generation, naming the catalog file, the id and
// the construct, so that a translator's {{range}} cannot ship unsaid.
//
//	text                  b.WriteString("text")
//	text{{.F}}text        f.Print(b, "text", a.Word("F"), "text")
//	{{if P}}…{{else if Q}}…{{else}}…{{end}}
//	                      if P' {…} else if Q' {…} else {…}
//
// where a condition is a field or a literal tested for truth, a comparison
// (eq, le, gt) of fields and literals, not, and or of those.

// renderGo is internal/rendered/render_gen.go for the catalogs: the
// render functions of Spanish, French and Italian, at catalog's indexes,
// and of the fronts' English, exported for frontsEnglish to name
// (english_gen.go), each written by g, i18n's generator. They are a
// package of their own so that a change to i18n's own code does not
// compile them again (a few seconds of the compiler's time).
func renderGo(t testing.TB, g *renderGen, src map[Lang]map[string]*message) []byte {
	t.Helper()
	var cat strings.Builder
	langs := []Lang{Spanish, French, Italian}
	sort.Slice(langs, func(i, j int) bool { return langs[i] < langs[j] })
	i := 0 // catalog's index: its languages and ids in this order
	for _, l := range langs {
		for _, id := range sortedIDs(src[l]) {
			m := src[l][id]
			var fields []string
			for _, form := range []string{"one", "many", "other"} {
				if name := g.mustForm(t, l, m, form); name != "" {
					fields = append(fields, strings.ToUpper(form[:1])+form[1:]+": "+name)
				}
			}
			if len(fields) > 0 {
				fmt.Fprintf(&cat, "\t%d: {%s}, // %s %s\n", i, strings.Join(fields, ", "), l, id)
			}
			i++
		}
	}
	g.exported = true
	for _, id := range sortedIDs(src[English]) {
		if !slices.Contains(coreAreas, src[English][id].area) {
			g.mustForm(t, English, src[English][id], "other")
		}
	}

	var b bytes.Buffer
	b.WriteString(header + "\n")
	b.WriteString("// Package rendered is package i18n's messages compiled to Go: every form\n")
	b.WriteString("// with template actions of Spanish, French and Italian, and of the fronts'\n")
	b.WriteString("// English, as the function that says it (see core/msgrender).\n")
	b.WriteString("package rendered\n\n" + renderImports)
	b.WriteString("// Forms are the render functions of one of i18n's catalog entries (nil:\n")
	b.WriteString("// a plain text, or no such form).\n")
	b.WriteString("type Forms struct{ One, Many, Other msgrender.Func }\n\n")
	b.WriteString("// Catalog are the render functions of i18n's catalog, at its entries'\n")
	b.WriteString("// indexes.\n")
	fmt.Fprintf(&b, "var Catalog = [%d]Forms{\n", i)
	b.WriteString(cat.String())
	b.WriteString("}\n\n")
	b.Write(g.funcs.Bytes())
	return gofmt(t, b.Bytes())
}

// renderImports are what a file of render functions imports.
const renderImports = "import (\n\t\"strings\"\n\n\t\"github.com/meldlab/meldlab/core/msgrender\"\n)\n\n"

// renderGen writes the render functions of one package, each under a name
// of its own.
type renderGen struct {
	names map[string]bool
	funcs bytes.Buffer // the functions written, in order
	// named are the functions by language, id and form.
	named map[[3]string]string
	// exported: the names written from now on are exported (the fronts'
	// English, named from package i18n).
	exported bool
	// per function
	faults bool // it uses f, the faults it notes
}

func newRenderGen() *renderGen {
	return &renderGen{names: map[string]bool{}, named: map[[3]string]string{}}
}

// mustForm is form, writing to g.funcs, and failing t on an error.
func (g *renderGen) mustForm(t testing.TB, l Lang, m *message, form string) string {
	t.Helper()
	name, err := g.form(&g.funcs, l, m, form)
	if err != nil {
		t.Fatal(err)
	}
	g.named[[3]string{string(l), m.id, form}] = name
	return name
}

// form writes the render function of m's form, if that form has template
// actions, and says its name ("" for none); an error names the catalog
// file, the id, the form and the construct the generator does not know.
func (g *renderGen) form(out *bytes.Buffer, l Lang, m *message, form string) (string, error) {
	src, ok := m.forms[form]
	if !ok || !strings.Contains(src, "{{") {
		return "", nil
	}
	tmpl, err := template.New(m.id).Parse(src)
	if err != nil {
		return "", fmt.Errorf("%s: %s (%s): %v", m.path, m.id, form, err)
	}
	g.faults = false
	var body strings.Builder
	if err := g.list(&body, tmpl.Tree.Root); err != nil {
		return "", fmt.Errorf("%s: %s (%s): %v", m.path, m.id, form, err)
	}
	name := g.name(l, m.id, form)
	fmt.Fprintf(out, "// %s says %s (%s) in %s.\n", name, m.id, form, l)
	fmt.Fprintf(out, "func %s(b *strings.Builder, a msgrender.Args) bool {\n", name)
	if g.faults {
		out.WriteString("var f msgrender.Faults\n")
	}
	out.WriteString(body.String())
	if g.faults {
		out.WriteString("return f.OK()\n}\n\n")
	} else {
		out.WriteString("return true\n}\n\n")
	}
	return name, nil
}

// name is a Go name for l's form of id, unused so far: esBoxOver,
// esRackCountOne.
func (g *renderGen) name(l Lang, id, form string) string {
	var b strings.Builder
	b.WriteString(string(l))
	up := true
	for _, r := range id + "." + strings.TrimSuffix(form, "other") {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if up {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	base := b.String()
	if g.exported {
		base = strings.ToUpper(base[:1]) + base[1:]
	}
	name := base
	for i := 2; g.names[name]; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	g.names[name] = true
	return name
}

// list writes the statements saying the nodes of l. A run of texts and
// printed fields is one call, f.Print(b, "text", a.Word("Name"), …): a
// text prints as itself, and a catalog's few thousand functions compile
// in seconds, where a call (or an inlined WriteString) for each piece
// took the compiler a quarter of a minute.
func (g *renderGen) list(b *strings.Builder, l *parse.ListNode) error {
	if l == nil {
		return nil
	}
	var run []string // the run's texts and values, as Go expressions
	texts := true    // the run is of texts only
	flush := func() {
		switch {
		case len(run) == 0:
		case texts:
			// Only text: written as it is, and no fault to note.
			fmt.Fprintf(b, "b.WriteString(%s)\n", strconv.Quote(strings.Join(unquoteAll(run), "")))
		default:
			g.faults = true
			fmt.Fprintf(b, "f.Print(b, %s)\n", strings.Join(run, ", "))
		}
		run, texts = nil, true
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			run = append(run, strconv.Quote(string(n.Text)))
		case *parse.ActionNode:
			cmd, err := lone(n.Pipe)
			if err != nil {
				return err
			}
			if len(cmd.Args) != 1 {
				return fmt.Errorf("%s: an action prints a field ({{.Name}}), not what a function gives", n)
			}
			v, err := g.value(cmd.Args[0])
			if err != nil {
				return err
			}
			run, texts = append(run, v), false
		case *parse.IfNode:
			flush()
			if err := g.ifElse(b, n); err != nil {
				return err
			}
			b.WriteString("\n")
		default:
			return fmt.Errorf("%s: the generator knows text, {{.Field}} and {{if}}…{{else}}…{{end}} only (render_source_test.go)", n)
		}
	}
	flush()
	return nil
}

// unquoteAll are the texts of Go string literals.
func unquoteAll(quoted []string) []string {
	out := make([]string, len(quoted))
	for i, q := range quoted {
		s, err := strconv.Unquote(q)
		if err != nil {
			panic(err)
		}
		out[i] = s
	}
	return out
}

// ifElse writes an if statement without its final newline, so that an
// {{else if}} continues it: } else if … {.
func (g *renderGen) ifElse(b *strings.Builder, n *parse.IfNode) error {
	c, err := g.cond(n.Pipe)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "if %s {\n", c)
	if err := g.list(b, n.List); err != nil {
		return err
	}
	b.WriteString("}")
	if n.ElseList == nil {
		return nil
	}
	if len(n.ElseList.Nodes) == 1 {
		if inner, ok := n.ElseList.Nodes[0].(*parse.IfNode); ok {
			b.WriteString(" else ")
			return g.ifElse(b, inner)
		}
	}
	b.WriteString(" else {\n")
	if err := g.list(b, n.ElseList); err != nil {
		return err
	}
	b.WriteString("}")
	return nil
}

// lone is a pipeline's one command: the generator knows no variables and
// no chains of commands (a | b).
func lone(p *parse.PipeNode) (*parse.CommandNode, error) {
	if p == nil || len(p.Decl) > 0 || p.IsAssign || len(p.Cmds) != 1 {
		return nil, fmt.Errorf("%s: a pipeline of one command, without variables, is all the generator knows", p)
	}
	return p.Cmds[0], nil
}

// comparisons are the builtins comparing two values that the catalogs
// use, each a method of msgrender.Faults of the same name (Eq, Le, Gt); ne,
// lt and ge are refused until a catalog needs one and Faults has it.
var comparisons = map[string]bool{"eq": true, "le": true, "gt": true}

// cond is the Go boolean expression of p tested as if tests it.
func (g *renderGen) cond(p *parse.PipeNode) (string, error) {
	cmd, err := lone(p)
	if err != nil {
		return "", err
	}
	return g.command(cmd)
}

// command is the Go boolean expression of a command's truth.
func (g *renderGen) command(cmd *parse.CommandNode) (string, error) {
	fn, ok := cmd.Args[0].(*parse.IdentifierNode)
	if !ok {
		if len(cmd.Args) != 1 {
			return "", fmt.Errorf("%s: not a function", cmd)
		}
		return g.truth(cmd.Args[0])
	}
	ops := cmd.Args[1:]
	switch {
	case comparisons[fn.Ident]:
		if len(ops) < 2 || fn.Ident != "eq" && len(ops) != 2 {
			return "", fmt.Errorf("%s: %s compares two values (eq, one with any of several)", cmd, fn.Ident)
		}
		x, err := g.value(ops[0])
		if err != nil {
			return "", err
		}
		var alts []string
		for _, op := range ops[1:] {
			y, err := g.value(op)
			if err != nil {
				return "", err
			}
			alts = append(alts, fmt.Sprintf("f.%s(%s, %s)", strings.ToUpper(fn.Ident[:1])+fn.Ident[1:], x, y))
		}
		g.faults = true
		if len(alts) == 1 {
			return alts[0], nil
		}
		return "(" + strings.Join(alts, " || ") + ")", nil
	case fn.Ident == "not" && len(ops) == 1:
		c, err := g.truth(ops[0])
		if err != nil {
			return "", err
		}
		return "!" + c, nil
	case (fn.Ident == "and" || fn.Ident == "or") && len(ops) > 0:
		// text/template's and and or stop at the first operand that
		// decides them, as && and || do; tested by if, what they give is
		// as true as that operand.
		var cs []string
		for _, op := range ops {
			c, err := g.truth(op)
			if err != nil {
				return "", err
			}
			cs = append(cs, c)
		}
		join := " || "
		if fn.Ident == "and" {
			join = " && "
		}
		return "(" + strings.Join(cs, join) + ")", nil
	}
	return "", fmt.Errorf("%s: the generator knows eq, le, gt, not, and and or, not %s (msgrender.Faults would need it)", cmd, fn.Ident)
}

// truth is the Go boolean expression of an operand tested for truth: a
// field's or a literal's (msgrender.Truth), or a parenthesized command's.
func (g *renderGen) truth(n parse.Node) (string, error) {
	if p, ok := n.(*parse.PipeNode); ok {
		return g.cond(p)
	}
	v, err := g.value(n)
	if err != nil {
		return "", err
	}
	return "msgrender.Truth(" + v + ")", nil
}

// value is the Go expression (of type any, once passed) of an operand: a
// field's argument or a literal, as text/template takes it.
func (g *renderGen) value(n parse.Node) (string, error) {
	switch n := n.(type) {
	case *parse.FieldNode:
		if len(n.Ident) != 1 {
			return "", fmt.Errorf("%s: an argument's own fields are beyond the generator", n)
		}
		return fmt.Sprintf("a.Word(%s)", strconv.Quote(n.Ident[0])), nil
	case *parse.StringNode:
		return strconv.Quote(n.Text), nil
	case *parse.BoolNode:
		return strconv.FormatBool(n.True), nil
	case *parse.NumberNode:
		// text/template takes a whole number written in decimals as an
		// int; other numbers (1.5, 0x10, 'a', 1e3) are beyond the generator.
		digits := strings.TrimPrefix(n.Text, "-")
		if !n.IsInt || digits == "" || strings.Trim(digits, "0123456789") != "" || n.Int64 != int64(int(n.Int64)) {
			return "", fmt.Errorf("%s: only whole numbers written in decimals", n)
		}
		return strconv.FormatInt(n.Int64, 10), nil
	}
	return "", fmt.Errorf("%s: an operand is a field ({{.Name}}) or a literal number, string or bool", n)
}
