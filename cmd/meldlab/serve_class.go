package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/skip2/go-qrcode"

	"github.com/meldlab/meldlab/i18n/msg"
	"github.com/meldlab/meldlab/web"
)

// classIdle is how long a pupil's session waits in class mode: a school
// period and a break (the class's data lasts anyway; this is memory).
const classIdle = 2 * time.Hour

// flagSet reports whether the command line set the flag name.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// printClass prints what the teacher needs to start a class: the address
// pupils type and its QR code (with the join code in it, so a tablet's
// camera opens the join page filled in), the join code, and the teacher's
// page and code.
func printClass(w io.Writer, srv *web.Server, urls []string) {
	url := urls[0]
	join := strings.TrimSuffix(url, "/") + "/join.html?code=" + srv.JoinCode()
	fmt.Fprintln(w, say.Message(msg.CmdServeClassPupils(url, srv.JoinCode())))
	if q, err := qrcode.New(join, qrcode.Medium); err == nil {
		fmt.Fprint(w, q.ToSmallString(false))
	}
	fmt.Fprintln(w, say.Message(msg.CmdServeClassTeacher(strings.TrimSuffix(url, "/")+"/teacher", srv.TeacherCode())))
}
