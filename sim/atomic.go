package sim

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// AtomicFile is an output file that is either the old one or the new one,
// whole, whatever happens while it is written (an error, a kill -9, a power
// cut): the bytes go to a fresh temporary file in the target's own folder,
// created exclusively (never through a planted link), and only Commit,
// after flushing and syncing them, renames it over the target. Abort, or a
// process that dies first, leaves the target as it was.
type AtomicFile struct {
	path string
	f    *os.File
	w    *bufio.Writer
	done bool
}

// CreateAtomic starts writing path.
func CreateAtomic(path string) (*AtomicFile, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*") // O_EXCL: a fresh file, never a link
	if err != nil {
		return nil, err
	}
	return &AtomicFile{path: path, f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

func (a *AtomicFile) Write(p []byte) (int, error) { return a.w.Write(p) }

// Commit makes the new content the file's: flush, sync, close, rename, and
// sync the folder so that the rename itself survives a crash.
func (a *AtomicFile) Commit() error {
	if a.done {
		return errors.New("the file was already committed or aborted")
	}
	a.done = true
	err := a.w.Flush()
	if err == nil {
		err = a.f.Chmod(0o644) // CreateTemp makes it 0600; outputs are for sharing
	}
	if err == nil {
		err = a.f.Sync()
	}
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(a.f.Name(), a.path)
	}
	if err != nil {
		_ = os.Remove(a.f.Name()) // already failing: the first error says why
		return err
	}
	if d, err := os.Open(filepath.Dir(a.path)); err == nil {
		_ = d.Sync() // best effort: some file systems cannot sync a folder
		_ = d.Close()
	}
	return nil
}

// Abort drops the new content and leaves the target as it was; after
// Commit it does nothing, so it can be deferred.
func (a *AtomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	_ = a.f.Close()
	_ = os.Remove(a.f.Name())
}

// WriteFileAtomic writes path with write, as the old file or the new one,
// whole (see AtomicFile).
func WriteFileAtomic(path string, write func(w io.Writer) error) error {
	a, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	defer a.Abort()
	if err := write(a); err != nil {
		return err
	}
	return a.Commit()
}
