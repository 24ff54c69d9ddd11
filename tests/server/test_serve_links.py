"""`motherlode serve` builds join links a friend's device can open: on `--public-url`, else on
the address listened on, and when listening on every interface (`--host 0.0.0.0`) on this
machine's LAN address, never loopback (issue 19, "Inviting friends that works")."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from motherlode.cli import serve as serve_module
from motherlode.cli.main import app
from motherlode.server import ServerConfig

LAN = "192.168.1.23"


class FakeProbe:
    """A UDP socket whose route outwards leaves from `LAN`."""

    def __init__(self, *args: object) -> None:
        self.connected: tuple[str, int] | None = None

    def __enter__(self) -> FakeProbe:
        return self

    def __exit__(self, *args: object) -> None:
        return None

    def connect(self, address: tuple[str, int]) -> None:
        self.connected = address

    def getsockname(self) -> tuple[str, int]:
        return (LAN, 50000)


class NoRoute(FakeProbe):
    def connect(self, address: tuple[str, int]) -> None:
        raise OSError("Network is unreachable")


def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *args: str) -> tuple[str, str]:
    """The public URL `serve` gives the app, and what it printed (the server is not run)."""
    given: list[ServerConfig] = []

    def create_app(config: ServerConfig) -> object:
        given.append(config)
        return object()

    def run(*_args: Any, **_kwargs: Any) -> None:
        return None

    monkeypatch.setattr(serve_module, "create_app", create_app)
    monkeypatch.setattr(serve_module.uvicorn, "run", run)
    monkeypatch.setattr(serve_module, "tune_gc", lambda: None)
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path), *args])
    assert result.exit_code == 0, result.output
    return given[0].public_url, result.output


def test_every_interface_gives_links_on_the_lan_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(serve_module.socket, "socket", FakeProbe)
    url, said = served(monkeypatch, tmp_path, "--host", "0.0.0.0", "--port", "8123")
    assert url == f"http://{LAN}:8123/"
    assert f"join links on http://{LAN}:8123/" in said


def test_the_public_url_wins_over_the_lan_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(serve_module.socket, "socket", FakeProbe)
    url, _ = served(monkeypatch, tmp_path, "--host", "0.0.0.0",
                    "--public-url", "https://play.example.org/")
    assert url == "https://play.example.org/"


def test_a_named_address_is_the_links_host(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    url, _ = served(monkeypatch, tmp_path, "--host", "10.0.0.7", "--port", "9000")
    assert url == "http://10.0.0.7:9000/"
    url, _ = served(monkeypatch, tmp_path)
    assert url == "http://127.0.0.1:8000/"  # loopback only: links for this machine


def test_no_lan_address_warns_that_links_are_loopback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(serve_module.socket, "socket", NoRoute)
    monkeypatch.setattr(serve_module.socket, "gethostbyname", lambda name: "127.0.1.1")
    url, said = served(monkeypatch, tmp_path, "--host", "0.0.0.0")
    assert url == "http://127.0.0.1:8000/"
    assert "no LAN address found" in said and "--public-url" in said


def test_lan_address_skips_loopback_and_asks_the_route_first(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_module.socket, "socket", FakeProbe)
    assert serve_module.lan_address() == LAN
    monkeypatch.setattr(serve_module.socket, "socket", NoRoute)
    monkeypatch.setattr(serve_module.socket, "gethostbyname", lambda name: "10.1.2.3")
    assert serve_module.lan_address() == "10.1.2.3"
    monkeypatch.setattr(serve_module.socket, "gethostbyname", lambda name: "127.0.1.1")
    assert serve_module.lan_address() is None


def test_the_probe_sends_nothing_and_finds_a_real_address() -> None:
    """On this machine: whatever it finds is an address of the machine, not loopback."""
    found = serve_module.lan_address()
    if found is None:
        pytest.skip("this machine has no network besides loopback")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as bound:
        bound.bind((found, 0))  # only an address of this machine can be bound


@pytest.mark.parametrize(("host", "lan", "expected"), [
    ("0.0.0.0", LAN, f"http://{LAN}:8000/"),
    ("::", LAN, f"http://{LAN}:8000/"),
    ("::", None, "http://127.0.0.1:8000/"),
    ("fd00::5", None, "http://[fd00::5]:8000/"),
])
def test_links_url(host: str, lan: str | None, expected: str) -> None:
    assert serve_module.links_url(host, 8000, lan) == expected
