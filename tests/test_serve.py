"""``./serve`` (``build.py serve``): 127.0.0.1 by default; ``--lan``
listens on every network of the machine and prints the links a phone on
the same network opens."""

from __future__ import annotations

import threading
import urllib.request
from pathlib import Path

from support import load_build

from diceland_build.server import LAN_HOST, lan_addresses, make_server, site_urls


def test_the_default_is_this_machine_only():
    assert site_urls("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    assert load_build().serving_text(Path("dist"), "127.0.0.1", 8000) == \
        "serving dist at http://127.0.0.1:8000/  (Ctrl+C stops)"


def test_lan_lists_this_machine_and_every_local_address():
    urls = site_urls(LAN_HOST, 8123)
    assert urls[0] == "http://127.0.0.1:8123/"
    assert urls[1:] == [f"http://{a}:8123/" for a in lan_addresses()]
    assert all(not a.startswith("127.") and a.count(".") == 3 for a in lan_addresses())
    text = load_build().serving_text(Path("dist"), LAN_HOST, 8123)
    assert all(url in text for url in urls) and "phone" in text and "offline" in text


def test_a_lan_server_answers_on_every_address(tmp_path):
    (tmp_path / "index.html").write_text("<p>dice</p>", encoding="utf-8")
    server = make_server(tmp_path, 0, LAN_HOST)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for url in site_urls(LAN_HOST, server.server_address[1]):
            with urllib.request.urlopen(url + "index.html", timeout=10) as response:
                assert response.read() == b"<p>dice</p>", url
    finally:
        server.shutdown()
        server.server_close()


def test_the_serve_command_listens_where_it_is_told(tmp_path, capsys):
    build = load_build()
    hosts = []

    class Server:
        server_address = ("x", 8765)

        def serve_forever(self):
            raise KeyboardInterrupt  # Ctrl+C at once

        def server_close(self):
            pass

    build.build = lambda out: None
    build.make_server = lambda out, port, host, verbose=False: hosts.append(host) or Server()
    assert build.main(["serve", "--out", str(tmp_path)]) == 0
    assert build.main(["serve", "--lan", "--out", str(tmp_path)]) == 0
    assert hosts == ["127.0.0.1", LAN_HOST]
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8765/" in out and "same network" in out
