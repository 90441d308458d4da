package core_test

import (
	"fmt"
	"strings"
	"testing"
	"text/template"

	"github.com/stretchr/testify/assert"

	"github.com/meldlab/meldlab/core"
)

// Every English template parses, so no message says only its id.
func TestEnglishTemplates(t *testing.T) {
	for id, src := range core.English() {
		_, err := template.New(id).Option("missingkey=error").Parse(src)
		assert.NoError(t, err, id)
	}
}

func ExampleMessage() {
	m := core.MsgSetRunColour(core.NewTile(core.Blue, 5), core.Blue, core.Red)
	fmt.Println(m)
	// Output:
	// b5 is blue, the run is red
}

// String says what text/template said of the English template, with nested
// messages and lists said in English first, for every one of core's
// messages and a few sets of arguments; where the template fails, or
// prints "<no value>", String says the id and the arguments.
func TestStringSaysAsTemplate(t *testing.T) {
	argSets := []core.Args{
		nil,
		{"Tile": core.NewTile(core.Red, 5), "Count": 1, "Colour": core.Blue, "Where": "rack", "Joker": true, "Uses": 2, "Box": 0},
		{"Tile": "r5", "Count": 2, "Why": core.Msg("colour.red"), "Variant": core.VariantName("original"), "Where": 3},
		{"Count": 1000000, "Path": "x.yaml", "Error": "no", "Set": core.List{Items: []any{"a", "b"}}, "Name": "", "You": false},
	}
	said := 0
	for id, src := range core.English() {
		tmpl, err := template.New(id).Parse(src)
		if !assert.NoError(t, err, id) {
			continue
		}
		for _, args := range argSets {
			data := map[string]any{}
			for k, v := range args {
				switch v := v.(type) {
				case core.Message, core.List:
					data[k] = fmt.Sprint(v)
				default:
					data[k] = v
				}
			}
			var want strings.Builder
			err := tmpl.Execute(&want, data)
			got := core.Message{ID: id, Args: args}.String()
			if err != nil || strings.Contains(want.String(), "<no value>") {
				assert.True(t, strings.HasPrefix(got, id+"{"), "%s %v: %q", id, args, got)
				continue
			}
			said++
			assert.Equal(t, want.String(), got, "%s %v", id, args)
		}
	}
	assert.Greater(t, said, 100)
}
