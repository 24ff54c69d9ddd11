"""The bookkeeping of a phase in progress, kept in the position while the phase lasts:
the Auction (`PayDirtModel.auction`), a purchase decision (`pending`), the Work phase
(`work`), the Events draft (`draft`) and a card's question (`choice`).

Plain records, below the rule modules that fill them (auction.py, purchases.py, work.py,
events.py, choices.py) and the model that holds them (model.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import SLOTS
from .components import UPGRADE_KINDS


@dataclass(slots=True)
class Auction:
    """The Auction phase's bookkeeping.

    `item` is the tile on auction ("" while a picker chooses); `high` the high bid in dollars
    (0 before the opening bid) by `bidder`; `blocked` the type just sold (D8).
    """

    sold: int
    blocked: str
    declined: list[bool]
    item: str = ""
    kind: str = ""
    high: int = 0
    bidder: int = 0
    passed: list[bool] | None = None

    def copy(self) -> Auction:
        passed = None if self.passed is None else self.passed.copy()
        return Auction(self.sold, self.blocked, self.declined.copy(), self.item, self.kind,
                       self.high, self.bidder, passed)


# state.pending while the winner decides: ("claim", new claim id) or ("equipment", tile id)
Pending = tuple[str, str]


@dataclass(slots=True)
class Work:
    """The Work phase's bookkeeping (`state.work`).

    - `placed[seat][slot]`: workers the seat placed at each slot (index into `SLOTS`). SECRET:
      while `revealed` is False a view shows a seat only its own row (others: `done` only).
    - `done[seat]`: the seat has finished placing (public, D22).
    - `revealed`: every seat is done; all placements are public from then on.
    - `left[seat][slot]`: placed workers not yet used in carrying out (empty rows until
      revealed; public once revealed).
    - `ended[seat]`: the seat has finished carrying out (public).
    - `used[seat][k]`: the seat's upgrade of kind `UPGRADE_KINDS[k]` was used this round
      (public; once a round, WK-9).
    - `crew[seat]`: workers the seat may place this round (`crew` when Work
      begins: Chuck Shady, Flu Outbreak, Overslept ...; public).
    """

    placed: list[list[int]]
    done: list[bool]
    revealed: bool
    left: list[list[int]]
    ended: list[bool]
    used: list[list[bool]]
    crew: list[int]

    @classmethod
    def new(cls, players: int) -> Work:
        return cls(
            placed=[[0] * len(SLOTS) for _ in range(players)],
            done=[False] * players,
            revealed=False,
            left=[[] for _ in range(players)],
            ended=[False] * players,
            used=[[False] * len(UPGRADE_KINDS) for _ in range(players)],
            crew=[0] * players,
        )

    def copy(self) -> Work:
        return Work(
            [row.copy() for row in self.placed],
            self.done.copy(),
            self.revealed,
            [row.copy() for row in self.left],
            self.ended.copy(),
            [row.copy() for row in self.used],
            self.crew.copy(),
        )


@dataclass(slots=True)
class Draft:
    """The Events draft in progress (`state.draft`).

    - `order`: the seats in pick order (D27), one entry per seat; `order[0]` drew the cards.
    - `dealt`: the cards the first seat drew (data order), i.e. the hand of `order[0]`. Secret:
      seen only by the seats that were handed them (see `handed`).
    - `hand`: the cards the seat now deciding (`order[len(picks)]`, also `state.seat`) holds,
      in data order. Secret: only that seat sees it. Empty when the draft is over.
    - `picks`: `picks[i]` is the card kept by `order[i]`. Secret to its seat until resolved.
    - `revealed`: how many picks (a prefix of `picks`) are resolved and public (D28). With
      `after_draft` it stays 0 until every seat has picked; with `on_pick` it follows `picks`.
    - `swaps`: pick index -> the card Remy Roulette's swap put in its place (public; `picks`
      keeps the card kept in the draft, so `handed` stays true; `final` is what acted).

    The hand seat `order[i]` was handed is `handed(i)`: `dealt` minus the earlier picks; a seat
    knows every card of its own `handed` hand (the others' picks among them stay unknown until
    revealed).
    """

    order: list[int]
    dealt: list[str]
    hand: list[str]
    picks: list[str]
    revealed: int = 0
    swaps: dict[int, str] = field(default_factory=dict)

    def copy(self) -> Draft:
        return Draft(self.order.copy(), self.dealt.copy(), self.hand.copy(), self.picks.copy(),
                     self.revealed, self.swaps.copy())

    def final(self, index: int) -> str:
        """The card pick `index` finally is (after a Remy Roulette swap)."""
        return self.swaps.get(index, self.picks[index])

    @property
    def holder(self) -> int | None:
        """The seat holding the hand now, None once every card is kept."""
        if self.hand and len(self.picks) < len(self.order):
            return self.order[len(self.picks)]
        return None

    def handed(self, index: int) -> list[str]:
        """The cards `order[index]` was handed: the draw minus the picks before it."""
        earlier = self.picks[:index]
        return [card for card in self.dealt if card not in earlier]

    def pick_of(self, seat: int) -> str | None:
        """The card `seat` kept (after a Remy Roulette swap, the card it swapped for), None if
        it has not kept one (yet)."""
        index = self.order.index(seat)
        return self.final(index) if index < len(self.picks) else None


@dataclass(slots=True)
class Choice:
    """A card's question to `seat` (`state.choice`, public).

    - `card`: the id of the card asking (specialist, event or upgrade);
    - `step`: which of the card's questions this is (the card's own word);
    - `options`: the allowed answers, in a fixed order;
    - `memo`: answers to the card's earlier questions (a Bulldozer's first ore ...);
    - `resume`: where the round goes on when the card is done (RESUMES);
    - `phase`: the phase to return to.
    """

    seat: int
    card: str
    step: str
    options: list[str]
    resume: str
    phase: int
    memo: list[str] = field(default_factory=list)

    def copy(self) -> Choice:
        return Choice(self.seat, self.card, self.step, self.options.copy(), self.resume,
                      self.phase, self.memo.copy())
