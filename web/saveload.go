package web

import (
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
	"github.com/meldlab/meldlab/repl/table"
)

// save runs the REPL's save into the session's own directory and sends
// the file to the browser as a download: the page never names a file.
func (srv *Server) save(w http.ResponseWriter, r *http.Request) {
	se := srv.get(w, r.URL.Query().Get("id"))
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	path := filepath.Join(se.dir, "meldlab-game.json")
	var data []byte
	err := srv.guard(se, func() error {
		ctx, cancel := srv.lineContext(r)
		defer cancel()
		_, err := se.s.Run(ctx, "save "+quote(path))
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
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="meldlab-game.json"`)
	w.Write(data)
}

// load takes a save uploaded by the browser (the body, up to
// Config.MaxSave) and runs the REPL's load on it, which replays the game
// to check it. A save whose seats name a bot by file is refused first.
func (srv *Server) load(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	se := srv.get(w, r.URL.Query().Get("id"))
	if se == nil {
		return
	}
	defer se.mu.Unlock()
	lang := se.opt.Lang
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, say(lang, refuse("web.err.save_too_big", "N", tooBig.Limit)))
			return
		}
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	// The check reads the seats as the loader will (table.SeatPlayers on
	// core's one decoding of the save), and a save from the page may name
	// only the shipped bots: no file, whatever it is called.
	f, err := core.ParseSave("meldlab-game.json", data)
	if err != nil {
		fail(w, http.StatusBadRequest, say(lang, refuse("web.err.not_a_save", "Error", err.Error())))
		return
	}
	players, err := table.SeatPlayers(f)
	if err != nil {
		fail(w, http.StatusBadRequest, say(lang, err))
		return
	}
	for _, p := range players {
		if err := shippedPlayer(p); err != nil {
			fail(w, http.StatusForbidden, say(lang, err))
			return
		}
	}
	path := filepath.Join(se.dir, "meldlab-game.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	defer os.Remove(path)
	srv.runLine(w, r, se, "load "+quote(path))
}

// quote writes a path as one argument of a command line.
func quote(p string) string { return `"` + strings.ReplaceAll(p, `"`, `\"`) + `"` }

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
	return refuse("web.err.names_file", "Arg", strconv.Quote(p))
}
