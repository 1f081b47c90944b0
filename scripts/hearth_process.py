"""What the robustness scripts share: a `hearth serve` process they can SIGKILL and restart,
and one JSON request over HTTP that tells "no answer" apart from an error answer.
Standard library only."""
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request


class Unanswered(Exception):
    """The request got no HTTP answer (connection refused/reset, timeout)."""


class Violation(Exception):
    """What a check must never see."""


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """`hearth serve --app <app>` (every app when `app` is None) on a loopback port; `extra`
    flags and `env` are added."""

    def __init__(self, binary, app, data_dir, database_url, port, log_path, extra=(), env=None):
        self.binary, self.app, self.data_dir, self.database_url = binary, app, data_dir, database_url
        self.port, self.log_path, self.extra, self.env = port, log_path, list(extra), env
        self.proc = None
        self.url = "http://127.0.0.1:%d" % port

    def start(self):
        cmd = [self.binary, "serve"] + (["--app", self.app] if self.app else []) + [
               "--port", str(self.port), "--grpc-port", "0", "--data-dir", self.data_dir, "--bcrypt-cost", "10", "--log-level", "warning"] + self.extra
        if self.database_url:
            cmd += ["--database-url", self.database_url]
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=log, stdin=subprocess.DEVNULL,
                                         env=dict(os.environ, **(self.env or {})))
        wait_until_healthy(self.url, self.proc, "server", self.log_path)

    def kill(self):
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.proc = None


def wait_until_healthy(url, proc, what, log_path, seconds=30):
    """Returns once `url`/health answers 200; Violation if `proc` exits or time runs out."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise Violation("%s exited with %s on start (see %s)" % (what, proc.returncode, log_path))
        try:
            with urllib.request.urlopen(url + "/health", timeout=2) as r:
                if r.status == 200:
                    return
        except Exception:
            pass
        time.sleep(0.05)
    raise Violation("%s did not become healthy in %d s (see %s)" % (what, seconds, log_path))


def request(url, method, body=None, headers=None, timeout=15):
    """(status, parsed JSON or text) of any HTTP answer; Unanswered when there is none."""
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw or b"null")
        except ValueError:
            return e.code, raw.decode(errors="replace")
    except (urllib.error.URLError, ConnectionError, socket.timeout, TimeoutError, OSError) as e:
        raise Unanswered(str(e))
