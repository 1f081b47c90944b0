#!/usr/bin/env python3
"""`hearth backup` under load and `hearth restore`, end to end with the real binary:

1. a ListAll server on a throwaway data directory; a writer pushes lists in batches while
   `hearth backup` runs; the backup must hold whole batches only;
2. `hearth restore` into the running server's directory is refused, and changes nothing;
3. once the server is stopped the restore succeeds; the restarted server signs in the same
   users, accepts an access token issued before the backup, serves exactly the backup's
   data, and answers 410 to a sync cursor from before the restore.

Standard library only. Usage: scripts/backup-restore-check.py --binary .build/debug/hearth
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hearth_process import Server, Violation, free_port, request  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="hearth-backup-check-")
    data = os.path.join(work, "data")
    server = Server(args.binary, "listall", data, None, free_port(), os.path.join(work, "server.log"))
    server.start()
    try:
        check(args.binary, server, data, work)
    finally:
        server.kill()
    print("backup-restore: OK")


def call(server, method, path, body=None, token=None):
    return request(server.url + path, method, body, {"Authorization": "Bearer " + token} if token else None)


def push(server, token, lists):
    mutations = [{"mutation_id": str(uuid.uuid4()), "collection": "lists", "op": "put", "client_updated_at": "2025-01-15T10:30:00.000Z",
                  "doc": {"id": str(uuid.uuid4()).upper(), "data": {"name": name, "orderNumber": 0, "isArchived": False,
                          "createdAt": "2025-01-15T10:30:00Z", "modifiedAt": "2025-01-15T10:30:00Z"}}} for name in lists]
    status, body = call(server, "POST", "/api/hearth/v1/sync/push", {"mutations": mutations}, token)
    if status != 200 or any(r["status"] != "applied" for r in body["results"]):
        raise Violation("push failed: %s %s" % (status, body))


def lists(server, token):
    status, body = call(server, "GET", "/api/hearth/v1/sync/changes?limit=5000", None, token)
    if status != 200:
        raise Violation("pull failed: %s %s" % (status, body))
    return sorted(c["doc"]["data"]["name"] for c in body["changes"] if c["collection"] == "lists"), body["cursor"]


def hearth(binary, *arguments):
    return subprocess.run([binary] + list(arguments), capture_output=True, text=True)


def check(binary, server, data, work):
    status, answer = call(server, "POST", "/api/v1/auth/register",
                             {"email": "backup@example.com", "password": "correct horse", "name": "Backup"})
    if status != 201:
        raise Violation("register failed: %s %s" % (status, answer))
    token = answer["access_token"]
    push(server, token, ["before"])

    stop = threading.Event()
    batches = []

    def writer():
        while not stop.is_set() and len(batches) < 200:
            batch = ["b%d-%d" % (len(batches), i) for i in range(5)]
            push(server, token, batch)
            batches.append(batch)

    thread = threading.Thread(target=writer)
    thread.start()
    archive = os.path.join(work, "hearth-backup.tar")
    made = hearth(binary, "backup", "--data-dir", data, archive)
    stop.set()
    thread.join()
    if made.returncode != 0:
        raise Violation("backup failed: %s" % made.stderr)

    _, cursor_before_restore = lists(server, token)
    refused = hearth(binary, "restore", "--data-dir", data, archive)
    if refused.returncode == 0 or "running" not in refused.stderr:
        raise Violation("a restore into a running server's directory was not refused: %s" % refused.stderr)
    if lists(server, token)[0] != sorted(["before"] + [n for b in batches for n in b]):
        raise Violation("a refused restore changed the data")

    server.kill()
    restored = hearth(binary, "restore", "--data-dir", data, archive)
    if restored.returncode != 0:
        raise Violation("restore failed: %s" % restored.stderr)
    server.start()

    names, _ = lists(server, token)  # the token from before the backup still works
    batch_names = [n for n in names if n != "before"]
    if "before" not in names or len(batch_names) % 5 != 0:
        raise Violation("the backup is not a consistent snapshot: %s" % names)
    for index in range(len(batch_names) // 5):
        if sorted(batches[index]) != sorted(n for n in batch_names if n.startswith("b%d-" % index)):
            raise Violation("batch %d is not whole in the backup" % index)
    status, _ = call(server, "GET", "/api/hearth/v1/sync/changes?since=%s" % cursor_before_restore, None, token)
    if status != 410:
        raise Violation("a cursor from before the restore answered %s, not 410" % status)
    status, _ = call(server, "POST", "/api/v1/auth/login", {"email": "backup@example.com", "password": "correct horse"})
    if status != 200:
        raise Violation("the user cannot sign in after the restore: %s" % status)
    print("backup-restore: %d of %d batches were in the backup; refused while running; restored" % (len(batch_names) // 5, len(batches)))


if __name__ == "__main__":
    try:
        main()
    except Violation as violation:
        print("backup-restore: FAILED: %s" % violation, file=sys.stderr)
        sys.exit(1)
