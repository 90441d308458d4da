package files

import (
	"io"
	"os"
	"path/filepath"
)

// WriteAtomic replaces the file at path with what write writes, through a
// new temporary file of its own directory that is renamed over path: a
// reader sees the old file or the new one, never half of it, and a link an
// attacker left at a fixed temporary name is never followed (the name is
// random and created exclusively). The directory is made if missing.
func WriteAtomic(path string, perm os.FileMode, write func(w io.Writer) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // gone after the rename; the leftover after a failure
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
