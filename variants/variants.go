// Package variants reads the YAML variant files: one per printed edition,
// embedded in the binary, plus house rules and any file a user names.
package variants

import (
	"fmt"

	"github.com/meldlab/meldlab/core"
)

// Load resolves a variant by shipped name ("original", "house/fifty") or by
// path to a YAML file, and returns its rules.
//
// Until the YAML loader lands, only "original" (and "") is known.
func Load(nameOrPath string) (core.Rules, error) {
	switch nameOrPath {
	case "", "original":
		return core.Original(), nil
	}
	return core.Rules{}, fmt.Errorf("unknown variant %q", nameOrPath)
}
