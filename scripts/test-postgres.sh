#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server for Hearth's tests.
#   scripts/test-postgres.sh start   → prints the export line for HEARTH_TEST_DATABASE_URL
#   scripts/test-postgres.sh stop
# The server runs as the 'postgres' system user with its own data dir and port, trusts
# local connections, and is deleted on stop. Override with HEARTH_PG_DIR / HEARTH_PG_PORT.
# For tests it skips fsync (fast, not crash-safe); HEARTH_PG_DURABLE=1 keeps PostgreSQL's
# durable defaults, as benchmarks should.
set -euo pipefail
dir="${HEARTH_PG_DIR:-/tmp/hearth-test-pg}"
port="${HEARTH_PG_PORT:-54329}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/pg_ctl" ] || { echo "PostgreSQL server binaries not found; install the 'postgresql' package" >&2; exit 1; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
start)
  if [ -f "$dir/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    echo "export HEARTH_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
    exit 0
  fi
  rm -rf "$dir"; mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
  as_owner "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
  options="-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=600"
  [ "${HEARTH_PG_DURABLE:-0}" = 1 ] || options="$options -c fsync=off -c synchronous_commit=off"
  as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "$options" start >/dev/null
  echo "export HEARTH_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
  ;;
stop)
  [ -d "$dir" ] && as_owner "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  ;;
*) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
