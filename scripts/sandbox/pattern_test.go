package sandbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// The sandbox's matcher against Lua 5.1's documented behaviour.
func TestPatterns(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		// find: positions, captures, init, plain
		{`string.find("hello world", "o w")`, "5 7"},
		{`string.find("hello world", "l+")`, "3 4"},
		{`string.find("hello world", "(o)%s(w)")`, "5 7 o w"},
		{`string.find("hello", "l", -2)`, "4 4"},
		{`string.find("hello", "xyz")`, "nil"},
		{`string.find("a.b", ".", 1, true)`, "2 2"},
		{`string.find("abc", "", 10)`, "4 3"},
		{`string.find("abc", "()b()")`, "2 2 2 3"},
		// anchors
		{`string.find("hello", "^h")`, "1 1"},
		{`string.find("hello", "^e")`, "nil"},
		{`string.find("hello", "o$")`, "5 5"},
		{`string.find("a$b", "$b")`, "2 3"},
		// classes and sets
		{`string.match("  key = value  ", "^%s*(%w+)%s*=%s*(%w+)%s*$")`, "key value"},
		{`string.match("r13", "^(%a)(%d+)$")`, "r 13"},
		{`string.match("x=1, y=22", "%d%d")`, "22"},
		{`string.match("Hello", "%u%l+")`, "Hello"},
		{`string.match("a-b_c", "[%w_]+$")`, "b_c"},
		{`string.match("0x1F", "%x+$")`, "1F"},
		{`string.match("a]b", "[]]")`, "]"},
		{`string.match("abc-", "[a-c%-]+")`, "abc-"},
		{`string.match("xyz", "[^x]+")`, "yz"},
		{`string.match("a.b!", "%p+$")`, "!"},
		{`string.match("tab\there", "%S+$")`, "here"},
		// quantifiers
		{`string.match("aaa", "a-")`, ""},
		{`string.match("aaab", "a-b")`, "aaab"},
		{`string.match("<a><b>", "<(.-)>")`, "a"},
		{`string.match("<a><b>", "<(.*)>")`, "a><b"},
		{`string.match("color", "colou?r")`, "color"},
		// %b, %f, back-references
		{`string.match("f(a(b)c) d", "%b()")`, "(a(b)c)"},
		{`string.find("THE (quick) fox", "%f[%a]%a+%f[%A]", 5)`, "6 10"},
		{`string.match('say "hi" now', "([\"'])(.-)%1")`, "\" hi"},
		// gsub: strings, %0..%9, tables, functions, limits, anchors
		{`string.gsub("hello world", "o", "0")`, "hell0 w0rld 2"},
		{`string.gsub("hello world", "(%w+)", "<%1>")`, "<hello> <world> 2"},
		{`string.gsub("abc", "%w", "%0%0")`, "aabbcc 3"},
		{`string.gsub("abc", "", "-")`, "-a-b-c- 4"},
		{`string.gsub("hello", "l", "L", 1)`, "heLlo 1"},
		{`string.gsub("hello hello", "^hello", "bye")`, "bye hello 1"},
		{`string.gsub("$name is $age", "%$(%w+)", {name = "Ana", age = 7})`, "Ana is 7 2"},
		{`string.gsub("a b", "%w", function(c) return c:upper() end)`, "A B 2"},
		{`string.gsub("a b", "%w", function(c) if c == "a" then return false end return "x" end)`, "a x 2"},
		{`string.gsub("50%", "%%", "%%%%")`, "50%% 1"},
		{`string.gsub("abc", "b", "%x")`, "axc 1"},
		// gmatch
		{`(function() local t = {} for k, v in string.gmatch("a=1, b=2", "(%w+)=(%w+)") do t[#t+1] = k .. v end return table.concat(t, ",") end)()`, "a1,b2"},
		{`(function() local n = 0 for _ in string.gmatch("abc", "") do n = n + 1 end return n end)()`, "4"},
		// errors, as Lua words them
		{`string.find("a", "%")`, "error: t.lua:1: malformed pattern (ends with '%')"},
		{`string.find("a", "[a")`, "error: t.lua:1: malformed pattern (missing ']')"},
		{`string.find("a", "(a")`, "error: t.lua:1: unfinished capture"},
		{`string.match("a", "a)")`, "error: t.lua:1: invalid pattern capture"},
		{`string.find("a)", "a)")`, "1 2"}, // no special character: a plain search
		{`string.find("aa", "(a)%2")`, "error: t.lua:1: invalid capture index"},
		{`string.find("a", "%f")`, "error: t.lua:1: missing '[' after '%f' in pattern"},
		{`string.find("a", "%b")`, "error: t.lua:1: unbalanced pattern"},
		{`string.gsub("a", "a", "%2")`, "error: t.lua:1: invalid capture index"},
		{`string.gsub("a", "a", {a = {}})`, "error: t.lua:1: invalid replacement value (a table)"},
		{`string.find("a", string.rep("(", 33))`, "error: t.lua:1: too many captures"},
		{`string.find(string.rep("a", 300), string.rep("a?", 300))`, "error: t.lua:1: pattern too complex: nested over 200 deep"},
	} {
		assert.Equal(t, tc.want, eval(t, "return "+tc.src), tc.src)
	}
}

// Differential: where gopher-lua's own string library is right, the
// sandbox's answers are the same.
func TestPatternsMatchGopherLua(t *testing.T) {
	subjects := []string{"", "hello world", "r3 r4 r5 J", "[k8 b8 o8] [r1 r2 r3]", "  a = 1 ; bb=22  ", "aaa", "x(y(z))w"}
	patterns := []string{"", "o", "l+", "%a+", "%d+", "(%w+)", "^%s*(.-)%s*$", "[%[%]]", "[rbko]%d+", "(%a)(%d+)",
		"%b()", ".-", "a*", "a-a", "^a", "a$", "%s", "[^%s]+", "()", "(%w+)%s*=%s*(%w+)", "J?$"}
	std := lua.NewState()
	defer std.Close()
	for _, subj := range subjects {
		for _, pat := range patterns {
			for _, call := range []string{
				"string.find(%q, %q)", "string.match(%q, %q)", "string.gsub(%q, %q, '<%%0>')",
				"(function() local t = {} for a, b in string.gmatch(%q, %q) do t[#t+1] = tostring(a) .. '/' .. tostring(b) end return table.concat(t, ',') end)()",
			} {
				src := "return " + strings.Replace(strings.Replace(call, "%q", quote(subj), 1), "%q", quote(pat), 1)
				if strings.Contains(call, "gmatch") && (pat == "" || pat[0] == '^') {
					// gopher-lua loops forever on an empty gmatch pattern, and
					// takes '^' as an anchor where Lua 5.1 takes it literally.
					continue
				}
				require.NoError(t, std.DoString(src), src)
				var want []lua.LValue
				for i := 1; i <= std.GetTop(); i++ {
					want = append(want, std.Get(i))
				}
				std.SetTop(0)
				if len(want) == 0 {
					want = []lua.LValue{lua.LNil} // gopher-lua's match returns nothing instead of nil
				}
				assert.Equal(t, show(want), eval(t, src), src)
			}
		}
	}
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
