package sim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMergeByBehaviour: results that record a commit and a bench
// signature merge when those agree, whatever their builds (two builds of
// one source); a shard of another commit is refused unless AllowBuild, and
// the merge then lists the builds and its report says so.
func TestMergeByBehaviour(t *testing.T) {
	c := quick(4)
	c.Bots = []string{"random"}
	c.Commit, c.Signature = "1a2b3c", "00ff00ff00ff00ff"
	shard := func(i int, build, commit string) *Result {
		c.Build, c.Commit, c.Shard = build, commit, Shard{Index: i, Count: 2}
		r, err := Run(context.Background(), c)
		require.NoError(t, err)
		return r
	}
	a := shard(1, "meldlab (devel), executable sha256 aaaaaaaaaaaa", "1a2b3c")
	b := shard(2, "meldlab (devel), executable sha256 bbbbbbbbbbbb", "1a2b3c")
	_, err := Merge(a, b)
	require.NoError(t, err, "two builds of one commit that play alike")

	other := shard(2, "meldlab (devel), executable sha256 cccccccccccc", "4d5e6f")
	_, err = Merge(a, other)
	assert.EqualError(t, err, `result 2: another experiment: its commit is "4d5e6f", not "1a2b3c"`)
	m, err := MergeWith(MergeOptions{AllowBuild: true}, a, other)
	require.NoError(t, err)
	assert.Len(t, m.MixedBuilds, 2)
	text := reportText(t, m)
	assert.Contains(t, text, "MERGED ACROSS BUILDS (--allow-build): meldlab (devel), executable sha256 aaaaaaaaaaaa "+
		"[commit 1a2b3c, signature 00ff00ff00ff00ff]; meldlab (devel), executable sha256 cccccccccccc [commit 4d5e6f, "+
		"signature 00ff00ff00ff00ff]; the games of one may differ from those of another\n")
}
