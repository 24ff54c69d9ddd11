"""The log reads as words for people, in every game (issue 21 build 2): many seeded games of
each game are played to the end, and every event text every seat sees is scanned for internal
words (ids with hyphens where the card or tile has a name, True/False and other Python reprs,
pipe-separated lists, "1 months", a card's question by its step id, an ore without its type)
and for results whose cause the game knows but does not say; and what is one seat's only (the
card a Saboteur player drew) is in no other seat's log."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest

from motherlode.engine import EventJSON, Game, State, load
from motherlode.engine.events import looks_like_repr

#: (game, players, seeds): random play to the end (Pay Dirt's games are the longest).
GAMES = [("saboteur", 5, range(10)), ("digitup", 4, range(10)), ("payday", 3, range(6)),
         ("paydirt", 3, range(4))]

#: `1 <plural>`: a count that does not agree with its noun.
ONE_PLURAL = re.compile(r"(?<![\d,.$])\b1 (months|nuggets|cards|crystals|workers|tiles|spaces|"
                        r"days|won|points|bargains)\b")


#: Pay Dirt: a card's question by its internal step (`Bulldozer asks (first): ...`).
STEP_ID = re.compile(r"\basks \(")

#: Pay Dirt: an ore a card's answer names without its type (`ore 1 of claim 4`).
UNTYPED_ORE = re.compile(r"(?<!poor )(?<!medium )(?<!rich )\bore \d+ of ")

#: Event kinds only their own seat may get (Saboteur's `drew`: the cards drawn).
OWN_ONLY = {"drew"}


def named_ids(game: Game) -> set[str]:
    """The ids with a hyphen whose card or tile has a printed name (Saboteur's cards are named
    by their ids on the board and in the actions: none)."""
    names: set[str] = set()
    for attribute in ("names", "card_views"):  # Pay Dirt, Pay Day
        names.update(getattr(game, attribute, {}))
    for attribute in ("chance_ids", "mission_ids"):  # Dig It Up
        names.update(getattr(game, attribute, ()))
    return {name for name in names if "-" in name}


def played(name: str, players: int, seed: int) -> State:
    state = load(name, players=players).new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def seen_events(state: State) -> Iterator[tuple[int | None, EventJSON]]:
    """Every event as every seat and the spectator see it at the end, with the viewer."""
    for seat in (None, *range(state.game.num_players)):
        for event in state.view(seat)["log"]:
            yield seat, event


def _cause_missing(event: EventJSON) -> bool:
    """A result whose cause the event knows but its text does not give."""
    kind, text = event["kind"], str(event["text"])
    causes: dict[str, Callable[[], bool]] = {
        # Saboteur: the share-out says whether the treasure was reached and by which team.
        "share": lambda: bool(event.get("roles")) and "treasure was" not in text,
        # Pay Dirt: a washed ore paying other than its value says why (Bad Load, Shake Table).
        "completed": lambda: event["gold"] != event["value"] and "(" not in text,
        # Pay Dirt: a Misplaced Wrench adding less than the card says why.
        "wrench": lambda: int(str(event["amount"])) > int(str(event["wear"])) and "(" not in text,
        # Pay Dirt: the last ore's payout at Cleanup says why it is not its worth.
        "cleaned-up": lambda: "(" not in text and "=" not in text,
        # Pay Dirt: an event card adding no wear says why.
        "wear-added": lambda: event["wear"] == 0 and "(" not in text,
        # Pay Day: a Lottery win says how much.
        "lottery-roll": lambda: event["winner"] is not None and "$" not in text,
    }
    check = causes.get(str(kind))
    return check is not None and check()


@pytest.mark.parametrize(("name", "players", "seeds"), GAMES, ids=[g[0] for g in GAMES])
def test_log_texts_use_no_internal_words_and_give_causes(name: str, players: int,
                                                         seeds: range) -> None:
    problems: set[str] = set()
    kinds: set[str] = set()
    for seed in seeds:
        state = played(name, players, seed)
        ids = named_ids(state.game)
        pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(ids))) + r")(?![\w-])"
                             ) if ids else None
        for viewer, event in seen_events(state):
            text = str(event["text"])
            kinds.add(str(event["kind"]))
            where = f"{name} seed {seed} {event['kind']}: {text}"
            if looks_like_repr(text):
                problems.add(f"Python value in {where}")
            if "|" in text:
                problems.add(f"pipe list in {where}")
            if ONE_PLURAL.search(text):
                problems.add(f"'1 <plural>' in {where}")
            if pattern is not None and pattern.search(text):
                problems.add(f"an id where a name exists in {where}")
            if _cause_missing(event):
                problems.add(f"a result without its cause in {where}")
            if STEP_ID.search(text) or UNTYPED_ORE.search(text):
                problems.add(f"a card's question or ore in internal words in {where}")
            if event["kind"] in OWN_ONLY and event["seat"] != viewer:
                problems.add(f"seat {event['seat']}'s own event seen by {viewer} in {where}")
    assert not problems, "\n".join(sorted(problems)[:20])
    assert len(kinds) >= 4  # the games went far enough to say several kinds of things
