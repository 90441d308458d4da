package coretest

// Example is one of the rulebooks' worked examples, rebuilt in docs/rules.md: the
// table before the turn, the rack, and the table the book shows after it.
type Example struct {
	Name               string
	Table, Rack, After string
}

// WorkedExamples are the ten worked examples of rulebooks 000 and 003, in the
// books' order: six ways to add to and rearrange the table, then four ways
// to free a joker (the freed joker then played with r12 r13).
var WorkedExamples = []Example{
	{"add to sets", "[b4 b5 b6] [k8 r8 o8]", "b3 b8", "[b3 b4 b5 b6] [k8 r8 o8 b8]"},
	{"take the fourth tile of a group", "[k4 r4 o4 b4]", "b3 b5 b6", "[k4 r4 o4] [b3 b4 b5 b6]"},
	{"add one, take another", "[b8 b9 b10]", "b11 k8 o8", "[b9 b10 b11] [b8 k8 o8]"},
	{"split a run", "[r4 r5 r6 r7 r8]", "r6", "[r4 r5 r6] [r6 r7 r8]"},
	{"free several tiles", "[o1 o2 o3 o4] [k1 r1 b1 o1]", "b1", "[o2 o3 o4] [k1 b1 o1] [b1 o1 r1]"},
	{"total rearrangement", "[r3 r4 r5] [o3 o4 o5] [k3 k4 k5 k6 k7 k8 k9]", "k10 b5",
		"[r3 o3 k3] [r4 o4 k4] [r5 o5 k5 b5] [k6 k7 k8 k9 k10]"},
	{"free a joker: replace it", "[r3 b3 J]", "k3 r12 r13", "[r3 b3 k3] [J r12 r13]"},
	{"free a joker: split the run", "[o2 o3 J o5 o6]", "o1 o7 r12 r13", "[o1 o2 o3] [o5 o6 o7] [J r12 r13]"},
	{"free a joker: extend past it", "[J b3 b4]", "b5 r12 r13", "[b3 b4 b5] [J r12 r13]"},
	{"free a joker: rearrange around it", "[k1 k2 J] [r1 b1 o1] [r2 b2 o2]", "r12 r13",
		"[r1 b1 o1 k1] [r2 b2 o2 k2] [J r12 r13]"},
}
