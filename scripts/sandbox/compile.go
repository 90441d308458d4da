package sandbox

import (
	"context"
	"crypto/sha256"
	"fmt"
	"sync"

	lua "github.com/yuin/gopher-lua"
)

// Compiling. gopher-lua's compiler has no deadline and is quadratic in
// places: it looks each constant up in a list (a function of 25,000
// numbers takes seconds), and deep or long expressions cost it more than
// their length. So before a chunk is parsed, a scan of its tokens (linear,
// no allocation per token) refuses what would be slow or wrong, and the
// compile itself runs under the caller's deadline.
//
// gopher-lua also compiles a table constructor of more than MaxItems
// listed items wrong: its SETLIST instruction holds the batch number (of
// 50 items) in 9 bits, and for the 512th batch on it stores the items
// under the keys -49 to 0, each batch over the last, so {1, 2, ...,
// 26000} keeps 25,550 items in order and 50 others under wrong keys. Such
// a constructor is refused, never truncated.
const (
	MaxSource    = 1 << 20 // bytes of one chunk
	MaxDepth     = 200     // brackets and blocks nested in one another
	MaxChain     = 1000    // operators in one expression, at one level of brackets
	MaxItems     = 511 * 50
	MaxConstants = 5000 // different literals and names in one chunk
	MaxCached    = 256  // chunks a Cache keeps
)

// Compile parses and compiles a chunk once; run the result in any number of
// states with State.Run. The error is an *Error of Kind Syntax. It has no
// deadline, but the chunk's size and shape are bounded first (MaxSource,
// MaxDepth, MaxChain, MaxItems, MaxConstants); CompileContext adds one.
func Compile(chunk string, src []byte) (*lua.FunctionProto, error) {
	if err := scan(chunk, src); err != nil {
		return nil, err
	}
	return compile(chunk, src)
}

// CompileContext is Compile under ctx: when ctx ends first, it returns an
// *Error of Kind Timeout (Canceled if ctx was canceled without a cause of
// its own) and abandons the compile, which the bounds keep short.
func CompileContext(ctx context.Context, chunk string, src []byte) (*lua.FunctionProto, error) {
	if err := scan(chunk, src); err != nil {
		return nil, err
	}
	if ctx == nil || ctx.Done() == nil {
		return compile(chunk, src)
	}
	type result struct {
		proto *lua.FunctionProto
		err   error
	}
	done := make(chan result, 1)
	go func() {
		p, err := compile(chunk, src)
		done <- result{p, err}
	}()
	select {
	case r := <-done:
		return r.proto, r.err
	case <-ctx.Done():
		e := &Error{Kind: Timeout, Chunk: chunk, Msg: "compiling stopped: " + context.Cause(ctx).Error()}
		if context.Cause(ctx) == context.Canceled {
			e.Kind = Canceled
		}
		return nil, e
	}
}

// scan checks the bounds on the chunk's tokens.
func scan(chunk string, src []byte) error {
	if len(src) > MaxSource {
		return &Error{Kind: Syntax, Chunk: chunk,
			Msg: fmt.Sprintf("the chunk is %d bytes, over the limit of %d (sandbox.MaxSource)", len(src), MaxSource)}
	}
	sc := scanner{src: src, line: 1}
	return sc.run(chunk)
}

// level is one level of brackets or blocks.
type level struct {
	open  byte // '(', '[', '{', or 'b' for a block
	chain int  // operators since the expression began
	items int  // a constructor's listed items so far
	item  int  // the state of the current item: 0 not begun, 1 listed, 2 keyed
	// multi: the current item, so far, ends in a call or "..." (whose
	// values a constructor's last item spreads); endMulti: the item before
	// the last separator did.
	multi, endMulti bool
	call            bool // a '(' or '{' level that is a call's arguments
}

type scanner struct {
	prefix bool // the last token ends a prefix expression: a call may follow
	was    bool // prefix, before the token being read
	src    []byte
	pos    int
	line   int
	stack  []level
	consts map[string]struct{}
}

func (sc *scanner) fail(chunk, msg string) error {
	return &Error{Kind: Syntax, Chunk: chunk, Line: sc.line, Msg: msg}
}

func (sc *scanner) top() *level { return &sc.stack[len(sc.stack)-1] }

func (sc *scanner) run(chunk string) error {
	sc.stack = append(make([]level, 0, 16), level{open: 'b'})
	sc.consts = map[string]struct{}{}
	push := func(open byte) error {
		if len(sc.stack) > MaxDepth {
			return sc.fail(chunk, fmt.Sprintf("nested more than %d deep (sandbox.MaxDepth)", MaxDepth))
		}
		sc.stack = append(sc.stack, level{open: open, call: sc.was && (open == '(' || open == '{')})
		return nil
	}
	pop := func() {
		if len(sc.stack) > 1 {
			sc.stack = sc.stack[:len(sc.stack)-1]
		}
	}
	// spread notes whether the current item of a constructor now ends in
	// a call or "...".
	spread := func(multi bool) {
		if l := sc.top(); l.open == '{' {
			l.multi = multi
		}
	}
	constant := func(tok string) error {
		if _, ok := sc.consts[tok]; ok {
			return nil
		}
		if len(sc.consts) >= MaxConstants {
			return sc.fail(chunk, fmt.Sprintf("more than %d different constants and names (sandbox.MaxConstants)", MaxConstants))
		}
		sc.consts[tok] = struct{}{}
		return nil
	}
	operator := func() error {
		l := sc.top()
		if l.chain++; l.chain > MaxChain {
			return sc.fail(chunk, fmt.Sprintf("an expression of more than %d operators; split it (sandbox.MaxChain)", MaxChain))
		}
		return nil
	}
	// value notes a token that begins or continues an item of a
	// constructor.
	value := func(keyed bool) error {
		l := sc.top()
		if l.open != '{' || l.item != 0 {
			return nil
		}
		if keyed {
			l.item = 2
			return nil
		}
		l.item = 1
		if l.items++; l.items > MaxItems {
			return sc.fail(chunk, fmt.Sprintf("a table constructor of more than %d listed items (gopher-lua would store the rest under wrong keys); build the table in a loop (sandbox.MaxItems)", MaxItems))
		}
		return nil
	}
	for {
		tok, kind := sc.next()
		sc.was = sc.prefix
		sc.prefix = kind == tokName && !keywords[tok] || tok == ")" || tok == "]"
		if kind != tokOp || tok != ")" && tok != "}" && tok != "," && tok != ";" {
			spread(tok == "..." || kind == tokString && sc.was)
		}
		switch kind {
		case tokEOF:
			return nil
		case tokName:
			switch tok {
			case "function", "if", "do", "repeat":
				if err := value(false); err != nil {
					return err
				}
				sc.top().chain = 0
				if err := push('b'); err != nil {
					return err
				}
			case "end", "until":
				pop()
				sc.top().chain = 0
			case "and", "or", "not":
				if err := value(false); err != nil {
					return err
				}
				if err := operator(); err != nil {
					return err
				}
			case "local", "then", "else", "elseif", "return", "while", "for", "in", "break":
				sc.top().chain = 0
			case "nil", "true", "false":
				if err := value(false); err != nil {
					return err
				}
			default:
				// A name followed by "=" (not "==") in a constructor is a key.
				if err := value(sc.peekAssign()); err != nil {
					return err
				}
				if err := constant(tok); err != nil {
					return err
				}
			}
		case tokNumber, tokString:
			if err := value(false); err != nil {
				return err
			}
			if err := constant(tok); err != nil {
				return err
			}
		case tokOp:
			switch tok {
			case "(", "{":
				if err := value(false); err != nil {
					return err
				}
				if err := push(tok[0]); err != nil {
					return err
				}
			case "[":
				if err := value(true); err != nil {
					return err
				}
				if err := push('['); err != nil {
					return err
				}
			case ")", "]", "}":
				l := sc.top()
				if tok == "}" && l.open == '{' {
					last, n := l.item == 1 && l.multi, l.items
					if l.item == 0 {
						last = l.endMulti
					}
					if last && n > 1 && (n-1)%50 == 0 {
						return sc.fail(chunk, fmt.Sprintf("a table constructor whose last item, a call or \"...\", follows %d listed items: gopher-lua would drop all its values; add them in a loop", n-1))
					}
				}
				call := l.call
				pop()
				if tok != "]" {
					spread(call)
				}
			case ",", ";":
				l := sc.top()
				l.endMulti = l.item == 1 && l.multi
				l.chain, l.item, l.multi = 0, 0, false
			case "=":
				sc.top().chain = 0
			case "+", "-", "*", "/", "%", "^", "..", "==", "~=", "<", "<=", ">", ">=", "#":
				if err := value(false); err != nil {
					return err
				}
				if err := operator(); err != nil {
					return err
				}
			default: // . : ...
				if err := value(false); err != nil {
					return err
				}
			}
		}
	}
}

// keywords are the names that are not names: no call follows them.
var keywords = map[string]bool{
	"and": true, "break": true, "do": true, "else": true, "elseif": true, "end": true, "false": true,
	"for": true, "function": true, "if": true, "in": true, "local": true, "nil": true, "not": true,
	"or": true, "repeat": true, "return": true, "then": true, "true": true, "until": true, "while": true,
}

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokName
	tokNumber
	tokString
	tokOp
)

// next returns the next token, skipping space and comments. A string's
// token is its text with its quotes (a key for constants; escapes are not
// decoded, so two spellings of one string count twice, which errs on the
// safe side). An unfinished string or comment runs to the end: the parser
// reports it.
func (sc *scanner) next() (string, tokKind) {
	src := sc.src
	for sc.pos < len(src) {
		c := src[sc.pos]
		switch {
		case c == '\n':
			sc.line++
			sc.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			sc.pos++
		case c == '-' && sc.pos+1 < len(src) && src[sc.pos+1] == '-':
			sc.pos += 2
			if n := sc.longOpen(); n >= 0 {
				sc.longBody(n)
				continue
			}
			for sc.pos < len(src) && src[sc.pos] != '\n' {
				sc.pos++
			}
		case isNameStart(c):
			start := sc.pos
			for sc.pos < len(src) && (isNameStart(src[sc.pos]) || isDigit(src[sc.pos])) {
				sc.pos++
			}
			return string(src[start:sc.pos]), tokName
		case isDigit(c) || c == '.' && sc.pos+1 < len(src) && isDigit(src[sc.pos+1]):
			start := sc.pos
			for sc.pos < len(src) {
				d := src[sc.pos]
				if (d == '+' || d == '-') && (src[sc.pos-1] == 'e' || src[sc.pos-1] == 'E') && !(sc.pos-start > 1 && (src[start+1] == 'x' || src[start+1] == 'X')) {
					sc.pos++
					continue
				}
				if !(isDigit(d) || isNameStart(d) || d == '.') {
					break
				}
				sc.pos++
			}
			return string(src[start:sc.pos]), tokNumber
		case c == '"' || c == '\'':
			start := sc.pos
			sc.pos++
			for sc.pos < len(src) && src[sc.pos] != c && src[sc.pos] != '\n' {
				if src[sc.pos] == '\\' && sc.pos+1 < len(src) {
					if src[sc.pos+1] == '\n' {
						sc.line++
					}
					sc.pos++
				}
				sc.pos++
			}
			if sc.pos < len(src) && src[sc.pos] == c {
				sc.pos++
			}
			return string(src[start:sc.pos]), tokString
		case c == '[':
			start := sc.pos
			if n := sc.longOpen(); n >= 0 {
				sc.longBody(n)
				return string(src[start:sc.pos]), tokString
			}
			sc.pos++
			return "[", tokOp
		default:
			for _, op := range []string{"...", "..", "==", "~=", "<=", ">="} {
				if sc.pos+len(op) <= len(src) && string(src[sc.pos:sc.pos+len(op)]) == op {
					sc.pos += len(op)
					return op, tokOp
				}
			}
			sc.pos++
			return string(c), tokOp
		}
	}
	return "", tokEOF
}

// longOpen reads "[", "=" n times and "[" at pos and returns n, or -1 (and
// reads nothing) if there is no long bracket there.
func (sc *scanner) longOpen() int {
	p := sc.pos
	if p >= len(sc.src) || sc.src[p] != '[' {
		return -1
	}
	p++
	n := 0
	for p < len(sc.src) && sc.src[p] == '=' {
		n++
		p++
	}
	if p >= len(sc.src) || sc.src[p] != '[' {
		return -1
	}
	sc.pos = p + 1
	return n
}

// longBody skips to the "]", n "=" and "]" that close a long bracket.
func (sc *scanner) longBody(n int) {
	src := sc.src
	for sc.pos < len(src) {
		c := src[sc.pos]
		sc.pos++
		if c == '\n' {
			sc.line++
			continue
		}
		if c != ']' {
			continue
		}
		p := sc.pos
		for p < len(src) && src[p] == '=' {
			p++
		}
		if p-sc.pos == n && p < len(src) && src[p] == ']' {
			sc.pos = p + 1
			return
		}
	}
}

// peekAssign reports whether the next token is "=" and not "==".
func (sc *scanner) peekAssign() bool {
	p := sc.pos
	for p < len(sc.src) && (sc.src[p] == ' ' || sc.src[p] == '\t' || sc.src[p] == '\r' || sc.src[p] == '\n') {
		p++
	}
	return p < len(sc.src) && sc.src[p] == '=' && (p+1 >= len(sc.src) || sc.src[p+1] != '=')
}

func isNameStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool     { return '0' <= c && c <= '9' }

// Cache keeps compiled chunks by a hash of their name and source, for the
// files require loads and the bots a program runs many times: each is
// compiled once. It holds at most MaxCached chunks, forgetting the oldest.
// It is safe for concurrent use; the zero value is ready, and a nil *Cache
// compiles every time.
type Cache struct {
	mu       sync.Mutex
	m        map[[32]byte]*lua.FunctionProto
	order    [][32]byte // oldest first
	compiles int
}

// Compile returns the chunk compiled, from the cache or by CompileContext.
func (c *Cache) Compile(ctx context.Context, name string, src []byte) (*lua.FunctionProto, error) {
	if c == nil {
		return CompileContext(ctx, name, src)
	}
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(src)
	var key [32]byte
	h.Sum(key[:0])
	c.mu.Lock()
	p, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return p, nil
	}
	p, err := CompileContext(ctx, name, src)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.compiles++
	if c.m == nil {
		c.m = map[[32]byte]*lua.FunctionProto{}
	}
	if _, ok := c.m[key]; !ok {
		if len(c.order) >= MaxCached {
			delete(c.m, c.order[0])
			c.order = append(c.order[:0], c.order[1:]...)
		}
		c.order = append(c.order, key)
	}
	c.m[key] = p
	return p, nil
}

// Len is the number of chunks the cache holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// Compiles is the number of compiles the cache has made.
func (c *Cache) Compiles() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.compiles
}
