package core

import "errors"

// MaxTurns is the most turns a round may have. A round ends when a player
// goes out or when the pool is empty and every player in a row has passed;
// under some rules (draw.tiles: 0, where nobody ever draws) neither may
// happen, and a script or a bot could then make a round, and its history,
// as long as it liked. Past MaxTurns every turn action (Play, Draw,
// EndTurn, Timeout) is refused with ErrTurnLimit. Real rounds end within a
// few hundred turns; the simulation lab stops its rounds far sooner (its
// TurnCap).
const MaxTurns = 10_000

// ErrTurnLimit refuses a turn action in a round that has reached MaxTurns.
var ErrTurnLimit = errors.New("the round has reached its turn limit")

// turnLimit refuses a turn action once the round has had MaxTurns turns.
func (g *Game) turnLimit() error {
	if g.s.turn < MaxTurns {
		return nil
	}
	return g.Rules.refusal(ErrTurnLimit, 0, MsgRuleTurnLimit(g.s.round, MaxTurns))
}

// HistoryLen is the number of actions History would return.
func (g *Game) HistoryLen() int { return len(g.history) }

// HistoryRange is History's actions from index from to to (0-based, to
// excluded; both clamped to the history), copied: a page of a long
// history without copying all of it.
func (g *Game) HistoryRange(from, to int) []Action {
	from, to = max(from, 0), min(to, len(g.history))
	if from >= to {
		return nil
	}
	out := make([]Action, to-from)
	for i := range out {
		out[i] = g.history[from+i].clone()
	}
	return out
}
