package solve

// The search recurses once for each number and colour it decides, about 1 KB
// of stack a layer (search, expand and visit), so a search on the original
// box needs some 50 KB of stack. A goroutine starts with 8 KB, and the
// collector halves the stack of a goroutine that uses little of it, so
// without help the search grows its stack on the way down, three doublings,
// and each copies every frame of the recursion so far and adjusts its
// pointers: 60-110 µs on a first solve, again on a solve after a collection
// (a web handler's goroutine, a REPL's), more than a small problem's whole
// search. reserveStack grows it once, before the search, while the stack is
// still shallow and the copy is cheap.

// reserveStack makes the calling goroutine's stack big enough for a search.
// Its frame holds stackReserve bytes (stack_size.go), so its entry grows the stack (in one
// step, to the power of two that fits) when the stack is smaller; the frame
// itself is never written, as used is never true, so a goroutine whose stack
// is already big pays a call and nothing else.
//
//go:noinline
func reserveStack(used bool) byte {
	if used {
		var room [stackReserve]byte
		return keep(&room)
	}
	return 0
}

// keep reads room, so that the compiler keeps room in reserveStack's frame.
//
//go:noinline
func keep(room *[stackReserve]byte) byte { return room[len(room)-1] }
