"""How well the Saboteur heuristic's suspicions pick out the real Saboteurs.

    .venv/bin/python benchmarks/saboteur_suspicions.py --players 7 --games 20 --seed 2000

The search deals the roles it has not seen as the heuristic suspects them
(`SaboteurHeuristic.saboteur_chances`, read by `search_saboteur.believed_sample`). This plays
heuristic games and, at every third decision of a round that is a turn, asks the seat to move
for its chances, then compares them with the dwarves dealt (known here, never to the bot):
per stretch of the round (its decisions so far), the mean chance given to the real Saboteurs
and to the others, the Brier score (mean squared error; a guess of the true share of Saboteurs
for everyone scores the last line), and how often the top suspect is a Saboteur (positions
where the seat has a Saboteur among the others).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import motherlode
from motherlode.bots import make_bot
from motherlode.bots.saboteur_heuristic import SaboteurHeuristic
from motherlode.bots.search_saboteur import side
from motherlode.rules.saboteur import SaboteurState

STRETCH = 10  # decisions of a round per line


@dataclass
class Tally:
    """Chances given at one stretch of the rounds."""

    on_saboteurs: float = 0.0
    saboteurs: int = 0
    on_others: float = 0.0
    others: int = 0
    squared: float = 0.0
    top_right: int = 0
    tops: int = 0
    uniform_squared: float = 0.0

    def add(self, chances: list[float], truth: list[bool], seat: int) -> None:
        """One position: the chances the seat gives the others, against the truth."""
        others = [s for s in range(len(truth)) if s != seat]
        for s in others:
            if truth[s]:
                self.on_saboteurs += chances[s]
                self.saboteurs += 1
            else:
                self.on_others += chances[s]
                self.others += 1
            self.squared += (chances[s] - truth[s]) ** 2
        count = sum(truth[s] for s in others)
        if count:
            top = max(others, key=lambda s: chances[s])
            self.top_right += truth[top]
            self.tops += 1
        share = count / len(others)
        self.uniform_squared += sum((share - truth[s]) ** 2 for s in others)


def run(players: int, games: int, seed: int) -> dict[int, Tally]:
    """Play `games` heuristic games from `seed`; the tallies by stretch of the round."""
    game = motherlode.load("saboteur", players=players)
    tallies: dict[int, Tally] = {}
    for g in range(games):
        state = game.new_game(seed + g)
        if not isinstance(state, SaboteurState):
            raise TypeError("a Saboteur game makes Saboteur states")
        bots = [make_bot("heuristic", game, p, (seed + g) * 10 + p) for p in range(players)]
        step, this_round = 0, state.round
        while (seat := state.current_player) is not None:
            view, legal = state.view(seat), state.legal_actions()
            step = step + 1 if state.round == this_round else 1
            this_round = state.round
            bot = bots[seat]
            if view["phase"] == "turn" and step % 3 == 0 and isinstance(bot, SaboteurHeuristic):
                truth = [side(state, d) == "saboteur" for d in state.dwarves]
                tally = tallies.setdefault(min(step // STRETCH, 5), Tally())
                tally.add(bot.saboteur_chances(view), truth, seat)
            state.apply(bot.choose(view, legal))
    return tallies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2000)
    args = parser.parse_args()
    tallies = run(args.players, args.games, args.seed)
    print("| decisions into the round | chance on Saboteurs | on the others | Brier "
          "| Brier, true share for all | top suspect a Saboteur |")
    print("|---|---|---|---:|---:|---|")
    for stretch in sorted(tallies):
        t = tallies[stretch]
        shown = f"{stretch * STRETCH}-{stretch * STRETCH + STRETCH - 1}" if stretch < 5 \
            else f"{stretch * STRETCH}+"
        pairs = t.saboteurs + t.others
        print(f"| {shown} | {t.on_saboteurs / max(t.saboteurs, 1):.3f} (n={t.saboteurs}) "
              f"| {t.on_others / max(t.others, 1):.3f} (n={t.others}) "
              f"| {t.squared / max(pairs, 1):.3f} | {t.uniform_squared / max(pairs, 1):.3f} "
              f"| {t.top_right / max(t.tops, 1):.3f} of {t.tops} |")


if __name__ == "__main__":
    main()
