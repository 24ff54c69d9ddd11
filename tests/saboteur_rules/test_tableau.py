"""What lies in front of Saboteur Gold players: broken tools, Trapped, Theft.

Seed 004 "Flow of the Game" (B, D) and "Types of Action Cards"; reference
shared/reference/saboteur.md "Base action cards", "Expansion action cards" and the turn. Each row
names the sentence it checks. A tableau is written as the words "pickaxe lamp cart" (broken
tools), "trapped" and "theft"; the player is seat 0, another player seat 1.
"""

from __future__ import annotations

import random

import pytest

from motherlode.rules.saboteur.cards import ACTION_KINDS, TOOLS, ActionCard, load_cards
from motherlode.rules.saboteur.tableau import (
    TARGETS,
    Tableau,
    can_place_path,
    clear_problem,
    path_problem,
    play,
    play_problem,
    plays,
    remove_own,
    repair_choices,
)

CARDS = load_cards()
ACTIONS = {card.id: card for card in CARDS.actions}
ME, OTHER = 0, 1


def tab(words: str) -> Tableau:
    """A tableau from "lamp cart trapped theft"."""
    names = words.split()
    broken = tuple(ACTIONS[f"broken-{tool}"] for tool in ("pickaxe", "lamp", "cart")
                   if tool in names)
    return Tableau(broken, ACTIONS["trapped"] if "trapped" in names else None,
                   ACTIONS["theft"] if "theft" in names else None)


def ids(cards: tuple[ActionCard, ...]) -> tuple[str, ...]:
    return tuple(card.id for card in cards)


# source, card, target seat, tableau before, tool, the problem (a phrase of it) or None,
# the tableau after, the cards discarded
LEGAL = [
    ("seed 'Miners need trolleys': 'By playing this card in front of another dwarf'",
     "broken-cart", OTHER, "", None, "cart", ()),
    ("reference 'At most one broken card of each tool': another tool may be broken beside it",
     "broken-lamp", OTHER, "pickaxe cart", None, "pickaxe lamp cart", ()),
    ("a broken card on a trapped player: different types", "broken-pickaxe", OTHER, "trapped",
     None, "pickaxe trapped", ()),
    ("seed 'Mending trolleys': 'mend their own broken trolleys ... discard the mend card, and "
     "the broken trolley card'", "repair-cart", ME, "cart", None, "", ("repair-cart",
                                                                         "broken-cart")),
    ("seed 'Mend that lamp!': 'or those of other dwarves'", "repair-lamp", OTHER, "lamp cart",
     None, "cart", ("repair-lamp", "broken-lamp")),
    ("seed 'Fixed it!': 'discard both pickaxe cards - break, and mend'", "repair-pickaxe", OTHER,
     "pickaxe trapped", None, "trapped", ("repair-pickaxe", "broken-pickaxe")),
    ("seed 'Extras': a double repair fixes the tool the player names (pickaxe)",
     "repair-pickaxe-lamp", OTHER, "pickaxe lamp", "pickaxe", "lamp",
     ("repair-pickaxe-lamp", "broken-pickaxe")),
    ("... or its other tool (lamp), one only", "repair-pickaxe-lamp", OTHER, "pickaxe lamp",
     "lamp", "pickaxe", ("repair-pickaxe-lamp", "broken-lamp")),
    ("... with only one of its tools broken", "repair-lamp-cart", ME, "pickaxe cart", "cart",
     "pickaxe", ("repair-lamp-cart", "broken-cart")),
    ("seed 'Trapped in prison!': 'Play this card against another player'", "trapped", OTHER,
     "theft", None, "trapped theft", ()),
    ("seed 'Free at last!': 'release any dwarf from jail'", "free-at-last", OTHER, "trapped",
     None, "", ("free-at-last", "trapped")),
    ("reference 'Free at Last': 'any player, you included'", "free-at-last", ME,
     "lamp trapped", None, "lamp", ("free-at-last", "trapped")),
    ("seed 'Theft': 'Put a theft card in your own player area'", "theft", ME, "trapped", None,
     "trapped theft", ()),
    ("seed 'Hands Off': 'remove one Theft card from any dwarf'", "hands-off", OTHER, "theft",
     None, "", ("hands-off", "theft")),
    ("... any dwarf, oneself included (reference 'in front of any player')", "hands-off", ME,
     "cart theft", None, "cart", ("hands-off", "theft")),
    ("seed 'Swap hands': 'exchange hands with another player' (the hands are the game's)",
     "swap-hand", OTHER, "lamp", None, "lamp", ("swap-hand",)),
    ("seed 'Inspection': 'look at the role of another player'", "inspection", OTHER, "", None,
     "", ("inspection",)),
    ("seed 'Change hats': 'on a player (including yourself)'", "swap-hats", ME, "", None, "",
     ("swap-hats",)),
    ("... or another player", "swap-hats", OTHER, "trapped", None, "trapped", ("swap-hats",)),
]


@pytest.mark.parametrize(("source", "card", "target", "before", "tool", "after", "discarded"),
                         LEGAL, ids=[row[0][:60] for row in LEGAL])
def test_legal_plays(source: str, card: str, target: int, before: str, tool: str | None,
                     after: str, discarded: tuple[str, ...]) -> None:
    assert play_problem(ACTIONS[card], ME, target, tab(before), tool) is None, source
    new, gone = play(ACTIONS[card], ME, target, tab(before), tool)
    assert new == tab(after), source
    assert ids(gone) == discarded, source


ILLEGAL = [
    ("reference 'No player may have two action cards of the same type affecting them at once'"
     ": a broken card's type is its tool", "broken-lamp", OTHER, "lamp", None, "already broken"),
    ("seed 'Miners need trolleys': 'in front of another dwarf' (every broken card)",
     "broken-pickaxe", ME, "", None, "another player"),
    ("a repair needs its tool broken (seed 'remove the broken lamp card')", "repair-lamp", ME,
     "pickaxe cart", None, "not broken"),
    ("a single repair fixes only its own tool", "repair-cart", ME, "lamp", "lamp",
     "does not repair"),
    ("seed 'Extras': a double repair fixes one tool, which the player names", "repair-lamp-cart",
     OTHER, "lamp cart", None, "name it"),
    ("... one of its own two tools", "repair-lamp-cart", OTHER, "pickaxe lamp", "pickaxe",
     "does not repair"),
    ("... a tool that is broken", "repair-pickaxe-cart", OTHER, "lamp cart", "pickaxe",
     "not broken"),
    ("seed 'Trapped in prison!': 'against another player'", "trapped", ME, "", None,
     "another player"),
    ("reference: no two cards of the same type: not trapped twice", "trapped", OTHER,
     "trapped", None, "already trapped"),
    ("seed 'Free at last!': release a dwarf from jail (none there)", "free-at-last", OTHER,
     "lamp", None, "not trapped"),
    ("seed 'Theft': 'in your own player area'", "theft", OTHER, "", None, "its player only"),
    ("reference: no two cards of the same type: not two Theft cards", "theft", ME, "theft",
     None, "already lies"),
    ("seed 'Hands Off': remove one Theft card (none there)", "hands-off", ME, "trapped", None,
     "no Theft card"),
    ("seed 'Swap hands': 'with another player'", "swap-hand", ME, "", None, "another player"),
    ("seed 'Inspection': 'another player'", "inspection", ME, "", None, "another player"),
    ("seed 'Rock fall': removes a path card, not played on a player", "rockfall", OTHER, "",
     None, "not played on a player"),
    ("seed 'Map': looks at a goal, not played on a player", "map", ME, "", None,
     "not played on a player"),
]


@pytest.mark.parametrize(("source", "card", "target", "before", "tool", "problem"), ILLEGAL,
                         ids=[row[0][:60] for row in ILLEGAL])
def test_illegal_plays(source: str, card: str, target: int, before: str, tool: str | None,
                       problem: str) -> None:
    reason = play_problem(ACTIONS[card], ME, target, tab(before), tool)
    assert reason is not None and problem in reason, (source, reason)
    with pytest.raises(ValueError, match=problem):
        play(ACTIONS[card], ME, target, tab(before), tool)


def test_every_action_kind_has_a_target_rule_and_a_row() -> None:
    assert set(TARGETS) == set(ACTION_KINDS)
    played = {ACTIONS[row[1]].kind for row in (*LEGAL, *ILLEGAL)}
    assert played == set(ACTION_KINDS)


PATHS = [
    ("no card in front: path cards allowed", "theft", None),
    ("reference 'a player with any broken tool plays no path cards'", "cart", "broken cart"),
    ("... whichever tool", "pickaxe theft", "broken pickaxe"),
    ("seed 'Trapped in prison!': 'cannot play path cards'", "trapped", "trapped"),
]


@pytest.mark.parametrize(("source", "before", "problem"), PATHS, ids=[r[0][:60] for r in PATHS])
def test_path_cards(source: str, before: str, problem: str | None) -> None:
    reason = path_problem(tab(before))
    assert can_place_path(tab(before)) == (problem is None), source
    assert reason is None if problem is None else problem in (reason or ""), (source, reason)


def test_repair_choices() -> None:
    """seed 'Extras': 'a specific lamp card repairs lamps or pickaxes' — the player's choice."""
    double = ACTIONS["repair-pickaxe-lamp"]
    assert repair_choices(tab("pickaxe lamp cart"), double) == ("pickaxe", "lamp")
    assert repair_choices(tab("lamp cart"), double) == ("lamp",)
    assert repair_choices(tab("cart"), double) == ()


CLEARS = [
    ("seed D: 'a dwarf can repair one of their broken tools'", "lamp cart", "lamp", None,
     "cart", "broken-lamp"),
    ("seed D: '... or break free from jail'", "pickaxe trapped", "trapped", None, "pickaxe",
     "trapped"),
    ("seed D names broken tools and jail only (built: the seed's reading; the reference's "
     "'one card lying in front of yourself' would allow a Theft card)", "theft", "theft",
     "not 'theft'", "", ""),
    ("seed D: 'This option cannot be used to help others': nothing of one's own to remove",
     "cart", "lamp", "no broken lamp", "", ""),
    ("... not trapped", "", "trapped", "no trapped", "", ""),
]


@pytest.mark.parametrize(("source", "before", "what", "problem", "after", "removed"), CLEARS,
                         ids=[r[0][:60] for r in CLEARS])
def test_option_d(source: str, before: str, what: str, problem: str | None, after: str,
                  removed: str) -> None:
    reason = clear_problem(tab(before), what)
    if problem is not None:
        assert reason is not None and problem in reason, (source, reason)
        with pytest.raises(ValueError, match=problem):
            remove_own(tab(before), what)
        return
    assert reason is None, source
    new, taken = remove_own(tab(before), what)
    assert new == tab(after), source
    assert taken == ACTIONS[removed], source


def test_tableau_is_frozen_and_lists_its_cards() -> None:
    tableau = tab("pickaxe cart trapped theft")
    assert ids(tableau.cards) == ("broken-pickaxe", "broken-cart", "trapped", "theft")
    assert tableau.broken_tools == {"pickaxe", "cart"}
    with pytest.raises(AttributeError):
        tableau.trapped = None  # type: ignore[misc]


def test_plays_lists_exactly_what_play_problem_allows() -> None:
    """`plays` (the fast list for legal_actions) agrees with `play_problem` for every action
    card, every actor and target, over many tables of 4 seats drawn at random."""
    rng = random.Random(5)
    kinds = ["", "pickaxe", "lamp", "cart", "trapped", "theft"]
    for _ in range(300):
        table = [tab(" ".join(rng.sample(kinds, rng.randrange(4))).strip()) for _ in range(4)]
        for card in CARDS.actions:
            for actor in range(4):
                tools = sorted(card.tools, key=TOOLS.index) if len(card.tools) > 1 else [""]
                wanted = [(seat, tool) for seat in range(4) for tool in tools
                          if card.kind not in ("rockfall", "map")
                          and play_problem(card, actor, seat, table[seat], tool or None) is None]
                assert plays(card, actor, table) == wanted, (card.id, actor, table)
