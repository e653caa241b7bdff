"""tools/serve.py, the one way the book and the app are served (``make serve``, the browser
tests and benchmarks/bench_app.py all use it): the book's root always has a favicon, and the
app runs with app/voila.json's pool of preheated kernels."""

from __future__ import annotations

import functools
import gzip
import json
import os
import threading
import urllib.request
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tool_modules import tool_module

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def serve():
    return tool_module("serve", "hanafuda_serve")


def fetch(directory: Path, handler_class, path: str) -> tuple[int, bytes]:
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(handler_class, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}{path}"
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, b""
    finally:
        server.shutdown()
        server.server_close()


def test_book_root_has_a_favicon_even_if_the_build_has_none(serve, tmp_path):
    (tmp_path / "index.html").write_text('<meta http-equiv="Refresh" content="0; url=a.html">')
    status, body = fetch(tmp_path, serve.BookHandler, "/favicon.ico")
    assert status == 200 and body == serve.FAVICON.read_bytes()
    assert body[:4] == b"\x00\x00\x01\x00"                  # an ICO file
    assert fetch(tmp_path, serve.BookHandler, "/missing.ico")[0] == 404


def test_a_built_favicon_wins(serve, tmp_path):
    (tmp_path / "favicon.ico").write_bytes(b"\x00\x00\x01\x00built")
    assert fetch(tmp_path, serve.BookHandler, "/favicon.ico") == (200, b"\x00\x00\x01\x00built")


def test_the_book_build_copies_the_favicon_to_its_root():
    import yaml
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    extra = config["sphinx"]["config"]["html_extra_path"]
    assert any((ROOT / p / "favicon.ico").is_file() for p in extra)


def test_app_runs_with_a_pool_of_preheated_kernels(serve):
    config = json.loads((ROOT / "app" / "voila.json").read_text())["VoilaConfiguration"]
    assert config["preheat_kernel"] is True and config["default_pool_size"] >= 20
    assert config["template"] == "hanafuda"
    command = serve.app_command("127.0.0.1", 8866)
    assert command[-3:] == ["--port=8866", "--Voila.ip=127.0.0.1", "--template=hanafuda"]
    assert serve.app_command("127.0.0.1", 8866, 3)[-1] == \
        "--VoilaConfiguration.default_pool_size=3"
    env = serve.app_env("http://127.0.0.1:8000/")
    assert env["HANAFUDA_BOOK_URL"] == "http://127.0.0.1:8000/"
    assert env["JUPYTER_PATH"].split(":")[0] == str(ROOT / "app")


def test_preheated_pages_wait_for_all_their_output():
    """A class-sized pool runs its notebook in every kernel at once: on a 2-core machine a
    kernel's output came more than nbclient's default 4 s late for 3 or 4 kernels of 22,
    and Voila kept those pages without it, so their visitors got a page without the app
    (benchmarks/bench_app.py counts them). app/voila.json gives Voila's executor a minute,
    read here as Voila reads it."""
    import nbformat
    from traitlets.config.loader import JSONFileConfigLoader
    from voila.execute import VoilaExecutor
    config = JSONFileConfigLoader("voila.json", str(ROOT / "app")).load_config()
    assert VoilaExecutor(nbformat.v4.new_notebook(), config=config).iopub_timeout >= 60
    assert VoilaExecutor(nbformat.v4.new_notebook()).iopub_timeout < 60     # (not a default)


def test_the_app_kernels_talk_over_unix_sockets(serve):
    """With TCP, jupyter_client picks a kernel's five ports before the kernel binds them, and
    with a class-sized pool starting at once one kernel of 22 died of "Address already in
    use" in a make serve log. app/voila.json names Unix sockets instead (read as Voila
    reads it): a kernel started so binds files named after itself, under the runtime
    folder, at the length serve.kernel_transport counts, and answers."""
    import asyncio
    import tempfile
    import uuid

    from jupyter_client.manager import AsyncKernelManager
    from traitlets.config.loader import JSONFileConfigLoader
    config = JSONFileConfigLoader("voila.json", str(ROOT / "app")).load_config()
    assert AsyncKernelManager().transport == "tcp"                      # (not a default)
    runtime = tempfile.TemporaryDirectory(dir="/tmp")      # (pytest's tmp_path is too deep)
    tmp_path = Path(runtime.name)
    assert serve.kernel_transport(runtime.name) == "ipc"
    km = AsyncKernelManager(config=config,
                            connection_file=str(tmp_path / f"kernel-{uuid.uuid4()}.json"))
    assert km.transport == "ipc"

    async def run() -> tuple[dict, list[Path]]:
        await km.start_kernel()
        client = km.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=60)
            sockets = sorted(tmp_path.glob("kernel-*-ipc-*"))    # (while the kernel runs)
            reply = await client.execute_interactive("6 * 7", timeout=60)
        finally:
            client.stop_channels()
            await km.shutdown_kernel(now=True)
        return reply["content"], sockets

    # (a thread of its own: a browser test may have left an event loop running here)
    done: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: done.update(out=asyncio.run(run())))
    try:
        thread.start()
        thread.join(timeout=120)
    finally:
        runtime.cleanup()
    content, sockets = done["out"]
    assert content["status"] == "ok"
    assert len(sockets) == 5, sockets
    assert max(len(os.fsencode(p)) for p in sockets) == \
        len(os.fsencode(tmp_path)) + serve.IPC_SUFFIX


def test_the_app_falls_back_to_tcp_where_unix_sockets_cannot_be_made(serve, monkeypatch):
    short, deep = "/tmp/jr", "/home/" + "d" * 80 + "/.local/share/jupyter/runtime"
    assert serve.kernel_transport(short) == "ipc" and serve.kernel_transport(deep) == "tcp"
    room = serve.ipc_path_max() - serve.IPC_SUFFIX                  # (107 - 50 on Linux)
    assert serve.kernel_transport("/" + "r" * (room - 1)) == "ipc"   # (a path of room bytes)
    assert serve.kernel_transport("/" + "r" * room) == "tcp"
    tcp = "--KernelManager.transport=tcp"
    assert tcp not in serve.app_command("127.0.0.1", 8866, transport="ipc")
    assert serve.app_command("127.0.0.1", 8866, 3, transport="tcp")[-1] == tcp
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", deep)                     # (the default)
    assert serve.kernel_transport() == "tcp" and serve.app_command("h", 1)[-1] == tcp
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", short)
    assert tcp not in serve.app_command("h", 1)
    monkeypatch.setattr(serve.os, "name", "nt")
    assert serve.kernel_transport(short) == "tcp"


def test_the_serve_scripts_examples_hold(serve):
    import doctest
    assert doctest.testmod(serve).failed == 0


# -- compressed files (make serve) -----------------------------------------------------------

def request(directory: Path, handler_class, path: str, method: str = "GET",
            accept: str | None = "gzip, deflate, br") -> tuple[int, dict[str, str], bytes]:
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(handler_class, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}{path}"
        headers = {"Accept-Encoding": accept} if accept is not None else {}
        req = urllib.request.Request(url, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=10) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), b""
    finally:
        server.shutdown()
        server.server_close()


def test_text_files_go_out_gzipped_to_a_browser_that_accepts_it(serve, tmp_path):
    page = ("<html><body>" + "<p>Koi-Koi: the Crane and the Moon.</p>" * 200
            + "</body></html>").encode()
    (tmp_path / "page.html").write_bytes(page)
    status, headers, body = request(tmp_path, serve.BookHandler, "/page.html")
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding" and int(headers["Content-Length"]) == len(body)
    assert gzip.decompress(body) == page and len(body) < len(page) // 5
    assert headers["Content-type"].startswith("text/html")
    # HEAD: the same headers, no body
    status, head, body = request(tmp_path, serve.BookHandler, "/page.html", method="HEAD")
    assert status == 200 and body == b"" and head["Content-Encoding"] == "gzip"
    assert head["Content-Length"] == headers["Content-Length"]


@pytest.mark.parametrize("accept", [None, "identity", "br", "gzip;q=0", "*;q=0"])
def test_no_gzip_unless_the_browser_asks_for_it(serve, tmp_path, accept):
    text = b"body { color: #1b1b1b; }\n" * 100
    (tmp_path / "a.css").write_bytes(text)
    status, headers, body = request(tmp_path, serve.BookHandler, "/a.css", accept=accept)
    assert status == 200 and body == text and "Content-Encoding" not in headers
    assert headers["Vary"] == "Accept-Encoding"


def test_pictures_fonts_and_tiny_files_go_out_as_they_are(serve, tmp_path):
    font = bytes(range(256)) * 40
    (tmp_path / "f.woff2").write_bytes(font)
    (tmp_path / "tiny.js").write_bytes(b"let a = 1;")
    for name, data in (("f.woff2", font), ("tiny.js", b"let a = 1;")):
        status, headers, body = request(tmp_path, serve.BookHandler, f"/{name}")
        assert status == 200 and body == data and "Content-Encoding" not in headers
    assert request(tmp_path, serve.BookHandler, "/nothing.js")[0] == 404


def test_an_up_to_date_gz_file_is_sent_and_a_stale_one_is_not(serve, tmp_path):
    import os
    script = b"console.log('hanafuda');\n" * 100
    (tmp_path / "s.js").write_bytes(script)
    ready = gzip.compress(script, compresslevel=9)
    (tmp_path / "s.js.gz").write_bytes(ready)
    assert request(tmp_path, serve.BookHandler, "/s.js")[2] == ready
    # the file changes after its .gz was made: compressed again from the file
    changed = b"console.log('koi-koi');\n" * 100
    (tmp_path / "s.js").write_bytes(changed)
    stat = (tmp_path / "s.js.gz").stat()
    os.utime(tmp_path / "s.js.gz", ns=(stat.st_atime_ns, stat.st_mtime_ns - 10**9))
    status, headers, body = request(tmp_path, serve.BookHandler, "/s.js")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == changed


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(min_size=0, max_size=4000),
       name=st.sampled_from(["p.html", "s.js", "c.css", "i.svg", "d.json", "t.txt", "x.png"]),
       accept=st.sampled_from([None, "gzip", "gzip, br", "br;q=1, gzip;q=0.5", "gzip;q=0"]))
def test_any_file_comes_back_byte_for_byte(serve, tmp_path_factory, data, name, accept):
    folder = tmp_path_factory.mktemp("book")
    (folder / name).write_bytes(data)
    status, headers, body = request(folder, serve.BookHandler, f"/{name}", accept=accept)
    assert status == 200
    if headers.get("Content-Encoding") == "gzip":
        assert serve.accepts_gzip(accept) and not name.endswith(".png")
        body = gzip.decompress(body)
    assert body == data
