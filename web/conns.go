package web

import (
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// Listener caps l's connections: at most total at once (Accept waits for
// one to close), and at most perClient from one remote address (a further
// one is closed at once), so that one client holding connections open
// cannot starve the others, nor the process run out of files. With the
// timeouts of HTTPServer, a connection that stalls is closed within
// seconds, so the places it held come back.
func Listener(l net.Listener, total, perClient int) net.Listener {
	return &capped{Listener: l, slots: make(chan struct{}, max(total, 1)), perClient: max(perClient, 1),
		open: map[netip.Addr]int{}, done: make(chan struct{})}
}

type capped struct {
	net.Listener
	slots     chan struct{}
	perClient int
	mu        sync.Mutex
	open      map[netip.Addr]int
	closeOnce sync.Once
	done      chan struct{}
}

func (c *capped) Accept() (net.Conn, error) {
	for {
		select {
		case c.slots <- struct{}{}:
		case <-c.done:
			return nil, net.ErrClosed
		}
		conn, err := c.Listener.Accept()
		if err != nil {
			<-c.slots
			return nil, err
		}
		ip := remoteIP(conn)
		c.mu.Lock()
		if c.open[ip] >= c.perClient {
			c.mu.Unlock()
			conn.Close()
			<-c.slots
			continue
		}
		c.open[ip]++
		c.mu.Unlock()
		return &cappedConn{Conn: conn, c: c, ip: ip}, nil
	}
}

func (c *capped) Close() error {
	c.closeOnce.Do(func() { close(c.done) })
	return c.Listener.Close()
}

func (c *capped) release(ip netip.Addr) {
	c.mu.Lock()
	if c.open[ip]--; c.open[ip] <= 0 {
		delete(c.open, ip)
	}
	c.mu.Unlock()
	<-c.slots
}

type cappedConn struct {
	net.Conn
	c    *capped
	ip   netip.Addr
	once sync.Once
}

func (cc *cappedConn) Close() error {
	err := cc.Conn.Close()
	cc.once.Do(func() { cc.c.release(cc.ip) })
	return err
}

func remoteIP(conn net.Conn) netip.Addr {
	ap, err := netip.ParseAddrPort(conn.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// The server's timeouts: a request's headers and body must arrive within
// ReadTimeout (a few seconds: bodies are small); a reply may take the
// longest command (Config.LineTime) and a margin; a keep-alive connection
// idle past IdleTimeout is closed.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 15 * time.Second
	replyMargin       = 15 * time.Second
)

// HTTPServer is an http.Server for srv with the timeouts above and a cap on
// header bytes: what meldlab serve runs, with Listener.
func (srv *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      srv.cfg.LineTime + replyMargin,
		IdleTimeout:       srv.cfg.LineTime + replyMargin,
		MaxHeaderBytes:    16 << 10,
	}
}
