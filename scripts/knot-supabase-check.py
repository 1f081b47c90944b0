#!/usr/bin/env python3
"""Knot's auth and PostgREST shim, end to end with the official Python Supabase client
(`supabase` from PyPI, pinned in scripts/knot-supabase-requirements.txt):

  1. sign_up: a new account (autoconfirm on) comes back with a session;
  2. sign_in_with_password: a second session for the same user;
  3. refresh_session: a new refresh token for the same session;
  4. get_user: the signed-in user;
  5. table("partner_vaults").select("id").limit(1): `[]` before onboarding;
  6. onboarding over plain HTTP with the client's token: the partner vault, the
     PostgREST probe now finding it, a hint, the hint list and the account export;
  7. sign_out: the session ends, and its old access token is refused by
     /auth/v1/user (403 session_not_found) and by the Knot API (401);
  8. delete the account (signed in again) and find that signing in no longer works.

Against a running server:

  HEARTH_URL=http://127.0.0.1:8080 KNOT_ANON_KEY=<the server's HEARTH_KNOT_AUTH_ANON_KEY> \\
      python3 scripts/knot-supabase-check.py

or, starting `hearth serve --app knot` itself on a throwaway data directory (through
scripts/hearth_process.py, like the other checks):

  python3 scripts/knot-supabase-check.py --binary .build/debug/hearth

The client is installed into a virtual environment under ${TMPDIR:-/tmp} made on first use
(named after the pinned requirements); the script re-runs itself there. Each step prints a
line; the first failure prints what was seen and exits 1.
"""
import argparse
import json
import os
import secrets
import sys
import tempfile
import urllib.error
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
REQUIREMENTS = os.path.join(HERE, "knot-supabase-requirements.txt")


def ensure_client():
    """Re-runs this script in a venv holding the pinned requirements unless they are importable."""
    sys.path.insert(0, HERE)
    from pinned_venv import reexec_with
    reexec_with(REQUIREMENTS, "knot supabase check", "hearth-supabase")


class Failure(Exception):
    pass


# The onboarding body of spec §5.2.
VAULT = {
    "partner_name": "Alex", "relationship_tenure_months": 30, "cohabitation_status": "living_together",
    "location_city": "Austin", "location_state": "TX", "location_country": "US",
    "interests": ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"],
    "dislikes": ["Sports", "Comedy", "Movies", "Theater", "Dancing"],
    "vibes": ["romantic", "minimalist"],
    "budgets": [
        {"occasion_type": "just_because", "min_amount": 2000, "max_amount": 5000, "currency": "USD"},
        {"occasion_type": "minor_occasion", "min_amount": 5000, "max_amount": 15000, "currency": "USD"},
        {"occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000, "currency": "USD"},
    ],
    "love_languages": {"primary": "quality_time", "secondary": "receiving_gifts"},
    "milestones": [
        {"milestone_type": "birthday", "milestone_name": "Alex's Birthday", "milestone_date": "2000-03-20",
         "recurrence": "yearly", "budget_tier": None},
        {"milestone_type": "holiday", "milestone_name": "Valentine's Day", "milestone_date": "2000-02-14",
         "recurrence": "yearly", "budget_tier": "major_milestone"},
    ],
}


def step(name, check):
    """Runs one step; prints its outcome; raises Failure with what was seen."""
    try:
        detail = check()
    except Failure:
        print("  FAIL  %s" % name, flush=True)
        raise
    except Exception as e:  # the client raises its own errors (AuthApiError, APIError, …)
        print("  FAIL  %s" % name, flush=True)
        raise Failure("%s: %s: %s" % (name, type(e).__name__, e))
    print("  ok    %s%s" % (name, (" — " + detail) if detail else ""), flush=True)


def expect(condition, message):
    if not condition:
        raise Failure(message)


def raw(url, method, path, token, key, body=None):
    """(status, JSON body) of one request outside the client."""
    headers = {"apikey": key, "Authorization": "Bearer " + token, "X-Supabase-Api-Version": "2024-01-01"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url + path, method=method, headers=headers, data=data)
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as e:
        body = e.read()
        try:
            return e.code, json.loads(body or b"null")
        except ValueError:
            return e.code, body.decode(errors="replace")


def check(url, key):
    from supabase import create_client

    client = create_client(url, key)
    email = "knot-check-%s@example.com" % uuid.uuid4().hex[:12]
    password = "check " + secrets.token_hex(8)
    state = {}

    def sign_up():
        response = client.auth.sign_up({"email": email, "password": password})
        expect(response.user is not None and response.session is not None, "sign_up gave no session: %r" % (response,))
        expect(response.user.email == email, "sign_up user email %r" % response.user.email)
        state["user_id"] = response.user.id
        return "user %s" % response.user.id

    def sign_in():
        response = client.auth.sign_in_with_password({"email": email, "password": password})
        expect(response.session is not None, "no session")
        expect(response.user.id == state["user_id"], "signed in as %s, not %s" % (response.user.id, state["user_id"]))
        expect(response.session.token_type == "bearer" and response.session.expires_in > 0, "session %r" % (response.session,))
        state["refresh"] = response.session.refresh_token
        return None

    def refresh():
        response = client.auth.refresh_session()
        expect(response.session is not None, "no session")
        expect(response.session.refresh_token != state["refresh"], "the refresh token did not rotate")
        expect(response.user.id == state["user_id"], "refreshed as another user")
        state["access"] = response.session.access_token
        return None

    def get_user():
        response = client.auth.get_user()
        expect(response is not None and response.user.id == state["user_id"], "get_user: %r" % (response,))
        expect(response.user.aud == "authenticated", "aud %r" % response.user.aud)
        return None

    def vault_query():
        response = client.table("partner_vaults").select("id").limit(1).execute()
        expect(response.data == [], "expected [] before onboarding, got %r" % (response.data,))
        return "[]"

    def onboard():
        status, body = raw(url, "POST", "/api/v1/vault", state["access"], key, VAULT)
        expect(status == 201 and isinstance(body, dict) and body.get("vault_id"), "POST /api/v1/vault: %s %r" % (status, body))
        state["vault"] = body["vault_id"]
        status, body = raw(url, "GET", "/api/v1/vault", state["access"], key)
        expect(status == 200 and body.get("partner_name") == "Alex" and len(body.get("milestones", [])) == 2,
               "GET /api/v1/vault: %s %r" % (status, body))
        return "vault %s" % state["vault"]

    def vault_found():
        response = client.table("partner_vaults").select("id").limit(1).execute()
        expect(response.data == [{"id": state["vault"]}], "expected the new vault, got %r" % (response.data,))
        return None

    def hints_and_export():
        status, body = raw(url, "POST", "/api/v1/hints", state["access"], key, {"hint_text": "she wants a pottery class"})
        expect(status == 201 and body.get("hint_text") == "she wants a pottery class", "POST /api/v1/hints: %s %r" % (status, body))
        status, body = raw(url, "GET", "/api/v1/hints", state["access"], key)
        expect(status == 200 and body.get("total") == 1, "GET /api/v1/hints: %s %r" % (status, body))
        status, body = raw(url, "GET", "/api/v1/users/me/export", state["access"], key)
        expect(status == 200 and body.get("vault", {}).get("id") == state["vault"] and len(body.get("hints", [])) == 1,
               "GET /api/v1/users/me/export: %s %r" % (status, body))
        return None

    def delete_account():
        response = client.auth.sign_in_with_password({"email": email, "password": password})
        token = response.session.access_token
        status, body = raw(url, "DELETE", "/api/v1/users/me", token, key)
        expect(status == 200 and body.get("status") == "deleted", "DELETE /api/v1/users/me: %s %r" % (status, body))
        try:
            client.auth.sign_in_with_password({"email": email, "password": password})
        except Exception as e:
            expect("invalid" in str(e).lower(), "signing in after deletion: %s" % e)
        else:
            raise Failure("signing in after deletion still works")
        return None

    def sign_out():
        client.auth.sign_out()
        expect(client.auth.get_session() is None, "the client still holds a session")
        status, body = raw(url, "GET", "/auth/v1/user", state["access"], key)
        expect(status == 403 and isinstance(body, dict) and body.get("code") == "session_not_found",
               "old token on /auth/v1/user: %s %r" % (status, body))
        status, body = raw(url, "GET", "/api/v1/me", state["access"], key)
        expect(status == 401, "old token on /api/v1/me: %s %r" % (status, body))
        return None

    for name, action in [("sign_up", sign_up), ("sign_in_with_password", sign_in), ("refresh_session", refresh),
                         ("get_user", get_user), ("partner_vaults select", vault_query),
                         ("vault onboarding (HTTP)", onboard), ("partner_vaults select finds it", vault_found),
                         ("hints and export (HTTP)", hints_and_export), ("sign_out", sign_out),
                         ("delete account (HTTP)", delete_account)]:
        step(name, action)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", help="start `hearth serve --app knot` from this binary (else HEARTH_URL is used)")
    args = parser.parse_args()
    url = os.environ.get("HEARTH_URL", "").rstrip("/")
    key = os.environ.get("KNOT_ANON_KEY", "")
    server = None
    if not url:
        if not args.binary:
            sys.exit("knot supabase check: set HEARTH_URL and KNOT_ANON_KEY, or pass --binary")
        sys.path.insert(0, HERE)
        from hearth_process import Server, free_port
        key = key or "knot-check-anon-" + secrets.token_hex(16)
        work = tempfile.mkdtemp(prefix="hearth-knot-check-")
        server = Server(args.binary, "knot", os.path.join(work, "data"), None, free_port(), os.path.join(work, "server.log"),
                        env={"HEARTH_KNOT_AUTH_ANON_KEY": key, "HEARTH_KNOT_AUTH_MAILER_AUTOCONFIRM": "true"})
        server.start()
        url = server.url
    if len(key) < 32:
        sys.exit("knot supabase check: KNOT_ANON_KEY must be the server's anon key (32+ characters)")
    print("knot supabase check against %s" % url, flush=True)
    try:
        check(url, key)
    except Failure as failure:
        print("knot supabase check FAILED: %s" % failure, flush=True)
        if server:
            print("server log: %s" % server.log_path, flush=True)
        sys.exit(1)
    finally:
        if server:
            server.kill()
    print("knot supabase check: OK", flush=True)


if __name__ == "__main__":
    ensure_client()
    main()
