package scripts_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/scripts"
)

// TestDeclaredJokersInLua reads, checks and plays declared jokers from Lua:
// meld.check and meld.value read [o13 J=13 J=13] as the group, the plain
// set as the run, and a game keeps the declared group on its table.
func TestDeclaredJokersInLua(t *testing.T) {
	g, err := core.NewGame(core.Original(), []string{"ann", "bob"}, 7)
	require.NoError(t, err)
	var out bytes.Buffer
	s, err := scripts.NewSession(&out, func() *core.Game { return g }, scripts.Options{})
	require.NoError(t, err)
	defer s.Close()
	for _, tc := range []struct{ code, want string }{
		{`meld.check("[o13 J=13 J=13]")`, "true"},
		{`meld.value("[o13 J=13 J]"), meld.value("[o13 J J]")`, "39\t36"},
		{`meld.canonical("[J=13 o13 J]")`, "[o13 J=13 J=13]"},
		{`meld.check("[r5 r6 J=13]")`, "false\t[r5 r6 J=13] is not a group: J=13 declares a member of the group of 13s, and this set is no such group"},
	} {
		got, err := s.Eval(context.Background(), tc.code)
		require.NoError(t, err, tc.code)
		assert.Equal(t, tc.want, got, tc.code)
	}
	play := `local g = meld.game{seed = 1}
g:setup{racks = {"o13 J J k1 k2 k3 r9"}}
print(g:play("[k1 k2 k3] [o13 J=13 J]"))
print(g:table())`
	got, err := s.Eval(context.Background(), play)
	require.NoError(t, err)
	assert.Equal(t, "true\n[k1 k2 k3] [o13 J=13 J=13]\n", got+out.String())
}
