"""Defence in depth: every page of the app sets a Content-Security-Policy that runs only the
site's own script files, so text that slips into the page as markup runs nothing. (The
app's own pages work under it: any violation is a console error, which fails every browser
test.)"""

from __future__ import annotations

from typing import Any

from .site import Server

INJECT = """() => {
  document.body.insertAdjacentHTML("beforeend",
    '<img src="data:," onload="window.ran = 1" onerror="window.ran = 1">');
  const script = document.createElement("script");
  script.textContent = "window.ran = 2";
  document.body.append(script);
}"""


def test_the_pages_run_no_inline_script(browser: Any, server: Server) -> None:
    """(A context of its own: each refusal is a console error.)"""
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    for name in ("index.html", "viewer.html", "record.html", "play.html"):
        page.goto(f"app/{name}")
        page.evaluate(INJECT)
        page.wait_for_timeout(200)
        assert page.evaluate("window.ran") is None, name
    assert len(refused) >= 8, refused
    context.close()
