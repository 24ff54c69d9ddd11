"""Train a masked PPO agent on Dig It Up against our bots, then measure its win share.

    pip install -c requirements/constraints.txt torch==2.13.0   # the CPU wheel first
    pip install -c requirements/constraints.txt -e ".[train]"
    nice -n 10 python examples/train_digitup.py --timesteps 200000 --seed 1

The learner is sb3-contrib's `MaskablePPO` (stable-baselines3, PyTorch, on the CPU). Each of
its environments is one slot of `motherlode.adapters.vector.MotherlodeVectorEnv`: the learner
at one seat, our bots at the others, the reward the learner's share of the win at the end.
Training slots take turns for the learner's seat and for the opponents (`--train-opponents`).

Evaluation plays `--eval-games` seeded games against each of the random and the greedy bot,
the learner's seat rotating over the seats (game i: seat i mod players, seed eval_seed + i),
the policy choosing its most likely legal action. The win share counts a tie among k winners
as 1/k; its 95% Wilson interval is `motherlode.sim.stats.wilson_interval`. A fair share is
1/players. The report (markdown) goes to `--out`.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from motherlode.adapters.vector import MotherlodeVectorEnv
from motherlode.sim.stats import wilson_interval

GAME = "digitup"
EVAL_OPPONENTS = ("random", "greedy")


class SlotEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """One game at a time for the learner at `seat` against `opponent` bots, with masks."""

    def __init__(self, players: int, seat: int, opponent: str, seed: int) -> None:
        self.games = MotherlodeVectorEnv(GAME, 1, opponents=opponent, seat=seat, players=players)
        self.observation_space = gym.spaces.Box(
            -np.inf, np.inf, (self.games.game.observation_size,), np.float32
        )
        self.action_space = gym.spaces.Discrete(self.games.game.num_actions)
        self._first_seed = seed
        self._next: dict[str, npt.NDArray[Any]] | None = None
        self._mask = np.zeros(self.games.game.num_actions, dtype=bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """The first game from `seed` (or the slot's own); later, the game the slot dealt next."""
        if seed is not None or self._next is None:
            batch, _ = self.games.reset(seed=self._first_seed if seed is None else seed)
        else:
            batch = self._next
        return self._take(batch), {}

    def step(
        self, action: np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        batch, rewards, terminations, _, infos = self.games.step([int(action)])
        ended = bool(terminations[0])
        self._next = batch
        if ended:
            last: npt.NDArray[np.float32] = infos["final_obs"][0]["observation"]
            return last, float(rewards[0]), True, False, {}
        return self._take(batch), 0.0, False, False, {}

    def _take(self, batch: dict[str, npt.NDArray[Any]]) -> npt.NDArray[np.float32]:
        self._mask = batch["action_mask"][0].astype(bool)
        observation: npt.NDArray[np.float32] = batch["observation"][0]
        return observation

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the learner now (MaskablePPO asks for them every step)."""
        return self._mask


def training_envs(args: argparse.Namespace) -> DummyVecEnv:
    """`--envs` slots; slot i: seat i mod players, opponent i mod len(--train-opponents)."""
    opponents = args.train_opponents.split(",")

    def make(i: int) -> Any:
        seat, opponent = i % args.players, opponents[i % len(opponents)]
        return lambda: SlotEnv(args.players, seat, opponent, args.seed * 1_000 + i)

    return DummyVecEnv([make(i) for i in range(args.envs)])


class Deadline(BaseCallback):
    """Stop training after `minutes` of wall time (the timesteps reached are reported)."""

    def __init__(self, minutes: float) -> None:
        super().__init__()
        self.end = time.perf_counter() + 60 * minutes

    def _on_step(self) -> bool:
        return time.perf_counter() < self.end


@dataclass(frozen=True)
class Share:
    """The learner's wins (ties shared) over `games` games against one bot."""

    opponent: str
    wins: float
    games: int

    @property
    def share(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def evaluate(model: MaskablePPO, players: int, opponent: str, games: int, seed: int) -> Share:
    """`games` games, game i with the learner at seat i mod players and seed `seed + i`."""
    wins = 0.0
    for seat in range(players):
        seeds = [seed + i for i in range(seat, games, players)]
        if seeds:
            wins += _play_once(model, players, seat, opponent, seeds)
    return Share(opponent, wins, games)


def _play_once(
    model: MaskablePPO, players: int, seat: int, opponent: str, seeds: list[int]
) -> float:
    """Play one game from each seed (all at once) and sum the learner's returns."""
    envs = MotherlodeVectorEnv(GAME, len(seeds), opponents=opponent, seat=seat, players=players)
    batch, _ = envs.reset(seed=seeds)
    result = np.full(len(seeds), np.nan)
    while np.isnan(result).any():
        actions, _ = model.predict(
            batch["observation"], action_masks=batch["action_mask"].astype(bool), deterministic=True
        )
        batch, rewards, terminations, _, _ = envs.step(actions)
        first = terminations & np.isnan(result)
        result[first] = rewards[first]
    return float(result.sum())


def report(
    args: argparse.Namespace, steps: int, seconds: float, load: str, shares: list[Share]
) -> str:
    fair = 1 / args.players
    lines = [
        "# A policy that learns: masked PPO on Dig It Up",
        "",
        "Made by `examples/train_digitup.py` (README, research section). Command:",
        "",
        "```",
        f"nice -n 10 python examples/train_digitup.py --players {args.players} "
        f"--timesteps {args.timesteps} --max-minutes {args.max_minutes} --seed {args.seed} "
        f"--envs {args.envs} "
        f"--train-opponents {args.train_opponents} --eval-games {args.eval_games} "
        f"--eval-seed {args.eval_seed}",
        "```",
        "",
        f"- Learner: sb3-contrib {_version('sb3_contrib')} `MaskablePPO` (`MlpPolicy`, "
        f"stable-baselines3 {_version('stable_baselines3')}, torch {torch.__version__}, "
        f"{torch.get_num_threads()} thread), seed {args.seed}, {steps} timesteps (learner "
        f"decisions) of the {args.timesteps} asked, {args.envs} environments.",
        f"- Training opponents: {args.train_opponents} (slot i: seat i mod {args.players}).",
        f"- Training wall time: {seconds / 60:.1f} min; load before and after: {load}.",
        f"- Evaluation: {args.eval_games} games against each bot, game i with the learner at "
        f"seat i mod {args.players} and seed {args.eval_seed} + i, the most likely legal action.",
        f"- Fair share at {args.players} players: {fair:.3f}.",
        "",
        "| opponents | games | win share | 95% Wilson interval | interval clear of fair |",
        "|---|---|---|---|---|",
    ]
    for s in shares:
        low, high = s.interval
        clear = "above" if low > fair else "below" if high < fair else "no"
        lines.append(
            f"| {s.opponent} | {s.games} | {s.share:.3f} | {low:.3f} to {high:.3f} | {clear} |"
        )
    return "\n".join(lines) + "\n"


def _version(module: str) -> str:
    return str(__import__(module).__version__)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--timesteps", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--train-opponents", default="random,random,random,greedy")
    parser.add_argument("--max-minutes", type=float, default=25.0, help="stop training then")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--eval-seed", type=int, default=1_000_000)
    parser.add_argument("--out", type=Path, default=None, help="the report (markdown)")
    parser.add_argument("--save", type=Path, default=None, help="the trained model (.zip)")
    args = parser.parse_args()
    torch.set_num_threads(1)  # a shared machine: one core for the network
    envs = training_envs(args)
    model = MaskablePPO(
        "MlpPolicy", envs, n_steps=256, batch_size=256, learning_rate=3e-4,
        gamma=1.0, ent_coef=0.01, seed=args.seed, verbose=0,
    )  # fmt: skip
    load = _load()
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps, callback=Deadline(args.max_minutes))
    seconds = time.perf_counter() - start
    load += " / " + _load()
    if args.save:
        model.save(args.save)
    shares = [
        evaluate(model, args.players, opponent, args.eval_games, args.eval_seed)
        for opponent in EVAL_OPPONENTS
    ]
    text = report(args, model.num_timesteps, seconds, load, shares)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
