package core_test

import (
	"errors"
	"fmt"

	"github.com/meldlab/meldlab/core"
)

func ExampleValidateSet() {
	set, _ := core.ParseSet("[r4 J r6]")
	info, err := core.ValidateSet(set)
	fmt.Println(info.Kind, info.Value, info.JokerTiles(), err)
	// Output: run 15 [r5] <nil>
}

func ExampleValidateSet_invalid() {
	set, _ := core.ParseSet("[r4 b5 r6]")
	_, err := core.ValidateSet(set)
	fmt.Println(err)
	fmt.Println(errors.Is(err, core.ErrMixedColors))
	// Output:
	// [r4 b5 r6] is not a run: b5 is blue, the run is red
	// true
}

func ExampleSetInfo_Canonical() {
	// A spare joker written first stands below the run; one written last above.
	for _, text := range []string{"[J r3 r4]", "[r4 r3 J]", "[r13 J J]"} {
		set, _ := core.ParseSet(text)
		info, _ := core.ValidateSet(set)
		fmt.Println(text, "->", info.Canonical(set, 13), info.Value)
	}
	// Output:
	// [J r3 r4] -> [J r3 r4] 9
	// [r4 r3 J] -> [r3 r4 J] 12
	// [r13 J J] -> [J J r13] 36
}

func ExampleParseTable() {
	table, err := core.ParseTable("[R3 r4 y5] [k8, b8, o8]")
	fmt.Println(table, err)
	_, err = core.ParseTable("[r3 r4 r5] [k8 b8 o14]")
	fmt.Println(err)
	// Output:
	// [r3 r4 o5] [k8 b8 o8] <nil>
	// set 2, tile 3 "o14": numbers run 1..13
}

func ExampleDiff() {
	before, _ := core.ParseTable("[b8 b9 b10]")
	after, _ := core.ParseTable("[b9 b10 b11] [b8 k8 o8]")
	fmt.Println(core.Diff(before, after))
	// Output: added k8 b11 o8
}
