#!/bin/sh
# Usage: rerun.sh INDEX [KUSTOMIZE_DIR]
#
# Plays one index of the experiment again, as a Job of its own
# (meldlab-sim-rerun-INDEX), once job/meldlab-sim has failed on it
# (kubectl describe job/meldlab-sim names the failed indexes): the same
# pod as the job's, built by kustomize from deploy/kubernetes/sim (or
# KUSTOMIZE_DIR), one completion, its shard named outright (--shard
# INDEX+1/N for --shard auto/N). The shard goes on from its last save and
# writes the same file, so ../merge takes it as it is. Then wait for it:
# ./wait.sh meldlab-sim-rerun-INDEX.
set -eu
case ${1:-} in
'' | *[!0-9]*)
	echo "usage: rerun.sh INDEX [KUSTOMIZE_DIR] (INDEX from 0, as kubectl describe job/meldlab-sim names it)" >&2
	exit 2
	;;
esac
index=$1
dir=${2:-$(dirname "$0")/sim}
rendered=$(kubectl kustomize "$dir")
job=$(printf '%s\n' "$rendered" |
	awk -v i="$index" '
		function flush() { if (doc != "" && !pvc) printf "%s", (n++ ? "---\n" : "") doc; doc = ""; pvc = 0 }
		/^---/ { flush(); next }
		/^kind: PersistentVolumeClaim/ { pvc = 1 }
		/^  name: meldlab-sim$/ { $0 = "  name: meldlab-sim-rerun-" i }
		/^  completions: / { $0 = "  completions: 1" }
		/^  parallelism: / { $0 = "  parallelism: 1" }
		match($0, /auto\/[0-9]+/) { # "auto/N" in a flow list, or auto/N as kustomize prints a block list
			total = substr($0, RSTART + 5, RLENGTH - 5)
			if (i + 0 >= total + 0) { print "rerun.sh: index " i " is not 0 to " total - 1 > "/dev/stderr"; bad = 1; exit 2 }
			$0 = substr($0, 1, RSTART - 1) (i + 1) "/" total substr($0, RSTART + RLENGTH)
		}
		{ doc = doc $0 "\n" }
		END { if (bad) exit 2; flush() }
	')
printf '%s\n' "$job" | kubectl apply -f -
