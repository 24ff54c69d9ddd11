"""`motherlode` without the web extra: every other command works, and `serve` says what to
install (one line, status 2)."""

from __future__ import annotations

import subprocess
import sys

WITHOUT_WEB = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("uvicorn", "fastapi", "starlette", "sqlalchemy", "alembic"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Block())
sys.argv = ["motherlode", *sys.argv[1:]]
from motherlode.cli.main import main
main()
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", WITHOUT_WEB, *args], capture_output=True,
                          text=True, timeout=60, check=False)


def test_the_terminal_works_without_the_web_extra() -> None:
    games = run("games")
    assert games.returncode == 0 and "digitup" in games.stdout
    serve = run("serve")
    assert serve.returncode == 2
    assert serve.stderr.strip().splitlines() == [
        "motherlode: error: serving needs the web extra (uvicorn is missing): "
        "pip install 'motherlode[web]'"
    ]
