"""Pay Day's actions, their text notation and their fixed integer encoding.

Seed 002 (cited by its headings). Cards are named by their id in the data files.

- `roll` / `roll both` (`Word`): "On your turn": the numbered die alone, or both dice for $100.
- `play collect-bank-2` (`Play`): play an Event card: at the start of one's own turn, an extra
  move after the roll, a card that brings money before a loan (on any player's turn).
- `reroll` / `keep roll` (`Word`): the PAY DAY die's Reroll face.
- `move first` / `die first` (`Word`): the PAY DAY die's Buyer or Bargain face: which comes first.
- `move 7` (`Move`): move 7 spaces, when +3 or an extra-move event lets the player choose.
- `keep 1` / `keep 2` (`Keep`): of two Bargains drawn at once, the one to buy (the other goes
  to the bottom of the pile).
- `buy toaster` (`Buy`): buy a plain Bargain at its cost, or a Mail insurance or markup.
- `auction toaster` (`PutUp`): put a plain Bargain up for auction instead of buying it.
- `discard markup-3` (`Discard`): decline a Mail insurance or markup.
- `bid 650` (`Bid`) / `announce` / `pass` (`Word`): auctions.
- `sell toaster` / `sell toaster with markup-3` (`Sell`): a Buyer.
- `hit with market-hit-4` (`Hit`) / `no hit` (`Word`): Market Hit against another's sale.
- `not today` / `allow` (`Word`): answer an Event card (or the Market Hits on one's sale).
- `not today on market-hit-4` (`Cancel`): cancel one Market Hit on another player's sale.
- `pick 4` (`Pick`) / `stay out` / `double down` / `drop out` (`Word`): the Lottery.
- `repay 1000` / `repay all` / `keep loan` (`Word`): after the interest at PAY DAY.
- `take loan` (`Word`): owing more than one's cash, play no Event card: borrow what is short.
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import Action, ActionSpace

from .components import Components

MAX_MOVE = 6 + 3 + 3  # the die, +3, and the longest extra-move event (components.py)
NUMBERS = range(1, 7)  # the numbered die's faces (the Lottery's numbers)


@dataclass(frozen=True, slots=True)
class Word(Action):
    """A decision with no argument, written as its words (`WORDS`)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play the Event card `card` (its windows: `events.py`)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move `steps` spaces (a choice only with +3 or an extra-move event)."""

    steps: int

    def __str__(self) -> str:
        return f"move {self.steps}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Of the two Bargains drawn at once, buy or auction number `which` (1 or 2)."""

    which: int

    def __str__(self) -> str:
        return f"keep {self.which}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy the plain Bargain, insurance or markup `card` at its cost."""

    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True, slots=True)
class PutUp(Action):
    """Put the plain Bargain `card` up for auction (its cost is the minimum bid)."""

    card: str

    def __str__(self) -> str:
        return f"auction {self.card}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Decline the Mail insurance or markup `card` (it goes to the Mail discard pile)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid `amount` dollars in an auction."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """Sell the Bargain `card` at a Buyer, with the Markup `markup` if one is named."""

    card: str
    markup: str = ""

    def __str__(self) -> str:
        return f"sell {self.card}" + (f" with {self.markup}" if self.markup else "")


@dataclass(frozen=True, slots=True)
class Hit(Action):
    """Play the Market Hit `card` against the sale being made."""

    card: str

    def __str__(self) -> str:
        return f"hit with {self.card}"


@dataclass(frozen=True, slots=True)
class Cancel(Action):
    """Play a Not Today! against the Market Hit `card` on another player's sale."""

    card: str

    def __str__(self) -> str:
        return f"not today on {self.card}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Invest in the Lottery on `number`."""

    number: int

    def __str__(self) -> str:
        return f"pick {self.number}"


ROLL = Word("roll")
ROLL_BOTH = Word("roll both")
REROLL = Word("reroll")
KEEP_ROLL = Word("keep roll")
MOVE_FIRST = Word("move first")
DIE_FIRST = Word("die first")
ANNOUNCE = Word("announce")
PASS = Word("pass")
NO_HIT = Word("no hit")
NOT_TODAY = Word("not today")
ALLOW = Word("allow")
STAY_OUT = Word("stay out")
DOUBLE_DOWN = Word("double down")
DROP_OUT = Word("drop out")
REPAY_STEP = Word("repay 1000")
REPAY_ALL = Word("repay all")
KEEP_LOAN = Word("keep loan")
TAKE_LOAN = Word("take loan")
WORDS = (ROLL, ROLL_BOTH, REROLL, KEEP_ROLL, MOVE_FIRST, DIE_FIRST, ANNOUNCE, PASS, NO_HIT,
         NOT_TODAY, ALLOW, STAY_OUT, DOUBLE_DOWN, DROP_OUT, REPAY_STEP, REPAY_ALL, KEEP_LOAN,
         TAKE_LOAN)

HINT = ("write 'roll', 'roll both', 'play <event>', 'reroll', 'keep roll', 'move first', "
        "'die first', 'move <n>', 'keep <1|2>', 'buy <card>', 'auction <card>', "
        "'discard <card>', 'bid <dollars>', 'announce', 'pass', 'sell <bargain> [with "
        "<markup>]', 'hit with <market hit>', 'no hit', 'not today', 'not today on <market "
        "hit>', 'allow', 'pick <1-6>', 'stay out', 'double down', 'drop out', 'repay 1000', "
        "'repay all', 'keep loan' or 'take loan'")


class PayDayActions(ActionSpace):
    """Every action the box allows, numbered once, and looked up by their parts."""

    def __init__(self, components: Components) -> None:
        rules = components.rules  # loan_step is $1,000: `repay 1000` (components.RULE_RANGES)
        plain = [b.id for b in components.bargains if b.kind == "plain"]
        offered = [*(i.id for i in components.insurance), *(m.id for m in components.markups)]
        playable = [e.id for e in components.events]  # answers too: refused with the reason
        hits = [e.id for e in components.events if e.effect == "market_hit"]
        markups = ["", *(m.id for m in components.markups)]
        step = rules.bid_step
        self.bid_amounts = range(step, rules.max_bid + 1, step)
        actions: list[Action] = [*WORDS]
        actions += [Play(card) for card in playable]
        actions += [Move(steps) for steps in range(1, MAX_MOVE + 1)]
        actions += [Keep(1), Keep(2)]
        actions += [Buy(card) for card in (*plain, *offered)]
        actions += [PutUp(card) for card in plain]
        actions += [Discard(card) for card in offered]
        actions += [Bid(amount) for amount in self.bid_amounts]
        actions += [Sell(b.id, m) for b in components.bargains for m in markups]
        actions += [Hit(card) for card in hits]
        actions += [Cancel(card) for card in hits]
        actions += [Pick(n) for n in NUMBERS]
        super().__init__("payday", "Pay Day", actions, HINT)
        self.play = {a.card: a for a in actions if isinstance(a, Play)}
        self.move = {a.steps: a for a in actions if isinstance(a, Move)}
        self.buy = {a.card: a for a in actions if isinstance(a, Buy)}
        self.put_up = {a.card: a for a in actions if isinstance(a, PutUp)}
        self.discard = {a.card: a for a in actions if isinstance(a, Discard)}
        self.bids: tuple[Action, ...] = tuple(a for a in actions if isinstance(a, Bid))
        self.bid_ids = tuple(self.index[a] for a in self.bids)
        self.sell = {(a.card, a.markup): a for a in actions if isinstance(a, Sell)}
        self.hit = {a.card: a for a in actions if isinstance(a, Hit)}
        self.cancel = {a.card: a for a in actions if isinstance(a, Cancel)}
        self.pick = {a.number: a for a in actions if isinstance(a, Pick)}

    def bids_from(self, amount: int) -> tuple[Action, ...]:
        """Every bid of at least `amount` dollars (none if it is over the highest)."""
        return self.bids[self._first_bid(amount):]

    def bid_ids_from(self, amount: int) -> tuple[int, ...]:
        """The integers of `bids_from(amount)`, in order."""
        return self.bid_ids[self._first_bid(amount):]

    def _first_bid(self, amount: int) -> int:
        step = self.bid_amounts.step
        return max(0, -(-amount // step) - 1)
