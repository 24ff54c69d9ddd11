"""The engine's own promises: options, seeds, the registry, save files and component data.

Played on the toy game High Card (tests/toygame.py), registered as "toy" by conftest.py.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
import toygame

import motherlode
from motherlode.engine import (
    ActionSyntaxError,
    DataError,
    IllegalAction,
    MotherlodeError,
    Option,
    OptionError,
    SaveFileError,
    built_in_games,
    description,
    game_class,
    games,
    load,
    register,
    share_win,
    unregister,
)
from motherlode.engine.data import Entry, entries, read_toml
from motherlode.engine.frames import merged_view
from motherlode.engine.savefile import dumps, from_dict, loads, save_dict


def played(seed: int = 3, players: int = 2, **options: Any) -> motherlode.State:
    """A finished game of High Card, played by a seeded random bot."""
    state = load("toy", players=players, **options).new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


# --- the error family -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "error", [IllegalAction, ActionSyntaxError, OptionError, DataError, SaveFileError]
)
def test_every_error_is_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, MotherlodeError)
    assert issubclass(error, ValueError)


def test_a_syntax_error_is_an_illegal_action() -> None:
    assert issubclass(ActionSyntaxError, IllegalAction)


# --- options ----------------------------------------------------------------------------------


def test_defaults_fill_every_option() -> None:
    game = load("toy")
    assert game.options == {
        "players": 2,
        "high_card": 6,
        "rounds": 2,
        "mode": "plain",
        "antes": True,
    }
    assert game.num_players == 2
    assert repr(game) == "Toy(players=2, high_card=6, rounds=2, mode='plain', antes=True)"


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(OptionError) as caught:
        load("toy", colour="red")
    message = str(caught.value)
    assert "toy: unknown option 'colour'" in message
    assert "options are: antes, high_card, mode, players, rounds" in message


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({"players": 4}, "use an integer 2..3"),  # out of range, above
        ({"players": 1}, "use an integer 2..3"),  # out of range, below
        ({"players": "three"}, "use an integer 2..3"),  # wrong type
        ({"players": 2.0}, "use an integer 2..3"),  # a float is not an integer
        ({"players": True}, "use an integer 2..3"),  # nor is a bool
        ({"high_card": 10}, "use an integer 4..9"),
        ({"mode": "odd"}, "use 'plain', 'wild'"),  # not one of the choices
        ({"mode": 1}, "use 'plain', 'wild'"),  # wrong type
        ({"antes": "maybe"}, "use true or false"),
        ({"antes": 1}, "use true or false"),
    ],
)
def test_bad_option_value_names_the_allowed_values(options: dict[str, Any], allowed: str) -> None:
    ((name, value),) = options.items()
    with pytest.raises(OptionError) as caught:
        load("toy", **options)
    message = str(caught.value)
    assert message.startswith(f"toy: option {name}={value!r} is not allowed")
    assert message.endswith(allowed)


@pytest.mark.parametrize(
    ("options", "resolved"),
    [
        ({"players": "3"}, {"players": 3}),  # text from a command line
        ({"antes": "no"}, {"antes": False}),
        ({"antes": "TRUE"}, {"antes": True}),
        ({"antes": "off"}, {"antes": False}),
        ({"mode": "wild"}, {"mode": "wild"}),
    ],
)
def test_option_text_is_converted(options: dict[str, Any], resolved: dict[str, Any]) -> None:
    game = load("toy", **options)
    for name, value in resolved.items():
        assert game.options[name] == value
        assert type(game.options[name]) is type(value)


@pytest.mark.parametrize(
    ("option", "allowed"),
    [
        (Option("n", int, 1, "h", minimum=0, maximum=5), "an integer 0..5"),
        (Option("n", int, 1, "h"), "an integer"),
        (Option("b", bool, True, "h"), "true or false"),
        (Option("s", str, "a", "h"), "a string"),
        (Option("c", str, "a", "h", choices=("a", "b")), "'a', 'b'"),
    ],
)
def test_option_allowed_in_words(option: Option, allowed: str) -> None:
    assert option.allowed() == allowed


def test_option_with_one_bound_says_which() -> None:
    assert Option("n", int, 1, "h", minimum=1).allowed() == "an integer >= 1"
    assert Option("n", int, 1, "h", maximum=5).allowed() == "an integer <= 5"


@pytest.mark.parametrize("text", [" 3 ", "0_3", "3.0", "three"])
def test_integer_option_refuses_loose_text(text: str) -> None:
    with pytest.raises(OptionError, match="players="):
        load("toy", players=text)


def test_players_option_comes_first_with_the_game_bounds() -> None:
    specs = toygame.Toy.option_specs()
    assert specs[0].name == "players"
    assert (specs[0].minimum, specs[0].maximum, specs[0].default) == (2, 3, 2)


# --- seeds ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [-1, 2**63, True, False, "7", 7.0, None])
def test_bad_seed_is_refused(seed: Any) -> None:
    with pytest.raises(OptionError, match=r"seed .* is not allowed; use an integer 0\.\."):
        load("toy").new_game(seed)


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1])
def test_every_whole_seed_in_range_is_accepted(seed: int) -> None:
    state = load("toy").new_game(seed)
    assert state.seed == seed
    assert state.history == []


def test_same_seed_same_deal() -> None:
    game = load("toy", players=3)
    assert game.new_game(5).digest() == game.new_game(5).digest()
    deals = {tuple(game.new_game(seed).view(None)["bets"]) for seed in range(3)}
    assert deals == {(0, 0, 0)}
    hands = {json.dumps(game.new_game(seed).snapshot()) for seed in range(20)}
    assert len(hands) > 1


# --- the registry -----------------------------------------------------------------------------


def test_games_are_sorted_and_include_the_toy() -> None:
    names = games()
    assert names == sorted(names)
    assert "toy" in names
    assert motherlode.engine.games() == names


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(OptionError) as caught:
        load("chess")
    message = str(caught.value)
    assert message.startswith("unknown game 'chess'; games are: ")
    for name in games():
        assert name in message


def test_register_and_unregister() -> None:
    register("toy-again", "toygame:Toy")
    try:
        assert "toy-again" in games()
        assert isinstance(load("toy-again"), toygame.Toy)
    finally:
        unregister("toy-again")
    assert "toy-again" not in games()
    unregister("toy-again")  # removing twice is harmless


def test_every_package_under_rules_is_a_game_named_by_its_front_door() -> None:
    rules = Path(motherlode.__file__).parent / "rules"
    packages = sorted(p.name for p in rules.iterdir() if (p / "__init__.py").exists())
    assert packages == built_in_games() == [n for n in games() if description(n) is not None]
    for name in packages:
        described = description(name)
        assert described is not None and described.game.name == name
        assert game_class(name) is described.game
    assert description("toy") is None  # registered as a class: no front door


def test_a_front_door_may_be_registered_and_one_without_a_description_is_refused() -> None:
    register("digitup-again", "motherlode.rules.digitup")
    register("no-door", "toygame")
    try:
        assert game_class("digitup-again") is game_class("digitup")
        with pytest.raises(TypeError, match="has no DESCRIPTION"):
            load("no-door")
    finally:
        unregister("digitup-again")
        unregister("no-door")


def test_a_target_that_is_not_a_game_is_refused() -> None:
    register("not-a-game", "toygame:Fold")
    try:
        with pytest.raises(TypeError, match="is not a Game"):
            load("not-a-game")
    finally:
        unregister("not-a-game")


# --- the State contract as the engine enforces it ------------------------------------------------


def test_apply_refuses_an_illegal_action_naming_it_and_why() -> None:
    game = load("toy")
    state = game.new_game(1)
    state.apply(toygame.Swap())
    state.apply(toygame.Swap())
    before = state.digest()
    with pytest.raises(IllegalAction, match="toy: swap is not allowed now: a player swaps only"):
        state.apply(toygame.Swap())
    assert state.digest() == before
    assert len(state.history) == 2


def test_apply_at_the_end_is_refused() -> None:
    state = played()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(toygame.Fold())


@pytest.mark.parametrize("index", [-1, 5, 99, True, "1", 1.0, None])
def test_decode_refuses_what_is_not_an_index(index: object) -> None:
    with pytest.raises(ActionSyntaxError, match="toy: action index"):
        load("toy").decode(index)


def test_returns_and_winners() -> None:
    state = load("toy").new_game(1)
    assert state.returns() == [0.0, 0.0]
    assert state.winners() == []
    state = played()
    scores = state.scores()
    assert state.winners() == [p for p, s in enumerate(scores) if s == max(scores)]
    assert sum(state.returns()) == pytest.approx(1.0)


def test_share_win_splits_ties() -> None:
    assert share_win([3.0, 5.0, 5.0]) == [0.0, 0.5, 0.5]
    assert share_win([1.0]) == [1.0]


def test_str_of_a_state_is_the_spectator_view() -> None:
    state = load("toy").new_game(2)
    assert json.loads(str(state)) == state.view(None)


# --- save files -------------------------------------------------------------------------------


def test_save_file_round_trip() -> None:
    state = played(seed=8, players=3, mode="wild")
    text = dumps(state)
    record = json.loads(text)
    assert record["format"] == "motherlode-save"
    assert record["version"] == 1
    assert record["game"] == "toy"
    assert record["options"]["mode"] == "wild"
    assert record["seed"] == 8
    assert record["actions"] == [str(a) for a in state.history]
    loaded = loads(text)
    assert loaded.digest() == state.digest()
    assert loaded.history == state.history
    assert motherlode.load_game(motherlode.save_game(state)).digest() == state.digest()


def test_a_game_in_progress_round_trips() -> None:
    state = load("toy", players=3).new_game(4)
    state.apply(toygame.Bet(2))
    loaded = loads(dumps(state))
    assert loaded.digest() == state.digest()
    assert loaded.current_player == state.current_player == 1


def _edited(state: motherlode.State, **changes: Any) -> str:
    record = save_dict(state)
    for key, value in changes.items():
        if value is _DROP:
            del record[key]
        else:
            record[key] = value
    return json.dumps(record)


_DROP = object()


def _refused(text: str, reason: str) -> None:
    with pytest.raises(SaveFileError, match=reason):
        loads(text)


@pytest.mark.parametrize(
    ("field", "reason"),
    [
        ("format", "format must be 'motherlode-save', got None"),
        ("version", "version None is not 1"),
        ("game", "field 'game' is missing or not a str"),
        ("options", "field 'options' is missing or not a dict"),
        ("seed", "field 'seed' is missing or not a int"),
        ("actions", "field 'actions' is missing or not a list"),
        ("digest", "field 'digest' is missing or not a string"),
    ],
)
def test_save_file_with_a_missing_field_is_refused(field: str, reason: str) -> None:
    _refused(_edited(played(), **{field: _DROP}), reason)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"format": "chess-pgn"}, "format must be 'motherlode-save'"),
        ({"version": 2}, "version 2 is not 1"),
        ({"game": "no-such-game"}, "cannot be set up: unknown game 'no-such-game'; games are:"),
        ({"game": 7}, "field 'game' is missing or not a str"),
        ({"options": {"players": 9}}, "cannot be set up: toy: option players=9"),
        ({"options": {"colour": "red"}}, "cannot be set up: toy: unknown option 'colour'"),
        ({"options": []}, "field 'options' is missing or not a dict"),
        ({"seed": "3"}, "field 'seed' is missing or not a int"),
        ({"seed": -3}, "cannot be set up: seed -3 is not allowed"),
        ({"seed": True}, "cannot be set up: seed True is not allowed"),
        ({"actions": "bet 1"}, "field 'actions' is missing or not a list"),
        ({"actions": [1]}, "action 0 is not a string: 1"),
        ({"actions": ["bet 9"]}, r"action 0 \('bet 9'\) does not replay: toy: cannot read"),
        ({"actions": ["swap", "swap", "swap"]}, r"action 2 \('swap'\) does not replay"),
        ({"digest": 0}, "field 'digest' is missing or not a string"),
        ({"digest": "0" * 64}, "digest does not match the replayed game"),
    ],
)
def test_tampered_save_file_is_refused(changes: dict[str, Any], reason: str) -> None:
    _refused(_edited(played(), **changes), reason)


def test_save_file_with_a_changed_action_is_refused_by_the_digest() -> None:
    state = load("toy").new_game(1)
    state.apply(toygame.Bet(1))
    record = save_dict(state)
    record["actions"] = ["bet 2"]
    _refused(json.dumps(record), "digest does not match")


def test_save_file_with_an_action_too_many_is_refused() -> None:
    state = played()
    record = save_dict(state)
    record["actions"].append("fold")
    _refused(json.dumps(record), "the game is over")


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2]", "null", '"save"'])
def test_save_file_that_is_not_a_json_object_is_refused(text: str) -> None:
    with pytest.raises(SaveFileError, match=r"not JSON|must hold a JSON object"):
        loads(text)


def test_from_dict_refuses_a_non_dict() -> None:
    with pytest.raises(SaveFileError, match="must hold a JSON object"):
        from_dict(["toy"])


# --- component data ---------------------------------------------------------------------------


def test_entry_reads_typed_fields() -> None:
    entry = Entry(
        "cards.toml card[0]",
        {
            "source": "designed",
            "reason": "no source gives it",
            "name": "Gold",
            "value": 3,
            "wild": True,
            "kind": "ore",
            "parts": [{"source": "rulebook"}],
        },
    )
    assert entry.source == "designed"
    assert entry.text("name") == "Gold"
    assert entry.integer("value", 0, 5) == 3
    assert entry.integer("missing", 0, 5, default=2) == 2
    assert entry.flag("wild", False) is True
    assert entry.flag("absent", True) is True
    assert entry.choice("kind", ("ore", "tool")) == "ore"
    assert entry.choice("absent", ("ore", "tool"), default="tool") == "tool"
    (part,) = entry.entries("parts")
    assert part.where == "cards.toml card[0].parts[0]"
    assert part.source == "rulebook"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({}, "cards.toml card[0]: field 'source' is missing"),
        (
            {"source": "wiki"},
            "cards.toml card[0]: field 'source' is 'wiki'; allowed: rulebook, reference, designed",
        ),
        (
            {"source": 3},
            "cards.toml card[0]: field 'source' is 3; allowed: rulebook, reference, designed",
        ),
        ({"source": "designed"}, "cards.toml card[0]: field 'reason' is missing"),
        (
            {"source": "designed", "reason": ""},
            "cards.toml card[0]: field 'reason' must be a non-empty string",
        ),
        (["source", "rulebook"], "cards.toml card[0]: must be a table"),
    ],
)
def test_entry_without_a_good_source_is_refused(table: Any, message: str) -> None:
    with pytest.raises(DataError) as caught:
        Entry("cards.toml card[0]", table)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("read", "message"),
    [
        (lambda e: e.text("value"), "field 'value' must be a non-empty string"),
        (lambda e: e.text("nothing"), "field 'nothing' is missing"),
        (lambda e: e.integer("name", 0, 9), "field 'name' must be an integer 0..9"),
        (lambda e: e.integer("value", 4, 9), "field 'value' must be an integer 4..9"),
        (lambda e: e.integer("wild", 0, 9), "field 'wild' must be an integer 0..9"),
        (lambda e: e.integer("ratio", 0, 9), "field 'ratio' must be an integer 0..9"),
        (lambda e: e.flag("value", False), "field 'value' must be true or false"),
        (lambda e: e.choice("name", ("ore", "tool")), "field 'name' is 'Gold'; allowed: ore, tool"),
        (lambda e: e.entries("name"), "field 'name' must be a list of tables"),
        (lambda e: e.entries("tables"), r"cards.toml card\[0\].tables\[1\]: must be a table"),
        (
            lambda e: e.entries("parts"),
            r"cards.toml card\[0\].parts\[0\]: field 'source' is missing",
        ),
    ],
)
def test_entry_with_a_wrong_type_names_the_field(read: Any, message: str) -> None:
    entry = Entry(
        "cards.toml card[0]",
        {
            "source": "rulebook",
            "name": "Gold",
            "value": 3,
            "wild": True,
            "ratio": 0.5,
            "tables": [{"source": "rulebook"}, 4],
            "parts": [{"name": "no source"}],
        },
    )
    with pytest.raises(DataError, match=message):
        read(entry)
    with pytest.raises(DataError, match=r"^cards\.toml card\[0\]"):
        read(entry)


def test_entries_of_a_document() -> None:
    document = {"card": [{"source": "rulebook"}, {"source": "reference"}]}
    found = entries("cards.toml", document, "card")
    assert [e.where for e in found] == ["cards.toml card[0]", "cards.toml card[1]"]
    bad_documents: list[dict[str, Any]] = [{}, {"card": []}, {"card": {"source": "rulebook"}}]
    for bad in bad_documents:
        with pytest.raises(DataError, match=r"cards.toml: \[\[card\]\] must be a non-empty list"):
            entries("cards.toml", bad, "card")


def test_read_toml_from_an_override(tmp_path: Path) -> None:
    good = tmp_path / "cards.toml"
    good.write_text('[[card]]\nsource = "rulebook"\nvalue = 2\n', encoding="utf-8")
    assert read_toml("motherlode", "cards.toml", override=good) == {
        "card": [{"source": "rulebook", "value": 2}]
    }
    bad = tmp_path / "bad.toml"
    bad.write_text("[[card]\n", encoding="utf-8")
    with pytest.raises(DataError, match=f"{bad}: not valid TOML"):
        read_toml("motherlode", "bad.toml", override=bad)
    with pytest.raises(DataError, match="cannot read component data"):
        read_toml("motherlode", "x.toml", override=tmp_path / "missing.toml")


def test_read_toml_of_a_missing_package_file() -> None:
    with pytest.raises(DataError, match="cannot read component data"):
        read_toml("motherlode", "no-such-file.toml")


def test_save_file_table_is_kept_and_checked() -> None:
    """A save file may carry the face's table (seats, bots); it must be an object."""
    from motherlode.engine.savefile import dumps, loads, table_of

    state = load("toy").new_game(3)
    text = dumps(state, table={"seat": 1, "bots": ["random"]})
    assert table_of(text) == {"seat": 1, "bots": ["random"]}
    assert loads(text).digest() == state.digest()
    assert table_of(dumps(state)) == {}
    record = json.loads(text)
    record["table"] = [1]
    with pytest.raises(SaveFileError, match="'table' is not an object"):
        loads(json.dumps(record))



@pytest.mark.parametrize("option", ["name", "self"])
def test_options_named_like_parameters_are_unknown_options(option: str) -> None:
    with pytest.raises(OptionError, match=f"unknown option '{option}'"):
        load("toy", **{option: 1})


# --- the digest: the log's text kept from one digest to the next ---------------------------
RULES = built_in_games()


def plain_digest(state: motherlode.State) -> str:
    """The digest as it was first written: the whole truth as JSON, then the RNG's repr."""
    body = json.dumps(state._truth(), sort_keys=True, separators=(",", ":"))
    hasher = hashlib.sha256(body.encode())
    hasher.update(repr(state.rng.getstate()).encode())
    return hasher.hexdigest()


@pytest.mark.parametrize("name", RULES)
def test_digest_is_the_plain_digest_at_every_step(name: str) -> None:
    """Byte for byte the digest written before the log was kept: stored digests still check;
    clones, restored and determinized states (which rewrite or copy the log) agree too."""
    game = load(name)
    state = game.new_game(17)
    rng = random.Random(17)
    seen = {state.digest()}
    for step in range(120):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
        digest = state.digest()
        assert digest == plain_digest(state) == state.reference_digest(), step
        assert digest not in seen, step  # every step a new state
        seen.add(digest)
        if step % 15 == 0:
            copy = state.clone()
            assert copy.digest() == digest
            back = game.restore(json.loads(json.dumps(state.snapshot())))
            assert back.digest() == digest
            seat = state.current_player if state.current_player is not None else 0
            other = state.determinize(seat, random.Random(step))
            assert other.digest() == plain_digest(other)
            assert state.digest() == digest  # the original is untouched


def test_digest_sees_a_changed_field_beside_the_log() -> None:
    state = load("digitup").new_game(3)
    rng = random.Random(3)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    before = state.digest()
    state.money[0] += 1  # type: ignore[attr-defined]
    assert state.digest() == plain_digest(state) != before
    state.money[0] -= 1  # type: ignore[attr-defined]
    assert state.digest() == before


def test_digest_of_a_log_made_anew_is_made_anew() -> None:
    """A log replaced by another list (restore does so) is written again from its start."""
    state = load("payday").new_game(4)
    rng = random.Random(4)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    state.digest()
    kept = list(state.log)
    state.log = kept[:-3]
    assert state.digest() == plain_digest(state)
    state.log = kept
    assert state.digest() == plain_digest(state)


class CountedLogState(toygame.ToyState):
    """A truth that writes its log as a count, not one item per entry."""

    def _truth(self) -> dict[str, Any]:
        truth = super()._truth()
        truth["log"] = len(self.log)
        return truth


def test_digest_of_a_truth_without_a_log_item_per_entry_is_the_plain_one() -> None:
    state = CountedLogState(load("toy", players=2), 5)
    digests = [state.digest()]
    for _ in range(3):
        state.apply(state.legal_actions()[-1])
        assert state.digest() == plain_digest(state)
        digests.append(state.digest())
    assert len(set(digests)) == 4


# --- a view sent in parts (engine/frames.py) -----------------------------------------------------


def test_a_view_sent_in_parts_is_rebuilt_whole() -> None:
    welcome = {"type": "welcome", "version": 0,
               "view": {"phase": "dig", "bid": 3, "log": [{"text": "a"}]}}
    first = merged_view({}, welcome)
    assert first == welcome["view"] and first["log"] is not welcome["view"]["log"]
    update = {"type": "update", "version": 1, "view": {"phase": "place", "round": 2},
              "gone": ["bid"], "events": [{"text": "b"}]}
    second = merged_view(first, update)
    assert second == {"phase": "place", "round": 2, "log": [{"text": "a"}, {"text": "b"}]}
    assert first == welcome["view"]  # the view given is left as it was
    assert merged_view(second, {"type": "pong"}) is second
