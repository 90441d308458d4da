// Package files reads the files meldlab is given, each kind with a size cap,
// so that a huge or endless file (/dev/zero, a stranger's 10 GB "variant")
// is refused with a clear error instead of filling the memory. Only regular
// files are read: a FIFO, a device or a socket is refused (see Open), and a
// FIFO is opened without blocking, so that no reader waits for its writer.
//
// The caps are generous for what each file holds and are changed here, in
// one place (a rebuild applies them):
//
//	a variant file (YAML)            1 MiB   Variant
//	a Lua file: script, hook, bot    1 MiB   Lua
//	a saved game                    16 MiB   core.MaxSaveSize (ReadSave)
package files

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
)

// Limit is the most meldlab reads of one kind of file.
type Limit struct {
	Kind string // what the file is, for the error: "a variant file"
	Max  int64  // in bytes
}

// The limits of each kind of file meldlab reads.
var (
	Variant = Limit{"a variant file", 1 << 20}
	Lua     = Limit{"a Lua file", 1 << 20}
	Record  = Limit{"a game record", 16 << 20} // a save's cap: a record says no more than its save
)

// TooBigError is a file over its kind's limit.
type TooBigError struct {
	Name  string
	Limit Limit
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%s is over %s, the size limit of %s", e.Name, Size(e.Limit.Max), e.Limit.Kind)
}

// Read reads the file at path, refusing one over lim and anything but a
// regular file (see Open).
func Read(path string, lim Limit) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, path, lim)
}

// ReadRoot reads name inside root, refusing a file over lim and anything
// but a regular file (see Open).
func ReadRoot(root *os.Root, name string, lim Limit) ([]byte, error) {
	f, err := OpenRoot(root, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, name, lim)
}

// ReadFS reads name from fsys (an os.Root's FS confines it), refusing a
// file over lim and anything but a regular file. An fs.FS cannot open
// without blocking, so what name is is looked at before it is opened (a
// FIFO is never opened) and again after; ReadRoot needs no first look.
func ReadFS(fsys fs.FS, name string, lim Limit) ([]byte, error) {
	if fi, err := fs.Stat(fsys, name); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Name: name, Mode: fi.Mode()}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Name: name, Mode: fi.Mode()}
	}
	return ReadAll(f, name, lim)
}

// ReadAll reads r to its end, refusing more than lim's bytes; name is what
// the error calls it. It reads at most one byte past the limit, so an
// endless reader ends it at once.
func ReadAll(r io.Reader, name string, lim Limit) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, lim.Max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > lim.Max {
		return nil, &TooBigError{Name: name, Limit: lim}
	}
	return b, nil
}

// IsTooBig reports whether err is a file over its limit.
func IsTooBig(err error) bool {
	var e *TooBigError
	return errors.As(err, &e)
}

// Size writes a byte count as people read it: "1 MiB", "64 KiB", "100 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
