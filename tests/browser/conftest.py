"""Fixtures for the browser tests: Debian's Chromium driven by Playwright (from PyPI).

* ``browser``: one headless Chromium for the session, ``/usr/bin/chromium`` through
  ``executable_path`` (never ``playwright install``). Playwright's ``launch`` gives it a
  fresh, empty temporary profile (user-data dir) every time.
* ``book_url``: the built book (``_build/html``) served by a ThreadingHTTPServer on
  127.0.0.1 and a free port, in a thread.
* ``voila_url``: the app started as ``tools/serve.py`` starts it (``voila index.ipynb
  --template=hanafuda`` in app/, ``JUPYTER_PATH=app``, app/voila.json), on 127.0.0.1 and
  a free port, with a smaller pool of preheated kernels (:data:`TEST_POOL_SIZE`).
* ``watch``: a fresh browser context that records every request to a host other than
  127.0.0.1/localhost, every failed request or response with status >= 400, and every
  console error or uncaught page error.
* ``page_visit``: ``page_visit(path)`` opens a page of the built book once per session and
  keeps what the per-page tests read (see ``visit.py``).
* ``voila_app``: opens the Voila app in a ``watch`` page (waiting for the kernel to run
  the notebook, or for one of its tabs) and waits for what a test expects; a wait that
  times out fails the test with the page's text and the end of the Voila log.

Without /usr/bin/chromium the tests are skipped, except under CI (``CI=true``), where
they fail: CI must run them. A book that is not built or a missing app notebook is always
a failure.
"""

from __future__ import annotations

import functools
import http.server
import os
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from tool_modules import tool_module

CHROMIUM = Path(os.environ.get("HANAFUDA_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
TIMEOUT_MS = 30_000          # any single wait in a page
VOILA_START_S = 90           # the Voila server listening
VOILA_READY_MS = 120_000     # page open -> kernel started and notebook run (2 busy cores)
# Where the app's chapter links point (the tests check the links, not the book behind them).
BOOK_URL_FOR_APP = "http://127.0.0.1:8000/"


def _need(condition: bool, message: str, in_ci: bool) -> None:
    """Skip a browser test outside CI when something is missing; fail it under CI."""
    if not condition:
        if in_ci:
            pytest.fail(f"{message} (CI=true: browser tests must run)", pytrace=False)
        pytest.skip(message)


# --- Chromium --------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser(in_ci):
    _need(CHROMIUM.exists(), f"{CHROMIUM} is missing: apt-get install chromium", in_ci)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS,
                                      headless=True)
        yield chromium
        chromium.close()


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https", "ws", "wss"}:
        return True          # data:, blob:, about:, chrome-extension: never leave the machine
    return (parts.hostname or "") in LOCAL_HOSTS


@dataclass
class BrowserLog:
    """What a browser context did that a page of ours must never do."""

    external: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    paused: bool = False

    def on_request(self, request) -> None:
        if not _is_local(request.url):
            self.external.append(f"{request.method} {request.url}")

    def on_request_failed(self, request) -> None:
        if not self.paused:
            self.failed.append(f"{request.url}: {request.failure}")

    def on_response(self, response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url}: HTTP {response.status}")

    def on_console(self, message) -> None:
        if message.type == "error" and not self.paused:
            location = message.location or {}
            self.errors.append(f"console: {message.text} ({location.get('url', '')})")

    def on_page_error(self, error) -> None:
        self.errors.append(f"page error: {error}")

    def problems(self) -> list[str]:
        return ([f"external request: {x}" for x in self.external]
                + [f"failed request: {x}" for x in self.failed] + self.errors)

    def clear(self) -> None:
        self.external.clear()
        self.failed.clear()
        self.errors.clear()


class Watch:
    """A browser context whose pages are all watched by one :class:`BrowserLog`."""

    def __init__(self, context, log: BrowserLog):
        self.context = context
        self.log = log

    @classmethod
    def open(cls, browser, **context_args) -> Watch:
        """A new context of ``browser`` (``context_args``: its viewport ...; any one wait at
        most :data:`TIMEOUT_MS`) whose requests and responses a new log watches."""
        context = browser.new_context(**context_args)
        context.set_default_timeout(TIMEOUT_MS)
        log = BrowserLog()
        context.on("request", log.on_request)
        context.on("requestfailed", log.on_request_failed)
        context.on("response", log.on_response)
        return cls(context, log)

    def new_page(self):
        page = self.context.new_page()
        page.on("console", self.log.on_console)
        page.on("pageerror", self.log.on_page_error)
        return page

    def close_page(self, page) -> None:
        # closing aborts whatever is still in flight (a stream, a websocket): not a failure
        self.log.paused = True
        try:
            page.close()
        finally:
            self.log.paused = False


@pytest.fixture
def watch(browser):
    watched = Watch.open(browser, viewport={"width": 1280, "height": 900})
    yield watched
    watched.context.close()


# --- the built book --------------------------------------------------------------------

#: tools/serve.py (``make serve``), so the tests serve the book and run the app the same
#: way: same handler (with its favicon), same Voila command, template and app/voila.json.
SERVE = tool_module("serve", "hanafuda_serve")
# The app's pool of preheated kernels, smaller than app/voila.json's class-sized one: the
# tests open a few pages one after another, and each kernel costs CPU at start.
TEST_POOL_SIZE = 3


@pytest.fixture(scope="session")
def book_html(repo_root) -> Path:
    html = repo_root / "_build" / "html"
    if not (html / "index.html").is_file():
        pytest.fail(f"the book is not built ({html} has no index.html): run `make book`",
                    pytrace=False)
    return html


@pytest.fixture(scope="session")
def book_url(book_html):
    handler = functools.partial(SERVE.BookHandler, directory=str(book_html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="book-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


AXE = Path(__file__).resolve().parents[1] / "_vendor" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_path(in_ci) -> Path:
    """axe-core from npm (``bash tools/setup.sh --browser`` puts it there, git-ignored)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `bash tools/setup.sh --browser`", pytrace=False)
    return AXE


@pytest.fixture(scope="session")
def page_visit(browser, book_url, book_html, axe_path):
    """``page_visit(path)``: the :class:`~visit.Visit` of a built page, made on first use
    (axe runs on the pages of the table of contents)."""
    from book_pages import toc_pages

    from .visit import redirect_target, visit_page

    toc = set(toc_pages())
    visits: dict = {}

    def get(path: str):
        if path not in visits:
            visits[path] = visit_page(
                browser, book_url, path, redirect=redirect_target(book_html, path),
                axe_path=axe_path if path in toc else None)
        return visits[path]

    return get


# --- the Voila app ---------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, timeout_s: float) -> str | None:
    """Wait until voila accepts connections; return an error message, or None when it does.
    (Not a GET of the page: that would start a kernel and run the notebook for nobody.)"""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return f"voila exited with code {proc.returncode}"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return None
        except OSError:
            time.sleep(0.25)
    return f"voila did not listen on 127.0.0.1:{port} within {timeout_s:.0f} s"


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)       # voila shuts its kernels down on SIGTERM
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # its own session: voila and its kernels
            proc.wait(timeout=5)


@pytest.fixture(scope="session")
def voila_log(artifacts_dir) -> Path:
    return artifacts_dir / "voila.log"


@pytest.fixture(scope="session")
def voila_url(repo_root, voila_log):
    notebook = repo_root / "app" / "index.ipynb"
    if not notebook.is_file():
        pytest.fail(f"{notebook} is missing: the Voila app has no entry notebook", pytrace=False)
    port = free_port()
    env = SERVE.app_env(BOOK_URL_FOR_APP)
    command = SERVE.app_command("127.0.0.1", port, TEST_POOL_SIZE)
    with open(voila_log, "wb") as log:
        proc = subprocess.Popen(command, cwd=repo_root / "app", env=env,
                                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        problem = _wait_port(port, proc, VOILA_START_S)
        if problem:
            pytest.fail(f"{problem}\n--- {voila_log} ---\n{voila_log.read_text()[-4000:]}",
                        pytrace=False)
        yield url
    finally:
        _stop(proc)


class VoilaApp:
    """The Voila app in pages of one ``watch`` context, with waits that explain a timeout."""

    def __init__(self, watch: Watch, url: str, log: Path):
        self.watch = watch
        self.url = url
        self.log = log

    def explain(self, page, what: str) -> str:
        """``what`` went wrong, with the end of the page's text and of the Voila log."""
        text = page.locator("body").inner_text()[-1500:]
        log = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
        return f"{what}\n--- page text ---\n{text}\n--- voila log ---\n{log}"

    def wait_visible(self, page, locator, what: str, timeout: float | None = None) -> None:
        """Wait until ``locator`` is visible; else fail: ``what`` did not happen."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            locator.wait_for(state="visible", timeout=timeout)
        except PlaywrightTimeout:
            pytest.fail(self.explain(page, what), pytrace=False)

    def wait_function(self, page, script: str, what: str) -> None:
        """Wait until the JavaScript ``script`` returns something true; else fail."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            page.wait_for_function(script)
        except PlaywrightTimeout:
            pytest.fail(self.explain(page, what), pytrace=False)

    def open(self, ready, what: str):
        """A new page of the app, once ``ready(page)`` (a locator) shows: the notebook ran."""
        page = self.watch.new_page()
        page.goto(self.url, wait_until="domcontentloaded")
        self.wait_visible(page, ready(page), what, timeout=VOILA_READY_MS)
        return page

    def open_home(self):
        """A new page of the app, once its home page's game list shows."""
        return self.open(lambda p: p.locator(".hanafuda-home .hanafuda-game-open").first,
                         "the app never showed its home page's game list")

    def open_game(self, name: str, tool: str | None = None):
        """A new page of the app with game ``name``'s page opened from the home page (and its
        tab ``tool`` selected)."""
        page = self.open(lambda p: p.get_by_role("button", name=f"Open {name}", exact=True),
                         f"the home page never showed a button 'Open {name}'")
        page.get_by_role("button", name=f"Open {name}", exact=True).click()
        first = page.locator(".hanafuda-page").get_by_role("tab").first
        self.wait_visible(page, first, f"the page of {name} never showed its tools")
        if tool is not None:
            page.locator(".hanafuda-page").get_by_role("tab", name=tool, exact=True).click()
        return page


@pytest.fixture
def voila_app(watch, voila_url, voila_log) -> VoilaApp:
    return VoilaApp(watch, voila_url, voila_log)
