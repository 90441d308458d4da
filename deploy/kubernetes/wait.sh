#!/bin/sh
# Usage: wait.sh [JOB]
#
# Waits until the job (default meldlab-sim) has ended: exit 0 when it is
# Complete, 1 when it has Failed (an index out of retries), so that a
# failure does not leave you waiting (kubectl wait --for=condition=complete
# waits out its whole timeout on a failed job). Checks every 30 seconds
# (WAIT_EVERY).
set -eu
job=${1:-meldlab-sim}
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
	sleep "${WAIT_EVERY:-30}"
done
