#!/usr/bin/env bash
# Runs Hearth's whole test suite: on SQLite always, and on PostgreSQL too when its server
# binaries are installed (a throwaway server is started for the run and deleted after).
# Set HEARTH_TEST_DATABASE_URL to use a PostgreSQL server of your own instead.
# Extra arguments go to 'swift test' (for example --filter DeltaSyncTests).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${HEARTH_TEST_DATABASE_URL:-}" ] && ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  eval "$(scripts/test-postgres.sh start)"
  trap 'scripts/test-postgres.sh stop' EXIT
  export HEARTH_TEST_DATABASE_URL
fi
if [ -n "${HEARTH_TEST_DATABASE_URL:-}" ]; then
  echo "test: SQLite and PostgreSQL ($HEARTH_TEST_DATABASE_URL)"
else
  echo "test: SQLite only (install the 'postgresql' package to test on PostgreSQL too)"
fi
swift test "$@"
