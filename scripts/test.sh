#!/usr/bin/env bash
# Runs Hearth's whole test suite, installing the system packages it lacks first (see
# scripts/system-packages.sh): on SQLite always, and on PostgreSQL too when its server
# binaries are installed (a throwaway server is started for the run and deleted after).
# Set HEARTH_TEST_DATABASE_URL to use a PostgreSQL server of your own instead.
# Extra arguments go to 'swift test' (for example --filter DeltaSyncTests); without any, the
# run goes on with scripts/scale-out.py (three servers behind nginx), the quick-start,
# backup-restore, Knot (scripts/knot-supabase-check.py: the Python Supabase client from
# PyPI against Knot's auth), Rush Day (scripts/rushday-grpc-check.py: a Python gRPC client) and browser checks (scripts/browser-check.py: Wish With Me's web pages in
# headless Chromium, with Selenium from PyPI) and fuzzes every app's API against its
# OpenAPI document with schemathesis from PyPI (scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-packages.sh test
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
# A crash prints only the crashed thread's backtrace, so the end of a CI log names the test.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=yes,threads=crashed,registers=none,images=none}"
swift test "$@"

# A whole run also checks several processes on one PostgreSQL behind nginx (docs/OPERATIONS.md).
if [ $# -eq 0 ] && [ -n "${HEARTH_TEST_DATABASE_URL:-}" ]; then
  if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
    PATH="$PATH:/usr/sbin" python3 scripts/scale-out.py --database-url "$HEARTH_TEST_DATABASE_URL"
  elif [ "${CI:-}" = true ]; then
    echo "test: nginx is missing; CI needs it for the scale-out check" >&2
    exit 1
  else
    echo "test: skipping the scale-out check (install nginx to run it)"
  fi
fi

# A whole run also checks what a newcomer sees (the start banner and every URL on it) and
# fuzzes every app's HTTP API against its OpenAPI document.
if [ $# -eq 0 ]; then
  python3 scripts/quick-start-check.py --binary "$(swift build --show-bin-path)/hearth"
  python3 scripts/backup-restore-check.py --binary "$(swift build --show-bin-path)/hearth"
  # Knot with the official Python Supabase client (PyPI, pinned), plus onboarding over HTTP.
  python3 scripts/knot-supabase-check.py --binary "$(swift build --show-bin-path)/hearth"
  # Rush Day's whole event flow from a Python gRPC client built from the spec's protos (grpcio
  # from PyPI, pinned), with a guest answering the RSVP link's page as a browser would.
  python3 scripts/rushday-grpc-check.py --binary "$(swift build --show-bin-path)/hearth"
  # Wish With Me's web pages as two people use them, in headless Chromium (screenshots of
  # the main pages go to docs/screenshots).
  if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    python3 scripts/browser-check.py --binary "$(swift build --show-bin-path)/hearth"
  elif [ "${CI:-}" = true ]; then
    echo "test: chromium or chromedriver is missing; CI needs them for the browser check" >&2
    exit 1
  else
    echo "test: skipping the browser check (install chromium and chromium-driver to run it)"
  fi
fi
if [ $# -eq 0 ]; then
  for app in wishwithme pantrypal listall knot; do
    echo "test: fuzzing $app's API (scripts/fuzz.sh $app)"
    HEARTH_BIN="$(swift build --show-bin-path)/hearth" scripts/fuzz.sh "$app" >"${TMPDIR:-/tmp}/hearth-fuzz-$app.log" 2>&1 || {
      cat "${TMPDIR:-/tmp}/hearth-fuzz-$app.log"
      echo "test: fuzzing $app failed (log above)" >&2
      exit 1
    }
    grep -E "passed|failed" "${TMPDIR:-/tmp}/hearth-fuzz-$app.log" | tail -1 || true
  done
fi
