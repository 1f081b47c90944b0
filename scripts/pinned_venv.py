"""Runs a check script under the PyPI packages it pins: when they are not importable, makes a
virtual environment under ${TMPDIR:-/tmp} named after the pinned requirements (once), installs
them there and re-executes the script with that interpreter. Standard library only."""
import hashlib
import os
import subprocess
import sys


def reexec_with(requirements, label, venv_prefix):
    """Returns when every `name==version` of `requirements` is installed; otherwise re-runs
    `sys.argv[0]` in the pinned venv (exits when even that interpreter lacks them)."""
    with open(requirements, "rb") as f:
        pinned = f.read()
    wanted = [line.split("==") for line in pinned.decode().splitlines() if "==" in line and not line.startswith("#")]
    try:
        from importlib.metadata import version
        if all(version(name) == ver for name, ver in wanted):
            return
    except Exception:
        pass
    marker = "HEARTH_PINNED_VENV_" + venv_prefix.upper().replace("-", "_")
    if os.environ.get(marker):
        sys.exit("%s FAILED: %s is not importable in %s" % (label, pinned.decode().strip(), sys.executable))
    digest = hashlib.sha256(pinned).hexdigest()[:12]
    venv = os.path.join(os.environ.get("TMPDIR") or "/tmp", venv_prefix + "-" + digest)
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(os.path.join(venv, ".installed")):
        print("%s: installing %s into %s" % (label, requirements, venv), flush=True)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "-r", requirements], check=True)
        open(os.path.join(venv, ".installed"), "w").close()
    os.environ[marker] = "1"
    os.execv(python, [python, os.path.abspath(sys.argv[0])] + sys.argv[1:])
