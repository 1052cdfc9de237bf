"""Start-up failures (issue 12): one clear line and a non-zero exit, no traceback."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import discord.http
import pytest

from bot import Settings, __main__


@pytest.fixture
def start(monkeypatch, tmp_path, capsys):
    def run(base: str) -> tuple[int, str]:
        settings = Settings(token="not-a-token", db_path=str(tmp_path / "c.sqlite3"))
        monkeypatch.setattr(Settings, "load", classmethod(lambda cls: settings))
        monkeypatch.setattr(discord.http.Route, "BASE", base)
        code = __main__.main()
        return code, capsys.readouterr().err

    return run


def test_discord_unreachable(start):
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code, err = start(f"http://127.0.0.1:{port}/api/v10")
    assert code == 1
    assert err.strip().splitlines() == [
        "Could not reach Discord (ClientConnectorError): check the network."
    ]


class Unauthorized(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_a_bad_token(start):
    server = HTTPServer(("127.0.0.1", 0), Unauthorized)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        code, err = start(f"http://127.0.0.1:{server.server_port}/api/v10")
    finally:
        server.shutdown()
    assert code == 1
    assert err.strip().splitlines() == ["Discord refused the token: check DISCORD_TOKEN."]
