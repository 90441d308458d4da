package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// Every command's -h, and the usage, in every language: exit 0, every line
// within 80 columns, and the options named as the flags are.
func TestHelpEveryLanguage(t *testing.T) {
	lines := [][]string{{"help"}, {"variants", "show", "-h"}, {"sim", "merge", "-h"}}
	for name := range commands {
		lines = append(lines, []string{name, "-h"})
	}
	for _, lang := range []string{"en", "es", "it", "fr"} {
		for _, l := range lines {
			args := append([]string{"--lang", lang}, l...)
			out, errOut, code := runCLI("", args...)
			assert.Equal(t, 0, code, "%v", args)
			for _, line := range strings.Split(out+errOut, "\n") {
				if n := utf8.RuneCountInString(line); n > 80 {
					t.Errorf("meldlab %v: a line of %d columns: %s", strings.Join(args, " "), n, line)
				}
			}
		}
	}
}

// The help is said in the learner's language: the Spanish usage of check,
// its options and their defaults.
func TestHelpInSpanish(t *testing.T) {
	_, errOut, code := runCLI("", "--lang", "es", "check", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, errOut, "Uso: meldlab check [--json] [--variant NOMBRE] [COMBINACIÓN_O_MESA...]\n")
	assert.Contains(t, errOut, "Opciones:\n  -json\n      escribe un objeto JSON por combinación\n")
	assert.Contains(t, errOut, "  -variant string\n      la variante cuyas reglas de combinaciones se aplican (nombre o archivo)\n      (por defecto \"original\")\n")
}
