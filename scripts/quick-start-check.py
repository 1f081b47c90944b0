#!/usr/bin/env python3
"""What a newcomer sees after `scripts/serve.sh`: `hearth serve` on a fresh data directory
prints its start banner once, the banner names every app, and every URL on it answers
(home page, health, metrics, each app's OpenAPI 3.0.3 document). Standard library only;
scripts/test.sh runs it.

  python3 scripts/quick-start-check.py [--binary .build/debug/hearth]

It runs the binary here rather than from the Swift test process: Foundation's Process
crashed inside an unrelated launch when a test stopped a long-running child.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import hearth_process

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(message, banner=""):
    sys.exit("quick start check FAILED: %s\n%s" % (message, banner))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "hearth"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="hearth-quick-start-")
    out_path = os.path.join(work, "stdout")
    port = hearth_process.free_port()
    with open(out_path, "wb") as out:
        proc = subprocess.Popen([args.binary, "serve", "--port", str(port), "--grpc-port", "0", "--data-dir", os.path.join(work, "data")],
                                stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        banner = ""
        while "Stop with Ctrl-C." not in banner:
            if proc.poll() is not None or time.time() > deadline:
                fail("no start banner", banner)
            time.sleep(0.1)
            banner = open(out_path, encoding="utf-8", errors="replace").read()
        if banner.count("is ready") != 1:
            fail("the banner is printed %d times" % banner.count("is ready"), banner)
        for name in ["Wish With Me", "PantryPal", "API document", "Home", "Health", "Metrics", "SQLite, "]:
            if name not in banner:
                fail("the banner does not mention %r" % name, banner)
        if os.path.join(work, "data", "hearth.sqlite") not in banner:
            fail("the banner does not say where the data lives", banner)
        urls = re.findall(r"http://\S+", banner)
        for suffix in ["/wishwithme", "/pantrypal/api"]:
            if not any(u.endswith(suffix) for u in urls):
                fail("no app base URL ending in %s" % suffix, banner)
        pages = [u for u in urls if u.endswith(("/", "/health", "/metrics", "/openapi.json"))]
        if len(pages) < 5:
            fail("expected home, health, metrics and two API documents", banner)
        for url in pages:
            with urllib.request.urlopen(url, timeout=30) as response:
                body = response.read()
                if response.status != 200:
                    fail("%s answered %d" % (url, response.status), banner)
            if url.endswith("/openapi.json") and json.loads(body).get("openapi") != "3.0.3":
                fail("%s is not an OpenAPI 3.0.3 document" % url, banner)
        print("quick start check: banner printed once; %d URLs on it answer" % len(pages))
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
