package bots

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestWithin checks the deadline a search gets without a timer: the
// caller's own when it comes first, else one read off the clock, whose
// Err tells a deadline passed from a caller's cancellation.
func TestWithin(t *testing.T) {
	ctx, cancel := within(context.Background(), time.Hour)
	defer cancel()
	if _, ok := ctx.Deadline(); !ok {
		t.Fatal("within(Background, an hour) has no deadline")
	}
	if ctx.Done() == nil || ctx.Err() != nil {
		t.Fatalf("within(Background, an hour): Done %v, Err %v; want a channel and no error", ctx.Done(), ctx.Err())
	}

	// A caller's earlier deadline is kept as it is.
	early, stop := context.WithTimeout(context.Background(), time.Minute)
	defer stop()
	if got, _ := within(early, time.Hour); got != early {
		t.Error("within replaced a caller's earlier deadline")
	}
	if got, _ := within(early, 0); got != early {
		t.Error("within with no deadline replaced the caller's context")
	}

	// A deadline in the past: DeadlineExceeded, at once.
	past, _ := within(context.Background(), time.Nanosecond)
	time.Sleep(time.Millisecond)
	if err := past.Err(); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a deadline passed: Err %v, want DeadlineExceeded", err)
	}

	// A caller's cancellation comes through, Done included.
	parent, cancelParent := context.WithCancel(context.Background())
	c, _ := within(parent, time.Hour)
	cancelParent()
	<-c.Done()
	if err := c.Err(); !errors.Is(err, context.Canceled) {
		t.Errorf("the caller cancelled: Err %v, want Canceled", err)
	}
}
