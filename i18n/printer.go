package i18n

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/internal/rendered"
	layout "github.com/meldlab/meldlab/internal/text"
)

// A Printer says messages in one language. The zero Printer, and a nil one,
// speak English. Nothing is parsed when it is made: the catalogs are
// compiled into the binary (catalog_gen.go, and core's messages_en.go for
// English), each template as a Go function that says it (package rendered),
// so start-up stays as fast as a command that says nothing and no message
// is ever parsed.
type Printer struct {
	lang     Lang
	decimals bool // numbers written the language's way (Decimals)
}

// New returns the Printer for l.
func New(l Lang) *Printer { return &Printer{lang: l} }

// Decimals is p also writing the numbers in what it says the language's
// way, for a report whose figures are formatted with a point ("%.1f"):
// 34,4 and 2,0 % in Spanish and French, 34,4 and 2,0% in Italian.
func (p *Printer) Decimals() *Printer { return &Printer{lang: p.Lang(), decimals: true} }

// Lang is the printer's language.
func (p *Printer) Lang() Lang {
	if p == nil || p.lang == "" {
		return English
	}
	return p.lang
}

// T says the message id with its arguments given as name, value pairs:
//
//	p.T("repl.turn", "Player", name, "Count", n)
func (p *Printer) T(id string, nameValues ...any) string {
	if id == "" {
		return ""
	}
	// The arguments are read where they stand, as Message would put them
	// (the last of a name repeated counts): a render looks up those it
	// reads, and no Message is made unless the id has no text to say.
	a := &pairArgs{p: p, nv: nameValues}
	return p.sayData(id, a, a.get("Count"), func() string { return core.Msg(id, nameValues...).String() })
}

// pairArgs are a message's name, value pairs, the values made words
// (Printer.arg) when read.
type pairArgs struct {
	p  *Printer
	nv []any
}

// get is the value of the last pair of that name, as given; nil for none.
func (a *pairArgs) get(name string) any {
	for i := len(a.nv)&^1 - 2; i >= 0; i -= 2 {
		if a.nv[i].(string) == name {
			return a.nv[i+1]
		}
	}
	return nil
}

func (a *pairArgs) Word(name string) any {
	v := a.get(name)
	if v == nil {
		return nil
	}
	return a.p.arg(v)
}

// mapArgs are a render's arguments, the values already words.
type mapArgs map[string]any

func (m mapArgs) Word(name string) any { return m[name] }

// Message says m in the printer's language, falling back to English for
// an id the language lacks, and to the id with its arguments for an id
// English lacks or arguments a template cannot print (TestCatalogsComplete
// and TestCallsMatchCatalogs keep both from shipping).
func (p *Printer) Message(m core.Message) string {
	if m.ID == "" {
		return ""
	}
	// As T does, the arguments are made words when read, and only those
	// a render reads (the typed constructors say most messages through
	// here).
	return p.sayData(m.ID, &messageArgs{p: p, a: m.Args}, m.Args["Count"], m.String)
}

// messageArgs are a Message's arguments, the values made words (Printer.arg)
// when read.
type messageArgs struct {
	p *Printer
	a core.Args
}

func (a *messageArgs) Word(name string) any {
	v := a.a[name]
	if v == nil {
		return nil
	}
	return a.p.arg(v)
}

// sayData says the message id with its template's data (the arguments
// made words), in the printer's language or else English, or else what
// fallback says; countArg is the Count argument as given, for the plural.
func (p *Printer) sayData(id string, data args, countArg any, fallback func() string) string {
	count, counted := pluralCount(countArg)
	if s, ok := say(p.Lang(), id, data, count, counted); ok {
		return p.numbers(s)
	}
	if p.Lang() != English {
		if s, ok := say(English, id, data, count, counted); ok {
			return s
		}
	}
	return fallback()
}

var (
	decimalPoint = regexp.MustCompile(`(\d)\.(\d)`)
	percent      = regexp.MustCompile(`(\d)%`)
)

// numbers writes the decimal numbers of s the language's way, when p says
// them so (Decimals).
func (p *Printer) numbers(s string) string {
	if p == nil || !p.decimals || p.Lang() == English {
		return s
	}
	s = decimalPoint.ReplaceAllString(s, "$1,$2")
	if p.Lang() != Italian {
		s = percent.ReplaceAllString(s, "$1\u00a0%")
	}
	return s
}

// pluralCount is the Count argument as a number, when it is an integer.
func pluralCount(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int8:
		return int64(n), true
	case int16:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case uint:
		return int64(n), true
	case uint8:
		return int64(n), true
	case uint16:
		return int64(n), true
	case uint32:
		return int64(n), true
	case uint64:
		return int64(n), true
	}
	return 0, false
}

// arg puts one argument in the printer's language: colours and kinds by
// their catalog words, nested messages and errors said in full; anything
// else prints as its String method says (tiles, sets, numbers, names).
func (p *Printer) arg(v any) any {
	switch v := v.(type) {
	case core.Color:
		return p.T("colour." + v.String())
	case core.Kind:
		return p.T("kind." + v.String())
	case core.VariantName:
		return p.variant(v)
	case core.List:
		and := "list.and"
		if v.Or {
			and = "list.or"
		}
		word := p.T(and)
		if len(v.Items) > 1 {
			word = euphonic(p.Lang(), word, strings.ToLower(layout.Plain(fmt.Sprint(p.arg(v.Items[len(v.Items)-1])))))
		}
		return v.Say(func(it any) string { return fmt.Sprint(p.arg(it)) }, word)
	case core.Message:
		return p.Message(v)
	case core.Messager:
		return p.Message(v.Message())
	case error:
		return p.Error(v)
	}
	return v
}

// variant says a variant's name in a sentence, after "the rules" as the
// language puts it: its words from the catalog (variant.NAME: "originales",
// "de Novelty"), else its name, quoted in a language not English.
func (p *Printer) variant(v core.VariantName) string {
	if v == "" {
		return ""
	}
	if s, ok := say(p.Lang(), "variant."+string(v), mapArgs(nil), 0, false); ok {
		return s
	}
	if p.Lang() == English {
		return string(v)
	}
	return "«" + string(v) + "»"
}

// VariantTitle is a shipped variant's title in the printer's language
// (variant.title.NAME in locales/rules.LANG.yaml), else title, the variant
// file's own, which is English (its YAML is the one place of its English).
func (p *Printer) VariantTitle(name, title string) string {
	if s, ok := say(p.Lang(), "variant.title."+name, mapArgs(nil), 0, false); ok && p.Lang() != English {
		return s
	}
	return title
}

// VariantSource is VariantTitle for the variant's source, the rulebook it
// comes from (variant.source.NAME).
func (p *Printer) VariantSource(name, source string) string {
	if s, ok := say(p.Lang(), "variant.source."+name, mapArgs(nil), 0, false); ok && p.Lang() != English {
		return s
	}
	return source
}

// VariantNote is what a learner of the language should know of a shipped
// variant's words (variant.note.NAME: Novelty's rulebook calls a group a
// "serie"), if the catalog says anything.
func (p *Printer) VariantNote(name string) (string, bool) {
	return say(p.Lang(), "variant.note."+name, mapArgs(nil), 0, false)
}

// euphonic is the word joining the last item of a list as the language
// says it before that item: Spanish o becomes u before an o sound ("b5 u
// o5"), Italian o and e become od and ed before the same vowel ("k10 od
// o10").
func euphonic(l Lang, word, next string) string {
	switch {
	case l == Spanish && word == "o" && (strings.HasPrefix(next, "o") || strings.HasPrefix(next, "ho")):
		return "u"
	case l == Italian && word == "o" && strings.HasPrefix(next, "o"):
		return "od"
	case l == Italian && word == "e" && strings.HasPrefix(next, "e"):
		return "ed"
	}
	return word
}

// Error says err in the printer's language when it, or an error it wraps,
// can say itself as a core.Message; any other error is said as it is. A
// wrapped message keeps the context around it (a file and line), found by
// the wrapped error's own English.
func (p *Printer) Error(err error) string {
	if err == nil {
		return ""
	}
	if m, ok := err.(core.Messager); ok {
		return p.Message(m.Message())
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		// errors.Join's: each said on its own line.
		errs := j.Unwrap()
		whole, parts := err.Error(), make([]string, len(errs))
		for i, e := range errs {
			parts[i] = e.Error()
		}
		if len(errs) > 1 && whole == strings.Join(parts, "\n") {
			for i, e := range errs {
				parts[i] = p.Error(e)
			}
			return strings.Join(parts, "\n")
		}
	}
	var m core.Messager
	if errors.As(err, &m) {
		whole := err.Error()
		for _, inner := range []string{errorText(m), m.Message().String()} {
			if i := strings.LastIndex(whole, inner); inner != "" && i >= 0 {
				return whole[:i] + p.Message(m.Message()) + whole[i+len(inner):]
			}
		}
	}
	return err.Error()
}

// errorText is m's own Error, when it is an error.
func errorText(m core.Messager) string {
	if e, ok := m.(error); ok {
		return e.Error()
	}
	return ""
}

// say renders id in l, or reports that l has no such message or that the
// arguments do not fill its template.
func say(l Lang, id string, data args, count int64, counted bool) (string, bool) {
	form := other
	if counted {
		form = pluralForm(l, count)
	}
	src, r, ok := text(l, id, form)
	switch {
	case !ok:
		return "", false
	case r == nil:
		// A text with no template actions is said as it is; one with
		// actions but no render function is a catalog newer than
		// package rendered (TestGenerated keeps that from shipping), and
		// says nothing rather than its braces.
		return src, !strings.Contains(src, "{{")
	}
	var b strings.Builder
	b.Grow(len(src) + 32)
	if !r(&b, data) {
		return "", false
	}
	s := b.String()
	// A render fails where it prints a missing argument; text/template
	// printed "<no value>" there, and an argument's own text that says so
	// (a nested message's) is as unsaid.
	if strings.Contains(s, "<no value>") {
		return "", false
	}
	return s, true
}

// The plural forms meldlab's languages use (CLDR's: English has one and
// other, and writes its plurals in the template; es, it and fr add many,
// for a million).
const (
	other = iota
	one
	many
)

// pluralForm is CLDR's plural category of the integer n in l.
func pluralForm(l Lang, n int64) int {
	if n < 0 {
		n = -n
	}
	switch {
	case n == 1 || n == 0 && l == French:
		return one
	case l != English && n != 0 && n%1000000 == 0:
		return many
	}
	return other
}

// text is the source of id's form in l and its render function (nil for
// a text with no template actions); a form the language lacks is its other
// form.
func text(l Lang, id string, form int) (string, render, bool) {
	if l == English {
		return core.EnglishForm(id)
	}
	i, ok := lookup(l, id)
	if !ok {
		return "", nil, false
	}
	e, r := &catalog[i], &rendered.Catalog[i]
	switch {
	case form == one && e.one != "":
		return e.one, r.One, true
	case form == many && e.many != "":
		return e.many, r.Many, true
	}
	return e.other, r.Other, true
}

// entry is one message of one language but English, as catalog_gen.go
// holds it: its forms by CLDR plural category (one and many may be empty).
type entry struct {
	lang             Lang
	id               string
	one, many, other string
}

// lookup finds id in l's catalog (catalog is sorted by language, then id):
// its index, in catalog and rendered.Catalog alike.
func lookup(l Lang, id string) (int, bool) {
	i := sort.Search(len(catalog), func(i int) bool {
		e := &catalog[i]
		return e.lang > l || e.lang == l && e.id >= id
	})
	if i < len(catalog) && catalog[i].lang == l && catalog[i].id == id {
		return i, true
	}
	return 0, false
}
