// Package luahost gives the REPL its Lua: it implements plugin.Lua with
// package scripts, the sandboxed Lua host with the meld module and the
// lessons. The meldlab command plugs it in:
//
//	repl.Main(args, stdin, stdout, stderr, repl.Plugins{Lua: luahost.New(".")})
package luahost

import (
	"context"
	"errors"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/repl/plugin"
	"github.com/meldlab/meldlab/scripts"
)

// Host is the REPL's Lua: one scripts.Session for what is typed (its
// globals last the whole REPL session), the shipped lessons, and files run
// on the session's game. It is not safe for concurrent use, as a REPL
// session is not.
type Host struct {
	dir  string
	sess *scripts.Session
	// Games is the game factory the Lua games come from (cmd/meldlab's,
	// shared with the REPL); nil: one of the host's own.
	Games *scripts.Games
}

// New makes the host; dir is where require, g:save, meld.load and variant
// files reach (the working directory, for a REPL).
func New(dir string) *Host { return &Host{dir: dir} }

var _ plugin.Lua = (*Host)(nil)

// session starts the Lua state on first use: most REPL sessions never type Lua.
func (h *Host) session(env plugin.Env) (*scripts.Session, error) {
	if h.sess == nil {
		s, err := scripts.NewSession(env.Out(), env.Game, scripts.Options{Dir: h.dir, Games: h.Games})
		if err != nil {
			return nil, err
		}
		h.sess = s
	}
	return h.sess, nil
}

// Eval implements plugin.Lua.
func (h *Host) Eval(ctx context.Context, env plugin.Env, code string) (string, error) {
	s, err := h.session(env)
	if err != nil {
		return "", err
	}
	out, err := s.Eval(ctx, code)
	if errors.Is(err, scripts.ErrIncomplete) {
		return "", plugin.ErrIncomplete
	}
	// game = meld.game{...}: the session plays the game Lua made.
	if g := s.Game(); err == nil && g != nil && g != env.Game() {
		if uerr := env.UseGame(ctx, g); uerr != nil {
			return out, uerr
		}
	}
	return out, err
}

// RunFile implements plugin.Lua.
func (h *Host) RunFile(ctx context.Context, env plugin.Env, path string) error {
	s, err := h.session(env)
	if err != nil {
		return err
	}
	return s.RunFile(ctx, path)
}

// Lessons implements plugin.Lua: the shipped lessons (scripts/lessons).
func (h *Host) Lessons() ([]plugin.Lesson, error) {
	list, err := scripts.Lessons()
	if err != nil {
		return nil, err
	}
	out := make([]plugin.Lesson, len(list))
	for i, l := range list {
		out[i] = plugin.Lesson{N: l.N, Name: l.Name, Title: l.Title, Titles: l.Titles, Path: l.Path}
	}
	return out, nil
}

// StartLesson implements plugin.Lua.
func (h *Host) StartLesson(_ context.Context, l plugin.Lesson) (plugin.LessonRun, error) {
	ls, err := scripts.StartLesson(l.N)
	if err != nil {
		return nil, err
	}
	return lesson{ls}, nil
}

// Close releases the Lua state.
func (h *Host) Close() {
	if h.sess != nil {
		h.sess.Close()
		h.sess = nil
	}
}

// lesson adapts a scripts.Lesson to plugin.LessonRun.
type lesson struct{ *scripts.Lesson }

func (l lesson) Game() *core.Game { return l.Lesson.Game() }

// Check judges a play with the lesson's own check; a draw is legal but
// never what a lesson asks for.
func (l lesson) Check(_ context.Context, m plugin.Move) (bool, string, error) {
	if m.Draw {
		return false, l.CheckDraw(), nil
	}
	return l.Lesson.Check(m.Table)
}
