package files

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/meldlab/meldlab/core"
)

// Saved games on disk. core encodes a game to bytes and decodes them
// (Game.MarshalSave, core.ParseSave), believing nothing a file says until it
// has replayed it; where the bytes live is this package's business, by the
// same rules as every other file meldlab reads and writes.

// SaveGame writes g's save to path (see core.Game.MarshalSave for extra),
// as the old file or the new one, whole (see AtomicFile): never through a
// link planted under a temporary name, a character device written in
// place, a FIFO, a socket, a block device or a directory refused.
func SaveGame(g *core.Game, path string, extra map[string]json.RawMessage) error {
	data, err := g.MarshalSave(extra)
	if err == nil {
		err = WriteFile(path, 0o644, func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		})
	}
	if err != nil {
		return fmt.Errorf("cannot save to %s: %w", path, bare(err))
	}
	return nil
}

// ReadSave reads a save file (at most core.MaxSaveSize bytes) and decodes
// it, believing none of it yet (see core.SaveFile). It reads a regular file
// only: a FIFO (which would wait for a writer), a device or a socket is
// refused before anything is read.
func ReadSave(path string) (*core.SaveFile, error) {
	f, err := Open(path)
	if nr, ok := err.(*NotRegularError); ok {
		return nil, nr
	}
	if err != nil {
		return nil, &core.ReadError{Path: path, Err: err}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, core.MaxSaveSize+1))
	if err != nil {
		return nil, &core.ReadError{Path: path, Err: err}
	}
	if len(data) > core.MaxSaveSize {
		return nil, fmt.Errorf("%s is over 16 MiB, the size limit of a saved game", path)
	}
	return core.ParseSave(path, data)
}

// LoadGame reads a game that SaveGame wrote and believes none of it until
// it has checked it (core.SaveFile.Game). The game resumes exactly: the same
// state, history and generator, so it makes the same draws the saved game
// would have. A game whose variant has Lua hooks needs them to replay: use
// ReadSave and core.SaveFile.Game.
func LoadGame(path string) (*core.Game, error) {
	f, err := ReadSave(path)
	if err != nil {
		return nil, err
	}
	return f.Game(nil)
}

// bare is an I/O error without the operation and path that the message
// around it already gives: "no such file or directory".
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
