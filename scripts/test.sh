#!/usr/bin/env bash
# Quick start for contributors: sets up what is missing (scripts/setup.sh), then runs the test
# suite (arguments go to jest, e.g. `bash scripts/test.sh test/deploy`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# shellcheck disable=SC1091
source .tools/env
exec npm test --silent -- "$@"
