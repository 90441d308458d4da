package variants_test

import (
	"fmt"

	"github.com/meldlab/meldlab/variants"
)

func ExampleLoad() {
	rules, err := variants.Load("italian")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rules.Deal.Method, rules.Deal.Piles, rules.Deal.Take, rules.Tiles.Size())
	// Output:
	// piles [7 7 7 7 7 7 7 7 7 7 7 7 7 7 8] 2 106
}

// Every value knows the file and line it comes from.
func ExampleResolve() {
	v, err := variants.Resolve("house/fifty")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, key := range []string{"opening.points", "opening.joker_value"} {
		value, _ := v.Value(key)
		o := v.Origins[key]
		fmt.Printf("%s = %s (%s:%d, %s)\n", key, value, o.File, o.Line, o.Variant)
	}
	// Output:
	// opening.points = 50 (house/fifty.yaml:11, house/fifty)
	// opening.joker_value = represented (original.yaml:51, original)
}
