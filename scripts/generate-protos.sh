#!/usr/bin/env bash
# Regenerates Sources/RushDayProto/Generated/ (Swift) and scripts/rushday_grpc/ (Python, for
# scripts/rushday-grpc-check.py) from Protos/rushday/v1/*.proto (run by hand, commit the output; CI never runs it).
# Installs Debian's protobuf-compiler if protoc is missing, then builds the plugins once, pinned like Package.swift:
# swift-protobuf 1.39.0's protoc-gen-swift and grpc-swift-protobuf 2.4.1's protoc-gen-grpc-swift-2, in
# $HEARTH_PROTOC_PLUGINS_DIR (default /tmp/hearth-protoc-plugins; ~10 minutes the first time, reused afterwards).
# Idempotent: the output directory is replaced wholesale, options Visibility=Public (+ Server=true,Client=true for gRPC).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT_PROTOBUF_VERSION=1.39.0
GRPC_SWIFT_PROTOBUF_VERSION=2.4.1
SWIFT_PROTOBUF_URL=${SWIFT_PROTOBUF_URL:-https://github.com/apple/swift-protobuf.git}
GRPC_SWIFT_PROTOBUF_URL=${GRPC_SWIFT_PROTOBUF_URL:-https://github.com/grpc/grpc-swift-protobuf.git}
PLUGINS_DIR=${HEARTH_PROTOC_PLUGINS_DIR:-/tmp/hearth-protoc-plugins}
PROTO_DIR=Protos/rushday/v1   # the .proto files import each other as "common.proto", "event.proto"
OUT_DIR=Sources/RushDayProto/Generated

# 1. protoc (Debian's package also brings the well-known types, e.g. google/protobuf/timestamp.proto).
if ! command -v protoc >/dev/null 2>&1; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd=sudo
  $sudo_cmd apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y protobuf-compiler
fi
WKT_DIR=""
for d in /usr/include /usr/local/include; do
  if [ -f "$d/google/protobuf/timestamp.proto" ]; then WKT_DIR=$d; break; fi
done

# 2. The plugins, each built from its own clone at the pinned tag (skipped when already built).
build_plugin() { # <url> <tag> <product> [swift-protobuf version to pin]
  local url=$1 tag=$2 product=$3 pin=${4:-}
  local src="$PLUGINS_DIR/$(basename "$url" .git)-$tag"
  if [ ! -x "$src/.build/release/$product" ]; then
    if [ ! -d "$src/.git" ]; then
      rm -rf "$src"
      git -c advice.detachedHead=false clone --quiet --depth 1 --branch "$tag" "$url" "$src" >&2
    fi
    if [ -n "$pin" ]; then
      (cd "$src" && swift package resolve && swift package resolve swift-protobuf --version "$pin") >&2
    fi
    echo "Building $product $tag (slow the first time)..." >&2
    (cd "$src" && swift build -c release --product "$product") >&2
  fi
  echo "$src/.build/release/$product"
}
mkdir -p "$PLUGINS_DIR"
PROTOC_GEN_SWIFT=$(build_plugin "$SWIFT_PROTOBUF_URL" "$SWIFT_PROTOBUF_VERSION" protoc-gen-swift)
PROTOC_GEN_GRPC=$(build_plugin "$GRPC_SWIFT_PROTOBUF_URL" "$GRPC_SWIFT_PROTOBUF_VERSION" protoc-gen-grpc-swift-2 \
  "$SWIFT_PROTOBUF_VERSION")

# 3. Generate into a fresh directory, then swap it in (stale files of deleted protos disappear).
tmp_out=$(mktemp -d)
trap 'rm -rf "$tmp_out"' EXIT
protoc \
  --proto_path="$PROTO_DIR" ${WKT_DIR:+--proto_path="$WKT_DIR"} \
  --plugin=protoc-gen-swift="$PROTOC_GEN_SWIFT" \
  --plugin=protoc-gen-grpc-swift-2="$PROTOC_GEN_GRPC" \
  --swift_out="$tmp_out" --swift_opt=Visibility=Public \
  --grpc-swift-2_out="$tmp_out" --grpc-swift-2_opt=Visibility=Public,Server=true,Client=true \
  "$PROTO_DIR"/*.proto
rm -rf "$OUT_DIR"
mkdir -p "$OUT_DIR"
cp "$tmp_out"/*.swift "$OUT_DIR"/
echo "Generated $(ls "$OUT_DIR" | wc -l) files in $OUT_DIR" >&2

# 4. The Python messages and stubs scripts/rushday-grpc-check.py drives the server with (the
# "any language" client of issue 14), from grpcio-tools pinned beside the check's runtime pins.
PY_OUT_DIR=scripts/rushday_grpc
PY_VENV=${TMPDIR:-/tmp}/hearth-grpcio-tools-1.76.0
if [ ! -x "$PY_VENV/bin/python" ]; then
  python3 -m venv "$PY_VENV"
  "$PY_VENV/bin/pip" install --quiet grpcio-tools==1.76.0
fi
rm -rf "$PY_OUT_DIR"
mkdir -p "$PY_OUT_DIR"
"$PY_VENV/bin/python" -m grpc_tools.protoc --proto_path="$PROTO_DIR" \
  --python_out="$PY_OUT_DIR" --grpc_python_out="$PY_OUT_DIR" "$PROTO_DIR"/*.proto
echo "Generated $(ls "$PY_OUT_DIR" | wc -l) files in $PY_OUT_DIR" >&2
