#!/bin/sh
# A 100-shard meldlab experiment as a Slurm job array: the task with id k
# (0 to 99) plays shard k+1 of 100 (--shard auto/100 reads
# SLURM_ARRAY_TASK_ID), whatever array it was submitted in, so a failed
# task re-run alone (submit.sh 3, or sbatch --array=3 sim-array.sh) plays
# exactly the games it would have played. Keep the ids 0 to N-1 for the N
# of auto/N. Submit with submit.sh, which runs the merge once every task
# has ended.
#SBATCH --job-name=meldlab-sim
#SBATCH --array=0-99%10
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=02:00:00
#SBATCH --output=meldlab-sim-%A_%a.log
set -eu
results=${MELDLAB_RESULTS:-$HOME/meldlab-results}
mkdir -p "$results"
cd "$results"
exec meldlab sim --variant original --variant house/fifty --players 4 \
	--bots greedy,greedy,patient,random --games 1000000 --seed 1 \
	--workers "${SLURM_CPUS_PER_TASK:-2}" --shard auto/100
