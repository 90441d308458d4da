package repl

import (
	"io"
	"os"
	"sync"
	"unicode/utf8"
)

// keyTap watches the keys typed at the terminal on their way to liner, so
// that a Ctrl-C at the prompt can be told apart: liner answers every Ctrl-C
// with the same ErrPromptAborted and no line, whether the line was being
// typed (the Ctrl-C clears it) or empty (the Ctrl-C is a try to leave, and
// gets a hint how). While only letters, Backspace and Ctrl-U have been
// typed the cursor is at the line's end and the tap knows the line; after
// any other key (an arrow, Tab, the history) it counts the line as not
// empty, so the hint is never shown over a line being typed.
type keyTap struct {
	mu      sync.Mutex
	runes   int    // runes on the line while it is known
	unknown bool   // a key whose effect on the line is not known was typed
	esc     bool   // inside an escape sequence (an arrow, say)
	ctrlC   []bool // for each Ctrl-C not yet asked about: was the line empty
}

const (
	keyCtrlC = 0x03
	keyCtrlD = 0x04
	keyCtrlH = 0x08
	keyCtrlL = 0x0c
	keyCtrlU = 0x15
	keyEsc   = 0x1b
	keyDel   = 0x7f
)

// see takes bytes read from the terminal, in order.
func (k *keyTap) see(p []byte) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, b := range p {
		empty := k.runes == 0 && !k.unknown
		switch {
		case b == '\r' || b == '\n':
			k.newLine()
		case b == keyCtrlC:
			k.ctrlC = append(k.ctrlC, empty)
			k.newLine()
		case b == keyCtrlD && empty: // liner's end of input
			k.newLine()
		case b == keyDel || b == keyCtrlH:
			k.runes = max(k.runes-1, 0)
		case b == keyCtrlU: // erases before the cursor: the whole known line
			k.runes = 0
		case b == keyCtrlL: // redraws the screen
		case b == keyEsc:
			k.esc, k.unknown = true, true
		case b < 0x20:
			k.unknown = true
		case k.esc: // the rest of an escape sequence, up to its final letter
			k.esc = b < 0x40 || b == '['
		case utf8.RuneStart(b):
			k.runes++
		}
	}
}

func (k *keyTap) newLine() { k.runes, k.unknown, k.esc = 0, false, false }

// ctrlCOnEmptyLine says whether the oldest Ctrl-C not yet asked about was
// typed on an empty line (false when there is none).
func (k *keyTap) ctrlCOnEmptyLine() bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.ctrlC) == 0 {
		return false
	}
	empty := k.ctrlC[0]
	k.ctrlC = k.ctrlC[1:]
	return empty
}

// lineRead is told that liner gave a line: a Ctrl-C still unasked about
// was one liner took some other way (in its list of completions, say), so
// it is forgotten, and the next Ctrl-C is matched with the next abort.
func (k *keyTap) lineRead() {
	k.mu.Lock()
	k.ctrlC = k.ctrlC[:0]
	k.mu.Unlock()
}

// pass copies the terminal's bytes to w, seeing each, until in ends.
func (k *keyTap) pass(in io.Reader, w io.WriteCloser) {
	defer w.Close()
	buf := make([]byte, 256)
	for {
		n, err := in.Read(buf)
		if n > 0 {
			k.see(buf[:n])
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// tapStdin makes newReader (liner.NewLiner, which reads os.Stdin) read the
// terminal through a pipe that k watches. The terminal's modes are still
// set on file descriptor 0 by liner. Without a pipe it reads os.Stdin as it
// is, and k sees nothing.
func tapStdin[T any](k *keyTap, newReader func() T) T {
	r, w, err := os.Pipe()
	if err != nil {
		return newReader()
	}
	stdin := os.Stdin
	os.Stdin = r
	reader := newReader()
	os.Stdin = stdin
	go k.pass(stdin, w)
	return reader
}
