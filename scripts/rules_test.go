package scripts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/variants"
)

// TestRuleKeysMatchVariantFiles: the Lua tables use exactly the keys of the
// variant files.
func TestRuleKeysMatchVariantFiles(t *testing.T) {
	var ours []string
	for _, k := range ruleKeys {
		ours = append(ours, k.key)
	}
	assert.ElementsMatch(t, variants.Keys(), ours)
}

// TestRulesTableRoundTrip: every shipped variant, written as a Lua table
// and read back as changes, gives the same rules.
func TestRulesTableRoundTrip(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	for _, name := range variants.Names() {
		t.Run(name, func(t *testing.T) {
			want, err := variants.Load(name)
			require.NoError(t, err)
			got := core.Rules{Hooks: want.Hooks}
			require.NoError(t, applyOverrides(&got, rulesTable(L, &want)))
			assert.Equal(t, want, got)
		})
	}
}
