package core

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The rules' enumerations read and write as the YAML files spell them
// ("piles", "highest_tile", "zero"...), so saved games and JSON output use
// the same words as the variant files.

var (
	dealMethodNames   = []string{"draw", "piles"}
	firstPlayerNames  = []string{"highest_tile", "seat"}
	directionNames    = []string{"left", "right"}
	jokerValueNames   = []string{"represented", "zero"}
	losersScoreNames  = []string{"own", "difference"}
	matchWinnerNames  = []string{"most_rounds", "highest_total"}
	sourceNames       = []string{"rack", "table", "drawn"}
	lockEndsNames     = []string{"first_round", "all_opened", "turns"}
	poolPlayNames     = []string{"pass_round", "must_place", "score_now", "no_pass"}
	clockModeNames    = []string{"per_turn", "fischer", "bronstein", "delay"}
	wrapNames         = []string{"false", "true", "ace_high"}
	groupColorsNames  = []string{"distinct", "any"}
	manipulationNames = []string{"full", "add_only", "none"}
)

func (m Manipulation) MarshalText() ([]byte, error) { return enumText(manipulationNames, uint8(m)) }
func (m *Manipulation) UnmarshalText(b []byte) error {
	v, err := enumParse("table.manipulation", manipulationNames, b)
	*m = Manipulation(v)
	return err
}

func (g GroupColors) MarshalText() ([]byte, error) { return enumText(groupColorsNames, uint8(g)) }
func (g *GroupColors) UnmarshalText(b []byte) error {
	v, err := enumParse("sets.group_colors", groupColorsNames, b)
	*g = GroupColors(v)
	return err
}

// MarshalJSON writes false and true as booleans, as sets.wrap was written
// before ace_high, and ace_high as a word.
func (w WrapMode) MarshalJSON() ([]byte, error) {
	switch w {
	case NoWrap:
		return []byte("false"), nil
	case WrapRound:
		return []byte("true"), nil
	}
	b, err := enumText(wrapNames, uint8(w))
	if err != nil {
		return nil, err
	}
	return json.Marshal(string(b))
}

// UnmarshalJSON reads a boolean or one of the words.
func (w *WrapMode) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case bool:
		*w = NoWrap
		if v {
			*w = WrapRound
		}
		return nil
	case string:
		i, err := enumParse("sets.wrap", wrapNames, []byte(v))
		*w = WrapMode(i)
		return err
	}
	return fmt.Errorf("sets.wrap is %s; it must be one of %s", b, strings.Join(wrapNames, ", "))
}

func enumText(names []string, v uint8) ([]byte, error) {
	if int(v) >= len(names) {
		return nil, fmt.Errorf("value %d is not one of %s", v, strings.Join(names, ", "))
	}
	return []byte(names[v]), nil
}

func enumParse(what string, names []string, text []byte) (uint8, error) {
	for i, n := range names {
		if n == string(text) {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("%s %q: it must be one of %s", what, text, strings.Join(names, ", "))
}

func (m DealMethod) MarshalText() ([]byte, error) { return enumText(dealMethodNames, uint8(m)) }
func (m *DealMethod) UnmarshalText(b []byte) error {
	v, err := enumParse("deal method", dealMethodNames, b)
	*m = DealMethod(v)
	return err
}

func (f FirstPlayer) MarshalText() ([]byte, error) { return enumText(firstPlayerNames, uint8(f)) }
func (f *FirstPlayer) UnmarshalText(b []byte) error {
	v, err := enumParse("first_player", firstPlayerNames, b)
	*f = FirstPlayer(v)
	return err
}

func (d Direction) MarshalText() ([]byte, error) { return enumText(directionNames, uint8(d)) }
func (d *Direction) UnmarshalText(b []byte) error {
	v, err := enumParse("direction", directionNames, b)
	*d = Direction(v)
	return err
}

func (j JokerValue) MarshalText() ([]byte, error) { return enumText(jokerValueNames, uint8(j)) }
func (j *JokerValue) UnmarshalText(b []byte) error {
	v, err := enumParse("joker_value", jokerValueNames, b)
	*j = JokerValue(v)
	return err
}

func (l LockEnds) MarshalText() ([]byte, error) { return enumText(lockEndsNames, uint8(l)) }
func (l *LockEnds) UnmarshalText(b []byte) error {
	v, err := enumParse("lock_ends", lockEndsNames, b)
	*l = LockEnds(v)
	return err
}

func (l LosersScore) MarshalText() ([]byte, error) { return enumText(losersScoreNames, uint8(l)) }
func (l *LosersScore) UnmarshalText(b []byte) error {
	v, err := enumParse("losers_score", losersScoreNames, b)
	*l = LosersScore(v)
	return err
}

func (p PoolPlay) MarshalText() ([]byte, error) { return enumText(poolPlayNames, uint8(p)) }
func (p *PoolPlay) UnmarshalText(b []byte) error {
	v, err := enumParse("end_of_pool.play", poolPlayNames, b)
	*p = PoolPlay(v)
	return err
}

func (m MatchWinner) MarshalText() ([]byte, error) { return enumText(matchWinnerNames, uint8(m)) }
func (m *MatchWinner) UnmarshalText(b []byte) error {
	v, err := enumParse("match winner", matchWinnerNames, b)
	*m = MatchWinner(v)
	return err
}

// Names lists the sources in s, as replace_from spells them: ["rack", "table"].
func (s Source) Names() []string {
	out := []string{}
	for i, n := range sourceNames {
		if s&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// ParseSource reads one replace_from word.
func ParseSource(name string) (Source, error) {
	v, err := enumParse("replace_from", sourceNames, []byte(name))
	return Source(1) << v, err
}

func (s Source) String() string { return "[" + strings.Join(s.Names(), ", ") + "]" }

// MarshalJSON writes the sources as a list of words.
func (s Source) MarshalJSON() ([]byte, error) { return json.Marshal(s.Names()) }

// UnmarshalJSON reads a list of words.
func (s *Source) UnmarshalJSON(b []byte) error {
	var names []string
	if err := json.Unmarshal(b, &names); err != nil {
		return err
	}
	var out Source
	for _, n := range names {
		v, err := ParseSource(n)
		if err != nil {
			return err
		}
		out |= v
	}
	*s = out
	return nil
}

func (m ClockMode) MarshalText() ([]byte, error) { return enumText(clockModeNames, uint8(m)) }
func (m *ClockMode) UnmarshalText(b []byte) error {
	v, err := enumParse("time_limit mode", clockModeNames, b)
	*m = ClockMode(v)
	return err
}
