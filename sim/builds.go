package sim

import (
	"slices"
	"strings"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/i18n/msg"
)

// MergeOptions are how MergeWith relaxes Merge.
type MergeOptions struct {
	// AllowBuild merges results of different builds, commits or
	// signatures; the merged result lists the builds (MixedBuilds) and its
	// report says so.
	AllowBuild bool
}

func (o MergeOptions) skip() map[string]bool {
	if !o.AllowBuild {
		return nil
	}
	return map[string]bool{"build": true, "commit": true, "signature": true}
}

// buildKeys are the keys compared between two setups, the program's first:
// by behaviour (the commit and the signature on the fixed bench) when
// either records a signature, else by build, as results did before.
func buildKeys(a, b *Setup) []string {
	if a.Signature != "" || b.Signature != "" {
		return append([]string{"commit", "signature"}, setupKeys...)
	}
	return append([]string{"build"}, setupKeys...)
}

// noteBuilds lists, in a merge that allowed other builds, the distinct
// builds merged when there are two or more.
func (r *Result) noteBuilds(o MergeOptions, results []*Result) {
	if !o.AllowBuild {
		return
	}
	var names []string
	for _, x := range results {
		name := x.Setup.Build
		if x.Setup.Commit != "" || x.Setup.Signature != "" {
			name += " [commit " + orDash(x.Setup.Commit) + ", signature " + orDash(x.Setup.Signature) + "]"
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) > 1 {
		r.MixedBuilds = names
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// writeMixedBuilds says that a merge took results of several builds.
func writeMixedBuilds(b *strings.Builder, builds []string, p *i18n.Printer) {
	if len(builds) > 1 {
		b.WriteString(wrapped(p.Message(msg.SimMixedBuilds(strings.Join(builds, "; "))), "", "    "))
	}
}
