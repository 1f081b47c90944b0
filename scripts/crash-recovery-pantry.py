#!/usr/bin/env python3
"""Crash recovery check for PantryPal (issue 6). Standard library only.

  python3 scripts/crash-recovery-pantry.py --cycles 30
  python3 scripts/crash-recovery-pantry.py --cycles 30 --database-url 'postgres://…?sslmode=disable'

A `hearth serve --app pantrypal` on a scratch data dir (or the given PostgreSQL database);
one premium household with ten products of 1,000 units each. Per cycle, writer threads send
what an offline phone replays — inventory creates with client ids, checkouts by UPC and
quantity adjustments, each with its own Idempotency-Key — and the server is SIGKILLed after a
random delay, then restarted on the same data. Requests that got no answer are resent with
the same key and body until they get one. After every restart the server must hold exactly
what it acknowledged: every acknowledged create once, each product's stock equal to the
start plus creates plus adjustments minus checkouts, one history row per acknowledged
checkout, and a change log whose sequence numbers have no gap and no duplicate.

Exit status 0 = OK; anything else prints the seed so the run can be replayed with --seed.
"""
import argparse
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import uuid

import hearth_process
from hearth_process import Unanswered, Violation, free_port

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADMIN_KEY = "crash-recovery-admin-key-" + uuid.uuid4().hex
PRODUCTS = 10
START_UNITS = 1000


def call(base, method, path, body=None, token=None, key=None, headers=None, timeout=15):
    all_headers = dict(headers or {})
    if token:
        all_headers["Authorization"] = "Bearer " + token
    if key:
        all_headers["Idempotency-Key"] = key
    return hearth_process.request(base + path, method, body, all_headers, timeout)


class Ledger:
    """What the server acknowledged, and what still waits for an answer."""

    def __init__(self, products):
        self.lock = threading.Lock()
        self.expected = {upc: START_UNITS for upc in products}
        self.created = set()
        self.checkouts = 0
        self.pending = []
        self.stats = dict(requests=0, acknowledged=0, unanswered=0, resent=0, in_progress_waits=0)

    def settle(self, op, status, body):
        """Records an answered operation; raises on an answer that breaks the rules."""
        if status == 409 and isinstance(body, dict) and body.get("code") == "IDEMPOTENCY_IN_PROGRESS":
            return False
        if status >= 500 or status in (401, 422):
            raise Violation("%s %s answered %s %s" % (op["method"], op["path"], status, body))
        with self.lock:
            self.stats["acknowledged"] += 1
            if op["kind"] == "create" and status in (200, 201):
                self.created.add(op["id"])
                self.expected[op["upc"]] += op["quantity"]
            elif op["kind"] == "checkout" and status == 200 and body.get("success"):
                self.checkouts += 1
                self.expected[op["upc"]] -= 1
            elif op["kind"] == "adjust" and status == 200:
                self.expected[op["upc"]] += op["adjustment"]
        return True


def operation(rng, products, rows):
    upc = rng.choice(list(products))
    kind = rng.choice(["create", "checkout", "checkout", "adjust"])
    key = uuid.uuid4().hex
    if kind == "create":
        item = str(uuid.uuid4())
        quantity = rng.randint(1, 5)
        body = {"id": item, "productId": products[upc], "locationId": rows["location"], "quantity": quantity,
                "expirationDate": "2031-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28))}
        return dict(kind=kind, method="POST", path="/api/inventory", body=body, key=key, upc=upc, id=item, quantity=quantity)
    if kind == "checkout":
        return dict(kind=kind, method="POST", path="/api/checkout/scan", body={"upc": upc}, key=key, upc=upc)
    adjustment = rng.choice([-2, -1, 1, 3])
    return dict(kind=kind, method="PATCH", path="/api/inventory/%s/quantity" % rows[upc], body={"adjustment": adjustment},
                key=key, upc=upc, adjustment=adjustment)


def writer(server, token, ledger, products, rows, seed, stop):
    rng = random.Random(seed)
    while not stop.is_set():
        op = operation(rng, products, rows)
        with ledger.lock:
            ledger.stats["requests"] += 1
        try:
            status, body = call(server.url, op["method"], op["path"], op["body"], token, op["key"], timeout=5)
            if not ledger.settle(op, status, body):
                with ledger.lock:
                    ledger.pending.append(op)
        except Unanswered:
            with ledger.lock:
                ledger.stats["unanswered"] += 1
                ledger.pending.append(op)
            return


def resend_pending(server, token, ledger):
    deadline = time.time() + 60
    while ledger.pending:
        op = ledger.pending.pop(0)
        ledger.stats["resent"] += 1
        status, body = call(server.url, op["method"], op["path"], op["body"], token, op["key"])
        if not ledger.settle(op, status, body):
            ledger.stats["in_progress_waits"] += 1
            if time.time() > deadline:
                raise Violation("key %s still in progress after 60 s" % op["key"])
            ledger.pending.append(op)
            time.sleep(1)


def verify(server, token, ledger, household_id):
    status, items = call(server.url, "GET", "/api/inventory", token=token)
    if status != 200:
        raise Violation("inventory answered %s" % status)
    ids = [item["id"] for item in items]
    if len(ids) != len(set(ids)):
        raise Violation("an inventory row appears twice")
    stock = {}
    for item in items:
        stock[item["product_upc"]] = stock.get(item["product_upc"], 0) + item["quantity"]
    for upc, expected in ledger.expected.items():
        if stock.get(upc, 0) != expected:
            raise Violation("stock of %s is %s, acknowledged writes make it %s" % (upc, stock.get(upc, 0), expected))
    status, history = call(server.url, "GET", "/api/checkout/history?limit=1", token=token)
    if history["pagination"]["total"] != ledger.checkouts:
        raise Violation("%s history rows for %s acknowledged checkouts" % (history["pagination"]["total"], ledger.checkouts))
    cursor, seqs = 0, []
    while True:
        status, page = call(server.url, "GET", "/api/sync/changes?cursor=%d&limit=1000" % cursor, token=token)
        seqs += [row["seq"] for row in page["changes"]]
        cursor = page["cursor"]
        if not page["hasMore"]:
            break
    if seqs != list(range(1, len(seqs) + 1)):
        raise Violation("the change log's sequence has a gap or a duplicate")
    return len(seqs)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--seed", type=int, default=random.randrange(1 << 30))
    parser.add_argument("--database-url")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "hearth"))
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit("build first: swift build -c release --product hearth (or pass --binary)")
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="hearth-pantry-crash-")
    server = hearth_process.Server(
        args.binary, "pantrypal", os.path.join(work, "data"), args.database_url, free_port(), os.path.join(work, "server.log"),
        env=dict(HEARTH_PP_ADMIN_KEY=ADMIN_KEY, HEARTH_PP_UPC_PROVIDER_URL="off",
                 HEARTH_PP_REQUESTS_PER_USER="100000000", HEARTH_PP_REQUESTS_PER_ADDRESS="100000000"))
    try:
        server.start()
        email = "crash-%s@example.com" % uuid.uuid4().hex[:8]
        status, body = call(server.url, "POST", "/api/auth/register", {"email": email, "password": "crash recovery"})
        token = body["token"]
        household_id = call(server.url, "POST", "/api/household", {"name": "Crash"}, token)[1]["id"]
        call(server.url, "POST", "/api/locations/seed-defaults", token=token)
        call(server.url, "POST", "/api/admin/households/%s/premium" % household_id, {"isPremium": True},
             headers={"x-admin-key": ADMIN_KEY})
        location = call(server.url, "GET", "/api/locations/flat", token=token)[1][0]["id"]
        products, rows = {}, {"location": location}
        for number in range(PRODUCTS):
            upc = "77%010d" % number
            products[upc] = call(server.url, "POST", "/api/products", {"name": "Product %d" % number, "upc": upc}, token)[1]["id"]
            rows[upc] = call(server.url, "POST", "/api/inventory", {"productId": products[upc], "locationId": location,
                                                                     "quantity": START_UNITS}, token)[1]["id"]
        ledger = Ledger(products)
        log_rows = 0
        for cycle in range(1, args.cycles + 1):
            stop = threading.Event()
            threads = [threading.Thread(target=writer, args=(server, token, ledger, products, rows, rng.randrange(1 << 30), stop))
                       for _ in range(args.writers)]
            for thread in threads:
                thread.start()
            time.sleep(rng.uniform(0.1, 1.2))
            server.kill()
            stop.set()
            for thread in threads:
                thread.join()
            server.start()
            resend_pending(server, token, ledger)
            log_rows = verify(server, token, ledger, household_id)
            print("cycle %d/%d: %s, change log %d rows" % (cycle, args.cycles, ledger.stats, log_rows), flush=True)
        print("OK: %d cycles, %d requests, %d acknowledged, %d resent after a crash, %d checkouts; "
              "0 lost, 0 doubled, 0 sequence gaps" % (args.cycles, ledger.stats["requests"], ledger.stats["acknowledged"],
                                                      ledger.stats["resent"], ledger.checkouts))
    except Violation as violation:
        print("FAILED: %s\nreplay with: scripts/crash-recovery-pantry.py --seed %d (server log: %s)" % (violation, args.seed, server.log_path))
        server.kill()
        sys.exit(1)
    server.kill()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
