package web

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// appendReply writes what json.Encoder writes, on replies whose every
// field (the state's, its players' and lesson's, the turns') is set at
// random: strings with HTML characters, control characters, invalid UTF-8
// and U+2028; lists nil, empty or not; numbers of any sign and size. A
// field added to the reply or the state without appendReply writing it
// fails here.
func TestReplyJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 7))
	for i := range 5000 {
		var r reply
		fill(rng, reflect.ValueOf(&r).Elem())
		var want bytes.Buffer
		require.NoError(t, json.NewEncoder(&want).Encode(r))
		require.Equal(t, want.String(), string(appendReply(nil, &r)), "reply %d: %#v", i, r)
	}
}

var oddStrings = []string{"", "a", "r7", "you> ", "<b>&amp;</b>", "\"quoted\" \\ back", "line\nnext\r\ttab\b\f",
	"\x00\x01\x1f\x7f", "ñandú é", "\u2028\u2029", "\xff\xfe bad", "日本", "J", "\xe2\x80"}

var oddFloats = []float64{0, 1, -1, 0.5, 59.999, 1e-7, 1.5e-7, 1e21, 1e20, 123456789.125, -3e-9, 7e300}

// fill sets v, and everything it holds, at random.
func fill(rng *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(oddStrings[rng.IntN(len(oddStrings))])
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	case reflect.Int:
		v.SetInt([]int64{0, 1, -1, 7, 1 << 40, -12345}[rng.IntN(6)])
	case reflect.Float64:
		v.SetFloat(oddFloats[rng.IntN(len(oddFloats))])
	case reflect.Pointer:
		if rng.IntN(3) > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(rng, v.Elem())
		}
	case reflect.Slice:
		switch n := rng.IntN(5); n {
		case 0: // nil
		default:
			v.Set(reflect.MakeSlice(v.Type(), n-1, n-1))
			for i := range n - 1 {
				fill(rng, v.Index(i))
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			fill(rng, v.Field(i))
		}
	default:
		panic("fill: no values for " + v.Type().String())
	}
}
