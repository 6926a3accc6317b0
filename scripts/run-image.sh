#!/usr/bin/env bash
# Runs the service's image as production does, with docker or podman:
#
#   bash scripts/run-image.sh [docker|podman] [run options...]
#   bash scripts/run-image.sh -e AUTH_ISSUER=https://keycloak.example.org/realms/opencdmp
#   bash scripts/run-image.sh podman -e AUTH_DISABLED=true          # a try-out, no tokens
#
# The image is dmp-file-transformer:<version in package.json> (`IMAGE=...` to run another). It runs
# as uid 1000 on a read-only root filesystem with a tmpfs /tmp, published on loopback
# (PUBLISH=127.0.0.1:8080; empty publishes nothing), with a stop timeout above the export deadline,
# and with explicit open-file and process limits: podman as root otherwise asks for 1048576 open
# files, which a host without CAP_SYS_RESOURCE refuses ("crun: setrlimit RLIMIT_NOFILE: Operation
# not permitted"). Options after the engine go to `run` as they are (-d, --name, -e, -v ...).
# `npm run test:image` runs the image through this script.
set -euo pipefail
cd "$(dirname "$0")/.."

engine=
case "${1:-}" in
  docker | podman) engine=$1 && shift ;;
esac
if [ -z "$engine" ]; then
  if command -v podman >/dev/null; then engine=podman; else engine=docker; fi
fi
version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' package.json)
image=${IMAGE:-dmp-file-transformer:$version}
publish=${PUBLISH-127.0.0.1:8080}

options=(--rm --read-only --tmpfs /tmp:rw,size=256m --user 1000:1000 --stop-timeout 70
  --ulimit nofile=16384:16384 --ulimit nproc=8192:8192)
[ -n "$publish" ] && options+=(--publish "$publish:8080")
exec "$engine" run "${options[@]}" "$@" "$image"
