"""A game at the terminal: one human seat, bots in the others.

The human sees what their seat's view holds and nothing more; bots get their own seat's view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from motherlode.bots import Bot, make_bot
from motherlode.engine import (
    Action,
    ActionSyntaxError,
    IllegalAction,
    OptionError,
    State,
    View,
)
from motherlode.engine.savefile import dumps
from motherlode.sim import SimulationError, bot_seed

from . import decide
from .common import write_save
from .render import drawing_for, event_line, seat_of

HELP = """\
[bold]How to play[/bold]
  Type the [cyan]number[/cyan] of an option (e.g. [cyan]1[/cyan]), an action's text \
(e.g. [cyan]{example}[/cyan]),
  or for a number range its word and an amount (e.g. [cyan]bid 3000[/cyan] or \
[cyan]bid $3,000[/cyan]).
  [cyan]view[/cyan]          draw the table again
  [cyan]actions[/cyan]       list your options again
  [cyan]save[/cyan] [FILE]   write the game to FILE (default: the --save file); play on
  [cyan]quit[/cyan]          leave the game (it is saved first if --save was given)
  [cyan]help[/cyan]          this help"""

QUIT = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")


def seat_table(players: int, human: int, bots: Sequence[str]) -> dict[int, str]:
    """Who sits where: the human at `human`, the bots (comma list cycled) in the other seats."""
    if not bots:
        raise OptionError("no bot given; name at least one with --bots, e.g. --bots random")
    others = [seat for seat in range(players) if seat != human]
    return {seat: bots[i % len(bots)] for i, seat in enumerate(others)}


class PlaySession:
    """One human seat at a game; bots play the rest. `run` returns the exit status."""

    def __init__(
        self,
        state: State,
        human: int,
        bots: dict[int, str],
        console: Console,
        *,
        save_path: Path | None = None,
        read_line: Callable[[str], str] | None = None,
    ) -> None:
        self.state = state
        self.game = state.game
        self.human = human
        self.bot_names = bots
        self.bots: dict[int, Bot] = {
            seat: make_bot(name, self.game, seat, bot_seed(state.seed, seat))
            for seat, name in bots.items()
        }
        self.console = console
        self.save_path = save_path
        self.read_line = read_line or (lambda prompt: console.input(prompt))
        self.render = drawing_for(self.game.name)

    # --- who is who -------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        return "you" if seat == self.human else self.bot_names[seat]

    def seat_label(self, seat: int) -> Text:
        if not 0 <= seat < self.game.num_players:
            return Text(f"seat {seat}", style="bold")
        style = "bold green" if seat == self.human else "bold"
        return Text(f"seat {seat} ({self.who(seat)})", style=style)

    # --- the session --------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the end or until the human quits; 0 either way (130 on Ctrl-C)."""
        self.intro()
        try:
            while (seat := self.state.current_player) is not None:
                if seat == self.human:
                    if not self.human_turn():
                        self.leave()
                        return 0
                else:
                    self.bot_turn(seat)
        except KeyboardInterrupt:
            self.console.print()
            self.leave()
            return 130
        self.finish()
        return 0

    def intro(self) -> None:
        game = self.game
        options = ", ".join(f"{k}={v}" for k, v in game.options.items())
        self.console.print(Rule(Text(f"{game.title}", style="bold yellow")))
        # The seed replays the hidden set-up (missions, deck order): a player sees it at the end.
        self.console.print(Text(options, style="dim"))
        seats = Text(" · ").join(self.seat_label(s) for s in range(game.num_players))
        self.console.print(seats)
        self.console.print(Text("Type 'help' at the prompt for how to play.", style="dim"))

    def bot_turn(self, seat: int) -> None:
        legal = self.state.legal_actions()
        action = self.bots[seat].choose(self.state.view(seat), legal)
        if action not in legal:
            raise SimulationError(
                f"bot {self.bot_names[seat]!r} in seat {seat} chose {action}, which is not legal"
            )
        self.state.apply_unchecked(action)

    def human_turn(self) -> bool:
        """Draw the table and ask until a legal action is taken; False if the human leaves."""
        legal = self.state.legal_actions()
        self.draw(legal)
        while True:
            try:
                text = self.read_line(f"[bold green]seat {self.human}[/] > ").strip()
            except EOFError:
                self.console.print()
                return False
            action = self.answer(text, legal)
            if action is None:
                continue
            if action is QUIT_SIGNAL:
                return False
            try:
                self.state.apply(action)
            except IllegalAction as err:
                self.console.print(Text(str(err), style="red"))
                continue
            return True

    def answer(self, text: str, legal: list[Action]) -> Action | None:
        """The action `text` names, QUIT_SIGNAL, or None after handling a command or a mistake."""
        word, _, rest = text.partition(" ")
        command = word.lower()
        if not text:
            return None
        if command in QUIT and not rest:
            return QUIT_SIGNAL
        if command in HELP_WORDS and not rest:
            self.help(legal)
            return None
        if command in ("view", "board") and not rest:
            self.draw(legal)
            return None
        if command in ("actions", "legal") and not rest:
            self.show_legal(legal)
            return None
        if command == "save":
            self.save(Path(rest.strip()) if rest.strip() else None)
            return None
        decision = self.state.view(self.human)["decision"]
        if decision is None:  # cannot happen: the human decides now
            raise IllegalAction("the human has no decision to answer")
        try:
            chosen = decide.read(decision, text)
        except decide.Unreadable as err:
            action = self._legal_text(text, legal)
            if action is None:
                self.console.print(Text(str(err), style="red"))
            return action
        try:
            return self.game.parse_action(chosen or text)
        except ActionSyntaxError as err:
            self.console.print(Text(str(err), style="red"))
            self.console.print(Text("type 'actions' to list your options, 'help' for how",
                                    style="dim"))
            return None

    def _legal_text(self, text: str, legal: list[Action]) -> Action | None:
        """The legal action written `text` in the game's own notation, if any."""
        try:
            action = self.game.parse_action(text)
        except ActionSyntaxError:
            return None
        return action if action in legal else None

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, legal: list[Action]) -> None:
        step = len(self.state.history)
        self.console.print()
        self.console.print(
            Rule(Text(f"{self.game.title} · step {step} · your move, seat {self.human}"))
        )
        view = self.state.view(self.human)
        self.render(view, self.console)
        self.show_recent(view)
        self.show_legal(legal)

    def recent(self, view: View) -> list[tuple[int | None, Text]]:
        """The human's last turn and what happened since, as the human may know it."""
        events = [(seat_of(event), event_line(event)) for event in view["log"]]
        mine = [i for i, (seat, _) in enumerate(events) if seat == self.human]
        if not mine:
            return events
        start = mine[-1]  # the human's own last turn too (what the die gave them) ...
        while start > 0 and events[start - 1][0] == self.human:  # ... all of it
            start -= 1
        return events[start:]

    def show_recent(self, view: View) -> None:
        recent = self.recent(view)
        if not recent:
            return
        lines = Text("Since your last turn:\n", style="bold")
        for seat, event in recent:
            lines.append("  ")
            lines.append_text(self.seat_label(seat) if seat is not None else Text("table"))
            lines.append("  ")
            lines.append_text(event)
            lines.append("\n")
        self.console.print(lines, end="")

    def show_legal(self, legal: list[Action]) -> None:
        """The decision: numbered options with their card text, ranges and cells a line each."""
        decision = self.state.view(self.human)["decision"]
        if decision is None:
            return
        for line in decide.lines(decision):
            self.console.print(line)

    def help(self, legal: list[Action]) -> None:
        example = str(legal[0]) if legal else "1"
        self.console.print(HELP.format(example=example.replace("[", r"\[")))

    # --- saving and the end ---------------------------------------------------------------------
    def save(self, path: Path | None = None) -> None:
        target = path or self.save_path
        if target is None:
            self.console.print(Text("name a file: save FILE (or start with --save FILE)", "red"))
            return
        try:
            write_save(target, self.save_text())
        except OSError as err:
            self.console.print(Text(f"cannot save to {target}: {err.strerror or err}", "red"))
            return
        self.console.print(Text(f"saved to {target}", style="green"))

    def save_text(self) -> str:
        """The save file, with the human's seat and the bots (in seat order) to resume."""
        bots = [self.bot_names[seat] for seat in sorted(self.bot_names)]
        return dumps(self.state, table={"seat": self.human, "bots": bots})

    def save_at_exit(self) -> None:
        """Write the --save file when the game ends or the human leaves; OSError if it cannot."""
        if self.save_path is not None:
            write_save(self.save_path, self.save_text())
            self.console.print(Text(f"saved to {self.save_path}", style="green"))

    def leave(self) -> None:
        """The human quit (or input ended): save if asked to, and say how to come back."""
        if self.save_path is not None:
            self.save_at_exit()
            again = f"motherlode play --load {self.save_path}"
            self.console.print(Text(f"resume with: {again}"))
        else:
            self.console.print(Text("game left unfinished (not saved)", style="dim"))

    def finish(self) -> None:
        self.console.print()
        self.console.print(Rule(Text(f"{self.game.title} · game over", style="bold yellow")))
        view = self.state.view(self.human)
        self.render(view, self.console)
        self.show_recent(view)
        self.console.print(self.score_table())
        winners = self.state.winners()
        if self.human in winners:
            verdict = "You win!" if len(winners) == 1 else "You share the win!"
            self.console.print(Text(verdict, style="bold green"))
        else:
            names = ", ".join(f"seat {s} ({self.who(s)})" for s in winners)
            self.console.print(Text(f"Winner: {names}", style="bold"))
        self.save_at_exit()

    def score_table(self) -> Table:
        table = Table(title="Final scores")
        table.add_column("seat", justify="right")
        table.add_column("player")
        table.add_column("score", justify="right")
        table.add_column("")
        winners = self.state.winners()
        for seat, score in enumerate(self.state.scores()):
            mark = Text("winner", style="bold yellow") if seat in winners else Text("")
            table.add_row(str(seat), self.who(seat), f"{score:g}", mark)
        return table


class _Quit(Action):
    """The human asked to leave; never applied to a state."""

    __slots__ = ()

    def __str__(self) -> str:
        return "quit"


QUIT_SIGNAL: Action = _Quit()
