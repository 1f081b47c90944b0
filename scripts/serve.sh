#!/usr/bin/env bash
# Builds Hearth and serves every app on SQLite (data in ./hearth-data), installing the
# system packages it lacks first (see scripts/system-packages.sh). Arguments go to
# `hearth serve`, e.g. scripts/serve.sh --port 9000 or --app wishwithme.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-packages.sh build
swift build --product hearth
exec "$(swift build --show-bin-path)/hearth" serve "$@"
