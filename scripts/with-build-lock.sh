#!/usr/bin/env bash
# Several engineers on one machine: builds take the lock alone, browser test runs share it.
#   scripts/with-build-lock.sh build            # node scripts/build.mjs, exclusive
#   scripts/with-build-lock.sh test <args...>   # npx playwright test <args...>, shared
set -euo pipefail
cd "$(dirname "$0")/.."
lock=/tmp/pir-build.lock
case "${1:-}" in
  build) exec flock "$lock" node scripts/build.mjs ;;
  test) shift; exec flock -s "$lock" npx playwright test "$@" ;;
  *) echo "usage: $0 build | test [playwright args]" >&2; exit 2 ;;
esac
