"""The shape of a Pay Dirt view (`view.view`), typed for bots, renderers and other faces.

`PayDirtView` is the engine's envelope (`View`: game, players, seat, current_player, phase,
log, decision) with the game's body. `is_paydirt_view` narrows a `View` to it once. Ore tiles
show their type only (poor, medium, rich), never their value, except the ones turned face up
(`face_up`); ids are the data's (`claim-4`, `betsy-pretty`). The names and card texts a face
shows come with the view too: the log's events carry names, the decision each option's text,
both from the data the game was loaded with.
"""

from __future__ import annotations

from typing import TypeAlias, TypedDict, TypeGuard

from motherlode.engine import View
from motherlode.engine.scoresheet import ScoreSheet


class Displays(TypedDict):
    """The face-up tiles: the three auction displays and the upgrade row."""

    equipment: list[str]
    specialist: list[str]
    claim: list[str]
    upgrade: list[str]


class Stacks(TypedDict):
    """Sizes of the face-down stacks; the top upgrade's kind (its back shows it, D41); the
    event card put back face up (Remy Roulette); the resolved event cards; ore per type."""

    equipment: int
    specialist: int
    claim: int
    upgrade: int
    upgrade_top: str | None
    events: int
    event_top: str | None
    event_discard: list[str]
    ore: list[int]  # per ORE_TYPES: poor, medium, rich
    ore_discards: list[int]


class AuctionView(TypedDict):
    """The Auction in progress: the tile (None while a picker chooses), its type, the high bid
    in dollars and its bidder, who passed and declined, the type blocked, tiles sold."""

    item: str | None
    kind: str | None
    high: int
    bidder: int | None
    passed: list[bool] | None
    declined: list[bool]
    blocked: str | None
    sold: int


class ClaimView(TypedDict):
    """A claim on a board: its ore by type, the next to be taken first on a layered claim."""

    claim: str
    layered: bool
    ore: list[str]


class MachineView(TypedDict):
    """A machine: its tile (None: the board's own), wear, what is printed on the tile (stages,
    service life, FlimCo) and the type of the ore on each space (None: empty)."""

    equipment: str | None
    wear: int
    stages: int
    service_life: int
    flimco: bool
    spaces: list[str | None]


class BoardView(TypedDict):
    """A play area: money in dollars, gold in nuggets, workers, this round's crew, claims,
    machines (excavator, loader, wash plant), specialists, upgrades by kind with their wear,
    long-term events held, and the marks cards leave."""

    cash: int
    gold: int
    workers: int
    crew: int
    claims: list[ClaimView]
    machines: list[MachineView]
    specialists: list[str]
    upgrades: dict[str, str]
    upgrade_wear: dict[str, int]
    events: list[str]
    won: bool
    vault: int
    sick: str | None
    borrowed: str | None
    waiting: list[str]
    flags: dict[str, int]


class WorkView(TypedDict):
    """The Work phase: placements per seat and slot (None: another seat's, until all are
    revealed), who is done, the workers still to act, who has ended, upgrades used."""

    slots: list[str]
    placed: list[list[int] | None]
    done: list[bool]
    revealed: bool
    left: list[list[int]]
    ended: list[bool]
    upgrades_used: list[list[bool]]
    crew: list[int]


class DraftView(TypedDict):
    """The Events draft: pick order, cards drawn, picks made, who holds the hand and how many
    cards; the picks resolved so far; the viewer's hand, the hand it was handed, its pick."""

    order: list[int]
    cards: int
    picks: int
    holder: int | None
    hand_size: int
    revealed: list[str]
    hand: list[str] | None
    handed: list[str] | None
    pick: str | None


class ChoiceView(TypedDict):
    """A card's question (public): who answers, the card, which question, the answers
    allowed, the answers to its earlier questions."""

    seat: int
    card: str
    step: str
    options: list[str]
    memo: list[str]


class ClaimOreUp(TypedDict):
    """An ore tile on a claim turned face up (Test Drill): whose, which claim, its 1-based
    index there, its value."""

    seat: int
    claim: str
    index: int
    value: int


class MachineOreUp(TypedDict):
    """A face-up ore tile that has moved onto a machine: whose, which machine, its space."""

    seat: int
    machine: str
    space: int
    value: int


FaceUpOre: TypeAlias = ClaimOreUp | MachineOreUp


class PayDirtView(View):
    """Everything a seat may know of a Pay Dirt position."""

    round: int
    temperature: int
    start_temperature: int  # the temperature the game starts at (the thermometer's top, °C)
    first_player: int
    last_round: bool
    displays: Displays
    stacks: Stacks
    auction: AuctionView | None
    pending: list[str] | None  # the winner's decision: ["claim", id] or ["equipment", id]
    boards: list[BoardView]
    work: WorkView | None
    draft: DraftView | None
    choice: ChoiceView | None
    face_up: list[FaceUpOre]
    names: dict[str, str]  # every tile and card id with its printed name (`Betsy Pretty`)
    score_sheet: ScoreSheet | None  # at the end


def is_paydirt_view(view: View) -> TypeGuard[PayDirtView]:
    """Whether `view` is a Pay Dirt view (narrows it for mypy)."""
    return view["game"] == "paydirt"
