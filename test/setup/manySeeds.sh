#!/usr/bin/env bash
# Runs every file that uses fast-check (properties, fuzz) under many seeds, a few files per vitest
# run and one worker, so a 2-core machine stays usable. Usage:
#   test/setup/manySeeds.sh            # seeds 1..20
#   test/setup/manySeeds.sh 7 42 1000  # those seeds
# Prints one line per seed and batch; a failure's vitest output goes to $LOG_DIR (default
# /tmp/comanda-seeds). Exit status 1 when any run failed.
set -uo pipefail
cd "$(dirname "$0")/../.."

seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=($(seq 1 20))
LOG_DIR=${LOG_DIR:-/tmp/comanda-seeds}
BATCH=${BATCH:-4}
mkdir -p "$LOG_DIR"

mapfile -t files < <(grep -rl "fast-check" electron shared renderer test | grep '\.test\.ts$' | sort)
failed=0
for seed in "${seeds[@]}"; do
  for ((i = 0; i < ${#files[@]}; i += BATCH)); do
    batch=("${files[@]:i:BATCH}")
    log="$LOG_DIR/seed-$seed-batch-$((i / BATCH)).log"
    if FC_SEED=$seed npx vitest run --maxWorkers=1 "${batch[@]}" >"$log" 2>&1; then
      echo "seed $seed: ok   ${batch[*]}"
      rm -f "$log"
    else
      echo "seed $seed: FAIL ${batch[*]} (see $log)"
      failed=1
    fi
  done
done
exit $failed
