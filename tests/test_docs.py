"""Docs that cannot go stale: the fenced blocks of README.md and docs/*.md run here.

- a ```python block is executed, the blocks of one file in order in one namespace (the second
  may use what the first made), in a fresh folder;
- in a ```sh or ```console block, every command line starting with `motherlode` (continued
  by a trailing backslash; a `$ ` prompt and `# comments` dropped) is run in order, in a fresh
  folder per file (a line may load what an earlier one saved), and must exit 0 within
  `TIMEOUT` seconds; other lines (`make`, `pip`, `.venv/bin/python ...`) are not run;
- a block that cannot run here (it starts a server, needs a file of yours, or runs for
  minutes) is marked on the line just above its fence, unseen on a rendered page:
  `<!-- illustrative: the reason -->`.
"""

from __future__ import annotations

import re
import shlex
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import pytest
from typer.testing import CliRunner

from motherlode.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: Seconds a command line of the docs may take.
TIMEOUT = 30

FENCE = re.compile(r"^```(\w*)\s*$")
ILLUSTRATIVE = re.compile(r"^<!-- illustrative: (.*\S.*) -->$")
SHELLS = ("sh", "console")


@dataclass(frozen=True)
class Block:
    """A fenced block of a doc: its language, first line's number, text, and the reason it is
    only illustrative (None: it runs)."""

    path: Path
    line: int
    language: str
    text: str
    illustrative: str | None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    """Every fenced block of the Markdown file `path`."""
    found: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    inside: tuple[int, str, str | None] | None = None
    body: list[str] = []
    for number, line in enumerate(lines, 1):
        fence = FENCE.match(line)
        if inside is None and fence:
            mark = ILLUSTRATIVE.match(lines[number - 2]) if number > 1 else None
            inside, body = (number + 1, fence.group(1), mark.group(1) if mark else None), []
        elif inside is not None and line.startswith("```"):
            first, language, reason = inside
            found.append(Block(path, first, language, "\n".join(body) + "\n", reason))
            inside = None
        elif inside is not None:
            body.append(line)
    return found


def command_lines(block: Block) -> list[list[str]]:
    """The `motherlode` command lines of a shell block, as arguments after `motherlode`."""
    logical = re.sub(r"\\\n", " ", block.text)
    commands = []
    for line in logical.splitlines():
        command = line.strip().removeprefix("$ ")
        if command.split(maxsplit=1)[:1] == ["motherlode"]:
            commands.append(shlex.split(command, comments=True)[1:])
    return commands


def _running(language: tuple[str, ...]) -> list[Path]:
    return [
        path for path in DOCS
        if any(b.language in language and b.illustrative is None for b in blocks(path))
    ]


@contextmanager
def time_limit(seconds: int, what: str) -> Iterator[None]:
    """TimeoutError naming `what` if the body takes longer than `seconds`."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"{what} took longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_command(words: list[str], where: str) -> None:
    """Run `motherlode WORDS` in this process with no input; AssertionError unless it exits 0."""
    shown = shlex.join(["motherlode", *words])
    with time_limit(TIMEOUT, f"{where}: {shown}"):
        result = CliRunner().invoke(app, words, input="", env={"COLUMNS": "100"})
    assert result.exit_code == 0, (
        f"{where}: `{shown}` exited {result.exit_code}: {result.exception!r}\n{result.output}"
    )


@pytest.mark.parametrize("path", _running(SHELLS), ids=lambda p: p.name)
def test_the_command_lines_of_a_doc_exit_0(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for block in blocks(path):
        if block.language in SHELLS and block.illustrative is None:
            for words in command_lines(block):
                run_command(words, block.where)


@pytest.mark.parametrize("path", _running(("python",)), ids=lambda p: p.name)
def test_the_python_blocks_of_a_doc_run(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in blocks(path):
        if block.language == "python" and block.illustrative is None:
            code = compile("\n" * (block.line - 1) + block.text, str(block.path), "exec")
            with time_limit(TIMEOUT, block.where):
                exec(code, namespace)


def test_the_readme_runs_its_commands_and_its_python() -> None:
    """The README's CLI block and Python API are run, not all marked illustrative."""
    readme = blocks(ROOT / "README.md")
    ran = [words for b in readme if b.illustrative is None for words in command_lines(b)]
    assert ["games"] in ran
    assert any(words[:1] == ["replay"] for words in ran)
    assert sum(b.language == "python" and b.illustrative is None for b in readme) >= 2


def test_a_stale_command_line_fails() -> None:
    with pytest.raises(AssertionError, match="exited 2"):
        run_command(["play", "no-such-game"], "a stale doc")


def test_a_shell_block_is_read_line_by_line_with_continuations(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(
        "<!-- illustrative: starts a server -->\n```sh\nmotherlode serve\n```\n\n"
        "```console\n$ motherlode simulate digitup --games 2 \\\n    --seed 1   # two games\n"
        "make test\n```\n",
        encoding="utf-8",
    )
    serve, simulate = blocks(doc)
    assert serve.illustrative == "starts a server"
    assert simulate.illustrative is None
    assert command_lines(simulate) == [["simulate", "digitup", "--games", "2", "--seed", "1"]]
