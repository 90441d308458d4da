package core

import "strconv"

// Parse reads a value of the key from text as a command line writes it
// ("14", "true", "left"), and checks it (Check): the one reading of a
// rule written as text, for the lab's sweeps and any other front that
// takes rules as words. Only keys of one value (a whole number, true or
// false, a word, text) are read; a list or a map is refused with what the
// key takes.
func (k *RuleKey) Parse(text string) (any, error) {
	var v any
	switch k.Type {
	case IntKey:
		n, err := strconv.Atoi(text)
		if err != nil {
			return nil, k.TypeError(strconv.Quote(text))
		}
		v = n
	case BoolKey:
		b, err := strconv.ParseBool(text)
		if err != nil || (text != "true" && text != "false") {
			return nil, k.TypeError(strconv.Quote(text))
		}
		v = b
	case WordKey, TextKey:
		v = text
		if b, err := strconv.ParseBool(text); k.BoolWords && err == nil && (text == "true" || text == "false") {
			v = k.Words[map[bool]int{false: 0, true: 1}[b]] // sets.wrap true, as a variant file may write it
		}
	default:
		return nil, k.TypeError(strconv.Quote(text))
	}
	if err := k.Check(v); err != nil {
		return nil, err
	}
	return v, nil
}
