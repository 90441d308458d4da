package scripts

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/internal/files"
	"github.com/meldlab/meldlab/scripts/sandbox"
)

// Bots is a bot registry with the Go bots and, by path, the Lua bots of
// NewBot, whose games (meld.game, meld.variant) come from games (nil: one
// factory of each bot's own): what cmd/meldlab hands to the REPL and the lab.
func Bots(games *Games) *bots.Registry {
	r := bots.NewRegistry()
	r.SetLua(func(path string, seed uint64) (bots.Bot, error) {
		b, err := newBot(path, seed, games)
		if err != nil {
			return nil, err
		}
		return b, nil
	})
	return r
}

// Bot is a Lua bot: a file that returns a function of a view, or a table
// {name = "...", act = function} (see the package documentation, "Lua
// bots"). It implements bots.Bot. Each Bot owns its Lua state, so it keeps
// its own upvalues and random generator from turn to turn; it is used by one
// game at a time.
type Bot struct {
	name string
	e    *env
	act  lua.LValue
	root *os.Root // the bot's directory, for require only
}

// NewBot loads the Lua bot at path; seed seeds its math.random. The file's
// directory is where it may require other files from. A shipped bot is also
// found by its repository path ("scripts/bots/starter.lua") from any
// directory, as the binary embeds it.
//
// Loading and every turn run under the sandbox's default limits (a second,
// 64 MiB): a bot has no business taking longer.
//
// A bot has no folder: require finds the .lua files beside it, but g:save
// cannot write and meld.load cannot read there, so that a bot carries
// nothing from one game to the next (in a tournament, which replays each
// deal at every seating, a bot that wrote down its racks would know its
// opponents' at the next seating).
func NewBot(path string, seed uint64) (*Bot, error) { return newBot(path, seed, nil) }

func newBot(path string, seed uint64, games *Games) (*Bot, error) {
	opts := Options{Seed: seed, Limits: botLimits(), Games: games}
	src, err := files.Read(path, files.Lua)
	var root *os.Root
	switch {
	case err == nil:
		// Read-only, for require: no Dir, so no g:save or meld.load.
		if root, err = os.OpenRoot(filepath.Dir(path)); err != nil {
			return nil, fmt.Errorf("scripts: %w", err)
		}
		opts.Files = root.FS()
	case errors.Is(err, fs.ErrNotExist) && filepath.Base(filepath.Dir(path)) == "bots":
		// The shipped copy, if there is one by that name.
		opts.Files = sub("bots")
		var err2 error
		if src, err2 = fs.ReadFile(opts.Files, filepath.Base(path)); err2 != nil {
			return nil, fmt.Errorf("scripts: %w", err)
		}
	default:
		return nil, fmt.Errorf("scripts: %w", err)
	}
	e, err := newEnv(opts)
	if err != nil {
		if root != nil {
			root.Close()
		}
		return nil, err
	}
	b := &Bot{e: e, root: root, name: strings.TrimSuffix(filepath.Base(path), ".lua")}
	out, err := e.run(context.Background(), path, src)
	if err != nil {
		b.Close()
		return nil, err
	}
	var v lua.LValue = lua.LNil
	if len(out) > 0 {
		v = out[0]
	}
	switch v := v.(type) {
	case *lua.LFunction:
		b.act = v
	case *lua.LTable:
		t := readable(v)
		b.act = t.RawGetString("act")
		if n, ok := t.RawGetString("name").(lua.LString); ok && n != "" {
			b.name = string(n)
		}
	}
	if _, ok := b.act.(*lua.LFunction); !ok {
		b.Close()
		return nil, fmt.Errorf("scripts: %s: a bot file returns a function, or a table whose act is one; it returned %s", path, describe(v))
	}
	return b, nil
}

// botLimits are a bot's limits: the sandbox's defaults (a test may lift the
// deadline, to see only the memory limit at work).
var botLimits = sandbox.DefaultLimits

// Name is the bot's name: its table's name, or the file's name without .lua.
func (b *Bot) Name() string { return b.name }

// Act calls the bot's function with the read-only view of its seat and reads
// its answer: "draw" or nil to draw, or the whole table after its play.
func (b *Bot) Act(ctx context.Context, rules *core.Rules, v *core.View) (bots.Action, error) {
	out, err := b.e.call(ctx, b.act, b.e.viewTable(rules, v))
	if err != nil {
		return bots.Action{}, err
	}
	var ans lua.LValue = lua.LNil
	if len(out) > 0 {
		ans = out[0]
	}
	switch ans := ans.(type) {
	case *lua.LNilType:
		return bots.Action{Draw: true}, nil
	case lua.LString:
		if strings.TrimSpace(string(ans)) == "draw" {
			return bots.Action{Draw: true}, nil
		}
		t, err := rules.Tiles.ParseTable(string(ans))
		if err != nil {
			return bots.Action{}, fmt.Errorf("the bot's play %q: %w", string(ans), err)
		}
		return bots.Action{Table: t}, nil
	}
	return bots.Action{}, fmt.Errorf("the bot returned %s; a bot returns the table after its play, \"draw\" or nil", describe(ans))
}

// Close releases the bot's Lua state.
func (b *Bot) Close() {
	b.e.close()
	if b.root != nil {
		b.root.Close()
	}
}
