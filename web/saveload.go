package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/meldlab/meldlab/bots"
	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/record"
	"github.com/meldlab/meldlab/repl"
	"github.com/meldlab/meldlab/repl/table"
)

// save saves the session's game into its own directory (the session's
// SaveTo; no line of the terminal) and sends the file to the browser as a
// download, a save or (?format=mgn) its record: the page never names a
// file.
func (srv *Server) save(w http.ResponseWriter, r *http.Request) {
	se := srv.get(w, r, r.URL.Query().Get("id"))
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	name, ctype := "meldlab-game.json", "application/json"
	if r.URL.Query().Get("format") == "mgn" { // the game's record, for people to read
		name, ctype = "meldlab-game.mgn", "text/plain; charset=utf-8"
	}
	path := filepath.Join(se.dir, name)
	var data []byte
	err := srv.guard(se, func() error {
		_, err := se.s.SaveTo(path)
		if err != nil {
			return errors.New(se.hidePaths(se.s.ErrorText(err)))
		}
		data, err = os.ReadFile(path)
		os.Remove(path)
		return err
	})
	if err != nil {
		fail(w, http.StatusConflict, say(se.opt.Lang, err))
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Write(data)
}

// load takes a save or a record uploaded by the browser (the body, up to
// Config.MaxSave) and loads it into the session, which replays the game to
// check it. A game whose seats name a bot by file is refused first.
func (srv *Server) load(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	se := srv.get(w, r, r.URL.Query().Get("id"))
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	lang := se.opt.Lang
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, say(lang, refuse(msg.WebErrSaveTooBig(tooBig.Limit))))
			return
		}
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	// The check reads the seats as the loader will, and a game from the
	// page may name only the shipped bots: no file, whatever it is called.
	// A save is JSON; a record's JSON Lines twin is read as one (its
	// lines begin {"type":); anything else is read as a record (.mgn).
	name, players, err := uploadedPlayers(data)
	if err != nil {
		text := say(lang, err)
		if _, ours := err.(*core.Refusal); !ours { // a record's problems, each at its line, in the learner's words
			text = se.s.ErrorText(err)
		}
		fail(w, http.StatusBadRequest, text)
		return
	}
	for _, p := range players {
		if err := shippedPlayer(p); err != nil {
			fail(w, http.StatusForbidden, say(lang, err))
			return
		}
	}
	path := filepath.Join(se.dir, name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	defer os.Remove(path)
	srv.reply(w, r, se, func(ctx context.Context) (repl.Reply, error) { return se.s.LoadFrom(ctx, path) })
}

// uploadedPlayers reads who plays each seat of an uploaded game, as its
// loader will: a save's repl_seats (table.SeatPlayers on core's one
// decoding), or a record's Players tag (.mgn, or JSON Lines). name is the
// file it is loaded as, its extension the loader's choice.
func uploadedPlayers(data []byte) (name string, players []string, err error) {
	name, parse := "meldlab-game.mgn", record.Parse
	if t := bytes.TrimSpace(data); bytes.HasPrefix(t, []byte(`{"type":`)) { // a record's JSON Lines twin
		name, parse = "meldlab-game.jsonl", record.ParseJSONL
	} else if len(t) > 0 && t[0] == '{' {
		f, err := core.ParseSave("meldlab-game.json", data)
		if err != nil {
			return "", nil, refuse(msg.WebErrNotASave(err.Error()))
		}
		players, err := table.SeatPlayers(f)
		return "meldlab-game.json", players, err
	}
	rec, err := parse(name, data)
	if err != nil {
		return "", nil, err
	}
	tag, _ := rec.Tag("Players")
	for _, p := range strings.Split(tag, ",") {
		players = append(players, strings.TrimSpace(p))
	}
	return name, players, nil
}

// shippedPlayer refuses a seat's player that is not a person or one of the
// shipped bots, by its exact name: a name the bots' registry does not know
// would be read as a Lua file ("evil.lua" is one, slash or not).
func shippedPlayer(p string) error {
	switch strings.ToLower(p) {
	case "", "human", "person", "me":
		return nil
	}
	if slices.Contains(bots.NewRegistry().Names(), p) {
		return nil
	}
	return refuse(msg.WebErrNamesFile(strconv.Quote(p)))
}
