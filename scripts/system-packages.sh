#!/usr/bin/env bash
# Makes sure the system packages of scripts/system-packages.txt are installed.
#
#   scripts/system-packages.sh build    # what compiling and serving need
#   scripts/system-packages.sh test     # that, and what the whole test suite needs
#
# As root it installs what is missing with apt-get. Otherwise it prints the one
# `sudo apt-get install …` line to run and exits 1. On a system without dpkg it says so
# and carries on (install the equivalents by hand). HEARTH_SKIP_SYSTEM_PACKAGES=1 skips it.
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-build}"
[ -n "${HEARTH_SKIP_SYSTEM_PACKAGES:-}" ] && exit 0
case "$purpose" in
  build) wanted='^build ' ;;
  test) wanted='^(build|test) ' ;;
  *) echo "usage: scripts/system-packages.sh build|test" >&2; exit 2 ;;
esac
packages=$(grep -E "$wanted" scripts/system-packages.txt | awk '{print $2}')
if ! command -v dpkg >/dev/null 2>&1; then
  echo "system packages: no dpkg here; make sure these (or your system's equivalents) are installed:" $packages >&2
  exit 0
fi
missing=()
for package in $packages; do
  # Installed, not merely known (a removed package keeps its configuration files).
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' || missing+=("$package")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Hearth needs these system packages first. Run:" >&2
  echo >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  echo >&2
  echo "then run this command again (or set HEARTH_SKIP_SYSTEM_PACKAGES=1 to go on without them:" >&2
  echo "without postgresql the tests run on SQLite only, without nginx the scale-out check is skipped," >&2
  echo "without chromium and chromium-driver the browser check is)." >&2
  exit 1
fi
echo "system packages: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
