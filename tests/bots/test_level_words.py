"""What the play page says of each level is what the engine says (one truth, two languages)."""

from __future__ import annotations

import json
import re

from cuckoo.players.bots import LEVEL_WORDS, LEVELS

from ..web.site import ROOT


def _page_words() -> dict[str, dict[str, str]]:
    """The play page's ``LEVELS`` object, read as JSON once its keys are quoted."""
    script = (ROOT / "docs" / "app" / "play.js").read_text(encoding="utf-8")
    found = re.search(r"^const LEVELS = (\{.*?^\});", script, re.M | re.S)
    assert found, "play.js has no LEVELS object"
    quoted = re.sub(r"^(\s*)(\w+):", r'\1"\2":', found.group(1), flags=re.M)
    return json.loads(re.sub(r",(\s*\})", r"\1", quoted))  # type: ignore[no-any-return]


def test_the_play_page_says_of_each_level_what_the_engine_says() -> None:
    assert _page_words() == LEVEL_WORDS
    assert {game: set(words) for game, words in LEVEL_WORDS.items()} == {
        game: set(levels) for game, levels in LEVELS.items()
    }
