package core_test

import (
	"fmt"
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
