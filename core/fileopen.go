package core

import (
	"os"

	"github.com/meldlab/meldlab/core/fileio"
)

// A save is read from, and written to, regular files only, by the rules
// core/fileio keeps for the whole program.

// writeInPlace writes data to the character device at path (see
// fileio.Target).
func writeInPlace(path string, data []byte) error {
	f, err := fileio.OpenInPlace(path)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// openRegular opens path for reading, and only if it is a regular file.
func openRegular(path string) (*os.File, error) { return fileio.Open(path) }
