"""Serve the built book and the classroom app on this machine, until Ctrl-C.

    python tools/serve.py [--host 127.0.0.1] [--book-port 8000] [--app-port 8866]
                          [--pool-size N]

* the book: ``_build/html`` (build it first: ``make book``) with Python's http.server,
  compressed: a browser that accepts gzip gets text files (HTML, CSS, JavaScript, SVG,
  JSON) gzipped, from a ``.gz`` file next to one when it is up to date, else compressed
  on the fly once and kept in memory (about a fifth of the bytes on the wire);
* the app: ``voila index.ipynb --template=hanafuda`` run in ``app/`` with
  ``JUPYTER_PATH=app``, so the project's template (no CDN links) and app/voila.json apply.
  app/voila.json keeps a pool of preheated kernels (``preheat_kernel``, ``default_pool_size``):
  each kernel has already run the notebook, so a class that opens the app together gets
  its pages at once, each from its own kernel. The pool fills in the background after
  start (about a second of CPU per kernel) and refills ``fill_delay`` (30) seconds after a
  kernel is taken, so that a class arriving together gets its pages before the refill
  takes the CPU. Its executor waits up to a minute for a cell's output
  (``VoilaExecutor.iopub_timeout``; nbclient's default is 4 s): with every kernel of the
  pool running at once, some pages were kept without their app.
  The kernels talk to Voila over Unix sockets (``KernelManager.transport`` "ipc"), not
  TCP: with TCP, jupyter_client picks each kernel's five ports before the kernel binds
  them, and while 22 kernels start at once another connection can take one in between
  (one kernel of 22 died so, "Address already in use", in a ``make serve`` log; whoever
  was given it would have had no app). A socket file named after its kernel cannot be
  taken. Where Unix sockets cannot be used (Windows, or a Jupyter runtime folder so deep
  that the sockets' paths are too long), the app falls back to TCP.
  ``HANAFUDA_BOOK_URL`` tells the app where the book is, for its chapter links.

When a port is taken, the next free one is used; the URLs printed are the real ones.
Ctrl-C (or SIGTERM) stops both servers and Voila's kernels.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "_build" / "html"
APP = ROOT / "app"
FAVICON = ROOT / "book" / "_assets" / "root" / "favicon.ico"


#: Types worth compressing (pictures and fonts are compressed already).
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml",
                "application/xml", "application/manifest+json")
MIN_GZIP_BYTES = 512          # smaller files gain nothing worth a header


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header accepts gzip (``gzip`` or ``*`` with a
    quality above 0).

    >>> [accepts_gzip(h) for h in ("gzip, deflate, br", "br", "gzip;q=0", "*", None)]
    [True, False, False, True, False]
    >>> accepts_gzip("identity, *;q=0.5, gzip;q=0")
    False
    """
    codings: dict[str, float] = {}
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name:
            codings[name.strip().lower()] = quality
    return codings.get("gzip", codings.get("*", 0.0)) > 0


@functools.lru_cache(maxsize=512)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """``path`` gzipped (the key holds its mtime and size, so an edited file is compressed
    again): its up-to-date ``.gz`` neighbour if there is one, else compressed here."""
    ready = path + ".gz"
    if os.path.isfile(ready) and os.stat(ready).st_mtime_ns >= mtime_ns:
        with open(ready, "rb") as f:
            return f.read()
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=6, mtime=0)


class BookHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".woff2": "font/woff2", ".woff": "font/woff", ".svg": "image/svg+xml"}

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass  # one line per font file is noise; errors still show in the browser

    def translate_path(self, path: str) -> str:
        # A book built before it had a favicon.ico at its root still gets one: browsers ask
        # for it on the root's redirect page, and a 404 there is an error in the console.
        found = super().translate_path(path)
        if urllib.parse.urlsplit(path).path == "/favicon.ico" and not os.path.isfile(found):
            return str(FAVICON)
        return found

    def send_head(self):
        """As the base class, but a text file goes out gzipped to a browser that accepts
        it (``Content-Encoding: gzip``, ``Vary: Accept-Encoding``)."""
        path = self.translate_path(self.path)
        if not os.path.isfile(path):             # a folder (its redirect or index), a 404
            return super().send_head()
        ctype = self.guess_type(path)
        if not ctype.startswith(COMPRESSIBLE):
            return super().send_head()
        stat = os.stat(path)
        if stat.st_size < MIN_GZIP_BYTES or not accepts_gzip(self.headers.get("Accept-Encoding")):
            return self._plain(path, ctype, stat)
        body = _gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def _plain(self, path: str, ctype: str, stat: os.stat_result):
        """A compressible file sent as it is (``Vary`` tells caches it could differ)."""
        try:
            f = open(path, "rb")  # noqa: SIM115 (the base class's copyfile closes it)
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-type", ctype)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f


def free_port(host: str, wanted: int, tries: int = 20) -> int:
    for port in range(wanted, wanted + tries):
        with socket.socket() as sock:
            # as the servers do: a port left in TIME_WAIT by an earlier run is free
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((host, port))
            except OSError:
                continue
            return port
    raise SystemExit(f"serve: no free port in {wanted}-{wanted + tries - 1} on {host}")


def start_book(host: str, port: int) -> http.server.ThreadingHTTPServer:
    if not (BOOK / "index.html").is_file():
        raise SystemExit(f"serve: {BOOK} has no index.html; build the book first: make book")
    handler = functools.partial(BookHandler, directory=str(BOOK))
    server = http.server.ThreadingHTTPServer((host, free_port(host, port)), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="book", daemon=True).start()
    return server


#: What a kernel's socket path adds to the runtime folder: "/kernel-", its id (a UUID, 36
#: characters), "-ipc-" and the socket's number (1 to 5).
IPC_SUFFIX = len("/kernel-") + 36 + len("-ipc-") + 1


def kernel_transport(runtime_dir: str | None = None) -> str:
    """How the app's kernels talk to Voila: "ipc" (Unix sockets, app/voila.json's setting),
    or "tcp" where those cannot be made: on Windows, or when ``runtime_dir`` (Jupyter's
    runtime folder, where the sockets go; default: this environment's) is too deep for
    their paths.

    >>> kernel_transport("/root/.local/share/jupyter/runtime")
    'ipc'
    >>> kernel_transport("/home/" + "x" * 60 + "/.local/share/jupyter/runtime")
    'tcp'
    """
    if os.name == "nt":
        return "tcp"
    if runtime_dir is None:
        from jupyter_core.paths import jupyter_runtime_dir
        runtime_dir = jupyter_runtime_dir()
    fits = len(os.fsencode(os.path.abspath(runtime_dir))) + IPC_SUFFIX <= ipc_path_max()
    return "ipc" if fits else "tcp"


def ipc_path_max() -> int:
    """The longest path a Unix socket of ZeroMQ may have here, in bytes (107 on Linux)."""
    import zmq
    return int(getattr(zmq, "IPC_PATH_MAX_LEN", 103))       # (103: macOS's, the smaller)


def app_command(host: str, port: int, pool_size: int | None = None,
                transport: str | None = None) -> list[str]:
    """The Voila command line, run in app/ (app/voila.json holds the rest of the settings).

    ``transport``: the kernels' (default: :func:`kernel_transport`); TCP is named on the
    command line, over app/voila.json's Unix sockets."""
    command = [sys.executable, "-m", "voila", "index.ipynb", "--no-browser",
               f"--port={port}", f"--Voila.ip={host}", "--template=hanafuda"]
    if pool_size is not None:
        command.append(f"--VoilaConfiguration.default_pool_size={pool_size}")
    if (transport or kernel_transport()) == "tcp":
        command.append("--KernelManager.transport=tcp")
    return command


def app_env(book_url: str | None = None) -> dict[str, str]:
    """The environment Voila runs in: the project's template path and the book's URL."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(APP), os.environ.get("JUPYTER_PATH", "")) if p)
    if book_url:
        env["HANAFUDA_BOOK_URL"] = book_url
    return env


def start_app(host: str, port: int, *, book_url: str | None = None,
              pool_size: int | None = None, log=None) -> tuple[subprocess.Popen, str]:
    """Start Voila on ``host`` and the first free port from ``port``; wait until it listens.

    ``log``: a file for Voila's output (default: this terminal)."""
    port = free_port(host, port)
    # its own session: Ctrl-C in the terminal reaches us, and we stop Voila cleanly
    proc = subprocess.Popen(app_command(host, port, pool_size), cwd=APP, env=app_env(book_url),
                            stdin=subprocess.DEVNULL, stdout=log,
                            stderr=subprocess.STDOUT if log is not None else None,
                            start_new_session=True)
    url = f"http://{host}:{port}/"
    try:
        wait_until_up(proc, url, timeout_s=90)
    except BaseException:
        stop_app(proc)
        raise
    return proc, url


def wait_until_up(proc: subprocess.Popen, url: str, timeout_s: float) -> None:
    """Wait until Voila accepts connections. (Not a GET of the page: that would start a
    kernel and run the notebook for nobody.)"""
    parts = urllib.parse.urlsplit(url)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"serve: voila exited with code {proc.returncode}")
        try:
            with socket.create_connection((parts.hostname, parts.port), timeout=2):
                return
        except OSError:
            time.sleep(0.25)
    raise SystemExit(f"serve: voila did not answer on {url} within {timeout_s:.0f} s")


def stop_app(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)          # voila shuts its kernels down
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--book-port", type=int, default=8000)
    parser.add_argument("--app-port", type=int, default=8866)
    parser.add_argument("--pool-size", type=int, default=None,
                        help="preheated kernels kept ready (default: app/voila.json's)")
    args = parser.parse_args(argv)

    # Ctrl-C stops us even when started with SIGINT ignored (a background job of a script),
    # and SIGTERM (a process manager, `kill`) does the same
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupt)

    book = start_book(args.host, args.book_port)
    book_url = f"http://{args.host}:{book.server_address[1]}/"
    app = None
    try:
        app, app_url = start_app(args.host, args.app_port, book_url=book_url,
                                 pool_size=args.pool_size)
        print(f"\nThe Hanafuda Rulebook\n  book: {book_url}\n  app:  {app_url}\n"
              "Press Ctrl-C to stop.", flush=True)
        while app.poll() is None:
            time.sleep(0.5)
        print(f"serve: voila stopped (code {app.returncode})", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nserve: stopping", flush=True)
        return 0
    finally:
        if app is not None:
            stop_app(app)
        book.shutdown()
        book.server_close()


if __name__ == "__main__":
    sys.exit(main())
