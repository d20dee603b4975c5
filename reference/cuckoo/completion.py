"""Shell completion for the ``cuckoo`` command, written from its own argument parser, so
that a new command or option is completed without anyone editing a script.

``cuckoo completion bash`` prints a bash script; zsh runs the same script through its
``bashcompinit``. Commands, options and the values of options with a fixed set (games,
rulesets, sides, bots) are completed; anything else completes file names. A completion is
one line of ``compgen``'s output, never split further, so that a file name with spaces
stays whole; the word typed so far is read without its opening quote or its backslashes.
zsh's ``compgen -f`` splits that word at its spaces (``my g`` found ``my``), so there the
file names are found by a glob of it instead.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Iterator, Mapping, Sequence

__all__ = ["script"]

_ZSH = "autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n"


def script(parser: argparse.ArgumentParser, shell: str, values: Mapping[str, Sequence[str]]) -> str:
    """The completion script of *parser* for *shell* (``bash`` or ``zsh``); *values* adds
    the words an option takes where its parser does not list them (``--bot``)."""
    commands = _commands(parser)
    top = " ".join([*commands, "--help", "--version"])
    cases = "\n".join(_command_cases(commands))
    option_cases = "\n".join(_value_cases(commands, values))
    bash = f"""_cuckoo_reply() {{
    local line
    COMPREPLY=()
    while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen "$@" -- "$cur")
}}
_cuckoo_files() {{
    if [ -z "${{ZSH_VERSION-}}" ]; then
        _cuckoo_reply -f
        return
    fi
    local name
    COMPREPLY=()
    for name in "$cur"*; do
        if [ -e "$name" ] || [ -L "$name" ]; then COMPREPLY+=("$name"); fi
    done
}}
_cuckoo() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    local command="${{COMP_WORDS[1]}}" options=""
    case "$cur" in
        \\"*) cur="${{cur#\\"}}" ;;
        \\'*) cur="${{cur#\\'}}" ;;
        *) cur="${{cur//\\\\/}}" ;;
    esac
    if [ "$COMP_CWORD" -eq 1 ]; then
        _cuckoo_reply -W {shlex.quote(top)}
        return
    fi
    case "$command $prev" in
{option_cases}
    esac
    case "$command" in
{cases}
    esac
    if [[ "$cur" == -* ]]; then
        _cuckoo_reply -W "$options"
    else
        _cuckoo_files
    fi
}}
complete -o filenames -F _cuckoo cuckoo
"""
    return (_ZSH if shell == "zsh" else "") + bash


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _command_cases(commands: Mapping[str, argparse.ArgumentParser]) -> Iterator[str]:
    for name, sub in commands.items():
        options = " ".join(o for a in sub._actions for o in a.option_strings)
        yield f"        {name}) options={shlex.quote(options)} ;;"


def _value_cases(
    commands: Mapping[str, argparse.ArgumentParser], values: Mapping[str, Sequence[str]]
) -> Iterator[str]:
    for name, sub in commands.items():
        for action in sub._actions:
            words = values.get(action.dest) or (
                sorted(map(str, action.choices)) if action.choices else ()
            )
            if words and action.option_strings:
                pattern = "|".join(f'"{name} {o}"' for o in action.option_strings)
                listed = shlex.quote(" ".join(map(shlex.quote, words)))
                yield f"        {pattern}) _cuckoo_reply -W {listed}; return ;;"
