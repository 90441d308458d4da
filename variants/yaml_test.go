package variants

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resolveYAML resolves the variant file text (as v.yaml in a folder of its
// own) and checks the error it gives against wantErr, the whole text, or
// that it gives none; ok reports a variant to look at.
func resolveYAML(t *testing.T, text, wantErr string) (v *Variant, ok bool) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "v.yaml"), []byte(text), 0o644))
	t.Chdir(dir)
	v, err := Resolve("v.yaml")
	if wantErr != "" {
		require.Error(t, err)
		assert.Equal(t, wantErr, err.Error())
		return nil, false
	}
	require.NoError(t, err)
	return v, true
}
