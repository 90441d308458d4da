package solve_test

import (
	"os"
	"strconv"
)

func init() {
	if v := os.Getenv("BRUTE_SEED"); v != "" {
		x, _ := strconv.Atoi(v)
		bruteSeed, bruteN = uint64(x), 4000
	}
}
