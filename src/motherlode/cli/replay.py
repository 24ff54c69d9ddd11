"""Stepping through a saved game, as one seat saw it or as a spectator."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from motherlode.engine import JSON, State

from .common import Step, transcript, view_log
from .render import drawing_for

KEYS = "[bold]Enter[/] next · [bold]b[/] back · [bold]q[/] quit"


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after `index` actions, as the chosen seat saw it, and the action that led here."""

    index: int
    step: Step | None
    view: JSON


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
        self.drawing = drawing_for(state.game.name)

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
        self.drawing.render(frame.view, self.console)
        if index == self.last:
            self.show_end()

    def what_happened(self, index: int) -> Text:
        """The step that led to frame `index`, as the chosen seat may know it: the new entries
        of the view's log when the game keeps one, else the action's text."""
        frame, before = self.frames[index], self.frames[index - 1]
        assert frame.step is not None  # every frame but the set-up has its step
        new_log, old_log = view_log(frame.view), view_log(before.view)
        if new_log is None or old_log is None:
            return Text.assemble(
                (f"seat {frame.step.seat}", "bold"), " played ", (frame.step.action, "cyan")
            )
        lines = Text()
        for event in new_log[len(old_log) :]:
            seat = event.get("seat")
            lines.append(f"seat {seat}" if seat is not None else "table", style="bold")
            lines.append(": ")
            lines.append_text(self.drawing.describe_event(event))
            lines.append("\n")
        lines.rstrip()
        return lines or Text(f"seat {frame.step.seat} played", style="bold")

    def show_end(self) -> None:
        if not self.state.is_terminal:
            self.console.print(Text("(the saved game was not finished)", style="dim"))
            return
        table = Table(title="Final scores")
        table.add_column("seat", justify="right")
        table.add_column("score", justify="right")
        table.add_column("")
        winners = self.state.winners()
        for seat, score in enumerate(self.state.scores()):
            mark = Text("winner", style="bold yellow") if seat in winners else Text("")
            table.add_row(str(seat), f"{score:g}", mark)
        self.console.print(table)

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
