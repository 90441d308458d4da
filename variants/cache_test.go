package variants

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/meldlab/meldlab/internal/files"
)

// The shipped variants are parsed once: every Resolve returns what parsing
// the file again would, as a copy that shares no slice, map or pointer with
// the cache or with another caller's copy.
func TestShippedVariantsCachedAsCopies(t *testing.T) {
	for _, name := range Names() {
		a, err := Resolve(name)
		require.NoError(t, err, name)
		b, err := ResolveWithin(t.TempDir(), name)
		require.NoError(t, err, name)

		src, msg := locate(name, nil)
		require.Empty(t, msg)
		text, err := src.read(files.Variant)
		require.NoError(t, err)
		fresh, err := resolveText(src, text)
		require.NoError(t, err, name)
		assert.Equal(t, fresh, a, "%s: the cached variant is not what the file gives", name)
		assert.Equal(t, fresh, b, name)

		shippedCache.Lock()
		cached := shippedCache.byFile[src.path]
		shippedCache.Unlock()
		require.NotNil(t, cached, name)
		for _, other := range []*Variant{b, cached} {
			assert.Empty(t, sharedRefs(reflect.ValueOf(a).Elem(), reflect.ValueOf(other).Elem(), "Variant"),
				"%s: a copy shares these with another", name)
		}

		// A caller that changes its copy changes nobody else's.
		a.Rules.Opening.Points++
		a.Rules.Deal.Piles = append(a.Rules.Deal.Piles[:0:0], 99)
		if a.Rules.Params != nil {
			a.Rules.Params["zz"] = 1
		}
		a.Origins["zz"] = Origin{}
		if a.hooks != nil {
			a.hooks.Text[0] = '!'
		}
		c, err := Resolve(name)
		require.NoError(t, err, name)
		assert.Equal(t, fresh, c, "%s: a caller's change reached the cache", name)
	}
}

// sharedRefs lists the paths at which a and b (of one type) hold the same
// non-empty slice, map or pointer.
func sharedRefs(a, b reflect.Value, path string) []string {
	var out []string
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return nil
		}
		if a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		return append(out, sharedRefs(a.Elem(), b.Elem(), path)...)
	case reflect.Slice:
		if a.Len() > 0 && b.Len() > 0 && a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		for i := range min(a.Len(), b.Len()) {
			out = append(out, sharedRefs(a.Index(i), b.Index(i), path+"[]")...)
		}
	case reflect.Map:
		if a.Len() > 0 && b.Len() > 0 && a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		for _, k := range a.MapKeys() {
			if bv := b.MapIndex(k); bv.IsValid() {
				out = append(out, sharedRefs(a.MapIndex(k), bv, path+"[k]")...)
			}
		}
	case reflect.Interface:
		if !a.IsNil() && !b.IsNil() && a.Elem().Type() == b.Elem().Type() {
			out = append(out, sharedRefs(a.Elem(), b.Elem(), path)...)
		}
	case reflect.Struct:
		for i := range a.NumField() {
			out = append(out, sharedRefs(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name)...)
		}
	}
	return out
}

// A variant file on disk is read afresh each time: it may have changed.
func TestVariantFileReadAfresh(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.yaml")
	write := func(points string) {
		require.NoError(t, os.WriteFile(path, []byte("name: mine\nextends: original\nopening:\n  points: "+points+"\n"), 0o644))
	}
	write("40")
	v, err := Resolve(path)
	require.NoError(t, err)
	assert.Equal(t, 40, v.Rules.Opening.Points)
	write("50")
	v, err = Resolve(path)
	require.NoError(t, err)
	assert.Equal(t, 50, v.Rules.Opening.Points)
}
