#!/usr/bin/env bash
# Quick start: sets up what is missing (scripts/setup.sh), builds, and serves on PORT (8080).
# With no AUTH_ISSUER this is development mode: requests are accepted without a token.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# shellcheck disable=SC1091
source .tools/env
npm run build --silent
exec npm start --silent
