package web

import (
	"github.com/meldlab/meldlab/i18n/msg"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// What the server trusts. The table runs on a person's machine or a
// school's network, and any page the person opens elsewhere could reach
// it: a cross-site form can POST to it without a preflight, and DNS
// rebinding can make a foreign page same-origin with it under a foreign
// name. So the server answers only requests addressed to itself and sent by
// its own page:
//
//   - Host must name this server: the address the connection came in on,
//     a loopback name (localhost, 127.0.0.1, [::1]) when that address is a
//     loopback one, or a name given in Config.Hosts. A rebinding page's
//     Host is its own name, so it is refused.
//   - The API is used by the page itself only: a request whose Origin is
//     another origin, or whose Sec-Fetch-Site says another site, is refused;
//     a POST must say Content-Type: application/json, which no form and no
//     simple cross-site request can.
//   - The page itself may be opened from a link anywhere (a navigation),
//     and no other site may frame it (frame-ancestors 'none').
//
// Sessions are capped per client as well as in all (Config.PerClient), and
// connections by the listener (Listener).

// refused says why r may not be served, with the status to answer; ""
// serves it.
func (srv *Server) refused(r *http.Request) (int, error) {
	if !srv.ownHost(r) {
		return http.StatusMisdirectedRequest, refuse(msg.WebErrHost(quoteHost(r.Host)))
	}
	api := strings.HasPrefix(r.URL.Path, "/api/")
	if !api && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		return 0, nil
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Scheme == "" || !strings.EqualFold(u.Host, r.Host) {
			return http.StatusForbidden, refuse(msg.WebErrCrossSite())
		}
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return http.StatusForbidden, refuse(msg.WebErrCrossSite())
	}
	if r.Method == http.MethodPost {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			return http.StatusUnsupportedMediaType, refuse(msg.WebErrJsonOnly())
		}
	}
	return 0, nil
}

// ownHost reports whether r's Host names this server (see above).
func (srv *Server) ownHost(r *http.Request) bool {
	name := r.Host
	if h, _, err := net.SplitHostPort(name); err == nil {
		name = h
	}
	name = strings.ToLower(strings.TrimSuffix(strings.Trim(name, "[]"), "."))
	if name == "" {
		return false
	}
	for _, h := range srv.cfg.Hosts {
		if strings.EqualFold(h, name) {
			return true
		}
	}
	local := localAddr(r)
	loopbackName := name == "localhost" || strings.HasSuffix(name, ".localhost")
	ip, err := netip.ParseAddr(name)
	if err != nil && !loopbackName {
		return false
	}
	if !local.IsValid() { // not from a connection (a handler called directly)
		return loopbackName || ip.IsLoopback()
	}
	if loopbackName || ip.IsLoopback() {
		return local.IsLoopback()
	}
	return ip.Unmap() == local
}

// localAddr is the address the request's connection came in on.
func localAddr(r *http.Request) netip.Addr {
	a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return netip.Addr{}
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// client is who sent r, for the sessions' cap per client: the remote IP.
func client(r *http.Request) string {
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
		return ap.Addr().Unmap().String()
	}
	return r.RemoteAddr
}

// quoteHost writes a Host header for a message: quoted, and cut short.
func quoteHost(h string) string {
	if len(h) > 80 {
		h = h[:80] + "…"
	}
	return `"` + strings.Map(func(r rune) rune {
		if r < ' ' || r == '"' || r == 0x7f {
			return '?'
		}
		return r
	}, h) + `"`
}
