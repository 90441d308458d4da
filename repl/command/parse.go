package command

import (
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/repl/table"
	"github.com/meldlab/meldlab/repl/view"
)

// ParseNew reads the arguments of new, [VARIANT] [PLAYERS | SEAT...]
// [SEED], as the terminal types them.
func ParseNew(args []string) (NewGame, error) {
	var c NewGame
	i := 0
	if i < len(args) && !isInt(args[i]) && !strings.Contains(args[i], ":") {
		c.Variant = args[i]
		i++
	}
	switch {
	case i < len(args) && isInt(args[i]):
		n, _ := strconv.Atoi(args[i])
		if n < 1 || n > 64 {
			return c, view.Fail(msg.ReplNewPlayers(n))
		}
		c.Players = n
		i++
	default:
		for i < len(args) && strings.Contains(args[i], ":") {
			c.Seats = append(c.Seats, args[i])
			i++
		}
	}
	if i < len(args) && isInt(args[i]) {
		n, err := strconv.ParseUint(args[i], 10, 64)
		if err != nil {
			return c, view.Fail(msg.ReplNewSeed(strconv.Quote(args[i]), err))
		}
		c.Seed, c.HasSeed = n, true
		i++
	}
	if i < len(args) && !isInt(args[i]) && !strings.Contains(args[i], ":") {
		return c, view.Fail(msg.ReplNewSeat(strconv.Quote(args[i]), table.DefaultBot))
	}
	if i < len(args) {
		return c, view.Fail(msg.ReplNewBadArg(strconv.Quote(args[i])))
	}
	return c, nil
}

func isInt(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}
