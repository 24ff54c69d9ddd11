"""What each mission and chance card asks or does, in words made from its data."""

from __future__ import annotations

from .components import KINDS, ChanceCard, Components, Mission


def _names(types: tuple[str, ...]) -> str:
    return ", ".join(types)


def describe_mission(mission: Mission) -> str:
    """The mission's condition and bonus in a sentence."""
    n = mission.count
    each = f"{n} {mission.types[0]} tiles" if len(mission.types) == 1 else (
        f"{n} of each of: {_names(mission.types)}"
    )
    condition = {
        "at_least": f"at least {each}",
        "at_most": f"at most {n} tiles of: {_names(mission.types)}",
        "closing_shop": f"make {n} dig sites abandoned (collect a site's second-to-last tile)",
        "trinities": f"at least {n} Trinity Prizes",
        "sets": f"at least {n} treasure types scoring a set",
        "tokens": f"money tokens worth at least {n}",
        "chance_cards": f"at least {n} chance cards drawn",
        "bundles": f"at least {n} bundles",
    }[mission.condition]
    return f"Mission, {mission.bonus} won: {condition}."


def describe_card(card: ChanceCard) -> str:
    """The card's colour and effect in a sentence."""
    kind = KINDS[card.kind] if card.kind is not None else ""
    effect = {
        "money": f"take {card.value} won now" if card.value >= 0 else f"pay {-card.value} won now",
        "token": f"put a {card.value:+d} won token on a tile without one; its digger takes it",
        "counts_as": f"counts as a {kind} tile",
        "compass": "on a later turn, choose your pickaxe's move (1-6) instead of rolling",
        "per_kind": f"at the end, {card.value} won per {kind} tile",
        "per_trinity": f"at the end, {card.value} won per Trinity Prize",
        "flat": f"at the end, {card.value} won",
    }[card.effect]
    colour = "orange (keep)" if card.orange else "grey (now)"
    return f"Chance card, {colour}, x{card.count}: {effect}."


def glossary(components: Components) -> dict[str, str]:
    """Every mission's and chance card's id with its description."""
    entries = {m.id: describe_mission(m) for m in components.missions}
    entries.update((c.id, describe_card(c)) for c in components.chance)
    return entries
