package core_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

func TestRulesJSONUsesTheVariantFileWords(t *testing.T) {
	r := core.Original()
	r.Deal = core.Deal{Method: core.DealPiles, Piles: []int{7, 8}, Take: 2}
	r.Joker.ReplaceFrom = core.FromRack | core.FromDrawn
	r.Opening.JokerValue = core.Zero
	b, err := json.Marshal(r)
	require.NoError(t, err)
	text := string(b)
	for _, want := range []string{`"method":"piles"`, `"first_player":"highest_tile"`, `"direction":"left"`,
		`"joker_value":"zero"`, `"replace_from":["rack","drawn"]`, `"losers_score":"difference"`,
		`"winner":"most_rounds"`, `"min_run":3`, `"colors":4`} {
		assert.Contains(t, text, want)
	}
	var back core.Rules
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, r, back)

	err = json.Unmarshal([]byte(`{"opening":{"joker_value":"half"}}`), &back)
	assert.EqualError(t, err, `joker_value "half": it must be one of represented, zero`)
	err = json.Unmarshal([]byte(`{"joker":{"replace_from":["pocket"]}}`), &back)
	assert.EqualError(t, err, `replace_from "pocket": it must be one of rack, table, drawn`)
}

func TestRulesWords(t *testing.T) {
	assert.Equal(t, "piles", core.DealPiles.String())
	assert.Equal(t, "highest_total", core.HighestTotal.String())
	assert.Equal(t, "[rack, table]", (core.FromRack | core.FromTable).String())
	assert.Equal(t, "", core.DealMethod(9).String(), "an out-of-range value has no word")
	s := core.Original().SetRules()
	assert.Equal(t, core.StandardSets, s)
}
