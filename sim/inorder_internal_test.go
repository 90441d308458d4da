package sim

import (
	"context"
	"testing"
	"time"
)

// TestInOrderRunsAhead checks that the workers go on past a long game:
// while the first index is still being worked on, the others are handed
// out up to aheadPerWorker results a worker waiting to be folded, and the
// results are folded in order all the same.
func TestInOrderRunsAhead(t *testing.T) {
	const workers = 2
	last := aheadPerWorker*workers - 1 // the last index the window lets out before 0 is folded
	reached := make(chan struct{})
	var waited bool
	var folded []int
	err := inOrder(context.Background(), workers, 0, last+10, func(_ context.Context, i int) int {
		switch i {
		case 0:
			select {
			case <-reached:
			case <-time.After(10 * time.Second): // (not a timing: the test fails, rather than hangs)
				waited = true
			}
		case last:
			close(reached)
		}
		return i
	}, func(r int, done int) error {
		folded = append(folded, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if waited {
		t.Errorf("index %d was not handed out while index 0 was being worked on", last)
	}
	for k, r := range folded {
		if r != k {
			t.Fatalf("folded %v: not in order", folded)
		}
	}
	if len(folded) != last+10 {
		t.Errorf("folded %d results, want %d", len(folded), last+10)
	}
}
