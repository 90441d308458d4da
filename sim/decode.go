package sim

import (
	"encoding/json"
	"fmt"
	"math/big"
)

// MaxSumDigits bounds each exact sum of a result file (PairedSums.Sum and
// SumSq), in characters. A real sum's denominator is a least common
// multiple of per-game denominators: a few digits for one round, some
// thousands for many rounds of many players.
const MaxSumDigits = 100_000

// UnmarshalJSON reads the sums as bounded strings first, and only then as
// rationals: a whole number or a fraction of two, as Rat.MarshalText
// writes them. big.Rat would expand an exponent ("1e1000000") into a
// million digits before any check could refuse it.
func (m *PairedSums) UnmarshalJSON(b []byte) error {
	type plain PairedSums // the same fields, without this method
	aux := struct {
		*plain
		Sum   boundedText `json:"sum"`
		SumSq boundedText `json:"sum_sq"`
	}{plain: (*plain)(m), Sum: boundedText{name: "sum"}, SumSq: boundedText{name: "sum_sq"}}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	var err error
	if m.Sum, err = aux.Sum.rat(m.Metric); err != nil {
		return err
	}
	m.SumSq, err = aux.SumSq.rat(m.Metric)
	return err
}

// boundedText is a JSON string of at most MaxSumDigits characters.
type boundedText struct {
	name string
	text *string // nil: absent or null
}

func (t *boundedText) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) > MaxSumDigits+2 { // the quotes; escapes only make it longer
		return fmt.Errorf("%s: longer than %d characters", t.name, MaxSumDigits)
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("%s: %.20s is not a string", t.name, b)
	}
	t.text = &s
	return nil
}

// rat is the text as a rational, nil if absent: only "-?[0-9]+(/[0-9]+)?".
func (t *boundedText) rat(metric string) (*big.Rat, error) {
	if t.text == nil {
		return nil, nil // Validate names the missing sum
	}
	s := *t.text
	if !isFraction(s) {
		return nil, fmt.Errorf("metric %s: %s %q is not a whole number or a fraction of two, as -3/4", metric, t.name, short(s))
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, fmt.Errorf("metric %s: %s %q divides by zero", metric, t.name, short(s))
	}
	return r, nil
}

// isFraction reports whether s is -?digits or -?digits/digits.
func isFraction(s string) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	digits, slash := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '/' && !slash && digits > 0:
			slash, digits = true, 0
		default:
			return false
		}
	}
	return digits > 0
}

// short is s cut to 40 characters, for an error message.
func short(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
