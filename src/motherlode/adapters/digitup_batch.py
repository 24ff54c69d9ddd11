"""
# Dig It Up as arrays: N games stepped at once, for training at scale (issue 25, point 3)

```python
from motherlode.adapters.digitup_batch import DigItUpBatch

games = DigItUpBatch(num_games=1024, players=4)
step = games.reset(seed=7)                    # games seeded 7, 8, ..., 1030
while training:
    actions = policy(step.observations, step.masks)   # one action a game, for its mover
    step = games.step(actions)
```

Every rule of Dig It Up (seed 003, all player counts 2-5; not the simplified variation) is
carried out on numpy arrays, all games at once: set-up (sites laid out, stones swapped to the
front, the chance deck shuffled, 3 missions dealt), keeping a mission, digging (die or Compass,
stepping stones with wrap-around, "+2", tokens, abandoning, Closing Shop, the end after the 8th
or 5th abandoned site), chance cards (money, kept orange cards, Strike Gold / Hazardous Area
placement) and the money calculation at the end (missions, chance cards, tokens, sets with the
Trinity Prize and stones, bundles). The rules engine (`motherlode.rules.digitup`) stays the
truth: every table is read from its `DigItUp` game (tiles, deck, missions, set tables, action
numbers, observation layout), and `tests/test_digitup_batch.py` plays the same seeds and actions
through both and checks every observation, mask, reward and final score equal.

What a step gives (`BatchStep`), for every game `g` of the batch:

- `observations[g]`: float32 `(game.observation_size,)`, the vector `State.observation(seat)`
  gives (`observe_state`) for `seats[g]`, the seat whose decision it is (as PettingZoo's
  `last()` gives the agent to act);
- `masks[g]`: int8 `(game.num_actions,)`, 1 at `game.encode(a)` for each legal action `a` of
  that seat (the PettingZoo adapter's action numbers);
- `rewards[g]`: float32 `(players,)`, every seat's `State.returns()` in the step the game ends
  (the winners share 1.0), else zeros;
- `dones[g]`: the game ended in this step (it has already been started anew: auto-reset, as
  Gymnasium's `SAME_STEP`), with its final scores in `final_scores[g]` (`State.scores()`) and
  its seed in `final_seeds[g]`; `seeds[g]` is the seed of the game now in slot `g`.

Seeding: `reset(seed=s)` seeds slot i's first game with `s + i` (a sequence of N seeds seeds
each slot); every later game of slot i takes the next seed of `random.Random(first seed)`,
as `MotherlodeVectorEnv` does. A game seeded `s` is `DigItUp(players=n).new_game(s)`: the batch
reproduces the engine's own random draws. The engine's RNG (`engine/rng.py`) is SplitMix64,
whose k-th draw is a pure function of `seed + k * GOLDEN`, so the batch keeps one uint64 state
per game and computes every draw in numpy: set-up's 7 draws a site (`Random.sample` of 7), the
deck's and the missions' shuffles (`Random.shuffle`) with the engine's `_randbelow` (Lemire's
multiply-and-reject), and each die roll (`random()`, 53 bits, `int(r * 6) + 1`). A draw that
Lemire's method rejects (probability about n / 2**64 a draw) is not vectorised: that game's
set-up is taken from the engine instead (`_from_engine`), so the sequence stays exact.

An illegal action raises `motherlode.IllegalAction` before any game changes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from motherlode.engine import MAX_SEED, IllegalAction, OptionError, check_seed
from motherlode.engine.rng import GOLDEN, MASK
from motherlode.rules.digitup import (
    CELL_FEATURES,
    CHANCE_CARDS,
    COMPASS_MOVES,
    DIE_FACES,
    EMPTY,
    KINDS,
    MISSIONS_DEALT,
    ON_LABEL,
    PHASES,
    PICKAXE_AT,
    SITE_FEATURES,
    SITE_TILES,
    TOKEN_AT,
    TYPE_KINDS,
    TYPES,
    Dig,
    DigItUp,
    DigItUpState,
    KeepMission,
    Phase,
    PlaceToken,
)

__all__ = ["BatchStep", "DigItUpBatch"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Words = npt.NDArray[np.uint64]
Floats = npt.NDArray[np.float32]

STEP = np.uint64(GOLDEN)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
LOW32 = np.uint64(0xFFFFFFFF)
TO_UNIT = 1.0 / (1 << 53)
#: Action kinds, by action number.
KEEP, DIG, PLACE = 0, 1, 2
STONE = KINDS.index("stone")
BRONZEWARE = TYPE_KINDS["bronzeware"]


def mix(states: Words) -> Words:
    """SplitMix64's output for each state (`StateRng._next64` after its increment)."""
    z = (states ^ (states >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


def lemire(words: Words, bound: Words) -> tuple[Words, Words]:
    """`(words * bound) >> 64` and `(words * bound) mod 2**64`, for bounds below 2**32."""
    high = ((words >> np.uint64(32)) * bound + (((words & LOW32) * bound) >> np.uint64(32)))
    return high >> np.uint64(32), words * bound


@dataclass(frozen=True, slots=True)
class BatchStep:
    """What `reset` and `step` return; see the module's docstring."""

    observations: Floats
    masks: npt.NDArray[np.int8]
    seats: Ints
    rewards: Floats
    dones: Bools
    final_scores: Floats
    final_seeds: Words
    seeds: Words


class Tables:
    """The rules' numbers for one player count, read from the engine's `DigItUp`."""

    def __init__(self, game: DigItUp) -> None:
        self.game = game
        comps = game.components
        self.players = game.num_players
        self.sites = len(game.sites)
        self.cells = self.sites * SITE_TILES
        self.end_after = game.end_after
        self.kind = np.array(game.tile_kind, dtype=np.int64)
        self.star = np.array(game.tile_star, dtype=np.bool_)
        self.plus2 = np.array(game.plus2_won, dtype=np.int64)
        # Each tile's fixed observation features; row 0 is the empty space (EMPTY + 1).
        features = [(0.0,) * CELL_FEATURES] + [game.tile_features[t] for t in game.tile_text]
        self.features = np.array(features, dtype=np.float32)
        self.deck = np.array(game.chance_deck, dtype=np.int64)
        self.pool = np.array(game.mission_pool, dtype=np.int64)
        self.cards = len(comps.chance)
        self.missions = len(comps.missions)
        self.compass = game.compass_card
        self.orange = np.array([c.orange for c in comps.chance], dtype=np.bool_)
        self.card_money = np.array([c.value if c.effect == "money" else 0 for c in comps.chance])
        self.card_token = np.array([c.effect == "token" for c in comps.chance], dtype=np.bool_)
        self.card_value = np.array([c.value for c in comps.chance], dtype=np.int64)
        self._actions(game)
        self._draw_bounds()
        self._scoring()

    def _actions(self, game: DigItUp) -> None:
        """Each action's number (the engine's encoding) and, by number, what it does."""
        size = game.num_actions
        self.num_actions = size
        self.action_kind = np.full(size, -1, dtype=np.int64)
        self.action_arg = np.zeros(size, dtype=np.int64)  # mission, site or cell
        self.action_move = np.zeros(size, dtype=np.int64)  # Compass move (0: the die)
        comps = game.components
        self.keep_number = np.array([game.encode(KeepMission(m.id)) for m in comps.missions])
        self.action_kind[self.keep_number] = KEEP
        self.action_arg[self.keep_number] = np.arange(len(comps.missions))
        self.dig_number = np.array([
            [game.encode(Dig(site.key, n)) for n in range(COMPASS_MOVES + 1)]
            for site in game.sites
        ])
        self.action_kind[self.dig_number] = DIG
        self.action_arg[self.dig_number] = np.arange(self.sites)[:, None]
        self.action_move[self.dig_number] = np.arange(COMPASS_MOVES + 1)[None, :]
        self.place_number = np.array([
            game.encode(PlaceToken(site.key, n + 1)) for site in game.sites
            for n in range(SITE_TILES)
        ])
        self.action_kind[self.place_number] = PLACE
        self.action_arg[self.place_number] = np.arange(self.cells)

    def _draw_bounds(self) -> None:
        """Set-up's draws in the engine's order: `sample(range(7), 7)` a site, then the deck's
        and the mission pool's `shuffle`; each draw's bound and Lemire's rejection floor."""
        sample = [SITE_TILES - i for i in range(SITE_TILES)] * self.sites
        deck = [i + 1 for i in reversed(range(1, len(self.deck)))]
        pool = [i + 1 for i in reversed(range(1, len(self.pool)))]
        bounds = np.array(sample + deck + pool, dtype=np.uint64)
        self.bounds = bounds
        self.floors = (np.uint64(0) - bounds) % bounds  # (2**64 - n) % n
        self.steps = STEP * np.arange(1, len(bounds) + 1, dtype=np.uint64)
        self.setup_step = np.uint64(GOLDEN * len(bounds) & MASK)  # the state after set-up

    def _scoring(self) -> None:
        """The money calculation's tables (`scoring.money_for`), as arrays."""
        comps = self.game.components
        kinds = len(KINDS)
        self.type_kinds = np.zeros((kinds, len(TYPES)), dtype=np.int64)
        for t, name in enumerate(TYPES):
            self.type_kinds[list(TYPE_KINDS[name]), t] = 1
        self.treasure = np.array([name != "stone" for name in TYPES], dtype=np.bool_)
        biggest = len(self.kind) + CHANCE_CARDS + 1
        self.set_won = np.array(
            [[comps.sets[name].bonus(size) for size in range(biggest)] for name in TYPES],
            dtype=np.int64,
        )
        self.set_min = np.array([comps.sets[name].minimum for name in TYPES], dtype=np.int64)
        self.counts_as = np.zeros((self.cards, kinds), dtype=np.int64)
        self.per_kind = np.zeros((self.cards, kinds), dtype=np.int64)
        self.per_trinity = np.zeros(self.cards, dtype=np.int64)
        self.flat = np.zeros(self.cards, dtype=np.int64)
        for c, card in enumerate(comps.chance):
            if card.effect == "counts_as" and card.kind is not None:
                self.counts_as[c, card.kind] = 1
            elif card.effect == "per_kind" and card.kind is not None:
                self.per_kind[c, card.kind] = card.value
            elif card.effect == "per_trinity":
                self.per_trinity[c] = card.value
            elif card.effect == "flat":
                self.flat[c] = card.value
        self.bonus = comps.bonuses
        # Each mission's bonus; the last entry (index EMPTY) for a seat without a mission.
        self.mission_bonus = np.array([m.bonus for m in comps.missions] + [0], dtype=np.int64)


class DigItUpBatch:
    """`num_games` games of Dig It Up with `players` players, as arrays."""

    def __init__(self, num_games: int, players: int = 4) -> None:
        if num_games < 1:
            raise OptionError(f"num_games must be at least 1, not {num_games}")
        game = DigItUp(players=players)
        self.game = game
        self.num_games = num_games
        self.tables = t = Tables(game)
        self.observation_size = game.observation_size
        self.num_actions = game.num_actions
        g, p = num_games, t.players
        self.rows = np.arange(g)
        self.phase = np.zeros(g, dtype=np.int64)
        self.seat = np.zeros(g, dtype=np.int64)
        self.board = np.full((g, t.cells), EMPTY, dtype=np.int64)
        self.tokens = np.zeros((g, t.cells), dtype=np.int64)
        self.pickaxe = np.full((g, t.sites), ON_LABEL, dtype=np.int64)
        self.left = np.zeros((g, t.sites), dtype=np.int64)
        self.abandoned = np.zeros(g, dtype=np.int64)
        self.end_triggered = np.zeros(g, dtype=np.bool_)
        self.counts = np.zeros((g, p, len(KINDS)), dtype=np.int64)
        self.money = np.zeros((g, p), dtype=np.int64)
        self.kept = np.zeros((g, p, t.cards), dtype=np.int64)  # orange cards kept, by type
        self.used = np.zeros((g, p), dtype=np.int64)
        self.drawn = np.zeros((g, p), dtype=np.int64)
        self.dealt = np.zeros((g, p, MISSIONS_DEALT), dtype=np.int64)
        self.mission = np.full((g, p), EMPTY, dtype=np.int64)
        self.closed_shop = np.zeros((g, p), dtype=np.int64)
        self.deck = np.zeros((g, len(t.deck)), dtype=np.int64)  # drawn from the end
        self.deck_left = np.zeros(g, dtype=np.int64)
        self.pending = np.zeros(g, dtype=np.int64)
        self.rng = np.zeros(g, dtype=np.uint64)
        self.seeds = np.zeros(g, dtype=np.uint64)
        self._slot_seeds: list[random.Random] = []
        self._masks: npt.NDArray[np.int8] | None = None

    # --- seeds and set-up ----------------------------------------------------------------
    def reset(self, seed: int | Sequence[int] | None = None) -> BatchStep:
        """Start every game: slot i with `seed + i` (or `seed[i]`; None: OS entropy)."""
        firsts = self._first_seeds(seed)
        self._slot_seeds = [random.Random(s) for s in firsts]
        self._start(self.rows, np.array(firsts, dtype=np.uint64))
        empty = np.zeros(self.num_games, dtype=np.bool_)
        return self._result(empty, np.zeros((self.num_games, self.tables.players)))

    def _first_seeds(self, seed: int | Sequence[int] | None) -> list[int]:
        n = self.num_games
        if seed is None:
            entropy = random.Random()
            return [entropy.randint(0, MAX_SEED) for _ in range(n)]
        if isinstance(seed, int | np.integer):
            return [check_seed(int(seed) + i) for i in range(n)]
        if len(seed) != n:
            raise OptionError(f"give {n} seeds, not {len(seed)}")
        return [check_seed(int(s)) for s in seed]

    def _start(self, games: Ints, seeds: Words) -> None:
        """New games in the slots `games`, seeded `seeds`: the box before set-up, then set-up."""
        t = self.tables
        self.seeds[games] = seeds
        self.phase[games] = Phase.MISSIONS
        self.seat[games] = 0
        self.tokens[games] = 0
        self.pickaxe[games] = ON_LABEL
        self.left[games] = SITE_TILES
        self.abandoned[games] = 0
        self.end_triggered[games] = False
        for array in (self.counts, self.money, self.kept, self.used, self.drawn,
                      self.closed_shop):
            array[games] = 0
        self.mission[games] = EMPTY
        self.pending[games] = 0
        self.deck_left[games] = len(t.deck)
        words = mix(seeds[:, None] + t.steps[None, :])
        picks, low = lemire(words, t.bounds[None, :])
        # Lemire's method redraws when low < floor: the engine sets up those (rare) games.
        redraw = (low < t.floors[None, :]).any(axis=1)
        fast = ~redraw
        self._set_up(games[fast], picks[fast].astype(np.int64))
        self.rng[games[fast]] = seeds[fast] + t.setup_step
        for slot, seed in zip(games[redraw], seeds[redraw], strict=True):
            self._from_engine(int(slot), int(seed))

    def _set_up(self, games: Ints, picks: Ints) -> None:
        """Set-up 2, 5, 6 for `games`, with each game's set-up draws already made."""
        t = self.tables
        k, sites = len(games), t.sites
        # Set-up 2: each site's 7 tiles in the order `Random.sample(range(7), 7)` draws.
        draws = picks[:, : sites * SITE_TILES].reshape(k, sites, SITE_TILES)
        pool = np.broadcast_to(np.arange(SITE_TILES), (k, sites, SITE_TILES)).copy()
        order = np.empty_like(pool)
        for i in range(SITE_TILES):
            j = draws[:, :, i : i + 1]
            order[:, :, i] = np.take_along_axis(pool, j, axis=2)[:, :, 0]
            last = pool[:, :, SITE_TILES - i - 1 : SITE_TILES - i].copy()
            np.put_along_axis(pool, j, last, axis=2)
        row = order + (np.arange(sites) * SITE_TILES)[None, :, None]
        # ... then the stone swapped with the leftmost tile.
        stone_at = np.argmax(t.kind[row] == STONE, axis=2)[:, :, None]
        first = row[:, :, :1].copy()
        row[:, :, :1] = np.take_along_axis(row, stone_at, axis=2)
        np.put_along_axis(row, stone_at, first, axis=2)
        self.board[games] = row.reshape(k, t.cells)
        # Set-up 5 and 6: shuffle the chance deck, then the missions, and deal 3 each.
        at = sites * SITE_TILES
        deck = np.broadcast_to(t.deck, (k, len(t.deck))).copy()
        at = _shuffle(deck, picks, at)
        pool_m = np.broadcast_to(t.pool, (k, len(t.pool))).copy()
        _shuffle(pool_m, picks, at)
        self.deck[games] = deck
        dealt = pool_m[:, : t.players * MISSIONS_DEALT]
        self.dealt[games] = dealt.reshape(k, t.players, MISSIONS_DEALT)

    def _from_engine(self, slot: int, seed: int) -> None:
        """Slot `slot`'s set-up as the engine makes it (when a set-up draw was redrawn)."""
        state = self.game.new_game(seed)
        if not isinstance(state, DigItUpState):
            raise TypeError("the Dig It Up game made a state of another game")
        t = self.tables
        self.board[slot] = state.board
        self.deck[slot, : len(state.deck)] = state.deck
        self.deck_left[slot] = len(state.deck)
        self.dealt[slot] = np.array(state.dealt).reshape(t.players, MISSIONS_DEALT)
        self.rng[slot] = np.uint64(state.rng.getstate()[0])

    def _next_seeds(self, games: Ints) -> Words:
        return np.array([self._slot_seeds[g].randint(0, MAX_SEED) for g in games],
                        dtype=np.uint64)

    # --- a step ------------------------------------------------------------------------------
    def step(self, actions: npt.ArrayLike) -> BatchStep:
        """One action in every game, by the seat whose decision it is; ended games restart."""
        chosen = self._checked(actions)
        t = self.tables
        kind = t.action_kind[chosen]
        arg = t.action_arg[chosen]
        for code, carry_out in ((KEEP, self._keep), (PLACE, self._place), (DIG, self._dig)):
            games = np.flatnonzero(kind == code)
            if len(games):
                carry_out(games, arg[games], t.action_move[chosen[games]])
        dones = self.phase == Phase.OVER
        scores = np.zeros((self.num_games, t.players))
        ended = np.flatnonzero(dones)
        final_seeds = np.zeros(self.num_games, dtype=np.uint64)
        if len(ended):
            scores[ended] = self.scores(ended)
            final_seeds[ended] = self.seeds[ended]
            self._start(ended, self._next_seeds(ended))
        return self._result(dones, scores, final_seeds)

    def _checked(self, actions: npt.ArrayLike) -> Ints:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_games,) or chosen.dtype.kind not in "iu":
            raise OptionError(f"give {self.num_games} integer actions, one a game")
        if self._masks is None:
            raise RuntimeError("call reset() before step()")
        chosen = chosen.astype(np.int64)
        inside = (chosen >= 0) & (chosen < self.num_actions)
        legal = inside & (self._masks[self.rows, np.where(inside, chosen, 0)] == 1)
        if not legal.all():
            g = int(np.flatnonzero(~legal)[0])
            action = int(chosen[g])
            named = f"{action} ({self.game.decode(action)})" if inside[g] else str(action)
            raise IllegalAction(f"digitup game {g}: action {named} is not legal now")
        return chosen

    def _keep(self, games: Ints, missions: Ints, _moves: Ints) -> None:
        """Set-up 6: the seat keeps a mission; the next seat keeps one, or seat 0 digs."""
        seats = self.seat[games]
        self.mission[games, seats] = missions
        last = seats + 1 == self.tables.players
        self.seat[games] = np.where(last, 0, seats + 1)
        self.phase[games[last]] = Phase.DIG

    def _place(self, games: Ints, cells: Ints, _moves: Ints) -> None:
        """The pending Strike Gold / Hazardous Area token goes on the cell; the turn ends."""
        self.tokens[games, cells] = self.pending[games]
        self.pending[games] = 0
        self._end_turn(games)

    def _dig(self, games: Ints, sites: Ints, moves: Ints) -> None:
        """Call out a site, roll (or use a Compass), collect, abandon, draw a chance card."""
        t = self.tables
        seats = self.seat[games]
        compass = moves > 0
        with_compass = games[compass]
        self.kept[with_compass, seats[compass], t.compass] -= 1
        self.used[with_compass, seats[compass]] += 1
        rolled = ~compass
        moves = moves.copy()
        moves[rolled] = self._roll(games[rolled])
        space = self._landing(games, sites, moves)
        self.pickaxe[games, sites] = space
        cells = sites * SITE_TILES + space
        tile = self.board[games, cells]
        self.board[games, cells] = EMPTY
        self.counts[games, seats, t.kind[tile]] += 1
        money = self.money[games, seats] + t.plus2[tile]
        token = self.tokens[games, cells]
        self.tokens[games, cells] = 0
        self.money[games, seats] = np.where(token != 0, np.maximum(0, money + token), money)
        self.left[games, sites] -= 1
        last = self.left[games, sites] == 1
        self._abandon(games[last], sites[last], seats[last])
        draws = t.star[tile] & (self.deck_left[games] > 0)
        self._draw(games[draws], seats[draws])
        done = self.phase[games] != Phase.PLACE
        self._end_turn(games[done])

    def _roll(self, games: Ints) -> Ints:
        """The die, as `state.rng.roll(6) + 1` (`int(random() * 6) + 1`) draws it."""
        states = self.rng[games] + STEP
        self.rng[games] = states
        unit = (mix(states) >> np.uint64(11)).astype(np.float64) * TO_UNIT
        return (unit * DIE_FACES).astype(np.int64) + 1

    def _landing(self, games: Ints, sites: Ints, moves: Ints) -> Ints:
        """`landing_space`: `moves` steps right over the site's tiles, wrapping to the left."""
        spaces = np.arange(SITE_TILES)
        cells = sites[:, None] * SITE_TILES + spaces[None, :]
        occupied = self.board[games[:, None], cells] != EMPTY
        first = (occupied & (spaces[None, :] <= self.pickaxe[games, sites][:, None])).sum(axis=1)
        target = (first + moves - 1) % occupied.sum(axis=1)
        rank = np.cumsum(occupied, axis=1) - 1
        spaces_reached: Ints = np.argmax(occupied & (rank == target[:, None]), axis=1)
        return spaces_reached

    def _abandon(self, games: Ints, sites: Ints, seats: Ints) -> None:
        """One tile left: it goes face down, out of play; Closing Shop counts the site."""
        if not len(games):
            return
        cells = sites[:, None] * SITE_TILES + np.arange(SITE_TILES)[None, :]
        self.board[games[:, None], cells] = EMPTY
        self.tokens[games[:, None], cells] = 0
        self.left[games, sites] = 0
        self.pickaxe[games, sites] = ON_LABEL
        self.abandoned[games] += 1
        self.end_triggered[games] |= self.abandoned[games] >= self.tables.end_after
        self.closed_shop[games, seats] += 1

    def _draw(self, games: Ints, seats: Ints) -> None:
        """The top chance card: orange ones are kept, grey ones act at once."""
        if not len(games):
            return
        t = self.tables
        self.deck_left[games] -= 1
        card = self.deck[games, self.deck_left[games]]
        self.drawn[games, seats] += 1
        orange = t.orange[card]
        self.kept[games[orange], seats[orange], card[orange]] += 1
        grey = ~orange
        games, seats, card = games[grey], seats[grey], card[grey]
        self.used[games, seats] += 1
        self.money[games, seats] = np.maximum(0, self.money[games, seats] + t.card_money[card])
        token = t.card_token[card] & self._free_tile(games)
        self.pending[games[token]] = t.card_value[card[token]]
        self.phase[games[token]] = Phase.PLACE

    def _free_tile(self, games: Ints) -> Bools:
        """Whether a tile without a token lies on the board (else a token card does nothing)."""
        free: Bools = ((self.board[games] != EMPTY) & (self.tokens[games] == 0)).any(axis=1)
        return free

    def _end_turn(self, games: Ints) -> None:
        """Play passes left; after the game-ending abandonment, the game is over."""
        over = self.end_triggered[games]
        self.phase[games] = np.where(over, Phase.OVER, Phase.DIG)
        going = games[~over]
        self.seat[going] = (self.seat[going] + 1) % self.tables.players

    # --- the end: the money calculation ----------------------------------------------------
    def scores(self, games: Ints) -> Floats:
        """Every seat's money in `games` as things stand (`State.scores()` at the end)."""
        t = self.tables
        kept = self.kept[games]
        counts = self.counts[games] + kept @ t.counts_as  # chance cards that are tiles
        sizes = counts @ t.type_kinds
        is_set = sizes >= t.set_min
        types = np.arange(len(TYPES))[None, None, :]
        set_won = t.set_won[types, np.minimum(sizes, t.set_won.shape[1] - 1)]
        sets = (is_set & t.treasure).sum(axis=2)
        leftovers = (sizes * (~is_set & t.treasure)).sum(axis=2)
        trinities = counts[:, :, list(BRONZEWARE)].min(axis=2)
        bonus = t.bonus
        set_money = (np.where(is_set, set_won, 0)).sum(axis=2) + trinities * bonus.trinity
        bundles = leftovers // bonus.bundle_size
        chance = ((kept @ t.per_kind) * counts).sum(axis=2)
        chance += (kept @ t.per_trinity) * trinities + kept @ t.flat
        tokens = self.money[games]
        achieved = self._achieved(games, counts, sizes, tokens, trinities, sets, bundles)
        mission_won = np.where(achieved, t.mission_bonus[self.mission[games]], 0)
        total = mission_won + chance + tokens + set_money + bundles * bonus.bundle
        money: Floats = total.astype(np.float32)
        return money

    def _achieved(self, games: Ints, counts: Ints, sizes: Ints, tokens: Ints,
                  trinities: Ints, sets: Ints, bundles: Ints) -> Bools:
        """Whether each seat's kept mission is met (`scoring.achieved`); False without one."""
        met = np.zeros((len(games), self.tables.players), dtype=np.bool_)
        mission = self.mission[games]
        for m, card in enumerate(self.game.components.missions):
            holds = mission == m
            if not holds.any():
                continue
            condition, count = card.condition, card.count
            if condition == "closing_shop":
                ok = self.closed_shop[games] >= count
            elif condition == "at_least":
                named = np.stack([_type_count(counts, sizes, name) for name in card.types])
                ok = np.min(named, axis=0) >= count
            elif condition == "at_most":
                named = np.stack([_type_count(counts, sizes, name) for name in card.types])
                ok = np.sum(named, axis=0) <= count
            elif condition == "tokens":
                ok = tokens >= count
            elif condition == "chance_cards":
                ok = self.drawn[games] >= count
            elif condition == "trinities":
                ok = trinities >= count
            elif condition == "sets":
                ok = sets >= count
            else:  # bundles
                ok = bundles >= count
            met |= holds & ok
        return met

    # --- what the seats see ------------------------------------------------------------------
    def _result(self, dones: Bools, scores: npt.NDArray[np.float64],
                final_seeds: Words | None = None) -> BatchStep:
        masks = self.masks()
        self._masks = masks
        rewards = np.zeros((self.num_games, self.tables.players), dtype=np.float32)
        ended = np.flatnonzero(dones)
        if len(ended):
            best = scores[ended].max(axis=1, keepdims=True)
            winners = scores[ended] == best
            rewards[ended] = winners / winners.sum(axis=1, keepdims=True)
        seeds = np.zeros(self.num_games, dtype=np.uint64) if final_seeds is None else final_seeds
        return BatchStep(
            observations=self.observe(self.seat),
            masks=masks,
            seats=self.seat.copy(),
            rewards=rewards,
            dones=dones,
            final_scores=np.asarray(scores, dtype=np.float32),
            final_seeds=seeds,
            seeds=self.seeds.copy(),
        )

    def masks(self) -> npt.NDArray[np.int8]:
        """Each game's legal actions for its mover (`game.encode_all(state.legal_actions())`)."""
        t = self.tables
        masks = np.zeros((self.num_games, self.num_actions), dtype=np.int8)
        keeping = np.flatnonzero(self.phase == Phase.MISSIONS)
        dealt = self.dealt[keeping, self.seat[keeping]]
        masks[keeping[:, None], t.keep_number[dealt]] = 1
        digging = np.flatnonzero(self.phase == Phase.DIG)
        open_sites = self.left[digging] > 0
        compass = self.kept[digging, self.seat[digging], t.compass] > 0
        moves = np.ones((len(digging), 1, COMPASS_MOVES + 1), dtype=np.bool_)
        moves[:, :, 1:] = compass[:, None, None]
        allowed = open_sites[:, :, None] & moves
        masks[digging[:, None], t.dig_number.reshape(-1)[None, :]] = allowed.reshape(
            len(digging), t.sites * (COMPASS_MOVES + 1))
        placing = np.flatnonzero(self.phase == Phase.PLACE)
        free = (self.board[placing] != EMPTY) & (self.tokens[placing] == 0)
        masks[placing[:, None], t.place_number[None, :]] = free
        return masks

    def observe(self, seats: Ints) -> Floats:
        """Each game's `observe_state(state, seats[g])`, the seat's observation vector."""
        t = self.tables
        g, n, top = self.num_games, t.players, self.game.max_players
        out = np.zeros((g, self.observation_size), dtype=np.float32)
        out[self.rows, self.phase] = 1.0
        at = len(PHASES)
        current = np.where(self.phase == Phase.OVER, -1, self.seat)
        relative = (seats[:, None] + np.arange(top)[None, :]) % n
        out[:, at : at + top] = relative == current[:, None]
        at += top
        out[:, at] = self.abandoned / len(self.game.components.sites)
        out[:, at + 1] = self.deck_left / CHANCE_CARDS
        out[:, at + 2] = self.pending / 3
        at += 3
        sites = out[:, at : at + t.sites * SITE_FEATURES]
        self._sites(np.reshape(sites, (g, t.sites, SITE_FEATURES), copy=False))
        at += len(self.game.components.sites) * SITE_FEATURES
        board_size = len(KINDS) + 4 + t.cards
        boards = self._boards()
        order = (seats[:, None] + np.arange(n)[None, :]) % n
        out[:, at : at + n * board_size] = boards[self.rows[:, None], order].reshape(g, -1)
        at += top * board_size
        missions = np.arange(t.missions)
        own = self.mission[self.rows, seats][:, None] == missions[None, :]
        dealt = (self.dealt[self.rows, seats][:, :, None] == missions[None, None, :]).any(axis=1)
        out[:, at:] = np.stack([own, dealt], axis=2).reshape(g, -1)
        return out

    def _sites(self, block: Floats) -> None:
        """Per site in play, written into `block` (the observations' part, not a copy):
        abandoned, pickaxe on its label, then each space's features."""
        t = self.tables
        shape = (self.num_games, t.sites, SITE_TILES, CELL_FEATURES)
        block[:, :, 0] = self.left == 0
        block[:, :, 1] = self.pickaxe == ON_LABEL
        cells = np.reshape(block[:, :, 2:], shape, copy=False)
        cells[...] = np.reshape(t.features[self.board + 1], shape)
        cells[:, :, :, TOKEN_AT] = np.reshape(self.tokens / 3, shape[:3])
        games, sites = np.nonzero(self.pickaxe != ON_LABEL)
        cells[games, sites, self.pickaxe[games, sites], PICKAXE_AT] = 1.0

    def _boards(self) -> Floats:
        """Per seat: tiles/10 by kind, tokens/20, used cards/10, closed shop/2, mission kept,
        kept cards by type."""
        parts = (
            self.counts / 10,
            (self.money / 20)[:, :, None],
            (self.used / 10)[:, :, None],
            (self.closed_shop / 2)[:, :, None],
            (self.mission != EMPTY)[:, :, None],
            self.kept,
        )
        return np.concatenate(parts, axis=2).astype(np.float32)


def _shuffle(items: Ints, picks: Ints, at: int) -> int:
    """`Random.shuffle` of each row of `items`, with its draws from column `at` of `picks`;
    returns the column after the last draw used."""
    rows = np.arange(len(items))
    for i in reversed(range(1, items.shape[1])):
        j = picks[:, at]
        at += 1
        swapped = items[rows, j]
        items[rows, j] = items[:, i]
        items[:, i] = swapped
    return at


def _type_count(counts: Ints, sizes: Ints, name: str) -> Ints:
    """Tiles of a scoring type, or of one kind (`scoring.type_count`)."""
    if name in TYPES:
        return sizes[:, :, TYPES.index(name)]
    return counts[:, :, KINDS.index(name)]
