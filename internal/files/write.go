package files

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/meldlab/meldlab/internal/fileio"
)

// AtomicFile is an output file that is either the old one or the new one,
// whole, whatever happens while it is written (an error, a kill -9, a power
// cut): the bytes go to a fresh temporary file in the target's own folder,
// created exclusively (never through a planted link), and only Commit,
// after flushing and syncing them, renames it over the target. Abort, or a
// process that dies first, leaves the target as it was.
//
// Only a regular file (or nothing) is replaced, and a symbolic link that
// leads to one (the link is replaced, its target untouched). A character
// device the user named (/dev/null, a terminal, /dev/stdout) is written in
// place: renaming over it replaced the machine's /dev/null when meldlab ran
// as root. A FIFO, a socket, a block device or a directory is refused.
type AtomicFile struct {
	path    string
	perm    os.FileMode
	f       *os.File
	w       *bufio.Writer
	inPlace bool // a character device, written as it is
	done    bool
}

// TargetError is an output path that is not a file meldlab may replace or
// write: a FIFO, a socket, a block device, a directory.
type TargetError = fileio.TargetError

// Target says how path may be written: replaced (it is a regular file, a
// link to one, or missing) or written in place (a character device, or a
// link to one); any other kind of file is a *TargetError.
func Target(path string) (inPlace bool, err error) { return fileio.Target(path) }

// Create starts writing path, with the permissions perm once committed. Its
// folder must exist.
func Create(path string, perm os.FileMode) (*AtomicFile, error) {
	inPlace, err := Target(path)
	if err != nil {
		return nil, err
	}
	if inPlace {
		f, err := fileio.OpenInPlace(path)
		if err != nil {
			return nil, err
		}
		return &AtomicFile{path: path, f: f, w: bufio.NewWriterSize(f, 64<<10), inPlace: true}, nil
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if base == "" {
		return nil, errors.New("that is a directory, not a file name")
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp") // O_EXCL: a fresh file, never a link
	if err != nil {
		return nil, err
	}
	return &AtomicFile{path: path, perm: perm, f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

func (a *AtomicFile) Write(p []byte) (int, error) { return a.w.Write(p) }

// Commit makes the new content the file's: flush, sync, close, rename, and
// sync the folder so that the rename itself survives a crash. A device
// written in place is flushed and closed.
func (a *AtomicFile) Commit() error {
	if a.done {
		return errors.New("the file was already committed or aborted")
	}
	a.done = true
	err := a.w.Flush()
	if a.inPlace {
		if cerr := a.f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	if err == nil {
		err = a.f.Chmod(a.perm) // CreateTemp makes it 0600
	}
	if err == nil {
		err = a.f.Sync()
	}
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// Looked at again: what is there now is what the rename replaces.
		if inPlace, terr := Target(a.path); terr != nil {
			err = terr
		} else if inPlace {
			err = &TargetError{Path: a.path, Mode: fs.ModeCharDevice}
		}
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
// Commit it does nothing, so it can be deferred. (What was written to a
// device in place is written.)
func (a *AtomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	_ = a.f.Close()
	if !a.inPlace {
		_ = os.Remove(a.f.Name())
	}
}

// WriteFile writes path with write, as the old file or the new one, whole
// (see AtomicFile); its folder must exist.
func WriteFile(path string, perm os.FileMode, write func(w io.Writer) error) error {
	a, err := Create(path, perm)
	if err != nil {
		return err
	}
	defer a.Abort()
	if err := write(a); err != nil {
		return err
	}
	return a.Commit()
}

// WriteAtomic is WriteFile with the folder made if missing.
func WriteAtomic(path string, perm os.FileMode, write func(w io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return WriteFile(path, perm, write)
}
