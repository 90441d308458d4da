package variants

import "strings"

// Edition is the printed edition a variant is built on: the nearest of
// itself and the variants it extends that is a shipped edition (a file of
// variants/, not of variants/house/). What a variant is comes from where
// its file and its bases' files were read, not from its name: a file on
// disk that calls itself "original", or a house rule named without the
// house/ prefix, is built on the edition it extends. A variant whose
// chain holds no shipped edition is its own.
func (v *Variant) Edition() string {
	if v.shipped && !strings.HasPrefix(v.File, "house/") {
		return v.Rules.Name
	}
	for i, name := range v.Bases {
		if i < len(v.basesShipped) && v.basesShipped[i] && !strings.HasPrefix(name, "house/") {
			return name
		}
	}
	return v.Rules.Name
}
