"""The heuristic Saboteur Gold bot: legal play from views only, deterministic, and the choices
the rules make obvious in positions reached by seeded games."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import pytest
from bot_checks import check_never_sees_the_state

import motherlode
from motherlode.bots.base import bot_names, make_bot
from motherlode.bots.saboteur_heuristic import SaboteurHeuristic
from motherlode.engine import JSON, Action, Game
from motherlode.rules.saboteur.actions import Place, PlayOn, Steal, Take
from motherlode.rules.saboteur.game import Saboteur
from motherlode.rules.saboteur.log import GoldShared
from motherlode.rules.saboteur.state import SaboteurState
from motherlode.sim.runner import bot_seed


def _load(players: int, edition: str = "gold") -> Saboteur:
    game = motherlode.load("saboteur", players=players, edition=edition)
    assert isinstance(game, Saboteur)
    return game


def _bots(game: Game, seed: int) -> list[Any]:
    return [make_bot("heuristic", game, seat, bot_seed(seed, seat))
            for seat in range(game.num_players)]


def _play(game: Game, seed: int) -> Iterator[tuple[SaboteurState, JSON, list[Action], Any]]:
    """Every decision of a seeded all-heuristic game: (state, view, legal, bot); the caller's
    loop applies nothing: the bot's choice is applied after the caller has looked."""
    state = game.new_game(seed)
    assert isinstance(state, SaboteurState)
    bots = _bots(game, seed)
    steps = 0
    while (seat := state.current_player) is not None:
        view = state.view(seat)
        legal = state.legal_actions()
        yield state, view, legal, bots[seat]
        action = bots[seat].choose(view, legal)
        assert action in legal, f"seed {seed} step {steps}: {action} is not legal"
        state.apply(action)
        steps += 1
        assert steps <= game.max_game_length


def test_registered_for_saboteur_beside_pay_dirt() -> None:
    assert "heuristic" in bot_names("saboteur")
    assert "heuristic" in bot_names("paydirt")
    game = _load(4)
    assert isinstance(make_bot("heuristic", game, 0, 0), SaboteurHeuristic)


@pytest.mark.parametrize(("players", "edition", "seeds"), [
    (2, "gold", 3), (4, "gold", 3), (7, "gold", 2), (12, "gold", 1), (5, "base", 3),
])
def test_only_legal_actions_over_whole_games(players: int, edition: str, seeds: int) -> None:
    """Seeded games to the end, every seat the heuristic bot: each choice is legal (checked in
    `_play`), and the games end in fewer steps than random play's hundreds."""
    game = _load(players, edition)
    for seed in range(seeds):
        steps = 0
        for state, view, _, bot in _play(game, seed):
            steps += 1
            if view["phase"] == "turn":  # the bot's maze, rebuilt from the log, is the view's
                bot.choose(view, state.legal_actions())
                assert bot.maze.cells == {cell: game.placed_card(p.card.id, p.turned)
                                          for cell, p in state.maze.cells.items()}
        assert 0 < steps < game.max_game_length


def test_never_sees_the_state() -> None:
    """The bot keeps no reference to a state and is handed only a view dict and actions."""
    check_never_sees_the_state(_load(5), 3)


def _final(game: Game, seed: int) -> SaboteurState:
    """The finished state of a seeded all-heuristic game (`_play` changes one state object)."""
    final = None
    for state, *_ in _play(game, seed):
        final = state
    assert final is not None and final.is_terminal
    return final


def test_same_seed_same_game() -> None:
    """The bots' seeds are fixed by the game's seed: the same game twice, another seed another."""
    game = _load(5)
    first, again, other = (_final(game, seed).history for seed in (21, 21, 22))
    assert len(first) > 20
    assert first == again
    assert first != other


# ---- obvious choices in positions reached by seeded games --------------------------------

def _gold_after(state: SaboteurState, action: Action, seat: int) -> int | None:
    """The gold `seat` gets from the round if `action` ends it now (None: it goes on)."""
    after = state.clone()
    before = len(after.log)
    after.apply(action)
    for event in after.events()[before:]:
        if isinstance(event, GoldShared):
            return event.gold[seat]
    return None


def _beside_treasure(state: SaboteurState, legal: Sequence[Action]) -> list[Place]:
    """The placements next to the face-down treasure (only these can reach it)."""
    cells = [cell for cell, card in state.maze.face_down.items() if card.treasure]
    return [a for a in legal if isinstance(a, Place) and any(
        abs(a.col - col) + abs(a.row - row) == 1 for col, row in cells)]


@cache
def _at_the_treasure() -> tuple[list[str], list[str]]:
    """Players who know where the treasure lies and hold a path card that reaches it, in 40
    seeded 5-player games: what each builder (Digger, Boss, Profiteer: winning gold with it)
    chose, and what each Saboteur chose ("ok" or the seed and the wrong choice)."""
    game = _load(5)
    builders: list[str] = []
    saboteurs: list[str] = []
    for seed in range(40):
        for state, view, legal, bot in _play(game, seed):
            seat = state.seat
            role = game.dwarf[state.dwarves[seat]].role
            if view["phase"] != "turn" or role == "geologist" \
                    or not any(g["card"] == "goal-treasure" for g in view["goals"]):
                continue
            beside = _beside_treasure(state, legal)
            if role == "saboteur":
                if any(_gold_after(state, a, seat) is not None for a in beside):
                    choice = bot.choose(view, legal)
                    ended = _gold_after(state, choice, seat) is not None
                    saboteurs.append(f"seed {seed}: {choice}" if ended else "ok")
            elif any((_gold_after(state, a, seat) or 0) > 0 for a in beside):
                choice = bot.choose(view, legal)
                won = (_gold_after(state, choice, seat) or 0) > 0
                builders.append("ok" if won else f"seed {seed}: {choice}")
    return builders, saboteurs


def test_a_builder_who_knows_the_treasure_completes_the_path() -> None:
    """A Digger, the Boss or the Profiteer who knows where the treasure lies and holds a path
    card that reaches it (and so wins gold) lays it."""
    builders, _ = _at_the_treasure()
    assert len(builders) >= 5
    assert set(builders) == {"ok"}, builders


def test_a_saboteur_never_completes_the_path_to_a_known_treasure() -> None:
    _, saboteurs = _at_the_treasure()
    assert len(saboteurs) >= 3
    assert set(saboteurs) == {"ok"}, saboteurs


def test_a_builder_with_a_broken_tool_repairs_itself() -> None:
    """A player who is not a Saboteur, not trapped, with one broken tool and a repair card for
    it, repairs itself."""
    game = _load(5)
    found = 0
    for seed in range(7):
        for state, view, legal, bot in _play(game, seed):
            seat = state.seat
            tableau = view["tableaux"][seat]
            if view["phase"] != "turn" or state.dwarves[seat] == "saboteur" \
                    or tableau["trapped"] is not None or len(tableau["broken"]) != 1:
                continue
            repairs = [a for a in legal if isinstance(a, PlayOn) and a.seat == seat
                       and game.actions[a.card].kind == "repair"]
            if not repairs:
                continue
            choice = bot.choose(view, legal)
            assert choice in repairs, f"seed {seed}: {choice} instead of {repairs}"
            found += 1
    assert found >= 5


def test_a_thief_steals_from_the_richest() -> None:
    game = _load(6)
    found = 0
    for seed in range(4):
        for _, view, legal, bot in _play(game, seed):
            if view["phase"] != "steal":
                continue
            gold = view["gold"]
            choice = bot.choose(view, legal)
            assert isinstance(choice, Steal)
            assert gold[choice.seat] == max(gold[a.seat] for a in legal if isinstance(a, Steal))
            found += 1
    assert found >= 3


def test_a_base_digger_takes_the_most_valuable_gold_card() -> None:
    game = _load(5, "base")
    found = 0
    for seed in range(3):
        for _, view, legal, bot in _play(game, seed):
            if view["phase"] != "gold":
                continue
            choice = bot.choose(view, legal)
            assert isinstance(choice, Take) and choice.value == max(view["gold_offer"])
            found += 1
    assert found >= 3


@pytest.mark.parametrize(("players", "edition", "seed"), [(4, "gold", 2), (5, "base", 3)])
def test_explain_says_why_in_one_line_and_chooses_as_choose(players: int, edition: str,
                                                            seed: int) -> None:
    """Issue 12: "`hint` asks the game's strongest bot what it would do and why in one line":
    `explain` takes the action `choose` takes (a fresh bot each, as `hint` makes) and says
    why in under 100 characters, from the dwarf's point of view (its role first)."""
    game = _load(players, edition)
    reasons: set[str] = set()
    for step, (state, view, legal, _) in enumerate(_play(game, seed)):
        if step % 3:
            continue
        seat = state.seat
        action, why = make_bot("heuristic", game, seat, 1).explain(view, legal)
        assert action == make_bot("heuristic", game, seat, 2).choose(view, legal)
        assert len(why) < 100 and "\n" not in why, why
        dwarf = view["dwarf"].removeprefix("base-")
        assert why.startswith(f"{dwarf.replace('-', ' ')}: "), (dwarf, why)
        reasons.add(why.split(": ", 1)[1].split()[0])
    assert len(reasons) >= 6, reasons  # several kinds of reason, not one line for everything


def test_the_heuristic_plays_the_same_under_any_string_hash_seed() -> None:
    """Its choices do not depend on Python's string hashing: seed 112 at 7 players once went
    another way under PYTHONHASHSEED=424242 (a float sum over a set of cells, whose order
    followed the order of insertion; the sums are now taken in sorted order)."""
    script = ("from motherlode.engine import load\n"
              "from motherlode.sim.runner import play_game\n"
              "game = load('saboteur', players=7)\n"
              "print([play_game(game, ['heuristic'] * 7, s).scores for s in (112, 113)])\n")
    scores = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("0", "424242")
    }
    assert len(scores) == 1, scores
