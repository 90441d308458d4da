package command_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/core/coretest"
	"github.com/meldlab/meldlab/repl/command"
	"github.com/meldlab/meldlab/repl/stage"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func shipped(name string) bool { return name == "original" || name == "house/fifty" }

func decode(t *testing.T, js string) (command.Command, error) {
	t.Helper()
	var w command.Wire
	require.NoError(t, json.Unmarshal([]byte(js), &w), js)
	return command.Decode(w, core.StandardTiles, shipped)
}

func TestDecode(t *testing.T) {
	tests := []struct {
		js   string
		want command.Command
		line string // as the terminal writes it
	}{
		{`{"do":"put","tiles":["r7","J"],"to":{"set":3}}`, command.Put{Tiles: []core.Tile{coretest.Tile("r7"), core.Joker}, To: stage.Target{Set: 3}}, "put r7 J 3"},
		{`{"do":"put","tiles":["k10"]}`, command.Put{Tiles: []core.Tile{coretest.Tile("k10")}}, "put k10 new"},
		{`{"do":"move","refs":[{"set":2,"pos":1}],"to":{"set":1,"pos":2}}`, command.Move{Tiles: []stage.TileRef{{Set: 2, Pos: 1}}, To: stage.Target{Set: 1, Pos: 2}}, "move 2:1 1:2"},
		{`{"do":"take","refs":[{"set":1,"pos":3}]}`, command.Take{Tiles: []stage.TileRef{{Set: 1, Pos: 3}}}, "take 1:3"},
		{`{"do":"split","set":1,"pos":4}`, command.Split{Set: 1, Pos: 4}, "split 1 at 4"},
		{`{"do":"join","sets":[1,2]}`, command.Join{Sets: []int{1, 2}}, "join 1 2"},
		{`{"do":"done"}`, command.Done{}, "done"},
		{`{"do":"play","table":[["r3","r4","r5"]]}`, command.Play{Table: core.Table{{coretest.Tile("r3"), coretest.Tile("r4"), coretest.Tile("r5")}}}, "play [r3 r4 r5]"},
		{`{"do":"draw"}`, command.Draw{}, "draw"},
		{`{"do":"end"}`, command.End{}, "end"},
		{`{"do":"undo-edit"}`, command.UndoEdit{}, "undo edit"},
		{`{"do":"restart-turn"}`, command.RestartTurn{}, "reset"},
		{`{"do":"hint","step":true}`, command.Hint{Step: true}, "hint step"},
		{`{"do":"lesson","n":9}`, command.Lesson{N: 9}, "lesson 9"},
		{`{"do":"lesson","next":true}`, command.Lesson{Next: true}, "lesson next"},
		{`{"do":"review"}`, command.Review{}, "review"},
		{`{"do":"review","n":2}`, command.Review{N: 2}, "review 2"},
		{`{"do":"back"}`, command.Back{}, "back"},
		{`{"do":"new","variant":"house/fifty","players":2,"seed":7}`, command.NewGame{Variant: "house/fifty", Players: 2, Seed: 7, HasSeed: true}, "new house/fifty 2 7"},
		{`{"do":"next"}`, command.NextRound{}, "next"},
		{`{"do":"timer","on":true}`, command.Timer{On: true}, "timer on"},
		{`{"do":"tick"}`, command.Tick{}, "tick"},
	}
	for _, tc := range tests {
		c, err := decode(t, tc.js)
		require.NoError(t, err, tc.js)
		assert.Equal(t, tc.want, c, tc.js)
		assert.Equal(t, tc.line, c.String(), tc.js)
		back, err := command.Decode(command.Encode(c), core.StandardTiles, shipped)
		require.NoError(t, err, tc.js)
		assert.Equal(t, c, back, "encoded and decoded again: %s", tc.js)
	}
}

// TestDecodeRefuses: what a served session may not do has no command, so
// the decoder refuses it whatever its arguments.
func TestDecodeRefuses(t *testing.T) {
	for _, js := range []string{
		`{"do":"save"}`, `{"do":"load"}`, `{"do":"lua"}`, `{"do":"run"}`, `{"do":"setup"}`,
		`{"do":"undo"}`, `{"do":"quit"}`, `{"do":""}`, `{"do":"PUT"}`,
		`{"do":"new","variant":"../../etc/passwd.yaml"}`, `{"do":"new","variant":"mine.lua"}`,
		`{"do":"new","players":9}`, `{"do":"lesson","n":-1}`, `{"do":"review","n":-1}`,
	} {
		_, err := decode(t, js)
		assert.ErrorIs(t, err, command.ErrUnknown, js)
	}
	_, err := decode(t, `{"do":"put","tiles":["x9"]}`)
	var pe *core.ParseError
	assert.True(t, errors.As(err, &pe), "a bad tile: %v", err)
}

// TestEncode: a hint's steps go to the browser in the shape it sends
// (every command of TestDecode is encoded and decoded back there).
func TestEncode(t *testing.T) {
	b, err := json.Marshal(command.Put{Tiles: []core.Tile{coretest.Tile("o5")}, To: stage.Target{Set: 2}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"do":"put","tiles":["o5"],"to":{"set":2}}`, string(b))
	b, err = json.Marshal(command.Move{Tiles: []stage.TileRef{{Set: 1, Pos: 2}}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"do":"move","refs":[{"set":1,"pos":2}],"to":{"set":0}}`, string(b))
}

// FuzzDecode: whatever the browser sends, the decoder answers a command
// of the closed set or an error, never a panic, and a command it answers
// writes as the terminal would.
func FuzzDecode(f *testing.F) {
	for _, js := range []string{`{"do":"put","tiles":["r7"],"to":{"set":3}}`, `{"do":"move","refs":[{"set":1,"pos":2}]}`,
		`{"do":"new","variant":"original","players":3}`, `{"do":"lesson","n":9}`, `{"do":"lua"}`, `{"do":"play","table":[["J"]]}`} {
		f.Add([]byte(js))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var w command.Wire
		if json.Unmarshal(data, &w) != nil {
			return
		}
		c, err := command.Decode(w, core.StandardTiles, shipped)
		if err != nil {
			return
		}
		assert.NotEmpty(t, c.String())
	})
}
