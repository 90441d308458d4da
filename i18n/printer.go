package i18n

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"

	"github.com/meldlab/meldlab/core"
)

//go:embed locales/*.yaml
var locales embed.FS

// A Printer says messages in one language. The zero Printer, and a nil one,
// speak English. Its catalog is read when it first says something, and
// only its language's: a command that prints nothing, or only English,
// parses no translation (start-up stays a few milliseconds).
type Printer struct {
	lang Lang
	once sync.Once
	loc  *goi18n.Localizer
	// plain holds the messages said with no argument (a colour, a kind,
	// a heading), by id: said again at each turn of a game, they are read
	// from the catalog once.
	plain sync.Map
}

// New returns the Printer for l.
func New(l Lang) *Printer { return &Printer{lang: l} }

// localizer is the printer's localizer, made on first use.
func (p *Printer) localizer() *goi18n.Localizer {
	p.once.Do(func() {
		b, _ := bundle(p.Lang())
		p.loc = goi18n.NewLocalizer(b, string(p.Lang()), string(English))
	})
	return p.loc
}

// Lang is the printer's language.
func (p *Printer) Lang() Lang {
	if p == nil || p.lang == "" {
		return English
	}
	return p.lang
}

// T says the message id with its arguments given as name, value pairs:
//
//	p.T("repl.turn", "Player", name, "Count", n)
func (p *Printer) T(id string, nameValues ...any) string {
	return p.Message(core.Msg(id, nameValues...))
}

// Message says m in the printer's language, falling back to English for
// an id the language lacks (TestCatalogsComplete keeps that from shipping).
func (p *Printer) Message(m core.Message) string {
	if p == nil {
		p = New(English)
	}
	if len(m.Args) == 0 {
		if s, ok := p.plain.Load(m.ID); ok {
			return s.(string)
		}
	}
	data := make(map[string]any, len(m.Args))
	for k, v := range m.Args {
		data[k] = p.arg(v)
	}
	lc := &goi18n.LocalizeConfig{MessageID: m.ID, TemplateData: data}
	switch n := m.Args["Count"].(type) {
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		lc.PluralCount = n
	}
	s, err := p.localizer().Localize(lc)
	if s == "" && err != nil {
		if m.ID == "" {
			return ""
		}
		return m.String()
	}
	if len(m.Args) == 0 && err == nil {
		p.plain.Store(m.ID, s)
	}
	return s
}

// arg puts one argument in the printer's language: colours and kinds by
// their catalog words, nested messages and errors said in full; anything
// else prints as its String method says (tiles, sets, numbers, names).
func (p *Printer) arg(v any) any {
	switch v := v.(type) {
	case core.Color:
		return p.T("colour." + v.String())
	case core.Kind:
		return p.T("kind." + v.String())
	case core.List:
		and := "list.and"
		if v.Or {
			and = "list.or"
		}
		return v.Say(func(it any) string { return fmt.Sprint(p.arg(it)) }, p.T(and))
	case core.Message:
		return p.Message(v)
	case core.Messager:
		return p.Message(v.Message())
	case error:
		return p.Error(v)
	}
	return v
}

// Error says err in the printer's language when it, or an error it wraps,
// can say itself as a core.Message; any other error is said as it is. A
// wrapped message keeps the English context around it (a file and line).
func (p *Printer) Error(err error) string {
	if err == nil {
		return ""
	}
	if m, ok := err.(core.Messager); ok {
		return p.Message(m.Message())
	}
	var m core.Messager
	if errors.As(err, &m) {
		whole, inner := err.Error(), m.Message().String()
		if i := strings.LastIndex(whole, inner); i >= 0 {
			return whole[:i] + p.Message(m.Message()) + whole[i+len(inner):]
		}
	}
	return err.Error()
}

var (
	bundlesMu sync.Mutex
	bundles   = map[Lang]*langBundle{} // one a language, built when first needed

	englishMu sync.Mutex
	english   = map[string]string{} // AddEnglish's, by id
)

// langBundle is one language's catalog with English beneath it.
type langBundle struct {
	once sync.Once
	b    *goi18n.Bundle
	err  error
}

// AddEnglish declares messages in English from the package that says them,
// by id, so that their English stays beside the code (as core's does);
// their translations go in locales/AREA.LANG.yaml like any other. Call it
// from an init function: a Printer made before it does not know them.
func AddEnglish(msgs map[string]string) {
	englishMu.Lock()
	defer englishMu.Unlock()
	for id, src := range msgs {
		english[id] = src
	}
}

// bundle loads, once, English (from core, AddEnglish and
// locales/*.en.yaml) and the catalogs of l (locales/*.l.yaml). A catalog
// that does not load is left out (its language falls back to English) and
// reported by Check.
func bundle(l Lang) (*goi18n.Bundle, error) {
	bundlesMu.Lock()
	lb := bundles[l]
	if lb == nil {
		lb = &langBundle{}
		bundles[l] = lb
	}
	bundlesMu.Unlock()
	lb.once.Do(func() {
		lb.b = goi18n.NewBundle(language.English)
		var errs []error
		for _, m := range englishMessages() {
			if err := lb.b.AddMessages(language.English, m); err != nil {
				errs = append(errs, err)
			}
		}
		files, err := catalogFiles(English, l)
		errs = append(errs, err)
		for _, f := range files {
			if err := lb.b.AddMessages(f.Tag, f.Messages...); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", f.Path, err))
			}
		}
		lb.err = errors.Join(errs...)
	})
	return lb.b, lb.err
}

// Check reports any catalog, of any language, that does not load.
func Check() error {
	var errs []error
	for _, l := range Langs {
		_, err := bundle(l)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// englishMessages are core's English and AddEnglish's.
func englishMessages() []*goi18n.Message {
	var out []*goi18n.Message
	for id, src := range core.English() {
		out = append(out, &goi18n.Message{ID: id, Other: src})
	}
	englishMu.Lock()
	defer englishMu.Unlock()
	for id, src := range english {
		out = append(out, &goi18n.Message{ID: id, Other: src})
	}
	return out
}

var unmarshal = map[string]goi18n.UnmarshalFunc{"yaml": yaml.Unmarshal}

// catalogFiles parses the embedded catalogs of the languages given
// (locales/AREA.LANG.yaml).
func catalogFiles(langs ...Lang) ([]*goi18n.MessageFile, error) {
	var names []string
	for _, l := range langs {
		ns, err := fs.Glob(locales, "locales/*."+string(l)+".yaml")
		if err != nil {
			return nil, err
		}
		names = append(names, ns...)
	}
	var out []*goi18n.MessageFile
	var errs []error
	for _, name := range names {
		buf, err := locales.ReadFile(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		f, err := goi18n.ParseMessageFileBytes(buf, path.Base(name), unmarshal)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
			continue
		}
		f.Path = name
		out = append(out, f)
	}
	return out, errors.Join(errs...)
}
