package i18n

import (
	"strconv"
	"strings"
	"text/template/parse"
)

// The catalogs' templates are nearly all of a few shapes: text, a field
// ({{.Name}}), and an if on a field or on eq of a field and a whole
// number ({{if .You}}, {{if eq .Count 1}}). text/template executes them by
// reflection, a turn's text dozens of times per round trip of a served
// table; a template of only those shapes is also compiled to pieces that
// say it directly (quick). It answers only for the values whose printing
// and truth it knows exactly as text/template does (a string, an int, a
// bool); for any other, or a field missing, it gives way to the template
// itself, so what is said never differs (TestQuickSaysAsTemplates).

// piece is one node of a quick template: text, a field, or an if.
type piece struct {
	text  string
	field string // a field's name, or the if's field
	cond  bool   // an if: on the field's truth, or with eq on field == num
	eq    bool
	num   int64
	then  []piece
	els   []piece
}

// quick compiles a parsed template's tree; ok is false for a template of
// another shape.
func quick(list *parse.ListNode) ([]piece, bool) {
	if list == nil {
		return nil, true
	}
	var out []piece
	for _, n := range list.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			out = append(out, piece{text: string(n.Text)})
		case *parse.ActionNode:
			f, ok := loneField(n.Pipe)
			if !ok {
				return nil, false
			}
			out = append(out, piece{field: f})
		case *parse.IfNode:
			p := piece{cond: true}
			if f, ok := loneField(n.Pipe); ok {
				p.field = f
			} else if f, num, ok := eqField(n.Pipe); ok {
				p.field, p.eq, p.num = f, true, num
			} else {
				return nil, false
			}
			var ok1, ok2 bool
			p.then, ok1 = quick(n.List)
			p.els, ok2 = quick(n.ElseList)
			if !ok1 || !ok2 {
				return nil, false
			}
			out = append(out, p)
		default:
			return nil, false
		}
	}
	return out, true
}

// loneField is the field of a pipeline that is only {{.Field}}.
func loneField(pipe *parse.PipeNode) (string, bool) {
	if pipe == nil || len(pipe.Decl) > 0 || pipe.IsAssign || len(pipe.Cmds) != 1 || len(pipe.Cmds[0].Args) != 1 {
		return "", false
	}
	f, ok := pipe.Cmds[0].Args[0].(*parse.FieldNode)
	if !ok || len(f.Ident) != 1 {
		return "", false
	}
	return f.Ident[0], true
}

// eqField is the field and the number of a pipeline that is only
// {{eq .Field N}}, N a whole number.
func eqField(pipe *parse.PipeNode) (string, int64, bool) {
	if pipe == nil || len(pipe.Decl) > 0 || pipe.IsAssign || len(pipe.Cmds) != 1 || len(pipe.Cmds[0].Args) != 3 {
		return "", 0, false
	}
	args := pipe.Cmds[0].Args
	id, ok := args[0].(*parse.IdentifierNode)
	if !ok || id.Ident != "eq" {
		return "", 0, false
	}
	f, ok := args[1].(*parse.FieldNode)
	if !ok || len(f.Ident) != 1 {
		return "", 0, false
	}
	n, ok := args[2].(*parse.NumberNode)
	if !ok || !n.IsInt || n.Int64 != int64(int(n.Int64)) {
		return "", 0, false
	}
	return f.Ident[0], n.Int64, true
}

// sayQuick says the pieces with data into b; ok is false where a value is
// missing or of a type it leaves to text/template.
func sayQuick(b *strings.Builder, ps []piece, data args) bool {
	for i := range ps {
		p := &ps[i]
		switch {
		case p.cond:
			var truth bool
			switch v := data.word(p.field).(type) {
			case int:
				if p.eq {
					truth = int64(v) == p.num
				} else {
					truth = v != 0
				}
			case bool:
				if p.eq {
					return false
				}
				truth = v
			case string:
				if p.eq {
					return false
				}
				truth = v != ""
			default:
				return false
			}
			branch := p.els
			if truth {
				branch = p.then
			}
			if !sayQuick(b, branch, data) {
				return false
			}
		case p.field != "":
			switch v := data.word(p.field).(type) {
			case string:
				b.WriteString(v)
			case int:
				b.WriteString(strconv.Itoa(v))
			case bool:
				b.WriteString(strconv.FormatBool(v))
			default:
				return false
			}
		default:
			b.WriteString(p.text)
		}
	}
	return true
}
