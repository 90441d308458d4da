package files

import (
	"errors"
	"os"

	"github.com/meldlab/meldlab/internal/fileio"
)

// NotRegularError is a path that names something other than a regular
// file (see internal/fileio, whose rules these are). meldlab reads regular
// files only.
type NotRegularError = fileio.NotRegularError

// KindOf names the kind of file a mode says, for errors: "a directory",
// "a named pipe (FIFO)".
var KindOf = fileio.KindOf

// IsNotRegular reports whether err is a path that is not a regular file.
func IsNotRegular(err error) bool {
	var e *NotRegularError
	return errors.As(err, &e)
}

// Open opens path for reading, and only if it is a regular file. It opens
// without blocking (O_NONBLOCK, so a FIFO with no writer does not hang the
// open), then looks at what it opened: checking before opening would race
// with a file swapped in between.
func Open(path string) (*os.File, error) { return fileio.Open(path) }

// OpenRoot is Open for name inside root (which keeps it, and the links it
// follows, inside root's directory).
func OpenRoot(root *os.Root, name string) (*os.File, error) { return fileio.OpenRoot(root, name) }
