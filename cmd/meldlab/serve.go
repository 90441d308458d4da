package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/luahost"
	"github.com/meldlab/meldlab/web"
)

func init() {
	register("serve", runServe)
}

// runServe serves the table in the browser until Ctrl-C (or SIGTERM).
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, stdout, stderr)
}

// serve is runServe with the context that stops it, for the tests.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", flagDoc("serve", "addr"))
	sessions := fs.Int("sessions", 64, flagDoc("serve", "sessions"))
	idle := fs.Duration("idle", 30*time.Minute, flagDoc("serve", "idle"))
	fs.Usage = func() { printHelp(stderr, fs, "cmd.serve.help") }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	defer web.TuneCollector()()
	srv, err := web.New(web.Config{
		Lang: say.Lang(), MaxSessions: *sessions, Idle: *idle,
		Options: func(dir string) repl.Options {
			// Each session its own Lua (for the lessons), reaching only
			// the session's own empty directory; the page cannot type Lua.
			lua := luahost.New(dir)
			lua.Games = gameFactory
			return repl.Options{Lua: lua, Games: gameFactory, Bots: botRegistry}
		},
		Close: func(o repl.Options) {
			if h, ok := o.Lua.(*luahost.Host); ok {
				h.Close()
			}
		},
	})
	if err != nil {
		fmt.Fprintf(stderr, "meldlab serve: %s\n", say.Error(err))
		return 1
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		srv.Close()
		fmt.Fprintf(stderr, "meldlab serve: %s\n", say.Error(err))
		return 1
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 16 << 10}
	fmt.Fprintln(stdout, say.T("cmd.serve.listening", "URL", "http://"+l.Addr().String()+"/"))
	if err := srv.Serve(ctx, hs, l); err != nil {
		fmt.Fprintf(stderr, "meldlab serve: %s\n", say.Error(err))
		return 1
	}
	fmt.Fprintln(stdout, say.T("cmd.serve.stopped"))
	return 0
}
