// Package table is the game in play at the REPL's table: its seats (people
// and bots), a bot's turn, and saving and loading a game with its seats.
// It says nothing itself: it returns what happened (an Event, a Loaded
// game) for the session to tell, and knows no Session.
package table

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/internal/suggest"
	"github.com/meldlab/meldlab/repl/view"
)

// DefaultBot plays the seats that a player count adds.
const DefaultBot = "greedy"

// Seat is one player at the table: a person at the keyboard or a bot.
type Seat struct {
	Name string
	Spec string   // "human", or what bots.New takes: "greedy", "x.lua"
	Bot  bots.Bot // nil for a person
}

// Human is a seat a person plays.
func Human(name string) Seat { return Seat{Name: name, Spec: "human"} }

// MakeSeats reads seat specs, NAME:human or NAME:BOT, and makes the bots
// from reg. "bot:KIND" names the bot after its kind; a repeated name gets
// a number.
func MakeSeats(reg *bots.Registry, specs []string, seed uint64) ([]Seat, error) {
	seats := make([]Seat, 0, len(specs))
	used := map[string]int{}
	for i, sp := range specs {
		name, kind, ok := strings.Cut(sp, ":")
		if !ok || kind == "" {
			return nil, view.Fail(msg.ReplNewSeat(strconv.Quote(sp), DefaultBot))
		}
		st := Seat{Name: name, Spec: kind}
		switch strings.ToLower(kind) {
		case "human", "person", "me":
			st.Spec = "human"
			if name == "" {
				return nil, view.Fail(msg.ReplNewName(strconv.Quote(sp)))
			}
		default:
			if strings.EqualFold(name, "bot") || name == "" {
				st.Name = strings.TrimSuffix(filepath.Base(kind), ".lua")
			}
			b, err := reg.New(kind, seed^uint64(i+1)*0x9e3779b97f4a7c15)
			if err != nil && !strings.HasSuffix(strings.ToLower(kind), ".lua") && !slices.Contains(reg.Names(), kind) {
				// A name that is no bot, said in the learner's words.
				near := suggest.Nearest(kind, reg.Names())
				return nil, view.Fail(msg.ReplNewNoBot(strconv.Quote(sp), strconv.Quote(kind), near, strings.Join(reg.Names(), ", ")))
			}
			if err != nil {
				return nil, view.Fail(msg.ReplSeatError(strconv.Quote(sp), err))
			}
			st.Bot = b
		}
		used[st.Name]++
		if k := used[st.Name]; k > 1 {
			st.Name += " " + strconv.Itoa(k)
		}
		seats = append(seats, st)
	}
	return seats, nil
}
