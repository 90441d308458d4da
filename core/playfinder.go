package core

// playFinder reports whether the current player of a game can place a
// tile by a play the game's referee accepts (see RegisterPlayFinder); nil
// until one is registered.
var playFinder func(g *Game) bool

// RegisterPlayFinder gives the referee a way to know whether the player to
// play can place a tile, which end_of_pool.play: no_pass needs to refuse a
// voluntary pass: package solve registers its legal search when it is
// imported (every front end imports it). Core alone cannot search for
// plays; without a finder a pass is never refused. f must not change the
// game, and must decide the same way every time (a budget in states, not
// time), so that games replay.
func RegisterPlayFinder(f func(g *Game) bool) { playFinder = f }
