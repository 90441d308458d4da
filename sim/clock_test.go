package sim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
)

// --timeout-rate models timeouts under a chess clock too: a timed-out turn
// spends the player's bank and takes the penalty.
func TestTimeoutRateUnderAChessClock(t *testing.T) {
	for _, mode := range []core.ClockMode{core.Fischer, core.Bronstein} {
		t.Run(mode.String(), func(t *testing.T) {
			r := core.Original()
			r.Name = "house/chess-clock"
			r.TimeLimit.Mode, r.TimeLimit.Seconds, r.TimeLimit.Bank, r.TimeLimit.Increment = mode, 0, 600, 10
			c := quick(10)
			c.Bots = []string{"random"}
			c.Variants = []Variant{{Name: r.Name, Rules: r}}
			c.TimeoutRate = 0.2
			res, err := Run(context.Background(), c)
			require.NoError(t, err)
			v := res.Report().Variants[0]
			assert.InDelta(t, 0.2, v.Timeouts.Share.Value, 0.05, "about a fifth of turns time out")
			assert.Empty(t, res.Report().Setup.NoClock)
		})
	}
}
