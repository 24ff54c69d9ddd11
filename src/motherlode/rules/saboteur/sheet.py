"""Each seat's gold per round ended, read from the public log for the score sheet
(`view.score_sheet`) as the log grows: a view reads only the entries new since the last.

A reading is never changed: reading on gives a new one, so the copies of a position share it
(`model.SaboteurModel.sheet`). Like `engine.events.SeenLog`, it reads a log again from the start
when the log is shorter than what it read, or ends otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine.events import PackedEvent

from .log import GoldShared, RoundEnded, Stole, TookGold

#: The events the score sheet reads.
SHEET_EVENTS = (RoundEnded, GoldShared, Stole, TookGold)


@dataclass(frozen=True, slots=True)
class SheetReading:
    """What the score sheet has read of a log: its first `count` entries (`last` the last of
    them); per round ended, its number, each seat's gold and the notes saying why."""

    count: int = 0
    last: PackedEvent | None = None
    rounds: tuple[tuple[int, ...], ...] = ()
    numbers: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()

    def read(self, log: list[PackedEvent], players: int) -> SheetReading:
        """This reading with the entries of `log` it has not read yet."""
        start, reading = self.count, self
        if start > len(log) or (start and log[start - 1] is not self.last):
            start, reading = 0, SheetReading()
        new = log[start:]
        last = log[-1] if log else None
        if not any(entry[0] in SHEET_EVENTS for entry in new):
            return SheetReading(len(log), last, reading.rounds, reading.numbers, reading.notes)
        return reading._read_on(new, players, len(log), last)

    def _read_on(self, new: list[PackedEvent], players: int, count: int,
                 last: PackedEvent | None) -> SheetReading:
        rounds = [list(gold) for gold in self.rounds]
        numbers = list(self.numbers)
        notes = list(self.notes)
        for entry in new:
            cls = entry[0]
            if cls is RoundEnded:
                rounds.append([0] * players)
                numbers.append(entry[2])
            elif cls is GoldShared:
                shared = GoldShared(*entry[1:])
                rounds[-1] = [a + b for a, b in zip(rounds[-1], shared.gold, strict=True)]
                notes.append(f"Round {shared.round}: " + "; ".join(shared.causes()))
            elif cls is Stole:
                thief, victim = entry[1], entry[2]
                rounds[-1][thief] += 1
                rounds[-1][victim] -= 1
                notes.append(f"Round {numbers[-1]}: seat {thief} stole 1 gold from seat "
                             f"{victim} (Theft card)")
            elif cls is TookGold:
                rounds[-1][entry[1]] += entry[2]
                notes.append(f"Round {numbers[-1]}: seat {entry[1]} took a gold card worth "
                             f"{entry[2]}")
        return SheetReading(count, last, tuple(tuple(gold) for gold in rounds), tuple(numbers),
                            tuple(notes))
