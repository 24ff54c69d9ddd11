"""The decision at the terminal (cli/decide.py): listed in few lines, answered by number or
amount. The games' own decisions are checked in every game's playouts below."""

from __future__ import annotations

import random

import pytest

import motherlode
from motherlode.cli import decide
from motherlode.engine import decision as d

BID = d.number_range("bid", "Bid", 720, 3000, step=10, unit="$")
THOUSANDS = d.number_range("bid", "Bid", 5000, 12000, step=1000, unit="$", scale=1000)
PASS = d.choice("pass", "Pass", [d.option("pass", "pass", "Pass", "let the others bid")])
AUCTION = d.decision(1, "bid for the Toaster or pass", [BID, PASS])


@pytest.mark.parametrize(
    ("typed", "action"),
    [("bid 720", "bid 720"), ("bid $3,000", "bid 3000"), ("bid 3,000", "bid 3000"),
     ("bid $1000", "bid 1000"), ("1", "pass")],
)
def test_a_range_is_answered_with_an_amount(typed: str, action: str) -> None:
    assert decide.read(AUCTION, typed) == action


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("bid 725", "$725 is not allowed: Bid takes $720..$3,000 in steps of $10"),
     ("bid $3,010", "$3,010 is not allowed"), ("bid 700", "$700 is not allowed"),
     ("2", "no option 2; choose 1..1")],
)
def test_an_amount_or_number_not_offered_says_why(typed: str, reason: str) -> None:
    with pytest.raises(decide.Unreadable, match=reason.replace("$", r"\$").replace(".", r"\.")):
        decide.read(AUCTION, typed)


def test_an_amount_in_dollars_becomes_an_action_in_thousands() -> None:
    decision = d.decision(0, "bid", [THOUSANDS])
    assert decide.read(decision, "bid $7,000") == "bid 7"
    assert decide.read(decision, "bid 12000") == "bid 12"


def test_text_that_names_no_option_is_left_to_the_game() -> None:
    assert decide.read(AUCTION, "pass") == "pass"
    assert decide.read(AUCTION, "dig amazon") is None


KEEP = d.decision(0, "keep a mission", [d.choice("keep", "Keep a mission", [
    d.option("keep gold-digger", "gold-digger", "Gold Digger", ""),
    d.option("keep bronze-age", "bronze-age", "Bronze Age", ""),
    d.option("keep balanced-dig", "balanced-dig", "Balanced Dig", ""),
])])
MACHINES = d.decision(0, "pick", [d.choice("pick", "Pick", [
    d.option("pick wash-plant-1", "wash-plant-1", "Wash Plant 1", ""),
    d.option("pick wash-plant-2", "wash-plant-2", "Wash Plant 2", ""),
    d.option("pick loader-1", "loader-1", "Loader 1", ""),
])])
SITES = d.decision(0, "dig", [d.choice("dig", "Dig a site", [
    d.option("dig amazon", "A", "A Amazon", ""), d.option("dig andes", "B", "B Andes", ""),
])])


@pytest.mark.parametrize(
    ("decision", "typed", "action"),
    [(KEEP, "keep gold", "keep gold-digger"), (KEEP, "KEEP Gold-Digger", "keep gold-digger"),
     (KEEP, "keep bronze", "keep bronze-age"), (KEEP, "Balanced Dig", "keep balanced-dig"),
     (KEEP, "gold", "keep gold-digger"), (MACHINES, "pick wash plant 1", "pick wash-plant-1"),
     (MACHINES, "pick wash-plant 2", "pick wash-plant-2"), (MACHINES, "pick l", "pick loader-1"),
     (SITES, "A", "dig amazon"), (SITES, "dig b", "dig andes"), (SITES, "b", "dig andes"),
     (SITES, "amazon", "dig amazon"), (SITES, "a amazon", "dig amazon"),
     (SITES, "dig an", "dig andes")],
)
def test_options_are_found_by_loose_words(decision: d.Decision, typed: str, action: str) -> None:
    """Issue 12, input: board letters, unique prefixes, `wash-plant` and `wash plant`."""
    assert decide.read(decision, typed) == action


@pytest.mark.parametrize(
    ("decision", "typed", "reason"),
    [(KEEP, "keep b", "'keep b' could be 2 options: keep bronze-age, keep balanced-dig"),
     (MACHINES, "pick wash plant", "could be 2 options: pick wash-plant-1, pick wash-plant-2")],
)
def test_a_prefix_of_several_options_says_which(
    decision: d.Decision, typed: str, reason: str
) -> None:
    with pytest.raises(decide.Unreadable, match=reason):
        decide.read(decision, typed)


def test_numbers_in_words_are_never_cut_short() -> None:
    assert decide.read(MACHINES, "pick wash plant 12") is None


CARDS = d.decision(0, "play", [
    d.choice("place", "Place", [d.option("place tunnel-ns 1 1", "tunnel-ns")]),
    d.choice("play", "Play", [d.option("play map at 8 -2", "map"),
                              d.option("play map at 8 2", "map")]),
    d.choice("discard", "Discard", [d.option("discard map", "map")]),
])


def test_a_negative_number_keeps_its_sign() -> None:
    assert decide.words("place tunnel-ns 1 -1") == ["place", "tunnel", "ns", "1", "-1"]
    assert decide.read(CARDS, "place tunnel-ns 1 -1") is None  # not `place tunnel-ns 1 1`
    assert decide.read(CARDS, "play map at 8 -2") == "play map at 8 -2"


def test_an_object_alone_picks_nothing_when_verbs_differ() -> None:
    """`map` must not mean `discard map` beside `play map at ...`."""
    with pytest.raises(decide.Unreadable, match="could be 3 options"):
        decide.read(CARDS, "map")


def test_a_range_is_one_line_and_options_carry_their_text() -> None:
    lines = [line.plain for line in decide.lines(AUCTION)]
    assert lines == [
        "Bid for the Toaster or pass",
        " Bid: $720..$3,000 in steps of $10 — type bid 720",
        " Pass",
        "  1  Pass  [pass] — let the others bid",
    ]


def test_cells_are_one_line_per_card() -> None:
    where = [d.cell(x, 0, [("upright", f"place t {x} 0"), ("turned", f"place t {x} 0 turned")])
             for x in range(20)]
    group = d.cells("place", "Place Tunnel", "t", "a straight tunnel", where)
    lines = [line.plain for line in decide.lines(d.decision(0, "your turn", [group]))]
    assert len(lines) == 2
    assert "and 8 more" in lines[1] and "0 0: 1 upright, 2 turned" in lines[1]
    assert "or type Place Tunnel 0 0 upright" in lines[1]  # as the line names it


def test_a_card_is_laid_as_the_line_names_it() -> None:
    """Issue 21: "every answer the board suggests can be typed as the board names it": the
    card's label, the cell's column and row, and the orientation (the first if left out)."""
    where = [d.cell(x, -1, [("upright", f"place tunnel-wen {x} -1"),
                            ("turned", f"place tunnel-wen {x} -1 turned")]) for x in range(3)]
    group = d.cells("place", "lay Tunnel N-E-W", "tunnel-wen", "tunnel; paths N-E-W", where)
    decision = d.decision(0, "your turn", [group])
    assert decide.read(decision, "lay Tunnel N-E-W 1 -1") == "place tunnel-wen 1 -1"
    assert decide.read(decision, "LAY tunnel  n-e-w 2 -1 turned") == "place tunnel-wen 2 -1 turned"
    with pytest.raises(decide.Unreadable, match="does not fit at 5 5"):
        decide.read(decision, "lay Tunnel N-E-W 5 5")
    with pytest.raises(decide.Unreadable, match="lies upright or turned"):
        decide.read(decision, "lay Tunnel N-E-W 0 -1 sideways")


# Every game: over random playouts, the terminal lists each decision in a few dozen lines at
# most, every numbered option is a legal action, and every range's ends read back as legal.
MOST_LINES = 60


@pytest.mark.parametrize(("name", "players"), [("digitup", 4), ("paydirt", 4), ("payday", 4),
                                               ("saboteur", 10)])
def test_no_decision_prints_hundreds_of_lines(name: str, players: int) -> None:
    game = motherlode.load(name, players=players)
    rng = random.Random(11)
    longest = 0
    for seed in range(1 if name == "saboteur" else 3):  # a 10-player game is ~400 decisions
        state = game.new_game(seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            decision = state.view(seat)["decision"]
            assert decision is not None
            legal = {str(a) for a in state.legal_actions()}
            longest = max(longest, len(decide.lines(decision)))
            for item in decide.numbered(decision):
                assert item.action in legal
                # issue 21: the form the board shows ([brackets], hint, undo) reads back
                shown = decide.typed(decision, item.action)
                chosen = decide.read(decision, shown)
                assert chosen == item.action or (chosen is None and shown == item.action), item
            for group in decision["groups"]:
                if group["kind"] == "range":
                    for value in (group["minimum"], group["maximum"]):
                        typed = f"{group['verb']} ${value:,}"
                        assert decide.read(decision, typed) in legal
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    assert longest <= MOST_LINES, f"{name}: a decision printed {longest} lines"


# --- issue 21 items 4 and 5: answers as the board names them, refusals that say what to type ---
ONE_BID = d.number_range("bid", "your bid", 5000, 5000, step=1000, unit="$", scale=1000)
BIDDING = d.decision(0, "bid or pass", [THOUSANDS, PASS])
VERBS = frozenset({"bid", "pass", "run", "load", "pick"})


def test_a_single_allowed_amount_says_so_plainly() -> None:
    assert d.describe_range(ONE_BID) == "$5,000 only"
    assert "in steps of" not in str(decide.lines(d.decision(0, "bid", [ONE_BID]))[1])


def test_an_amount_in_the_games_thousands_is_refused_with_the_boards_dollars() -> None:
    """The board prints bids in dollars: `bid 5` is $5, not the game's `bid 5` ($5,000)."""
    with pytest.raises(decide.Refused, match=r"\$5 is not allowed.*type bid 5000"):
        decide.read(BIDDING, "bid 5")


@pytest.mark.parametrize(("typed", "said"), [
    ("bid", "bid needs an amount: Bid takes $5,000..$12,000 in steps of $1,000: type e.g. "
            "bid 5000"),
    ("bid -1000", "an amount cannot be below zero ('-1000'): Bid takes"),
    ("bid lots", "'lots' is not an amount: Bid takes"),
    ("run", "'run' is not possible now (bid or pass); type 1..1 or an action as 'actions' "
            "lists it, e.g. bid 5000"),
    ("nonsense", "'nonsense' is none of your options; type 1..1 or an action"),
])
def test_a_refusal_says_what_is_wrong_and_what_to_type(typed: str, said: str) -> None:
    assert decide.read(BIDDING, typed) is None or typed.startswith("bid")
    assert decide.explain(BIDDING, typed, VERBS).startswith(said)


def test_a_long_input_is_cut_and_said_to_be_too_long() -> None:
    text = "x" * 5000
    said = decide.explain(BIDDING, text, VERBS)
    assert len(said) < 200
    assert "5,000 characters is too long" in said


def test_actions_are_shown_as_the_board_names_them() -> None:
    """The hint, undo and the option's [brackets] give the form the board prints, and that
    form reads back to the action."""
    window = d.decision(0, "play", [d.choice("play", "Play a card", [
        d.option("play bargain-1", "bargain-1", "Window Shopping", "")])])
    assert decide.typed(window, "play bargain-1") == "play Window Shopping"
    assert decide.read(window, "play Window Shopping") == "play bargain-1"
    assert decide.typed(MACHINES, "pick wash-plant-1") == "pick Wash Plant 1"
    assert decide.typed(BIDDING, "bid 5") == "bid 5000"
    assert decide.typed(BIDDING, "pass") == "pass"
    assert "[play Window Shopping]" in str(decide.lines(window)[2])
    broken = d.decision(0, "play", [d.choice("play", "play broken-pickaxe", [
        d.option("play broken-pickaxe on 1", "1", "on seat 1", "")])])
    assert decide.typed(broken, "play broken-pickaxe on 1") == "play broken pickaxe on 1"
    sale = d.decision(0, "sell", [d.choice("sell", "sell", [
        d.option("sell antique-clock", "antique-clock", "the Antique Clock: $1,200", "")])])
    assert decide.typed(sale, "sell antique-clock") == "sell antique clock"


def test_a_label_without_its_article_picks_the_option() -> None:
    """Pay Dirt's card asks for a machine: `excavator` alone answers `the excavator`."""
    asked = d.decision(0, "which machine", [d.choice("choose", "Which machine", [
        d.option("choose machine excavator", "machine excavator", "the excavator", ""),
        d.option("choose machine loader", "machine loader", "the loader", "")])])
    assert decide.read(asked, "excavator") == "choose machine excavator"
    assert decide.read(asked, "loader") == "choose machine loader"
