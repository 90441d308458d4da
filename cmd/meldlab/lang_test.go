package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The language comes from --lang, before or after the command, or else the
// locale; the learner reads why a set is wrong in the rulebook's words.
func TestLang(t *testing.T) {
	tests := []struct {
		name   string
		env    string // LANG
		args   []string
		out    string
		errOut string
		code   int
	}{
		{name: "english by default", args: []string{"check", "[r4 b5 r6]"},
			out: "invalid: [r4 b5 r6] is not a run: b5 is blue, the run is red\n", code: 1},
		{name: "es before the command", args: []string{"--lang", "es", "check", "[r4 b5 r6]"},
			out: "no válida: [r4 b5 r6] no es una escalera: b5 es azul y la escalera es roja\n", code: 1},
		{name: "it after the command", args: []string{"check", "--lang=it", "[r4 b5 r6]"},
			out: "non valida: [r4 b5 r6] non è una serie: b5 è blu, la serie è rossa\n", code: 1},
		{name: "fr after the sets", args: []string{"check", "[r4 b5 r6]", "-lang", "fr"},
			out: "non valable : [r4 b5 r6] n'est pas une suite : b5 est bleue, la suite est rouge\n", code: 1},
		{name: "the locale", env: "es_MX.UTF-8", args: []string{"check", "[r3 r4 r6]"},
			out: "no válida: [r3 r4 r6] no es una escalera: falta r5\n", code: 1},
		{name: "--lang over the locale", env: "fr_FR.UTF-8", args: []string{"--lang", "en", "check", "[r3 r4 r6]"},
			out: "invalid: [r3 r4 r6] is not a run: r5 is missing\n", code: 1},
		{name: "a locale meldlab does not speak", env: "de_DE.UTF-8", args: []string{"check", "[r3 r4 r6]"},
			out: "invalid: [r3 r4 r6] is not a run: r5 is missing\n", code: 1},
		{name: "an unknown language", args: []string{"--lang", "xx", "check", "[r3 r4 r5]"},
			errOut: "meldlab: unknown language \"xx\"; meldlab speaks en, es, it, fr\n", code: 2},
		{name: "no language", args: []string{"check", "[r3 r4 r5]", "--lang"},
			errOut: "meldlab: --lang needs a language: en, es, it or fr\n", code: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func(old func(string) string) { getenv = old }(getenv)
			getenv = func(k string) string {
				if k == "LANG" {
					return tt.env
				}
				return ""
			}
			out, errOut, code := runCLI("", tt.args...)
			assert.Equal(t, tt.out, out)
			assert.Equal(t, tt.errOut, errOut)
			assert.Equal(t, tt.code, code)
		})
	}
}
