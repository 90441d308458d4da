package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/meldlab/meldlab/class"
	"github.com/meldlab/meldlab/i18n/msg"
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
	addr := fs.String("addr", "127.0.0.1:8080", flagDoc(msg.CmdServeFlagAddr()))
	sessions := fs.Int("sessions", 64, flagDoc(msg.CmdServeFlagSessions()))
	idle := fs.Duration("idle", 30*time.Minute, flagDoc(msg.CmdServeFlagIdle()))
	hosts := fs.String("host", "", flagDoc(msg.CmdServeFlagHost()))
	perClient := fs.Int("per-client", 16, flagDoc(msg.CmdServeFlagPerClient()))
	conns := fs.Int("conns", 1024, flagDoc(msg.CmdServeFlagConns()))
	classDir := fs.String("class", "", flagDoc(msg.CmdServeFlagClass()))
	fs.Usage = func() { printHelp(stderr, fs, msg.CmdServeHelp()) }
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
	var room web.Classroom
	if *classDir != "" {
		db, err := class.Open(*classDir, class.Options{Create: true, Exclusive: true})
		if err != nil {
			fmt.Fprintln(stderr, classError(*classDir, err))
			return 1
		}
		defer db.Close()
		room = db
		if !flagSet(fs, "idle") {
			*idle = classIdle
		}
	}
	srv, err := web.New(web.Config{
		Class: room,
		Lang:  say.Lang(), MaxSessions: *sessions, Idle: *idle, PerClient: *perClient, Hosts: splitHosts(*hosts),
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
	hs := srv.HTTPServer()
	urls := reachable(l.Addr())
	if !isLoopback(l.Addr()) {
		fmt.Fprintln(stderr, say.Message(msg.CmdServeOpenToNetwork(l.Addr().String())))
		fmt.Fprintln(stdout, say.Message(msg.CmdServeReachable(strings.Join(urls, " "))))
	}
	fmt.Fprintln(stdout, say.Message(msg.CmdServeListening(urls[0])))
	if room != nil {
		printClass(stdout, srv, urls)
		if isLoopback(l.Addr()) {
			fmt.Fprintln(stderr, say.Message(msg.CmdServeClassLoopback()))
		}
	}
	l = web.Listener(l, *conns, max(*perClient*4, 32))
	if err := srv.Serve(ctx, hs, l); err != nil {
		fmt.Fprintf(stderr, "meldlab serve: %s\n", say.Error(err))
		return 1
	}
	fmt.Fprintln(stdout, say.Message(msg.CmdServeStopped()))
	return 0
}

// splitHosts reads --host: names separated by commas.
func splitHosts(s string) []string {
	var out []string
	for _, h := range strings.Split(s, ",") {
		if h = strings.TrimSpace(h); h != "" {
			out = append(out, h)
		}
	}
	return out
}

// isLoopback reports whether a listens on the loopback only.
func isLoopback(a net.Addr) bool {
	ap, err := netip.ParseAddrPort(a.String())
	return err == nil && ap.Addr().IsLoopback()
}

// reachable are the URLs by which other machines reach a server listening
// on a: its own address, or, for an address that means every interface
// (0.0.0.0, [::]), each interface's address (the loopback last). Never
// "http://[::]:8080/", which no other machine can use.
func reachable(a net.Addr) []string {
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return []string{"http://" + a.String() + "/"}
	}
	url := func(ip netip.Addr) string {
		return "http://" + netip.AddrPortFrom(ip, ap.Port()).String() + "/"
	}
	if !ap.Addr().IsUnspecified() {
		return []string{url(ap.Addr().Unmap())}
	}
	var out []string
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, ia := range addrs {
			p, err := netip.ParsePrefix(ia.String())
			if err != nil {
				continue
			}
			ip := p.Addr().Unmap()
			if ip.IsLoopback() || ip.IsLinkLocalUnicast() || (ap.Addr().Is4() && !ip.Is4()) {
				continue
			}
			out = append(out, url(ip))
		}
	}
	return append(out, url(netip.AddrFrom4([4]byte{127, 0, 0, 1})))
}
