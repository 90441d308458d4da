package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
)

// Equal is the same sets in the same order, each of the same tiles in the
// same order: what comparing the tables' notation says.
func TestTableEqual(t *testing.T) {
	tables := []string{"", "[r3 r4 r5]", "[r5 r4 r3]", "[r3 r4 r5] [k7 b7 o7]", "[k7 b7 o7] [r3 r4 r5]",
		"[r3 r4] [r5 k7 b7 o7]", "[r3 r4 r5 k7 b7 o7]", "[r3 r4 r5] [k7 b7 J]"}
	for _, a := range tables {
		for _, b := range tables {
			ta, tb := coretest.Table(a), coretest.Table(b)
			assert.Equal(t, ta.String() == tb.String(), ta.Equal(tb), "%q %q", a, b)
		}
	}
	assert.True(t, core.Table(nil).Equal(core.Table{}), "no sets either way")
}
