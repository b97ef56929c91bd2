#!/usr/bin/env bash
# Runs each fuzz target for SECONDS (default 240), one after the other, on
# one core, starting from the seeds in seeds/<target> and keeping what it
# learns in corpus/<target>. Crashes land in artifacts/<target>.
#
#   tests/fuzz/fuzz.sh [SECONDS] [TARGET...]
#
# cargo-fuzz needs nightly features; RUSTC_BOOTSTRAP=1 lets stable Rust
# build it (install it with `cargo install cargo-fuzz`).
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-240}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(manifest text_help manual game_id)
export RUSTC_BOOTSTRAP=1
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  dict=()
  [ -f "dicts/$target.dict" ] && dict=("-dict=dicts/$target.dict")
  echo "== $target: ${seconds}s"
  if ! cargo fuzz run --fuzz-dir . "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -print_final_stats=1 "${dict[@]}"; then
    echo "== $target: FAILED (see artifacts/$target)"
    failed=1
  fi
done
exit "${failed:-0}"
