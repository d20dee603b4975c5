"""What a run measures and how it is judged: the sizes of a run, and every comparison.

Each comparison's target is a one-line setting in :data:`TARGETS`: a number is judged
(PASS or FAIL on the median ratio of the repetitions), ``None`` is shown and not judged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["COMPILED_TARGETS", "FULL", "QUICK", "TARGETS", "Config", "Row", "rows"]


@dataclass(frozen=True, slots=True)
class Config:
    """The sizes of one run; --quick and the full run differ only in these."""

    name: str
    repeats: int
    """Repetitions of each compared figure; verdicts are on the median of their ratios."""
    whole_games: int
    """Random dice games validated by whole processes (the issue's target: 10,000)."""
    replay_games: int
    """Random dice games replayed in process, and played out."""
    cards_games: int
    """Random games of the card game: validated, replayed and played out."""
    kuckuck_matches: int
    """Random matches of Zum Kuckuck!: validated, replayed and played out."""
    scaling: tuple[int, ...]
    """Sizes of the memory and scaling table; the first is what the others are held to."""
    cards_scaling: tuple[int, ...]
    kuckuck_scaling: tuple[int, ...]
    """The same for the card game and Zum Kuckuck!, whose games take longer to write."""
    study_matches: tuple[tuple[str, tuple[str, ...], int], ...]
    """Study throughput: game, the bots of a match (one a seat), games played as a study
    plays them (``cuckoo.study.tasks.play_task``)."""
    chess_playout_games: int
    spiel_episodes: int
    legal_rounds: int
    """Passes of ``legal_moves`` over the widest positions."""
    table_depth: int
    """The deepest perft of the regression table (each depth measured once)."""
    perft_depth: int = 3
    chess_perft_depth: int = 4
    widest_sample: int = 300
    """Random games searched for the widest positions."""
    widest_count: int = 16


STUDY_MATCHES: Final = (
    ("cuckoo-dice", ("random", "random"), 300),
    ("cuckoo-dice", ("greedy", "random"), 150),
    ("cuckoo-dice", ("greedy", "greedy"), 100),
    ("cuckoo-dice", ("mcts:100", "greedy"), 4),
    ("cuckoo-dice", ("mcts:50", "mcts:50"), 4),
    ("cuckoo-cards", ("random",) * 4, 500),
    ("cuckoo-cards", ("greedy", "random", "random", "random"), 500),
    ("zum-kuckuck", ("random",) * 4, 100),
    ("zum-kuckuck", ("careful", "random", "random", "random"), 100),
)
"""The matches whose study throughput a full run measures (games a CPU second)."""

FULL: Final = Config(
    name="full",
    repeats=5,
    whole_games=10_000,
    replay_games=2_000,
    cards_games=700,
    kuckuck_matches=160,
    scaling=(1_000, 10_000, 100_000),
    cards_scaling=(1_000, 10_000, 100_000),
    kuckuck_scaling=(1_000, 10_000, 100_000),
    study_matches=STUDY_MATCHES,
    chess_playout_games=100,
    spiel_episodes=10_000,
    legal_rounds=300,
    table_depth=4,
)
QUICK: Final = Config(
    name="quick",
    repeats=3,
    whole_games=2_000,
    replay_games=1_000,
    cards_games=300,
    kuckuck_matches=70,
    scaling=(1_000, 10_000),
    cards_scaling=(1_000, 10_000),
    kuckuck_scaling=(300, 1_000),
    study_matches=tuple((game, bots, max(1, games // 3)) for game, bots, games in STUDY_MATCHES),
    chess_playout_games=50,
    spiel_episodes=3_000,
    legal_rounds=100,
    table_depth=3,
)

Kind = Literal["rate", "time", "memory"]
"""How a ratio is made: "rate", ours per CPU second over the other's, higher is better;
"time", our CPU seconds over the other's, lower is better; "memory", peak RSS over that of
the smallest run, lower is better."""

TARGETS: Final[dict[str, float | None]] = {
    # The pure build's: issue #17's for the dice game; issue #33's no-regression floors for
    # validate (the dice game 1.7, the card game 1.1, Zum Kuckuck! 0.55).
    "dice.validate": 1.7,
    "dice.replay": 2.0,
    "dice.replay+board": 1.5,
    "dice.playout": 2.5,
    "dice.startup": 1.5,
    "memory": 1.10,
    "cards.validate": 1.1,
    "cards.replay": None,
    "cards.replay+board": None,
    "cards.playout": None,
    "cards.startup": None,
    "kuckuck.validate": 0.55,
    "kuckuck.replay": None,
    "kuckuck.replay+board": None,
    "kuckuck.playout": None,
    "kuckuck.startup": None,
    "perft": None,
}
"""Each comparison's target by its name, in the pure build; a name not listed (the OpenSpiel
and pgn-extract rows) is shown."""

COMPILED_TARGETS: Final[dict[str, float | None]] = TARGETS | {
    # Issue #33: validate, whole process, ours ÷ python-chess; the dice game within 3 times
    # pgn-extract's time per ply.
    "dice.validate": 4.0,
    "cards.validate": 3.0,
    "kuckuck.validate": 2.0,
    "dice.validate+pgn-extract": 1 / 3,
}
"""The compiled build's targets: the pure build's, and the issue's for a compiled build."""


@dataclass(frozen=True, slots=True)
class Row:
    """One comparison: two figures, how their ratio is made, and its target."""

    label: str
    ours: str
    other: str
    kind: Kind
    target: float | None
    units: tuple[str, str] | None = None
    """For a rate: the counts compared, if not each figure's own unit."""


NAMES: Final = {"dice": "dice", "cards": "card game", "kuckuck": "Zum Kuckuck!"}


def _game_rows(game: str, unit: str, whole: str, targets: dict[str, float | None]) -> list[Row]:
    """A game's figures beside their peers: validate, replay, playout, start-up."""
    name, per = NAMES[game], f"{unit} per CPU s"

    def row(what: str, target: str, other: str, kind: Kind = "rate") -> Row:
        return Row(f"{name}: {what}", target.split("+")[0], other, kind, targets.get(target))

    return [
        row(f"validate {whole}, whole process, {per}, ours ÷ python-chess read_game",
            f"{game}.validate", f"chess.validate.{game}"),
        row(f"validate {whole}, whole process, {per}, ours ÷ pgn-extract (C)",
            f"{game}.validate+pgn-extract", f"pgn-extract.validate.{game}"),
        row(f"replay + validate in process, cold, {per}, ours ÷ python-chess read_game",
            f"{game}.replay", "chess.replay"),
        row(f"replay + validate in process, cold, {per}, ours ÷ python-chess read_game with "
            "BoardBuilder", f"{game}.replay+board", "chess.board"),
        row(f"random playout, cold, {per}, ours ÷ python-chess legal_moves + push",
            f"{game}.playout", "chess.playout"),
        row(f"random playout, cold, {per}, ours ÷ OpenSpiel python_kuhn_poker steps",
            f"{game}.playout+kuhn", "spiel.python_kuhn_poker"),
        row("start-up, validate a one-game file, CPU s, ours ÷ python-chess reading one game "
            "(lower is better)", f"{game}.startup", "chess.startup", "time"),
    ]  # fmt: skip


def scaling_keys(game: str, command: str, n: int) -> str:
    """The key of the scaling figure of *command* (validate, random) over *n* games of
    *game* (dice, cards, kuckuck); the dice game's are unprefixed, as they always were."""
    return f"scaling.{command}.{n}" if game == "dice" else f"scaling.{game}.{command}.{n}"


def scaling_sizes(config: Config) -> dict[str, tuple[int, ...]]:
    """The sizes of the scaling table of each game."""
    return {"dice": config.scaling, "cards": config.cards_scaling,
            "kuckuck": config.kuckuck_scaling}  # fmt: skip


def _memory_rows(config: Config, targets: dict[str, float | None]) -> list[Row]:
    """Peak memory of validate and random of each larger file over the smallest, each game."""
    rows = []
    for game, (base, *larger) in scaling_sizes(config).items():
        noun = "matches" if game == "kuckuck" else "games"
        for command in ("validate", "random"):
            for n in larger:
                label = (f"{NAMES[game]}: peak RSS of cuckoo {command}, {n:,} {noun} ÷ "
                         f"{base:,} {noun} (lower is better)")  # fmt: skip
                ours, other = (scaling_keys(game, command, size) for size in (n, base))
                rows.append(Row(label, ours, other, "memory", targets["memory"]))
    return rows


def rows(config: Config, build: str = "pure Python") -> list[Row]:
    """Every comparison of a run of *config* on *build* (``cuckoo.build()``), game by game."""
    targets = COMPILED_TARGETS if build == "compiled" else TARGETS
    perft = f"perft({config.perft_depth}), ours ÷ python-chess perft({config.chess_perft_depth})"
    return [
        *_game_rows("dice", "plies", f"{config.whole_games:,} games", targets),
        *_memory_rows(config, targets),
        Row("dice: random playout, cold, plies per CPU s, ours ÷ OpenSpiel python_tic_tac_toe "
            "steps", "dice.playout", "spiel.python_tic_tac_toe", "rate", None),
        Row(f"dice: {perft}, per node (a position whose moves are generated) per CPU s",
            "perft.cuckoo", "perft.chess", "rate", targets["perft"], ("nodes",) * 2),
        Row(f"dice: {perft}, per move generated per CPU s", "perft.cuckoo", "perft.chess",
            "rate", targets["perft"], ("moves generated",) * 2),
        *_game_rows("cards", "moves", f"{config.cards_games:,} games", targets),
        *_game_rows("kuckuck", "moves", f"{config.kuckuck_matches:,} matches", targets),
    ]  # fmt: skip
