#!/usr/bin/env bash
# Starts a one-node Slurm cluster on the loopback for the Slurm recipe's
# test (TestSlurmCluster in cmd/meldlab): munge, slurmctld and slurmd, all
# under $SLURM_CI (default /tmp/meldlab-slurm). Installs Slurm and munge from
# Debian's packages if they are missing. Exit 0 with the cluster up; exit 1,
# having said why, where it cannot be had: the caller skips the test then.
set -uo pipefail
dir=${SLURM_CI:-/tmp/meldlab-slurm}
say() { echo "slurm-up: $*"; }

if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		say "Slurm is not installed and cannot be (needs root and apt-get)"; exit 1
	fi
	say "installing slurm-wlm and munge"
	if ! timeout 150 sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge' >"$dir.apt.log" 2>&1; then
		say "could not install Slurm (see $dir.apt.log)"; exit 1
	fi
fi
if [ "$(id -u)" != 0 ]; then
	say "starting slurmd needs root"; exit 1
fi

# Up already (an earlier run of this script): nothing to start.
if [ -f "$dir/slurm.conf" ] && SLURM_CONF=$dir/slurm.conf timeout 10 sinfo -h -o %t 2>/dev/null | grep -qx idle; then
	say "up already: SLURM_CONF=$dir/slurm.conf"; exit 0
fi
mkdir -p "$dir"/{state,spool,log,munge}
# munge: a fresh key; munged runs as root here (--force), its socket in $dir.
if ! { [ -f "$dir/munge/munged.pid" ] && kill -0 "$(cat "$dir/munge/munged.pid")" 2>/dev/null; }; then
	rm -f "$dir/munge/munge.socket" "$dir/munge/munge.socket.lock" "$dir/munge/munge.key"
	dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
	chmod 400 "$dir/munge/munge.key"
	mkdir -p /run/munge /var/lib/munge /var/log/munge 2>/dev/null
	munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
		--pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" ||
		{ say "munged did not start (see $dir/log/munged.log)"; exit 1; }
fi

cpus=$(nproc)
mem=$(awk '/MemTotal/ {print int($2/1024/2)}' /proc/meminfo)
cat >"$dir/slurm.conf" <<CONF
ClusterName=meldlab-ci
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
ReturnToService=2
MinJobAge=600
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=ci Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF" || { say "slurmctld did not start (see $dir/log/slurmctld.log)"; exit 1; }
slurmd -f "$SLURM_CONF" -N localhost || { say "slurmd did not start (see $dir/log/slurmd.log)"; exit 1; }
for _ in $(seq 1 30); do
	if sinfo -h -o %t 2>/dev/null | grep -qx idle; then
		say "up: SLURM_CONF=$SLURM_CONF"; exit 0
	fi
	sleep 1
done
say "the node did not come up idle (see $dir/log)"; sinfo 2>&1 | head -5
exit 1
