"""Dig It Up at the terminal: the renderer draws every phase from the view alone, in 80
columns; `info` finds every name it prints; the money table shows each part; typed letters,
prefixes and refusals at the prompt (issue 12, the terminal items)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from digitup_rules.helpers import at
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

import motherlode
from motherlode.cli import decide
from motherlode.cli.main import app
from motherlode.cli.render_digitup import KIND_SHORT, LEGEND, render
from motherlode.engine import View
from motherlode.engine.position import replace
from motherlode.rules import digitup
from motherlode.rules.digitup.components import KINDS, SITE_TILES
from motherlode.rules.digitup.game import DigItUp
from motherlode.rules.digitup.phase import EMPTY, Phase
from motherlode.rules.digitup.schema import is_digitup_view
from motherlode.rules.digitup.state import DigItUpState

DATA = Path(digitup.__file__).parent / "data"
runner = CliRunner()


def drawn(view: View, width: int = 80) -> str:
    console = Console(record=True, width=width)
    render(view, console)
    return console.export_text()


def game(players: int, **options: object) -> DigItUp:
    g = motherlode.load("digitup", players=players, **options)
    assert isinstance(g, DigItUp)
    return g


def playing(players: int, seed: int) -> DigItUpState:
    state = game(players).new_game(seed)
    assert isinstance(state, DigItUpState)
    while state.phase == Phase.MISSIONS:
        state.apply(state.legal_actions()[0])
    return state


def test_digitup_renderer_draws_every_phase() -> None:
    state = game(5).new_game(9)
    seen: dict[str, str] = {}
    while not state.is_terminal:
        phase = state.view(0)["phase"]
        if phase not in seen:
            seen[phase] = drawn(state.view(state.current_player))
        state.apply(state.legal_actions()[-1])
    assert "Missions dealt to you" in seen["missions"]
    assert "Dig sites" in seen["dig"] and "Your mission" in seen["dig"]
    assert "money token" in seen["place"]  # seed 9 draws a token card
    text = drawn(state.view(0)) + drawn(state.view(None))
    assert "Dig sites" in text and "Money" in text and "Your mission" in text


# --- layout: 80 columns, nothing cut, every mark kept ------------------------------------------
def check_fits(view: View) -> str:
    """The view drawn at 80 columns: no line longer, nothing ellipsized, every mark kept."""
    assert is_digitup_view(view)
    text = drawn(view)
    assert "…" not in text
    long = [line for line in text.splitlines() if cell_len(line) > 80]
    assert not long, long
    assert "seed" not in text.lower()
    for site in view["sites"]:
        assert f"{site['letter']} {site['name']}" in text
        for cell in site["tiles"]:
            if cell is None:
                continue
            if "*" in cell["tile"]:
                assert "★" in text
            if cell["tile"].endswith("+2"):
                assert "+2" in text
            if cell["token"]:
                assert f"{cell['token']:+d}" in text
    return text


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (5, 9)])
def test_every_phase_fits_80_columns(players: int, seed: int) -> None:
    """Issue 12, layout: readable in an 80x24 terminal without cutting names or losing the ★
    and +2 marks; every phase, the player's seat and a spectator."""
    state = game(players).new_game(seed)
    phases: set[str] = set()
    step = 0
    while not state.is_terminal:
        phase = state.phase_name
        if phase not in phases or step % 9 == 0:
            phases.add(phase)
            check_fits(state.view(state.current_player))
        state.apply(state.legal_actions()[-1])
        step += 1
    assert phases >= {"missions", "dig"}
    for seat in (0, None):
        text = check_fits(state.view(seat))
        assert "Money" in text and "trinity" in text and "stones" in text


def test_a_crowded_board_falls_back_to_short_names_and_keeps_every_token() -> None:
    """With a money token on every tile the words no longer fit 80 columns: the table uses
    the short names of LEGEND and puts each token under its tile; nothing is cut."""
    state = playing(5, 1)
    replace(state, tokens=[3 if n % 2 else -3 for n in range(len(state.tokens))])
    text = check_fits(state.view(0))
    assert "crys" in text and "crystal" not in text.split("Scoreboards")[0]
    assert text.count("+3") + text.count("-3") >= 10 * SITE_TILES - 5
    assert "crystal" in text.split("Scoreboards")[1]  # the scoreboard still fits in words


def test_abandoned_sites_are_listed_in_one_line() -> None:
    """"No one may dig in an abandoned dig site": its row leaves the grid, its name is listed."""
    state = playing(4, 2)
    s = state.game.site_index["gobi"]
    board = at(state.board, slice(s * SITE_TILES, (s + 1) * SITE_TILES), [EMPTY] * SITE_TILES)
    replace(state, board=board, left=at(state.left, s, 0), abandoned=1)
    text = check_fits(state.view(0))
    assert "abandoned 1/8: D Gobi" in text
    assert not re.search(r"^D Gobi", text, re.MULTILINE)


# --- rules where you decide: glossary and LEGEND -------------------------------------------------
def lookup(entries: dict[str, str], name: str) -> str | None:
    """The common brief's `info`: case-insensitive, spaces/underscores/hyphens alike, then a
    unique prefix."""
    def norm(text: str) -> str:
        return re.sub(r"[\s_-]+", "-", text.strip().lower())

    keys = {norm(key): key for key in entries}
    wanted = norm(name)
    if wanted in keys:
        return entries[keys[wanted]]
    found = [key for n, key in keys.items() if n.startswith(wanted)]
    return entries[found[0]] if len(found) == 1 else None


def test_info_finds_every_name_the_table_prints() -> None:
    """Issue 12 item 1: `info gold`, `info stone`, `info bundle` ... give the set tables; every
    site (by name and by the letter printed), tile kind, short name, badge, mission and chance
    card the drawing prints is found."""
    g = game(4)
    entries = {**g.glossary, **LEGEND}
    assert "10+: 200 won" in (lookup(entries, "gold") or "")
    assert "3: -2, 4: -4, 5+: -6 won" in (lookup(entries, "stone") or "")
    assert "worth 5 won" in (lookup(entries, "bundle") or "")
    # The money table's head names the glossary entry, whose amount comes from the data.
    assert "see trinity-prize" in (lookup(entries, "trinity") or "")
    assert "10 won" in (lookup(entries, "trinity-prize") or "")
    assert "3-4: 6, 5+: 12 won" in (lookup(entries, "bronzeware") or "")
    names = [*KINDS, *KIND_SHORT.values(), "shop shut", "★", "+2", "⛏", "won", "used", "kept",
             "sets", "stones", "bundles", "trinity", "abandoned", "Trinity Prize", "star"]
    names += [f"{site.letter}" for site in g.sites] + [site.name for site in g.sites]
    names += [c.name for c in g.components.chance] + [m.name for m in g.components.missions]
    missing = [name for name in names if lookup(entries, name) is None]
    assert not missing


def test_rules_prints_the_set_tables_and_plain_mission_texts() -> None:
    """`motherlode rules digitup` prints the glossary: the set tables and Clean Hands' "no
    stone tiles" (not "at most 0 tiles of: stone")."""
    result = runner.invoke(app, ["rules", "digitup"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "set bonus by tiles held: 3: 3, 4: 8, 5: 15" in out
    assert "Mission (20 won if achieved at the end): no stone tiles." in out
    assert "at most 0" not in out
    assert "short for incense" in out and "shop shut" in out  # LEGEND: "On the screen"
    narrow = runner.invoke(app, ["rules", "digitup"], env={"COLUMNS": "80"})
    assert narrow.exit_code == 0 and "…" not in narrow.stdout


def test_info_and_hint_at_the_prompt() -> None:
    """At the prompt: `info gold` gives the gold set table, `info A` the site the board letters
    A, `info shop shut` the badge; `hint` names the site as printed and its expected gain."""
    stdin = "1\ninfo gold\ninfo A\ninfo shop shut\ninfo stone\nhint\nquit\n"
    result = runner.invoke(app, ["play", "digitup", "--players", "4", "--seed", "5"],
                           input=stdin, env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "3: 3, 4: 8, 5: 15, 6: 24, 7: 35, 8: 50, 9: 100, 10+: 200 won" in out
    assert "Amazon, dig site A (large board)" in out
    assert "Closing Shop mission counts them" in out
    assert "Stones cost money: 3: -2, 4: -4, 5+: -6 won" in out
    assert re.search(r"hint .*dig [A-J] \w+: [+-]\d+\.\d won expected", out)


def test_mission_and_chance_texts_read_as_plain_english() -> None:
    g = game(4)
    texts = [g.glossary[m.id] for m in g.components.missions]
    texts += [g.glossary[c.id] for c in g.components.chance]
    for text in texts:
        assert not re.search(r"at most 0|of: |x\d|  |\bat least 1\b", text), text
        assert text.endswith(".") and text[0].isupper(), text
    assert g.glossary["clean-hands"] == "Mission (20 won if achieved at the end): no stone tiles."
    assert g.glossary["balanced-dig"].endswith("at least 2 tiles each of gold, crystal and ruby.")


def test_legend_explains_every_short_name_and_badge() -> None:
    """LEGEND holds what the drawing prints; a word that is also a rules term is the
    glossary's alone, so `info` finds one meaning."""
    shorts = {short for kind, short in KIND_SHORT.items() if short != kind}
    assert shorts <= set(LEGEND)
    assert {"shop shut", "★", "+2", "⛏", "won", "trinity", "stones"} <= set(LEGEND)
    assert not {key.lower() for key in LEGEND} & {key.lower() for key in game(4).glossary}


# --- the money table -----------------------------------------------------------------------------
def test_final_money_table_shows_sets_stones_and_bundles_apart() -> None:
    """Issue 12: "+6 bronzeware and -6 stones show as 'sets 0'". Five bronzeware (12 won, seed:
    "5+ tile set: 12") and five stones ("5+ tile set: -6") are drawn as two parts."""
    state = playing(4, 3)
    n = len(KINDS)
    tiles = {"incense": 3, "statue": 2, "stone": 5, "gold": 1, "ruby": 2}
    replace(state, counts=at(state.counts, slice(None, n), [tiles.get(k, 0) for k in KINDS]))
    replace(state, money=at(state.money, 0, 0))
    replace(state, kept=at(state.kept, 0, []))
    replace(state, mission=at(state.mission, 0, state.game.mission_index["clean-hands"]))
    replace(state, phase=Phase.OVER)
    text = drawn(state.view(1))
    money = text.split("\nMoney")[1]
    row = next(line for line in money.splitlines() if line.startswith("seat 0 "))
    assert row.split() == ["seat", "0", "0", "✗", "0", "0", "12", "0", "-6", "5", "11"]
    assert "seat 0: Clean Hands ✗ · bronzeware 5: 12 · stones 5: -6 · left over 3: bundles 5" in (
        text)


# --- input: letters, prefixes, numbers that do not shift, refusals -------------------------------
def test_a_site_letter_as_printed_answers_the_dig() -> None:
    """Issue 12 item 5: "the letters printed on the board (`A`, `dig A`)"."""
    state = playing(4, 1)
    decision = state.view(0)["decision"]
    assert decision is not None
    assert decide.read(decision, "A") == "dig amazon"
    assert decide.read(decision, "j") == "dig atlantis"
    g = state.game
    assert str(g.parse_action("dig A")) == "dig amazon"
    assert str(g.parse_action("DIG b 4")) == "dig andes 4"
    assert str(g.parse_action("place C 3")) == "place sahara 3"
    # Issue 21 items 1 and 5: the space as the board prints it, a site by its name's start.
    assert str(g.parse_action("place B4")) == "place andes 4"
    assert str(g.parse_action("dig sah 2")) == "dig sahara 2"
    with pytest.raises(motherlode.ActionSyntaxError, match="'dig Z'"):
        g.parse_action("dig Z")


def test_a_unique_prefix_keeps_a_mission() -> None:
    """`keep gold` is `keep gold-digger` when no other mission dealt starts so."""
    g = game(4)
    for seed in range(40):
        state = g.new_game(seed)
        dealt = [str(a).split()[1] for a in state.legal_actions()]
        if "gold-digger" in dealt and not any(m.startswith("gold") for m in dealt
                                              if m != "gold-digger"):
            break
    decision = state.view(0)["decision"]
    assert decision is not None
    assert decide.read(decision, "keep gold") == "keep gold-digger"
    assert decide.read(decision, "Gold Digger") == "keep gold-digger"


def test_dig_numbers_before_an_abandoned_site_do_not_shift() -> None:
    """The dig options are in letter order, so an abandoned site shifts only the later ones."""
    state = playing(4, 1)
    decision = state.view(0)["decision"]
    assert decision is not None
    before = [item.action for item in decide.numbered(decision)]
    assert before == [f"dig {site.key}" for site in state.game.sites]
    s = state.game.site_index["gobi"]
    replace(state, left=at(state.left, s, 0))  # the open sites' mask follows
    decision = state.view(0)["decision"]
    assert decision is not None
    after = [item.action for item in decide.numbered(decision)]
    assert after[:s] == before[:s] and after[s:] == before[s + 1 :]


def test_the_prompt_takes_letters_and_refusals_say_why() -> None:
    """At the prompt: `A` digs Amazon; a refusal says why in the rulebook's words."""
    stdin = "1\nA\ndig yucatan\ndig A 3\nquit\n"
    result = runner.invoke(app, ["play", "digitup", "--players", "2", "--seed", "5"],
                           input=stdin, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "(you)  dug at Amazon" in out
    assert "yucatan is on the small board, which is not used with 2-3 players" in out
    assert "a Compass chance card kept from an earlier turn is needed" in out
    assert "legal actions" not in out


def test_renderer_shows_the_names_of_the_loaded_data(tmp_path: Path) -> None:
    """A view describes itself: a mission renamed in a data folder is drawn by its new name."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    missions = data / "missions.toml"
    text = missions.read_text(encoding="utf-8")
    missions.write_text(text.replace('name = "Closing Shop"', 'name = "Shutters Down"'),
                        encoding="utf-8")
    g = motherlode.load("digitup", players=4, data=str(data))
    keep = g.parse_action("keep closing-shop")
    for seed in range(50):  # a game in which some seat is dealt Closing Shop and keeps it
        state = g.new_game(seed)
        keeper = None
        while not state.is_terminal:
            legal = state.legal_actions()
            if keep in legal:
                keeper = state.current_player
            state.apply(keep if keep in legal else legal[0])
        if keeper is not None:
            break
    assert keeper is not None
    for seat in (keeper, None):
        output = drawn(state.view(seat), width=120)
        assert "Shutters Down" in output and "Closing Shop" not in output
