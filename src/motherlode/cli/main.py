"""The `motherlode` command: games, rules, play, replay, simulate, balance, compare, sweep,
ladder.

Bad input (a game, option, seed, bot name or file that is refused) prints one line on stderr
and exits with status 2; there is never a traceback for it.
"""

from __future__ import annotations

import datetime
import json
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Annotated, Any, TypedDict

import typer
from rich.panel import Panel
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

import motherlode
from motherlode.bots import bot_names, strongest_bot
from motherlode.engine import OptionError, SaveFileError, game_class
from motherlode.engine import games as registered_games
from motherlode.sim import GameResult, Summary, run_games
from motherlode.sim import ladder as ladders
from motherlode.sim.balance import (
    PLOTS_HOW,
    PLOTS_NEED_OUT,
    BalanceGame,
    analyse,
    command_line,
    has_matplotlib,
    render_markdown,
    run_balance,
    run_detailed,
    write_report,
)
from motherlode.sim.compare import Comparison
from motherlode.sim.compare import compare as compare_variants
from motherlode.sim.parquet import ParquetSink, has_pyarrow
from motherlode.sim.sweep import SWEEP_PNG, Sweep
from motherlode.sim.sweep import render_markdown as sweep_markdown
from motherlode.sim.sweep import sweep as sweep_values
from motherlode.sim.sweep import write_plot as write_sweep_plot

from .common import (
    BAD_INPUT,
    bad_input_exits,
    check_seat,
    check_writable,
    game_options,
    moved_to,
    parse_options,
    read_save,
    read_table,
    saved_seats,
    split_names,
    stderr_console,
    stdout_console,
)
from .play import PlaySession, seat_table
from .render import face_for
from .replay import Replay
from .serve import serve
from .tables import tables_app


class OneLineErrors(TyperGroup):
    """Usage errors (a bad number, an unknown flag) as one line on stderr and status 2."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            status = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except typer.TyperException as err:  # click's usage errors, vendored by typer
            # With no arguments at all, typer has already printed the help (as typer does).
            if type(err).__name__ != "NoArgsIsHelpError":
                line = " ".join(err.format_message().split())
                sys.stderr.write(f"motherlode: error: {line} (see --help)\n")
            status = BAD_INPUT
        except typer.Abort:
            status = 1
        code = status if isinstance(status, int) else 0
        if not standalone_mode:
            return code
        sys.exit(code)


app = typer.Typer(
    cls=OneLineErrors,
    name="motherlode",
    help="Games about digging for gold: play them, replay them, simulate thousands of them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

OptionPairs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value; repeat for more."),
]
# The options simulate and balance share.
Players = Annotated[int | None, typer.Option(help="Number of players.")]
SeatBots = Annotated[str, typer.Option(help="Bots per seat, a comma list, repeated if short.")]
FirstSeed = Annotated[int, typer.Option(help="Seed of the first game; game i gets seed+i.")]
Jobs = Annotated[int, typer.Option("--jobs", "-j", help="Processes (0: one per CPU).")]
RayCluster = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help='Play on a Ray cluster: its address (host:port), or "local" for a Ray of --jobs '
        "CPUs here; the same results as --jobs (needs the extra named ray).",
    ),
]
ComponentsFolder = Annotated[
    Path | None,
    typer.Option(help="A folder of corrected component data files (TOML) to play with."),
]


@app.command()
def games() -> None:
    """List the games: name, title and player counts."""
    console = stdout_console()
    table = Table(title="Motherlode games")
    table.add_column("name", style="bold cyan")
    table.add_column("title")
    table.add_column("players", justify="center")
    for name in registered_games():
        try:
            cls = game_class(name)
        except motherlode.MotherlodeError as err:
            table.add_row(name, Text(f"cannot load: {err}", style="red"), "")
            continue
        default = cls.default_players
        players = f"{cls.min_players}-{cls.max_players} (default {default})"
        table.add_row(name, cls.title, players)
    console.print(table)


@app.command()
def rules(game: Annotated[str, typer.Argument(help="The game's name (see `games`).")]) -> None:
    """A game's rules in short, its options and the bots that play it."""
    console = stdout_console()
    with bad_input_exits():
        setup = motherlode.load(game)
    summary = Text(" ".join(setup.summary.split()) or "(no summary)")  # reflowed to the width
    console.print(Panel(summary, title=Text(setup.title, style="bold yellow"), expand=False))
    table = Table(title="Options (set with --option key=value; players with --players)")
    table.add_column("option", style="bold cyan")
    table.add_column("type")
    table.add_column("default", justify="right")
    table.add_column("allowed")
    table.add_column("meaning")
    for spec in type(setup).option_specs():
        default = str(spec.default).lower() if spec.kind is bool else str(spec.default)
        table.add_row(spec.name, spec.kind.__name__, default, spec.allowed(), spec.help)
    console.print(table)
    if setup.glossary:
        cards = Table(title="Cards")
        cards.add_column("name", style="bold cyan")
        cards.add_column("meaning")
        for name, meaning in setup.glossary.items():
            cards.add_row(Text(name), Text(meaning))
        console.print(cards)
    legend = face_for(setup.name).legend
    if legend:
        marks = Table(title="On the screen")
        marks.add_column("mark", style="bold cyan")
        marks.add_column("meaning")
        for mark, meaning in legend.items():
            marks.add_row(Text(mark), Text(meaning))
        console.print(marks)
    strongest = strongest_bot(setup.name)
    console.print(Text.assemble(("Bots: ", "bold"), ", ".join(bot_names(setup.name)),
                                f" (default and hints: {strongest})"))
    console.print(Text("At the prompt of `motherlode play`: info NAME for any name above.",
                       style="dim"))


@app.command()
def play(
    game: Annotated[
        str | None, typer.Argument(help="The game's name; may be left out with --load.")
    ] = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seat: Annotated[
        int | None, typer.Option(help="Your seat, from 0 (default 0, or the saved one).")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bots for the other seats, a comma list, repeated if short "
            "(default: the game's strongest bot, or the saved ones)."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the game (random if left out).")] = None,
    option: OptionPairs = None,
    components: ComponentsFolder = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Save the game to this file after every move (default with --load: "
                     "the loaded file)."),
    ] = None,
    load: Annotated[Path | None, typer.Option(help="Resume the game saved in this file.")] = None,
) -> None:
    """Play a game at the terminal against bots."""
    console = stdout_console()
    with bad_input_exits():
        if load is not None:
            if players is not None or option or seed is not None:
                raise OptionError("with --load the players, options and seed come from the file")
            state = read_save(load)
            if game is not None and game != state.game.name:
                raise OptionError(f"{load} holds a game of {state.game.name}, not {game}")
            try:
                saved, saved_bots = saved_seats(read_table(load), state.game.num_players)
            except SaveFileError:
                if seat is None:  # the seat asked for overrides a bad saved one
                    raise
                saved, saved_bots = None, {}
        else:
            if game is None:
                raise OptionError("name a game (see `motherlode games`) or give --load FILE")
            setup = motherlode.load(game, **game_options(players, option or [], components))
            state = setup.new_game(secrets.randbelow(2**31) if seed is None else seed)
            saved, saved_bots = None, {}
        seat = check_seat(seat if seat is not None else saved or 0, state.game.num_players)
        if bots is None and saved is not None and saved_bots:
            table = moved_to(seat, saved, saved_bots)
        else:
            names = split_names(bots) if bots is not None else [strongest_bot(state.game.name)]
            table = seat_table(state.game.num_players, seat, names)
        save = save if save is not None else load  # a loaded game goes on saving to its file
        if save is not None:
            check_writable(save)
        session = PlaySession(state, seat, table, console, save_path=save)
        status = session.run()
    if status:
        raise typer.Exit(status)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A save file (from play --save).")],
    seat: Annotated[
        int | None, typer.Option(help="Show what this seat saw (default: the spectator's view).")
    ] = None,
    spectator: Annotated[bool, typer.Option(help="Show the spectator's view.")] = False,
    all_steps: Annotated[
        bool, typer.Option("--all", help="Print every step without asking (for scripts).")
    ] = False,
) -> None:
    """Step through a saved game: Enter next, b back, r N round N, m your next move, e the end,
    q quit."""
    console = stdout_console()
    with bad_input_exits():
        if spectator and seat is not None:
            raise OptionError("give --seat K or --spectator, not both")
        state = read_save(file)
        if seat is not None:
            check_seat(seat, state.game.num_players)
            if not state.is_terminal:
                check_saver(seat, read_table(file), file)
        session = Replay(state, seat, console)
    if all_steps:
        session.print_all()
    else:
        session.step_through()


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game's name (see `games`).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    players: Players = None,
    bots: SeatBots = "random",
    seed: FirstSeed = 0,
    jobs: Jobs = 1,
    option: OptionPairs = None,
    components: ComponentsFolder = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Write one JSON line per game to this file; a name ending in .parquet writes "
            "one Parquet row per game instead (needs the extra named parquet: pyarrow)."
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as one JSON object.")
    ] = False,
    ray: RayCluster = None,
) -> None:
    """Play many seeded bot games and sum up win rates, scores, lengths and speed."""
    console = stdout_console()
    with bad_input_exits(), ExitStack() as stack:
        jobs = processes(jobs)
        options = game_options(players, option or [], components)
        if out is not None:
            check_writable(out)
        parquet = parquet_sink(stack, out, game, options)
        sinks: list[IO[str]] = []  # --out, opened with the first result: bad input keeps the file
        advance = progress_bar(stack, game, games)

        def on_result(result: GameResult) -> None:
            if out is not None and not sinks:
                sinks.append(stack.enter_context(out.open("w", encoding="utf-8")))
            for sink in sinks:
                sink.write(json.dumps(result.to_json()) + "\n")
            advance()

        run = RunSettings(bots=split_names(bots), seed=seed, options=options, jobs=jobs, ray=ray)
        if parquet is not None:  # each game's length and cards too, for its row
            summary = run_detailed(game, games, on_result=parquet_and(parquet, advance), **run)
        else:
            summary = run_games(game, games, on_result=on_result, **run)
    if as_json:
        sys.stdout.write(json.dumps(summary.to_json()) + "\n")
    else:
        show_summary(summary, console)


@app.command()
def balance(
    game: Annotated[str, typer.Argument(help="The game's name (see `games`).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 200,
    players: Players = None,
    bots: SeatBots = "random",
    seed: FirstSeed = 0,
    jobs: Jobs = 1,
    option: OptionPairs = None,
    components: ComponentsFolder = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Folder to write report.md and the PNG plots into (without it, the Markdown "
            "report is printed and nothing is written)."
        ),
    ] = None,
    ray: RayCluster = None,
) -> None:
    """Play many seeded bot games and report each card's effect on win rate and score."""
    console = stdout_console()
    command = command_line(
        game,
        games,
        players=players,
        bots=bots,
        seed=seed,
        jobs=jobs,
        out=out,
        options=option or [],
        components=components,
    )
    with bad_input_exits(), ExitStack() as stack:
        jobs = processes(jobs)
        options = game_options(players, option or [], components)
        if out is not None and out.exists() and not out.is_dir():
            raise OptionError(f"{out} is not a folder")
        advance = progress_bar(stack, game, games)

        def on_result(_: BalanceGame) -> None:
            advance()

        run = run_balance(
            game,
            games,
            bots=split_names(bots),
            seed=seed,
            options=options,
            jobs=jobs,
            on_result=on_result,
            ray=ray,
        )
        stack.close()  # the progress bar goes before the report is written
        if out is None:
            stats = analyse(run)
            now = datetime.datetime.now(datetime.UTC).astimezone()
            why = PLOTS_NEED_OUT if has_matplotlib() else PLOTS_HOW
            sys.stdout.write(render_markdown(run, stats, command, now, plots=False,
                                             why_no_plots=why))
            return
        stats, written = write_report(run, out, command)
    if not has_matplotlib():
        stderr_console().print(PLOTS_HOW, markup=False)
    cards = "no parts described" if stats.cards is None else f"{len(stats.cards)} parts"
    console.print(f"{run.game}: {stats.games} games, {cards}; wrote:", soft_wrap=True)
    for path in written:
        console.print(f"  {path}", soft_wrap=True, markup=False)


@app.command()
def compare(
    game: Annotated[str, typer.Argument(help="The game's name (see `games`).")],
    variant: Annotated[
        list[str],
        typer.Option(
            help="A variant: options as key=value,key=value (\"\" for the defaults) or a "
            "folder of component data files; give exactly two (A, then B)."
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per variant.")] = 200,
    players: Players = None,
    bots: SeatBots = "random",
    seed: FirstSeed = 0,
    jobs: Jobs = 1,
    option: OptionPairs = None,
    ray: RayCluster = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the comparison as one JSON object.")
    ] = False,
) -> None:
    """Play the same seeds under two variants and give B - A per seat, with paired 95%
    intervals on win rates and scores."""
    console = stdout_console()
    if jobs == 0:
        jobs = os.cpu_count() or 1
    with bad_input_exits(), ExitStack() as stack:
        if len(variant) != 2:
            raise OptionError(f"give --variant exactly twice (A and B), not {len(variant)} times")
        variants = (variant_options(variant[0]), variant_options(variant[1]))
        advance = progress_bar(stack, game, 2 * games)
        found = compare_variants(
            game,
            games,
            variants,
            labels=(variant[0], variant[1]),
            bots=split_names(bots),
            seed=seed,
            options=game_options(players, option or []),
            jobs=jobs,
            ray=ray,
            on_result=lambda _: advance(),
        )
    if as_json:
        sys.stdout.write(json.dumps(found.to_json()) + "\n")
    else:
        show_comparison(found, console)


@app.command()
def sweep(
    game: Annotated[str, typer.Argument(help="The game's name (see `games`).")],
    field: Annotated[
        str,
        typer.Option(
            help="The number to vary: its data file, then keys down to it; an entry of a list "
            "of tables by its id (e.g. rules.income.value, "
            "specialists.specialist.julian-cash.price)."
        ),
    ],
    values: Annotated[
        str, typer.Option(help="The values, by commas; the first is the baseline.")
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per value.")] = 200,
    players: Players = None,
    bots: SeatBots = "random",
    seed: FirstSeed = 0,
    jobs: Jobs = 1,
    option: OptionPairs = None,
    components: ComponentsFolder = None,
    ray: RayCluster = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder to write sweep.md and the plot sweep.png into."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the sweep as one JSON object.")
    ] = False,
) -> None:
    """Play the same seeds at each value of one number of the game's component data, and give
    per seat the win rate and score with paired 95% intervals against the first value."""
    console = stdout_console()
    command = command_line(game, games, players=players, bots=bots, seed=seed, jobs=jobs,
                           out=out, options=option or [], components=components,
                           command=("sweep", "--field", field, "--values", values))
    with bad_input_exits(), ExitStack() as stack:
        jobs = processes(jobs)
        options = game_options(players, option or [], components)
        if out is not None and out.exists() and not out.is_dir():
            raise OptionError(f"{out} is not a folder")
        count = len([v for v in values.split(",") if v.strip()])
        advance = progress_bar(stack, game, games * max(1, count))
        found = sweep_values(game, games, field, values, bots=split_names(bots), seed=seed,
                             options=options, jobs=jobs, ray=ray, on_result=lambda _: advance())
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "sweep.md").write_text(sweep_markdown(found, command), encoding="utf-8")
        if has_matplotlib():
            write_sweep_plot(found, out / SWEEP_PNG)
        else:
            stderr_console().print(PLOTS_HOW, markup=False)
    if as_json:
        sys.stdout.write(json.dumps(found.to_json()) + "\n")
    else:
        show_sweep(found, console)



def show_sweep(found: Sweep, console: Any) -> None:
    """Per value and seat: win rate and mean score, and the paired difference from the first."""
    table = Table(
        title=f"{found.game}: {found.field} (data: {found.current:g}); {found.games} games per "
        f"value, seeds {found.seed}..{found.seed + found.games - 1}; differences from "
        f"{found.points[0].value:g}, paired 95%"
    )
    for column in ("value", "seat", "bot", "win rate", "- first", "score", "- first"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for point in found.points:
        for seat in point.seats:
            win, score = seat.win_rate, seat.score
            table.add_row(
                f"{point.value:g}", str(seat.seat), seat.bot, f"{win.b:.1%}",
                f"{win.diff * 100:+.1f} pp [{win.low * 100:+.1f}, {win.high * 100:+.1f}]",
                f"{score.b:.2f}", f"{score.diff:+.2f} [{score.low:+.2f}, {score.high:+.2f}]",
            )
    console.print(table)


@app.command()
def ladder(
    game: Annotated[str, typer.Argument(help="The game's name (see `games`).")],
    bots: Annotated[
        str, typer.Option(help="The bots to rank, a comma list of two or more (see `rules`).")
    ],
    seeds: Annotated[
        int, typer.Option("--seeds", "-n", help="Seeds; each is played at every seating.")
    ] = 10,
    players: Players = None,
    seed: Annotated[int, typer.Option(help="The first seed; seed i is seed+i.")] = 0,
    jobs: Jobs = 1,
    option: OptionPairs = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Write the Markdown report to this file and its plot beside it "
                     "(the same name, .png); without it the report is printed."),
    ] = None,
) -> None:
    """Rank bots: a seat-rotated round robin on paired seeds, with OpenSkill ratings, win
    shares with 95% intervals, time per move and, in Saboteur, each role."""
    command = ladders.command_line(game, split_names(bots), seeds=seeds, seed=seed, players=players,
                             jobs=jobs, out=out, options=option or [])
    with bad_input_exits(), ExitStack() as stack:
        jobs = processes(jobs)
        if out is not None:
            check_writable(out)
        options = game_options(players, option or [])
        names = split_names(bots)
        table = motherlode.load(game, **options).num_players
        advance = progress_bar(stack, game, seeds * len(ladders.seatings(names, table)))
        before = os.getloadavg()[0]
        found = ladders.run_ladder(game, names, seeds=seeds, seed=seed, options=options,
                                   jobs=jobs, on_game=lambda _: advance())
        load = (before, os.getloadavg()[0])
        stack.close()  # the progress bar goes before the report
        if out is None:
            now = datetime.datetime.now(datetime.UTC).astimezone()
            why = ladders.PLOT_NEEDS_OUT if has_matplotlib() else PLOTS_HOW
            stats = ladders.analyse(found)
            sys.stdout.write(ladders.render_markdown(found, stats, command, now, load,
                                                     why_no_plot=why))
            return
        _, written = ladders.write_report(found, out, command, load)
    if not has_matplotlib():
        stderr_console().print(PLOTS_HOW, markup=False)
    console = stdout_console()
    console.print(f"{found.game}: {len(found.games)} games; wrote:", soft_wrap=True)
    for path in written:
        console.print(f"  {path}", soft_wrap=True, markup=False)


app.command()(serve)
app.add_typer(tables_app, name="tables")


def variant_options(text: str) -> dict[str, object]:
    """A `--variant`: an existing folder is `data=FOLDER`; else key=value pairs by commas."""
    if text.strip() and Path(text).is_dir():
        return {"data": text}
    return dict(parse_options([pair for pair in text.split(",") if pair.strip()]))


def show_comparison(found: Comparison, console: Any) -> None:
    """B - A per seat: win rate and mean score with paired 95% intervals."""
    label_a, label_b = found.variants
    table = Table(
        title=f"{found.game}: {found.games} games per variant, seeds {found.seed}.."
        f"{found.seed + found.games - 1}; A = {label_a or 'defaults'}, "
        f"B = {label_b or 'defaults'}"
    )
    for column in ("seat", "bot", "win rate A → B", "B - A, paired 95%", "score A → B",
                   "B - A, paired 95%", "unpaired ±"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for seat in found.seats:
        win, score = seat.win_rate, seat.score
        table.add_row(
            str(seat.seat),
            seat.bot,
            f"{win.a:.1%} → {win.b:.1%}",
            f"{win.diff * 100:+.1f} pp [{win.low * 100:+.1f}, {win.high * 100:+.1f}]",
            f"{score.a:.4g} → {score.b:.4g}",
            f"{score.diff:+.4g} [{score.low:+.4g}, {score.high:+.4g}]",
            f"{score.unpaired_half:.4g}",
        )
    console.print(table)
    steps = found.length
    console.print(
        f"length in steps: A {steps.a:.1f}, B {steps.b:.1f}, B - A {steps.diff:+.1f} "
        f"[{steps.low:+.1f}, {steps.high:+.1f}] · unpaired ±: the half-width of the "
        "score interval had the games not shared their seeds"
    )


def check_saver(seat: int, table: dict[str, Any], file: Path) -> None:
    """An unfinished game is replayed for its saver's seat only: the others' secrets are not
    the replay's to spoil."""
    saver = table.get("seat")
    if seat == saver:
        return
    whose = f"seat {saver}'s" if isinstance(saver, int) else "no seat's"
    raise OptionError(
        f"{file} holds an unfinished game saved as {whose} game: replay it with "
        + (f"--seat {saver} or " if isinstance(saver, int) else "")
        + "as a spectator (the default)"
    )


def processes(jobs: int) -> int:
    """`--jobs`: 0 is one process per CPU; below 0 is refused, saying what is allowed."""
    if jobs < 0:
        raise OptionError(f"--jobs {jobs} is not allowed: use 1 or more processes, or 0 for "
                          "one per CPU")
    return jobs or os.cpu_count() or 1


def parquet_sink(
    stack: ExitStack, out: Path | None, game: str, options: dict[str, object]
) -> ParquetSink | None:
    """The Parquet writer of `simulate --out NAME.parquet` (closed with `stack`, so the games
    played make a readable file even when the run stops), or None for any other `--out`."""
    if out is None or out.suffix.lower() != ".parquet":
        return None
    if not has_pyarrow():
        raise OptionError("--out .parquet needs pyarrow; pip install 'motherlode[parquet]'")
    sink = ParquetSink.for_run(out, game, options)
    stack.callback(sink.close)
    return sink


class RunSettings(TypedDict):
    """What `simulate` hands the runner however it keeps the results."""

    bots: list[str]
    seed: int
    options: dict[str, Any]
    jobs: int
    ray: str | None


def parquet_and(sink: ParquetSink, advance: Callable[[], None]) -> Callable[[BalanceGame], None]:
    """Each game: a row in `sink`, then the progress bar on by one."""

    def on_result(one: BalanceGame) -> None:
        sink.add(one)
        advance()

    return on_result


def progress_bar(stack: ExitStack, game: str, games: int) -> Callable[[], None]:
    """A rich progress bar on stderr when it is a terminal (and more than one game), closed
    with `stack`; returns the function that moves it on by one game. A spinner and the words
    "starting" show it is alive before the first game is done (worker processes start)."""
    progress_console = stderr_console()
    if not progress_console.is_terminal or games <= 1:
        return lambda: None
    progress = stack.enter_context(
        Progress(
            SpinnerColumn(),
            TextColumn(f"[bold]{game}[/] {{task.description}}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=progress_console,
            transient=True,
        )
    )
    task = progress.add_task("starting", total=games)

    def advance() -> None:
        progress.update(task, advance=1, description="playing")

    return advance


def show_summary(summary: Summary, console: Any) -> None:
    """The summary as a table per seat and a line of totals."""
    options = ", ".join(f"{k}={v}" for k, v in summary.options.items())
    table = Table(
        title=f"{summary.game}: {summary.games} games, seeds {summary.seed}.."
        f"{summary.seed + summary.games - 1} ({options})"
    )
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("mean score", justify="right")
    table.add_column("std", justify="right")
    for seat, bot in enumerate(summary.bots):
        low, high = summary.seat_win_interval[seat]
        table.add_row(
            str(seat),
            bot,
            f"{summary.seat_wins[seat]:g}",
            f"{summary.seat_win_rate[seat]:.1%}",
            f"{low:.1%} - {high:.1%}",
            f"{summary.mean_score[seat]:.2f}",
            f"{summary.std_score[seat]:.2f}",
        )
    console.print(table)
    console.print(
        f"length in steps: mean {summary.mean_steps:.1f}, min {summary.min_steps}, "
        f"max {summary.max_steps} · ties {summary.ties} (shared wins count 1/k)"
    )
    console.print(
        f"{summary.seconds:.2f} s with {summary.jobs} process(es): "
        f"{summary.games_per_s:,.1f} games/s, {summary.steps_per_s:,.0f} steps/s"
    )


def main() -> None:
    """Entry point of the `motherlode` script."""
    app()


if __name__ == "__main__":
    main()
