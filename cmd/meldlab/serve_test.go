package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// meldlab serve prints its URL, serves the page and a game with its
// lessons (Lua plugged in), and stops cleanly when its context ends.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	code := make(chan int, 1)
	go func() {
		code <- serve(ctx, []string{"--addr", "127.0.0.1:0"}, pw, &stderr)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	require.True(t, lines.Scan(), stderr.String())
	first := lines.Text()
	require.True(t, strings.HasPrefix(first, "meldlab serve: open http://127.0.0.1:"), first)
	url := strings.Fields(strings.TrimPrefix(first, "meldlab serve: open "))[0]

	res, err := http.Get(url)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)

	post := func(path, body string) map[string]any {
		res, err := http.Post(url+path, "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer res.Body.Close()
		var r map[string]any
		require.NoError(t, json.NewDecoder(res.Body).Decode(&r))
		require.Equal(t, http.StatusOK, res.StatusCode, r["error"])
		return r
	}
	r := post("/api/session", `{"lang":"fr","seed":3}`)
	id := r["id"].(string)
	r = post("/api/do", `{"id":"`+id+`","cmd":{"do":"lesson","n":1}}`)
	assert.Nil(t, r["error"])
	lesson := r["state"].(map[string]any)["lesson"].(map[string]any)
	assert.Equal(t, float64(1), lesson["n"])
	assert.NotEmpty(t, lesson["goal"])

	cancel()
	for lines.Scan() {
		if lines.Text() == "meldlab serve : arrêté" || lines.Text() == "meldlab serve: stopped" {
			break
		}
	}
	assert.Equal(t, 0, <-code, stderr.String())
}

func TestServeRefusesArguments(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, 2, serve(context.Background(), []string{"extra"}, &out, &errb))
	assert.Equal(t, 2, serve(context.Background(), []string{"--nope"}, &out, &errb))
}

// Served to the network, meldlab serve warns, and prints the addresses
// other machines can use, never 0.0.0.0 or [::].
func TestServeToTheNetworkWarns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- serve(ctx, []string{"--addr", "0.0.0.0:0"}, pw, &stderr)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	require.True(t, lines.Scan(), stderr.String())
	reach := lines.Text()
	require.True(t, strings.HasPrefix(reach, "meldlab serve: pupils open http://"), reach)
	require.True(t, lines.Scan())
	open := lines.Text()
	for _, l := range []string{reach, open} {
		assert.NotContains(t, l, "0.0.0.0")
		assert.NotContains(t, l, "[::]")
	}
	assert.Contains(t, stderr.String(), "is not the loopback: every machine that can reach this one can open the table")
	// Each printed address serves the page.
	for _, u := range strings.Fields(strings.TrimPrefix(reach, "meldlab serve: pupils open ")) {
		res, err := http.Get(u)
		require.NoError(t, err, u)
		res.Body.Close()
		assert.Equal(t, http.StatusOK, res.StatusCode, u)
	}
	cancel()
	for lines.Scan() {
	}
	assert.Equal(t, 0, <-code, stderr.String())
}

// syncBuffer is a bytes.Buffer safe to write from the server's goroutine
// while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
