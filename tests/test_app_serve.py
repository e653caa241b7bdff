"""tools/serve.py, the one way the book and the app are served (``make serve``, the browser
tests and benchmarks/bench_app.py all use it): the book's root always has a favicon, and the
app runs with app/voila.json's pool of preheated kernels."""

from __future__ import annotations

import functools
import importlib.util
import json
import threading
import urllib.request
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def serve():
    spec = importlib.util.spec_from_file_location("hanafuda_serve", ROOT / "tools" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
