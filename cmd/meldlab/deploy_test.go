package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// deployGames replaces the recipes' million games in the test: a game a
// shard.
const deployGames = "100"

// shrink is args with --games set to deployGames, random bots (fast; the
// sharding does not depend on the bots) and --workers dropped.
func shrink(t *testing.T, args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--games":
			out = append(out, "--games", deployGames)
			i++
		case "--bots":
			out = append(out, "--bots", "random")
			i++
		case "--workers":
			i++
		default:
			out = append(out, args[i])
		}
	}
	require.Contains(t, out, "--games")
	return out
}

// shardCount is the N of --shard auto/N in args.
func shardCount(t *testing.T, args []string) int {
	for i, a := range args {
		if a == "--shard" && i+1 < len(args) {
			n, ok := strings.CutPrefix(args[i+1], "auto/")
			require.True(t, ok, "the recipe uses --shard auto/N")
			v, err := strconv.Atoi(n)
			require.NoError(t, err)
			return v
		}
	}
	t.Fatal("no --shard in the recipe")
	return 0
}

// mergeShards runs the recipe's merge on the shards in the working folder
// and returns its JSON report.
func mergeShards(t *testing.T, pattern string) string {
	files, err := filepath.Glob(pattern)
	require.NoError(t, err)
	out, errOut, code := runCLI("", append([]string{"sim", "merge", "--json"}, files...)...)
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut, "the shards cover every game")
	return out
}

// wholeRun is the report of the recipe's experiment run at once, unsharded.
func wholeRun(t *testing.T, args []string) string {
	var plain []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--shard" {
			i++
			continue
		}
		plain = append(plain, args[i])
	}
	out, errOut, code := runCLI("", append(plain, "--json")...)
	require.Equal(t, 0, code, errOut)
	return out
}

func TestDeployKubernetes(t *testing.T) {
	b, err := os.ReadFile("../../deploy/kubernetes/sim/sim-job.yaml")
	require.NoError(t, err)
	var job struct {
		Kind string
		Spec struct {
			CompletionMode string `yaml:"completionMode"`
			Completions    int
			Template       struct {
				Spec struct {
					Containers []struct{ Args []string }
				}
			}
		}
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	for job.Kind != "Job" {
		require.NoError(t, dec.Decode(&job), "the manifest holds a Job")
	}
	assert.Equal(t, "Indexed", job.Spec.CompletionMode)
	args := job.Spec.Template.Spec.Containers[0].Args
	n := shardCount(t, args)
	assert.Equal(t, 100, n)
	assert.Equal(t, n, job.Spec.Completions, "one pod a shard")

	merge, err := os.ReadFile("../../deploy/kubernetes/merge/sim-merge.yaml")
	require.NoError(t, err)
	pattern := regexp.MustCompile(`sim-shard-\*-of-\d+\.json`).FindString(string(merge))
	require.Equal(t, "sim-shard-*-of-100.json", pattern)

	args = shrink(t, args)
	t.Chdir(t.TempDir())
	for k := range job.Spec.Completions { // Kubernetes numbers the pods 0 to completions-1
		t.Setenv("JOB_COMPLETION_INDEX", strconv.Itoa(k))
		_, errOut, code := runCLI("", append(args, "--workers", "1")...)
		require.Equal(t, 0, code, "index %d: %s", k, errOut)
	}
	assert.Equal(t, wholeRun(t, args), mergeShards(t, pattern), "the merged shards give one run's figures")
}

// submit runs deploy/slurm/submit.sh with args, with a stand-in sbatch
// that records its arguments and answers job id 42, and returns what
// sbatch was asked, a line a call.
func submit(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	script := filepath.Join(dir, "submit.sh")
	bin := t.TempDir()
	log := filepath.Join(bin, "sbatch.log")
	require.NoError(t, os.WriteFile(filepath.Join(bin, "sbatch"),
		[]byte("#!/bin/sh\necho \"$*\" >> \"$SBATCH_LOG\"\necho 42\n"), 0o755))
	t.Setenv("SBATCH_LOG", log)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := exec.Command("sh", append([]string{script}, args...)...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	b, err := os.ReadFile(log)
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(b), filepath.Dir(script)+"/", ""), "\n"), "\n")
}

// TestDeploySlurm runs the Slurm recipe's tasks as Slurm would, one of them
// failing, and the re-run the recipe documents: the task re-run alone, in
// an array of its own, plays its own shard, and the merge then gives one
// run's figures; before the re-run the merge fails, naming the shard and
// the command.
func TestDeploySlurm(t *testing.T) {
	b, err := os.ReadFile("../../deploy/slurm/sim-array.sh")
	require.NoError(t, err)
	script := string(b)
	m := regexp.MustCompile(`(?m)^#SBATCH --array=(\d+)-(\d+)`).FindStringSubmatch(script)
	require.NotNil(t, m, "the script is a job array")
	first, _ := strconv.Atoi(m[1])
	last, _ := strconv.Atoi(m[2])
	line := regexp.MustCompile(`(?s)exec meldlab (.*?)\n[^\t]`).FindStringSubmatch(script + "\n#")
	require.NotNil(t, line)
	args := strings.Fields(strings.ReplaceAll(line[1], "\\\n", " "))
	n := shardCount(t, args)
	assert.Equal(t, 0, first, "the task ids are the experiment's shards, 0 to N-1")
	assert.Equal(t, n-1, last, "one task a shard")

	merge, err := os.ReadFile("../../deploy/slurm/sim-merge.sh")
	require.NoError(t, err)
	pattern := regexp.MustCompile(`sim-shard-\*-of-\d+\.json`).FindString(string(merge))
	require.Equal(t, "sim-shard-*-of-100.json", pattern)

	slurm, err := filepath.Abs("../../deploy/slurm")
	require.NoError(t, err)
	docs, err := os.ReadFile("../../deploy/README.md")
	require.NoError(t, err)
	assert.Equal(t, []string{"--parsable sim-array.sh", "--dependency=afterany:42 sim-merge.sh"}, submit(t, slurm),
		"the merge runs once every task has ended, failed or not")

	args = shrink(t, args)
	t.Chdir(t.TempDir())
	whole := wholeRun(t, args)
	const killed = 3
	task := func(id, min int) {
		t.Setenv("SLURM_ARRAY_TASK_ID", strconv.Itoa(id))
		t.Setenv("SLURM_ARRAY_TASK_MIN", strconv.Itoa(min))
		_, errOut, code := runCLI("", append(args, "--workers", "1")...)
		require.Equal(t, 0, code, "task %d: %s", id, errOut)
	}
	for id := first; id <= last; id++ {
		if id != killed {
			task(id, first)
		}
	}
	files, err := filepath.Glob(pattern)
	require.NoError(t, err)
	out, errOut, code := runCLI("", append([]string{"sim", "merge", "--json"}, files...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "meldlab sim merge: the shards cover 99 of the 100 games; missing: shard 4 of 100 (game 3)\n"+
		"meldlab sim merge: run each missing shard as itself (Slurm: deploy/slurm/submit.sh 3; "+
		"a Kubernetes Indexed Job: index 3), then merge again; or merge what there is with --partial\n", errOut)

	// The re-run as the merge and deploy/README.md say: submit.sh 3.
	assert.Equal(t, []string{"--parsable --array=3 sim-array.sh", "--dependency=afterany:42 sim-merge.sh"}, submit(t, slurm, "3"))
	task(killed, killed) // an array of the one task: its own minimum
	assert.Equal(t, whole, mergeShards(t, pattern), "the merged shards give one run's figures")
	assert.Contains(t, string(docs), "deploy/slurm/submit.sh 3", "the recipe's README shows the re-run")
}

func TestShardAutoUsage(t *testing.T) {
	for _, v := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"} {
		t.Setenv(v, "")
	}
	_, errOut, code := runCLI("", "sim", "--games", "1", "--shard", "auto/4")
	assert.Equal(t, 2, code)
	assert.Equal(t, "meldlab sim: shard \"auto/4\" takes the shard from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) "+
		"or SLURM_ARRAY_TASK_ID (a Slurm job array), each 0 to n-1, and neither is set; write i/n to choose the shard by hand\n", errOut)

	t.Setenv("JOB_COMPLETION_INDEX", "4")
	_, errOut, code = runCLI("", "sim", "--games", "1", "--shard", "auto/4")
	assert.Equal(t, 2, code)
	assert.Equal(t, "meldlab sim: shard \"auto/4\": JOB_COMPLETION_INDEX is 4, not 0 to 3: the job must run exactly 4 completions\n", errOut)
}

// TestDeployKubernetesWait checks deploy/kubernetes/wait.sh with a
// stand-in kubectl that answers the job's conditions, one answer a call:
// it ends on failure as on success, and waits while the job runs.
func TestDeployKubernetesWait(t *testing.T) {
	script, err := filepath.Abs("../../deploy/kubernetes/wait.sh")
	require.NoError(t, err)
	tests := []struct {
		name    string
		answers []string // the True conditions kubectl gives, a call each
		code    int
		out     string
	}{
		{"complete", []string{"", "Complete "}, 0, "job/meldlab-sim complete\n"},
		{"failed", []string{"", "", "FailureTarget Failed "}, 1,
			"job/meldlab-sim failed: kubectl describe job/meldlab-sim names the failed indexes\n"},
		{"suspended, then complete", []string{"Suspended ", "Complete "}, 0, "job/meldlab-sim complete\n"},
		// An image that cannot be pulled: the job never ends, and wait.sh
		// gives up at its timeout (0 seconds here) instead of waiting for ever.
		{"image not pulled", []string{""}, 3, "job/meldlab-sim not done after 0 seconds: kubectl describe " +
			"job/meldlab-sim and kubectl get pods -l job-name=meldlab-sim show what waits (an image that cannot be " +
			"pulled, a claim left Pending)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bin := t.TempDir()
			for i, a := range tc.answers {
				require.NoError(t, os.WriteFile(filepath.Join(bin, "answer"+strconv.Itoa(i)), []byte(a), 0o644))
			}
			// kubectl answers the n-th call with answer n (then the last again).
			fake := "#!/bin/sh\nn=$(cat \"$FAKE/calls\" 2>/dev/null || echo 0)\n" +
				"f=\"$FAKE/answer$n\"; [ -f \"$f\" ] || f=\"$FAKE/answer" + strconv.Itoa(len(tc.answers)-1) + "\"\n" +
				"echo $((n+1)) > \"$FAKE/calls\"\ncat \"$f\"\n"
			require.NoError(t, os.WriteFile(filepath.Join(bin, "kubectl"), []byte(fake), 0o755))
			cmd := exec.Command("sh", script)
			timeout := "100000"
			if tc.code == 3 {
				timeout = "0"
			}
			cmd.Env = append(os.Environ(), "FAKE="+bin, "WAIT_EVERY=0", "WAIT_TIMEOUT="+timeout,
				"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			out, code := runScript(t, cmd)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.out, out)
		})
	}
}

// TestDeployKubernetesRerun checks deploy/kubernetes/rerun.sh with a
// stand-in kubectl: kustomize gives the recipe's manifests, and apply
// receives one Job of one completion, named for the index, its shard named
// outright; an index out of range applies nothing.
func TestDeployKubernetesRerun(t *testing.T) {
	script, err := filepath.Abs("../../deploy/kubernetes/rerun.sh")
	require.NoError(t, err)
	manifests, err := filepath.Abs("../../deploy/kubernetes/sim/sim-job.yaml")
	require.NoError(t, err)
	run := func(index string) (string, string, int) {
		bin := t.TempDir()
		fake := "#!/bin/sh\ncase $1 in\nkustomize) grep -v '^ *#' \"$MANIFESTS\" ;;\napply) cat > \"$FAKE/applied\" ;;\nesac\n"
		require.NoError(t, os.WriteFile(filepath.Join(bin, "kubectl"), []byte(fake), 0o755))
		cmd := exec.Command("sh", script, index)
		cmd.Env = append(os.Environ(), "FAKE="+bin, "MANIFESTS="+manifests, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, code := runScript(t, cmd)
		applied, _ := os.ReadFile(filepath.Join(bin, "applied"))
		return string(applied), out, code
	}
	applied, out, code := run("41")
	require.Equal(t, 0, code, out)
	assert.Contains(t, applied, "  name: meldlab-sim-rerun-41\n")
	assert.Contains(t, applied, "  completions: 1\n")
	assert.Contains(t, applied, `"--shard", "42/100"]`)
	assert.NotContains(t, applied, "PersistentVolumeClaim", "the volume is there already")
	assert.NotContains(t, applied, "auto/")

	applied, out, code = run("100")
	assert.Equal(t, 2, code)
	assert.Empty(t, applied)
	assert.Equal(t, "rerun.sh: index 100 is not 0 to 99\n", out)
	_, out, code = run("x")
	assert.Equal(t, 2, code)
	assert.Contains(t, out, "usage: rerun.sh INDEX")
}

// runScript runs cmd, giving its output (stdout and stderr together) and
// exit status.
func runScript(t *testing.T, cmd *exec.Cmd) (string, int) {
	t.Helper()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), ee.ExitCode()
	}
	require.NoError(t, err)
	return out.String(), 0
}
