"""The browser tests: the built site on 127.0.0.1 and Debian's Chromium through Playwright.

Every test here is marked ``browser``.  Without Playwright or Chromium they are skipped,
except in CI (``CI=true``), where that is a failure.  Each test has its own browser context
and fails on any console error or uncaught error of its pages.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .site import CHROMIUM, Server, launch, serve, site_folder

HERE = Path(__file__).parent


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install playwright; no browser download)"
    if not CHROMIUM.is_file():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


MISSING = _missing()
IN_CI = os.environ.get("CI") == "true"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: the web app in headless Chromium (run them with: pytest -m browser)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
            if MISSING and not IN_CI:
                item.add_marker(pytest.mark.skip(reason=MISSING))


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site_folder(tmp_path_factory.mktemp("web"))


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[Server]:
    with serve(site) as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if MISSING:
        pytest.fail(f"CI=true and the browser tests cannot run: {MISSING}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: Any, server: Server) -> Iterator[Any]:
    """A fresh browser context (no storage, no cache); its pages' errors fail the test."""
    fresh = browser.new_context(base_url=server.url, accept_downloads=True)
    fresh.set_default_timeout(30_000)
    yield from watched(fresh)


def watched(fresh: Any) -> Iterator[Any]:
    """*fresh* until the test is done, then closed; any console or page error fails it."""
    errors: list[str] = []

    def console(message: Any) -> None:
        if message.type == "error":
            errors.append(f"console error at {message.location.get('url')}: {message.text}")

    fresh.on("console", console)
    fresh.on("weberror", lambda error: errors.append(f"page error: {error.error}"))
    yield fresh
    fresh.close()
    assert not errors, "\n".join(errors)


@pytest.fixture
def page(context: Any) -> Any:
    return context.new_page()
