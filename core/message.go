package core

import (
	"fmt"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/meldlab/meldlab/core/msgrender"
)

// A Message is a sentence a learner reads, kept as an id and typed arguments
// rather than as finished text, so that it can be said in any language:
//
//	Message{ID: "set.run.colour", Args: Args{"Tile": b5, "Colour": Blue, "RunColour": Red}}
//
// made by its typed constructor, MsgSetRunColour(b5, Blue, Red) (msgs_gen.go;
// the fronts' messages have theirs in package i18n/msg), so that a misspelt
// id or a missing argument does not compile.
//
// String says it in English, from the template registered for its id
// (English holds them all). Package i18n says it in the others, from
// catalogs keyed by the same ids. Arguments stay typed: a Tile, a Set, a
// []Tile and a number read the same in every language; a Color, a Kind and a
// nested Message are put in the learner's words by whoever prints them.
type Message struct {
	ID   string
	Args Args
}

// Args are a message's arguments by name, as its templates use them
// ({{.Tile}}). An argument named Count chooses the plural form.
type Args map[string]any

// Msg makes a Message from its id and name, value pairs: for an id made at
// run time ("colour." + name); a literal id has its typed constructor.
func Msg(id string, nameValues ...any) Message {
	m := Message{ID: id}
	if len(nameValues) > 0 {
		m.Args = make(Args, len(nameValues)/2)
		for i := 0; i+1 < len(nameValues); i += 2 {
			m.Args[nameValues[i].(string)] = nameValues[i+1]
		}
	}
	return m
}

// VariantName is a variant's name as an argument of a sentence: "the
// original rules". English says the name as it is (the word the learner
// types); package i18n says it in the learner's words where the catalog
// has them ("las reglas originales", "les règles françaises"), else quoted
// («house/fifty»).
type VariantName string

func (v VariantName) String() string { return string(v) }

// A Messager is an error (or anything) that can say itself as a Message.
type Messager interface {
	Message() Message
}

// Refusal is an error that is a message and nothing more: the fronts'
// refusals (the REPL's, the lab's, the browser's, a record's own problems),
// said in English by Error and in the learner's language by whoever prints
// its Message (package i18n). Two refusals are the same error (errors.Is)
// when they have the same id.
type Refusal struct{ Msg Message }

// Refuse is the Refusal of the message id with its arguments.
func Refuse(id string, nameValues ...any) error { return &Refusal{Msg(id, nameValues...)} }

func (e *Refusal) Error() string    { return e.Msg.String() }
func (e *Refusal) Message() Message { return e.Msg }

// Is makes errors.Is(err, Refuse(id)) true for a refusal of that id.
func (e *Refusal) Is(target error) bool {
	t, ok := target.(*Refusal)
	return ok && t.Msg.ID == e.Msg.ID
}

// Tiles is a list of tiles written in notation, space-separated: "r4 r5 r6".
type Tiles []Tile

func (ts Tiles) String() string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, " ")
}

// String says m in English, from the English of every message
// (messages_en.go, generated from i18n/locales/*.en.yaml, each template
// compiled to the Go function that says it). An id with no English, or
// arguments its template cannot print, say the id and the arguments as
// they are (i18n's tests keep both from shipping).
func (m Message) String() string {
	src, say, ok := EnglishForm(m.ID)
	switch {
	case !ok:
		return m.raw()
	case say == nil:
		// A template with actions but no function is an English entry
		// registered without one: it is not said rather than said with
		// its braces.
		if strings.Contains(src, "{{") {
			return m.raw()
		}
		return src
	}
	var b strings.Builder
	b.Grow(len(src) + 32)
	if !say(&b, englishWords(m.Args)) || strings.Contains(b.String(), "<no value>") {
		return m.raw()
	}
	return b.String()
}

// englishWords are a message's arguments as its English says them: nested
// messages and lists in English, everything else as it is, for the
// template to print as its String method says.
type englishWords Args

func (a englishWords) Word(name string) any {
	switch v := a[name].(type) {
	case Message, Messager, List:
		return englishArg(v)
	default:
		return v
	}
}

// raw says the id and the arguments, sorted by name: "repl.undo.nothng{}".
func (m Message) raw() string {
	names := make([]string, 0, len(m.Args))
	for k := range m.Args {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + "=" + englishArg(m.Args[k])
	}
	return m.ID + "{" + strings.Join(parts, " ") + "}"
}

// englishArg says one argument in English.
func englishArg(v any) string {
	switch v := v.(type) {
	case Message:
		return v.String()
	case Messager:
		return v.Message().String()
	case fmt.Stringer:
		return v.String()
	}
	return fmt.Sprint(v)
}

// EnglishText is the English template of the message id: core's own
// (messages_en.go: the referee's refusals, the rules' words, records and
// lessons) or a front's that package i18n registered (RegisterEnglish),
// both compiled from i18n/locales/*.en.yaml by go generate ./i18n.
func EnglishText(id string) (string, bool) {
	src, _, ok := EnglishForm(id)
	return src, ok
}

// EnglishForm is EnglishText with the function that says the template
// (nil for a text with no template actions): go generate ./i18n compiles
// every template so, and nothing parses one at run time.
func EnglishForm(id string) (string, msgrender.Func, bool) {
	i := sort.Search(len(english), func(i int) bool { return english[i].id >= id })
	if i < len(english) && english[i].id == id {
		return english[i].text, english[i].say, true
	}
	fronts := registered.Load()
	if fronts == nil {
		return "", nil, false
	}
	i = sort.Search(len(*fronts), func(i int) bool { return (*fronts)[i].ID >= id })
	if i < len(*fronts) && (*fronts)[i].ID == id {
		return (*fronts)[i].Text, (*fronts)[i].Say, true
	}
	return "", nil, false
}

// EnglishEntry is a message id, its English template, and the function
// that says it (nil for a text with no template actions).
type EnglishEntry struct {
	ID, Text string
	Say      msgrender.Func
}

// registered is the English of the fronts (the REPL's, the lab's, the
// command line's, the browser's words), sorted by id.
var registered atomic.Pointer[[]EnglishEntry]

// RegisterEnglish adds the English of messages core does not raise itself:
// package i18n, which every front imports to speak, registers the fronts'
// words when it starts, so that core holds only its own and a Message of
// any front still says itself in English (String). An id core has keeps
// core's text. An entry whose text has template actions comes with the
// function that says it (Say, generated with the text): nothing here
// parses a template, and one without is not said (String gives its id and
// arguments).
func RegisterEnglish(entries []EnglishEntry) {
	for {
		old := registered.Load()
		var all []EnglishEntry
		if old != nil {
			all = append(all, *old...)
		}
		all = append(all, entries...)
		sort.SliceStable(all, func(i, j int) bool { return all[i].ID < all[j].ID })
		if registered.CompareAndSwap(old, &all) {
			return
		}
	}
}

// English is every message id with its English template, core's and the
// registered fronts', for the translations to be checked against.
func English() map[string]string {
	out := make(map[string]string, len(english))
	if fronts := registered.Load(); fronts != nil {
		for _, e := range *fronts {
			out[e.ID] = e.Text
		}
	}
	for _, e := range english {
		out[e.id] = e.text
	}
	return out
}

// List is a list said as a sentence says it: "r5", "r5 and r6", "your rack,
// the table or the tile just drawn". Its items are tiles, messages or
// anything printable; each language joins them with its own "and" or "or".
type List struct {
	Items []any
	Or    bool // joined with "or" rather than "and"
}

// String says the list in English.
func (l List) String() string {
	and := "and"
	if l.Or {
		and = "or"
	}
	return l.Say(englishArg, and)
}

// Say says the list with each item said by item and the last joined by
// and: "a", "a and b", "a, b and c"; an empty list says nothing.
func (l List) Say(item func(any) string, and string) string {
	if len(l.Items) == 0 {
		return ""
	}
	parts := make([]string, len(l.Items))
	for i, it := range l.Items {
		parts[i] = item(it)
	}
	return andList(parts, and)
}
