#!/usr/bin/env bash
# The package as a user gets it: `npm pack`, then `npm install -g` of the tarball into a fresh
# prefix on each supported Node line, which must print no npm warning (an install script that
# allowScripts does not cover is one). Then, as that user, in a folder outside the checkout:
# `shopprop demo`, `shopprop sale list`, and `shopprop serve` answering over HTTP (a sale list
# with a token, and a file of the API page).
#   scripts/check-install.sh            # Node 22 and 24
#   scripts/check-install.sh 24
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
lines=("$@")
[ "${#lines[@]}" -gt 0 ] || lines=(22 24)

# The Node lines stay where with-node.sh keeps them, whatever HOME the user below has.
export SHOPPROP_NODE_CACHE="${SHOPPROP_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/shopprop-node}"
work="$(mktemp -d "${TMPDIR:-/tmp}/shopprop-install-XXXXXX")"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "check-install: $1" >&2
  if [ -n "${2:-}" ]; then cat "$2" >&2; fi
  exit 1
}

(cd "$repo" && scripts/with-node.sh 24 npm pack --pack-destination "$work" >"$work/pack.log" 2>&1) || fail "npm pack failed:" "$work/pack.log"
tarball="$(ls "$work"/shopprop-*.tgz)"
echo "packed $(basename "$tarball") ($(du -k "$tarball" | cut -f1) KB)"

for line in "${lines[@]}"; do
  prefix="$work/node$line"
  home="$work/home$line"
  mkdir -p "$home/shop"
  log="$work/install$line.log"
  started=$SECONDS
  "$repo/scripts/with-node.sh" "$line" npm install -g --prefix "$prefix" --no-audit --no-fund "$tarball" >"$log" 2>&1 ||
    fail "npm install -g on Node $line failed:" "$log"
  if grep -qi 'npm warn' "$log"; then fail "npm install -g on Node $line warned:" "$log"; fi
  echo "Node $line: installed in $((SECONDS - started)) s, no warning"

  # The installed copy, as its user runs it: own home, no settings of ours, the checkout out of reach.
  as_user() {
    (cd "$home/shop" && exec env -u SHOPPROP_DB -u SHOPPROP_BASE_URL -u SHOPPROP_TOKEN -u SHOPPROP_PROFILE -u SHOPPROP_COMPANY \
      -u SHOPPROP_DATABASE_URL -u SHOPPROP_CONFIG_DIR -u SHOPPROP_DATA_DIR \
      HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" XDG_CACHE_HOME="$home/.cache" \
      PATH="$prefix/bin:$PATH" "$repo/scripts/with-node.sh" "$line" "$@")
  }
  [ "$(as_user sh -c 'command -v shopprop')" = "$prefix/bin/shopprop" ] || fail "shopprop is not the installed copy on Node $line"
  as_user shopprop demo >"$work/demo.log" 2>&1 || fail "shopprop demo failed on Node $line:" "$work/demo.log"
  as_user shopprop sale list --company 1 --format json >"$work/sales.json" 2>"$work/sales.log" || fail "shopprop sale list failed on Node $line:" "$work/sales.log"
  sales="$(as_user node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).length)' "$work/sales.json")"
  [ "$sales" -gt 0 ] || fail "shopprop sale list on Node $line listed no sale"
  echo "Node $line: demo, then sale list: $sales sales"

  # The token alone on stdout; the note on how to use it goes to stderr.
  token="$(as_user shopprop local token create --company 1 --role accountant --name install-check 2>/dev/null)"
  # The server's own PID, to stop it by: written by the shell that then becomes it (exec).
  rm -f "$work/serve.pid"
  as_user sh -c 'echo $$ >"$0" && exec shopprop serve --port 0' "$work/serve.pid" >"$work/serve.log" 2>&1 &
  launcher=$!
  url=""
  for _ in $(seq 1 100); do
    if [ -z "$server" ] && [ -s "$work/serve.pid" ]; then server="$(cat "$work/serve.pid")"; fi
    url="$(grep -o 'listening on http://127\.0\.0\.1:[0-9]*' "$work/serve.log" | head -1 | cut -d' ' -f3 || true)"
    [ -n "$url" ] && [ -n "$server" ] && break
    kill -0 "$launcher" 2>/dev/null || fail "shopprop serve exited on Node $line:" "$work/serve.log"
    sleep 0.1
  done
  [ -n "$url" ] || fail "shopprop serve did not start on Node $line:" "$work/serve.log"
  as_user node -e '
    const [url, token] = process.argv.slice(1);
    fetch(`${url}/api/inventorycashsale/list?companyId=1&start=0&limit=5`, { headers: { authorization: `Bearer ${token}` } })
      .then(async (r) => {
        const body = await r.json();
        if (r.status !== 200 || body.list.length !== 5) throw new Error(`answered ${r.status}: ${JSON.stringify(body).slice(0, 200)}`);
        // The API page, whose files come from the installed @fastify/swagger-ui.
        const page = await fetch(`${url}/api/docs/static/swagger-ui-bundle.js`);
        if (page.status !== 200) throw new Error(`the API page script answered ${page.status}`);
        console.log(`Node ${process.versions.node}: serve answered 200 with ${body.count} sales, and its API page`);
      })
      .catch((e) => { console.error(e.message); process.exit(1); });' "$url" "$token" || fail "shopprop serve did not answer on Node $line:" "$work/serve.log"
  kill "$server"
  wait "$launcher" 2>/dev/null || true
  server=""
done
