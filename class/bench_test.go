package class_test

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/repl/command"
)

// BenchmarkClass30: 30 pupils play at once (a tile staged, the turn
// restarted, twice, then a draw, which ends the turn, lets the two bots
// play and keeps the game), while the teacher's view is read every 100 ms
// (the page reads it every 3 s). Flat out, each pupil sends the next move as soon
// as the last is answered: the server is saturated, and a move's time is
// mostly its wait in the queue. Paced, each pupil moves every 100 ms (a
// class moves every few seconds): the time of a move as a pupil sees it
// under a load far above a class's. It reports the moves' p50 and p99 in
// milliseconds (the edits' and the draws' apart), and fails if one move
// the server answered is not in the database. "no-class" is the same
// load on the table without a class (no database, no teacher): what the
// game itself costs, bots included.
//
//	go test ./class -run '^$' -bench Class30 -benchtime 3000x
func BenchmarkClass30(b *testing.B) {
	for _, pace := range []time.Duration{0, 100 * time.Millisecond} {
		name := "flat-out"
		if pace > 0 {
			name = "paced-" + pace.String()
		}
		b.Run(name, func(b *testing.B) { benchClass(b, 30, pace, true) })
		b.Run(name+"-no-class", func(b *testing.B) { benchClass(b, 30, pace, false) })
	}
}

func benchClass(b *testing.B, pupils int, pace time.Duration, inClass bool) {
	r := serve(b, nil)
	if inClass {
		r.stop()
		r = serveClass(b, b.TempDir())
	}
	ctx := context.Background()
	tabs := make([]*client, pupils)
	tiles := make([]string, pupils)
	for i := range tabs {
		tabs[i] = r.tablet()
		if inClass {
			tabs[i].join("Pupil " + strconv.Itoa(i+1))
		} else {
			tabs[i].open()
		}
		tiles[i] = mustRack(b, tabs[i])[0]
	}
	before := 0
	tc := r.tablet() // the teacher: without a class, the page's own words
	if inClass {
		var err error
		before, err = r.db.Moves(ctx, 0)
		require.NoError(b, err)
		tc = teacher(b, r)
	}
	teacherPath := "/api/words"
	if inClass {
		teacherPath = "/api/teacher/report"
	}

	var next, answered atomic.Int64
	took := make([][]time.Duration, pupils)  // the edits'
	drawn := make([][]time.Duration, pupils) // the draws'

	stop := make(chan struct{})
	var reads atomic.Int64
	var teacherDone sync.WaitGroup
	teacherDone.Add(1)
	go func() { // the teacher's page, polling 30 times as often as it does
		defer teacherDone.Done()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			if tc.send("GET", teacherPath, nil, nil) == http.StatusOK {
				reads.Add(1)
			}
		}
	}()
	b.ReportAllocs()
	b.ResetTimer()
	var wg sync.WaitGroup
	for i := range pupils {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c := tabs[i]
			var tick <-chan time.Time
			if pace > 0 {
				t := time.NewTicker(pace)
				defer t.Stop()
				tick = t.C
			}
			for k := 0; next.Add(1) <= int64(b.N); k++ {
				if tick != nil {
					<-tick
				}
				cmd := command.Wire{Do: "restart-turn"}
				switch k % 5 {
				case 0, 2:
					cmd = put(tiles[i])
				case 4:
					cmd = command.Wire{Do: "draw"}
				}
				t0 := time.Now()
				code := c.send("POST", "/api/do", map[string]any{"id": c.id, "cmd": cmd}, nil)
				if k%5 == 4 {
					drawn[i] = append(drawn[i], time.Since(t0))
				} else {
					took[i] = append(took[i], time.Since(t0))
				}
				if code == http.StatusOK {
					answered.Add(1)
				}
			}
		}(i)
	}
	wg.Wait()
	b.StopTimer()
	close(stop)
	teacherDone.Wait()

	if inClass {
		after, err := r.db.Moves(ctx, 0)
		require.NoError(b, err)
		require.Equal(b, answered.Load(), int64(after-before), "every move answered is in the database")
	}
	edits, draws := slices.Concat(took...), slices.Concat(drawn...)
	report(b, slices.Concat(edits, draws), "")
	report(b, edits, "edit-")
	report(b, draws, "draw-")
	b.ReportMetric(float64(reads.Load()), "teacher-reads")
}

// report reports the p50 and p99 of times, in milliseconds.
func report(b *testing.B, times []time.Duration, prefix string) {
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	b.ReportMetric(ms(times[len(times)/2]), prefix+"p50-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), prefix+"p99-ms")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
