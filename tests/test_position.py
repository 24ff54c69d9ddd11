"""The engine's declared positions (engine/position.py): slots, copies, saves and loads made
from one declaration per field."""

from __future__ import annotations

import random
from enum import IntEnum

import pytest

import motherlode
from motherlode.engine import JSON, Action, State, View
from motherlode.engine.position import Position, enum, items, replace, rows, tuples, value


class Stage(IntEnum):
    START = 0
    END = 1


class Model(Position):
    stage: Stage = enum(Stage)
    count: int = value()
    board: list[int] = items()
    hands: list[list[int]] = rows()
    pairs: list[tuple[int, int]] = tuples()
    chain: list[int] = items(only_when_set=True, default="[]")
    total: int = value(saved=False)

    def _rebuild(self) -> None:
        self.total = sum(self.board)

    # the rest of the contract, unused here
    @property
    def current_player(self) -> int | None:
        return None

    @property
    def phase_name(self) -> str:
        return self.stage.name

    def legal_actions(self) -> list[Action]:
        return []

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def view(self, seat: int | None) -> View:
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> State:
        return self

    def _truth(self) -> JSON:
        return {**self._saved(), "log": []}

    def scores(self) -> list[float]:
        return []


class Facade(Model):
    """A state class over the model adds behaviour, not fields."""


def _model() -> Facade:
    state = Facade(motherlode.load("digitup"), 7)  # any game: the model ignores it
    replace(state, stage=Stage.START, count=2, board=[1, 2], hands=[[1], [2, 3]],
            pairs=[(1, 2)], chain=[])
    return state


def test_the_declared_fields_are_slots_and_a_facade_adds_none() -> None:
    assert [f.name for f in Model.FIELDS] == list(Model.__slots__)
    assert Model.__slots__ == ("stage", "count", "board", "hands", "pairs", "chain", "total")
    assert not Facade.__dict__["__slots__"]
    assert not hasattr(_model(), "__dict__")


def test_a_clone_is_independent_to_the_depth_each_field_declares() -> None:
    state = _model()
    other = state.clone()
    assert type(other) is Facade
    other.board.append(9)
    other.hands[1].append(9)
    other.pairs.append((3, 4))
    assert state.board == [1, 2] and state.hands == [[1], [2, 3]] and state.pairs == [(1, 2)]
    assert other.total == 3 and other.seed == 7


def test_saved_fields_come_back_and_derived_ones_are_rebuilt() -> None:
    state = _model()
    saved = state._saved()
    assert saved == {"stage": 0, "count": 2, "board": [1, 2], "hands": [[1], [2, 3]],
                     "pairs": [[1, 2]]}  # chain is empty: not saved; total is derived
    back = _model()
    replace(back, board=[5])
    back._load(saved)
    back._rebuild()
    assert back.stage is Stage.START and back.pairs == [(1, 2)] and back.chain == []
    assert back.total == 3


def test_a_field_saved_only_when_set_is_saved_once_set() -> None:
    state = replace(_model(), chain=[4])
    assert state._saved()["chain"] == [4]


def test_replace_refuses_a_name_that_is_not_a_field() -> None:
    with pytest.raises(TypeError, match="has no field bored"):
        replace(_model(), bored=[1])


def test_replace_keeps_a_derived_value_given_explicitly() -> None:
    assert replace(_model(), board=[4, 4]).total == 8
    assert replace(_model(), board=[4, 4], total=1).total == 1
