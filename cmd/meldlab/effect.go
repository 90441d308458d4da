package main

import (
	"fmt"
	"io"

	"github.com/meldlab/meldlab/sim"
)

// parseEffects reads each --effect, saying the first that is wrong (with
// the command's name) and returning exit status 2 then.
func parseEffects(list []string, command string, stderr io.Writer) ([]sim.Effect, int) {
	var effects []sim.Effect
	for _, s := range list {
		e, err := sim.ParseEffect(s)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %s\n", command, say.Error(err))
			return nil, 2
		}
		effects = append(effects, e)
	}
	return effects, 0
}
