"""The browser app, built into the site: the reference engine itself, run by Pyodide.

At the end of an HTML build this extension puts into ``<outdir>/app/``:

* the app's own pages (each put into the frame of ``page.html``), scripts and styles,
  from ``docs/app/``;
* the Pyodide runtime, taken from the ``pyodide`` package of the npm registry (``npm pack``,
  checked against the pinned integrity hash, cached in ``docs/_build/cache``);
* two wheels: this project's, built from the source tree less the modules the page never
  imports (the command line, the conformance kit, studies: ``app_bytecode.app_wheel``),
  and lark's, the only dependency, less its tools (``app_bytecode.LEFT_OUT_OF_LARK``);
* bytecode, made by the runtime itself under Node.js (``app_bytecode.py``), for the
  modules the app imports: in the standard library's zip in place of their source, and for
  the wheels in a zip of ``__pycache__`` files (compiling them at every start took most of
  the start-up time);
* ``build.json`` (what to load), ``rules.json`` (where each rule ID is defined, for the
  links in error messages), the example games, and the service worker with the list of
  every file to keep for offline use, named by a hash of their contents.

It also puts a link under every ``{example}`` of the spec that opens its record in the
viewer, and gives the ``cuckoo-examples`` directive: the games of ``examples/``, each
with its link.  No file is fetched from anywhere but the package registries, and the site
needs no server of its own: any static file host serves it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zlib
from pathlib import Path
from typing import Any

from app_bytecode import LEFT_OUT_OF_LARK, app_wheel
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cuckoo.files import replace_file
from cuckoo.games import read_records

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parent.parent
ROOT = DOCS.parent
SOURCE = DOCS / "app"
EXAMPLES = ROOT / "examples"
CACHE = DOCS / "_build" / "cache"

PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq"
    "+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the page loads of the runtime (no packages: the two wheels are the site's own)."""

VIEWER = "app/viewer.html"


# --- Links to the viewer -----------------------------------------------------------------


def viewer_fragment(record: str) -> str:
    """The URL fragment that carries *record*: raw DEFLATE, then base64url without padding;
    the page inflates it with the browser's ``DecompressionStream("deflate-raw")``."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(record.encode()) + packer.flush()
    return "z=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _to_root(docname: str) -> str:
    return "../" * docname.count("/")


def _viewer_link(docname: str, record: str, text: str) -> nodes.reference:
    uri = f"{_to_root(docname)}{VIEWER}#{viewer_fragment(record)}"
    return nodes.reference("", text, refuri=uri, classes=["cuckoo-open-viewer"])


def _add_viewer_links(app: Sphinx, doctree: nodes.document) -> None:
    """Under each spec example's record, a link that opens it in the viewer."""
    docname = app.env.docname
    for container in list(doctree.findall(nodes.container)):
        if "cuckoo-example" not in container["classes"]:
            continue
        literal = next(iter(container.findall(nodes.literal_block)), None)
        if literal is None:
            continue
        para = nodes.paragraph("", "", classes=["cuckoo-viewer-link"])
        para += _viewer_link(docname, literal.astext() + "\n", "Step through it in the viewer")
        container.append(para)


def app_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any, *_: Any
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{app}`Step through a game <viewer.html>```: a link to a page of the app (a plain
    Markdown link to an HTML file would be taken for a download)."""
    match = re.fullmatch(r"(.*?)\s*<([\w./?#=-]+)>", text, re.DOTALL)
    if match is None:
        message = inliner.reporter.error(f"app link {text!r}: write it as title <page.html>")
        return [], [message]
    docname = inliner.document.settings.env.docname
    uri = f"{_to_root(docname)}app/{match[2]}"
    return [nodes.reference(rawtext, match[1], refuri=uri, classes=["cuckoo-app-link"])], []


class ExamplesDirective(SphinxDirective):
    """``cuckoo-examples``: every game of ``examples/``, with a link into the viewer."""

    def run(self) -> list[nodes.Node]:
        items = nodes.bullet_list()
        for path in sorted(EXAMPLES.glob("*.cuckoo")):
            self.env.note_dependency(str(path))
            text = path.read_text(encoding="utf-8")
            (kit, record), *_ = (
                i for i in read_records(text.splitlines(True)) if isinstance(i, tuple)
            )
            event = record.tag("Event") or path.stem
            item = nodes.list_item()
            para = nodes.paragraph()
            para += nodes.literal(path.name, path.name)
            para += nodes.Text(f" ({kit.dialect.game}): {event}. ")
            uri = f"{_to_root(self.env.docname)}{VIEWER}?file=examples/{path.name}"
            para += nodes.reference("", "Open in the viewer", refuri=uri)
            item += para
            items += item
        return [items]


class AppLoadDirective(SphinxDirective):
    """``cuckoo-app-load``: the stored run of ``benchmarks/app_load.py`` as its table, made
    by the benchmark's own code, so the page never shows figures of another run."""

    script = "app_load.py"

    def run(self) -> list[nodes.Node]:
        import importlib.util

        script = ROOT / "benchmarks" / self.script
        spec = importlib.util.spec_from_file_location(script.stem, script)
        assert spec is not None and spec.loader is not None
        benchmark = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(benchmark)
        self.env.note_dependency(str(benchmark.RESULT))
        result = json.loads(benchmark.RESULT.read_text(encoding="utf-8"))
        return self.parse_text_to_nodes(benchmark.table(result))


class AppTapsDirective(AppLoadDirective):
    """``cuckoo-app-taps``: the stored run of ``benchmarks/app_taps.py`` (a tap to the
    screen at the end of a long game), as its table."""

    script = "app_taps.py"


class BotThinkDirective(AppLoadDirective):
    """``cuckoo-bot-think``: the stored run of ``benchmarks/bot_think.py`` (how long each
    level of bot thinks in the page), as its table."""

    script = "bot_think.py"


# --- Building the app --------------------------------------------------------------------


def _run(*command: str, cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(command, cwd=cwd, check=True, capture_output=True, text=True)
    except FileNotFoundError:
        raise ExtensionError(
            f"the browser app needs {command[0]!r}, which is not installed (npm comes with "
            "Node.js; the docs build runs 'npm pack pyodide' once and keeps the result in "
            f"{CACHE})"
        ) from None
    except subprocess.CalledProcessError as error:
        raise ExtensionError(f"{' '.join(command)} failed:\n{error.stderr}") from None
    return done.stdout


def _integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def pyodide_runtime() -> Path:
    """The unpacked runtime, fetched with ``npm pack`` once and checked against its hash."""
    unpacked = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if all((unpacked / name).is_file() for name in PYODIDE_FILES):
        return unpacked
    CACHE.mkdir(parents=True, exist_ok=True)
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file() or _integrity(tarball) != PYODIDE_INTEGRITY:
        logger.info(f"fetching the Pyodide runtime {PYODIDE_VERSION} with npm pack")
        _run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE))
    found = _integrity(tarball)
    if found != PYODIDE_INTEGRITY:
        raise ExtensionError(f"{tarball}: integrity {found}, expected {PYODIDE_INTEGRITY}")
    partial = unpacked.with_suffix(".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir()
    with tarfile.open(tarball) as archive:
        for name in PYODIDE_FILES:
            member = archive.getmember(f"package/{name}")
            source = archive.extractfile(member)
            assert source is not None
            replace_file(partial / name, source.read())
    shutil.rmtree(unpacked, ignore_errors=True)
    partial.rename(unpacked)
    return unpacked


def wheels(into: Path) -> list[str]:
    """This project's wheel, built from the source tree, and lark's (the version this build
    runs with) from the package index, each less what the page never imports; their file
    names."""
    import lark

    into.mkdir(parents=True, exist_ok=True)
    pip = (sys.executable, "-m", "pip", "--disable-pip-version-check", "-q")
    lark_cache = CACHE / "wheels"
    if not list(lark_cache.glob(f"lark-{lark.__version__}-*.whl")):
        _run(
            *pip,
            "download",
            f"lark=={lark.__version__}",
            "--no-deps",
            "--only-binary=:all:",
            "-d",
            str(lark_cache),
        )
    (lark_wheel,) = lark_cache.glob(f"lark-{lark.__version__}-*.whl")
    app_wheel(lark_wheel, into / lark_wheel.name, LEFT_OUT_OF_LARK)
    built = CACHE / "project-wheel"
    shutil.rmtree(built, ignore_errors=True)
    built.mkdir(parents=True)
    _run(*pip, "wheel", str(ROOT), "--no-deps", "-w", str(built))
    (own,) = built.glob("*.whl")
    left_out = app_wheel(own, into / own.name)
    logger.info(f"app: {own.name} without the {left_out} files the page never imports")
    return [own.name, lark_wheel.name]


def bytecode(runtime: Path, wheel_folder: Path, names: list[str]) -> Path:
    """The folder holding ``python_stdlib.zip`` with bytecode and ``bytecode.zip`` for the
    wheels, made once for each runtime, pair of wheels and script, then kept in the cache."""
    script = Path(__file__).with_name("app_bytecode.mjs")
    example = EXAMPLES / "cuckoo-sides.cuckoo"
    digest = hashlib.sha256(PYODIDE_VERSION.encode())
    for path in (script, script.with_suffix(".py"), example, *(wheel_folder / n for n in names)):
        digest.update(path.read_bytes())
    made = CACHE / f"bytecode-{digest.hexdigest()[:16]}"
    if (made / "bytecode.zip").is_file():
        return made
    for old in CACHE.glob("bytecode-*"):
        shutil.rmtree(old)
    partial = made.with_suffix(".partial")
    partial.mkdir(parents=True)
    wheels = [str(wheel_folder / n) for n in names]
    said = _run("node", str(script), str(runtime), str(partial), str(example), *wheels)
    logger.info(f"app: {said.strip()}")
    partial.rename(made)
    return made


def rule_locations(app: Sphinx) -> dict[str, dict[str, str]]:
    """Each rule ID with the page (relative to the app) and title that define it."""
    from cuckoo_spec.data import document_order, spec_data

    data = spec_data(app.env)
    builder = app.builder
    return {
        rule_id: {
            "url": "../" + builder.get_target_uri(rule.docname) + "#" + rule_id,
            "title": rule.title,
        }
        for rule_id, rule in data.defined(document_order(app.env)).items()
    }


def build_app(app: Sphinx, exception: Exception | None) -> None:
    """Write the app into the built site (HTML builders only)."""
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "app"
    shutil.rmtree(target, ignore_errors=True)
    for path in sorted(SOURCE.rglob("*")):  # the app's own files, less what is made here
        if path.is_file() and not any(path.match(p) for p in ("*sw.js", "*.html", "*.part")):
            (target / path.relative_to(SOURCE)).parent.mkdir(parents=True, exist_ok=True)
            _copy(path, target / path.relative_to(SOURCE))
    _pages(target)
    runtime = pyodide_runtime()
    for name in PYODIDE_FILES:
        (target / "pyodide").mkdir(exist_ok=True)
        _copy(runtime / name, target / "pyodide" / name)
    _no_packages(target / "pyodide" / "pyodide-lock.json")
    names = wheels(target / "wheels")
    compiled = bytecode(runtime, target / "wheels", names)
    _copy(compiled / "python_stdlib.zip", target / "pyodide" / "python_stdlib.zip")
    _copy(compiled / "bytecode.zip", target / "wheels" / "bytecode.zip")
    examples = target / "examples"
    examples.mkdir()
    for path in sorted(EXAMPLES.glob("*.cuckoo")):
        _copy(path, examples / path.name)
    _text(target / "rules.json", json.dumps(rule_locations(app), indent=1) + "\n")
    build = {
        "version": _version(target, _files(target)),
        "pyodide": PYODIDE_VERSION,
        "wheels": [f"wheels/{n}" for n in names],
        "bytecode": "wheels/bytecode.zip",
        "examples": [f"examples/{p.name}" for p in sorted(examples.iterdir())],
    }
    _text(target / "build.json", json.dumps(build, indent=1) + "\n")
    _service_worker(target)


def _copy(source: Path, target: Path) -> None:
    """*source* copied to *target* through the one gate of writes (``cuckoo.files``)."""
    replace_file(target, source.read_bytes())


def _text(target: Path, text: str) -> None:
    """*text* written to *target* through the one gate of writes (``cuckoo.files``)."""
    replace_file(target, text.encode("utf-8"))


def _no_packages(lock: Path) -> None:
    """The runtime's lock file without its list of packages: the app installs none of
    Pyodide's (its two wheels are the site's own), and the list is a tenth of the page's
    text."""
    data = json.loads(lock.read_text(encoding="utf-8"))
    data["packages"] = {}
    _text(lock, json.dumps(data, indent=1) + "\n")


def _pages(target: Path) -> None:
    """Each page of the app in the frame they share (``page.html``): its ``<head>`` lines
    and its ``<main>``, with the page marked current in the navigation, and the game table
    the recorder and the play page share (``table.part``) in place of ``__TABLE__``."""
    frame = (SOURCE / "page.html").read_text(encoding="utf-8").split("-->\n", 1)[1]
    table = (SOURCE / "table.part").read_text(encoding="utf-8").split("-->\n", 1)[1]
    for path in sorted(SOURCE.glob("*.html")):
        if path.name == "page.html":
            continue
        head, main = path.read_text(encoding="utf-8").split("<main>", 1)
        page = (
            frame.replace("__HEAD__", head.strip())
            .replace("__PAGE__", path.stem)
            .replace("__MAIN__", "<main>" + main.rstrip())
            .replace("__TABLE__", table.strip().replace("\n", "\n    "))
            .replace(f'href="{path.name}">', f'href="{path.name}" aria-current="page">')
        )
        _text(target / path.name, page)


def _files(target: Path) -> list[str]:
    return sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file())


def _version(folder: Path, names: list[str]) -> str:
    """A hash of the names and contents of the files *names* of *folder*."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + (folder / name).read_bytes())
    return digest.hexdigest()[:16]


def _rule_pages(target: Path) -> list[str]:
    """The rulebook's pages the app links to (every page that defines a rule, and the
    rulebook's front page), with the styles, scripts and pictures they load: paths from the
    site's root."""
    site = target.parent
    locations = json.loads((target / "rules.json").read_text(encoding="utf-8"))
    pages = {(target / v["url"].split("#")[0]).resolve() for v in locations.values()}
    return _with_parts(site, {*pages, (site / "index.html").resolve()})


LINKED_PAGES = ("learn/*.html", "app.html", "*/index.html", "spec/*/index.html")
"""The pages the rule pages link to that a table offline is likeliest to open: learning to
play, the app's own page, the chapters' indexes.  The service worker keeps them after the
app itself (a few hundred kilobytes, and the app page's pictures); a link to any other page
says offline that it needs the network (``rulebook.js``)."""


def _linked_pages(site: Path, kept: list[str]) -> list[str]:
    """:data:`LINKED_PAGES` with what they load, less what *kept* holds already."""
    pages = {page.resolve() for pattern in LINKED_PAGES for page in site.glob(pattern)}
    return [f for f in _with_parts(site, pages) if f not in kept]


def _with_parts(site: Path, pages: set[Path]) -> list[str]:
    """*pages* with the files of the site's ``_static`` and ``_images`` they load: paths
    from the site's root."""
    found = set(pages)
    for page in pages:
        for link in re.findall(r'(?:href|src)="([^"#?:]+)(?:\?[^"]*)?"', page.read_text("utf-8")):
            part = (page.parent / link).resolve()
            if ("_static/" in link or "_images/" in link) and part.is_file():
                found.add(part)
    return sorted(f.relative_to(site.resolve()).as_posix() for f in found)


def _service_worker(target: Path) -> None:
    """``sw.js`` at the root of the site (so that it may answer for the rulebook's pages
    too), with the list of every file of the app and of the rule pages the app links to,
    then of the pages those link to most (:data:`LINKED_PAGES`), and a version made of
    their hashes, so that a new build replaces what a browser keeps, and an old one is
    never mixed in. (``build.json`` has a version too, made before it:
    the key of the engine's snapshot.)"""
    site = target.parent
    files = [f"app/{name}" for name in _files(target)] + _rule_pages(target)
    linked = _linked_pages(site, files)
    template = (SOURCE / "sw.js").read_text(encoding="utf-8")
    text = (
        template.replace("__VERSION__", _version(site, files + linked))
        .replace("__FILES__", json.dumps(["app/", *files]))
        .replace("__LINKED__", json.dumps(linked))
    )
    _text(site / "sw.js", text)
    # at the old address, the worker that retires the one a browser may have kept there
    _copy(SOURCE / "retired-sw.js", target / "sw.js")


def _app_icon(app: Sphinx, config: Any) -> None:
    """The app's icon for the rulebook's pages too, unless the configuration names one: a
    page that names none is asked for ``/favicon.ico``, an error in its console offline."""
    config.html_favicon = config.html_favicon or str(SOURCE / "icon.svg")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _app_icon)
    app.add_directive("cuckoo-examples", ExamplesDirective)
    app.add_directive("cuckoo-app-load", AppLoadDirective)
    app.add_directive("cuckoo-app-taps", AppTapsDirective)
    app.add_directive("cuckoo-bot-think", BotThinkDirective)
    app.add_role("app", app_role)
    app.connect("doctree-read", _add_viewer_links)
    app.connect("build-finished", build_app)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
