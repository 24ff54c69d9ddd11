"""A game at the terminal: one human seat, bots in the others.

The human sees what their seat's view holds and nothing more; bots get their own seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from motherlode.bots import Bot, hint_bot, make_bot, reasoned
from motherlode.engine import (
    Action,
    ActionSyntaxError,
    EventJSON,
    IllegalAction,
    OptionError,
    State,
    View,
)
from motherlode.engine.decision import Decision
from motherlode.engine.events import unpack
from motherlode.engine.savefile import dumps
from motherlode.engine.scoresheet import plain
from motherlode.sim import SimulationError, bot_seed

from . import decide
from .common import transcript, write_save
from .render import event_line, face_for, seat_of
from .scoresheet import sheet_of, sheet_table

HELP = """\
[bold]How to play[/bold]
  Type the [cyan]number[/cyan] of an option (e.g. [cyan]1[/cyan]), an action's text \
(e.g. [cyan]{example}[/cyan]),
  or for a number range its word and an amount (e.g. [cyan]bid 3000[/cyan] or \
[cyan]bid $3,000[/cyan]).
  Words may be cut short while they stay unique, and a name or board letter alone picks it.
  [cyan]view[/cyan]          draw the table again
  [cyan]actions[/cyan]       list your options again
  [cyan]info[/cyan] NAME     what a card, tile, site, space, role or mark on the screen means
  [cyan]hint[/cyan]          what the strongest bot would do in your place, and why
  [cyan]undo[/cyan]          take back your last move (while only bots have moved since and
                nothing hidden has come out)
  [cyan]save[/cyan] [FILE]   write the game to FILE; it is then saved there after every move
  [cyan]quit[/cyan]          leave the game (saved first if it has a save file)
  [cyan]help[/cyan]          this help"""

#: How many hidden states `undo` tries to tell the human's last move from the position now.
UNDO_SAMPLES = 8

#: The most actions one command of the game's own (`plan`) may take.
PLAN_STEPS = 100

QUIT = ("quit", "exit", "q")

#: The line under a refusal (short enough for 80 columns: it never wraps mid-sentence).
REFUSAL_HELP = "'actions' lists your options, 'hint' suggests one, 'help' tells how to play"
HELP_WORDS = ("help", "?", "h")


def seat_table(players: int, human: int, bots: Sequence[str]) -> dict[int, str]:
    """Who sits where: the human at `human`, the bots (comma list cycled) in the other seats;
    OptionError for no bot or more bots than seats."""
    others = [seat for seat in range(players) if seat != human]
    if not bots:
        raise OptionError("no bot given; name at least one with --bots, e.g. --bots random")
    if len(bots) > len(others):
        raise OptionError(
            f"{len(bots)} bots named ({', '.join(bots)}) for {len(others)} other "
            f"seat{'s' if len(others) != 1 else ''}; name at most {len(others)}"
        )
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
        self.bots = self.seat_bots()
        self.console = console
        self.save_path = save_path
        self.read_line = read_line or (lambda prompt: console.input(prompt))
        self.face = face_for(self.game.name)
        self.render = self.face.render
        self.shown: int | None = None
        """How many events of the human's log have been shown (None: none yet)."""
        self.numbers: tuple[str, dict[str, int]] = ("", {})
        """The last decision listed: its prompt and each action's number."""
        self.paused = len(state.log)
        """The log entries already looked at for a pause."""
        self.sheet_shown = ""
        """The title of the last round's score sheet printed."""
        self.verbs = frozenset(str(self.game.decode(i)).split(" ", 1)[0]
                               for i in range(self.game.num_actions))
        """The first words of the game's actions (a refusal tells one not possible now)."""

    def seat_bots(self) -> dict[int, Bot]:
        return {
            seat: make_bot(name, self.game, seat, bot_seed(self.state.seed, seat))
            for seat, name in self.bot_names.items()
        }

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
                if not self.pause():
                    self.leave()
                    return 0
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

    def pause(self) -> bool:
        """After an event the game pauses on (a round's share-out), draw the table and wait
        for Enter; False if the human leaves instead."""
        log = self.state.log
        new = log[self.paused :]
        self.paused = len(log)
        if not any(entry[0].kind in self.face.pause_after for entry in new):
            return True
        view = self.state.view(self.human)
        self.console.print()
        self.console.print(Rule(Text(f"{self.game.title} · step {len(self.state.history)}")))
        self.render(view, self.console)
        self.show_recent(view)
        self.show_sheet(view)
        try:
            self.read_line("[dim]press Enter to go on[/] ")
        except EOFError:
            self.console.print()
            return False
        return True

    def human_turn(self) -> bool:
        """Draw the table and ask until a legal action is taken; False if the human leaves."""
        self.autosave()
        self.draw()
        while True:
            try:
                text = self.read_line(f"[bold green]seat {self.human}[/] > ").strip()
            except EOFError:
                self.console.print()
                return False
            if self.face.plan(self.state.view(self.human), text) is not None:
                if self.run_plan(text):
                    return True
                continue
            action = self.answer(text)
            if action is None:
                continue
            if action is QUIT_SIGNAL:
                return False
            if action is REDRAW_SIGNAL:
                self.draw()
                continue
            if self.take(action):
                return True

    def take(self, action: Action) -> bool:
        """Apply the human's action; False (and why) if the game refuses it. What the move
        showed the human alone (the card drawn, what a Map saw) is said at once."""
        start = len(self.state.log)
        try:
            self.state.apply(action)
        except IllegalAction as err:
            self.refuse(str(err))
            return False
        for entry in self.state.log[start:]:
            event = unpack(entry)
            mine = event.seen_by(self.human)
            if mine is not None and mine != event.seen_by(None):
                self.console.print(Text(f"you {mine.text()}", style="green"))
        return True

    def refuse(self, reason: str) -> None:
        self.console.print(Text(reason, style="red"))
        self.console.print(Text(REFUSAL_HELP, style="dim"))

    def run_plan(self, text: str) -> bool:
        """Carry out a command of the game's own: its actions one after another while they
        are legal and the human decides; False if not even the first could be taken."""
        taken = 0
        while taken < PLAN_STEPS and self.state.current_player == self.human:
            step = self.face.plan(self.state.view(self.human), text)
            if step is None:
                break
            try:
                action = self.game.parse_action(step)
            except ActionSyntaxError as err:
                self.refuse(str(err))
                break
            if not self.take(action):
                break
            self.console.print(Text(f"  {step}", style="cyan"))
            taken += 1
        return taken > 0

    def answer(self, text: str) -> Action | None:
        """The action `text` names, QUIT_SIGNAL, REDRAW_SIGNAL, or None after handling a
        command or a mistake."""
        word, _, rest = text.partition(" ")
        command = word.lower()
        rest = rest.strip()
        if not text:
            return None
        if command in QUIT and not rest:
            return QUIT_SIGNAL
        if command in HELP_WORDS and not rest:
            self.help()
            return None
        if command in ("view", "board") and not rest:
            return REDRAW_SIGNAL
        if command in ("actions", "legal") and not rest:
            self.show_legal()
            return None
        if command == "save":
            self.save(Path(rest) if rest else None)
            return None
        if command == "info":
            self.info(rest)
            return None
        if command == "hint" and not rest:
            self.hint()
            return None
        if command == "undo" and not rest:
            return REDRAW_SIGNAL if self.undo() else None
        return self.read_action(text)

    def read_action(self, text: str) -> Action | None:
        """The action `text` answers in the decision (or in the game's notation); None after
        saying what is wrong with it and what to type instead."""
        view = self.state.view(self.human)
        decision = view["decision"]
        if decision is None:  # cannot happen: the human decides now
            raise IllegalAction("the human has no decision to answer")
        try:
            chosen = decide.read(decision, text)
        except decide.Refused as err:
            self.refuse(str(err))
            return None
        except decide.Unreadable as err:
            action = self._legal_text(text)
            if action is None:
                self.refuse(str(err))
            return action
        try:
            return self.game.parse_action(chosen or text)
        except ActionSyntaxError as err:
            action = self._legal_text(text)
            if action is None:
                self.refuse(self.face.plan_refusal(view, text)
                            or self._unread(decision, text, str(err)))
            return action

    def _unread(self, decision: Decision, text: str, message: str) -> str:
        """Why the game's notation does not read `text`: the game's own reason when it
        names one (a cell off the table), else what the decision takes (`decide.explain`);
        never the whole of a long input."""
        if "cannot read" in message or len(text) > decide.ECHO_LIMIT:
            return decide.explain(decision, text, self.verbs)
        return message

    def _legal_text(self, text: str) -> Action | None:
        """The legal action written `text` in the game's own notation, if any; an answer
        without its verb (`C 2`, `B4`) is read with each verb the decision offers."""
        decision = self.state.view(self.human)["decision"]
        verbs = [] if decision is None else [str(group["verb"]) for group in decision["groups"]]
        for candidate in [text, *(f"{verb.split()[0]} {text}" for verb in verbs)]:
            try:
                action = self.game.parse_action(candidate)
            except ActionSyntaxError:
                continue
            if self.state.is_legal(action):
                return action
        return None

    # --- help at the prompt -----------------------------------------------------------------
    def info(self, name: str) -> None:
        """What a name on the screen means: the game's glossary and the drawing's legend."""
        if not name:
            self.console.print(Text("info NAME: e.g. info " + self.any_name(), style="red"))
            return
        entries = {**self.game.glossary, **self.face.legend}
        found = lookup(entries, name)
        if not found:
            self.console.print(Text(
                f"nothing called {decide.quoted(name)} in {self.game.title}; "
                f"`motherlode rules {self.game.name}` lists every name", style="red"))
            return
        if len(found) > 8:
            shown = ", ".join(found[:8])
            self.console.print(Text(f"{decide.quoted(name)} could be {len(found)} names: "
                                    f"{shown}, ...",
                                    style="red"))
            return
        for key in found:
            self.console.print(entry_line(key, entries[key]))

    def any_name(self) -> str:
        names = list(self.game.glossary) or list(self.face.legend)
        return names[0] if names else "NAME"

    def hint(self) -> None:
        """What the game's hint bot (`hint_bot`) would do in the human's seat, and why."""
        name = hint_bot(self.game.name)
        bot = make_bot(name, self.game, self.human, bot_seed(self.state.seed, self.human))
        view = self.state.view(self.human)
        legal = self.state.legal_actions()
        action, why = reasoned(bot, view, legal)
        number = self.numbers[1].get(str(action))
        which = f" (option {number})" if number is not None else ""
        decision = view["decision"]
        shown = decide.typed(decision, str(action)) if decision is not None else str(action)
        self.console.print(Text.assemble(
            ("hint", "bold magenta"), f" from the {name} bot: ", (shown, "cyan"),
            which, f" — {why}"))

    def undo(self) -> bool:
        """Take back the human's last move if only bots have moved since and nothing hidden
        has come out; True if it was taken back."""
        steps = transcript(self.state)
        mine = [i for i, step in enumerate(steps) if step.seat == self.human]
        if not mine:
            self.console.print(Text("nothing to undo: you have not moved yet", style="red"))
            return False
        before = self.state.game.new_game(self.state.seed)
        for action in self.state.history[: mine[-1]]:
            before.apply_unchecked(action)
        why = self.revealed_since(before)
        if why:
            self.console.print(Text(f"cannot undo: {why}", style="red"))
            return False
        decision = before.view(self.human)["decision"]
        taken = steps[mine[-1]].action
        shown = decide.typed(decision, taken) if decision is not None else taken
        self.state = before
        self.bots = self.seat_bots()
        self.paused = len(before.log)
        self.shown = None
        self.console.print(Text(f"took back: {shown}", style="green"))
        return True

    def revealed_since(self, before: State) -> str:
        """Why the human's last move (made in `before`) cannot be taken back: what they
        have learnt since; "" if nothing.

        The checks: the RNG is where it was (no die, no shuffle); in hidden states the human
        could not tell from `before`, their move shows them the same (no card drawn, no
        tile turned up); no bot's move since showed the human anything a spectator did not
        see; and where the bots' moves can be made in such a hidden state too, the human
        sees the same at the end. (A sample in which a bot's move is impossible, because
        it needed a card it holds here and not there, tells nothing.)"""
        now = self.state
        if before.rng.getstate() != now.rng.getstate():
            return "the dice or the deck have been used since (a roll or a draw you have seen)"
        mine, *theirs = now.history[len(before.history) :]
        after = before.clone()
        after.apply_unchecked(mine)
        samples = [before.determinize(self.human, random.Random(k)) for k in range(UNDO_SAMPLES)]
        for other in samples:
            other.apply_unchecked(mine)
            if other.view(self.human) != after.view(self.human):
                return "your move turned up something that was hidden (a card or a tile)"
        for entry in now.log[len(after.log) :]:
            event = unpack(entry)
            if event.seen_by(self.human) != event.seen_by(None):
                return "you have been shown something hidden since (a card, tile or role)"
        seen = now.view(self.human)
        for other in samples:
            consistent = all(replayed(other, action) for action in theirs)
            if consistent and other.view(self.human) != seen:
                return "something hidden has been turned up since (a card or a tile)"
        return ""

    # --- drawing --------------------------------------------------------------------------------
    def draw(self) -> None:
        step = len(self.state.history)
        self.console.print()
        self.console.print(
            Rule(Text(f"{self.game.title} · step {step} · your move, seat {self.human}"))
        )
        view = self.state.view(self.human)
        self.render(view, self.console)
        self.show_recent(view)
        self.show_sheet(view)
        self.show_legal()

    def recent(self, view: View) -> list[tuple[int | None, Text]]:
        """What happened since the human last looked (each event once); the first time,
        the human's last turn and what happened since, as the human may know it."""
        log = view["log"]
        start = self.shown if self.shown is not None else self.last_turn(log)
        self.shown = len(log)
        return [(seat_of(event), event_line(event)) for event in log[start:]]

    def last_turn(self, log: Sequence[EventJSON]) -> int:
        """Where the human's last turn began in `log` (0 if they have not moved)."""
        mine = [i for i, event in enumerate(log) if seat_of(event) == self.human]
        if not mine:
            return 0
        start = mine[-1]  # the human's own last turn too (what the die gave them) ...
        while start > 0 and seat_of(log[start - 1]) == self.human:  # ... all of it
            start -= 1
        return start

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

    def show_legal(self) -> None:
        """The decision: numbered options with their card text, ranges and cells a line each;
        a line first when options kept since the last listing have new numbers."""
        decision = self.state.view(self.human)["decision"]
        if decision is None:
            return
        items = decide.numbered(decision)
        numbers = {item.action: n for n, item in enumerate(items, 1)}
        moved = renumbered(self.numbers, (decision["prompt"], numbers),
                           {item.action: item.label for item in items})
        self.numbers = (decision["prompt"], numbers)
        for line in decide.lines(decision):
            self.console.print(line)
        if moved:
            self.console.print(Text(moved, style="yellow"))

    def help(self) -> None:
        legal = self.state.legal_actions()
        example = str(legal[0]) if legal else "1"
        self.console.print(HELP.format(example=example.replace("[", r"\[")))
        if self.face.plan_help:
            self.console.print(Text(f"  {self.face.plan_help}"))

    # --- saving and the end ---------------------------------------------------------------------
    def save(self, path: Path | None = None) -> None:
        target = path or self.save_path
        if target is None:
            self.console.print(Text("name a file: save FILE (or start with --save FILE)", "red"))
            return
        if target != self.save_path and target.is_file() and not self.overwrite(target):
            self.console.print(Text(f"not saved: {target} is kept as it was", style="dim"),
                               soft_wrap=True)
            return
        try:
            write_save(target, self.save_text())
        except OSError as err:
            self.console.print(Text(f"cannot save to {target}: {err.strerror or err}", "red"))
            return
        self.save_path = target
        self.console.print(Text(f"saved to {target}; it is saved there after every move",
                                style="green"), soft_wrap=True)

    def overwrite(self, target: Path) -> bool:
        """Whether the human agrees to write over the file `target` (no on end of input)."""
        try:
            answer = self.read_line(f"{escape(str(target))} exists: write over it? (y/N) ")
        except EOFError:
            return False
        return answer.strip().lower() in ("y", "yes")

    def autosave(self) -> None:
        """Keep the save file up to date before the human is asked (quietly; a failure
        says so and stops the saving)."""
        if self.save_path is None:
            return
        try:
            write_save(self.save_path, self.save_text())
        except OSError as err:
            self.console.print(Text(
                f"cannot save to {self.save_path}: {err.strerror or err}; saving stops", "red"))
            self.save_path = None

    def save_text(self) -> str:
        """The save file, with the human's seat and the bots (in seat order) to resume."""
        bots = [self.bot_names[seat] for seat in sorted(self.bot_names)]
        return dumps(self.state, table={"seat": self.human, "bots": bots})

    def save_at_exit(self) -> None:
        """Write the save file when the game ends or the human leaves; OSError if it cannot."""
        if self.save_path is not None:
            write_save(self.save_path, self.save_text())
            self.console.print(Text(f"saved to {self.save_path}", style="green"), soft_wrap=True)

    def leave(self) -> None:
        """The human quit (or input ended): save if there is a file, say how to come back."""
        if self.save_path is not None:
            self.save_at_exit()
            again = f"motherlode play --load {self.save_path}"
            self.console.print(Text(f"resume with: {again}"), soft_wrap=True)
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

    def score_table(self) -> RenderableType:
        """The game's score sheet (its parts, tie-breaks and winners) as the human sees it."""
        sheet = sheet_of(self.state.view(self.human))
        if sheet is None:  # a game that makes no sheet of its own (the test's toy game)
            sheet = plain(self.state.scores(), self.state.winners())
        return sheet_table(sheet, self.who)

    def show_sheet(self, view: View) -> None:
        """A round's sheet, the first time the view carries it (a round just ended)."""
        sheet = sheet_of(view)
        if sheet is None or sheet["final"] or sheet["title"] == self.sheet_shown:
            return
        self.sheet_shown = sheet["title"]
        self.console.print(sheet_table(sheet, self.who))


def replayed(state: State, action: Action) -> bool:
    """Apply `action` if it is legal in `state`; whether it was."""
    if not state.is_legal(action):
        return False
    state.apply_unchecked(action)
    return True


def renumbered(
    before: tuple[str, dict[str, int]], now: tuple[str, dict[str, int]],
    labels: dict[str, str],
) -> str:
    """A line naming, by their `labels`, options of the same decision that kept their text but
    not their number ("" if none moved, or if the decision is another one)."""
    (prompt, old), (new_prompt, new) = before, now
    kept = [action for action in new if action in old]
    if prompt != new_prompt or len(kept) * 2 < len(new):
        return ""
    moved = [action for action in kept if old[action] != new[action]]
    if not moved:
        return ""
    shown = ", ".join(f"{labels.get(action, action)} is now {new[action]} (was {old[action]})"
                      for action in moved[:3])
    more = f" and {len(moved) - 3} more" if len(moved) > 3 else ""
    return f"numbers moved since your last look: {shown}{more}"


def entry_line(key: str, text: str) -> Text:
    """A glossary entry as `info` prints it: its text alone when the text begins with the
    entry's name (`PAY DAY: stop here ...`, not `pay_day: PAY DAY: ...`), else `key: text`."""
    head, sep, body = text.partition(": ")
    if sep and key_words(head) == key_words(key):
        return Text.assemble((head, "bold cyan"), ": ", body)
    return Text.assemble((key, "bold cyan"), ": ", text)


def key_words(name: str) -> str:
    """A name as `info` compares it: lower case, `-`, `_` and spaces alike."""
    return "-".join(decide.words(name))


def lookup(entries: dict[str, str], name: str) -> list[str]:
    """The entries `name` means: the one named so, else those it begins, else those it is a
    word of."""
    wanted = key_words(name)
    keys = {key: key_words(key) for key in entries}
    for found in (
        [key for key, words in keys.items() if words == wanted],
        [key for key, words in keys.items() if words.startswith(wanted)],
        [key for key, words in keys.items() if f"-{wanted}-" in f"-{words}-"],
    ):
        if found:
            return found
    return []


class _Signal(Action):
    """A request of the human's that is no action of the game; never applied to a state."""

    __slots__ = ("word",)

    def __init__(self, word: str) -> None:
        self.word = word

    def __str__(self) -> str:
        return self.word


QUIT_SIGNAL: Action = _Signal("quit")
REDRAW_SIGNAL: Action = _Signal("view")
