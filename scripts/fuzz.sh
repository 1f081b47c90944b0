#!/usr/bin/env bash
# Fuzzes one app's HTTP API against its own OpenAPI document with schemathesis: starts
# `hearth serve --app <app>` on a throwaway data directory and a free port, signs up a user
# (and whatever the app needs for its routes to reach real logic), runs schemathesis on the
# document the server serves at /openapi.json, stops the server, and exits non-zero on any
# failure (a 5xx, a response off the document, a slow or hanging request, a dead server).
#
#   scripts/fuzz.sh wishwithme                 # builds hearth first
#   scripts/fuzz.sh pantrypal
#   scripts/fuzz.sh listall
#   scripts/fuzz.sh knot
#   HEARTH_BIN=.build/debug/hearth FUZZ_MAX_EXAMPLES=100 scripts/fuzz.sh pantrypal
#
# FUZZ_MAX_EXAMPLES (default 50) sets the test cases per operation, FUZZ_SEED (default 1)
# the seed; SCHEMATHESIS names the schemathesis command (default: `schemathesis`, else one
# installed from PyPI, pinned, into a venv under ${TMPDIR:-/tmp}). Extra arguments go to
# `schemathesis run`.
set -euo pipefail
cd "$(dirname "$0")/.."
app="${1:-}"
case "$app" in
  wishwithme|pantrypal|listall|knot) shift ;;
  *) echo "usage: scripts/fuzz.sh wishwithme|pantrypal|listall|knot [schemathesis options]" >&2; exit 2 ;;
esac

if [ -z "${HEARTH_BIN:-}" ]; then
  swift build --product hearth >&2
  HEARTH_BIN="$(swift build --show-bin-path)/hearth"
fi
schemathesis="${SCHEMATHESIS:-}"
if [ -z "$schemathesis" ]; then
  if command -v schemathesis >/dev/null 2>&1; then
    schemathesis=schemathesis
  else
    # Pinned: the options and the configuration below are schemathesis 4's.
    version=4.32.5
    venv="${TMPDIR:-/tmp}/hearth-schemathesis-$version"
    [ -x "$venv/bin/schemathesis" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "schemathesis==$version"; }
    schemathesis="$venv/bin/schemathesis"
  fi
fi

work="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# json_field JSON key… prints one field (a number picks an array element).
json_field() { python3 -c 'import json, sys; v = json.loads(sys.argv[1])
for k in sys.argv[2:]: v = v[int(k)] if isinstance(v, list) else v[k]
print(v)' "$@"; }

# Every app: throttles raised so fuzzing is not rate-limited, a long-lived access token so
# it does not expire mid-run, the cheapest allowed bcrypt cost so sign-ups stay fast.
common=(--host 127.0.0.1 --port "$port" --data-dir "$work/data" --auth-limit-per-address 100000
  --auth-limit-per-account 100000 --access-token-seconds 86400 --bcrypt-cost 10 --log-level warning)
config="$work/schemathesis.toml"
extra_checks=()
# The Authorization header schemathesis sends (Knot adds the anon key as `apikey`).
auth_headers=()

case "$app" in
  wishwithme)
    # Fake OAuth clients (endpoints on a closed local port) so the OAuth routes reach their logic.
    env HEARTH_WWM_GOOGLE_CLIENT_ID=fuzz HEARTH_WWM_GOOGLE_CLIENT_SECRET=fuzz \
      HEARTH_WWM_GOOGLE_TOKEN_URL=http://127.0.0.1:9/token HEARTH_WWM_GOOGLE_USERINFO_URL=http://127.0.0.1:9/userinfo \
      HEARTH_WWM_YANDEX_CLIENT_ID=fuzz HEARTH_WWM_YANDEX_CLIENT_SECRET=fuzz \
      HEARTH_WWM_YANDEX_TOKEN_URL=http://127.0.0.1:9/token HEARTH_WWM_YANDEX_USERINFO_URL=http://127.0.0.1:9/userinfo \
      "$HEARTH_BIN" serve --app wishwithme "${common[@]}" >"$work/server.log" 2>&1 &
    ;;
  pantrypal)
    # Operator and test keys so /api/admin and /api/test exist; no outbound UPC lookups; a
    # fake Sign in with Apple (keys on a closed local port) so that route reaches its logic.
    admin_key="fuzz-admin-key-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
    test_key="fuzz-test-key-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
    env HEARTH_PP_ADMIN_KEY="$admin_key" HEARTH_PP_TEST_KEY="$test_key" HEARTH_PP_UPC_PROVIDER_URL=off \
      HEARTH_PP_REQUESTS_PER_USER=100000000 HEARTH_PP_REQUESTS_PER_ADDRESS=100000000 \
      HEARTH_PP_UPC_LOOKUPS_PER_MINUTE=100000000 HEARTH_PP_INVITE_ATTEMPTS_PER_MINUTE=100000000 \
      HEARTH_PP_FAILED_LOGINS_PER_EMAIL=100000000 \
      HEARTH_PP_APPLE_CLIENT_IDS=fuzz HEARTH_PP_APPLE_KEYS_URL=http://127.0.0.1:9/keys \
      "$HEARTH_BIN" serve --app pantrypal "${common[@]}" >"$work/server.log" 2>&1 &
    ;;
  listall)
    "$HEARTH_BIN" serve --app listall "${common[@]}" >"$work/server.log" 2>&1 &
    ;;
  knot)
    # An anon key, so /auth/v1 and /rest/v1 check the `apikey` header as Supabase's gateway does.
    anon_key="fuzz-anon-key-$(python3 -c 'import secrets; print(secrets.token_hex(24))')"
    env HEARTH_KNOT_AUTH_ANON_KEY="$anon_key" \
      "$HEARTH_BIN" serve --app knot "${common[@]}" >"$work/server.log" 2>&1 &
    ;;
esac
server_pid=$!
healthy=""
for _ in $(seq 1 150); do
  curl -fsS "$base/_hearth/health" >/dev/null 2>&1 && { healthy=yes; break; }
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.2
done
if [ -z "$healthy" ]; then
  echo "fuzz: the server did not become healthy; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
fi

case "$app" in
  wishwithme)
    signup="$(curl -fsS -X POST "$base/api/v2/auth/register" -H 'Content-Type: application/json' \
      -d '{"email": "fuzz@example.com", "password": "fuzzing password", "name": "Fuzz"}')"
    token="$(json_field "$signup" access_token)"
    user_id="$(json_field "$signup" user id)"
    # A wishlist of the user, so share creation (and, through its links, revocation and
    # following) reaches real logic instead of answering 404 to random ids.
    wishlist_id="wishlist:$(python3 -c 'import uuid; print(uuid.uuid4())')"
    now="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    curl -fsS -o /dev/null -X POST "$base/api/v2/sync/push/wishlists" -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/json' -d "{\"documents\": [{\"_id\": \"$wishlist_id\", \"type\": \"wishlist\",
        \"owner_id\": \"$user_id\", \"name\": \"Fuzz\", \"access\": [\"$user_id\"], \"created_at\": \"$now\", \"updated_at\": \"$now\"}]}"
    cat >"$config" <<EOF
# A push over the batch limit is 413 by contract (docs/WISHWITHME.md, decision 11).
[checks.negative_data_rejection]
expected-statuses = [400, 401, 403, 404, 409, 413, 422, 429]

[[operations]]
include-operation-id = "createShareLink"
parameters = { wishlist_id = "$wishlist_id" }
EOF
    # `GET …/sync/events` is an endless event stream by design (tested in RealtimeTests).
    extra_checks=(--exclude-operation-id streamSyncEvents)
    ;;
  pantrypal)
    signup="$(curl -fsS -X POST "$base/api/auth/register" -H 'Content-Type: application/json' \
      -d '{"email": "fuzz@example.com", "password": "fuzzing password"}')"
    token="$(json_field "$signup" token)"
    # A premium household with a location, a product, a stocked item, a grocery row and an
    # invite, so household routes reach their logic instead of answering 404 to random ids.
    auth=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')
    household="$(json_field "$(curl -fsS -X POST "$base/api/household" "${auth[@]}" -d '{"name": "Fuzz"}')" id)"
    curl -fsS -o /dev/null -X POST "$base/api/admin/households/$household/premium" -H "x-admin-key: $admin_key" \
      -H 'Content-Type: application/json' -d '{"isPremium": true}'
    location="$(json_field "$(curl -fsS -X POST "$base/api/locations/seed-defaults" "${auth[@]}")" locations 1 id)"
    product="$(json_field "$(curl -fsS -X POST "$base/api/products" "${auth[@]}" \
      -d '{"name": "Fuzz milk", "upc": "4006381333931", "brand": "Fuzz"}')" id)"
    item="$(json_field "$(curl -fsS -X POST "$base/api/inventory" "${auth[@]}" \
      -d "{\"productId\": \"$product\", \"locationId\": \"$location\", \"quantity\": 50}")" id)"
    curl -fsS -o /dev/null -X POST "$base/api/grocery" "${auth[@]}" -d '{"name": "Fuzz bread"}'
    invite="$(json_field "$(curl -fsS -X POST "$base/api/household/invite" "${auth[@]}")" code)"
    cat >"$config" <<EOF
# A push over 100 changes is 413 by contract (spec W6); operator keys 401/403.
[checks.negative_data_rejection]
expected-statuses = [400, 401, 403, 404, 409, 413, 422, 429]

# No App Store Server API client ships in this build: a well-formed validation is 503
# VERIFICATION_UNAVAILABLE by design (docs/PANTRYPAL.md, W12).
[[operations]]
include-operation-id = "validateSubscription"
checks.not_a_server_error.expected-statuses = ["2XX", "3XX", "4XX", 503]
checks.negative_data_rejection.expected-statuses = [400, 401, 403, 404, 409, 413, 422, 429, 503]

# limit is read only with cursor and since only without it (cursor wins), so an invalid
# value of the one a mode does not read is ignored (200), which a query schema cannot say.
[[operations]]
include-operation-id = "getSyncChanges"
checks.negative_data_rejection.expected-statuses = [200, 400, 401, 403, 404, 409, 413, 422, 429]

# Whole numbers written with a fraction (0.0) count as integers, as they did for the
# original JavaScript server, where 0.0 and 0 are one value; schemathesis calls 0.0 a
# non-integer.
[[operations]]
include-operation-id = "updateNotificationPreferences"
checks.negative_data_rejection.expected-statuses = [200, 400, 401, 403, 404, 409, 413, 422, 429]
EOF
    # The household's own rows, so these operations reach their logic instead of a 404.
    for pin in "setHouseholdPremium householdId $household" "setTestPremium householdId $household" \
      "getProduct id $product" "updateProduct id $product" "lookupProduct upc 4006381333931" \
      "updateInventoryItem id $item" "adjustInventoryQuantity id $item" "updateLocation id $location" \
      "previewInvite code $invite"; do
      read -r operation name value <<<"$pin"
      printf '\n[[operations]]\ninclude-operation-id = "%s"\nparameters = { %s = "%s" }\n' "$operation" "$name" "$value" >>"$config"
    done
    # The operator and test keys ride along; logging out and wiping the test database would
    # end the run's own session (PantryAuthTests and TestRoutesTests cover both).
    extra_checks=(--header "x-admin-key: $admin_key" --header "x-test-admin-key: $test_key"
      --exclude-operation-id logout --exclude-operation-id logoutAll --exclude-operation-id resetTestDatabase)
    ;;
  listall)
    signup="$(curl -fsS -X POST "$base/api/v1/auth/register" -H 'Content-Type: application/json' \
      -d '{"email": "fuzz@example.com", "password": "fuzzing password", "name": "Fuzz"}')"
    token="$(json_field "$signup" access_token)"
    # A list and an item of the user with the document's example ids, so pushes that name
    # them reach the item and image rules instead of stopping at PARENT_NOT_FOUND.
    now="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    curl -fsS -o /dev/null -X POST "$base/api/hearth/v1/sync/push" -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/json' -d "{\"mutations\": [
        {\"mutation_id\": \"fuzz-list\", \"collection\": \"lists\", \"op\": \"put\", \"client_updated_at\": \"$now\",
         \"doc\": {\"id\": \"11111111-1111-1111-1111-111111111111\", \"data\": {\"name\": \"Fuzz\", \"orderNumber\": 0,
           \"isArchived\": false, \"createdAt\": \"$now\", \"modifiedAt\": \"$now\"}}},
        {\"mutation_id\": \"fuzz-item\", \"collection\": \"items\", \"op\": \"put\", \"client_updated_at\": \"$now\",
         \"doc\": {\"id\": \"22222222-2222-2222-2222-222222222222\", \"data\": {\"listId\": \"11111111-1111-1111-1111-111111111111\",
           \"title\": \"Fuzz\", \"quantity\": 1, \"orderNumber\": 0, \"isCrossedOut\": false, \"createdAt\": \"$now\",
           \"modifiedAt\": \"$now\"}}}]}"
    cat >"$config" <<EOF
# A push over the batch limit is 413 by contract (spec/sync.md).
[checks.negative_data_rejection]
expected-statuses = [400, 401, 403, 404, 409, 413, 422, 429]

# A malformed mutation is answered with a rejected result in a 200 (spec/sync.md), so an
# element off the mutation schemas is a 200; the schemas are strict so that generated
# pushes are real mutations.
[[operations]]
include-operation-id = "pushSyncMutations"
checks.negative_data_rejection.expected-statuses = [200, 400, 401, 403, 404, 409, 413, 422, 429]
EOF
    # `GET …/sync/events` is an endless event stream by design (tested in RealtimeTests).
    extra_checks=(--exclude-operation-id streamSyncEvents)
    ;;
  knot)
    signup="$(curl -fsS -X POST "$base/auth/v1/signup" -H "apikey: $anon_key" -H 'Content-Type: application/json' \
      -d '{"email": "fuzz@example.com", "password": "fuzzing password"}')"
    token="$(json_field "$signup" access_token)"
    # The vault of spec §5.2's example and a hint, so vault and hint routes reach their
    # logic instead of answering 404 "no vault".
    auth=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')
    curl -fsS -o /dev/null -X POST "$base/api/v1/vault" "${auth[@]}" -d '{
      "partner_name": "Alex", "relationship_tenure_months": 30, "cohabitation_status": "living_together",
      "location_city": "Austin", "location_state": "TX", "location_country": "US",
      "interests": ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"],
      "dislikes": ["Sports", "Comedy", "Movies", "Theater", "Dancing"],
      "vibes": ["romantic", "minimalist"],
      "budgets": [
        {"occasion_type": "just_because", "min_amount": 2000, "max_amount": 5000, "currency": "USD"},
        {"occasion_type": "minor_occasion", "min_amount": 5000, "max_amount": 15000, "currency": "USD"},
        {"occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000, "currency": "USD"}],
      "love_languages": {"primary": "quality_time", "secondary": "receiving_gifts"},
      "milestones": [
        {"milestone_type": "birthday", "milestone_name": "Alex'"'"'s Birthday", "milestone_date": "2000-03-20", "recurrence": "yearly", "budget_tier": null},
        {"milestone_type": "holiday", "milestone_name": "Valentine'"'"'s Day", "milestone_date": "2000-02-14", "recurrence": "yearly", "budget_tier": "major_milestone"}]}'
    curl -fsS -o /dev/null -X POST "$base/api/v1/hints" "${auth[@]}" -d '{"hint_text": "Loves the pottery class downtown"}'
    cat >"$config" <<EOF
# Writes to /rest/v1 are 405 and a single object of no rows 406 by contract (PostgREST's).
[checks.negative_data_rejection]
expected-statuses = [400, 401, 403, 404, 405, 406, 409, 413, 422, 429]
EOF
    # Deleting the account, signing out and changing the password or address would end
    # the run's own session (AccountRouteTests, SessionEndTests and UserRouteTests cover them).
    auth_headers=(--header "apikey: $anon_key")
    extra_checks=(--exclude-operation-id deleteAccount --exclude-operation-id logout --exclude-operation-id updateUser)
    ;;
esac

# Checks left out: unsupported_method and allow_header_conformance (undeclared methods
# answer 404, not 405: Hummingbird's router, accepted), positive_data_acceptance (valid
# requests that depend on state, e.g. an id this server never issued, are 4xx).
status=0
(cd "$work" && "$schemathesis" --config-file "$config" run "$base/openapi.json" --url "$base" \
  --header "Authorization: Bearer $token" "${auth_headers[@]}" \
  --checks all --exclude-checks unsupported_method,allow_header_conformance,positive_data_acceptance \
  --max-response-time 5 --request-timeout 20 --max-redirects 0 \
  --max-examples "${FUZZ_MAX_EXAMPLES:-50}" --phases examples,coverage,fuzzing,stateful \
  "${extra_checks[@]}" \
  --generation-database none --suppress-health-check all --seed "${FUZZ_SEED:-1}" "$@") || status=$?

if ! kill -0 "$server_pid" 2>/dev/null; then
  echo "fuzz: the server died during the run" >&2
  cat "$work/server.log" >&2
  status=1
fi
exit "$status"
