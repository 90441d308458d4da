package variants_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/variants"
)

// A variant's edition comes from where its chain's files were read, not
// from its name (issue 21 item 5).
func TestEdition(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	tests := []struct{ variant, want string }{
		{"original", "original"},
		{"italian", "italian"},
		{"original-fr-xp", "original-fr-xp"},
		{"house/fifty", "original"},
		{"house/lock-all-open", "italian"},
		{write("grow.yaml", "name: grow\nextends: original\nopening:\n  points: 40\n"), "original"},
		{write("fake.yaml", "name: original\nextends: italian\nopening:\n  points: 40\n"), "italian"},
		{write("on-fifty.yaml", "name: my/sixty\nextends: house/fifty\nopening:\n  points: 60\n"), "original"},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.variant), func(t *testing.T) {
			v, err := variants.Resolve(tc.variant)
			require.NoError(t, err)
			assert.Equal(t, tc.want, v.Edition())
		})
	}
}
