package sandbox

import (
	"context"
	"fmt"
)

// This file is a Lua 5.1 pattern matcher written for the sandbox. It follows
// the reference semantics (a backtracking matcher over bytes, "C" locale
// classes), with two additions: it counts its steps against a budget and it
// watches the call's context, so that no pattern can hold the Go side for
// longer than the budget allows. gopher-lua's own matcher has neither.

const (
	maxCaptures   = 32
	maxMatchDepth = 200 // nested match calls: one per pattern item at most
	capUnfinished = -1
	capPosition   = -2
)

// patternError is raised (as a panic inside the matcher) to abandon a match.
type patternError struct{ msg string }

type capture struct{ start, len int }

type matcher struct {
	src, pat string
	level    int // captures open or closed so far
	capture  [maxCaptures]capture
	depth    int
	steps    int
	budget   int
	ctx      context.Context
}

func (m *matcher) fail(format string, args ...any) {
	panic(patternError{fmt.Sprintf(format, args...)})
}

// step charges one unit of work; every 1024 steps it checks the budget and
// the deadline, which keeps step itself small enough to inline.
func (m *matcher) step() {
	m.steps++
	if m.steps&1023 == 0 {
		m.checkpoint()
	}
}

func (m *matcher) checkpoint() {
	if m.steps > m.budget {
		m.fail("pattern too complex: over %d matching steps", m.budget)
	}
	if m.ctx != nil && m.ctx.Err() != nil {
		m.fail("%s", m.ctx.Err().Error())
	}
}

// run calls f, turning the matcher's panics into an error message.
func (m *matcher) run(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(patternError)
			if !ok {
				panic(r)
			}
			msg = pe.msg
		}
	}()
	f()
	return ""
}

// reset prepares a match attempt at a new start.
func (m *matcher) reset() { m.level, m.depth = 0, 0 }

// classEnd returns the index just after the single-character class at p.
func (m *matcher) classEnd(p int) int {
	pat := m.pat
	c := pat[p]
	p++
	switch c {
	case '%':
		if p >= len(pat) {
			m.fail("malformed pattern (ends with '%%')")
		}
		return p + 1
	case '[':
		if p < len(pat) && pat[p] == '^' {
			p++
		}
		// The first character of a set is never its end: "[]]" is a set.
		for {
			if p >= len(pat) {
				m.fail("malformed pattern (missing ']')")
			}
			c := pat[p]
			p++
			if c == '%' {
				p++
			}
			if p >= len(pat) {
				m.fail("malformed pattern (missing ']')")
			}
			if pat[p] == ']' {
				return p + 1
			}
		}
	}
	return p
}

// classMatches reports whether c is in the class %cl.
func classMatches(c, cl byte) bool {
	var res bool
	switch cl | 0x20 {
	case 'a':
		res = isAlpha(c)
	case 'c':
		res = c < 32 || c == 127
	case 'd':
		res = '0' <= c && c <= '9'
	case 'l':
		res = 'a' <= c && c <= 'z'
	case 'p':
		res = isPunct(c)
	case 's':
		res = c == ' ' || ('\t' <= c && c <= '\r')
	case 'u':
		res = 'A' <= c && c <= 'Z'
	case 'w':
		res = isAlpha(c) || ('0' <= c && c <= '9')
	case 'x':
		res = ('0' <= c && c <= '9') || ('a' <= c|0x20 && c|0x20 <= 'f')
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if 'A' <= cl && cl <= 'Z' {
		return !res
	}
	return res
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isPunct(c byte) bool {
	return c > 32 && c < 127 && !isAlpha(c) && !('0' <= c && c <= '9')
}

// setMatches reports whether c is in the set from the '[' at p to the ']' at end.
func (m *matcher) setMatches(c byte, p, end int) bool {
	pat := m.pat
	want := true
	p++
	if pat[p] == '^' {
		want = false
		p++
	}
	for ; p < end; p++ {
		switch {
		case pat[p] == '%':
			p++
			if classMatches(c, pat[p]) {
				return want
			}
		case p+2 < end && pat[p+1] == '-':
			if pat[p] <= c && c <= pat[p+2] {
				return want
			}
			p += 2
		case pat[p] == c:
			return want
		}
	}
	return !want
}

// single reports whether c matches the class from p to ep.
func (m *matcher) single(c byte, p, ep int) bool {
	switch m.pat[p] {
	case '.':
		return true
	case '%':
		return classMatches(c, m.pat[p+1])
	case '[':
		return m.setMatches(c, p, ep-1)
	}
	return m.pat[p] == c
}

// match matches the pattern from p against the subject from s and returns
// the end of the match, or -1.
func (m *matcher) match(s, p int) int {
	m.depth++
	if m.depth > maxMatchDepth {
		m.fail("pattern too complex: nested over %d deep", maxMatchDepth)
	}
	r := m.doMatch(s, p)
	m.depth--
	return r
}

func (m *matcher) doMatch(s, p int) int {
	src, pat := m.src, m.pat
	for {
		m.step()
		if p == len(pat) {
			return s
		}
		switch pat[p] {
		case '(':
			if p+1 < len(pat) && pat[p+1] == ')' {
				return m.startCapture(s, p+2, capPosition)
			}
			return m.startCapture(s, p+1, capUnfinished)
		case ')':
			return m.endCapture(s, p+1)
		case '$':
			if p+1 == len(pat) {
				if s == len(src) {
					return s
				}
				return -1
			}
		case '%':
			if p+1 < len(pat) {
				switch c := pat[p+1]; {
				case c == 'b':
					if s = m.balance(s, p+2); s == -1 {
						return -1
					}
					p += 4
					continue
				case c == 'f':
					p += 2
					if p >= len(pat) || pat[p] != '[' {
						m.fail("missing '[' after '%%f' in pattern")
					}
					ep := m.classEnd(p)
					var prev, cur byte
					if s > 0 {
						prev = src[s-1]
					}
					if s < len(src) {
						cur = src[s]
					}
					if m.setMatches(prev, p, ep-1) || !m.setMatches(cur, p, ep-1) {
						return -1
					}
					p = ep
					continue
				case '0' <= c && c <= '9':
					if s = m.backref(s, c); s == -1 {
						return -1
					}
					p += 2
					continue
				}
			}
		}
		// A single-character class, maybe with a quantifier.
		ep := m.classEnd(p)
		ok := s < len(src) && m.single(src[s], p, ep)
		var q byte
		if ep < len(pat) {
			q = pat[ep]
		}
		switch q {
		case '?':
			if ok {
				if r := m.match(s+1, ep+1); r != -1 {
					return r
				}
			}
			p = ep + 1
		case '*':
			return m.maxExpand(s, p, ep)
		case '+':
			if !ok {
				return -1
			}
			return m.maxExpand(s+1, p, ep)
		case '-':
			return m.minExpand(s, p, ep)
		default:
			if !ok {
				return -1
			}
			s++
			p = ep
		}
	}
}

// maxExpand matches as many as it can of the class, then gives back one by
// one until the rest of the pattern matches.
func (m *matcher) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(m.src) && m.single(m.src[s+i], p, ep) {
		m.step()
		i++
	}
	for ; i >= 0; i-- {
		if r := m.match(s+i, ep+1); r != -1 {
			return r
		}
	}
	return -1
}

// minExpand matches as few as it can of the class.
func (m *matcher) minExpand(s, p, ep int) int {
	for {
		if r := m.match(s, ep+1); r != -1 {
			return r
		}
		if s < len(m.src) && m.single(m.src[s], p, ep) {
			s++
		} else {
			return -1
		}
	}
}

func (m *matcher) startCapture(s, p, what int) int {
	if m.level >= maxCaptures {
		m.fail("too many captures")
	}
	m.capture[m.level] = capture{start: s, len: what}
	m.level++
	r := m.match(s, p)
	if r == -1 {
		m.level--
	}
	return r
}

func (m *matcher) endCapture(s, p int) int {
	l := -1
	for i := m.level - 1; i >= 0; i-- {
		if m.capture[i].len == capUnfinished {
			l = i
			break
		}
	}
	if l < 0 {
		m.fail("invalid pattern capture")
	}
	m.capture[l].len = s - m.capture[l].start
	r := m.match(s, p)
	if r == -1 {
		m.capture[l].len = capUnfinished
	}
	return r
}

// balance matches %bxy at p: x, then anything balanced, then y.
func (m *matcher) balance(s, p int) int {
	if p+1 >= len(m.pat) {
		m.fail("unbalanced pattern")
	}
	if s >= len(m.src) || m.src[s] != m.pat[p] {
		return -1
	}
	open, close := m.pat[p], m.pat[p+1]
	depth := 1
	for i := s + 1; i < len(m.src); i++ {
		m.step()
		switch m.src[i] {
		case close:
			if depth--; depth == 0 {
				return i + 1
			}
		case open:
			depth++
		}
	}
	return -1
}

// backref matches %1..%9: the same text as a closed capture.
func (m *matcher) backref(s int, c byte) int {
	l := int(c - '1')
	if l < 0 || l >= m.level || m.capture[l].len < 0 {
		m.fail("invalid capture index")
	}
	cp := m.capture[l]
	if len(m.src)-s >= cp.len && m.src[cp.start:cp.start+cp.len] == m.src[s:s+cp.len] {
		return s + cp.len
	}
	return -1
}
