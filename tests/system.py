"""System programs some tests need (chromium, PostgreSQL, Redis): found, or the test skips with
the reason; with CI=true a missing program fails the test instead (CI must run them all).

`make test` installs them first where it can (scripts/system-packages.sh: Debian, root)."""

from __future__ import annotations

import glob
import os
import shutil

import pytest


def need(program: str, package: str) -> str:
    """The path of `program` (a name on PATH or a glob of paths); skip, or fail under CI."""
    found = shutil.which(program) or next(iter(sorted(glob.glob(program))), None)
    if found is not None:
        return found
    reason = f"{program} is missing: install Debian's {package} (make test does, as root)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; CI=true runs every test", pytrace=False)
    pytest.skip(reason)
