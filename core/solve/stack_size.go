//go:build !race

package solve

// stackReserve is the stack reserveStack makes room for: the search's
// deepest recursion (maxDepth layers of about 1 KB) with room to spare.
const stackReserve = 56 << 10
