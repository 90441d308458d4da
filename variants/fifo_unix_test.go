//go:build unix

package variants_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/variants"
)

// A variant, a base it extends or its hooks may be a FIFO: each is refused
// at once (a blocking open waited forever for a writer). The guard fails the
// test rather than hang it; the test asserts on the errors, not on time.
func TestVariantFIFOsAreRefused(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo.yaml"), 0o644))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo.lua"), 0o644))
	p := filepath.Join(dir, "x.yaml")
	for _, tc := range []struct {
		name, text, path, err string
		within                bool
	}{
		{"the variant", "", filepath.Join(dir, "fifo.yaml"), "cannot read " + filepath.Join(dir, "fifo.yaml") + ": a named pipe (FIFO), not a regular file", false},
		{"the variant, fenced", "", filepath.Join(dir, "fifo.yaml"), "cannot read " + filepath.Join(dir, "fifo.yaml") + ": a named pipe (FIFO), not a regular file", true},
		{"extends", "name: x\nextends: fifo.yaml\n", p,
			p + ":2:10: extends: cannot read " + filepath.Join(dir, "fifo.yaml") + ": a named pipe (FIFO), not a regular file", false},
		{"extends, fenced", "name: x\nextends: fifo.yaml\n", p,
			p + ":2:10: extends: cannot read " + filepath.Join(dir, "fifo.yaml") + ": a named pipe (FIFO), not a regular file", true},
		{"hooks", "name: x\nextends: original\nhooks: fifo.lua\n", p,
			p + ":3:8: hooks: cannot read " + filepath.Join(dir, "fifo.lua") + ": a named pipe (FIFO), not a regular file", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.text != "" {
				require.NoError(t, os.WriteFile(p, []byte(tc.text), 0o644))
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				var err error
				if tc.within {
					_, err = variants.ResolveWithin(dir, tc.path)
				} else {
					_, err = variants.Resolve(tc.path)
				}
				done <- err
			}()
			select {
			case err := <-done:
				require.Error(t, err)
				assert.Equal(t, tc.err, firstLine(err.Error()))
			case <-ctx.Done():
				t.Fatal("the loader blocked on a FIFO")
			}
		})
	}
}
