"""Stepping through a saved game, as one seat saw it or as a spectator."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from motherlode.engine import State, View
from motherlode.engine.scoresheet import plain

from .common import Step, transcript
from .render import drawing_for, event_line, seat_of
from .scoresheet import sheet_of, sheet_table

KEYS = "[bold]Enter[/] next · [bold]b[/] back · [bold]q[/] quit"


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
        return lines or Text(f"seat {step.seat} played", style="bold")

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
        """Enter for the next step, `b` back, `q` quit; end of input quits."""
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
                self.console.print(Text.from_markup(f"unknown key {escape(repr(key))}: {KEYS}"))
                continue
            self.show(index)
