package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SaveVersion is the version of the save format MarshalSave writes and ParseSave reads.
const SaveVersion = 1

// MaxSaveSize is the largest save a reader takes, 16 MiB: a long
// match's history takes a few hundred KiB, and a huge or endless file
// (/dev/zero) is refused rather than read into memory.
const MaxSaveSize = 16 << 20

// savedGame is the save format: the resolved rules, the players, the seed,
// the generator's state and the whole game state, tiles in notation (the
// pool in draw order: its last tile is drawn next), and the history.
type savedGame struct {
	Version     int      `json:"version"`
	Rules       Rules    `json:"rules"`
	Players     []string `json:"players"`
	Seed        uint64   `json:"seed"`
	Generator   []byte   `json:"generator"` // the PCG state, as its MarshalBinary writes it
	Round       int      `json:"round"`
	Turn        int      `json:"turn"`
	Current     int      `json:"current"`
	Pool        string   `json:"pool"`
	Racks       []string `json:"racks"`
	Table       string   `json:"table"`
	SetAside    string   `json:"set_aside"`
	Opened      []bool   `json:"opened"`
	Passes      int      `json:"passes"`
	Winners     []int    `json:"winners"`
	RoundScores []int    `json:"round_scores"`
	Totals      []int    `json:"totals"`
	RoundsWon   []int    `json:"rounds_won"`
	MatchWinner int      `json:"match_winner"`
	Drawn       string   `json:"drawn,omitempty"`
	LastPlay    string   `json:"last_play,omitempty"`
	Clocks      []int    `json:"clocks,omitempty"` // each seat's bank in milliseconds, under a chess clock
	History     []Action `json:"history"`
}

// MarshalSave encodes the game as a save (format version 1, SaveVersion):
// JSON with the resolved Rules, so it loads without the variant file, and
// extra top-level keys that a host keeps beside the game (the REPL keeps
// its seats' players; SaveFile.Extra gives them back), a key of the save
// format itself refused. Hooks are not saved (see SaveFile.Game). A game
// whose save would be over MaxSaveSize is refused: ParseSave's readers
// read no more, so a save they would refuse is no save.
//
// Writing the bytes to a file (atomically, never through a planted link,
// never into a FIFO) is internal/files' SaveGame.
func (g *Game) MarshalSave(extra map[string]json.RawMessage) ([]byte, error) {
	data, err := json.MarshalIndent(g.saved(), "", "  ")
	if err != nil {
		return nil, err
	}
	if len(extra) > 0 {
		known := saveKeys()
		keys := make([]string, 0, len(extra))
		for k := range extra {
			if known[k] {
				return nil, fmt.Errorf("%q is a key of the save format", k)
			}
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b bytes.Buffer
		b.Write(bytes.TrimSuffix(data, []byte("\n}")))
		for _, k := range keys {
			var v bytes.Buffer
			if err := json.Indent(&v, extra[k], "  ", "  "); err != nil {
				return nil, fmt.Errorf("%s: %w", k, err)
			}
			kq, _ := json.Marshal(k)
			fmt.Fprintf(&b, ",\n  %s: %s", kq, v.Bytes())
		}
		b.WriteString("\n}")
		data = b.Bytes()
	}
	data = append(data, '\n')
	if len(data) > MaxSaveSize {
		return nil, fmt.Errorf("the game takes %d bytes, over 16 MiB, the size limit of a saved game (load would refuse it)", len(data))
	}
	return data, nil
}

func (g *Game) saved() *savedGame {
	s := &g.s
	pcg, _ := s.pcg.MarshalBinary() // never fails
	sv := &savedGame{
		Version: SaveVersion, Rules: g.Rules, Players: g.names, Seed: g.seed, Generator: pcg,
		Round: s.round, Turn: s.turn, Current: s.current,
		Pool: tilesNote(s.pool), Table: s.table.String(), SetAside: s.aside.String(),
		Opened: s.opened, Passes: s.passes, Winners: s.winners, RoundScores: s.scores,
		Totals: s.totals, RoundsWon: s.won, MatchWinner: s.champ,
		LastPlay: tilesNote(s.last), Clocks: s.clocks, History: g.history,
	}
	if s.drawn != NoTile {
		sv.Drawn = s.drawn.String()
	}
	for i := range s.racks {
		sv.Racks = append(sv.Racks, s.racks[i].String())
	}
	if sv.History == nil {
		sv.History = []Action{}
	}
	return sv
}

// SaveFile is a save file read and decoded but not yet believed: a save may
// have been edited by hand, or written by a stranger, to change the rules
// under the same name or to forge the state. Game checks it.
type SaveFile struct {
	Name    string // the path, as errors name it
	Rules   Rules  // as the file gives them: not yet validated
	Players []string
	Seed    uint64
	// Extra are the top-level keys that are not the save format's, as
	// MarshalSave wrote them: a host's own data, checked by the host.
	Extra map[string]json.RawMessage

	sv savedGame
}

// ParseSave decodes the contents of a save file; name is what errors call it.
func ParseSave(name string, data []byte) (*SaveFile, error) {
	top, err := topKeys(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if top == nil || top["version"] == nil || top["rules"] == nil {
		return nil, fmt.Errorf("%s is not a meldlab save", name)
	}
	var version int
	if err := json.Unmarshal(top["version"], &version); err != nil {
		return nil, fmt.Errorf("%s is not a meldlab save", name)
	}
	if version != SaveVersion {
		return nil, fmt.Errorf("%s: save format version %d; this meldlab reads version %d", name, version, SaveVersion)
	}
	f := &SaveFile{Name: name}
	if err := json.Unmarshal(data, &f.sv); err != nil {
		return nil, fmt.Errorf("%s: %s", name, jsonWords(err))
	}
	known := saveKeys()
	for k, v := range top {
		if !known[k] {
			if f.Extra == nil {
				f.Extra = map[string]json.RawMessage{}
			}
			f.Extra[k] = v
		}
	}
	f.Rules, f.Players, f.Seed = f.sv.Rules, f.sv.Players, f.sv.Seed
	return f, nil
}

// topKeys reads the top-level object's keys and values, refusing twins: a
// key that appears twice, or two keys that differ only in case (a format
// key among them). Go's decoding of a struct matches keys whatever their
// case and keeps the last of twins, so twins could let a host's check of an
// extra key read one value and its loader another. Data that is not a JSON
// object gives nil and no error.
func topKeys(data []byte) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil
	}
	top := map[string]json.RawMessage{}
	folded := map[string]string{}
	for _, k := range slices.Sorted(maps.Keys(saveKeys())) {
		folded[strings.ToLower(k)] = k
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil
		}
		if _, twice := top[k]; twice {
			return nil, fmt.Errorf("the key %q appears twice", k)
		}
		if other, ok := folded[strings.ToLower(k)]; ok && other != k {
			return nil, fmt.Errorf("the keys %q and %q differ only in case", other, k)
		}
		folded[strings.ToLower(k)] = k
		top[k] = v
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, nil
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil
	}
	return top, nil
}

// jsonWords says what a decoding error found, in the file's terms.
func jsonWords(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := "a " + te.Type.Kind().String()
		switch te.Type.Kind() {
		case reflect.Int, reflect.Uint64, reflect.Uint8, reflect.Int64, reflect.Float64:
			want = "a number"
		case reflect.Slice:
			want = "a list"
		case reflect.Struct, reflect.Map:
			want = "an object"
		case reflect.Bool:
			want = "true or false"
		}
		field := te.Field
		if field == "" {
			field = "the file"
		}
		return fmt.Sprintf("%s: %s expected, not a %s", field, want, te.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("not valid JSON at byte %d", se.Offset)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// saveKeys are the top-level keys of the save format.
func saveKeys() map[string]bool {
	t := reflect.TypeFor[savedGame]()
	keys := make(map[string]bool, t.NumField())
	for i := range t.NumField() {
		keys[jsonName(t.Field(i))] = true
	}
	return keys
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// Game checks the save and returns its game, with hooks attached (nil for
// a variant without hooks). A save is evidence, not truth: the game must be
// one its rules could have produced. So the rules must be rules a game can
// be played with, and the game is played again from its seed through its
// history (deals, scenarios set up, plays and draws), with hooks; every
// field of the file must then be what that replay gives, or the file is
// refused, naming the first field that disagrees.
func (f *SaveFile) Game(hooks Hooks) (g *Game, err error) {
	defer func() {
		// No file may crash the program: a rule value the checks missed
		// ends here, as a refusal.
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("%s: the game cannot be replayed under its rules: %v", f.Name, r)
		}
	}()
	sv := &f.sv
	for i, name := range sv.Players {
		// Names are printed on terminals: no ESC sequence may hide in one.
		if strings.ContainsFunc(name, unicode.IsControl) || !utf8.ValidString(name) {
			return nil, fmt.Errorf("%s: players[%d]: a name may hold no control characters", f.Name, i)
		}
	}
	// NewGameWithHooks validates the rules (Rules.Validate) first: a save
	// may change them under the same name.
	g, err = NewGameWithHooks(sv.Rules, hooks, sv.Players, sv.Seed)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", f.Name, strings.TrimPrefix(err.Error(), "core: "))
	}
	for i, a := range sv.History {
		if err := g.Apply(a); err != nil {
			if a.Kind == ActTimeout && errors.Is(err, ErrNoTimeLimit) {
				// Saved before rules without a clock refused timeouts
				// (italian and novelty once took them, as a free pass).
				return nil, &oldTimeoutError{file: f.Name, index: i + 1, action: a, rules: g.Rules.says()}
			}
			return nil, fmt.Errorf("%s: history, action %d (%s): %s", f.Name, i+1, a, strings.TrimPrefix(err.Error(), "core: "))
		}
	}
	file, err := f.normalized()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name, err)
	}
	if field, saved, replayed := firstDifference(file, g.saved()); field != "" {
		return nil, fmt.Errorf("%s: %s: the file says %s, but its seed and history give %s", f.Name, field, saved, replayed)
	}
	return g, nil
}

// normalized is the file's state with its tiles written as MarshalSave writes
// them, so that spacing or order within a rack does not count as a forgery.
func (f *SaveFile) normalized() (*savedGame, error) {
	sv := f.sv
	box := sv.Rules.Tiles
	pool, err := box.ParseTiles(sv.Pool)
	if err != nil {
		return nil, fmt.Errorf("pool: %w", err)
	}
	sv.Pool = tilesNote(pool)
	table, err := box.ParseTable(sv.Table)
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	sv.Table = table.String()
	aside, err := box.ParseTiles(sv.SetAside)
	if err != nil {
		return nil, fmt.Errorf("set_aside: %w", err)
	}
	as := MultisetOf(aside...)
	sv.SetAside = as.String()
	sv.Racks = slices.Clone(sv.Racks)
	for i, r := range sv.Racks {
		tiles, err := box.ParseTiles(r)
		if err != nil {
			return nil, fmt.Errorf("racks, rack %d: %w", i+1, err)
		}
		ms := MultisetOf(tiles...)
		sv.Racks[i] = ms.String()
	}
	if sv.Drawn != "" {
		t, err := box.ParseTile(sv.Drawn)
		if err != nil {
			return nil, fmt.Errorf("drawn: %w", err)
		}
		sv.Drawn = t.String()
	}
	last, err := parseTilesNote(sv.LastPlay)
	if err != nil {
		return nil, fmt.Errorf("last_play: %w", err)
	}
	sv.LastPlay = tilesNote(last)
	if sv.History == nil {
		sv.History = []Action{}
	}
	return &sv, nil
}

// firstDifference compares two saves field by field, in the file's order,
// and returns the first field that differs with both values as JSON
// (shortened; JSON escapes any control character a file may hold).
func firstDifference(a, b *savedGame) (field, av, bv string) {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	t := va.Type()
	// What a person reads first (rounds, racks, table, scores) is compared
	// first; the pool's order and the generator, which differ whenever
	// anything else does, last.
	order := make([]int, 0, t.NumField())
	var late []int
	for i := range t.NumField() {
		switch jsonName(t.Field(i)) {
		case "pool", "generator", "history":
			late = append(late, i)
		default:
			order = append(order, i)
		}
	}
	for _, i := range append(order, late...) {
		fa, fb := va.Field(i), vb.Field(i)
		name := jsonName(t.Field(i))
		if fa.Kind() == reflect.Slice && fa.Type().Elem().Kind() != reflect.Uint8 && fa.Len() == fb.Len() {
			// A list of the same length: name the item.
			for j := range fa.Len() {
				if d, x, y := differ(fa.Index(j), fb.Index(j)); d {
					return fmt.Sprintf("%s[%d]", name, j), x, y
				}
			}
			continue
		}
		if d, x, y := differ(fa, fb); d {
			return name, x, y
		}
	}
	return "", "", ""
}

func differ(a, b reflect.Value) (bool, string, string) {
	ja, errA := json.Marshal(a.Interface())
	jb, errB := json.Marshal(b.Interface())
	return errA != nil || errB != nil || !bytes.Equal(ja, jb), shorten(ja), shorten(jb)
}

func shorten(b []byte) string {
	const max = 60
	if len(b) <= max {
		return string(b)
	}
	n := max
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return string(b[:n]) + "…"
}

// oldTimeoutError is a save whose history holds a timeout under rules
// without a time limit: one made before such rules refused timeouts.
type oldTimeoutError struct {
	file   string
	index  int
	action Action
	rules  Message
}

func (e *oldTimeoutError) Error() string {
	return fmt.Sprintf("%s: history, action %d (%s): this save is older than the rule that a variant without a time limit "+
		"has no timeout: %s have no time limit, so no turn times out, and the game cannot be replayed from here; start a new game",
		e.file, e.index, e.action, e.rules)
}

// Unwrap gives ErrNoTimeLimit, for errors.Is.
func (e *oldTimeoutError) Unwrap() error { return ErrNoTimeLimit }
