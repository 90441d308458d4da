package sim

import (
	"github.com/meldlab/meldlab/i18n/msg"
)

// RareEvents is the fewest events (rounds ending with an empty pool, or
// with a joker left, under both variants together) from which a pair says
// what it could detect in that share: below, the spread behind the figure
// rests on a handful of rounds, and the figure would mislead.
const RareEvents = 10

// rare withholds the power figures of a share metric whose events, under
// both variants of the pair, number fewer than RareEvents, and says so.
func (rep *Report) rare(a, b string, d *Diff) {
	var events int64
	found := 0
	for i := range rep.Variants {
		v := &rep.Variants[i]
		if v.Name != a && v.Name != b {
			continue
		}
		switch d.Metric {
		case MetricPoolEmpty:
			events += v.PoolEmpty.K
		case MetricJokerLeft:
			events += v.JokerLeft.K
		default:
			return
		}
		found++
	}
	if found != 2 || events >= RareEvents || events == 0 || d.Detectable == nil {
		return
	}
	d.Detectable, d.DetectableHolm = nil, nil
	d.rare = msg.SimPowerRare(events)
}
