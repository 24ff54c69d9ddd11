"""What each thing a Dig It Up table shows means, in words made from the loaded data.

The glossary (`DigItUp.glossary`, printed by `motherlode rules digitup` and looked up by the
terminal's `info`) is keyed by the names the views and the drawing use: the tile kinds and
treasure types with their set bonus tables (seed 003, "Set bonuses"), the Trinity Prize,
bundles, the money calculation, the dig sites by key and by the letter the board prints, and
every mission and chance card by id.
"""

from __future__ import annotations

from collections.abc import Sequence

from .components import (
    BRONZEWARE,
    KIND_NAMES,
    KINDS,
    TYPE_KINDS,
    TYPES,
    Bonuses,
    ChanceCard,
    Components,
    Mission,
    SetTable,
    Site,
)

AND_MORE = 99  # a set table's `max` that means "and more" (data/scoring.toml)



def _listed(names: Sequence[str], word: str = "and") -> str:
    """`gold, crystal and ruby` (`word` "or": `gold or ruby`)."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {word} {names[-1]}"


def _some(n: int, noun: str) -> str:
    """`one stone tile`, `3 stone tiles`."""
    return f"one {noun}" if n == 1 else f"{n} {noun}s"


def describe_mission(mission: Mission) -> str:
    """The mission's condition and bonus in a sentence."""
    n = mission.count
    types = _listed(mission.types)
    if len(mission.types) == 1:
        each = f"at least {_some(n, f'{types} tile')}"
    elif n == 1:
        each = f"one tile of each of {types}"
    else:
        each = f"at least {n} tiles each of {types}"
    either = _listed(mission.types, "or")
    at_most = f"at most {_some(n, f'{either} tile')}" + ("" if len(mission.types) == 1 else
                                                         " in all")
    condition = {
        "at_least": each,
        "at_most": f"no {either} tiles" if n == 0 else at_most,
        "closing_shop": f"make {_some(n, 'dig site')} abandoned by collecting a site's "
                        "second-to-last tile",
        "trinities": f"at least {_some(n, 'Trinity Prize')}",
        "sets": f"sets of at least {_some(n, 'treasure type')}",
        "tokens": f"money tokens worth at least {n} won",
        "chance_cards": f"draw at least {_some(n, 'chance card')}",
        "bundles": f"at least {_some(n, 'bundle')} of 3 treasure tiles not in a set",
    }[mission.condition]
    return f"Mission ({mission.bonus} won if achieved at the end): {condition}."


def describe_card(card: ChanceCard) -> str:
    """The card's colour and effect in a sentence."""
    kind = KIND_NAMES[KINDS[card.kind]] if card.kind is not None else ""
    value = card.value
    effect = {
        "money": f"take {value} won now" if value >= 0 else f"pay {-value} won now",
        "token": f"put a money token of {value:+d} won on a tile without one; whoever digs that "
                 + ("tile takes it" if value >= 0 else f"tile pays {-value} won"),
        "counts_as": f"counts as a {kind} tile at the end (in a set or a bundle)",
        "compass": "on a later turn, choose your pickaxe's move (1-6) instead of rolling",
        "per_kind": f"at the end, {value} won per {kind} tile",
        "per_trinity": f"at the end, {value} won per Trinity Prize",
        "flat": f"at the end, {value} won",
    }[card.effect]
    colour = "orange: keep it" if card.orange else "grey: used at once"
    return f"Chance card ({colour}; {card.count} in the box): {effect}."


def describe_table(table: SetTable) -> str:
    """A set bonus table: `3: 3, 4: 8, ... 10+: 200 won`."""
    parts = []
    for low, high, won in table.sizes:
        size = f"{low}" if low == high else f"{low}+" if high >= AND_MORE else f"{low}-{high}"
        parts.append(f"{size}: {won}")
    return ", ".join(parts) + " won"


def _kind_entries(components: Components, sites: Sequence[Site], simplified: bool
                  ) -> dict[str, str]:
    """The tile kinds and treasure types: how many in this game, and what they score."""
    held = [t.kind for site in sites for t in site.tiles]
    bonuses = components.bonuses
    entries: dict[str, str] = {}
    for name in TYPES:
        count = sum(held.count(k) for k in TYPE_KINDS[name])
        entries[name] = _type_text(name, count, components.sets[name], bonuses, simplified)
        if name == "bronzeware":
            entries.update(_bronzeware_kinds(held, bonuses, simplified))
    return entries


def _type_text(name: str, count: int, table: SetTable, bonuses: Bonuses, simplified: bool
               ) -> str:
    here = f"{_some(count, 'tile')} in this game" if count else "none in this game"
    if name == "stone":
        if simplified:
            return f"Stone: not a treasure ({here}); in the simplified variation it scores nothing."
        return (f"Stone: not a treasure ({here}, one first in every dig site). Stones cost "
                f"money: {describe_table(table)}; fewer than {table.minimum} cost nothing; never "
                "bundled.")
    title = KIND_NAMES.get(name, name).capitalize()
    what = {
        "bronzeware": " of three kinds (incense burner, statue, knife) that score one set",
        "scroll": ", every one with a star",
    }.get(name, "")
    if simplified:
        score = (f"a set of {bonuses.simplified_set_size} or more scores "
                 f"{bonuses.simplified_set} won, fewer {bonuses.simplified_single} won a tile")
    else:
        score = (f"set bonus by tiles held: {describe_table(table)}; a set is never split; "
                 "tiles short of a set go to bundles")
    extra = ""
    if name == "bronzeware" and not simplified:
        extra = (f"; each trio of incense burner, statue and knife also wins the Trinity Prize, "
                 f"{bonuses.trinity} won")
    return f"{title}: a treasure{what} ({here}); {score}{extra}."


def _bronzeware_kinds(held: list[int], bonuses: Bonuses, simplified: bool) -> dict[str, str]:
    entries = {}
    trio = "" if simplified else (
        f"; one each of incense burner, statue and knife make a Trinity Prize "
        f"({bonuses.trinity} won)"
    )
    for k in BRONZEWARE:
        name = KIND_NAMES[KINDS[k]]
        held_here = _some(held.count(k), "tile")
        entries[KINDS[k]] = (f"{name.capitalize()}: bronzeware ({held_here} in this game), "
                             f"counted in the bronzeware set{trio}.")
    return entries


def _scoring_entries(components: Components, simplified: bool) -> dict[str, str]:
    bonuses = components.bonuses
    if simplified:
        return {
            "set": (f"Set (simplified variation): {bonuses.simplified_set_size} or more tiles "
                    f"of one colour score {bonuses.simplified_set} won; other tiles "
                    f"{bonuses.simplified_single} won each; \"+2\" tiles keep their value."),
            "money-calculation": ("Money at the end (simplified variation): money tokens, "
                                  "then the colours' sets and single tiles."),
        }
    size = bonuses.bundle_size
    return {
        "set": ("Set: enough tiles of one type score that type's set bonus once (see gold, "
                "bronzeware, scroll, crystal, ruby, diamond; stones cost); never split."),
        "trinity-prize": (f"Trinity Prize: {bonuses.trinity} won for each trio of one incense "
                          "burner, one statue and one knife, besides the bronzeware set."),
        "bundle": (f"Bundle: every {size} treasure tiles not in a set (chance cards that count "
                   f"as a tile too, stones never) are worth {bonuses.bundle} won; fewer than "
                   f"{size} left over count nothing."),
        "money-calculation": ("Money at the end, in this order: 1 mission bonus, 2 chance "
                              "cards, 3 money tokens, 4 set bonuses (Trinity Prize and stones "
                              "included), 5 bundles. The most money wins."),
    }


def _play_entries(end_after: int) -> dict[str, str]:
    return {
        "mission": ("Mission: each player keeps 1 of 3 mission cards dealt, secret until the "
                    "end; an achieved mission pays its bonus first in the money calculation "
                    "(the money table's mission column)."),
        "chance-card": ("Chance card: drawn for a star and shown to all; a grey one acts at "
                        "once, an orange one is kept (usable from your next turn)."),
        "star": "Star (★) on a tile: whoever collects it draws a chance card.",
        "money-token": ("Money token: won a player holds, counted at the end (from \"+2\" tiles, "
                        "chance cards and Strike Gold tokens; Hazardous Area takes money)."),
        "pickaxe": ("Pickaxe: each site has one, starting on its label; a dig moves it right "
                    "by the die over the tiles left (wrapping to the left) and collects the tile "
                    "it lands on. Everyone moves the same pickaxe."),
        "abandoned": ("Abandoned dig site: one with one tile left, at once; its last tile goes "
                      "face down on the label and nobody digs there again. The game ends after "
                      f"the turn in which the {end_after}th site is abandoned (the table counts "
                      f"them: abandoned 3/{end_after})."),
    }


def _site_entries(sites: Sequence[Site]) -> dict[str, str]:
    """Each site by key (`amazon`) and by the letter the board prints (`A`)."""
    entries = {}
    for n, site in enumerate(sites):
        board = "large board" if n < 6 else "small board"
        tiles = ", ".join(sorted((str(t).replace("*", "★") for t in site.tiles),
                                 key=lambda t: (t != "stone", t)))
        text = (f"{site.name}, dig site {site.letter} ({board}): 7 tiles laid at random, the "
                f"stone first: {tiles}.")
        entries[site.key] = text
        entries[site.letter] = text
    return entries


def glossary(components: Components, sites: Sequence[Site], simplified: bool, end_after: int
             ) -> dict[str, str]:
    """Every name the table shows, with its meaning: tiles and scoring, play, the game's sites,
    then every mission and chance card by id."""
    entries = _kind_entries(components, sites, simplified)
    entries.update(_scoring_entries(components, simplified))
    entries.update(_play_entries(end_after))
    entries.update(_site_entries(sites))
    entries.update((m.id, describe_mission(m)) for m in components.missions)
    entries.update((c.id, describe_card(c)) for c in components.chance)
    return entries
