package sim

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every count of VariantStats is merged: each int64 field set apart in two
// stats adds up, and each list of counts adds up item by item, the shorter
// grown.
func TestMergeEveryCount(t *testing.T) {
	a, b := &VariantStats{Name: "a"}, &VariantStats{Name: "b"}
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := range va.NumField() {
		switch va.Field(i).Kind() {
		case reflect.Int64:
			va.Field(i).SetInt(int64(i + 1))
			vb.Field(i).SetInt(int64(10 * (i + 1)))
		case reflect.Slice:
			va.Field(i).Set(reflect.ValueOf([]int64{1}))
			vb.Field(i).Set(reflect.ValueOf([]int64{10, 20}))
		}
	}
	a.merge(b)
	for i := range va.NumField() {
		f := va.Type().Field(i).Name
		switch va.Field(i).Kind() {
		case reflect.Int64:
			assert.Equal(t, int64(11*(i+1)), va.Field(i).Int(), f)
		case reflect.Slice:
			assert.Equal(t, []int64{11, 20}, va.Field(i).Interface(), f)
		case reflect.String:
			assert.Equal(t, "a", va.Field(i).String(), f)
		}
	}
}
