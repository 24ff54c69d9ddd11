"""Choices a card asks of its holder (issue 4: "choices a card asks of its holder are decisions
of that seat"): which claim Bum Claim hits, which equipment Rick Axelgrease oils, what a
Bulldozer trades ...

A card that needs a decision calls `ask`: the game enters `Phase.CHOOSE` with a `Choice`
(who, which card, which question, the allowed answers, the answers so far) and the seat answers
with `choose <option>`. The card's handler (registered with `@handler(card id)`) then carries
out the answer; it may `ask` again (a card with several questions), and when it asks nothing
more the round goes on where it stopped (`Choice.resume`, dispatched by
`PayDirtModel.choice_done`).

Options are short words from a fixed vocabulary (`vocabulary`), so the action space stays fixed:
`yes`, `no`, `pay`, `seat <n>`, `specialist <id>`, `claim <id>`, `ore <claim id> <i>`
(the i-th ore tile, 1-based, on that claim, in the order a view shows), `space <machine> <k>`
(the ore on space k, 1-based, of one of the chooser's machines), `machine <type>`,
`tile <auction tile id>`, `upgrade <id>`. Every choice is public: what is asked, what is
allowed and what is answered (the answers are taken from public facts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from motherlode.engine import Action

from .box import PayDirtBox
from .components import EQUIPMENT_TYPES, MAX_CLAIM_ORE, MAX_STAGES, Components
from .log import Asked, Chose, answer_label
from .phase import Phase
from .records import Choice

if TYPE_CHECKING:
    from .model import PayDirtModel


# Where the round goes on once a card's questions are answered (PayDirtModel.choice_done).
RESUME_EVENTS = "events"  # the Events phase: resolution, the draft, the temperature
RESUME_WORK = "work"  # the seat's carrying out in the Work phase
RESUME_AFTER_AUCTION = "after_auction"  # the Auction phase is over: on to Work
RESUME_AFTER_WORK = "after_work"  # the Work phase is over: on to Events
RESUMES = (RESUME_EVENTS, RESUME_WORK, RESUME_AFTER_AUCTION, RESUME_AFTER_WORK)


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer the question a card asks (one of `Choice.options`)."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


Handler = Callable[["PayDirtModel", Choice, str], None]
HANDLERS: dict[str, Handler] = {}


def handler(card: str) -> Callable[[Handler], Handler]:
    """Register the function that carries out the answers to `card`'s questions."""

    def register(function: Handler) -> Handler:
        HANDLERS[card] = function
        return function

    return register


def vocabulary(parts: Components) -> list[str]:
    """Every option any card may offer (the fixed part of the action space)."""
    claims = [c.id for c in (*parts.starting_claims, *parts.claims)]
    tiles = [e.id for e in parts.equipment] + [s.id for s in parts.specialists]
    tiles += [c.id for c in parts.claims]
    return [
        "yes",
        "no",
        "pay",
        *(f"seat {n}" for n in range(PayDirtBox.max_players)),
        *(f"specialist {s.id}" for s in parts.specialists),
        *(f"claim {c}" for c in claims),
        *(f"ore {c} {i}" for c in claims for i in range(1, MAX_CLAIM_ORE + 1)),
        *(f"space {m} {k}" for m in EQUIPMENT_TYPES for k in range(1, MAX_STAGES + 1)),
        *(f"machine {m}" for m in EQUIPMENT_TYPES),
        *(f"tile {t}" for t in tiles),
        *(f"upgrade {u.id}" for u in parts.upgrades),
    ]


def actions(parts: Components) -> list[Action]:
    return [Choose(option) for option in vocabulary(parts)]


def ask(
    state: PayDirtModel,
    seat: int,
    card: str,
    step: str,
    options: list[str],
    resume: str,
    memo: list[str] | None = None,
) -> bool:
    """Ask `seat` the card's question; False (nothing asked) when there is no option."""
    if not options:
        return False
    state.choice = Choice(seat, card, step, options, resume, int(state.phase), memo or [])
    state.phase = Phase.CHOOSE
    state.seat = seat
    names = state.game.names
    ore = ore_types(state, seat, options)
    state.log.append((Asked, seat, card, names[card], step, tuple(options),
                      tuple(answer_label(o, names, ore) for o in options)))
    return True


def ore_types(state: PayDirtModel, seat: int, options: list[str]) -> dict[str, str]:
    """The type of the ore each `ore <claim> <i>` or `space <machine> <k>` option names (of
    `seat`'s machines), as its back shows it: public, the value stays hidden."""
    tiles = state.game.components.ore
    claims = {held.claim: held.ore for board in state.boards for held in board.claims}
    machines = state.boards[seat].machines
    found: dict[str, str] = {}
    for option in options:
        head, *words = option.split()
        tile = -1
        if head == "ore" and len(words) == 2 and words[0] in claims:
            ore = claims[words[0]]
            i = int(words[1]) - 1
            tile = ore[i] if 0 <= i < len(ore) else -1
        elif head == "space" and len(words) == 2 and words[0] in EQUIPMENT_TYPES:
            spaces = machines[EQUIPMENT_TYPES.index(words[0])].spaces
            k = int(words[1]) - 1
            tile = spaces[k] if 0 <= k < len(spaces) else -1
        if tile >= 0:
            found[option] = tiles[tile].type
    return found


def legal(state: PayDirtModel) -> list[Action]:
    choice = state.choice
    if choice is None:
        return []
    return [Choose(option) for option in choice.options]


def apply(state: PayDirtModel, action: Action) -> None:
    """Carry out the answer; when the card asks nothing more, the round goes on."""
    choice = state.choice
    if choice is None or not isinstance(action, Choose):
        return
    state.choice = None
    state.phase = Phase(choice.phase)
    names = state.game.names
    ore = ore_types(state, choice.seat, [action.option])
    state.log.append((Chose, choice.seat, choice.card, names[choice.card], choice.step,
                      action.option, answer_label(action.option, names, ore)))
    HANDLERS[choice.card](state, choice, action.option)
    if state.choice is None:
        state.choice_done(choice)
