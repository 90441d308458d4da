package i18n

import (
	"bytes"
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"
	"unicode"

	"github.com/stretchr/testify/assert"
)

// The typed constructors: one Go function per message id, generated from
// the catalogs with the rest (go test ./i18n -run TestGenerated -update),
// so that a misspelt id or a missing argument fails to compile rather than
// printing the id or "<no value>" to a learner.
//
//   - core's areas (coreAreas) get core/msgs_gen.go, package core:
//     core.MsgSetRunGap(missing any, count int) core.Message;
//   - the fronts' areas get i18n/msg/msgs_gen.go, package msg, which
//     imports core and (for the fronts' English) i18n:
//     msg.ReplUndoNothing() core.Message.
//
// A constructor's name is its id in CamelCase (dots, underscores and
// spaces end a word: "kind.no set" is KindNoSet); two ids of one name fail
// the generator. Its parameters are the fields of the message's templates,
// in the order English first uses them, then any only a translation uses,
// and a Count any language's plural forms choose by; each is named after
// its field in lower camel case. A field compared with a number ({{if eq
// .Count 1}}, le, gt...) is an int; any other is any, as the templates
// print it. A field every template only tests for truth ({{if .Changes}})
// may be left out, as before: its parameter given nil leaves it out of the
// Message's Args.

// param is one parameter of a constructor.
type param struct {
	field, name, typ string
	optional         bool // only tested for truth: nil leaves it out
}

// constructor is one message's typed constructor.
type constructor struct {
	id, name, english string
	params            []param
}

// constructors are every English message's constructors, split into
// core's and the fronts', each sorted by id.
func constructors(t testing.TB, src map[Lang]map[string]*message) (coreC, frontC []constructor) {
	byName := map[string]string{}
	for _, id := range sortedIDs(src[English]) {
		m := src[English][id]
		c := constructor{id: id, name: goName(id), english: m.forms["other"]}
		if slices.Contains(coreAreas, m.area) {
			c.name = "Msg" + c.name // beside core's other names
		}
		if prev, dup := byName[c.name]; dup {
			t.Fatalf("ids %s and %s both make the constructor %s: rename one", prev, id, c.name)
		}
		byName[c.name] = id
		c.params = params(t, id, src)
		if slices.Contains(coreAreas, m.area) {
			coreC = append(coreC, c)
		} else {
			frontC = append(frontC, c)
		}
	}
	return coreC, frontC
}

// goName is the id in CamelCase: "set.run.gap" is SetRunGap.
func goName(id string) string {
	var b strings.Builder
	upper := true
	for _, r := range id {
		switch {
		case r == '.' || r == '_' || r == ' ' || r == '-':
			upper = true
		case upper:
			b.WriteRune(unicode.ToUpper(r))
			upper = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// paramName is a field's parameter name: RunColour is runColour, and a
// name Go or the generated files keep for themselves takes Arg (typeArg).
func paramName(field string) string {
	r := []rune(field)
	i := 0
	for i < len(r) && unicode.IsUpper(r[i]) {
		i++
	}
	switch {
	case i == 0:
	case i == 1 || i == len(r):
		for j := 0; j < i; j++ {
			r[j] = unicode.ToLower(r[j])
		}
	default: // "IDList": "idList"
		for j := 0; j < i-1; j++ {
			r[j] = unicode.ToLower(r[j])
		}
	}
	name := string(r)
	if token.IsKeyword(name) || reserved[name] {
		name += "Arg"
	}
	return name
}

// reserved are names a parameter must not shadow in the generated files.
var reserved = map[string]bool{
	"core": true, "m": true, "any": true, "int": true, "nil": true, "true": true, "false": true,
	"string": true, "len": true, "bool": true, "error": true, "Message": true, "Args": true,
}

// params are the constructor's parameters of the message id.
func params(t testing.TB, id string, src map[Lang]map[string]*message) []param {
	var order []string
	numeric := map[string]bool{}
	need := map[string]bool{}
	plural := false
	for _, l := range Langs { // English first
		m := src[l][id]
		if m == nil {
			continue
		}
		if len(m.forms) > 1 {
			plural = true
		}
		for _, f := range forms(m) {
			tmpl, err := template.New(id).Parse(f)
			if err != nil {
				t.Fatalf("%s %s: %v", l, id, err)
			}
			for _, tt := range tmpl.Templates() {
				walkFields(tt.Tree.Root, func(field string, number bool) {
					if !slices.Contains(order, field) {
						order = append(order, field)
					}
					numeric[field] = numeric[field] || number
				})
			}
			for k := range templateFields(tmpl, false) {
				need[k] = true
			}
		}
	}
	if plural && !slices.Contains(order, "Count") {
		order = append(order, "Count")
		numeric["Count"] = true
		need["Count"] = true
	}
	out := make([]param, len(order))
	names := map[string]string{}
	for i, f := range order {
		p := param{field: f, name: paramName(f), typ: "any", optional: !need[f]}
		if prev, dup := names[p.name]; dup {
			t.Fatalf("%s: the fields %s and %s both make the parameter %s: rename one", id, prev, f, p.name)
		}
		names[p.name] = f
		if numeric[f] {
			p.typ = "int"
		}
		out[i] = p
	}
	return out
}

// walkFields calls use for each field of the data ({{.Count}}) in a
// template's tree, in the order written, saying whether it is compared
// with a number there ({{if eq .Count 1}}).
func walkFields(n parse.Node, use func(field string, number bool)) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n != nil {
			for _, c := range n.Nodes {
				walkFields(c, use)
			}
		}
	case *parse.ActionNode:
		walkFields(n.Pipe, use)
	case *parse.IfNode:
		walkBranch(&n.BranchNode, use)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, use)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, use)
	case *parse.PipeNode:
		if n != nil {
			for _, c := range n.Cmds {
				walkFields(c, use)
			}
		}
	case *parse.CommandNode:
		compare := false
		number := false
		if len(n.Args) > 0 {
			if id, ok := n.Args[0].(*parse.IdentifierNode); ok {
				switch id.Ident {
				case "eq", "ne", "lt", "le", "gt", "ge":
					compare = true
				}
			}
		}
		if compare {
			for _, a := range n.Args[1:] {
				if _, ok := a.(*parse.NumberNode); ok {
					number = true
				}
			}
		}
		for _, a := range n.Args {
			if f, ok := a.(*parse.FieldNode); ok {
				use(f.Ident[0], number)
				continue
			}
			walkFields(a, use)
		}
	case *parse.FieldNode:
		use(n.Ident[0], false)
	case *parse.ChainNode:
		walkFields(n.Node, use)
	}
}

func walkBranch(n *parse.BranchNode, use func(field string, number bool)) {
	walkFields(n.Pipe, use)
	walkFields(n.List, use)
	walkFields(n.ElseList, use)
}

// constructorsGo is the Go source of cs in package pkg; qual is how it
// names core's types ("" in core, "core." elsewhere).
func constructorsGo(t testing.TB, pkg, doc, qual string, cs []constructor) []byte {
	var b bytes.Buffer
	b.WriteString(header + "\n" + doc + "package " + pkg + "\n\n")
	if qual != "" {
		b.WriteString("import (\n\t\"github.com/meldlab/meldlab/core\"\n\t_ \"github.com/meldlab/meldlab/i18n\" // the fronts' English\n)\n\n")
	}
	for _, c := range cs {
		en := c.english
		if len(en) > 70 {
			en = en[:strings.LastIndex(en[:70], " ")+1] + "…"
		}
		en = strings.ReplaceAll(en, "\n", `\n`)
		fmt.Fprintf(&b, "// %s is %s: %s\n", c.name, strconv.Quote(c.id), en)
		var ps, always, later []string
		for i, p := range c.params {
			if i+1 < len(c.params) && c.params[i+1].typ == p.typ {
				ps = append(ps, p.name) // (missing, count any)
			} else {
				ps = append(ps, p.name+" "+p.typ)
			}
			if p.optional {
				later = append(later, fmt.Sprintf("\tif %s != nil {\n\t\tm.Args[%q] = %s\n\t}\n", p.name, p.field, p.name))
			} else {
				always = append(always, fmt.Sprintf("%q: %s", p.field, p.name))
			}
		}
		fmt.Fprintf(&b, "func %s(%s) %sMessage {\n", c.name, strings.Join(ps, ", "), qual)
		lit := fmt.Sprintf("%sMessage{ID: %s}", qual, strconv.Quote(c.id))
		if len(c.params) > 0 {
			lit = fmt.Sprintf("%sMessage{ID: %s, Args: %sArgs{%s}}", qual, strconv.Quote(c.id), qual, strings.Join(always, ", "))
		}
		if len(later) == 0 {
			fmt.Fprintf(&b, "\treturn %s\n}\n\n", lit)
			continue
		}
		fmt.Fprintf(&b, "\tm := %s\n%s\treturn m\n}\n\n", lit, strings.Join(later, ""))
	}
	return gofmt(t, b.Bytes())
}

// Constructor and parameter names are the id's and the field's words.
func TestConstructorNames(t *testing.T) {
	for id, want := range map[string]string{
		"set.run.gap": "SetRunGap", "kind.no set": "KindNoSet",
		"repl.hint.after_empty": "ReplHintAfterEmpty", "cmd.sim_merge.help": "CmdSimMergeHelp",
	} {
		assert.Equal(t, want, goName(id), id)
	}
	for field, want := range map[string]string{
		"Count": "count", "RunColour": "runColour", "Type": "typeArg", "Error": "errorArg",
		"ID": "id", "LLR": "llr", "D0": "d0", "IDList": "idList",
	} {
		assert.Equal(t, want, paramName(field), field)
	}
}

// A field compared with a number is an int; one only printed stays any;
// one only tested for truth may be left out (nil).
func TestConstructorParams(t *testing.T) {
	src := map[Lang]map[string]*message{English: {
		"x.y": {id: "x.y", forms: map[string]string{"other": "{{.Tile}}{{if eq .Count 1}}{{end}}{{if .You}}!{{end}}"}},
	}, Spanish: {
		"x.y": {id: "x.y", forms: map[string]string{"one": "{{.Tile}} {{.Gender}}", "other": "{{.Tile}}"}},
	}}
	assert.Equal(t, []param{
		{field: "Tile", name: "tile", typ: "any"},
		{field: "Count", name: "count", typ: "int"},
		{field: "You", name: "you", typ: "any", optional: true},
		{field: "Gender", name: "gender", typ: "any"},
	}, params(t, "x.y", src))
}
