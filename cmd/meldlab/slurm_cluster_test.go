package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSlurmCluster runs the Slurm recipe for real on a Slurm cluster (the
// one-node cluster .ci/slurm-up.sh starts on the loopback; MELDLAB_SLURM=1
// says there is one): the recipe's scripts, shrunk to 4 shards of 10 games,
// submitted with submit.sh; task 2 is killed by scancel while it runs; the
// merge, which runs once every task has ended, fails naming shard 3 and
// the command that re-runs it; that command, run as the docs say, re-runs
// task 2 as itself and the merge, whose report then equals one run's.
// Bounded by a 150-second deadline; skipped where there is no cluster.
// MELDLAB_SLURM stays an environment variable, not a flag: it says an
// external resource is there, and .ci/run sets it for the one go test ./...
// it runs, where a flag defined only in this package would be refused by
// every other package's test binary.
func TestSlurmCluster(t *testing.T) {
	if os.Getenv("MELDLAB_SLURM") == "" {
		t.Skip("no Slurm cluster (MELDLAB_SLURM is not set): .ci/run starts one where Slurm can be installed")
	}
	for _, c := range []string{"sbatch", "squeue", "scontrol", "scancel"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("no Slurm cluster: %s is not installed", c)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	run := func(dir string, env []string, name string, args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s %s: %s", name, strings.Join(args, " "), out)
		return string(out)
	}

	// The meldlab the jobs run, and a stand-in in front of it that makes
	// task 2 hang (once) until it is killed.
	bin, shim := t.TempDir(), t.TempDir()
	run(".", nil, "go", "build", "-o", filepath.Join(bin, "meldlab"), ".")
	marker := filepath.Join(shim, "task2-started")
	require.NoError(t, os.WriteFile(filepath.Join(shim, "meldlab"), []byte("#!/bin/sh\n"+
		"if [ \"$SLURM_ARRAY_TASK_ID\" = 2 ] && [ ! -e "+marker+" ]; then touch "+marker+"; exec sleep 600; fi\n"+
		"exec "+filepath.Join(bin, "meldlab")+" \"$@\"\n"), 0o755))

	// The recipe, shrunk: 4 shards of 10 games, random bots, one CPU a task.
	recipe := filepath.Join(t.TempDir(), "deploy", "slurm")
	require.NoError(t, os.MkdirAll(recipe, 0o755))
	shrink := strings.NewReplacer("--games 1000000", "--games 40", "auto/100", "auto/4", "--array=0-99%10", "--array=0-3",
		"-of-100", "-of-4", "greedy,greedy,patient,random", "random", "--cpus-per-task=2", "--cpus-per-task=1",
		"--mem=1G", "--mem=100M")
	for _, f := range []string{"sim-array.sh", "sim-merge.sh", "submit.sh"} {
		b, err := os.ReadFile(filepath.Join("../../deploy/slurm", f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(recipe, f), []byte(shrink.Replace(string(b))), 0o755))
	}
	results := t.TempDir()
	env := []string{"MELDLAB_RESULTS=" + results, "PATH=" + shim + string(os.PathListSeparator) + os.Getenv("PATH")}
	jobID := regexp.MustCompile(`Submitted batch job (\d+)`)
	// wait waits for job to end and returns its state.
	wait := func(job string) string {
		t.Helper()
		for {
			out := run(results, nil, "scontrol", "show", "job", job)
			if m := regexp.MustCompile(`JobState=(\w+)`).FindStringSubmatch(out); m != nil {
				switch m[1] {
				case "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY":
					return m[1]
				}
			}
			select {
			case <-ctx.Done():
				t.Fatalf("job %s had not ended by the test's deadline: %s", job, out)
			case <-time.After(500 * time.Millisecond):
			}
		}
	}

	// Submit as the README says, run from the results folder (the logs go there).
	m := jobID.FindStringSubmatch(run(results, env, "sh", filepath.Join(recipe, "submit.sh")))
	require.NotNil(t, m, "submit.sh submits the merge")
	merge := m[1]
	for {
		if _, err := os.Stat(marker); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatal("task 2 never started")
		case <-time.After(200 * time.Millisecond):
		}
	}
	array := strings.TrimSpace(run(results, nil, "squeue", "-h", "-n", "meldlab-sim", "-o", "%F"))
	array = strings.Fields(array)[0]
	run(results, nil, "scancel", array+"_2") // the task is killed, as a node lost would
	assert.Equal(t, "FAILED", wait(merge), "the merge fails while a shard is missing")
	log, err := os.ReadFile(filepath.Join(results, "meldlab-sim-merge-"+merge+".log"))
	require.NoError(t, err)
	assert.Contains(t, string(log), "missing: shard 3 of 4 (games 20-29)")
	assert.Contains(t, string(log), "run each missing shard as itself (Slurm: deploy/slurm/submit.sh 2;")

	// The re-run, as the log and deploy/README.md say.
	m = jobID.FindStringSubmatch(run(results, env, "sh", filepath.Join(recipe, "submit.sh"), "2"))
	require.NotNil(t, m)
	require.Equal(t, "COMPLETED", wait(m[1]), "the merge succeeds once shard 3 is there")
	merged, err := os.ReadFile(filepath.Join(results, "merged.json"))
	require.NoError(t, err)

	// One run over all the games, by the same build.
	b, err := os.ReadFile(filepath.Join(recipe, "sim-array.sh"))
	require.NoError(t, err)
	line := regexp.MustCompile(`(?s)exec meldlab (.*?)\n[^\t]`).FindStringSubmatch(string(b) + "\n#")
	require.NotNil(t, line)
	var args []string
	fields := strings.Fields(strings.ReplaceAll(line[1], "\\\n", " "))
	for i := 0; i < len(fields); i++ {
		switch fields[i] {
		case "--shard", "--workers":
			i++
		default:
			args = append(args, fields[i])
		}
	}
	whole := run(t.TempDir(), nil, filepath.Join(bin, "meldlab"), append(args, "--json")...)
	assert.Equal(t, whole, string(merged), "the merged shards give one run's figures")
}
