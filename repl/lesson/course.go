package lesson

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	filecap "github.com/meldlab/meldlab/internal/files"
)

// Course is the lessons a learner has passed, kept in a small file beside
// the REPL's history (one lesson number a line), so that lesson shows the
// progress from one session to the next. With no file the course lasts the
// session.
type Course struct {
	path string // "" keeps nothing
	done map[int]bool
}

// courseFile caps the course file: a number a line for 17 lessons takes a
// few dozen bytes, and the file may be a link to anything (/dev/zero).
var courseFile = filecap.Limit{Kind: "the lessons file", Max: 64 << 10}

// OpenCourse reads the course file at path; a missing or unreadable file,
// one over courseFile or one that is not a regular file (a device, a FIFO),
// is an empty course (it is only a convenience).
func OpenCourse(path string) *Course {
	c := &Course{path: path, done: map[int]bool{}}
	if path == "" {
		return c
	}
	data, err := filecap.Read(path, courseFile)
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

// Passed reports whether lesson n is passed.
func (c *Course) Passed(n int) bool { return c.done[n] }

// Pass notes lesson n passed (Save keeps it).
func (c *Course) Pass(n int) { c.done[n] = true }

// save writes the course file, replacing it whole.
func (c *Course) Save() error {
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
	return filecap.WriteAtomic(c.path, 0o644, func(w io.Writer) error {
		_, err := io.WriteString(w, b.String())
		return err
	})
}

// CoursePath is where the Course is kept beside the history file at
// historyPath: the file "lessons" in its directory; "" for none.
func CoursePath(historyPath string) string {
	if historyPath == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(historyPath), "lessons")
}
