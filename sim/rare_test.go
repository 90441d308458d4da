package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRarePowerWithheld: a share seen in fewer than RareEvents rounds under
// both variants says no detectable difference (its spread rests on a
// handful of rounds); with enough events, or for another metric, it does.
func TestRarePowerWithheld(t *testing.T) {
	rep := &Report{Variants: []VariantReport{{Name: "a", PoolEmpty: Proportion{K: 1}}, {Name: "b", PoolEmpty: Proportion{K: 2}}}}
	x := 0.03
	d := Diff{Metric: MetricPoolEmpty, Detectable: &x, DetectableHolm: &x}
	rep.rare("a", "b", &d)
	assert.Nil(t, d.DetectableHolm)
	assert.Equal(t, "too few events (3 under both) to say what it could detect", inEnglish(d.rare))

	rep.Variants[1].PoolEmpty.K = 9
	d = Diff{Metric: MetricPoolEmpty, Detectable: &x, DetectableHolm: &x}
	rep.rare("a", "b", &d)
	assert.NotNil(t, d.DetectableHolm, "10 events: enough")
	d = Diff{Metric: MetricTurns, Detectable: &x, DetectableHolm: &x}
	rep.rare("a", "b", &d)
	assert.NotNil(t, d.DetectableHolm, "not a rare share")
}
