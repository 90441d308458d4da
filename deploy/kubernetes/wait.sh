#!/bin/sh
# Usage: wait.sh [JOB]
#
# Waits until the job (default meldlab-sim) has ended: exit 0 when it is
# Complete, 1 when it has Failed (an index out of retries, or the job's
# activeDeadlineSeconds passed), so that a failure does not leave you
# waiting (kubectl wait --for=condition=complete waits out its whole
# timeout on a failed job). Checks every 30 seconds (WAIT_EVERY), and gives
# up after WAIT_TIMEOUT seconds (default 90000, a little over the job's
# deadline) with exit 3: an image that cannot be pulled or a claim left
# Pending would otherwise keep it waiting for ever.
set -eu
job=${1:-meldlab-sim}
timeout=${WAIT_TIMEOUT:-90000}
start=$(date +%s)
while :; do
	conditions=$(kubectl get job "$job" -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type} {end}')
	case " $conditions " in
	*" Complete "*)
		echo "job/$job complete"
		exit 0
		;;
	*" Failed "*)
		echo "job/$job failed: kubectl describe job/$job names the failed indexes" >&2
		exit 1
		;;
	esac
	if [ $(($(date +%s) - start)) -ge "$timeout" ]; then
		echo "job/$job not done after $timeout seconds: kubectl describe job/$job and kubectl get pods -l job-name=$job show what waits (an image that cannot be pulled, a claim left Pending)" >&2
		exit 3
	fi
	sleep "${WAIT_EVERY:-30}"
done
