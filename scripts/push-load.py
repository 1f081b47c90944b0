#!/usr/bin/env python3
"""Delta push throughput measured from outside the server process.

Starts `hearth serve --app wishwithme` (or uses --server URL), signs up --pushers users, each
with one wishlist, builds every request body first, then sends --items new items per user
in batches of --batch over one keep-alive connection per user, all users at once, and prints
documents per second as the client saw them. Python standard library only.

  python3 scripts/push-load.py --items 5000 --batch 100 --pushers 1
  python3 scripts/push-load.py --items 5000 --batch 100 --pushers 4 --database-url postgres://…
  perf record -g -p <server pid> …   # profile the server alone while this runs (--server URL)
"""
import argparse
import http.client
import json
import os
import shutil
import tempfile
import threading
import time
import urllib.parse
import uuid

from hearth_process import Server, free_port


def now_iso():
    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())


class Connection:
    def __init__(self, base):
        url = urllib.parse.urlsplit(base)
        self.prefix = url.path.rstrip("/")
        self.conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=120)
        self.token = None

    def post(self, path, body):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        self.conn.request("POST", self.prefix + path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        if response.status != 200 and response.status != 201:
            raise SystemExit("%s answered %d: %s" % (path, response.status, payload[:300]))
        return json.loads(payload)


def prepare(base, index, items, batch):
    c = Connection(base)
    email = "push-%d-%s@bench.example" % (index, uuid.uuid4().hex[:10])
    answer = c.post("/api/v2/auth/register", {"email": email, "password": "bench password", "name": "Pusher"})
    c.token, user_id = answer["access_token"], answer["user"]["id"]
    wishlist = "wishlist:" + str(uuid.uuid4())
    c.post("/api/hearth/v1/sync/push", {"mutations": [{
        "mutation_id": str(uuid.uuid4()), "collection": "wishlists", "op": "put", "base_version": 0,
        "client_updated_at": now_iso(),
        "doc": {"id": wishlist, "data": {"type": "wishlist", "owner_id": user_id, "name": "Push load",
                                         "created_at": now_iso()}}}]})
    bodies = []
    for first in range(0, items, batch):
        mutations = []
        for n in range(first, min(first + batch, items)):
            item = "item:" + str(uuid.uuid4())
            mutations.append({
                "mutation_id": str(uuid.uuid4()), "collection": "items", "op": "put", "base_version": 0,
                "client_updated_at": now_iso(),
                "doc": {"id": item, "data": {
                    "type": "item", "wishlist_id": wishlist, "owner_id": user_id, "created_at": now_iso(),
                    "title": "Item %d" % n, "description": "A thing to give", "price": n % 500, "currency": "EUR",
                    "quantity": 1, "status": "resolved"}}})
        bodies.append(json.dumps({"mutations": mutations}).encode())
    return c, bodies


def push_all(c, bodies, failures):
    try:
        for body in bodies:
            results = c.post("/api/hearth/v1/sync/push", body)["results"]
            if any(r["status"] != "applied" for r in results):
                failures.append(next(r for r in results if r["status"] != "applied"))
                return
    except BaseException as error:  # noqa: BLE001 - reported below
        failures.append(repr(error))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=5000, help="new items per pusher")
    parser.add_argument("--batch", type=int, default=100, help="mutations per push request")
    parser.add_argument("--pushers", type=int, default=1, help="users pushing at once")
    parser.add_argument("--server", help="a running hearth serve --app wishwithme (else one is started)")
    parser.add_argument("--binary", default=".build/release/hearth")
    parser.add_argument("--database-url", help="run the started server on this PostgreSQL")
    args = parser.parse_args()

    work, server = None, None
    base = args.server
    if not base:
        work = tempfile.mkdtemp(prefix="hearth-push-load-")
        server = Server(args.binary, "wishwithme", os.path.join(work, "data"), args.database_url, free_port(),
                        os.path.join(work, "server.log"),
                        extra=["--auth-limit-per-address", "100000", "--auth-limit-per-account", "100000"])
        server.start()
        base = server.url
    try:
        prepared = [prepare(base, i, args.items, args.batch) for i in range(args.pushers)]
        failures = []
        threads = [threading.Thread(target=push_all, args=(c, bodies, failures)) for c, bodies in prepared]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
        if failures:
            raise SystemExit("push failed: %s" % failures[0])
        total = args.items * args.pushers
        print("delta push, batches of %d, %d pusher(s): %d items in %.2f s = %.0f docs/s"
              % (args.batch, args.pushers, total, elapsed, total / elapsed))
    finally:
        if server:
            server.kill()
        if work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
