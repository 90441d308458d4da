// Package i18n says meldlab's messages in the learner's language: English,
// Spanish, Italian or French, each in its rulebooks' own words (ficha,
// escalera, grupo, comodín; tessera, serie, gruppo, Jolly; plaque, suite,
// série, joker).
//
// A message is an id and typed arguments (core.Message). Every message is
// written in one place and one format: locales/AREA.LANG.yaml, English
// (AREA.en.yaml) and its translations side by side, one file an area
// (core, rules, repl, lesson, sim, cmd, web). A message is a plain
// string, or (es, it, fr) one/many/other forms chosen by the argument
// named Count under the language's plural rules; English writes its
// plurals in the template. go generate compiles the catalogs into Go
// (core/messages_en.go for English, catalog_gen.go for the rest), so the
// binary parses no catalog and a command pays only for the messages it
// says, and writes a typed constructor per id (core.MsgSetRunGap in
// core/msgs_gen.go, msg.ReplUndoNothing in msg/msgs_gen.go), so a misspelt
// id or a missing argument does not compile. TestCatalogsComplete checks
// every language has every id with the same arguments;
// TestCallsMatchCatalogs checks the ids the Go code still says untyped
// exist, with the arguments their templates print.
// Arguments keep their types to the end: tiles, sets and numbers read the
// same in every language, and a colour, a kind of set or a nested message
// is put in the learner's words when the message is said (see Printer).
// Notation (k r b o J), JSON keys, file formats and Lua names are never
// translated.
package i18n

//go:generate go test -run TestGenerated -update

import (
	"fmt"
	"strings"
)

// Lang is one of the languages meldlab speaks, by its ISO 639-1 code.
type Lang string

// The languages, English first: the default and the fallback.
const (
	English Lang = "en"
	Spanish Lang = "es"
	Italian Lang = "it"
	French  Lang = "fr"
)

// Langs lists every language meldlab speaks.
var Langs = []Lang{English, Spanish, Italian, French}

// Parse reads a language as --lang gives it: "es", or a locale such as
// "es_MX.UTF-8" or "fr-CA". Anything else is an error that lists the four.
func Parse(s string) (Lang, error) {
	if l, ok := fromLocale(s); ok {
		return l, nil
	}
	codes := make([]string, len(Langs))
	for i, l := range Langs {
		codes[i] = string(l)
	}
	return "", fmt.Errorf("unknown language %q; meldlab speaks %s", s, strings.Join(codes, ", "))
}

// FromEnv chooses the language from the locale, as gettext does: the first
// of LC_ALL, LC_MESSAGES and LANG that is set decides ("es_MX.UTF-8" is
// Spanish); a locale meldlab does not speak, "C", "POSIX" or none at all is
// English.
func FromEnv(getenv func(string) string) Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		if l, ok := fromLocale(v); ok {
			return l
		}
		return English
	}
	return English
}

// fromLocale takes the language part of a locale name: language[_territory][.codeset][@modifier].
func fromLocale(s string) (Lang, bool) {
	code := strings.ToLower(s)
	if i := strings.IndexAny(code, "_-.@"); i >= 0 {
		code = code[:i]
	}
	for _, l := range Langs {
		if code == string(l) {
			return l, true
		}
	}
	return "", false
}
