package scripts

import (
	"fmt"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/meldlab/meldlab/core"
	"github.com/meldlab/meldlab/i18n"
)

// text is a lesson's text in the languages it is written in: a Lua string
// is English; a table {en = ..., es = ..., it = ..., fr = ...} gives the
// others. English is always there, the fallback for a language missing.
type text map[i18n.Lang]string

// in is the text in lang, or in English when lang is missing.
func (t text) in(lang i18n.Lang) string {
	if s, ok := t[lang]; ok {
		return s
	}
	return t[i18n.English]
}

// has reports whether the text is written in lang (an empty text is in
// every language).
func (t text) has(lang i18n.Lang) bool {
	_, ok := t[lang]
	return ok || len(t) == 0
}

// readText reads a lesson field as a text; problems are appended to errs.
func readText(field string, v lua.LValue, errs *[]string) text {
	switch v := v.(type) {
	case lua.LString:
		return text{i18n.English: strings.TrimSpace(string(v))}
	case *lua.LTable:
		t := text{}
		readable(v).ForEach(func(k, val lua.LValue) {
			lang, err := i18n.Parse(lua.LVAsString(k))
			if err != nil || k.Type() != lua.LTString || string(lang) != lua.LVAsString(k) {
				*errs = append(*errs, fmt.Sprintf("%s: %q is not a language; a text is a string or a table of en, es, it, fr", field, lua.LVAsString(k)))
				return
			}
			s, ok := val.(lua.LString)
			if !ok {
				*errs = append(*errs, fmt.Sprintf("%s.%s: a string expected, got %s", field, lang, describe(val)))
				return
			}
			t[lang] = strings.TrimSpace(string(s))
		})
		if _, ok := t[i18n.English]; !ok && len(t) > 0 {
			*errs = append(*errs, fmt.Sprintf("%s: no en; every text is written in English at least", field))
		}
		return t
	}
	*errs = append(*errs, fmt.Sprintf("%s: a string or a table of languages expected, got %s", field, describe(v)))
	return nil
}

// Speak makes the lesson say its texts in lang, and lists the fields not
// written in it, which it says in English ("intro", "hints[2]", …).
func (l *Lesson) Speak(lang i18n.Lang) (missing []string) {
	l.lang = lang
	add := func(field string, t text) {
		if !t.has(lang) {
			missing = append(missing, field)
		}
	}
	add("title", l.title)
	add("intro", l.intro)
	add("goal", l.goal)
	add("success", l.success)
	for i, h := range l.hints {
		add(fmt.Sprintf("hints[%d]", i+1), h)
	}
	sort.Strings(missing)
	return missing
}

// Lang is the language the lesson speaks (see Speak).
func (l *Lesson) Lang() i18n.Lang {
	if l.lang == "" {
		return i18n.English
	}
	return l.lang
}

// say says one of the lesson runner's own messages in the lesson's language.
func (l *Lesson) say(m core.Message) string {
	return i18n.New(l.Lang()).Message(m)
}
