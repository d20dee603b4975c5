"""What people expect of a command line (issue #19): help for every command and option,
"did you mean", plurals, no grammar internals, progress on a terminal, shell completion."""

from __future__ import annotations

import argparse
import io
import itertools
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from cuckoo import progress as progress_module
from cuckoo.cards.views import lives_text
from cuckoo.cli import COMMANDS, build_parser, main
from cuckoo.progress import Progress, plural, rewind

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_a_mistyped_command_gets_a_suggestion_and_the_name_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "valdate", "x")
    assert status == 2
    assert "cuckoo: no command 'valdate'; did you mean 'validate'?" in err
    assert "cuckoo: cuckoo" not in err
    status, _, err = run(capsys, "zzzz")
    assert status == 2 and "the commands: completion, validate" in err


def test_every_command_has_a_summary_examples_and_help_for_each_option() -> None:
    commands = _commands()
    assert sorted(commands) == sorted(COMMANDS)
    for name, sub in commands.items():
        assert sub.description and sub.epilog and sub.epilog.startswith("examples:"), name
        for action in sub._actions:
            assert action.help, f"{name} {action.option_strings or action.dest} has no help"
            default = action.default
            if action.option_strings and default not in (None, False, argparse.SUPPRESS):
                assert "default" in action.help, f"{name} {action.option_strings}: no default"
            if action.choices and action.option_strings:
                assert action.metavar, f"{name} {action.option_strings}: choices listed twice"


def test_turn_counts_entries_of_the_movetext(capsys: pytest.CaptureFixture[str]) -> None:
    """The help says what ``--turn`` counts in the players' word, and names its old name."""
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    out = capsys.readouterr().out
    assert "--turn N, --ply N" in out and "the first N turns" in out


def test_one_game_one_move_one_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.cuckoo"
    path.write_text(
        '[Game "cuckoo-dice"]\n[Ruleset "cuckoo"]\n[First "Blue"]\n'
        '[BlueRoll "1 2 2 3 4 4 5 5 6 6"]\n[RedRoll "1 1 2 3 3 4 5 6 6 6"]\n\n1. 7@300 *\n',
        encoding="utf-8",
    )
    assert run(capsys, "validate", str(path))[2].endswith("1 game, 0 moves, 1 problem\n")
    assert plural(1, "life", "lives") == "1 life" and plural(2, "life", "lives") == "2 lives"
    assert [lives_text(n) for n in (0, 1, 2)] == ["out", "1 life", "2 lives"]


def test_no_grammar_internals_reach_the_user(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "validate", str(ROOT / "README.md"))
    assert status == 1 and out
    for internal in ("<END", "$END", "__ANON", "RULE"):
        assert internal not in out
    assert "after the result that ends the record" in out


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_only_on_a_terminal_and_never_with_quiet() -> None:
    shown = Terminal()
    progress = Progress("game", 3, stream=shown)
    for _ in range(3):
        progress.advance()
    progress.close("3 games")
    assert "\r3/3 games" in shown.getvalue() and shown.getvalue().endswith("3 games\n")
    quiet = Terminal()
    progress = Progress("game", 3, quiet=True, stream=quiet)
    progress.advance()
    progress.close("3 games")
    assert quiet.getvalue() == ""
    piped = io.StringIO()
    progress = Progress("game", stream=piped)
    progress.advance()
    progress.close("1 game")
    assert piped.getvalue() == "1 game\n", "no counter into a pipe, only the summary"


def test_random_confirms_what_it_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.cuckoo"
    status, out, err = run(capsys, "random", "--seed", "1", "--games", "2", "-o", str(path))
    assert (status, out) == (0, "") and err == f"2 games of cuckoo-dice, seed 1 written to {path}\n"
    assert run(capsys, "random", "--seed", "1", "-q")[2] == ""


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_shell_completion(capsys: pytest.CaptureFixture[str], shell: str) -> None:
    status, script, _ = run(capsys, "completion", shell)
    assert status == 0 and "complete -o filenames -F _cuckoo cuckoo" in script
    assert ("bashcompinit" in script) == (shell == "zsh")
    if shell == "zsh":
        return
    probe = script + (
        "COMP_WORDS=(cuckoo val); COMP_CWORD=1; _cuckoo; echo ${COMPREPLY[@]}\n"
        'COMP_WORDS=(cuckoo random --game ""); COMP_CWORD=3; _cuckoo; echo ${COMPREPLY[@]}\n'
        "COMP_WORDS=(cuckoo selfplay --rul); COMP_CWORD=2; _cuckoo; echo ${COMPREPLY[@]}\n"
        "COMP_WORDS=(cuckoo random --ruleset t); COMP_CWORD=3; _cuckoo; echo ${COMPREPLY[@]}\n"
        "COMP_WORDS=(cuckoo play --bot g); COMP_CWORD=3; _cuckoo; echo ${COMPREPLY[@]}\n"
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30)
    assert done.stdout.splitlines() == [
        "validate",
        "cuckoo-cards cuckoo-dice zum-kuckuck",
        "--ruleset",
        "tactical",
        "greedy",
    ]


def test_the_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    """``--version`` says whether the compiled build (setup.py) or pure Python answers, as
    the benchmarks record it: the build is found from where the dice rules were loaded."""
    import cuckoo
    import cuckoo.dice.rules

    compiled = not cuckoo.dice.rules.__file__.endswith(".py")
    assert cuckoo.build() == ("compiled" if compiled else "pure Python")
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"cuckoo {cuckoo.__version__} ({cuckoo.build()})\n"


@pytest.mark.parametrize(
    ("game", "listed", "left_out"),
    [
        (
            "cuckoo-cards",
            "cuckoo-cards: easy, medium, hard, random, greedy, search",
            ["mcts", "careful", "zum-kuckuck:"],
        ),
        (
            "zum-kuckuck",
            "zum-kuckuck: easy, medium, hard, random, careful, search",
            ["greedy", "mcts", "cuckoo-dice:"],
        ),
        (None, "cuckoo-cards: easy, medium, hard, random, greedy, search", ["random, mcts:N"]),
    ],
)
def test_the_help_lists_the_bots_of_the_chosen_game(
    capsys: pytest.CaptureFixture[str], game: str | None, listed: str, left_out: list[str]
) -> None:
    """``play --game cuckoo-cards --help`` offered mcts, which that game refuses."""
    for command, option, chosen in (
        ("play", "--bot BOT", ["--game", game]),
        ("selfplay", "--bots A,B,...", [f"--game={game}"]),
    ):
        with pytest.raises(SystemExit):
            main([command, *(chosen if game else []), "--help"])
        text = " ".join(capsys.readouterr().out.split()).replace("- ", "-")
        bots = text.rsplit(option, 1)[1].split(" --")[0]
        assert listed in bots
        assert not [word for word in left_out if word in bots]
    if game:
        status, _, err = run(capsys, "play", "--game", game, "--bot", "mcts:5", "-o", "x")
        assert status == 2 and f"no bot 'mcts:5' for {game}; expected one of easy" in err


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_completion_keeps_names_with_spaces_whole(tmp_path: Path) -> None:
    """``my game.cuckoo`` was offered as ``my`` and ``game.cuckoo``; a value with a space
    the same; a name typed in quotes or with ``\\ `` found nothing."""
    from cuckoo.completion import script

    for name in ("my game.cuckoo", "my other.cuckoo", "plain.cuckoo", "*"):
        (tmp_path / name).touch()
    probe = script(build_parser(), "bash", {"bot": ["deep blue", "greedy"]}) + "".join(
        f"COMP_WORDS=({words}); COMP_CWORD=${{#COMP_WORDS[@]}}; ((COMP_CWORD--)); _cuckoo; "
        'printf "%s|" "${COMPREPLY[@]}"; echo\n'
        for words in (
            "cuckoo validate my",
            "cuckoo validate 'my\\ g'",
            "cuckoo validate '\"my o'",
            'cuckoo validate "\'my g"',
            "cuckoo validate '*'",
            "cuckoo play --bot d",
        )
    )
    done = subprocess.run(
        ["bash", "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=30
    )
    assert done.stdout.splitlines() == [
        "my game.cuckoo|my other.cuckoo|",
        "my game.cuckoo|",
        "my other.cuckoo|",
        "my game.cuckoo|",
        "*|",
        "deep blue|",
    ], done.stderr


def test_a_dumb_terminal_gets_no_escape_sequences(monkeypatch: pytest.MonkeyPatch) -> None:
    """TERM=dumb (an editor's shell) showed ``ESC[K`` as it is: the counter is covered
    with spaces instead."""
    monkeypatch.setenv("TERM", "dumb")
    seconds = itertools.count(1.0)
    monkeypatch.setattr(progress_module, "time", SimpleNamespace(monotonic=lambda: next(seconds)))
    shown = Terminal()
    progress = Progress("game", 12, stream=shown)
    for _ in range(12):
        progress.advance()  # a second apart: each count drawn
    progress.close("12 games")
    assert "\x1b" not in shown.getvalue()
    assert shown.getvalue().endswith("\r11/12 games\r12/12 games\r           \r12 games\n")
    assert rewind() == "\n"
    monkeypatch.setenv("TERM", "xterm")
    assert rewind() == "\r\x1b[K"


def test_every_command_shows_examples_of_itself() -> None:
    """Each command's help ends with examples (issue #33), one command line a line, and
    one of them runs that very command."""
    for name, sub in _commands().items():
        assert sub.epilog is not None, name
        head, *lines = sub.epilog.splitlines()
        assert head == "examples:" and lines, name
        for line in lines:
            assert line.startswith("  ") and "cuckoo " in line, f"{name}: {line!r}"
        assert any(f"cuckoo {name}" in line for line in lines), name


def test_every_jobs_option_is_the_shared_one_and_states_its_cap() -> None:
    """``-j`` is declared in one place (``cli/options.py``), the kit's and the study's too:
    the same reading and name everywhere, and the cap in every help."""
    from cuckoo.cli import MAX_JOBS
    from cuckoo.cli.options import jobs
    from cuckoo.option_values import seed

    having = {}
    for name, sub in _commands().items():
        for action in sub._actions:
            if "--jobs" in action.option_strings:
                having[name] = action
                assert action.option_strings == ["-j", "--jobs"], name
                assert action.type is jobs and action.metavar == "N", name
                assert action.help and f", 1 to {MAX_JOBS} (4 per CPU; default: " in action.help
            if "--seed" in action.option_strings and name != "conform":  # the kit's own
                assert action.type is seed, name
    assert sorted(having) == ["conform", "study", "validate"]
