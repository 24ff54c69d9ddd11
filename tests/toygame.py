"""High Card: a tiny hidden-information game on the engine contract, for the engine's own tests.

Each of 2-3 players antes 1 chip (option `antes`) and is dealt one secret card from a shuffled
deck of cards 1..`high_card`. For `rounds` rounds every player still in, in seat order, either
bets 1-3 chips into the pot, folds, or (once per game) swaps their card face down for the top
card of the deck. When one player is left, or after the last round, the highest card still in
wins the pot (in the `wild` mode the 1 beats everything). Every card is revealed at the end.

| action    | text    | integer |
|-----------|---------|---------|
| `Fold()`  | `fold`  | 0       |
| `Swap()`  | `swap`  | 1       |
| `Bet(n)`  | `bet n` | 1 + n   |

Seat `p` knows its own card and the card it swapped away; nobody knows the deck order or the
other hands until the end. Registered only by the tests (`tests/conftest.py`) as "toy".

Below the game are faulty variants, each breaking one rule of the contract on purpose; the
conformance tests prove that the suite catches every one of them.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from typing import ClassVar, TypeGuard

from motherlode.engine import (
    JSON,
    Action,
    ActionSyntaxError,
    Decision,
    Event,
    Game,
    Option,
    State,
    View,
)
from motherlode.engine import decision as decide

MAX_BET = 3


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """Give up the pot; the chips already bet stay in it."""

    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Discard the hand face down and take the top card of the deck (once per game)."""

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True, slots=True)
class Bet(Action):
    """Put `chips` (1-3) into the pot."""

    chips: int

    def __str__(self) -> str:
        return f"bet {self.chips}"


@dataclass(frozen=True, slots=True)
class Folded(Event):
    kind: ClassVar[str] = "folded"

    def text(self) -> str:
        return "folds"


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    """A swap: the card taken is the swapper's secret until the end."""

    card: int | None
    kind: ClassVar[str] = "swapped"

    def text(self) -> str:
        took = "" if self.card is None else f" and takes a {self.card}"
        return f"swaps their card{took}"

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else Swapped(self.seat, None)


@dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    chips: int
    kind: ClassVar[str] = "bet"

    def text(self) -> str:
        return f"bets {self.chips} chip{'s' if self.chips != 1 else ''}"


class Toy(Game):
    """High Card for 2-3 players."""

    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "High Card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    default_players: ClassVar[int] = 2
    extra_options: ClassVar[tuple[Option, ...]] = (
        Option("high_card", int, 6, "highest card of the deck", minimum=4, maximum=9),
        Option("rounds", int, 2, "betting rounds", minimum=1, maximum=3),
        Option("mode", str, "plain", "which card is best", choices=("plain", "wild")),
        Option("antes", bool, True, "every player antes 1 chip"),
    )
    summary: ClassVar[str] = "One secret card each; bet, fold or swap; high card wins."

    ACTIONS: ClassVar[tuple[Action, ...]] = (
        Fold(),
        Swap(),
        *(Bet(n) for n in range(1, MAX_BET + 1)),
    )

    def _new_game(self, seed: int) -> State:
        return ToyState(self, seed)

    def int_option(self, name: str) -> int:
        value = self.options[name]
        assert isinstance(value, int)  # checked by resolve_options
        return value

    @property
    def num_actions(self) -> int:
        return len(self.ACTIONS)

    def encode(self, action: Action) -> int:
        if isinstance(action, Bet) and 1 <= action.chips <= MAX_BET:
            return 1 + action.chips
        if isinstance(action, Swap):
            return 1
        if isinstance(action, Fold):
            return 0
        raise ActionSyntaxError(f"toy: {action!r} is not a High Card action")

    def _decode(self, index: int) -> Action:
        if not 0 <= index < len(self.ACTIONS):
            raise ActionSyntaxError(f"toy: action index {index} is out of range")
        return self.ACTIONS[index]

    def parse_action(self, text: str) -> Action:
        for action in self.ACTIONS:
            if str(action) == text:
                return action
        raise ActionSyntaxError(f"toy: cannot read {text!r}; write 'fold', 'swap' or 'bet 1-3'")

    @property
    def max_game_length(self) -> int:
        # every round, each player acts at most twice (swap, then bet or fold)
        return 2 * self.num_players * self.int_option("rounds")

    @property
    def observation_size(self) -> int:
        # own card, own discard, pot, round, then per seat: folded, bet, swapped
        return 4 + 3 * self.num_players

    def _restore(self, truth: JSON) -> State:
        state = self._new_game(0)  # then every part is set from the truth
        assert isinstance(state, ToyState)
        state.hands = list(truth["hands"])
        state.deck = list(truth["deck"])
        state.discards = list(truth["discards"])
        state.folded = list(truth["folded"])
        state.bets = list(truth["bets"])
        state.pot = truth["pot"]
        state.round = truth["round"]
        state.turn = truth["turn"]
        state.log = [(EVENTS[e[0]], *e[1:]) for e in truth["log"]]
        return state

    def observe(self, view: View) -> list[float]:
        assert is_toy_view(view)
        high = self.int_option("high_card")
        own = view["hand"]
        discard = view["discard"]
        vector = [
            (own or 0) / high,
            (discard or 0) / high,
            float(view["pot"]),
            float(view["round"]),
        ]
        for seat in range(self.num_players):
            vector.append(float(view["folded"][seat]))
            vector.append(float(view["bets"][seat]))
            vector.append(float(view["swapped"][seat]))
        return vector


class ToyState(State):
    """A position of High Card."""

    game: Toy

    def __init__(self, game: Toy, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        deck = list(range(1, game.int_option("high_card") + 1))
        self.shuffle(deck)
        self.hands: list[int] = [deck.pop() for _ in range(n)]
        self.deck: list[int] = deck
        self.discards: list[int | None] = [None] * n
        self.folded: list[bool] = [False] * n
        self.bets: list[int] = [0] * n
        self.pot: int = n if game.options["antes"] else 0
        self.round: int = 0
        self.turn: int | None = 0

    def shuffle(self, cards: list[int]) -> None:
        """Shuffle with the state's own RNG (variants override this to break determinism)."""
        self.rng.shuffle(cards)

    # --- whose turn ---------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if seat is None:
            return []
        actions: list[Action] = [Fold()]
        if self.discards[seat] is None and self.deck:
            actions.append(Swap())
        actions.extend(Bet(n) for n in range(1, MAX_BET + 1))
        return actions

    def why_illegal(self, action: Action) -> str:
        if isinstance(action, Swap):
            return "a player swaps only once per game, and only while the deck has cards"
        return super().why_illegal(action)

    def _apply(self, action: Action) -> None:
        seat = self.turn
        assert seat is not None  # apply() refuses actions at the end
        if isinstance(action, Fold):
            self.folded[seat] = True
            self.log.append((Folded, seat))
        elif isinstance(action, Swap):
            self.discards[seat] = self.hands[seat]
            self.hands[seat] = self.deck.pop()
            self.log.append((Swapped, seat, self.hands[seat]))
        elif isinstance(action, Bet):
            self.bets[seat] += action.chips
            self.pot += action.chips
            self.log.append((BetPlaced, seat, action.chips))
        self.advance(seat)

    def advance(self, seat: int) -> None:
        """Pass the turn to the next player still in; end the game when it is decided."""
        if self.folded.count(False) <= 1:
            self.turn = None
            return
        n = self.game.num_players
        while True:
            seat += 1
            if seat == n:
                seat = 0
                self.round += 1
                if self.round >= self.game.int_option("rounds"):
                    self.turn = None
                    return
            if not self.folded[seat]:
                self.turn = seat
                return

    # --- what a seat may know ------------------------------------------------------------
    @property
    def phase_name(self) -> str:
        return "over" if self.turn is None else "betting"

    def decision(self) -> Decision:
        """Fold or swap as choices, the bet as a range of chips."""
        legal = self.legal_actions()
        seat = self.turn
        assert seat is not None
        plain = [decide.option(a, str(a)) for a in legal if not isinstance(a, Bet)]
        bets = [a.chips for a in legal if isinstance(a, Bet)]
        return decide.decision(
            seat,
            "bet, fold or swap",
            [
                decide.choice("play", "Fold or swap", plain),
                decide.number_range("bet", "Bet", min(bets), max(bets), unit="chips"),
            ],
        )

    def view(self, seat: int | None) -> ToyView:
        over = self.turn is None
        return {
            **self.envelope(seat),
            "round": self.round,
            "pot": self.pot,
            "bets": list(self.bets),
            "folded": list(self.folded),
            "swapped": [d is not None for d in self.discards],
            "deck_size": len(self.deck),
            "hand": self.hands[seat] if seat is not None else None,
            "discard": self.discards[seat] if seat is not None else None,
            "hands": list(self.hands) if over else None,
            "discards": list(self.discards) if over else None,
            "scores": self.scores() if over else None,
        }

    def unknown_cards(self, seat: int) -> list[int]:
        """The cards `seat` cannot see: other hands, other discards and the deck."""
        n = self.game.num_players
        cards = [self.hands[p] for p in range(n) if p != seat]
        cards += [d for p, d in enumerate(self.discards) if p != seat and d is not None]
        return sorted(cards + self.deck)

    def determinize(self, seat: int, rng: random.Random) -> State:
        other = self.clone()
        assert isinstance(other, ToyState)
        other._reseed(rng)
        if self.turn is None:
            return other  # everything is revealed at the end
        cards = self.unknown_cards(seat)
        rng.shuffle(cards)
        for p in range(self.game.num_players):
            if p != seat:
                other.hands[p] = cards.pop()
                if other.discards[p] is not None:
                    other.discards[p] = cards.pop()
        other.deck = cards
        return other

    def _truth(self) -> JSON:
        return {
            "log": [[e[0].kind, *e[1:]] for e in self.log],
            "hands": self.hands,
            "deck": self.deck,
            "discards": self.discards,
            "folded": self.folded,
            "bets": self.bets,
            "pot": self.pot,
            "round": self.round,
            "turn": self.turn,
        }

    def clone(self) -> State:
        other = type(self).__new__(type(self))
        self._clone_base(other)
        other.hands = self.hands.copy()
        other.deck = self.deck.copy()
        other.discards = self.discards.copy()
        other.folded = self.folded.copy()
        other.bets = self.bets.copy()
        other.pot = self.pot
        other.round = self.round
        other.turn = self.turn
        return other

    def best(self) -> int | None:
        """The seat with the best card still in, once the game is over."""
        if self.turn is not None:
            return None
        wild = self.game.options["mode"] == "wild"
        live = [p for p in range(self.game.num_players) if not self.folded[p]]
        return max(live, key=lambda p: (wild and self.hands[p] == 1, self.hands[p]))

    def scores(self) -> list[float]:
        ante = 1 if self.game.options["antes"] else 0
        paid = [-(bet + ante) for bet in self.bets]
        winner = self.best()
        if winner is not None:
            paid[winner] += self.pot
        return [float(x) for x in paid]


EVENTS: dict[str, type[Event]] = {}  # filled below, with the faulty variants' events too


class ToyView(View):
    round: int
    pot: int
    bets: list[int]
    folded: list[bool]
    swapped: list[bool]
    deck_size: int
    hand: int | None
    discard: int | None
    hands: list[int] | None
    discards: list[int | None] | None
    scores: list[float] | None


def is_toy_view(view: View) -> TypeGuard[ToyView]:
    return view["game"].startswith("toy")


# --- faulty variants: each breaks one rule of the contract ----------------------------------


class LeakyState(ToyState):
    """Shows each seat the hand of the next seat: the no-leak rule must catch it."""

    def view(self, seat: int | None) -> ToyView:
        view = super().view(seat)
        if seat is not None:
            view["neighbour"] = self.hands[(seat + 1) % self.game.num_players]
        return view


class LeakyToy(Toy):
    name: ClassVar[str] = "toy-leaky"

    def _new_game(self, seed: int) -> State:
        return LeakyState(self, seed)


class MutatingState(ToyState):
    """Takes a chip for the pot before it checks the action: illegal actions change the state."""

    def apply(self, action: Action) -> None:
        self.pot += 1
        super().apply(action)
        self.pot -= 1


class MutatingToy(Toy):
    name: ClassVar[str] = "toy-mutating"

    def _new_game(self, seed: int) -> State:
        return MutatingState(self, seed)


_SHUFFLES = [0]  # process-wide, not the state's RNG: that is the fault


class UnseededState(ToyState):
    """Shuffles by a process-wide counter, not the state's own RNG: the same seed gives other games.

    Each shuffle turns the deck one more place than the last one did, so two games of one
    seed dealt one after the other always differ (a real unseeded RNG would coincide now and
    then on a six-card deck, and the check that catches it would depend on luck).
    """

    def shuffle(self, cards: list[int]) -> None:
        _SHUFFLES[0] += 1
        k = _SHUFFLES[0] % len(cards)
        cards[:] = cards[k:] + cards[:k]


class UnseededToy(Toy):
    name: ClassVar[str] = "toy-unseeded"

    def _new_game(self, seed: int) -> State:
        return UnseededState(self, seed)


class ShallowCloneState(ToyState):
    """A clone that shares the bets list with its original."""

    def clone(self) -> State:
        other = super().clone()
        assert isinstance(other, ToyState)
        other.bets = self.bets
        return other


class ShallowCloneToy(Toy):
    name: ClassVar[str] = "toy-shallow-clone"

    def _new_game(self, seed: int) -> State:
        return ShallowCloneState(self, seed)


_CALLS = [0]


class ShuffledLegalState(ToyState):
    """Legal actions in an order that changes from call to call."""

    def legal_actions(self) -> list[Action]:
        actions = super().legal_actions()
        _CALLS[0] += 1
        if actions:
            k = _CALLS[0] % len(actions)
            actions = actions[k:] + actions[:k]
        return actions


class ShuffledLegalToy(Toy):
    name: ClassVar[str] = "toy-shuffled-legal"

    def _new_game(self, seed: int) -> State:
        return ShuffledLegalState(self, seed)


class BadTextToy(Toy):
    """`bet 3` reads back as `bet 2`."""

    name: ClassVar[str] = "toy-bad-text"

    def parse_action(self, text: str) -> Action:
        return Bet(2) if text == "bet 3" else super().parse_action(text)


class BadCodeToy(Toy):
    """`bet 3` and `bet 2` share an integer."""

    name: ClassVar[str] = "toy-bad-code"

    def encode(self, action: Action) -> int:
        return 3 if action == Bet(3) else super().encode(action)


class TupleViewState(ToyState):
    """A view holding a tuple: not what comes back from JSON."""

    def view(self, seat: int | None) -> ToyView:
        view = super().view(seat)
        view["bets"] = tuple(self.bets)
        return view


class TupleViewToy(Toy):
    name: ClassVar[str] = "toy-tuple-view"

    def _new_game(self, seed: int) -> State:
        return TupleViewState(self, seed)


class EndlessState(ToyState):
    """Never ends: the round counter is never checked."""

    def advance(self, seat: int) -> None:
        n = self.game.num_players
        for step in range(1, n + 1):
            if not self.folded[(seat + step) % n]:
                self.turn = (seat + step) % n
                return

    def legal_actions(self) -> list[Action]:
        return [a for a in super().legal_actions() if not isinstance(a, Fold)]


class EndlessToy(Toy):
    name: ClassVar[str] = "toy-endless"

    def _new_game(self, seed: int) -> State:
        return EndlessState(self, seed)


class PeekingDeterminizeState(ToyState):
    """determinize shuffles the original's deck in place."""

    def determinize(self, seat: int, rng: random.Random) -> State:
        rng.shuffle(self.deck)
        return super().determinize(seat, rng)


class PeekingDeterminizeToy(Toy):
    name: ClassVar[str] = "toy-determinize-mutates"

    def _new_game(self, seed: int) -> State:
        return PeekingDeterminizeState(self, seed)


class BadObserveToy(Toy):
    """observe returns one number too few."""

    name: ClassVar[str] = "toy-bad-observe"

    def observe(self, view: View) -> list[float]:
        return super().observe(view)[:-1]


class SilentIllegalState(ToyState):
    """Ignores a second swap instead of refusing it."""

    def apply(self, action: Action) -> None:
        if isinstance(action, Swap) and action not in self.legal_actions():
            return
        super().apply(action)


class SilentIllegalToy(Toy):
    name: ClassVar[str] = "toy-silent-illegal"

    def _new_game(self, seed: int) -> State:
        return SilentIllegalState(self, seed)


class RaisingViewState(ToyState):
    """Crashes on the spectator's view at the end (a KeyError, not a check failure)."""

    def view(self, seat: int | None) -> ToyView:
        if seat is None and self.turn is None:
            raise KeyError("hands")
        return super().view(seat)


class RaisingViewToy(Toy):
    name: ClassVar[str] = "toy-raising-view"

    def _new_game(self, seed: int) -> State:
        return RaisingViewState(self, seed)


class HashOrderState(ToyState):
    """Legal actions in the order of their texts' hashes: stable in one process, not across."""

    def legal_actions(self) -> list[Action]:
        return sorted(super().legal_actions(), key=lambda a: hash(str(a)))


class HashOrderToy(Toy):
    name: ClassVar[str] = "toy-hash-order"

    def _new_game(self, seed: int) -> State:
        return HashOrderState(self, seed)


class FixedDeckState(ToyState):
    """Shuffles with a fixed RNG: every seed deals the same cards."""

    def shuffle(self, cards: list[int]) -> None:
        random.Random(0).shuffle(cards)


class FixedDeckToy(Toy):
    name: ClassVar[str] = "toy-fixed-deck"

    def _new_game(self, seed: int) -> State:
        return FixedDeckState(self, seed)


class ThinSnapshotState(ToyState):
    """A digest without the bets, the pot and the log: it cannot see a changed bet."""

    def digest(self) -> str:
        thin = self._truth()
        del thin["bets"], thin["pot"], thin["log"]
        body = json.dumps(thin, sort_keys=True) + repr(self.rng.getstate())
        return hashlib.sha256(body.encode()).hexdigest()


class ThinSnapshotToy(Toy):
    name: ClassVar[str] = "toy-thin-snapshot"

    def _new_game(self, seed: int) -> State:
        return ThinSnapshotState(self, seed)


class NarrowDecisionState(ToyState):
    """A decision that offers no bet of 3 chips, which is legal."""

    def decision(self) -> Decision:
        found = super().decision()
        for group in found["groups"]:
            if group["kind"] == "range":
                group["maximum"] = 2
        return found


class NarrowDecisionToy(Toy):
    name: ClassVar[str] = "toy-narrow-decision"

    def _new_game(self, seed: int) -> State:
        return NarrowDecisionState(self, seed)


@dataclass(frozen=True, slots=True)
class FoldedLoudly(Folded):
    kind: ClassVar[str] = "folded-loudly"

    def text(self) -> str:
        return f"folds (folded={True})"


class ReprEventState(ToyState):
    """A fold told as a Python value."""

    def _apply(self, action: Action) -> None:
        super()._apply(action)
        if isinstance(action, Fold):
            self.log[-1] = (FoldedLoudly, *self.log[-1][1:])


class ReprEventToy(Toy):
    name: ClassVar[str] = "toy-repr-event"

    def _new_game(self, seed: int) -> State:
        return ReprEventState(self, seed)


class ForgetfulRestoreToy(Toy):
    """Restores every state in the first round."""

    name: ClassVar[str] = "toy-forgetful-restore"

    def _restore(self, truth: JSON) -> State:
        state = super()._restore(truth)
        assert isinstance(state, ToyState)
        state.round = 0
        return state


class ForeignLogState(ToyState):
    """A view whose log shows every swap's card to everyone."""

    def view(self, seat: int | None) -> ToyView:
        view = super().view(seat)
        view["log"] = [event.to_json() for event in self.events()]
        return view


class ForeignLogToy(Toy):
    name: ClassVar[str] = "toy-foreign-log"

    def _new_game(self, seed: int) -> State:
        return ForeignLogState(self, seed)


EVENTS.update({cls.kind: cls for cls in (Folded, Swapped, BetPlaced, FoldedLoudly)})

FAULTY: dict[str, type[Toy]] = {
    cls.name: cls
    for cls in (
        LeakyToy,
        MutatingToy,
        UnseededToy,
        ShallowCloneToy,
        ShuffledLegalToy,
        BadTextToy,
        BadCodeToy,
        TupleViewToy,
        EndlessToy,
        PeekingDeterminizeToy,
        BadObserveToy,
        SilentIllegalToy,
        RaisingViewToy,
        HashOrderToy,
        FixedDeckToy,
        ThinSnapshotToy,
        NarrowDecisionToy,
        ReprEventToy,
        ForgetfulRestoreToy,
        ForeignLogToy,
    )
}
