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

// luaToken is a word or symbol of Lua source, at code[start:end]; strings
// and numbers are left out, so a word inside them is never one.
type luaToken struct {
	text       string
	start, end int
	name       bool // a name, not a keyword
}

// luaTokens splits code (which parses) into its words and symbols with
// gopher-lua's own scanner, the one the interpreter reads the chunk with,
// so that strings, long brackets and comments are read as it reads them.
// The scanner tells a token's line and column: its byte offset is worked
// out from where each line starts, lines ending as the scanner ends them
// (\n, \r, and either pair as one).
func luaTokens(code string) []luaToken {
	starts := []int{0, 0} // by line, from 1
	for i := 0; i < len(code); i++ {
		if c := code[i]; c == '\n' || c == '\r' {
			if i+1 < len(code) && code[i+1] != c && (code[i+1] == '\n' || code[i+1] == '\r') {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	sc := parse.NewScanner(strings.NewReader(code), "lua")
	var lx parse.Lexer
	var toks []luaToken
	for {
		tok, err := sc.Scan(&lx)
		lx.PrevTokenType = tok.Type
		if err != nil || tok.Type == parse.EOF || tok.Pos.Line < 1 || tok.Pos.Line >= len(starts) {
			return toks
		}
		if tok.Type == parse.TString || tok.Type == parse.TNumber {
			continue
		}
		at := starts[tok.Pos.Line] + tok.Pos.Column - 1
		toks = append(toks, luaToken{text: tok.Str, start: at, end: at + len(tok.Str), name: tok.Type == parse.TIdent})
	}
}
