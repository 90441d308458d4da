package record_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/record"
)

// A record goes .mgn → JSON Lines → .mgn byte for byte, and its JSON Lines
// back to the same JSON Lines, over seeded games of every seat's view and of
// one seat's (with its setups), annotated with marks, a comment and a
// variation; the JSON Lines twin replays into the same game.
func TestJSONLRoundTrip(t *testing.T) {
	resolve := resolver(t)
	for _, tc := range []struct {
		variant string
		players int
		n       int
	}{
		{"original", 4, 6}, {"italian", 3, 4}, {"novelty", 2, 4}, {"xp", 5, 2},
		{"house/joker-grows", 4, 3}, {"house/chess-clock", 2, 3},
	} {
		for i := range tc.n {
			seed := uint64(1000*i + tc.players)
			t.Run(fmt.Sprintf("%s/%d", tc.variant, seed), func(t *testing.T) {
				g := played(t, resolve, tc.variant, tc.players, seed, 1+i%3)
				base, err := resolve(tc.variant)
				require.NoError(t, err)
				notes := map[int]record.Note{1: {Marks: []string{"?"}, Comment: "a {braced} note", Alt: "draw"}}
				for _, view := range []int{-1, i % tc.players} {
					text := record.Write(g, record.Options{View: view, Event: "test", Variant: &base.Rules, Notes: notes})
					rec, err := record.Parse("g.mgn", text)
					require.NoError(t, err, "%s", text)
					assert.Equal(t, string(text), string(record.Format(rec)), "Format(Parse(Write))")

					lines := record.WriteJSONL(rec)
					twin, err := record.ParseJSONL("g.jsonl", lines)
					require.NoError(t, err, "%s", lines)
					assert.Equal(t, string(text), string(record.Format(twin)), ".mgn → .jsonl → .mgn")
					assert.Equal(t, string(lines), string(record.WriteJSONL(twin)), ".jsonl → .jsonl")
					if view < 0 {
						back, err := twin.Game(resolve)
						require.NoError(t, err)
						back.Rules.Name = g.Rules.Name
						assert.Equal(t, string(saved(t, g)), string(saved(t, back)), "the save")
					}
				}
			})
		}
	}
}

// Each line that is not an event is reported at its line; a wrong tile at
// its column in the line, as the referee reads it.
func TestParseJSONLErrors(t *testing.T) {
	head := `{"type":"tag","name":"Variant","value":"original"}` + "\n" +
		`{"type":"tag","name":"Seed","value":"7"}` + "\n" +
		`{"type":"tag","name":"Seats","value":"Ana, Bob"}` + "\n"
	for _, tc := range []struct {
		name, lines, want string
	}{
		{"not json", "{nope\n", "g.jsonl:4:1: this line is not an event of a record's JSON Lines: invalid character 'n' looking for beginning of object key string"},
		{"two objects", `{"type":"round","round":2} {}` + "\n", "g.jsonl:4:1: one event a line: this line holds more than one JSON value"},
		{"unknown field", `{"type":"draw","turn":1,"seat":"Ana","tile":"r5"}` + "\n", `g.jsonl:4:1: this line is not an event of a record's JSON Lines: json: unknown field "tile"`},
		{"unknown type", `{"type":"discard","turn":1,"seat":"Ana"}` + "\n", `g.jsonl:4:1: "discard" is not a type of event: tag, play, draw, pass, timeout, end, refused, round or setup`},
		{"tag after moves", `{"type":"draw","turn":1,"seat":"Ana"}` + "\n" + `{"type":"tag","name":"Event","value":"x"}` + "\n", "g.jsonl:5:1: a tag after the moves: the tags come first"},
		{"tag twice", `{"type":"tag","name":"Seed","value":"8"}` + "\n", "g.jsonl:4:1: the tag Seed appears twice"},
		{"no seat", `{"type":"pass","turn":1}` + "\n", `g.jsonl:4:1: the move names no seat: "3. Ana: ..."`},
		{"no table", `{"type":"play","turn":1,"seat":"Ana","tiles":"r5"}` + "\n", `g.jsonl:4:1: a play is written "TILES => TABLE": the tiles placed, then the whole table after`},
		{"bad mark", `{"type":"pass","turn":1,"seat":"Ana","marks":["?!?"]}` + "\n", `g.jsonl:4:1: "?!?" is not a move: a move is a play (TILES => TABLE), draw, pass, timeout, end or refused`},
		{"line break", `{"type":"draw","turn":1,"seat":"Ana\nBob"}` + "\n", "g.jsonl:4:1: a value of this line holds a line break: each is written on one line of a record"},
		{"too big", strings.Repeat(" ", record.MaxSize), fmt.Sprintf("g.jsonl: the record is over %d bytes, the size limit of a record", record.MaxSize)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := head + tc.lines
			if tc.name == "too big" {
				data = tc.lines + "\n"
			}
			_, err := record.ParseJSONL("g.jsonl", []byte(data))
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

// The referee's refusal on replay points into the line, at the tile.
func TestJSONLReplayErrorAtTile(t *testing.T) {
	lines := `{"type":"tag","name":"Variant","value":"original"}` + "\n" +
		`{"type":"tag","name":"Seed","value":"7"}` + "\n" +
		`{"type":"tag","name":"Seats","value":"Ana, Bob"}` + "\n" +
		`{"type":"play","turn":1,"seat":"Ana","tiles":"r5 x9","table":"[r5 r6 r7]"}` + "\n"
	rec, err := record.ParseJSONL("g.jsonl", []byte(lines))
	require.NoError(t, err)
	_, err = rec.Game(resolver(t))
	require.Error(t, err)
	col := strings.Index(strings.Split(lines, "\n")[3], "x9") + 1
	assert.Contains(t, err.Error(), fmt.Sprintf("g.jsonl:4:%d:", col))
}

// The JSON Lines reader never panics, whatever it is given; what it reads
// without an error it writes back as lines it reads again to the same
// lines.
func FuzzParseJSONL(f *testing.F) {
	f.Add([]byte(`{"type":"tag","name":"Seats","value":"Ana, Bob"}` + "\n" +
		`{"type":"setup","setup":{"racks":[{"seat":"Ana","tiles":"r1"},{"seat":"Bob","hidden":3}],"table":"-","pool":5,"current":"Ana"}}` + "\n" +
		`{"type":"draw","turn":1,"seat":"Ana","used":12,"marks":["?"],"comment":"hm","variations":[[{"type":"pass","turn":1,"seat":"Ana"}]]}` + "\n"))
	f.Add([]byte(`{"type":"round","round":0}` + "\n" + `{"type":"play","turn":2,"more":true,"seat":"Bob","tiles":"J=13","table":"[o13 J=13 J=13]"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := record.ParseJSONL("f.jsonl", data)
		if rec == nil {
			t.Fatal("no record")
		}
		if err == nil {
			once := record.WriteJSONL(rec)
			again, err := record.ParseJSONL("g.jsonl", once)
			if err != nil {
				t.Fatalf("%s: %v", once, err)
			}
			if twice := record.WriteJSONL(again); string(twice) != string(once) {
				t.Fatalf("%s\nthen\n%s", once, twice)
			}
		}
		_ = record.Format(rec)
		_ = record.WriteJSONL(rec)
		_ = rec.Check(func(string) (record.Variant, error) { return record.Variant{Rules: core.Original()}, nil })
	})
}
