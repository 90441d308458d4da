package solve_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core/solve"
	"github.com/meldlab/meldlab/variants"
)

// Every shape of every printed edition's box is in printed_tables.go, so
// that no edition's first problems wait for their tables (an edition with
// a new box fails here until printedShapes includes it); a house rule that
// changes the box, as wrap does, has its tables built.
func TestPrintedShapesCoverTheEditions(t *testing.T) {
	t.Parallel()
	editions := 0
	for _, name := range variants.Names() {
		if strings.HasPrefix(name, "house/") {
			continue
		}
		rules, err := variants.Load(name)
		require.NoError(t, err, name)
		assert.Empty(t, solve.PrintedMissing(rules), name)
		editions++
	}
	assert.GreaterOrEqual(t, editions, 4, "the printed editions")
	wrap, err := variants.Load("house/wrap")
	require.NoError(t, err)
	assert.NotEmpty(t, solve.PrintedMissing(wrap), "house/wrap's box")
}
