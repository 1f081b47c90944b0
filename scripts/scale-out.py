#!/usr/bin/env python3
"""Several `hearth serve` processes on one PostgreSQL behind nginx must behave as one server
(issue "Scale out"). Standard library only; needs `nginx` and `psql` (Debian's nginx and
postgresql packages).

  python3 scripts/scale-out.py --database-url URL            # the check CI runs
  python3 scripts/scale-out.py --database-url URL --bench    # bench through the balancer, 1-3 processes

URL names a PostgreSQL server the script may create a scratch database on (it is dropped
afterwards). The check starts --processes (3) servers at once, each with its own data
directory, behind nginx (round-robin), and then, through the balancer:

  1. a token issued by one process is accepted by every process (Wish With Me, PantryPal),
     and a refresh token rotates on whichever process gets it;
  2. per-account login limits hold across processes: of 15 wrong passwords exactly the
     limit are checked, the rest are answered 429;
  3. a change pushed to one process reaches a realtime stream held by another;
  4. writers push Wish With Me items and add PantryPal grocery items (with Idempotency-Key)
     while one process is killed with SIGKILL; answers lost with it are resent; afterwards
     every acknowledged write is there exactly once and no request was refused;
  5. the convergence simulation (scripts/convergence.sh --server) runs through the balancer.

Exit status 0 = OK.
"""
import argparse
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import uuid

import hearth_process
from hearth_process import Unanswered, Violation

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSWORD = "scale-out-password"
ACCOUNT_LIMIT = 5
ADMIN_KEY = "scale-out-admin-key-%s" % uuid.uuid4().hex


def distinct_free_ports(count):
    """`count` free loopback ports, all held at once while chosen, so none repeats."""
    sockets = []
    try:
        for _ in range(count):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            sockets.append(s)
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


class ScratchDatabase:
    """A fresh database on the server of `url`, created and dropped through psql."""

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        self.name = "hearth_scale_%s" % uuid.uuid4().hex[:10]
        self.admin_url = url
        self.url = urllib.parse.urlunsplit(parts._replace(path="/" + self.name))

    def psql(self, sql):
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", self.admin_url, "-c", sql], check=True,
                       stdout=subprocess.DEVNULL)

    def __enter__(self):
        self.psql("CREATE DATABASE %s" % self.name)
        return self

    def __exit__(self, *exc):
        self.psql("DROP DATABASE IF EXISTS %s WITH (FORCE)" % self.name)


class Balancer:
    """nginx, round-robin over the servers' ports; a server that refuses connections is
    skipped for a few seconds (passive health check)."""

    def __init__(self, work, port, ports):
        self.dir = os.path.join(work, "nginx")
        os.makedirs(self.dir, exist_ok=True)
        self.port = port
        self.url = "http://127.0.0.1:%d" % self.port
        upstreams = "\n".join("    server 127.0.0.1:%d max_fails=1 fail_timeout=5s;" % p for p in ports)
        config = """worker_processes 1;
pid %(dir)s/nginx.pid;
error_log %(dir)s/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_buffer_size 1m;
  client_body_temp_path %(dir)s/body;
  proxy_temp_path %(dir)s/proxy;
  fastcgi_temp_path %(dir)s/fastcgi;
  uwsgi_temp_path %(dir)s/uwsgi;
  scgi_temp_path %(dir)s/scgi;
  upstream hearth {
%(upstreams)s
    keepalive 32;
  }
  server {
    listen 127.0.0.1:%(port)d;
    client_max_body_size 20m;
    location / {
      proxy_pass http://hearth;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout;
    }
  }
}
""" % dict(dir=self.dir, upstreams=upstreams, port=self.port)
        self.config = os.path.join(self.dir, "nginx.conf")
        with open(self.config, "w") as f:
            f.write(config)
        self.proc = None

    def start(self):
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.proc = subprocess.Popen([nginx, "-p", self.dir, "-c", self.config, "-e", os.path.join(self.dir, "error.log"),
                                      "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        hearth_process.wait_until_healthy(self.url, self.proc, "nginx", os.path.join(self.dir, "error.log"), seconds=15)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


class Cluster:
    """`count` servers of every app on one database, each with its own data directory,
    started at the same moment, behind one balancer."""

    def __init__(self, binary, database_url, count, work, extra=(), env=None):
        balancer_port, *ports = distinct_free_ports(count + 1)
        self.servers = [
            hearth_process.Server(binary, None, os.path.join(work, "data-%d" % i), database_url, ports[i],
                                  os.path.join(work, "server-%d.log" % i), extra=extra, env=env)
            for i in range(count)]
        self.balancer = Balancer(work, balancer_port, ports)

    def __enter__(self):
        errors = []

        def start(server):
            try:
                server.start()
            except Exception as e:  # reported below
                errors.append(e)
        threads = [threading.Thread(target=start, args=(s,)) for s in self.servers]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            self.__exit__()
            raise errors[0]
        self.balancer.start()
        return self

    def __exit__(self, *exc):
        self.balancer.stop()
        for server in self.servers:
            server.kill()


def call(base, method, path, body=None, token=None, headers=None):
    all_headers = dict(headers or {})
    if token:
        all_headers["Authorization"] = "Bearer " + token
    return hearth_process.request(base + path, method, body, all_headers)


def expect(status, body, wanted, what):
    if status != wanted:
        raise Violation("%s answered %s %s (expected %s)" % (what, status, str(body)[:300], wanted))
    return body


def check_tokens(cluster):
    lb, direct = cluster.balancer.url, [s.url for s in cluster.servers]
    email = "tokens-%s@example.com" % uuid.uuid4().hex[:8]
    wwm = expect(*call(lb, "POST", "/wishwithme/api/v2/auth/register",
                       {"email": email, "password": PASSWORD, "name": "Tokens"}), 201, "wish register")
    pantry = expect(*call(lb, "POST", "/pantrypal/api/auth/register", {"email": email, "password": PASSWORD}),
                    201, "pantry register")
    for url in direct:
        expect(*call(url, "GET", "/wishwithme/api/v2/auth/me", token=wwm["access_token"]), 200, "wish me on " + url)
        expect(*call(url, "GET", "/pantrypal/api/auth/me", token=pantry["token"]), 200, "pantry me on " + url)
    refresh = wwm["refresh_token"]
    for url in direct:  # each rotation on another process; the chain never breaks
        body = expect(*call(url, "POST", "/wishwithme/api/v2/auth/refresh", {"refresh_token": refresh}), 200,
                      "refresh on " + url)
        refresh = body["refresh_token"]
    print("  tokens: issued through the balancer, accepted by all %d processes; refresh rotated on each" % len(direct))


def check_limits(cluster):
    lb = cluster.balancer.url
    statuses = []
    for _ in range(15):
        status, _ = call(lb, "POST", "/wishwithme/api/v2/auth/login",
                         {"email": "victim@example.com", "password": "guess-%d" % random.getrandbits(32)})
        statuses.append(status)
    if statuses.count(401) != ACCOUNT_LIMIT or statuses.count(429) != 15 - ACCOUNT_LIMIT:
        raise Violation("wish logins for one account across processes answered %s (limit %d)" % (statuses, ACCOUNT_LIMIT))
    email = "pantry-victim-%s@example.com" % uuid.uuid4().hex[:8]
    expect(*call(lb, "POST", "/pantrypal/api/auth/register", {"email": email, "password": PASSWORD}), 201, "pantry register")
    statuses = [call(lb, "POST", "/pantrypal/api/auth/login", {"email": email, "password": "wrong"})[0] for _ in range(15)]
    if statuses.count(401) != ACCOUNT_LIMIT or statuses.count(429) != 15 - ACCOUNT_LIMIT:
        raise Violation("pantry logins for one account across processes answered %s (limit %d)" % (statuses, ACCOUNT_LIMIT))
    print("  limits: 15 wrong passwords over %d processes, %d checked, %d refused (Wish With Me and PantryPal)"
          % (len(cluster.servers), ACCOUNT_LIMIT, 15 - ACCOUNT_LIMIT))


def now_iso():
    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())


def check_realtime(cluster):
    listener, writer = cluster.servers[0].url, cluster.servers[1].url
    email = "realtime-%s@example.com" % uuid.uuid4().hex[:8]
    user = expect(*call(listener, "POST", "/wishwithme/api/v2/auth/register",
                        {"email": email, "password": PASSWORD, "name": "Realtime"}), 201, "register")
    request = urllib.request.Request(listener + "/wishwithme/api/hearth/v1/sync/events",
                                     headers={"Authorization": "Bearer " + user["access_token"]})
    stream = urllib.request.urlopen(request, timeout=20)
    first = stream.readline().decode()
    while not first.startswith("data:"):
        first = stream.readline().decode()
    before = json.loads(first.split("data:", 1)[1])["seq"]
    mutation = {"mutation_id": str(uuid.uuid4()), "collection": "wishlists", "op": "put", "base_version": 0,
                "client_updated_at": now_iso(),
                "doc": {"id": "wishlist:" + str(uuid.uuid4()),
                        "data": {"type": "wishlist", "owner_id": user["user"]["id"], "name": "Realtime",
                                 "created_at": now_iso()}}}
    expect(*call(writer, "POST", "/wishwithme/api/hearth/v1/sync/push", {"mutations": [mutation]},
                 token=user["access_token"]), 200, "push")
    while True:  # the read times out (a violation) if the event never comes
        line = stream.readline().decode()
        if line.startswith("data:") and json.loads(line.split("data:", 1)[1])["seq"] > before:
            break
    stream.close()
    print("  realtime: a push to one process woke a stream held by another")


class Ledger:
    """Every write the writers sent, and what the servers answered."""

    def __init__(self):
        self.lock = threading.Lock()
        self.wish_items = {}      # id -> title acknowledged
        self.grocery = {}         # clientId -> name acknowledged
        self.lost_answers = 0     # requests resent because their answer never came (502/none)
        self.refusals = []

    def refused(self, what, status, body):
        with self.lock:
            self.refusals.append("%s answered %s %s" % (what, status, str(body)[:200]))


def resend_until_answered(ledger, stop_by, send):
    """Sends until an answer comes; a lost answer (the process died with it) is resent.
    PantryPal answers 409 while an Idempotency-Key is claimed by a request still running,
    or by one that died with its process, until the claim is abandoned (15 s): as one
    process restarted would; the client waits and resends."""
    while time.time() < stop_by:
        try:
            status, body = send()
        except Unanswered:
            status, body = None, None
        if status == 409:
            time.sleep(1)
            continue
        if status is not None and status not in (502, 503, 504):
            return status, body
        with ledger.lock:
            ledger.lost_answers += 1
        time.sleep(0.05)
    raise Violation("no answer for a resent write within the run")


def wish_writer(lb, user, wishlist_id, ledger, stop, seed):
    rng = random.Random(seed)
    while not stop.is_set():
        batch = []
        for _ in range(rng.randint(1, 5)):
            item_id = "item:" + str(uuid.UUID(int=rng.getrandbits(128), version=4))
            title = "t-%08x" % rng.getrandbits(32)
            batch.append({"mutation_id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "collection": "items",
                          "op": "put", "base_version": 0, "client_updated_at": now_iso(),
                          "doc": {"id": item_id, "data": {"type": "item", "wishlist_id": wishlist_id,
                                                          "owner_id": user["user"]["id"], "created_at": now_iso(),
                                                          "title": title, "quantity": 1, "status": "resolved"}}})
        status, body = resend_until_answered(ledger, time.time() + 60, lambda: call(
            lb, "POST", "/wishwithme/api/hearth/v1/sync/push", {"mutations": batch}, token=user["access_token"]))
        if status != 200:
            ledger.refused("wish push", status, body)
            continue
        for mutation, result in zip(batch, body["results"]):
            if result.get("status") != "applied":
                ledger.refused("wish mutation", result.get("status"), result)
                continue
            with ledger.lock:
                ledger.wish_items[mutation["doc"]["id"]] = mutation["doc"]["data"]["title"]


def grocery_writer(lb, token, ledger, stop, seed):
    rng = random.Random(seed)
    while not stop.is_set():
        client_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        name = "g-%08x" % rng.getrandbits(32)
        key = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        status, body = resend_until_answered(ledger, time.time() + 60, lambda: call(
            lb, "POST", "/pantrypal/api/grocery", {"name": name, "clientId": client_id}, token=token,
            headers={"Idempotency-Key": key}))
        if status not in (200, 201):
            ledger.refused("grocery add", status, body)
            continue
        with ledger.lock:
            ledger.grocery[client_id] = name


def check_writes_survive_a_kill(cluster, seconds):
    lb = cluster.balancer.url
    email = "writes-%s@example.com" % uuid.uuid4().hex[:8]
    user = expect(*call(lb, "POST", "/wishwithme/api/v2/auth/register",
                        {"email": email, "password": PASSWORD, "name": "Writes"}), 201, "register")
    wishlist_id = "wishlist:" + str(uuid.uuid4())
    expect(*call(lb, "POST", "/wishwithme/api/hearth/v1/sync/push", {"mutations": [{
        "mutation_id": str(uuid.uuid4()), "collection": "wishlists", "op": "put", "base_version": 0,
        "client_updated_at": now_iso(), "doc": {"id": wishlist_id, "data": {
            "type": "wishlist", "owner_id": user["user"]["id"], "name": "Writes", "created_at": now_iso()}}}]},
        token=user["access_token"]), 200, "wishlist push")
    pantry = expect(*call(lb, "POST", "/pantrypal/api/auth/register", {"email": email, "password": PASSWORD}),
                    201, "pantry register")
    household = expect(*call(lb, "POST", "/pantrypal/api/household", {"name": "Writes"}, token=pantry["token"]), 201,
                       "household")
    expect(*call(lb, "POST", "/pantrypal/api/admin/households/%s/premium" % household["id"], {"isPremium": True},
                 headers={"x-admin-key": ADMIN_KEY}), 200, "premium")  # no free-tier cap on the grocery list

    ledger, stop = Ledger(), threading.Event()
    threads = [threading.Thread(target=wish_writer, args=(lb, user, wishlist_id, ledger, stop, i)) for i in range(3)]
    threads += [threading.Thread(target=grocery_writer, args=(lb, pantry["token"], ledger, stop, 100 + i)) for i in range(2)]
    for t in threads:
        t.start()
    time.sleep(seconds / 2)
    victim = cluster.servers[-1]
    victim.kill()
    time.sleep(seconds / 2)
    stop.set()
    for t in threads:
        t.join()
    victim.start()  # it rejoins with its data directory and the shared database

    if ledger.refusals:
        raise Violation("%d writes refused, first: %s" % (len(ledger.refusals), ledger.refusals[0]))
    held, cursor = {}, "0"
    while True:
        page = expect(*call(lb, "GET", "/wishwithme/api/hearth/v1/sync/changes?since=%s&limit=500" % cursor,
                            token=user["access_token"]), 200, "pull")
        for change in page["changes"]:
            if change["op"] == "upsert":
                held[change["id"]] = change["doc"]["data"].get("title")
        cursor = page["cursor"]
        if not page.get("has_more"):
            break
    missing = [i for i, title in ledger.wish_items.items() if held.get(i) != title]
    if missing:
        raise Violation("%d acknowledged wish items missing or changed, e.g. %s" % (len(missing), missing[0]))
    groceries = expect(*call(lb, "GET", "/pantrypal/api/grocery", token=pantry["token"]), 200, "grocery list")
    rows = groceries if isinstance(groceries, list) else groceries.get("items", [])
    names = [row.get("name") for row in rows]
    lost = [n for n in ledger.grocery.values() if names.count(n) != 1]
    if lost or len(names) != len(ledger.grocery):
        raise Violation("grocery list holds %d rows for %d acknowledged adds (%d lost or doubled)"
                        % (len(names), len(ledger.grocery), len(lost)))
    print("  writes: %d wish items and %d grocery adds acknowledged while a process was killed; all there once; "
          "%d lost answers resent; 0 refused" % (len(ledger.wish_items), len(ledger.grocery), ledger.lost_answers))


def check_convergence(cluster, iterations):
    env = dict(os.environ, SWIFT_TEST_FLAGS="--skip-build")
    subprocess.run([os.path.join(ROOT, "scripts", "convergence.sh"), "--server", cluster.balancer.url + "/wishwithme",
                    "--iterations", str(iterations), "--steps", "30"], check=True, cwd=ROOT, env=env)
    print("  convergence: %d seeds x 2 protocols converged through the balancer" % iterations)


def bench_clients(binary, url, args, open_loop):
    command = [binary, "bench", "clients", "--server", url, "--clients", str(args.clients), "--seconds", str(args.seconds),
               "--json"]
    if open_loop:
        command += ["--mode", "open", "--interval-ms", "1000"]
    figures = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    return "%7.0f  %6.1f  %6.1f  %6d" % (figures["syncsPerSecond"], figures["p50Milliseconds"], figures["p99Milliseconds"],
                                         figures["errors"])


def bench(args, binary, work):
    """Closed loop (each client syncs again at once: the saturation rate) and open loop
    (each client syncs once a second: the latency people see at that load)."""
    print("%d clients, %.0f s per row (hearth bench clients --server <balancer>/wishwithme)" % (args.clients, args.seconds))
    print("processes            loop    syncs/s  p50 ms  p99 ms  errors")
    for count in range(1, args.processes + 1):
        with ScratchDatabase(args.database_url) as database:
            with Cluster(binary, database.url, count, os.path.join(work, "bench-%d" % count),
                         extra=["--auth-limit-per-address", "100000"]) as cluster:
                targets = [("%d via nginx" % count, cluster.balancer.url)]
                if count == 1:
                    targets.insert(0, ("1 direct", cluster.servers[0].url))
                for label, url in targets:
                    for open_loop in (False, True):
                        print("%-18s  %6s  %s" % (label, "open" if open_loop else "closed",
                                                   bench_clients(binary, url + "/wishwithme", args, open_loop)))
                        sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", required=True, help="a PostgreSQL server to make a scratch database on")
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6.0, help="how long writers run (check) or clients (bench)")
    parser.add_argument("--convergence-seeds", type=int, default=2)
    parser.add_argument("--bench", action="store_true", help="bench clients through the balancer with 1..N processes")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "hearth"))
    parser.add_argument("--keep", action="store_true", help="keep the work directory (logs)")
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit("build first: swift build (or pass --binary)")
    work = tempfile.mkdtemp(prefix="hearth-scale-out-")
    os.chmod(work, 0o755)
    try:
        if args.bench:
            bench(args, args.binary, work)
            return
        print("scale-out: %d processes on one PostgreSQL behind nginx (logs in %s)" % (args.processes, work))
        with ScratchDatabase(args.database_url) as database:
            env = {"HEARTH_PP_FAILED_LOGINS_PER_EMAIL": str(ACCOUNT_LIMIT), "HEARTH_PP_UPC_PROVIDER_URL": "off",
                   "HEARTH_PP_ADMIN_KEY": ADMIN_KEY,
                   "HEARTH_PP_REQUESTS_PER_USER": "1000000", "HEARTH_PP_REQUESTS_PER_ADDRESS": "1000000"}
            extra = ["--auth-limit-per-account", str(ACCOUNT_LIMIT), "--auth-limit-per-address", "100000"]
            with Cluster(args.binary, database.url, args.processes, work, extra=extra, env=env) as cluster:
                check_tokens(cluster)
                check_limits(cluster)
                check_realtime(cluster)
                check_writes_survive_a_kill(cluster, args.seconds)
                check_convergence(cluster, args.convergence_seeds)
        print("scale-out: OK")
    except Violation as e:
        print("scale-out: FAILED: %s (logs in %s)" % (e, work), file=sys.stderr)
        args.keep = True
        sys.exit(1)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
