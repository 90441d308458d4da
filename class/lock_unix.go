//go:build unix

package class

import (
	"os"
	"path/filepath"
	"syscall"
)

// lockDir takes the class directory's lock (an flock on DIR/serve.lock,
// which the system drops if the process dies): only one server or reset
// at a time.
func lockDir(dir string) (func(), error) {
	f, err := os.OpenFile(filepath.Join(dir, "serve.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
