package solve

// The printed boxes' tables come with the binary. Building a shape's tables
// (config.go) takes 0.03-0.85 ms of a warm machine for the printed boxes,
// more in a fresh process, where each page of the up to 230 KB they fill is
// new to it: more than an easy problem's whole search. So the first problem
// of each shape in a process (a one-off `meldlab solve`, a scenario's first
// hint, a bot's first move in a lab's games) waited for them. The tables of
// every shape a printed edition's box can give a problem are built ahead
// of time instead, and compiled in as data (printed_tables.go): the
// linker lays them out, no code runs to make them, and a process reads
// only the pages its problems touch. The first problem of a shape takes
// slices of them (a few hundred slice headers), the colour states' codes
// (enumStates) and the group profiles' bools (a few KB): 3-37 µs against
// 26-850 µs to build them, on a warm machine (BenchmarkBuildTables), with
// a tenth to a fifth of the memory. Other boxes (a house rule's) are built
// as before.
//
// printed_tables.go is generated, and TestPrintedTables holds it to the
// tables the code builds today: after a change to how they are built, make
// it again with
//
//	go generate ./core/solve
//
//go:generate go test -run ^TestPrintedTables$ -update

// printedShapes are the shapes in printed_tables.go: every printed
// edition's box has 4 colours of 13 numbers, runs and groups of at least 3
// and no wrap, 2 or 3 copies and 2 or 4 jokers; a problem's shape counts
// the copies and jokers in play, 1 to 3 copies and 0 to 4 jokers.
// (TestPrintedShapesCoverTheEditions holds every shipped edition to it.)
func printedShapes() []shape {
	var out []shape
	for copies := 1; copies <= 3; copies++ {
		for jokers := 0; jokers <= 4; jokers++ {
			out = append(out, shape{colors: 4, numbers: 13, copies: copies, jokers: jokers, minRun: 3, minGrp: 3})
		}
	}
	return out
}

// printedShape is where one shape's tables lie in printed_tables.go's
// arrays: each field the index of its first entry in the array of its
// name (bools, in the string printedBools: profOK, groupProf, profOKPlain,
// then groupProfPlain; maxGroup, then maxGroupPlain in printedProfs). The lengths follow from the shape (the colour states, the
// profiles: enumStates, genProfiles) and from the tables themselves (a
// fit list's length is its last fitEnd).
type printedShape struct {
	shape
	ends, fit, details, pfx, pfxLen  uint32 // printedEnds, printedFit, ...
	profs, profNext, bools, maxGroup uint32
	nprofs                           uint16
}

// printedConfig returns sh's tables from printed_tables.go, or nil when sh
// is not among them.
func printedConfig(sh shape) *config {
	for i := range printedIndex {
		if printedIndex[i].shape == sh {
			return printedIndex[i].config()
		}
	}
	return nil
}

// config lays the shape's tables out as the search reads them: slices of
// the arrays, nothing copied.
func (ps *printedShape) config() *config {
	c := startConfig(ps.shape).c
	ns, lists, jk := len(c.counts), c.copies+1, c.jokers+1
	ends, fit, details := ps.ends, ps.fit, ps.details
	for range ns {
		for range lists {
			end := printedEnds[ends : ends+uint32(jk) : ends+uint32(jk)]
			n := uint32(end[jk-1])
			c.fit = append(c.fit, printedFit[fit:fit+n:fit+n])
			c.fitEnd = append(c.fitEnd, end)
			ends, fit = ends+uint32(jk), fit+n
		}
		all := c.fit[len(c.fit)-1] // a move takes at most copies real tiles
		c.moves = append(c.moves, all)
		n := uint32(len(all))
		c.details = append(c.details, printedDetails[details:details+n:details+n])
		details += n
	}
	c.pfxArena = printedPfx[ps.pfx : ps.pfx+ps.pfxLen : ps.pfx+ps.pfxLen]
	c.findIdle()

	np := int(ps.nprofs)
	c.profs = make([][]uint8, np)
	c.profNext = make([][]uint16, np)
	for p := range np {
		at := int(ps.profs) + p*lists
		c.profs[p] = printedProfs[at : at+lists : at+lists]
		at = int(ps.profNext) + p*lists
		c.profNext[p] = printedProfNext[at : at+lists : at+lists]
	}
	// the two tables of bools, one allocation (a Go array of bools would
	// write a line a bool in the source)
	ok, gp := np*np*jk, np*jk
	bits := printedBools[ps.bools : int(ps.bools)+2*(ok+gp)]
	bools := make([]bool, len(bits))
	for i := range bits {
		bools[i] = bits[i] == '1'
	}
	next := func(n int) []bool {
		out := bools[:n:n]
		bools = bools[n:]
		return out
	}
	c.profOK, c.groupProf, c.profOKPlain, c.groupProfPlain = next(ok), next(gp), next(ok), next(gp)
	at, mg := int(ps.maxGroup), np*lists*jk
	c.maxGroup = printedProfs[at : at+mg : at+mg]
	c.maxGroupPlain = printedProfs[at+mg : at+2*mg : at+2*mg]
	if c.wrap {
		c.genCross()
	}
	return c
}
