package sim

import (
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
)

// english is what the text report says, in English; translations:
// i18n/locales/sim.LANG.yaml. The JSON report keeps English for programs.
var english = map[string]string{
	"sim.header": "{{.Games}} games{{if .Partial}} of {{.Planned}}{{end}}, {{.Players}} players ({{.Bots}}), seed {{.Seed}}" +
		"{{if .Rounds}}, {{.Rounds}} rounds a game{{end}}{{if .Timeouts}}, {{.Timeouts}}% of turns time out{{end}}; 95% confidence intervals",
	"sim.no_clock":                   "No timeouts under {{.Variants}}: no time limit, so the timeout rate does nothing there.",
	"sim.warning":                    "Warning: {{.Text}}.",
	"sim.target.reached":             "Played until every interval of {{.Metric}} was at most {{.Width}} {{.Unit}} wide: {{.Games}} games (widest {{.Widest}}).",
	"sim.target.stopped":             "STOPPED at the most games allowed, {{.Games}}, before every interval of {{.Metric}} was {{.Width}} {{.Unit}} wide (widest {{.Widest}}).",
	"sim.widest":                     "{{.Value}} {{.Unit}}",
	"sim.widest.none":                "none yet",
	"sim.unit.turns":                 "turns",
	"sim.unit.points":                "points",
	"sim.unit.share":                 "percentage points",
	"sim.holm":                       "A difference is called clear after Holm's correction for all {{.Count}} comparisons (every pair, every metric); the intervals are uncorrected 95% intervals.",
	"sim.failed":                     "{{.Count}} games FAILED and are left out of every figure (replay one with its seed):",
	"sim.failed.more":                "and {{.Count}} more (see --json)",
	"sim.pair.same":                  "{{.B}} vs {{.A}} ({{.Games}} paired games: same seeds, same deals):",
	"sim.pair.mixed":                 "{{.B}} vs {{.A}} ({{.Games}} games on the same seeds; {{.Paired}}, so each difference also mixes in the luck of the deal):",
	"sim.paired.none":                "different deals",
	"sim.paired.some":                "same deals in {{.Same}} of {{.Games}} games",
	"sim.halve":                      "{{.Games}} games ({{.More}} more) would make these intervals half as wide",
	"sim.variant":                    "{{.Name}}: {{.Games}} games, {{.Rounds}} rounds{{if .Capped}} ({{.Capped}} STOPPED at the {{.Cap}}-turn cap and left out below){{end}}",
	"sim.label.seat":                 "seat {{.Seat}} ({{.Bot}})",
	"sim.label.order":                "{{.N}}{{if eq .N 1}}st{{else if eq .N 2}}nd{{else if eq .N 3}}rd{{else}}th{{end}} to play",
	"sim.row.turns":                  "turns per round",
	"sim.row.pool":                   "empty pool at the end",
	"sim.row.meld":                   "initial meld",
	"sim.row.never":                  "never opened",
	"sim.row.winner":                 "winner's score",
	"sim.row.joker":                  "joker left on a rack",
	"sim.row.seat":                   "wins by seat",
	"sim.row.order":                  "wins by turn order",
	"sim.row.bot":                    "wins by bot (a seat)",
	"sim.row.matches":                "matches won by seat",
	"sim.row.play":                   "turns",
	"sim.val.turns":                  "mean {{.Mean}}, median {{.Median}}",
	"sim.val.pool":                   "{{.Empty}} of rounds; nobody went out in {{.Blocked}}",
	"sim.val.meld":                   "on turn {{.All}}; by those who made it {{.Openers}}",
	"sim.val.never":                  "{{.Share}} of players (counted at the round's last turn above)",
	"sim.val.winner":                 "mean {{.Mean}}",
	"sim.val.joker":                  "{{.Share}} of rounds",
	"sim.val.play":                   "{{.Turns}} turns; {{.Timeouts}} timed out, {{.Penalties}} lost by bots to penalties{{if .Shared}}; {{.Shared}} rounds shared{{end}}{{if .Solves}}; {{.Solves}} solver searches, {{.CutShort}} cut short by the node budget, {{.TimedOut}} by the deadline{{end}}",
	"sim.metric.turns":               "round length",
	"sim.metric.pool_empty":          "rounds ending with an empty pool",
	"sim.metric.meld_turn":           "the turn of the initial meld",
	"sim.metric.winner_score":        "the winner's score",
	"sim.metric.joker_left":          "jokers left on a rack",
	"sim.metric.first_player_wins":   "the first player's win rate",
	"sim.sum.none":                   "{{.B}}: {{.Metric}}: no games to compare",
	"sim.sum.few":                    "{{.B}}: {{.Metric}}: too few games for an interval (difference {{.Diff}})",
	"sim.sum.unclear":                "{{.B}}: no clear difference in {{.Metric}} from {{.A}} ({{.Diff}}, 95% CI {{.Low}} to {{.High}})",
	"sim.sum.unclear_holm":           "{{.B}}: no clear difference in {{.Metric}} from {{.A}} once corrected for {{.M}} comparisons ({{.Diff}}, 95% CI {{.Low}} to {{.High}}; Holm p = {{.P}})",
	"sim.sum.turns.more":             "{{.B}}: rounds {{.N}} turns longer than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.turns.less":             "{{.B}}: rounds {{.N}} turns shorter than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.pool_empty.more":        "{{.B}}: {{.N}} percentage points more rounds end with an empty pool than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.pool_empty.less":        "{{.B}}: {{.N}} percentage points fewer rounds end with an empty pool than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.meld_turn.more":         "{{.B}}: initial melds come {{.N}} turns later than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.meld_turn.less":         "{{.B}}: initial melds come {{.N}} turns earlier than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.winner_score.more":      "{{.B}}: winners score {{.N}} points more than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.winner_score.less":      "{{.B}}: winners score {{.N}} points less than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.joker_left.more":        "{{.B}}: {{.N}} percentage points more rounds leave a joker on a rack than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.joker_left.less":        "{{.B}}: {{.N}} percentage points fewer rounds leave a joker on a rack than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.first_player_wins.more": "{{.B}}: the first to play wins {{.N}} percentage points more often than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.sum.first_player_wins.less": "{{.B}}: the first to play wins {{.N}} percentage points less often than under {{.A}} (95% CI {{.Low}}-{{.High}})",
	"sim.warn.mixed":                 "{{.B}} is built on {{.BaseB}} and {{.A}} on {{.BaseA}}: their comparison mixes {{.Count}} rule changes, not one{{if .Changes}}: {{.Changes}}{{end}}",
	"sim.warn.cut":                   "{{.Name}}: the bots' searches were cut short in {{.Share}}% of {{.Solves}} searches ({{.Budget}} by the node budget, {{.Deadline}} by the deadline): their play there is weaker than their best, and a difference may come from that",
	"sim.warn.same":                  "{{.B}} played the very same games as {{.A}}: the rule change made no difference in these {{.Games}} games",
}

func init() { i18n.AddEnglish(english) }

// inEnglish says m in English, for the JSON report.
func inEnglish(m core.Message) string { return i18n.New(i18n.English).Message(m) }
