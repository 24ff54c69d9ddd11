"""Stepping through a saved game, as one seat saw it or as a spectator."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from motherlode.engine import State, View
from motherlode.engine.scoresheet import plain

from .common import Step, transcript
from .render import drawing_for, event_line, seat_of
from .scoresheet import sheet_of, sheet_table

KEYS = ("[bold]Enter[/] next · [bold]b[/] back · [bold]r N[/] round N · [bold]m[/] your next "
        "move · [bold]mb[/] your last move · [bold]e[/] end · [bold]N[/] step N · [bold]q[/] quit")

#: What a game counts its stages in, by the view key that holds it: rounds (Pay Dirt, Saboteur),
#: turns (Dig It Up); Pay Day counts months per seat (`seats[i].month`).
STAGE_KEYS = ("round", "turn")


def stage(view: View) -> tuple[str, int] | None:
    """The view's round (or Dig It Up's turn, Pay Day's month: the furthest seat's), by name."""
    body = cast(Mapping[str, Any], view)
    for key in STAGE_KEYS:
        value = body.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return key, value
    seats = body.get("seats")
    if isinstance(seats, list) and seats and all(isinstance(s, Mapping) for s in seats):
        months = [s.get("month") for s in seats]
        if all(isinstance(m, int) for m in months):
            return "month", max(cast(list[int], months))
    return None


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after `index` actions, as the chosen seat saw it, and the action that led here."""

    index: int
    step: Step | None
    view: View


def frames(state: State, seat: int | None) -> list[Frame]:
    """Every position of `state`'s game, from the set-up to the end, seen by `seat`."""
    steps = transcript(state)
    position = state.game.new_game(state.seed)
    result = [Frame(0, None, position.view(seat))]
    for index, (action, step) in enumerate(zip(state.history, steps, strict=True), 1):
        position.apply_unchecked(action)
        result.append(Frame(index, step, position.view(seat)))
    return result


class Replay:
    """A saved game, step by step."""

    def __init__(self, state: State, seat: int | None, console: Console) -> None:
        self.state = state
        self.seat = seat
        self.console = console
        self.frames = frames(state, seat)
        self.render = drawing_for(state.game.name)

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def show(self, index: int) -> None:
        frame = self.frames[index]
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        title = f"{self.state.game.title} · step {index}/{self.last} · seen by {who}"
        self.console.print()
        self.console.print(Rule(Text(title)))
        if frame.step is None:
            # The seed replays the hidden set-up, so only the spectator's replay shows it.
            seed = f" (seed {self.state.seed})" if self.seat is None else ""
            self.console.print(Text(f"set-up{seed}", style="dim"))
        else:
            self.console.print(self.what_happened(index))
        self.render(frame.view, self.console)
        if index == self.last:
            self.show_end()

    def what_happened(self, index: int) -> Text:
        """The events of the step that led to frame `index`, as the chosen seat may know them."""
        frame, before = self.frames[index], self.frames[index - 1]
        step = frame.step
        if step is None:  # the set-up has no step; show() never asks for it
            return Text("set-up", style="dim")
        lines = Text()
        for event in frame.view["log"][len(before.view["log"]) :]:
            seat = seat_of(event)
            lines.append(f"seat {seat}" if seat is not None else "table", style="bold")
            lines.append(": ")
            lines.append_text(event_line(event))
            lines.append("\n")
        lines.rstrip()
        if lines:
            return lines
        who = "a spectator" if self.seat is None else f"seat {self.seat}"
        return Text(f"seat {step.seat} made a move kept secret from {who} (it shows once the "
                    "rules reveal it)", style="bold")

    # --- jumps ----------------------------------------------------------------------------------
    def jump(self, index: int, key: str) -> int | str:
        """The frame the key `key` leads to from frame `index`, or why it leads nowhere."""
        words = key.split()
        if key in ("e", "end"):
            return self.last
        if key in ("s", "start"):
            return 0
        if key.isdigit():
            return int(key) if int(key) <= self.last else f"the game has steps 0..{self.last}"
        if key in ("m", "mine", "mb"):
            return self.own_move(index, back=key == "mb")
        if words and words[0] in ("r", "round", "month", "turn") and len(words) == 2 \
                and words[1].isdigit():
            return self.stage_start(int(words[1]))
        return f"unknown key {key!r}"

    def own_move(self, index: int, back: bool) -> int | str:
        """The frame after the chosen seat's next (or last) move."""
        if self.seat is None:
            return "a spectator has no moves of its own: replay with --seat K, or jump with 'r N'"
        order = range(index - 1, 0, -1) if back else range(index + 1, len(self.frames))
        for i in order:
            step = self.frames[i].step
            if step is not None and step.seat == self.seat:
                return i
        return f"seat {self.seat} has no {'earlier' if back else 'later'} move"

    def stage_start(self, number: int) -> int | str:
        """The first frame of round (month, turn) `number`."""
        for frame in self.frames:
            found = stage(frame.view)
            if found is None:
                return "this game has no rounds to jump to: use a step number"
            if found[1] >= number:
                return frame.index if found[1] == number else \
                    f"there is no {found[0]} {number}"
        last = stage(self.frames[-1].view)
        name = last[0] if last else "round"
        return f"the game ended in {name} {last[1] if last else '?'}"

    def show_end(self) -> None:
        if not self.state.is_terminal:
            self.console.print(Text("(the saved game was not finished)", style="dim"))
            return
        sheet = sheet_of(self.state.view(None)) or plain(self.state.scores(),
                                                          self.state.winners())
        self.console.print(sheet_table(sheet, lambda seat: f"seat {seat}"))

    def print_all(self) -> None:
        """Every step, one after another, without asking (for scripts)."""
        for index in range(len(self.frames)):
            self.show(index)

    def step_through(self, read_line: Callable[[str], str] | None = None) -> None:
        """Enter for the next step, `b` back, `q` quit, and the jumps of `jump` (a round, the
        end, a step, the chosen seat's own moves); end of input quits."""
        read = read_line or (lambda prompt: self.console.input(prompt))
        index = 0
        self.show(index)
        while True:
            try:
                key = read(f"{KEYS} > ").strip().lower()
            except EOFError:
                self.console.print()
                return
            if key in ("q", "quit", "exit"):
                return
            if key in ("b", "back"):
                if index == 0:
                    self.console.print(Text("already at the set-up", style="dim"))
                    continue
                index -= 1
            elif key in ("", "n", "next"):
                if index == self.last:
                    return
                index += 1
            else:
                target = self.jump(index, key)
                if isinstance(target, str):
                    self.console.print(Text(f"{target}; keys: ", style="red").append_text(
                        Text.from_markup(KEYS)))
                    continue
                index = target
            self.show(index)
