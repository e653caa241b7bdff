"""A class opening the classroom app together: N simultaneous sessions in Chromium.

    python benchmarks/bench_app.py [--sessions 20] [--url URL] [--pool-size K]
                                   [--no-wait-pool] [--server-only] [--timeout 240]

Without ``--url`` it starts the app as ``tools/serve.py`` does (same command, same
app/voila.json, so the same preheated kernel pool), waits until the pool is full (the
teacher starts the app before the lesson; ``--no-wait-pool`` measures a cold start), and
stops it at the end. With ``--url`` it uses a running app and stops nothing.

Then it opens N browser contexts of one headless Chromium (Debian's ``/usr/bin/chromium``)
at once and prints, per session:

* ``first page``: navigation until the home page's game list is visible;
* ``game page``: a click on a game until its page's first tool is visible (every other
  session opens Koi-Koi, the rest the deck explorer);
* the kernel the session got, and any error (a failed request, an external request,
  a console error, a timeout).

The state-isolation check: every session makes its own move, then every session is
checked to show its own page and not the others' (and the kernels are all different).

``--server-only`` measures the server alone, as for a class on its own machines: one real
first load lists the assets a browser fetches, then each session fetches the page, every
asset (6 at a time, as a browser does) and its kernel's widget states over the kernel's
websocket, with no browser. (With N browsers on the same machine as the server, the
browsers' own CPU is most of the time: the script prints the CPU used by Voila and its
kernels and by the whole machine during the class, so the two can be told apart.)

Figures on this 2-core machine (shared with other work), 20 sessions, pool of 22:
``--server-only`` 4.0 s each (15.6 s with ``--pool-size 0``); with 20 Chromium pages on
the same 2 cores, 85 s, of which Voila and its kernels used 24 CPU-seconds and the
browsers the rest. One session alone: first page 1.6-2.0 s, a game's page 0.4 s.
Timings are printed, never asserted; the exit code is 1 when a session had an error, the
isolation check failed or a page was made without all its output (Voila stopped
waiting for it: its visitor would get a page without the app), and then the app's log
ends the output (when this script started the app). Everything is bounded by
``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("HANAFUDA_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
LOCAL = {"127.0.0.1", "localhost", "::1"}
HOME_READY = ".hanafuda-home .hanafuda-game-open"
#: What Voila (nbclient) logs when it stops waiting for a cell's output: the preheated
#: page it was making is kept without the output that came later.
IOPUB_TIMEOUT = "Timeout waiting for IOPub output"
KERNEL_ID = """() => { const e = document.getElementById('jupyter-config-data');
  return e ? JSON.parse(e.textContent).kernelId : null; }"""
# (button on the home page, what shows on the page when its first tool is up)
MOVES = (("Open Koi-Koi", ".hanafuda-page-koikoi button:text-is('New round')"),
         ("Open the deck explorer", ".hanafuda-page-deck .hanafuda-card"))


def _serve_module():
    spec = importlib.util.spec_from_file_location("hanafuda_serve", ROOT / "tools" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


@dataclass
class Session:
    index: int
    first_page: float | None = None
    game_page: float | None = None
    kernel: str | None = None
    errors: list[str] = field(default_factory=list)
    own_page: bool | None = None


def _local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme not in {"http", "https", "ws", "wss"} or (parts.hostname or "") in LOCAL


async def _session(browser, url: str, s: Session, started: asyncio.Event,
                   moved: asyncio.Barrier, timeout_ms: float) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(timeout_ms)
    closing = False
    context.on("request", lambda r: None if _local(r.url)
               else s.errors.append(f"external request {r.url}"))
    context.on("response", lambda r: s.errors.append(f"HTTP {r.status} {r.url}")
               if r.status >= 400 else None)
    context.on("requestfailed", lambda r: None if closing
               else s.errors.append(f"failed {r.url}: {r.failure}"))
    page = await context.new_page()
    page.on("console", lambda m: s.errors.append(f"console: {m.text}")
            if m.type == "error" and not closing else None)
    page.on("pageerror", lambda e: s.errors.append(f"page error: {e}"))
    button, ready = MOVES[s.index % len(MOVES)]
    try:
        await started.wait()
        t0 = time.perf_counter()
        await page.goto(url, wait_until="commit")
        await page.locator(HOME_READY).first.wait_for(state="visible")
        s.first_page = time.perf_counter() - t0
        s.kernel = await page.evaluate(KERNEL_ID)
        t0 = time.perf_counter()
        await page.get_by_role("button", name=button, exact=True).click()
        await page.locator(ready).first.wait_for(state="visible")
        s.game_page = time.perf_counter() - t0
    except Exception as error:  # noqa: BLE001 - a session's failure is reported, not raised
        s.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0]}")
    try:
        await moved.wait()              # every session has made its move
        _other_button, other_ready = MOVES[(s.index + 1) % len(MOVES)]
        mine = await page.locator(ready).first.is_visible()
        theirs = await page.locator(other_ready).count()
        home = await page.locator(HOME_READY).first.is_visible()
        s.own_page = mine and theirs == 0 and not home
    except Exception as error:  # noqa: BLE001
        s.errors.append(f"isolation check: {type(error).__name__}: {error}")
    finally:
        closing = True
        await context.close()


async def _run(url: str, n: int, timeout_s: float) -> list[Session]:
    from playwright.async_api import async_playwright

    sessions = [Session(i) for i in range(n)]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS,
                                           headless=True)
        try:
            started = asyncio.Event()
            moved = asyncio.Barrier(n)
            tasks = [asyncio.create_task(
                _session(browser, url, s, started, moved, timeout_s * 1000 / 2))
                for s in sessions]
            await asyncio.sleep(0.5)    # contexts created; now everyone navigates at once
            started.set()
            _done, pending = await asyncio.wait(tasks, timeout=timeout_s)
            for task in pending:
                task.cancel()
            for s, task in zip(sessions, tasks):
                if task in pending:
                    s.errors.append(f"did not finish within {timeout_s:.0f} s")
        finally:
            await browser.close()
    return sessions


async def _assets(browser_url: str, timeout_s: float) -> list[str]:
    """The URLs one real first load of the app fetches from the server (Chromium), except the
    page itself and the kernel's endpoints."""
    from playwright.async_api import async_playwright

    urls: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS,
                                           headless=True)
        try:
            page = await browser.new_page()
            page.on("requestfinished", lambda r: urls.append(r.url))
            await page.goto(browser_url, wait_until="commit")
            await page.locator(HOME_READY).first.wait_for(state="visible",
                                                          timeout=timeout_s * 1000)
        finally:
            await browser.close()
    return [u for u in dict.fromkeys(urls)
            if _local(u) and "/api/" not in u and u.rstrip("/") != browser_url.rstrip("/")]


def _message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> str:
    import json
    import uuid
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "username": "bench",
                                  "session": session, "msg_type": msg_type, "version": "5.3",
                                  "date": time.strftime("%Y-%m-%dT%H:%M:%SZ")},
                       "parent_header": {}, "metadata": metadata or {}, "content": content,
                       "channel": "shell", "buffers": []})


async def _server_session(url: str, assets: list[str], s: Session, timeout_s: float) -> None:
    """What a browser asks of the server for a first page, without a browser: the page,
    every asset (6 at a time, as a browser does), then the kernel's widget states."""
    import json
    import uuid

    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect

    client = AsyncHTTPClient(force_instance=True, max_clients=6)
    t0 = time.perf_counter()
    try:
        page = (await client.fetch(url, request_timeout=timeout_s)).body.decode()
        found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page)
        if found is None:
            raise RuntimeError("the page names no kernel")
        s.kernel = found.group(1)
        await asyncio.gather(*(client.fetch(a, request_timeout=timeout_s) for a in assets))
        session = uuid.uuid4().hex
        ws_url = (url.replace("http://", "ws://").rstrip("/")
                  + f"/api/kernels/{s.kernel}/channels?session_id={session}")
        ws = await websocket_connect(ws_url)
        comm = uuid.uuid4().hex
        await ws.write_message(_message(session, "comm_open", {
            "comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
            {"version": "1.0.0"}))           # the widget control protocol's version
        await ws.write_message(_message(session, "comm_msg", {
            "comm_id": comm, "data": {"method": "request_states"}}))
        while True:
            raw = await asyncio.wait_for(ws.read_message(), timeout_s)
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            msg = json.loads(raw)
            if os.environ.get("BENCH_DEBUG"):
                print(msg.get("channel"), msg.get("msg_type"), str(msg.get("content"))[:150])
            data = msg.get("content", {}).get("data", {})
            if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                s.first_page = time.perf_counter() - t0
                s.own_page = bool(data.get("states"))
                break
        ws.close()
    except Exception as error:  # noqa: BLE001 - a session's failure is reported, not raised
        s.errors.append(f"{type(error).__name__}: {(str(error) or 'timed out')[:120]}")
    finally:
        client.close()


async def _run_server(url: str, n: int, timeout_s: float) -> list[Session]:
    assets = await _assets(url, timeout_s / 2)
    print(f"a first load fetches {len(assets)} assets besides the page")
    sessions = [Session(i) for i in range(n)]
    await asyncio.wait_for(asyncio.gather(*(_server_session(url, assets, s, timeout_s / 2)
                                            for s in sessions)), timeout_s)
    return sessions


def _wait_pool(log: Path, proc: subprocess.Popen, timeout_s: float) -> float | None:
    """Seconds until Voila says the pool is full (None: no pool, or not within timeout)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout_s and proc.poll() is None:
        text = log.read_text(errors="replace")
        if re.search(r"Kernel pool of .* is filled with \d+ kernel", text):
            return time.monotonic() - t0
        time.sleep(0.5)
    return None


def _descendants(pid: int) -> list[int]:
    """A process and every process below it."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo += [int(x) for x in subprocess.run(["ps", "-o", "pid=", "--ppid", str(p)],
                                                capture_output=True, text=True,
                                                check=False).stdout.split()]
    return found


def _cpu_seconds(pid: int) -> float:
    """CPU time used so far by a process and all below it (Linux /proc), seconds."""
    pids = _descendants(pid)
    total = 0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])        # utime + stime, in ticks
    return total / os.sysconf("SC_CLK_TCK")


def _wait_quiet(pid: int, timeout_s: float, busy: float = 0.1) -> float | None:
    """Seconds until Voila and its kernels use under ``busy`` of a core over a second:
    the pool's kernels have run the notebook (None: not within timeout)."""
    t0 = time.monotonic()
    last = _cpu_seconds(pid)
    while time.monotonic() - t0 < timeout_s:
        time.sleep(1.0)
        now = _cpu_seconds(pid)
        if now - last < busy:
            return time.monotonic() - t0
        last = now
    return None


def _machine_cpu() -> float:
    """CPU seconds the whole machine has been busy (user + nice + system), from /proc/stat."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    return sum(int(x) for x in fields[:3]) / os.sysconf("SC_CLK_TCK")


def _rss_mib(pid: int) -> float:
    """Resident memory of a process and its children, MiB (Linux /proc)."""
    rss = subprocess.run(["ps", "-o", "rss=", "-p", ",".join(map(str, _descendants(pid)))],
                         capture_output=True, text=True, check=False).stdout.split()
    return sum(int(x) for x in rss) / 1024


def _fmt(x: float | None) -> str:
    return "   -  " if x is None else f"{x:6.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--url", help="use this running app; start and stop nothing")
    parser.add_argument("--pool-size", type=int, default=None,
                        help="override app/voila.json's pool size (0: no preheated kernels)")
    parser.add_argument("--no-wait-pool", action="store_true",
                        help="do not wait for the kernel pool to fill before the class comes")
    parser.add_argument("--timeout", type=float, default=240.0, help="bound on the whole run, s")
    parser.add_argument("--server-only", action="store_true",
                        help="no browser per session: each session fetches what a browser "
                             "would (the page, its assets, the kernel's widget states), so "
                             "the time is the server's alone, as for a class on its own "
                             "machines")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"bench_app: {CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2

    deadline = time.monotonic() + args.timeout
    proc = None
    serve = None
    url = args.url
    with tempfile.TemporaryDirectory(prefix="bench-app-") as tmp:
        log_path = Path(tmp) / "voila.log"
        try:
            if url is None:
                serve = _serve_module()
                with open(log_path, "wb") as log:
                    t0 = time.monotonic()
                    proc, url = serve.start_app("127.0.0.1", 18866, pool_size=args.pool_size,
                                                log=log)
                print(f"app: {url} (listening after {time.monotonic() - t0:.1f} s)")
                if not args.no_wait_pool and args.pool_size != 0:
                    filled = _wait_pool(log_path, proc, max(10.0, deadline - time.monotonic()
                                                           - 60))
                    print("kernel pool: " + (f"started {filled:.1f} s after listening"
                                             if filled is not None else "not full in time"))
                    quiet = _wait_quiet(proc.pid, max(10.0, deadline - time.monotonic() - 60))
                    print("kernel pool: " + (f"notebooks run, server idle {quiet:.1f} s later"
                                             if quiet is not None else "still busy"))
                    lost = log_path.read_text(errors="replace").count(IOPUB_TIMEOUT)
                    print(f"kernel pool: {lost} notebook runs stopped waiting for output "
                          "(a page made so may miss its widgets)")
                print(f"memory of voila and its kernels: {_rss_mib(proc.pid):.0f} MiB")
            left = max(10.0, deadline - time.monotonic())
            server_cpu = _cpu_seconds(proc.pid) if proc is not None else None
            machine_cpu = _machine_cpu()
            wall = time.monotonic()
            run = _run_server if args.server_only else _run
            sessions = asyncio.run(run(url, args.sessions, left))
            wall = time.monotonic() - wall
            machine_cpu = _machine_cpu() - machine_cpu
            if proc is not None and server_cpu is not None:
                server_cpu = _cpu_seconds(proc.pid) - server_cpu
                print(f"CPU during the class ({wall:.0f} s on {os.cpu_count()} cores): "
                      f"Voila and its kernels {server_cpu:.1f} s, the whole machine "
                      f"{machine_cpu:.1f} s (the browsers and anything else running)")
            if proc is not None:
                print(f"memory after the class: {_rss_mib(proc.pid):.0f} MiB")
        finally:
            if proc is not None and serve is not None:
                serve.stop_app(proc)
            server_log = log_path.read_text(errors="replace") if log_path.exists() else ""

    print(f"\n{'session':>7} {'first page s':>12} {'game page s':>11}  kernel    "
          "own state  errors")
    for s in sessions:
        own = {True: "yes", False: "NO", None: "-"}[s.own_page]
        print(f"{s.index:7d} {_fmt(s.first_page):>12} {_fmt(s.game_page):>11}  "
              f"{(s.kernel or '-')[:8]:8}  {own:9}  {'; '.join(s.errors)[:160]}")
    firsts = [s.first_page for s in sessions if s.first_page is not None]
    games = [s.game_page for s in sessions if s.game_page is not None]
    kernels = [s.kernel for s in sessions if s.kernel]
    errors = sum(1 for s in sessions if s.errors)
    isolated = all(s.own_page for s in sessions) and len(set(kernels)) == len(sessions)
    if firsts:
        print(f"\nfirst page: median {statistics.median(firsts):.2f} s, max {max(firsts):.2f} s "
              f"({len(firsts)}/{len(sessions)} sessions)")
    if games:
        print(f"game page:  median {statistics.median(games):.2f} s, max {max(games):.2f} s")
    print(f"sessions with errors: {errors}; kernels: {len(set(kernels))} different for "
          f"{len(sessions)} sessions; state isolation: {'ok' if isolated else 'FAILED'}")
    # (a page made without all its output, while the pool filled or during the class)
    failed = errors or not isolated or IOPUB_TIMEOUT in server_log
    if failed and server_log:
        print("\nthe app's log, its last 40 lines:\n" + "\n".join(server_log.splitlines()[-40:]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
