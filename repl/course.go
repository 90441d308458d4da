package repl

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// course is the lessons a learner has passed, kept in a small file beside
// the REPL's history (one lesson number a line), so that lesson shows the
// progress from one session to the next. With no file the course lasts the
// session.
type course struct {
	path string // "" keeps nothing
	done map[int]bool
}

// openCourse reads the course file at path; a missing or unreadable file
// is an empty course (it is only a convenience).
func openCourse(path string) *course {
	c := &course{path: path, done: map[int]bool{}}
	if path == "" {
		return c
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return c
	}
	for _, f := range strings.Fields(string(data)) {
		if n, err := strconv.Atoi(f); err == nil && n > 0 {
			c.done[n] = true
		}
	}
	return c
}

func (c *course) passed(n int) bool { return c.done[n] }

func (c *course) pass(n int) { c.done[n] = true }

// save writes the course file, replacing it whole.
func (c *course) save() error {
	if c.path == "" {
		return nil
	}
	ns := make([]int, 0, len(c.done))
	for n := range c.done {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	var b strings.Builder
	for _, n := range ns {
		fmt.Fprintln(&b, n)
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	tmp := c.path + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, c.path)
}

// CoursePath is where the course is kept beside the history file at
// historyPath: the file "lessons" in its directory; "" for none.
func CoursePath(historyPath string) string {
	if historyPath == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(historyPath), "lessons")
}
