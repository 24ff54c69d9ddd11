"""Seed 003 "2-3 Player game variation" and "Simplified variation"; options and data files."""

from __future__ import annotations

import random
from pathlib import Path

import data_edits
import pytest

import motherlode
from digitup_rules.helpers import game, playing, roll, set_site
from motherlode.rules.digitup.actions import Dig
from motherlode.rules.digitup.components import DIAMOND, KINDS, Mission
from motherlode.rules.digitup.glossary import describe_mission
from motherlode.rules.digitup.phase import Phase


@pytest.mark.parametrize("players", [2, 3])
def test_small_game_uses_sites_a_to_f_without_diamonds(players: int) -> None:
    """2-3 players: only the large board (Amazon to Siberia), tiles A-F (42), no diamonds."""
    g = game(players)
    assert [s.letter for s in g.sites] == list("ABCDEF")
    assert g.sites[0].key == "amazon" and g.sites[-1].key == "siberia"
    assert len(g.tile_kind) == 42
    assert DIAMOND not in g.tile_kind
    state = g.new_game(0)
    assert len(state.view(None)["sites"]) == 6
    with pytest.raises(motherlode.IllegalAction):
        state.apply(g.parse_action("dig yucatan"))


@pytest.mark.parametrize("players", [2, 3])
def test_small_game_removes_marked_cards(players: int) -> None:
    """2-3 players: cards with the single-figure pictogram leave the mission and chance decks."""
    g = game(players)
    missions = {g.components.missions[m].id for m in g.mission_pool}
    chance = {g.components.chance[c].id for c in g.chance_deck}
    assert "jack-of-all-trades" not in missions and "diamond-dealer" not in missions
    assert "pink-diamond" not in chance
    assert len(g.chance_deck) == 48 and len(missions) == 13
    big = game(4)
    assert len(big.chance_deck) == 50 and len(big.mission_pool) == 15


def test_simplified_has_no_missions_or_chance_cards() -> None:
    """Simplified variation: mission and chance cards are removed; stars draw nothing."""
    state = game(4, simplified=True).new_game(5)
    assert state.phase == Phase.DIG and state.deck == []
    assert all(str(a).startswith("dig") for a in state.legal_actions())
    set_site(state, "amazon", ["stone", "scroll*", "crystal", "ruby", "incense", "statue", "knife"])
    roll(state, 2)
    state.apply(Dig("amazon"))
    assert state.current_player == 1 and state.drawn[0] == 0


def test_simplified_game_plays_to_the_end() -> None:
    """Simplified variation: the game runs to its end without missions or chance cards."""
    state = game(5, simplified=True).new_game(2)
    rng = random.Random(0)
    while not state.is_terminal:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert len(state.scores()) == 5


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 6}, "players=6 is not allowed; use an integer 2..5"),
        ({"players": 1}, "players=1"),
        ({"simplified": "maybe"}, "simplified='maybe'"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(motherlode.OptionError, match=message):
        motherlode.load("digitup", **options)


def copy_data(tmp_path: Path) -> Path:
    source = Path(motherlode.rules.digitup.__file__).parent / "data"  # type: ignore[attr-defined]
    return data_edits.copy_data(source, tmp_path)


def test_corrected_data_file_is_used(tmp_path: Path) -> None:
    """Component data: a user can point the engine at a corrected data file."""
    data = copy_data(tmp_path)
    text = (data / "sites.toml").read_text().replace('name = "Andes"', 'name = "Alps"')
    (data / "sites.toml").write_text(text)
    g = motherlode.load("digitup", data=str(data))
    assert g.sites[1].key == "alps"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("sites.toml", '"stone", "gold", "gold+2"', '"stone", "silver", "gold+2"',
         "kind must be one of"),
        ("sites.toml", 'source = "designed"', 'source = "guessed"', "field 'source'"),
        ("chance.toml", "count = 8", "count = 9", "add to 50"),
        ("missions.toml", "bonus = 20", 'bonus = "twenty"', "field 'bonus'"),
        ("scoring.toml", "trinity = 10", "trinity = -1", "field 'trinity'"),
        ("sites.toml", '"scroll*", "incense"]', '"scroll", "incense"]', "every scroll"),
        ("sites.toml", 'letter = "B"', 'letter = "K"', "A-J in order"),
        ("sites.toml", '"gold+2", "crystal", "ruby"', '"gold+2", "diamond", "ruby"', "no diamond"),
    ],
)
def test_bad_data_file_names_the_field(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    """A bad data file names the field and the allowed values."""
    data = copy_data(tmp_path)
    text = (data / file).read_text()
    assert old in text
    (data / file).write_text(text.replace(old, new, 1))
    with pytest.raises(motherlode.DataError, match=message):
        motherlode.load("digitup", data=str(data))


def test_missions_stay_secret_from_other_seats_until_the_end() -> None:
    """Set-up 6 / Mission achievement: missions are secret until the end, then all revealed."""
    state = playing(2)
    assert "mission" not in state.view(1)["scoreboards"][0]
    assert "mission" not in state.view(None)["scoreboards"][1]
    other = state.determinize(1, random.Random(3))
    assert other.view(1) == state.view(1)
    rng = random.Random(1)
    while not state.is_terminal:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    boards = state.view(None)["scoreboards"]
    assert all(b["mission"] is not None and "money" in b for b in boards)
    assert [b["money"]["total"] for b in boards] == state.scores()


def test_tiles_counted_in_view() -> None:
    """Personal scoreboard: every tile kind has its count on the board, public to all."""
    state = playing(2)
    assert set(state.view(0)["scoreboards"][0]["tiles"]) == set(KINDS)


def test_glossary_names_every_mission_and_card() -> None:
    """`motherlode rules digitup` lists what each mission asks and each chance card does."""
    g = game(4)
    names = set(g.glossary)
    assert names >= {m.id for m in g.components.missions} | {c.id for c in g.components.chance}
    assert g.glossary["gold-digger"] == (
        "Mission (22 won if achieved at the end): at least 5 gold tiles."
    )
    assert "counts as a diamond tile" in g.glossary["pink-diamond"]


def test_glossary_names_the_game_s_sites_by_key_and_letter() -> None:
    """2-3 players: "Only the large game board with 6 dig sites (Amazon to Siberia) is used"; the
    glossary names the sites in play, by key and by the letter the board prints."""
    small, full = set(game(3).glossary), set(game(4).glossary)
    assert {"amazon", "A", "siberia", "F"} <= small and not {"yucatan", "G"} & small
    assert {"yucatan", "G", "atlantis", "J"} <= full
    assert "none in this game" in game(3).glossary["diamond"]


def test_simplified_glossary_gives_the_simplified_set_bonus() -> None:
    """Simplified: "all sets of 4 or more of a common color receive a set bonus of 10"."""
    glossary = motherlode.load("digitup", simplified=True).glossary
    assert "a set of 4 or more scores 10 won, fewer 1 won a tile" in glossary["gold"]
    assert "trinity-prize" not in glossary and "bundle" not in glossary


@pytest.mark.parametrize(
    ("condition", "types", "count", "text"),
    [
        ("at_most", ("stone",), 0, "no stone tiles"),
        ("at_most", ("stone",), 1, "at most one stone tile"),
        ("at_most", ("gold", "ruby"), 2, "at most 2 gold or ruby tiles in all"),
        ("at_least", ("gold",), 1, "at least one gold tile"),
        ("at_least", ("gold", "crystal", "ruby"), 2,
         "at least 2 tiles each of gold, crystal and ruby"),
        ("at_least", ("gold", "bronzeware"), 1, "one tile of each of gold and bronzeware"),
        ("trinities", (), 1, "at least one Trinity Prize"),
        ("closing_shop", (), 2,
         "make 2 dig sites abandoned by collecting a site's second-to-last tile"),
    ],
)
def test_mission_texts_read_as_plain_english(
    condition: str, types: tuple[str, ...], count: int, text: str
) -> None:
    """Issue 12: Clean Hands must not read "at most 0 tiles of: stone"; every condition a data
    file may give reads as a sentence, singular for one."""
    mission = Mission("m", "M", condition, types, count, 10, True)
    assert describe_mission(mission) == f"Mission (10 won if achieved at the end): {text}."
