package scripts

import (
	"strings"

	"github.com/yuin/gopher-lua/parse"
)

// keepLocals rewrites the top-level local declarations of a chunk typed at
// the REPL as assignments to globals, so that they last to the next line,
// as a learner expects ("local n = 0", then "n + 1"): each line is its own
// chunk, where a local would end with it. Locals inside functions and
// blocks stay local, and so does a declaration that names a built-in
// (builtin says which: print, meld, game...), which lasts its own chunk
// only, as in the standalone Lua REPL, so that the built-in is never lost.
// Strings and comments are left as they are. Code it cannot read is
// returned as it is.
func keepLocals(code string, builtin func(name string) bool) string {
	if _, err := parse.Parse(strings.NewReader(code), "lua"); err != nil {
		return code
	}
	toks := luaTokens(code)
	var b strings.Builder
	last, depth := 0, 0
	for i, t := range toks {
		switch t.text {
		case "function", "do", "if", "repeat":
			depth++
		case "end", "until":
			depth--
		}
		if t.text != "local" || depth != 0 {
			continue
		}
		names, next := localNames(toks, i+1)
		if len(names) == 0 || anyOf(names, builtin) {
			continue
		}
		// Drop the word local and the spaces after it on its line (the
		// lines stay where they are, for error messages); a declaration
		// without values gets "= nil".
		b.WriteString(code[last:t.start])
		last = t.end
		for last < len(code) && (code[last] == ' ' || code[last] == '\t') {
			last++
		}
		if len(names) == 1 && toks[i+1].text == "function" {
			continue
		}
		if next >= len(toks) || toks[next].text != "=" {
			end := toks[next-1].end
			b.WriteString(code[last:end] + " = nil")
			last = end
		}
	}
	b.WriteString(code[last:])
	out := b.String()
	if _, err := parse.Parse(strings.NewReader(out), "lua"); err != nil {
		return code
	}
	return out
}

// localNames reads the names declared after a local: "a, b" (the index
// after them), or the name of "local function f".
func localNames(toks []luaToken, i int) (names []string, next int) {
	if i < len(toks) && toks[i].text == "function" {
		if i+1 < len(toks) && toks[i+1].name {
			return []string{toks[i+1].text}, i + 2
		}
		return nil, i
	}
	for i < len(toks) && toks[i].name {
		names = append(names, toks[i].text)
		i++
		if i >= len(toks) || toks[i].text != "," {
			break
		}
		i++
	}
	return names, i
}

func anyOf(names []string, is func(string) bool) bool {
	for _, n := range names {
		if is != nil && is(n) {
			return true
		}
	}
	return false
}

// luaToken is a word or symbol of Lua source, at code[start:end]; strings,
// comments and numbers are skipped, so a word inside them is never one.
type luaToken struct {
	text       string
	start, end int
	name       bool // a name, not a keyword
}

var luaKeywords = map[string]bool{
	"and": true, "break": true, "do": true, "else": true, "elseif": true, "end": true,
	"false": true, "for": true, "function": true, "goto": true, "if": true, "in": true,
	"local": true, "nil": true, "not": true, "or": true, "repeat": true, "return": true,
	"then": true, "true": true, "until": true, "while": true,
}

// luaTokens splits code (which parses) into its words and symbols.
func luaTokens(code string) []luaToken {
	var toks []luaToken
	isWord := func(c byte) bool {
		return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case strings.HasPrefix(code[i:], "--"):
			if n := longBracket(code[i+2:]); n > 0 {
				i = skipLong(code, i+2, n)
			} else if nl := strings.IndexByte(code[i:], '\n'); nl >= 0 {
				i += nl
			} else {
				i = len(code)
			}
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(code) && code[j] != c {
				if code[j] == '\\' {
					j++
				}
				j++
			}
			i = min(j+1, len(code))
		case c == '[' && longBracket(code[i:]) > 0:
			i = skipLong(code, i, longBracket(code[i:]))
		case '0' <= c && c <= '9' || c == '.' && i+1 < len(code) && '0' <= code[i+1] && code[i+1] <= '9':
			j := i + 1
			for j < len(code) && (isWord(code[j]) || code[j] == '.' ||
				(code[j] == '-' || code[j] == '+') && strings.ContainsRune("eEpP", rune(code[j-1]))) {
				j++
			}
			i = j
		case isWord(c):
			j := i
			for j < len(code) && isWord(code[j]) {
				j++
			}
			w := code[i:j]
			toks = append(toks, luaToken{text: w, start: i, end: j, name: !luaKeywords[w]})
			i = j
		default:
			toks = append(toks, luaToken{text: code[i : i+1], start: i, end: i + 1})
			i++
		}
	}
	return toks
}

// longBracket is the length of the long bracket s starts with ("[[" 2,
// "[==[" 4), 0 for none.
func longBracket(s string) int {
	if !strings.HasPrefix(s, "[") {
		return 0
	}
	j := 1
	for j < len(s) && s[j] == '=' {
		j++
	}
	if j < len(s) && s[j] == '[' {
		return j + 1
	}
	return 0
}

// skipLong is the index after the long string or comment whose opening
// bracket of length n starts at code[i].
func skipLong(code string, i, n int) int {
	closing := "]" + strings.Repeat("=", n-2) + "]"
	if k := strings.Index(code[i+n:], closing); k >= 0 {
		return i + n + k + len(closing)
	}
	return len(code)
}
