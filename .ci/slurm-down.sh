#!/usr/bin/env bash
# Stops what slurm-up.sh started, by the process ids it recorded.
dir=${SLURM_CI:-/tmp/meldlab-slurm}
for pid in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
	[ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null
done
exit 0
