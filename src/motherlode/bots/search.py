"""A determinized search bot: flat Monte Carlo over the first move, from the seat's view only.

Each iteration builds a full state the seat cannot tell from the real one (the game's
`state_from_view`, then `State.determinize(seat, rng)`), plays one candidate first move, rolls
out with a cheap greedy policy in every seat (the game's own in `_ROLLOUTS`, else its strongest
hand-written bot; a random legal move with probability `epsilon`), stops after `depth`
decisions or at the end, and scores the playout RELATIVE to the opponents: the seat's score
minus the best other seat's. The budget is spread by sequential halving: every candidate first
move gets playouts, the worse half is dropped, and so on, log2(candidates) rounds of an equal
share each; the best mean of the last round wins (a tie: the first legal). Where the game
ranks the candidates by a cheap heuristic (`_CANDIDATES`), the first candidate is the choice
of the game's strongest hand-written bot (from the same view), then the best others by the
ranking, `width` in all; the winner must beat the hand-written bot's choice by `confidence`
standard errors of their paired differences, else that choice stands. Candidates are
compared on common random numbers: each sample (one determinization, one rollout seed) is
played out from every candidate still in. Where a game's view names a phase in
`_HEURISTIC_PHASES` (Dig It Up's mission choice), the bot plays its heuristic instead.

The budget is `iterations` playouts a move and, optionally, `millis` milliseconds (whichever
runs out first; the first sample is always played out, one playout per legal move). With no
time limit the choice depends only on the seed and the view, so a game with search bots
replays bit for bit. The bot keeps no state between moves except its RNG and its rollout bots;
the states it builds are its own determinizations, dropped after the move.

Games: those with a `state_from_view` in `_INFOSETS` (all four). Where a game has an
evaluation (`_EVALUATIONS`: Pay Dirt counts the gold still to come, Pay Day the Bargains held
and bills due, Dig It Up the sets expected from the tiles still out), a playout cut short is
scored by it instead of `State.scores()`; where a game has `_DEFAULTS` (Dig It Up), its choice,
not the hand-written bot's, is the first candidate, the one that stands unless beaten; where it has
its own value (`_VALUES`, Saboteur: gold plus the round's expected share, against the best seat
outside the seat's side), that replaces the relative score; `_DECIDED` ends a playout early
(Saboteur: at the next round), `_SAMPLERS` replaces `determinize` (Saboteur: roles dealt as the
heuristic suspects them) and `_DEPTH_SCALE` lengthens a level's playouts (Pay Dirt).
Two hooks for a game's levels: `heuristic_depth` (a playout's first decisions made by fresh
hand-written bots) and `_playout_depth` (how long a playout from a sample may run).
"""

from __future__ import annotations

import functools
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from motherlode.engine import Action, Game, OptionError, State, View
from motherlode.rules.digitup import PHASES, DigItUp, DigItUpState, Phase
from motherlode.rules.payday import PayDay, PayDayState
from motherlode.rules.paydirt import PayDirt, PayDirtState
from motherlode.rules.saboteur import Saboteur, SaboteurState

from .base import Bot, Explains, bot_view, make_bot, strongest_bot
from .saboteur_heuristic import SaboteurHeuristic
from .search_digitup import candidates as digitup_candidates
from .search_digitup import potentials as digitup_potentials
from .search_digitup import rollout_policy as digitup_rollout
from .search_digitup import state_from_view as digitup_state_from_view
from .search_payday import candidates as payday_candidates
from .search_payday import evaluate as payday_evaluate
from .search_payday import rollout_policy as payday_rollout
from .search_payday import state_from_view as payday_state_from_view
from .search_paydirt import Planner
from .search_paydirt import candidates as paydirt_candidates
from .search_paydirt import rollout_policy as paydirt_rollout
from .search_paydirt import state_from_view as paydirt_state_from_view
from .search_saboteur import believed_sample
from .search_saboteur import candidates as saboteur_candidates
from .search_saboteur import relative_value as saboteur_value
from .search_saboteur import rollout_policy as saboteur_rollout
from .search_saboteur import state_from_view as saboteur_state_from_view

StateFromView = Callable[[Game, View], State]
RolloutPolicy = Callable[[State, random.Random], Action]


def _digitup(game: Game, view: View) -> State:
    if not isinstance(game, DigItUp):
        raise TypeError(f"the Dig It Up search plays Dig It Up, not {game.name}")
    return digitup_state_from_view(game, view)


def _digitup_rollout(state: State, rng: random.Random) -> Action:
    if not isinstance(state, DigItUpState):
        raise TypeError(f"the Dig It Up rollout plays Dig It Up, not {state.game.name}")
    return digitup_rollout(state, rng)


def _digitup_candidates(state: State, width: int) -> list[Action]:
    if not isinstance(state, DigItUpState):
        raise TypeError(f"the Dig It Up search plays Dig It Up, not {state.game.name}")
    return digitup_candidates(state, width)


def _digitup_potentials(state: State) -> list[float]:
    if not isinstance(state, DigItUpState):
        raise TypeError(f"the Dig It Up search plays Dig It Up, not {state.game.name}")
    return digitup_potentials(state)


def _digitup_default(state: State) -> Action | None:
    if not isinstance(state, DigItUpState):
        raise TypeError(f"the Dig It Up search plays Dig It Up, not {state.game.name}")
    return digitup_candidates(state, 1)[0] if state.phase == Phase.DIG else None


def _payday(game: Game, view: View) -> State:
    if not isinstance(game, PayDay):
        raise TypeError(f"the Pay Day search plays Pay Day, not {game.name}")
    return payday_state_from_view(game, view)


def _payday_state(state: State) -> PayDayState:
    if not isinstance(state, PayDayState):
        raise TypeError(f"the Pay Day search plays Pay Day, not {state.game.name}")
    return state


def _payday_rollout(state: State, rng: random.Random) -> Action:
    return payday_rollout(_payday_state(state), rng)


def _payday_candidates(state: State, width: int) -> list[Action]:
    return payday_candidates(_payday_state(state), width)


def _payday_evaluate(state: State) -> list[float]:
    return payday_evaluate(_payday_state(state))


def _scores(state: State) -> list[float]:
    return state.scores()


def _saboteur(game: Game, view: View) -> State:
    if not isinstance(game, Saboteur):
        raise TypeError(f"the Saboteur search plays Saboteur, not {game.name}")
    return saboteur_state_from_view(game, view)


def _saboteur_state(state: State) -> SaboteurState:
    if not isinstance(state, SaboteurState):
        raise TypeError(f"the Saboteur search plays Saboteur, not {state.game.name}")
    return state


def _saboteur_chances(bot: Bot, view: View) -> list[float]:
    if not isinstance(bot, SaboteurHeuristic):
        raise TypeError("the Saboteur search reads the Saboteur heuristic's suspicions")
    return bot.saboteur_chances(view)


@functools.cache
def _paydirt_planner(game: PayDirt) -> Planner:
    return Planner(game, 0, 0)


def _paydirt_state(state: State) -> PayDirtState:
    if not isinstance(state, PayDirtState):
        raise TypeError(f"the Pay Dirt search plays Pay Dirt, not {state.game.name}")
    return state


def _paydirt(game: Game, view: View) -> State:
    if not isinstance(game, PayDirt):
        raise TypeError(f"the Pay Dirt search plays Pay Dirt, not {game.name}")
    return paydirt_state_from_view(game, view)


def _paydirt_rollout(state: State, rng: random.Random) -> Action:
    played = _paydirt_state(state)
    return paydirt_rollout(_paydirt_planner(played.game), played, rng)


def _paydirt_candidates(state: State, width: int) -> list[Action]:
    played = _paydirt_state(state)
    return paydirt_candidates(_paydirt_planner(played.game), played, width)


def _paydirt_values(state: State) -> list[float]:
    played = _paydirt_state(state)
    planner = _paydirt_planner(played.game)
    return [planner.value(played, seat) for seat in range(played.game.num_players)]


#: game name -> a state agreeing with a seat's view, its hidden parts placeholders that
#: `determinize` resamples.
_INFOSETS: dict[str, StateFromView] = {
    "digitup": _digitup, "paydirt": _paydirt, "payday": _payday, "saboteur": _saboteur,
}
#: game name -> a cheap greedy rollout policy that reads the (determinized) state directly;
#: a game without one rolls out with its strongest bot, which reads each seat's view.
_ROLLOUTS: dict[str, RolloutPolicy] = {
    "digitup": _digitup_rollout,
    "paydirt": _paydirt_rollout,
    "payday": _payday_rollout,
    "saboteur": lambda state, rng: saboteur_rollout(_saboteur_state(state), rng),
}
#: game name -> the first moves worth searching from a state built from the view, best first
#: by the game's cheap heuristic, at most `width` where there are many (a game without one:
#: every legal action).
_CANDIDATES: dict[str, Callable[[State, int], list[Action]]] = {
    "digitup": _digitup_candidates,
    "paydirt": _paydirt_candidates,
    "payday": _payday_candidates,
    "saboteur": lambda state, width: saboteur_candidates(_saboteur_state(state), width),
}
#: game name -> each seat's worth where a playout stops short of the end (a game without one:
#: `State.scores()`): Pay Dirt's gold, the gold its board should still make and its cash; Pay
#: Day's money with the Bargains held, collect cards and bills due.
_EVALUATIONS: dict[str, Callable[[State], list[float]]] = {
    "paydirt": _paydirt_values, "payday": _payday_evaluate, "digitup": _digitup_potentials,
}
#: game name -> the first candidate, the choice that stands unless beaten, from the state
#: built from the view (None: the hand-written bot's choice, as in a game without one): Dig
#: It Up's best dig by the potential (each seat's sets expected over the tiles still out).
_DEFAULTS: dict[str, Callable[[State], Action | None]] = {"digitup": _digitup_default}
#: game name -> a playout's value to a seat (from the sample it started from to where it
#: stopped), relative to the opponents, where the scores alone say too little (Saboteur's
#: gold comes only at a round's end); a game without one: the seat's score minus the best
#: other seat's.
_VALUES: dict[str, Callable[[State, State, int], float]] = {
    "saboteur": lambda start, end, seat: saboteur_value(
        _saboteur_state(start), _saboteur_state(end), seat),
}
#: game name -> whether a playout from a sample has gone as far as it needs (Saboteur: into
#: the next round, whose dwarves are dealt anew); a game without one plays `depth` decisions.
_DECIDED: dict[str, Callable[[State, State], bool]] = {
    "saboteur": lambda start, end: _saboteur_state(end).round != _saboteur_state(start).round,
}
#: game name -> one determinization from the root state, given the seat's view and its
#: hand-written bot (Saboteur: the roles dealt as that bot suspects the players); a game
#: without one: `State.determinize(seat, rng)` of the root.
_SAMPLERS: dict[str, Callable[[State, int, random.Random, View, Bot], State]] = {
    "saboteur": lambda root, seat, rng, view, bot: believed_sample(
        _saboteur_state(root), seat, rng, _saboteur_chances(bot, view)),
}
#: game name -> how many times a level's `depth` its playouts go: a Pay Dirt auction's bidding
#: alone takes a dozen decisions, and a playout cut before the tile is sold judges nothing
#: (measured: depth 8, 24 and 48, docs/bots/search_paydirt.md).
_DEPTH_SCALE: dict[str, int] = {"paydirt": 6}
#: game name -> phases (the view's `phase`) where the search defers to the game's strongest
#: hand-written bot: Dig It Up's mission choice pays only at the end, past a short playout.
_HEURISTIC_PHASES: dict[str, frozenset[str]] = {
    "digitup": frozenset({PHASES[Phase.MISSIONS]}),
    # Pay Day's routine decisions (measured: docs/bots/search_payday.md)
    "payday": frozenset({"reroll", "order", "double", "repay", "owe", "collect", "protect",
                         "cancel", "answer", "join"}),
}


def search_games() -> list[str]:
    """The games the search bot can play."""
    return sorted(_INFOSETS)


@dataclass(frozen=True, slots=True)
class _Searched:
    """One move's search: the choice, the first moves searched (the hand-written bot's
    choice first where the game ranks them) and each one's playout scores (None: no search)."""

    action: Action
    candidates: list[Action]
    results: list[list[float]] | None
    ranked: bool


class SearchBot:
    """Flat Monte Carlo over determinizations with heuristic, epsilon-greedy rollouts."""

    iterations = 200
    millis: float | None = None
    depth = 12
    epsilon = 0.1
    #: standard errors by which a first move's playouts must beat the heuristic's first
    #: choice to be played instead (games with `_CANDIDATES`)
    confidence = 2.0
    #: the most first moves searched, ranked by the game's heuristic (`_CANDIDATES`)
    width = 4
    #: sequential halving over the first moves (the worse half dropped after each round of
    #: the budget) instead of the same number of playouts for each
    halving = True
    #: roll out with the strongest hand-written bot (through views) even where the game has
    #: a cheap rollout policy
    bot_rollouts = False
    #: deal the hidden parts as the game's `_SAMPLERS` weighs them (Saboteur: the roles by
    #: the heuristic's suspicions) where it has one, else uniformly (`determinize`)
    believed = True
    #: the first decisions of a playout made by the game's strongest hand-written bot in every
    #: seat (a fresh bot per seat and playout, reading that seat's view of the sample), the
    #: rest by the rollout policy (0: none)
    heuristic_depth = 0

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        from_view = _INFOSETS.get(game.name)
        if from_view is None:
            raise OptionError(
                f"the search bot cannot play {game.name} yet; it plays: "
                + ", ".join(search_games())
            )
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self._from_view = from_view
        self._rollout = _ROLLOUTS.get(game.name)
        self._evaluate = _EVALUATIONS.get(game.name, _scores)
        self._value = _VALUES.get(game.name)
        self._sampler = _SAMPLERS.get(game.name)
        self._decided = _DECIDED.get(game.name)
        self.depth = self.depth * _DEPTH_SCALE.get(game.name, 1)
        self._policy_name = strongest_bot(game.name)
        self._policy_seed = seed * 31 + seat
        self._policy: list[Bot] = [
            make_bot(self._policy_name, game, p, seed * 31 + p) for p in range(game.num_players)
        ]
        self.last_iterations = 0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self._search(view, legal).action

    def explain(self, view: View, legal: Sequence[Action]) -> tuple[Action, str]:
        """The search's choice and why (the `hint`): the hand-written bot's own reason where
        its choice stood, else what the playouts measured against that choice. Like the
        choice, the reason comes from the view and the bot's own determinizations only."""
        searched = self._search(view, legal)
        if searched.results is None:
            why = self._policy_reason(view, legal, searched.action)
            return searched.action, why or "the only legal move"
        playouts = sum(len(r) for r in searched.results)
        if searched.ranked and searched.action == searched.candidates[0]:
            why = self._policy_reason(view, legal, searched.action)
            first = why or "the move it ranks first before searching"
            return searched.action, (
                f"{first}; {playouts} playouts of up to {self.depth} decisions found no other "
                f"move better by {self.confidence:g} standard errors")
        mine = searched.results[searched.candidates.index(searched.action)]
        if not searched.ranked:
            return searched.action, (
                f"the best of {len(searched.candidates)} moves over {playouts} playouts of up "
                f"to {self.depth} decisions: {statistics.fmean(mine):+.1f} on average, its "
                "score less the best opponent's")
        diffs = [a - b for a, b in zip(mine, searched.results[0], strict=False)]
        error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        return searched.action, (
            f"{playouts} playouts of up to {self.depth} decisions scored it "
            f"{statistics.fmean(diffs):+.1f} (standard error {error:.1f}) above the "
            f"{self._policy_name} bot's choice, on its score less the best opponent's")

    def _policy_reason(self, view: View, legal: Sequence[Action], action: Action) -> str | None:
        """The hand-written bot's reason if `action` is that bot's choice too and it gives
        reasons (a fresh bot seeded as this one's own, which is left undisturbed)."""
        policy = make_bot(self._policy_name, self.game, self.seat, self._policy_seed)
        if not isinstance(policy, Explains):
            return None
        chosen, why = policy.explain(view, legal)
        return f"as the {self._policy_name} bot would: {why}" if chosen == action else None

    def _search(self, view: View, legal: Sequence[Action]) -> _Searched:
        """The choice, with the candidates searched and their playouts' scores (None where
        the bot did not search: one legal move, or a phase left to its heuristic)."""
        self.last_iterations = 0
        if len(legal) == 1:
            return _Searched(legal[0], list(legal), None, False)
        if view["phase"] in _HEURISTIC_PHASES.get(self.game.name, ()):
            return _Searched(self._policy[self.seat].choose(view, legal), list(legal), None,
                             False)
        root = self._from_view(self.game, view)
        ranked = _CANDIDATES.get(self.game.name)
        if ranked is not None:
            # The heuristic's own choice first, then the best others by the cheap ranking.
            default = self._default(root, view, legal)
            others = [a for a in ranked(root, self.width) if a != default]
            legal = [default, *others[: self.width - 1]]
        results: list[list[float]] = [[] for _ in legal]
        deadline = None if self.millis is None else time.perf_counter() + self.millis / 1000
        alive = list(range(len(legal)))
        rounds = math.ceil(math.log2(len(legal))) if self.halving else 1
        for _ in range(rounds):
            for _ in range(max(1, self.iterations // rounds // len(alive))):
                if self.last_iterations and self._spent(len(alive), deadline):
                    break
                # Common random numbers: every candidate meets the same determinization, dice
                # and rollout choices, so their difference is the move's, not the luck's.
                sample = self._sample(root, view)
                luck = self.rng.randrange(2**32)
                for i in alive:
                    results[i].append(self._playout(sample, legal[i], random.Random(luck)))
                self.last_iterations += len(alive)
            alive.sort(key=lambda i: statistics.fmean(results[i]) if results[i] else -math.inf,
                       reverse=True)
            del alive[max(1, (len(alive) + 1) // 2):]
        best = alive[0]
        candidates = list(legal)
        if ranked is not None and best != 0 and not self._surely_better(results[best], results[0]):
            best = 0
        return _Searched(candidates[best], candidates, results, ranked is not None)

    def _default(self, root: State, view: View, legal: Sequence[Action]) -> Action:
        """The choice that stands unless beaten: the game's `_DEFAULTS`, else (or where it
        has none for this decision) the hand-written bot's."""
        chosen = _DEFAULTS[self.game.name](root) if self.game.name in _DEFAULTS else None
        return chosen if chosen is not None else self._policy[self.seat].choose(view, legal)

    def _sample(self, root: State, view: View) -> State:
        """One determinization of the root (the game's `_SAMPLERS`, else `determinize`)."""
        if self._sampler is None or not self.believed:
            return root.determinize(self.seat, self.rng)
        return self._sampler(root, self.seat, self.rng, view, self._policy[self.seat])

    def _surely_better(self, challenger: list[float], default: list[float]) -> bool:
        """Whether the playouts show `challenger` better than the heuristic's first choice by
        more than `confidence` standard errors of their paired differences (the samples both
        met, the first ones: the default was in from the start)."""
        diffs = [a - b for a, b in zip(challenger, default, strict=False)]
        if len(diffs) < 2:
            return False
        spread = statistics.stdev(diffs)
        mean = statistics.fmean(diffs)
        return mean > 0 and mean * math.sqrt(len(diffs)) > self.confidence * spread

    def _spent(self, more: int, deadline: float | None) -> bool:
        """Whether `more` playouts would pass the budget of iterations, or the time is up."""
        if self.last_iterations + more > self.iterations:
            return True
        return deadline is not None and time.perf_counter() > deadline

    def _playout(self, sample: State, first: Action, rng: random.Random) -> float:
        """`first` then the rollout, on a copy of the determinization `sample`: the first
        `heuristic_depth` decisions by fresh hand-written bots, then the rollout policy, up to
        `_playout_depth` decisions; the seat's score minus the best opponent's where the
        playout stops."""
        state = sample.clone()
        state.apply_unchecked(first)
        fresh: dict[int, Bot] = {}
        for step in range(self._playout_depth(sample)):
            seat = state.current_player
            if seat is None or (self._decided is not None and self._decided(sample, state)):
                break
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif step < self.heuristic_depth:
                bot = fresh.get(seat)
                if bot is None:
                    bot = fresh[seat] = make_bot(self._policy_name, self.game, seat,
                                                 rng.randrange(2**32))
                action = bot.choose(bot_view(state, seat, bot), legal)
            elif rng.random() < self.epsilon:
                action = legal[rng.randrange(len(legal))]
            elif self._rollout is not None and not self.bot_rollouts:
                action = self._rollout(state, rng)
            else:
                policy = self._policy[seat]
                action = policy.choose(bot_view(state, seat, policy), legal)
            state.apply_unchecked(action)
        if self._value is not None:
            return self._value(sample, state, self.seat)
        return self._relative(self._evaluate(state))

    def _playout_depth(self, sample: State) -> int:
        """The most decisions of a playout from `sample`: the level's `depth`."""
        return self.depth

    def _relative(self, scores: list[float]) -> float:
        mine = scores[self.seat]
        return mine - max(s for p, s in enumerate(scores) if p != self.seat)


class EasySearch(SearchBot):
    """A light search: few playouts, short and noisy, trusted over its heuristic at once."""

    iterations = 24
    depth = 4
    epsilon = 0.3
    confidence = 0.0


class MediumSearch(SearchBot):
    """The default search."""

    iterations = 120
    depth = 8


class HardSearch(SearchBot):
    """The search with more playouts."""

    iterations = 300
    depth = 8
