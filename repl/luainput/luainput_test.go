package luainput

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/i18n"
	"github.com/meldlab/meldlab/repl/plugin"
)

// eval is a Lua host that knows one thing: a chunk is finished when its
// "do"s are closed by as many "end"s, and it returns the chunk's last line.
func eval(code string) (string, error) {
	if strings.Count(code, "do") > strings.Count(code, "end") {
		return "", plugin.ErrIncomplete
	}
	if strings.Contains(code, "error") {
		return "", errors.New("boom")
	}
	lines := strings.Split(code, "\n")
	return lines[len(lines)-1], nil
}

// Lines typed in Lua mode, as the REPL reads them: each line's prompt
// before it, what it prints, its error.
func TestLines(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []string // "prompt|printed|error" for each line
	}{
		{name: "a line is run", lines: []string{"return 1"},
			want: []string{"lua> |return 1\n|"}},
		{name: "a chunk waits for its end", lines: []string{"do", "x = 1", "end"},
			want: []string{"lua> ||", ">> ||", ">> |end\n|"}},
		{name: "a dot drops a waiting chunk", lines: []string{"do", ".", "return 2"},
			want: []string{"lua> ||", ">> ||the unfinished Lua is dropped", "lua> |return 2\n|"}},
		{name: "a dot leaves Lua mode", lines: []string{".", "x"},
			want: []string{"lua> ||", "> ||"}},
		{name: "a blank line runs nothing", lines: []string{"  "},
			want: []string{"lua> ||"}},
		{name: "an error is the line's", lines: []string{"error()"},
			want: []string{"lua> ||boom"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var in Input
			in.Begin()
			var got []string
			for _, line := range tc.lines {
				prompt := in.Prompt("> ")
				var out strings.Builder
				var err error
				if in.Active() {
					var code string
					code, err = in.Line(line)
					if err == nil {
						err = in.Eval(code, eval, &out)
					}
				}
				msg := ""
				if err != nil {
					msg = i18n.New(i18n.English).Error(err)
				}
				got = append(got, prompt+"|"+out.String()+"|"+msg)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// Ctrl-C drops the chunk and stays in Lua mode; Ctrl-D leaves it too.
func TestCancelAndLeave(t *testing.T) {
	var in Input
	assert.False(t, in.Active())
	assert.Equal(t, "> ", in.Prompt("> "))
	in.Begin()
	assert.NoError(t, in.Eval("do", eval, &strings.Builder{}))
	assert.Equal(t, ">> ", in.Prompt("> "))
	in.Cancel()
	assert.Equal(t, "lua> ", in.Prompt("> "))
	assert.NoError(t, in.Eval("do", eval, &strings.Builder{}))
	in.Leave()
	assert.False(t, in.Active())
}
