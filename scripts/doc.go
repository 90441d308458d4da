// Package scripts runs Lua scripts, lessons and bots against the rules
// engine, in the hardened sandbox of package sandbox, with one small module,
// meld. This comment is the module's reference; scripts/API.md says the same
// for readers of the repository, and a test keeps both in step with the
// module itself.
//
// # Conventions
//
// Tiles, sets and tables go in and out as notation strings: "r7",
// "[r3 r4 J]", "[r3 r4 r5] [k8 b8 o8]", racks as "k3 r10 r11 J". Output is
// canonical (runs ascending, groups k r b o, jokers last on a rack), so
// scripts can compare strings; meld.canonical puts any text in that form.
// Players, counts and indices are 1-based.
//
// A play the rules refuse is not an exception: it returns false and the
// reason, in the engine's words, so that scripts can test rules. Bad
// notation or bad arguments raise errors, as Lua's own functions do:
//
//	x.lua:3: bad argument #1 to 'check' (set 1, tile 2 "r14": numbers run 1..13)
//
// A variant argument is a shipped name ("original", see meld.variants), the
// path of a variant file in the script's directory ("mine.yaml"), or a table
// of changes on top of "original" written with the variant files' keys,
// {opening = {points = 50}}; extends = "name" changes the base. Omitted, it
// is "original".
//
// # The meld module
//
// The global meld, also require("meld"):
//
//	meld.check(text [, variant])      -> true | false, reason
//	    text is a set (brackets optional) or a table; the reason names each
//	    invalid set ("set 2 [k1 k1 k2] is not a run: k1 appears twice") and
//	    a table over the box ("the table uses 3 × r5; the original box has 2").
//	meld.value(set [, variant])       -> number
//	    the set's points, each joker worth the tile it stands for; a table
//	    gives the sum of its sets. An invalid set is an error.
//	meld.canonical(text [, variant])  -> text
//	    a table or set rewritten canonically; a rack (no brackets) sorted.
//	meld.read(set [, variant])  -> table | nil, reason
//	meld.read_record(text)      -> {tags=, moves=} | nil, errors
//	    a game record read: its tags by name, its moves in order, each
//	    {line=, kind=, turn=, seat=, tiles=, table=, round=, comment=, marks=}
//	    what a valid set is: kind ("run" or "group"), color (a run's letter),
//	    number (a run's first, a group's), len, value, tiles (canonical),
//	    missing (a group's absent colour letters) and jokers, one
//	    {stands =, frees = {tiles...}} a joker: the tile it stands for and the
//	    tiles that would free it; an invalid set gives nil and the reason.
//	meld.variants()                   -> {names...}
//	meld.variant(name_or_path)        -> read-only table of the resolved rules
//	    with the variant files' keys: v.opening.points, v.joker.replace_from
//	    (a list of "rack", "table", "drawn"), v.deal.method ...
//	meld.game{variant=, players=, seed=, rounds=} -> game
//	    players: a count (default 2) or a list of names; seed (default 0)
//	    decides the shuffles; rounds overrides the match length. Deals round
//	    1 and picks the first player per the variant.
//	meld.load(path)                   -> game
//	    a game that g:save wrote, from the script's directory.
//	meld.solve{table=, rack=, opened=, locked=, variant=, objective=} -> table, tiles | nil
//	    the solver's best play for a rack on a table, as g:hint; objective
//	    "tiles" (default) or "points". nil: no play.
//
// # Games
//
// A game is the referee of a match. Its methods (p is a player, 1-based;
// where optional it defaults to the current player):
//
//	g:players()        -> number of players
//	g:names()          -> {names...}
//	g:current()        -> the player to play
//	g:round()          -> the round, from 1
//	g:turn()           -> turns ended this round
//	g:rack([p])        -> "k3 r10 r11 J", canonical
//	g:table()          -> "[r3 r4 r5] [k8 b8 o8]", canonical
//	g:pool()           -> tiles left in the pool
//	g:set_aside()      -> the tiles a scenario set aside, out of play
//	g:opened([p])      -> has p made the initial meld?
//	g:clock([p])       -> seconds on p's clock at the start of their turn (the
//	                      bank under a chess clock; a turn's seconds under per_turn)
//	g:setup{racks=, table=, current=, opened=, pool=}
//	    lays out a scenario: racks is a list of racks (missing ones are
//	    empty), opened true, false or a list, current a player. Tiles move
//	    between the pool, the racks and the table, so the box's total is
//	    kept; a tile the box does not have to spare is an error. pool = N
//	    keeps N tiles in the pool and sets the rest aside.
//	g:play(table)      -> true | false, reason
//	    the whole table after the current player's turn.
//	g:draw()           -> tiles | nil | false, reason
//	    the drawn tile(s); nil when the pool was empty and the turn was a
//	    pass. Where the variant lets a tile just drawn free a joker (the
//	    French edition), the turn stays open: play the swap, or g:end_turn().
//	g:end_turn()       -> true | false, reason
//	g:drawn_tile()     -> tile | nil: the tile a draw left waiting to free a joker
//	g:timeout()        -> tiles | nil | false, reason
//	    the time limit ran out: the variant's penalty tiles are drawn.
//	    Refused under a variant with no time limit (Italian, Novelty).
//	g:hint([objective]) -> table, tiles | nil
//	    the solver's best play for the current player: the table after it
//	    and the rack tiles placed; nil when nothing can be placed.
//	g:over()           -> has this round ended?
//	g:winner()         -> this round's winner, nil while it goes on
//	g:scores()         -> this round's scores, nil while it goes on
//	g:next_round()     -> true | false, reason
//	g:totals()         -> the match totals, one a player
//	g:rounds_won()     -> the rounds each player has won
//	g:match_over()     -> has the last round ended?
//	g:match_winner()   -> the match winner, nil until the match is over
//	g:history()        -> {{round=, turn=, player=, kind=, tiles=, table=, text=}, ...}
//	    kind is "play", "draw", "pass", "timeout", "setup", "next_round",
//	    "end_turn" or "failed_play"; text says it in words.
//	g:save(path)
//	    writes the game to a file in the script's directory (meld.load reads it).
//	g:record([p])      -> the game's record, .mgn text (docs/record.md): every
//	    seat's view, or player p's own, the others' tiles left out
//	g:view([p])        -> the read-only view a bot in p's seat gets
//	g:variant()        -> the game's rules, as meld.variant gives them
//	g:clone()          -> an independent copy, to try a line of play
//
// # The sandbox
//
// Scripts get Lua 5.1's base functions, string, table and math, with the
// limits of package sandbox: a deadline for the whole run, a memory
// watchdog, capped string building and pattern matching. math.random is
// seeded (Options.Seed). There is no io, os, debug or package, and no
// dofile, loadfile, load or loadstring: each fails with a message saying
// so. require finds meld and the .lua files of the script's directory;
// g:save, meld.load and variant files are read and written there only.
//
// Run runs a file, as `meldlab run FILE.lua [args]` does; a failure is a
// *ScriptError, "file:line: message" with a Lua traceback.
//
// # Lua bots
//
// A Lua bot is a file that returns a function, or a table {name = "...",
// act = function}. The function gets a read-only view of the game from the
// bot's seat and returns its play, the whole table after it in notation,
// or "draw" (nil also draws):
//
//	view.player, view.current      the bot's seat and the player to play
//	view.rack, view.table          notation, canonical
//	view.racks, view.opened        tiles on each rack, who has opened
//	view.locked                    the first-round lock applies this turn
//	view.pool, view.round, view.turn, view.scores, view.last_play
//	view.variant, view.rules       the variant's name and its rules table
//	view.unseen                    the tiles it cannot see (the box less
//	                               the table and its rack), canonical
//
// NewBot loads one; the registry Bots returns makes one from its path,
// Bots(games).New("path/to/bot.lua", seed). Each call is bounded by
// the sandbox limits; a bot that errors or returns an illegal play loses
// its turn with the variant's penalty (bots.Turn). A bot has no folder:
// require finds the .lua files beside it, but g:save and meld.load are
// refused, so nothing passes from one game to the next through files.
//
// # Lessons
//
// A lesson is a file lessons/NN-name.lua that returns a table (see
// Lesson for the fields): a scenario, the text that teaches it and a check
// of the learner's play. Lessons lists the shipped ones, LessonsIn the
// files of any directory; StartLesson and LoadLesson open one.
//
// # Sessions
//
// A Session keeps one Lua state for an interactive user: Eval evaluates a
// line or block against the current game (the global game), printing
// values as Lua's own REPL does; ErrIncomplete asks for more lines.
//
// # Testing scripts
//
// The tests run every .lua file under this directory. There assert reports
// each failure with its file and line and the script goes on; a script
// whose first lines hold a comment
//
//	-- expect error: "text"
//
// must fail with an error containing text.
package scripts
