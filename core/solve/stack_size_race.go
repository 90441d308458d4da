//go:build race

package solve

// stackReserve is the stack reserveStack makes room for; the race
// detector's frames are bigger (TestSolveReservesItsStack holds both).
const stackReserve = 100 << 10
