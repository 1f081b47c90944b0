#!/usr/bin/env python3
"""Crash recovery check for Hearth (issue "Proof of quality", part 2). Standard library only.

  python3 scripts/crash-recovery.py --cycles 50                      # SQLite
  python3 scripts/crash-recovery.py --cycles 50 --database-url 'postgres://postgres@127.0.0.1:54331/postgres?sslmode=disable'

Part 1, server crashes: a `hearth serve --app wishwithme` on a scratch data dir (or the given
PostgreSQL database); one user and one wishlist; then, per cycle, several writer threads push
small delta batches (item creates/updates/deletes with fresh mutation ids, sometimes an earlier
mutation id again) while a reader thread pulls the change feed into a local mirror; the server
is SIGKILLed after a random delay and restarted on the same data. Pushes whose answer was lost
are resent with the same mutation ids. After every restart (before and after those resends) and
at the end the server's state is compared with what it acknowledged: lost writes, half-written
documents, duplicates and feed gaps must all be 0.

Part 2, client crashes: `hearth wish` creates a wishlist and items while the server is
unreachable, then `hearth wish sync` is SIGKILLed at random moments; the store must still open,
`status` must count the unsent items, and after a final sync a fresh profile of the same user
must see every item exactly once.

Exit status 0 = OK; anything else prints the seed so the run can be replayed with --seed.
"""
import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid

import hearth_process
from hearth_process import Unanswered, Violation, free_port

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSWORD = "crash-recovery-pw"
CURRENCIES = ["EUR", "USD", "RUB", "GBP", "JPY"]


def now_iso():
    t = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + ".%03dZ" % int((t % 1) * 1000)


class Server(hearth_process.Server):
    def __init__(self, binary, data_dir, database_url, port, log_path, token_seconds=None):
        extra = ["--auth-limit-per-address", "10000", "--auth-limit-per-account", "10000"]
        if token_seconds:
            extra += ["--access-token-seconds", str(token_seconds)]
        super().__init__(binary, "wishwithme", data_dir, database_url, port, log_path, extra)


# ---------------------------------------------------------------------------- HTTP API


class Api:
    def __init__(self, base):
        self.base = base
        self.lock = threading.Lock()
        self.access = self.refresh_token = self.email = None
        self.renewals = 0

    def raw(self, method, path, body=None, token=None, timeout=15):
        headers = {"Authorization": "Bearer " + token} if token else {}
        return hearth_process.request(self.base + path, method, body, headers, timeout)

    def register(self, email, name):
        status, body = self.raw("POST", "/api/v2/auth/register", {"email": email, "password": PASSWORD, "name": name})
        if status != 201:
            raise Violation("register answered %s %s" % (status, body))
        self.email, self.access, self.refresh_token = email, body["access_token"], body["refresh_token"]
        return body["user"]["id"]

    def _renew(self, stale):
        with self.lock:
            if self.access != stale:
                return  # another thread already renewed it
            status, body = self.raw("POST", "/api/v2/auth/refresh", {"refresh_token": self.refresh_token})
            if status != 200:  # e.g. rotated but the answer was lost in a crash: sign in again
                status, body = self.raw("POST", "/api/v2/auth/login", {"email": self.email, "password": PASSWORD})
                if status != 200:
                    raise Violation("could not renew the session: %s %s" % (status, body))
            self.access, self.refresh_token = body["access_token"], body["refresh_token"]
            self.renewals += 1

    def call(self, method, path, body=None):
        for _ in range(3):
            token = self.access
            status, answer = self.raw(method, path, body, token)
            if status != 401:
                return status, answer
            self._renew(token)
        return status, answer

    def push(self, mutations):
        status, body = self.call("POST", "/api/hearth/v1/sync/push", {"mutations": mutations})
        if status != 200:
            raise Unanswered("push answered %s %s" % (status, body))
        results = body["results"]
        if len(results) != len(mutations):
            raise Violation("push of %d mutations answered %d results" % (len(mutations), len(results)))
        return results

    def pull_page(self, cursor, limit):
        status, body = self.call("GET", "/api/hearth/v1/sync/changes?since=%s&limit=%d" % (cursor, limit))
        if status != 200:
            raise Unanswered("pull answered %s %s" % (status, body))
        return body

    def pull_all(self, cursor="0", limit=500):
        """Every change after cursor: (list of changes, final cursor)."""
        changes = []
        while True:
            page = self.pull_page(cursor, limit)
            changes += page["changes"]
            if int(page["cursor"]) < int(cursor):
                raise Violation("feed cursor went backwards: %s -> %s" % (cursor, page["cursor"]))
            cursor = page["cursor"]
            if not page["has_more"]:
                return changes, cursor


# ---------------------------------------------------------------------------- part 1


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.c = dict(cycles=0, push_requests=0, pushes_acked=0, mutations_acked=0, crash_resends=0,
                      dup_resends=0, unanswered_requests=0, feed_pages=0, lost=0, half_written=0,
                      duplicates=0, gaps=0, unexpected=0)

    def add(self, key, n=1):
        with self.lock:
            self.c[key] += n


class Writer(threading.Thread):
    """Owns its own item ids, so every mutation it sends must be `applied`."""

    def __init__(self, index, world, rng):
        super().__init__(daemon=True)
        self.index, self.w, self.rng = index, world, rng
        self.docs = {}        # id -> {"version", "deleted", "body"}: state as acknowledged
        self.pending = None   # a batch sent without an answer: resent after the restart
        self.acked = []       # (mutation, result) of every acknowledged mutation (for resends)
        self.stop = threading.Event()
        self.failures = []

    def body(self, item_id, created_at):
        tok = "%08x" % self.rng.getrandbits(32)
        return {"type": "item", "wishlist_id": self.w.wishlist_id, "owner_id": self.w.user_id,
                "created_at": created_at, "title": "t-%d-%s" % (self.index, tok),
                "description": "d-%s-%s" % (tok, item_id[-6:]), "price": int(tok[:4], 16) / 100,
                "quantity": 1 + int(tok[4], 16) % 5, "currency": CURRENCIES[int(tok[5], 16) % 5],
                "status": "resolved"}

    def new_batch(self):
        rng, batch, used = self.rng, [], set()
        live = [i for i, d in self.docs.items() if not d["deleted"]]
        for _ in range(rng.randint(1, 5)):
            r = rng.random()
            if r < 0.45 or not live:
                item_id = "item:" + str(uuid.UUID(int=rng.getrandbits(128), version=4))
                body = self.body(item_id, now_iso())
                m = {"mutation_id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "collection": "items",
                     "op": "put", "doc": {"id": item_id, "data": body}, "base_version": 0,
                     "client_updated_at": now_iso()}
            else:
                item_id = rng.choice(live)
                if item_id in used:
                    continue
                d = self.docs[item_id]
                mid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
                if r < 0.85:
                    body = self.body(item_id, d["body"]["created_at"])
                    m = {"mutation_id": mid, "collection": "items", "op": "put",
                         "doc": {"id": item_id, "data": body}, "base_version": d["version"],
                         "client_updated_at": now_iso()}
                else:
                    m = {"mutation_id": mid, "collection": "items", "op": "delete", "id": item_id,
                         "base_version": d["version"], "client_updated_at": now_iso()}
            used.add(item_id)
            batch.append(m)
            self.w.pushed_bodies.setdefault(item_id, []).append(m["doc"]["data"] if m["op"] == "put" else None)
        if self.acked and rng.random() < 0.2:  # an earlier, already applied mutation again
            old = rng.choice(self.acked)
            batch.insert(rng.randrange(len(batch) + 1), dict(old[0], _resend_of=old[1]))
        return batch

    def send(self, batch):
        """Push a batch; record the answers. Raises Unanswered if the answer was lost."""
        wire = [{k: v for k, v in m.items() if not k.startswith("_")} for m in batch]
        self.w.stats.add("push_requests")
        try:
            results = self.w.api.push(wire)
        except Unanswered:
            self.w.stats.add("unanswered_requests")
            raise
        self.w.stats.add("pushes_acked")
        for m, res in zip(batch, results):
            target = m["doc"]["id"] if m["op"] == "put" else m["id"]
            if res.get("mutation_id") != m["mutation_id"] or res.get("status") != "applied" or res.get("id") != target:
                self.fail("unexpected", "mutation %s answered %s" % (m["mutation_id"], res))
                continue
            if "_resend_of" in m:  # must be the original answer, changing nothing
                self.w.stats.add("dup_resends")
                orig = m["_resend_of"]
                if (res.get("version"), res.get("seq")) != (orig.get("version"), orig.get("seq")):
                    self.fail("duplicates", "resent mutation %s answered %s, first answer was %s"
                              % (m["mutation_id"], res, orig))
                continue
            d = self.docs.get(target)
            expect = (d["version"] if d else 0) + 1
            if res.get("version") != expect or not isinstance(res.get("seq"), int):
                self.fail("duplicates" if (res.get("version") or 0) > expect else "lost",
                          "mutation %s on %s answered version %s, expected %s" % (m["mutation_id"], target,
                                                                                 res.get("version"), expect))
            if m["op"] == "put":
                self.docs[target] = {"version": res.get("version"), "deleted": False, "body": m["doc"]["data"]}
            else:
                self.docs[target] = dict(d, version=res.get("version"), deleted=True)
            self.w.acks.append((res.get("seq"), target, res.get("version"), m["op"]))
            self.acked.append((m, res))
            self.w.stats.add("mutations_acked")

    def fail(self, kind, message):
        self.w.stats.add(kind)
        self.failures.append("%s: %s" % (kind, message))

    def run(self):
        while not self.stop.is_set():
            batch = self.pending or self.new_batch()
            self.pending = batch
            try:
                self.send(batch)
            except Unanswered:
                return  # the server is gone: the batch stays pending until the restart
            except Exception as e:  # noqa: BLE001 - report, do not hang the cycle
                self.fail("unexpected", "writer %d: %r" % (self.index, e))
                return
            self.pending = None
            time.sleep(self.rng.random() * 0.01)


class Reader(threading.Thread):
    """A client that pulls the feed into a local mirror, page by page, and keeps its cursor."""

    def __init__(self, world):
        super().__init__(daemon=True)
        self.w = world
        self.stop = threading.Event()

    def apply(self, changes):
        for ch in changes:
            if ch["op"] == "upsert":
                self.w.mirror[ch["id"]] = ch["doc"]
            else:
                self.w.mirror.pop(ch["id"], None)

    def run(self):
        while not self.stop.is_set():
            try:
                page = self.w.api.pull_page(self.w.cursor, 37)
            except Exception:
                return
            self.apply(page["changes"])
            self.w.cursor = page["cursor"]  # the cursor is "saved" together with the page
            self.w.stats.add("feed_pages")
            if not page["has_more"]:
                time.sleep(0.02)


class World:
    pass


def client_fields(data):
    return {k: data.get(k) for k in ("type", "wishlist_id", "owner_id", "created_at", "title", "description",
                                     "price", "quantity", "currency", "status")}


def verify(w, writers, label, tolerant):
    """Compare a full pull from 0 with the acknowledged state. tolerant: pending batches may or may
    not have been applied (checked before they are resent)."""
    problems = []
    changes, _ = w.api.pull_all("0", 500)
    ids = [c["id"] for c in changes]
    if len(ids) != len(set(ids)):
        problems.append(("duplicates", "%s: the feed sent %d ids twice" % (label, len(ids) - len(set(ids)))))
    full = {c["id"]: c.get("doc") for c in changes if c["op"] == "upsert"}
    if w.wishlist_id not in full:
        problems.append(("lost", "%s: the wishlist is gone" % label))
    expected = {}
    for wr in writers:
        for item_id, d in wr.docs.items():
            allowed = [d]
            if tolerant and wr.pending:
                for m in wr.pending:
                    if "_resend_of" in m:
                        continue
                    target = m["doc"]["id"] if m["op"] == "put" else m["id"]
                    if target == item_id:
                        allowed.append({"version": d["version"] + 1, "deleted": m["op"] == "delete",
                                        "body": m["doc"]["data"] if m["op"] == "put" else d["body"]})
            expected[item_id] = allowed
        if tolerant and wr.pending:
            for m in wr.pending:
                if "_resend_of" not in m and m["op"] == "put" and m["doc"]["id"] not in wr.docs:
                    expected[m["doc"]["id"]] = [None, {"version": 1, "deleted": False, "body": m["doc"]["data"]}]
    for item_id, allowed in expected.items():
        doc = full.get(item_id)
        if doc is None:
            if None not in allowed:
                problems.append(("lost", "%s: acknowledged %s is missing" % (label, item_id)))
            continue
        got = client_fields(doc["data"])
        if not any(client_fields(b) == got for b in w.pushed_bodies.get(item_id, []) if b):
            problems.append(("half_written", "%s: %s holds %s, which no push sent" % (label, item_id, got)))
            continue
        ok = [a for a in allowed if a and a["version"] == doc["version"] and a["deleted"] == doc["deleted"]
              and client_fields(a["body"]) == got]
        if not ok:
            top = max(a["version"] for a in allowed if a)
            kind = "duplicates" if doc["version"] > top else "lost"
            problems.append((kind, "%s: %s is version %s deleted=%s, acknowledged %s" % (
                label, item_id, doc["version"], doc["deleted"],
                [(a["version"], a["deleted"]) for a in allowed if a])))
    for item_id, doc in full.items():
        if doc["collection"] == "items" and item_id not in expected:
            problems.append(("duplicates", "%s: unknown item %s on the server" % (label, item_id)))
    return problems, full


def verify_feed(w, full, saved_cursor, label):
    """Resume the mirror from the cursor saved before the crash; it must equal a full pull."""
    problems = []
    changes, cursor = w.api.pull_all(saved_cursor, 41)
    seqs = [c["seq"] for c in changes]
    if seqs != sorted(seqs) or len(seqs) != len(set(seqs)):
        problems.append(("gaps", "%s: feed seqs out of order after %s" % (label, saved_cursor)))
    resumed = {c["id"] for c in changes}
    for c in changes:
        if c["op"] == "upsert":
            w.mirror[c["id"]] = c["doc"]
        else:
            w.mirror.pop(c["id"], None)
    w.cursor = cursor
    for seq, item_id, version, _ in w.acks:
        if seq > int(saved_cursor) and item_id not in resumed:
            problems.append(("gaps", "%s: %s (acknowledged seq %s) missing after cursor %s" % (
                label, item_id, seq, saved_cursor)))
    for item_id, doc in full.items():
        m = w.mirror.get(item_id)
        if m is None or (m["version"], m["deleted"], m["data"]) != (doc["version"], doc["deleted"], doc["data"]):
            problems.append(("gaps", "%s: mirror has %s at %s, server at version %s" % (
                label, item_id, m and m["version"], doc["version"])))
    for item_id in set(w.mirror) - set(full):
        problems.append(("gaps", "%s: mirror holds %s the server does not send" % (label, item_id)))
    return problems


def server_cycles(args, rng, binary, work, stats, failures):
    data_dir = os.path.join(work, "server-data")
    server = Server(binary, data_dir, args.database_url, free_port(), os.path.join(work, "server.log"),
                    args.access_token_seconds)
    server.start()
    w = World()
    w.api, w.stats, w.pushed_bodies, w.acks, w.mirror, w.cursor = Api(server.url), stats, {}, [], {}, "0"
    w.user_id = w.api.register("crash-%s@example.com" % uuid.UUID(int=rng.getrandbits(128)).hex[:12], "Crash")
    w.wishlist_id = "wishlist:" + str(uuid.UUID(int=rng.getrandbits(128), version=4))
    res = w.api.push([{"mutation_id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "collection": "wishlists",
                       "op": "put", "base_version": 0, "client_updated_at": now_iso(),
                       "doc": {"id": w.wishlist_id, "data": {"type": "wishlist", "owner_id": w.user_id,
                                                             "name": "Crash test", "created_at": now_iso()}}}])
    if res[0]["status"] != "applied":
        raise Violation("wishlist not applied: %s" % res)
    writers = [Writer(i, w, random.Random(rng.getrandbits(64))) for i in range(args.writers)]

    def record(problems):
        for kind, msg in problems:
            stats.add(kind)
            failures.append(msg)

    try:
        for cycle in range(1, args.cycles + 1):
            threads = []
            for i, old in enumerate(writers):  # a thread runs once: carry the state into a new one
                nw = Writer(old.index, w, old.rng)
                nw.docs, nw.pending, nw.acked, nw.failures = old.docs, old.pending, old.acked, old.failures
                writers[i] = nw
                threads.append(nw)
            reader = Reader(w)
            for t in threads + [reader]:
                t.start()
            time.sleep(rng.uniform(args.min_delay, args.max_delay))
            server.kill()
            saved_cursor = w.cursor
            for t in threads + [reader]:
                t.stop.set()
            for t in threads + [reader]:
                t.join(30)
                if t.is_alive():
                    raise Violation("cycle %d: a client thread hangs after the kill" % cycle)
            server.start()
            label = "cycle %d" % cycle
            problems, _ = verify(w, writers, label + " before resends", tolerant=True)
            record(problems)
            for wr in writers:  # resend every push whose answer was lost, same mutation ids
                if wr.pending:
                    stats.add("crash_resends", sum(1 for m in wr.pending if "_resend_of" not in m))
                    wr.send(wr.pending)
                    wr.pending = None
            problems, full = verify(w, writers, label, tolerant=False)
            record(problems)
            record(verify_feed(w, full, saved_cursor, label))
            for wr in writers:
                for f in wr.failures:
                    failures.append("%s: %s" % (label, f))
                wr.failures.clear()
            stats.add("cycles")
            c = stats.c
            print("cycle %3d: killed after %s mutations acked, %d resent, feed cursor %s; lost %d, half-written %d, "
                  "duplicates %d, gaps %d" % (cycle, c["mutations_acked"], c["crash_resends"], saved_cursor,
                                              c["lost"], c["half_written"], c["duplicates"], c["gaps"]), flush=True)
            if failures and args.stop_on_failure:
                break
    except BaseException:
        server.kill()
        raise
    return server, w


# ---------------------------------------------------------------------------- part 2


def client_crashes(args, rng, binary, work, server, stats, failures):
    cdir = os.path.join(work, "client")
    env = dict(os.environ, HEARTH_CLIENT_DIR=cdir, HEARTH_WISH_PASSWORD=PASSWORD)
    env.pop("HEARTH_WISH_SERVER", None)
    env.pop("HEARTH_WISH_PROFILE", None)
    down = "http://127.0.0.1:%d" % free_port()  # nothing listens there

    def wish(*a, server_url=server.url, profile="crash", check=True, timeout=120):
        cmd = [binary, "wish", *a, "--profile", profile, "--server", server_url, "--json"]
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        if check and p.returncode != 0:
            raise Violation("`hearth wish %s` failed (%d): %s" % (" ".join(a), p.returncode, p.stderr.strip()))
        return p

    email = "client-%s@example.com" % uuid.UUID(int=rng.getrandbits(128)).hex[:12]
    wish("register", "--email", email, "--name", "Crash client")
    wl = json.loads(wish("wishlists", "create", "Crash gifts", server_url=down).stdout)
    created = {}  # item id -> title
    api = Api(server.url)
    _, body = api.raw("POST", "/api/v2/auth/login", {"email": email, "password": PASSWORD})
    api.email, api.access, api.refresh_token = email, body["access_token"], body["refresh_token"]

    def server_items():
        changes, _ = api.pull_all("0", 1000)
        return [c["doc"] for c in changes if c["op"] == "upsert" and c["collection"] == "items"
                and not c["doc"]["deleted"]]

    def add_offline(n):
        # Each offline write waits for its failed sync attempt (about 5 s): run them 16 at a time.
        titles = ["crash item %03d" % (len(created) + i) for i in range(n)]
        for start in range(0, n, 16):
            procs = [(t, subprocess.Popen([binary, "wish", "items", "add", wl["_id"], "--title", t, "--price",
                                           str(rng.randint(1, 999)), "--profile", "crash", "--server", down,
                                           "--json"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          text=True)) for t in titles[start:start + 16]]
            for t, p in procs:
                out, err = p.communicate(timeout=120)
                if p.returncode != 0:
                    raise Violation("offline `items add` failed (%d): %s" % (p.returncode, err.strip()))
                created[json.loads(out)["_id"]] = t

    def check_pending(moment):
        st = wish("status", server_url=down, check=False)
        if st.returncode != 0:
            failures.append("client: the store does not open %s: %s" % (moment, st.stderr.strip()))
            stats.add("unexpected")
            return None, None
        pending = json.loads(st.stdout)["pending_changes"]
        on_server = {d["id"] for d in server_items()} & set(created)
        unacked = len(created) - len(on_server)
        # The server may have applied a batch whose answer the killed client never recorded, so
        # pending may exceed the items missing on the server by one in-flight batch (<= 200);
        # it may never be lower (that would be a write the client dropped).
        if not unacked <= pending <= unacked + 200 + 1:
            failures.append("client: %s pending=%d but %d of %d items are not on the server" % (
                moment, pending, unacked, len(created)))
            stats.add("lost")
        return pending, len(on_server)

    kills = completed = 0
    per_round = max(1, args.client_items // max(1, args.client_kills))
    for attempt in range(1, args.client_kills + 1):
        add_offline(per_round)
        pending, _ = check_pending("after offline writes %d" % attempt)
        delay = rng.uniform(0.0, args.client_max_delay)
        p = subprocess.Popen([binary, "wish", "sync", "--profile", "crash", "--server", server.url, "--json"],
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        if p.poll() is None:
            os.kill(p.pid, signal.SIGKILL)
            kills += 1
        else:
            completed += 1
        p.wait()
        after, on_server = check_pending("after kill %d" % attempt)
        print("client: round %d, %d items queued; sync %s after %.0f ms; store opens, pending %s, on server %s/%d" % (
            attempt, pending, "killed" if p.returncode == -signal.SIGKILL else "finished", delay * 1000, after,
            on_server, len(created)), flush=True)
    wish("sync")
    final = json.loads(wish("status").stdout)
    if final["pending_changes"] != 0:
        failures.append("client: %d changes still pending after the final sync" % final["pending_changes"])
        stats.add("lost")
    wish("login", "--email", email, profile="crash-fresh")
    fresh = json.loads(wish("items", "list", wl["_id"], profile="crash-fresh").stdout)
    fresh_ids = [d["_id"] for d in fresh]
    fresh_titles = [d["title"] for d in fresh]
    srv = server_items()
    for what, ids, names in (("fresh profile", fresh_ids, fresh_titles),
                             ("server", [d["id"] for d in srv], [d["data"]["title"] for d in srv])):
        if sorted(ids) != sorted(created) or sorted(names) != sorted(created.values()):
            dup = len(names) - len(set(names))
            lost = len(set(created) - set(ids))
            stats.add("duplicates", dup + len(set(ids) - set(created)))
            stats.add("lost", lost)
            failures.append("client: %s has %d items (%d duplicated titles, %d missing) for %d created" % (
                what, len(ids), dup, lost, len(created)))
    return dict(items=len(created), kills=kills, completed=completed, fresh=len(fresh_ids))


# ---------------------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cycles", type=int, default=30)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--database-url", default=None, help="PostgreSQL instead of a scratch SQLite database")
    ap.add_argument("--binary", default=None, help="hearth binary (default: .build-release/release/hearth, "
                                                   ".build/release/hearth, .build/debug/hearth)")
    ap.add_argument("--writers", type=int, default=4)
    ap.add_argument("--access-token-seconds", type=int, default=None,
                    help="short server token lifetime, to exercise refresh (default: the server's 900 s)")
    ap.add_argument("--min-delay", type=float, default=0.05, help="seconds before the kill, at least")
    ap.add_argument("--max-delay", type=float, default=1.5, help="seconds before the kill, at most")
    ap.add_argument("--client-items", type=int, default=96)
    ap.add_argument("--client-kills", type=int, default=8, help="rounds of offline writes + killed sync")
    ap.add_argument("--client-max-delay", type=float, default=0.25)
    ap.add_argument("--skip-client", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    ap.add_argument("--stop-on-failure", action="store_true")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1, 2 ** 31)
    binary = args.binary or next((b for b in (os.path.join(ROOT, p) for p in (
        ".build-release/release/hearth", ".build/release/hearth", ".build/debug/hearth")) if os.access(b, os.X_OK)), None)
    if not binary:
        sys.exit("no hearth binary found; build one (swift build -c release) or pass --binary")
    print("crash-recovery: seed %d, %d cycles, %s, binary %s" % (
        seed, args.cycles, "PostgreSQL" if args.database_url else "SQLite", binary), flush=True)
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="hearth-crash-")
    stats, failures, server, client, renewals = Stats(), [], None, None, 0
    started = time.time()
    try:
        server, world = server_cycles(args, rng, binary, work, stats, failures)
        renewals = world.api.renewals
        if not args.skip_client:
            client = client_crashes(args, rng, binary, work, server, stats, failures)
    except (Violation, Unanswered) as e:
        failures.append("%s: %s" % (type(e).__name__, e))
    finally:
        if server:
            server.kill()
    c = stats.c
    rows = [("server crash cycles", c["cycles"]), ("push requests sent", c["push_requests"]),
            ("push requests answered", c["pushes_acked"]), ("mutations acknowledged", c["mutations_acked"]),
            ("unanswered requests (killed)", c["unanswered_requests"]),
            ("mutations resent after restart", c["crash_resends"]),
            ("earlier mutation ids resent", c["dup_resends"]), ("feed pages pulled", c["feed_pages"]),
            ("access tokens renewed", renewals)]
    if client:
        rows += [("client: items created offline", client["items"]), ("client: syncs SIGKILLed", client["kills"]),
                 ("client: syncs finished first", client["completed"]),
                 ("client: items seen by fresh profile", client["fresh"])]
    rows += [("lost writes", c["lost"]), ("half-written documents", c["half_written"]),
             ("duplicates", c["duplicates"]), ("feed gaps", c["gaps"]), ("unexpected answers", c["unexpected"])]
    print()
    print("| check | %s |" % ("PostgreSQL" if args.database_url else "SQLite"))
    print("| --- | ---: |")
    for name, value in rows:
        print("| %s | %s |" % (name, value))
    print("(seed %d, %.0f s)" % (seed, time.time() - started))
    if failures:
        for f in failures[:30]:
            print("  -", f)
        if len(failures) > 30:
            print("  … and %d more" % (len(failures) - 30))
        print("FAILED (seed %d; scratch dir %s)" % (seed, work))
        sys.exit(1)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print("OK")


if __name__ == "__main__":
    main()
