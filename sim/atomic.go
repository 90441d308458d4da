package sim

import (
	"io"

	"github.com/meldlab/meldlab/internal/files"
)

// AtomicFile is an output file that is either the old one or the new one,
// whole, whatever happens while it is written; a character device the user
// named (/dev/null, a terminal) is written in place, and a FIFO, a socket or
// a directory is refused. It is meldlab's one writer, files.AtomicFile.
type AtomicFile = files.AtomicFile

// CreateAtomic starts writing path (see AtomicFile); its folder must exist.
func CreateAtomic(path string) (*AtomicFile, error) { return files.Create(path, 0o644) }

// WriteFileAtomic writes path with write, as the old file or the new one,
// whole (see AtomicFile).
func WriteFileAtomic(path string, write func(w io.Writer) error) error {
	return files.WriteFile(path, 0o644, write)
}
