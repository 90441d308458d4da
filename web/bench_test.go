package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/command"
)

// BenchmarkServeMoves is the bounded load test: 1, then 50 learners on
// the loopback, all sending at once with no time to think, each in a session of its own against two greedy bots, send
// typed commands through the API as the page does. Each operation is one
// round trip; p50 and p99 are reported (ms), and any error fails it.
//
//   - draw: the learner's turn committed, the bots' turns, the refreshed
//     table (a new game when the round ends);
//   - edit: a tile staged on the table and taken back (put, then take).
func BenchmarkServeMoves(b *testing.B) {
	for _, kind := range []string{"draw", "edit"} {
		for _, n := range []int{1, 50} {
			b.Run(fmt.Sprintf("%s/learners=%d", kind, n), func(b *testing.B) { benchMoves(b, kind, n, 0) })
		}
	}
}

// BenchmarkServeClass is the same load test at a class's pace, still far
// quicker than one: 50 learners, each thinking 0 to 200 ms (100 ms on
// average, chosen at random) before each line, so about 500 lines a
// second in all; draw and edit as in BenchmarkServeMoves.
func BenchmarkServeClass(b *testing.B) {
	for _, kind := range []string{"draw", "edit"} {
		b.Run(kind+"/learners=50", func(b *testing.B) { benchMoves(b, kind, 50, 100*time.Millisecond) })
	}
}

// benchMoves runs the load test: learners in sessions of their own, each
// thinking think on average before each line (0: none).
func benchMoves(b *testing.B, kind string, learners int, think time.Duration) {
	defer TuneCollector()() // the collector as meldlab serve runs it
	srv, err := New(Config{MaxSessions: learners, PerClient: learners, Options: func(string) repl.Options { return repl.Options{} }})
	if err != nil {
		b.Fatal(err)
	}
	// The server's own time for each line, from its handler's start to its
	// end: the round trip less the loopback, the goroutines' wait for a
	// core, and this load test's own work.
	var (
		smu    sync.Mutex
		served []time.Duration
	)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t0 := time.Now()
		srv.ServeHTTP(w, r)
		if r.URL.Path == "/api/do" {
			d := time.Since(t0)
			smu.Lock()
			served = append(served, d)
			smu.Unlock()
		}
	}))
	defer func() { hs.Close(); srv.Close() }()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: learners}}

	// The load test reads of each reply only what it needs to choose its
	// next line, as cheaply as it can: it stands for 50 browsers on other
	// machines, but here it spends the same 2 cores as the server.
	type leanState struct {
		RoundOver, MyTurn bool
		Rack              []string
		Table             [][]string
	}
	type lean struct {
		ID    string     `json:"id"`
		Error string     `json:"error"`
		State *leanState `json:"state"`
	}
	// Each learner reads a reply whole into a buffer of its own, kept from
	// one reply to the next, and then parses it, as a browser reads a body
	// of known length: not through a json.Decoder made for each reply,
	// which grows a buffer of its own by doubling, copying what it read.
	//
	// A draw needs of the reply only whether it is still the learner's turn
	// and the round goes on; for those it looks for the keys in the bytes
	// rather than parse them (a key in quotes and a colon cannot occur
	// inside a JSON string, whose quotes are escaped), and parses the whole
	// reply only for an error or where it needs the rack and the table.
	call := func(path string, body any, buf *bytes.Buffer, full bool) (lean, error) {
		data, _ := json.Marshal(body)
		res, err := client.Post(hs.URL+path, "application/json", bytes.NewReader(data))
		if err != nil {
			return lean{}, err
		}
		defer res.Body.Close()
		buf.Reset()
		if _, err := buf.ReadFrom(res.Body); err != nil {
			return lean{}, err
		}
		var r lean
		data = buf.Bytes()
		if !full && res.StatusCode == http.StatusOK && !bytes.Contains(data, []byte(`"error":`)) {
			if bytes.Contains(data, []byte(`"state":{`)) {
				r.State = &leanState{RoundOver: bytes.Contains(data, []byte(`"roundOver":true`)),
					MyTurn: bytes.Contains(data, []byte(`"myTurn":true`))}
			}
			return r, nil
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return r, err
		}
		if res.StatusCode != http.StatusOK {
			return r, fmt.Errorf("%s: %d %s", path, res.StatusCode, r.Error)
		}
		return r, nil
	}
	ids := make([]string, learners)
	states := make([]*leanState, learners)
	for i := range ids {
		r, err := call("/api/session", openRequest{Seed: uint64(i + 1)}, new(bytes.Buffer), true)
		if err != nil {
			b.Fatal(err)
		}
		ids[i], states[i] = r.ID, r.State
	}
	smu.Lock()
	served = served[:0]
	smu.Unlock()

	var (
		mu    sync.Mutex
		lat   []time.Duration
		first error
		wg    sync.WaitGroup
	)
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for w := range learners {
		n := b.N / learners
		if w < b.N%learners {
			n++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]time.Duration, 0, n)
			var buf bytes.Buffer
			st := states[w]
			pace := rand.New(rand.NewPCG(uint64(w), 24))
			for range n {
				lines := []command.Wire{{Do: "draw"}}
				switch {
				case st == nil || st.RoundOver || !st.MyTurn:
					lines = []command.Wire{{Do: "new"}}
				case kind == "edit" && len(st.Rack) > 0:
					lines = []command.Wire{{Do: "put", Tiles: st.Rack[:1]}, {Do: "take", Refs: []command.Ref{{Set: len(st.Table) + 1, Pos: 1}}}}
				}
				for _, line := range lines {
					if think > 0 {
						time.Sleep(time.Duration(pace.Int64N(int64(2 * think))))
					}
					t0 := time.Now()
					r, err := call("/api/do", doRequest{ID: ids[w], Cmd: line}, &buf, kind == "edit")
					mine = append(mine, time.Since(t0))
					if err == nil && r.Error != "" {
						err = fmt.Errorf("%s: %s", line.Do, r.Error)
					}
					if err != nil {
						mu.Lock()
						if first == nil {
							first = err
						}
						mu.Unlock()
						return
					}
					st = r.State
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
	if first != nil {
		b.Fatal(first)
	}
	if len(lat) == 0 {
		return
	}
	q := func(lat []time.Duration, p float64) float64 {
		slices.Sort(lat)
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(q(lat, 0.50), "p50-ms")
	b.ReportMetric(q(lat, 0.99), "p99-ms")
	smu.Lock()
	defer smu.Unlock()
	b.ReportMetric(q(served, 0.50), "srv-p50-ms")
	b.ReportMetric(q(served, 0.99), "srv-p99-ms")
	b.ReportMetric(float64(learners), "learners")
}

// cpuTime is the CPU time the process has used (user and system, all
// threads): the server's and the load test's own, on the same 2 cores.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// firstLoad fetches what a browser fetches on its first visit: the page,
// its script and style, its words, the editions, and the first deal. It
// returns the bytes of the bodies and of the headers, as sent.
func firstLoad(client *http.Client, base string) (int, error) {
	total := 0
	get := func(method, path, body string) error {
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			return err
		}
		if method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		data, err := io.ReadAll(res.Body)
		if err != nil {
			return err
		}
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("%s: %d", path, res.StatusCode)
		}
		var head bytes.Buffer
		res.Header.Write(&head)
		total += len(data) + head.Len() + len(res.Proto) + len(res.Status) + 4
		return nil
	}
	for _, p := range []string{"/", "/app.js", "/tiles.js", "/style.css", "/api/variants", "/api/words"} {
		if err := get("GET", p, ""); err != nil {
			return 0, err
		}
	}
	return total, get("POST", "/api/session", `{"seed":7}`)
}

// BenchmarkFirstLoad is a first visit's weight (bytes/load) and time.
func BenchmarkFirstLoad(b *testing.B) {
	srv, err := New(Config{MaxSessions: 4, Options: func(string) repl.Options { return repl.Options{} }})
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	defer func() { hs.Close(); srv.Close() }()
	n := 0
	for b.Loop() {
		if n, err = firstLoad(hs.Client(), hs.URL); err != nil {
			b.Fatal(err)
		}
		srv.mu.Lock() // the session goes: the next visit is a first one too
		all := srv.sessions
		srv.sessions = map[string]*session{}
		srv.mu.Unlock()
		for _, se := range all {
			srv.release(se)
		}
	}
	b.ReportMetric(float64(n), "bytes/load")
}
