"""A heuristic Saboteur Gold bot: it plays its dwarf's role from its seat's view only.

It never sees the state: only its view, the legal actions and the game's public card data
(`game.placed_card`, `game.path_card`, `game.actions`, `game.dwarf`). Everything it knows of the
maze it rebuilds from the view's `goals` and `log` (the cards laid, turned up and taken away).

The core is the **distance to the treasure**, `Scene.phi` (`saboteur_scene`): for each
face-down goal, the chance that it is the treasure (a goal it has mapped is 0 or 1, a turned-up
stone 0, the others share what is left) times a soft minimum, over the maze's open ends (empty
cells a reached path opens into), of the number of cards still needed from that end to the
goal: a shortest path over the bounded table that costs a card per empty cell and nothing along
the paths of cards already laid, so a branch a rockfall cut off is one card away (worked out
once per maze and shared by all bots in a process). The soft minimum (temperature `SOFT`) makes
a second open end near the goal worth a little, so blocking one of two equal ends counts. A
Digger reaches only through doors of its own colour (a green digger's ends stop at a blue
door), the Boss and the others through every door.

- **Builders** (green, blue and base diggers, the Boss, the Profiteer; the Geologist mildly)
  score a placement by how much it lowers `phi` (the ends it opens, the cut-off paths it
  reconnects, the goals it touches: touching the likely treasure is a bonus, touching it behind
  a door of the other colour a penalty), a rockfall by how much removing the card lowers it, a
  map by the goals still unknown (more early on). They repair themselves first, then players
  they believe are on their side, and break, trap or swap the hats of players they believe are
  Saboteurs.
- **Saboteurs** score placements and rockfalls by how much they raise `phi` (dead ends and
  turns away at the front of the main path, the key card nearest the goals), break and trap
  the players who have made the most progress this round (more as the path nears the goals),
  never complete a path to a goal that may hold the treasure, and early on may lay a harmless
  card rather than pass (pretending, `pretend`).
- **The Geologist** lays crystal cards wherever legal, where they block least.
- **Everyone**: plays Theft, Hands Off on others' thefts, Free at Last on itself; with nothing
  worth doing, passes by discarding the least useful card (and up to two more nearly useless
  ones), or pays two weak cards to fix its own tool (D) when it holds no repair; steals from
  the richest other seat; in the base edition takes the most valuable gold card.

**Beliefs** (per round, as dwarves are dealt again): a score per seat in log-odds of being a
Saboteur, from a prior (the Saboteurs among the dwarves) and the log: a placement that raises
`phi` as the bot saw it then is suspicious and one that lowers it trusted, a rockfall likewise;
breaking or trapping a trusted player is suspicious and a suspected one trusted (and the
reverse for repairs and Free at Last); Inspection is certain; Swap Your Hats forgets the
target. The bot replays the round's `place`, `goal` and rockfall events on its own copy of the
maze to judge each placement.

Ties between equally good actions go to the first in the game's legal order, so a bot is
deterministic; its seed is kept for a future randomised variant.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence

from motherlode.engine import Action, Game, View
from motherlode.rules.saboteur import (
    GOALS,
    PHASES,
    CardPlayed,
    Cell,
    Discard,
    Draw,
    Fix,
    GoalTurnedUp,
    PathLaid,
    Phase,
    Place,
    PlayAt,
    PlayedAt,
    PlayOn,
    RoundBegan,
    Saboteur,
    SaboteurView,
    Steal,
    TableauView,
    Take,
    from_json,
    inspected_dwarves,
    is_saboteur_view,
)

from .saboteur_scene import Layout, Scene

COMPLETE = 3.0  # bonus per unit chance of reaching the treasure now (a Builder)
WASTED = 5.0  # penalty per unit chance of a round ended for nothing (Builder) or lost (Saboteur)
PASS = 0.05  # the worth of passing: anything less good is not done
DISCARD_MORE = 0.2  # while passing, other cards worth less than this are discarded too
SUSPICIOUS = 0.4  # a change of `phi` (cards) that tells about the player who made it
READ = frozenset({RoundBegan.kind, PathLaid.kind, GoalTurnedUp.kind, PlayedAt.kind,
                  CardPlayed.kind})  # the kinds of event the bot weighs (`_read_log`)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _chance_of(scene: Scene, goals: Collection[Cell]) -> float:
    """The chance that one of `goals` hides the treasure, added in the goals' order."""
    return sum(scene.chance.get(g, 0.0) for g in sorted(goals)) if goals else 0.0


# ---- the bot ------------------------------------------------------------------------------

BUILDER_KEEP = {  # how much a Builder wants to keep an action card, by kind
    "repair": 0.6, "broken": 0.5, "trapped": 0.55, "free_at_last": 0.4, "rockfall": 0.5,
    "map": 0.7, "theft": 1.5, "hands_off": 0.25, "inspection": 0.3, "swap_hats": 0.2,
    "swap_hand": 0.1,
}
SABOTEUR_KEEP = {
    "repair": 0.35, "broken": 0.9, "trapped": 0.9, "free_at_last": 0.3, "rockfall": 0.9,
    "map": 0.4, "theft": 1.5, "hands_off": 0.25, "inspection": 0.2, "swap_hats": 0.2,
    "swap_hand": 0.1,
}


class SaboteurHeuristic:
    """Builds toward the likeliest treasure or blocks it, as its dwarf's role wants."""

    lean_view = "log"  # reads the view's log, never its decision (`bots.base.bot_view`)
    pretend = True  # a Saboteur lays harmless cards early rather than pass
    map_slope = 0.15  # a Builder's map is worth 0.3 + this per card still to go (up to 6)

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        if not isinstance(game, Saboteur):
            raise TypeError(f"the Saboteur bot cannot play {game.name}")
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.players = game.num_players
        base = self.game.edition == "base"
        if base:
            row = self.game.cards.rules.base_row(self.players)
            self.saboteurs, self.dwarves = row.saboteurs, row.saboteurs + row.diggers
        else:
            dwarves = self.game.cards.dwarves
            self.saboteurs = sum(d.count for d in dwarves if d.role == "saboteur")
            self.dwarves = sum(d.count for d in dwarves)
        self.start = self.game.placed_card("start")
        # what the bot has read of the log, and its beliefs for the round
        self.read = 0
        self.suspicion = [0.0] * self.players  # log-odds evidence of being a Saboteur
        self.progress = [0.0] * self.players  # cards laid this round that brought the goal near
        self.maze = self._first_maze()  # the maze as the log has told it so far
        self.replay_hidden: list[Cell] = list(GOALS)

    # --- who the bot is ------------------------------------------------------------------
    def _role(self, view: SaboteurView) -> tuple[str, str | None]:
        """(role, team for reaching): team None passes every door."""
        dwarf = view["dwarf"]
        if dwarf == "base-saboteur":
            return "saboteur", None
        if dwarf == "base-digger" or dwarf not in self.game.dwarf:
            return "digger", None
        d = self.game.dwarf[dwarf]
        return d.role, (d.team or None)

    # --- dispatch --------------------------------------------------------------------------
    def choose(self, seen: View, legal: Sequence[Action]) -> Action:
        if not is_saboteur_view(seen):
            raise ValueError(f"the Saboteur bot was given a view of {seen['game']}")
        view = seen
        phase = view["phase"]
        if phase == PHASES[Phase.STEAL]:
            gold = view["gold"]
            steals = [a for a in legal if isinstance(a, Steal)]
            if steals:
                return max(steals, key=lambda a: (gold[a.seat], -a.seat))
        elif phase == PHASES[Phase.GOLD]:
            takes = [a for a in legal if isinstance(a, Take)]
            if takes:
                return max(takes, key=lambda a: a.value)
        elif phase in PHASES[Phase.TURN:Phase.FIXING + 1]:
            return self._turn(view, legal)
        return legal[0]

    def saboteur_chances(self, seen: View) -> list[float]:
        """The chance, as the bot judges from the round's log so far, that each seat is a
        Saboteur (its own seat: certain): for a search that deals the roles as it believes."""
        if not is_saboteur_view(seen):
            raise ValueError(f"the Saboteur bot was given a view of {seen['game']}")
        role, _ = self._role(seen)
        self._read_log(seen, role)
        return self._beliefs(seen, role)

    def explain(self, seen: View, legal: Sequence[Action]) -> tuple[Action, str]:
        """The action `choose` takes and why, in one line from the bot's view: its dwarf, then
        what the action does for it (the path's distance, whom it suspects)."""
        action = self.choose(seen, legal)
        if not is_saboteur_view(seen):  # choose has refused it already
            raise ValueError(f"the Saboteur bot was given a view of {seen['game']}")
        return action, f"{self._who_i_am(seen)}: {self._reason(seen, action)}"

    # --- reasons ---------------------------------------------------------------------------
    def _who_i_am(self, view: SaboteurView) -> str:
        dwarf = view["dwarf"] or ""
        if dwarf.startswith("base-"):
            return dwarf.removeprefix("base-")
        known = self.game.dwarf.get(dwarf)
        if known is None:
            return "a dwarf"
        return f"{known.team} digger" if known.role == "digger" else known.role

    def _reason(self, view: SaboteurView, action: Action) -> str:
        """What the action chosen does for the bot's dwarf, in plain words."""
        if isinstance(action, Steal):
            return (f"steals from seat {action.seat}, the richest other player "
                    f"({view['gold'][action.seat]} gold)")
        if isinstance(action, Take):
            return f"takes the most valuable gold card ({action.value})"
        if isinstance(action, Draw):
            return "ends the pass: the cards left are worth keeping"
        if isinstance(action, Discard):
            if view["phase"] == PHASES[Phase.FIXING]:
                return f"pays for the mend with {action.card}, the card you need least"
            if view["phase"] == PHASES[Phase.PASSING]:
                return f"passes on {action.card} too, nearly useless now"
            return f"nothing is worth playing: passes, discarding {action.card}"
        if isinstance(action, Fix):
            what = "get out of the trap" if action.what == "trapped" else \
                f"mend your {action.what}"
            return f"pays two weak cards (D) to {what} and lay path cards again"
        role, team = self._role(view)
        scene = self._scene(view, team)
        if isinstance(action, Place):
            return self._place_reason(action, role, scene)
        if isinstance(action, PlayAt):
            return self._play_at_reason(action, role, scene)
        if isinstance(action, PlayOn):
            return self._play_on_reason(action, view, role)
        return "the first thing it may do"

    def _place_reason(self, a: Place, role: str, scene: Scene) -> str:
        placed = self.game.placed_card(a.card, a.turned)
        phi, touched = scene.after_lay(placed, (a.col, a.row))
        treasure = _chance_of(scene, touched)
        change = scene.phi - phi
        at = f"{a.card} at {a.col} {a.row}"
        if role == "saboteur":
            if change < -0.05:
                return f"{at} leads the path away from the goals"
            return f"{at} looks harmless, as a digger's card would"
        if role == "geologist" and placed.card.crystals:
            return f"{at} puts a crystal in the maze (a Geologist's gold)"
        if treasure > 0.0:
            return f"{at} reaches a goal that may hold the treasure ({treasure:.0%})"
        if change > 0.05:
            cards = round(phi)
            return f"{at} extends the path toward the goals ({cards} card{'s' * (cards != 1)} " \
                "to go)"
        return f"{at} keeps the path going without losing ground"

    def _play_at_reason(self, a: PlayAt, role: str, scene: Scene) -> str:
        at = f"{a.col} {a.row}"
        if self.game.actions[a.card].kind == "map":
            return f"looks at the goal at {at}: where the treasure lies is still unknown"
        if role == "saboteur":
            return f"a rockfall at {at} cuts the path on its way to the goals"
        return f"a rockfall at {at} clears a card that blocks the way to the goals"

    def _play_on_reason(self, a: PlayOn, view: SaboteurView, role: str) -> str:
        kind = self.game.actions[a.card].kind
        target = "you" if a.seat == self.seat else f"seat {a.seat}"
        q = self._beliefs(view, role)[a.seat]
        odds = f"{q:.0%} likely a saboteur"
        if kind == "theft":
            return "lays a Theft card: you steal 1 gold after the share-out"
        if kind == "hands_off":
            return f"removes seat {a.seat}'s Theft card before it steals"
        if kind in ("repair", "free_at_last"):
            what = "frees" if kind == "free_at_last" else "mends"
            if a.seat == self.seat:
                return f"{what} you, to lay path cards again"
            if role == "saboteur":
                return f"{what} {target}, likely a fellow saboteur ({q:.0%})"
            return f"{what} {target}, who seems on your side ({odds})"
        if kind in ("broken", "trapped"):
            if role != "saboteur":
                return f"blocks {target}, who looks like a saboteur ({q:.0%})"
            if self.progress[a.seat] > 0.0:
                return f"stops {target}, who has been bringing the path nearer the goals"
            return f"stops {target}, a digger as far as you can tell ({odds})"
        if kind == "inspection":
            return f"looks at {target}'s dwarf: unsure whose side they are on ({odds})"
        if kind == "swap_hats":
            return f"gives {target} a new dwarf: they look like a saboteur ({q:.0%})"
        return f"plays {a.card} on {target}, the card you need least"

    # --- the turn ----------------------------------------------------------------------------
    def _turn(self, view: SaboteurView, legal: Sequence[Action]) -> Action:
        role, team = self._role(view)
        self._read_log(view, role)
        scene = self._scene(view, team)
        me = view["tableaux"][self.seat]
        hand: list[str] = view["hand"] or []
        places = [a for a in legal if isinstance(a, Place)]
        placed: dict[Action, float] = {}
        best_of: dict[str, float] = {}
        if places:
            loose = (self._scene(view, None)
                     if team is not None and self._doors_matter(team, hand) else None)
            for place in places:
                value = self._place_value(place, scene, loose, role, team)
                placed[place] = value
                best_of[place.card] = max(best_of.get(place.card, -9.0), value)
        keep = {card: self._keep(card, role, team, me, scene, best_of) for card in set(hand)}
        phase = view["phase"]
        discards = [a for a in legal if isinstance(a, Discard)]
        if phase != PHASES[Phase.TURN]:
            worst = min(discards, key=lambda a: keep.get(a.card, 0.0), default=None)
            draw = next((a for a in legal if isinstance(a, Draw)), None)
            if draw is None:  # D's payment: both cards must go
                return worst or legal[0]
            if worst is not None and view["passed"] < 3 and view["pile"] > view["passed"] \
                    and keep.get(worst.card, 0.0) < DISCARD_MORE:
                return worst
            return draw
        q = self._beliefs(view, role)
        options: list[tuple[float, int, Action]] = []
        for order, a in enumerate(legal):
            if isinstance(a, Place):
                value = placed[a]  # valued above (the keep values need them)
            elif isinstance(a, PlayOn):
                value = self._play_on_value(a, view, role, q, scene)
            elif isinstance(a, PlayAt):
                value = self._play_at_value(a, view, role, scene)
            elif isinstance(a, Fix):
                value = self._fix_value(a, role, hand, keep)
            else:
                continue
            options.append((value, -order, a))
        best = max(options, key=lambda o: (o[0], o[1]), default=None)
        if best is not None and best[0] > PASS:
            return best[2]
        worst = min(discards, key=lambda a: keep.get(a.card, 0.0), default=None)
        if worst is not None:
            return worst
        return best[2] if best is not None else legal[0]

    # --- the maze as seen ----------------------------------------------------------------
    def _chance(self, view: SaboteurView) -> dict[Cell, float]:
        """The chance each face-down goal hides the treasure, from the bot's maps and the
        goals turned up."""
        hidden: list[Cell] = []
        known: dict[Cell, bool] = {}
        for goal in view["goals"]:
            cell = (goal["cell"][0], goal["cell"][1])
            if goal["face_up"]:
                continue
            hidden.append(cell)
            if goal["card"] is not None:
                known[cell] = self.game.path_card(goal["card"]).treasure
        if any(known.values()):
            return {cell: float(known.get(cell, False)) for cell in hidden}
        unknown = [cell for cell in hidden if cell not in known]
        return {cell: (1.0 / len(unknown) if cell in unknown else 0.0) for cell in hidden}

    def _scene(self, view: SaboteurView, team: str | None) -> Scene:
        """The maze as `team` reaches it (the log read up to this view)."""
        return self.maze.scene(self._chance(view), team)

    def _doors_matter(self, team: str, hand: list[str]) -> bool:
        """Whether a door of the other colour lies in the maze or in the bot's `hand`."""
        return bool(self.maze.colours - {team}) \
            or any(self.game.paths[c].door not in ("", team) for c in hand if c in self.game.paths)

    # --- values of actions ---------------------------------------------------------------
    def _place_value(self, a: Place, scene: Scene, loose: Scene | None, role: str,
                     team: str | None) -> float:
        placed = self.game.placed_card(a.card, a.turned)
        cell = (a.col, a.row)
        phi, touched = scene.after_lay(placed, cell)
        change = scene.phi - phi  # cards saved
        treasure = _chance_of(scene, touched)
        if role == "saboteur":
            value = -change - WASTED * treasure
            if self.pretend and abs(change) < 0.05 and treasure == 0.0 and scene.phi > 5.0 \
                    and placed.card.shape.paths:
                value = PASS + 0.01  # pretend: lay something harmless early, not a dead end
            return value
        lost = 0.0
        if loose is not None:
            anyone = loose.touches(placed, cell)
            lost = _chance_of(scene, anyone - touched)
        value = change + COMPLETE * treasure - WASTED * lost
        if team is not None and placed.card.door == team and change > -0.05:
            value += 0.1  # our own door on the way keeps the other team out
        if role == "geologist":
            value = 0.6 * value + (1.0 + 0.3 * placed.card.crystals if placed.card.crystals
                                   else 0.0)
        return value

    def _rockfall_value(self, cell: Cell, role: str, scene: Scene) -> float:
        removed = scene.cells[cell]
        change = scene.phi - scene.phi_without(cell)
        if role == "saboteur":
            return -change - 0.3
        value = change - 0.3
        if role == "geologist":
            value -= 0.5 * removed.card.crystals
        return value

    def _play_at_value(self, a: PlayAt, view: SaboteurView, role: str, scene: Scene) -> float:
        cell = (a.col, a.row)
        if self.game.actions[a.card].kind == "rockfall":
            return self._rockfall_value(cell, role, scene)
        p = scene.chance.get(cell, 0.0)
        if p in (0.0, 1.0):
            return -1.0
        # map: the goal nearest the open ends first (the middle one when equal)
        near = scene.soft(scene.total(cell))
        order = 0.01 * near + 0.001 * abs(cell[1])
        if role == "saboteur":
            return (0.5 if scene.phi > 3.0 else 0.2) - order
        return 0.3 + self.map_slope * min(scene.phi, 6.0) - order

    def _play_on_value(self, a: PlayOn, view: SaboteurView, role: str, q: list[float],
                       scene: Scene) -> float:
        kind = self.game.actions[a.card].kind
        target = a.seat
        mine = target == self.seat
        tableau = view["tableaux"][target]
        trust = 1.0 - q[target]
        able = not tableau["broken"] and tableau["trapped"] is None
        saboteur = role == "saboteur"
        if kind == "theft":
            return 1.3
        if kind == "hands_off":
            return -1.0 if mine else 0.4
        if kind == "repair" or kind == "free_at_last":
            left = len(tableau["broken"]) + (tableau["trapped"] is not None) - 1
            freed = 1.0 if left == 0 else 0.4
            if mine:
                if kind == "free_at_last":
                    return 1.6
                return (0.8 if saboteur else 1.5) * freed
            if saboteur:  # help a fellow Saboteur only
                return 0.5 * q[target] * freed - 0.5 * trust
            return 0.8 * trust * freed - 0.6 * q[target]
        if kind in ("broken", "trapped"):
            if saboteur:
                urgency = max(0.4, min(1.5, 1.5 - scene.phi / 8.0))
                worth = (0.5 if kind == "broken" else 0.6) + min(1.0, 0.5 * self.progress[target])
                if not able:
                    worth *= 0.3 if kind == "broken" else 0.6
                return trust * worth * urgency - 0.8 * q[target]
            worth = 1.0 if kind == "broken" else 1.2
            if kind == "broken" and not able:
                worth *= 0.3
            return worth * q[target] - 0.5 * trust
        if kind == "inspection":
            if target in inspected_dwarves(view):
                return -1.0
            return (0.2 if saboteur else 0.35) * (1.0 - abs(2.0 * q[target] - 1.0))
        if kind == "swap_hats":
            if saboteur or mine:
                return -1.0
            return 0.9 * q[target] - 0.3
        return -1.0  # swap your hand: kept for nothing, passed on first

    def _fix_value(self, a: Fix, role: str, hand: list[str], keep: dict[str, float]) -> float:
        cheapest = sorted(keep[c] for c in hand)[:2]
        if len(hand) < 3:
            return -1.0
        cards = self.game.actions
        if a.what == "trapped":
            if any(c in cards and cards[c].kind == "free_at_last" for c in hand):
                return -1.0
            worth = 1.5 if role == "saboteur" else 1.2
        else:
            if any(c in cards and cards[c].kind == "repair" and a.what in cards[c].tools
                   for c in hand):
                return -1.0
            worth = 0.7 if role == "saboteur" else 0.9
        return worth - sum(cheapest)

    def _keep(self, card: str, role: str, team: str | None, me: TableauView, scene: Scene,
              best_of: dict[str, float]) -> float:
        """How much the bot wants to keep a card in its hand (passing discards the least)."""
        game = self.game
        action = game.actions.get(card)
        saboteur = role == "saboteur"
        if action is not None:
            value = (SABOTEUR_KEEP if saboteur else BUILDER_KEEP)[action.kind]
            broken = {t for b in me["broken"] for t in game.actions[b].tools}
            if action.kind == "repair" and broken & action.tools:
                value += 0.6
            elif action.kind == "free_at_last" and me["trapped"] is not None:
                value += 0.8
            elif action.kind == "map" and all(p in (0.0, 1.0) for p in scene.chance.values()):
                value = 0.05
            return value
        path = game.paths[card]
        if saboteur:
            openings = sum(len(p) for p in path.shape.paths)
            value = 0.9 if not path.shape.paths else 0.3 - 0.05 * openings
            return value + 0.5 * max(0.0, best_of.get(card, 0.0))
        if not path.shape.paths:
            value = 0.0
        elif path.kind == "door":
            value = 0.1 if team is not None and path.door != team else 0.4
        else:
            value = 0.2 + 0.08 * max(len(p) for p in path.shape.paths) + \
                0.03 * len(path.shape.paths)
        if role == "geologist" and path.crystals:
            value += 1.0
        return value + 0.5 * max(0.0, best_of.get(card, 0.0))

    # --- beliefs ----------------------------------------------------------------------------
    def _prior(self, role: str) -> float:
        """The log-odds that another player is a Saboteur, before any evidence."""
        others = self.dwarves - 1
        saboteurs = self.saboteurs - (role == "saboteur")
        p = min(0.95, max(0.02, saboteurs / max(1, others)))
        return math.log(p / (1.0 - p))

    def _beliefs(self, view: SaboteurView, role: str) -> list[float]:
        """The chance each seat is a Saboteur (the bot's own seat: certain)."""
        prior = self._prior(role)
        q = [_sigmoid(prior + s) for s in self.suspicion]
        for target, dwarf in inspected_dwarves(view).items():
            q[target] = 1.0 if dwarf in ("saboteur", "base-saboteur") else 0.0
        q[self.seat] = 1.0 if role == "saboteur" else 0.0
        return q

    def _read_log(self, view: SaboteurView, role: str) -> None:
        """Replay the log's new events on the bot's copy of the maze and weigh each player's
        moves (one round's evidence: dwarves are dealt again each round)."""
        log = view["log"]
        if len(log) < self.read:  # another game: start again
            self.read = 0
        chance = self._chance(view)
        for entry in log[self.read:]:
            if entry["kind"] not in READ:
                continue
            event = from_json(entry)
            if isinstance(event, RoundBegan):
                self.suspicion = [0.0] * self.players
                self.progress = [0.0] * self.players
                self.maze = self._first_maze()
                self.replay_hidden = list(GOALS)
            elif isinstance(event, PathLaid):
                self._read_path(event, chance)
            elif isinstance(event, GoalTurnedUp):
                cell = event.cell
                self.maze = self.maze.laid(cell, self.game.placed_card(event.card, event.turned))
                if cell in self.replay_hidden:
                    self.replay_hidden.remove(cell)
            elif isinstance(event, PlayedAt) and event.removed is not None:  # a rockfall
                self._read_rockfall(event, chance)
            elif isinstance(event, CardPlayed):
                self._judge_play(event, view, role)
        self.read = len(log)

    def _first_maze(self) -> Layout:
        return Layout.first(self.start, self.game.columns, self.game.rows)

    def _read_path(self, event: PathLaid, chance: dict[Cell, float]) -> None:
        cell = event.cell
        placed = self.game.placed_card(event.card, event.turned)
        if event.seat is not None and event.seat != self.seat and cell not in self.maze.cells:
            scene = self._replay_scene(chance)
            self._judge(event.seat, scene.after_lay(placed, cell)[0] - scene.phi, placed=True)
        self.maze = self.maze.laid(cell, placed)

    def _read_rockfall(self, event: PlayedAt, chance: dict[Cell, float]) -> None:
        cell = event.cell
        if cell not in self.maze.cells:
            return
        if event.seat is not None and event.seat != self.seat:
            scene = self._replay_scene(chance)
            worse = scene.phi_without(cell) - scene.phi
            self._judge(event.seat, 1.5 * worse, placed=False)
        self.maze = self.maze.cleared(cell)

    def _replay_scene(self, chance: dict[Cell, float]) -> Scene:
        """The maze as the log has told it so far, for any team, with the bot's chances (each
        face-down goal alike if none of those it knows may hold the treasure)."""
        hidden = tuple(self.replay_hidden)
        odds = {g: chance.get(g, 0.0) for g in hidden}
        total = sum(odds.values())
        if total <= 0.0:
            odds = {g: 1.0 / len(hidden) for g in hidden} if hidden else {}
        return self.maze.scene(odds, None)

    def _judge(self, seat: int, worse: float, placed: bool) -> None:
        """A move that made the treasure `worse` cards further away (negative: nearer)."""
        if worse >= SUSPICIOUS:
            self.suspicion[seat] += 0.8 * min(worse, 2.0)
        elif worse <= -SUSPICIOUS:
            self.suspicion[seat] -= 0.6 if placed else 0.8
            if placed:
                self.progress[seat] += 1.0

    def _judge_play(self, event: CardPlayed, view: SaboteurView, role: str) -> None:
        seat, target = event.seat, event.target
        if seat is None or seat == self.seat:
            return
        kind = self.game.actions[event.card].kind
        if kind == "swap_hats":
            self.suspicion[target] = 0.0
            return
        if target == seat:
            return
        q = self._beliefs(view, role)[target]
        good = 1.0 - 2.0 * q  # +1: the target is surely no Saboteur, -1: surely one
        if kind in ("broken", "trapped"):
            self.suspicion[seat] += 1.2 * good
        elif kind in ("repair", "free_at_last"):
            self.suspicion[seat] -= 0.8 * good
