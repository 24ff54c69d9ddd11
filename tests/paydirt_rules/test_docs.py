"""The per-card tables of docs/games/paydirt.md ("Per-card notes") say what the data says:
every specialist, event and upgrade has a row, and every figure a row gives as the card's
`amount` is the one in data/*.toml (issue 11: the table had old figures for Chuck Shady, Dirty
Mike & The Boys and Misplaced Wrench)."""

from __future__ import annotations

import re
from pathlib import Path

from motherlode.rules.paydirt.card_text import EVENTS, SPECIALISTS, UPGRADES
from motherlode.rules.paydirt.components import load_components

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "paydirt.md"
NUMBER = re.compile(r"\$?\d[\d,]*")


def _rows() -> list[list[str]]:
    """The rows of the three per-card tables (cells, stripped)."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("### Per-card notes")
    end = text.index("\n### ", start + 1)
    rows = []
    for line in text[start:end].splitlines():
        if line.startswith("| ") and not line.startswith(("| Card", "|---")):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def _cards() -> dict[str, tuple[int, bool]]:
    """Each card's printed name: its `amount` and whether its line counts dollars."""
    parts = load_components()
    cards: dict[str, tuple[int, bool]] = {}
    for sp in parts.specialists:
        cards[sp.name] = (sp.amount, "${amount" in SPECIALISTS[sp.ability])
    for ev in parts.events:
        cards[ev.name] = (ev.amount, "${amount" in EVENTS.get(ev.id, ""))
    for up in parts.upgrades:
        cards[up.name] = (up.amount, "${amount" in UPGRADES.get(up.id, ""))
    return cards


def _card_of(cell: str, names: list[str]) -> str | None:
    """The card a row's first cell names (the longest printed name it starts with)."""
    cell = cell.replace("…", "...")
    found = [n for n in names if cell.startswith(n)]
    return max(found, key=len) if found else None


def test_every_card_has_a_row() -> None:
    cards = _cards()
    named = {_card_of(row[0], list(cards)) for row in _rows()}
    assert set(cards) - named == set()


def test_every_amount_in_the_tables_is_the_datas() -> None:
    """A row whose card has an `amount` states it (in dollars when the card counts dollars),
    and a figure marked (`amount`) in a row is the data's."""
    cards = _cards()
    checked = 0
    for row in _rows():
        name = _card_of(row[0], list(cards))
        assert name is not None, f"no card named in {row[0]!r}"
        amount, dollars = cards[name]
        rule = " | ".join(row[1:])
        shown = f"${amount:,}" if dollars else str(amount)
        for mark in re.finditer(r"\(`amount`\)", rule):
            before = NUMBER.findall(rule[: mark.start()])
            assert before and before[-1] == shown, (name, before[-1:], shown)
            checked += 1
        if amount:
            assert re.search(rf"(?<![\d,$]){re.escape(shown)}(?![\d,])", rule), (name, shown)
    assert checked >= 10
