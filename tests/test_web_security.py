"""The phones' web view as a stranger on the network meets it, over real sockets to a real
``table-companion serve``: a missing or wrong token gets 403 and nothing else; nothing writes;
path traversal, oversized and malformed requests get 4xx; a new link or "off" ends the old links;
phones that leave mid-stream leave nothing behind; 50 phones at once are served in bounded time.
``GET /api/games`` is public contract."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_server import Served, act, legal_move, served, targi_table, wait_for

from companion.installation import phones
from web.server import MAX_STREAMS

RESET = (1).to_bytes(4, "little") + (0).to_bytes(4, "little")
"""SO_LINGER on, 0 s: closing the socket resets the connection, as a phone that vanishes."""
ROUTES = ("/", "/api/games", "/history", "/stats", "/events", "/static/app.css")


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("phones-security")


@pytest.fixture(scope="module")
def db(tmp: Path) -> Path:
    return tmp / "games.sqlite3"


@pytest.fixture(scope="module")
def game_id(db: Path) -> str:
    return targi_table(db)


@pytest.fixture
def server(db: Path, tmp: Path, game_id: str) -> Iterator[Served]:
    with served(db, tmp) as running:
        yield running
    assert running.process.stderr is not None
    assert "Traceback" not in running.process.stderr.read()


def get(url: str, method: str = "GET", **headers: str) -> tuple[int, bytes]:
    request = urllib.request.Request(url, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def raw(server: Served, data: bytes) -> bytes:
    """What the server answers to ``data`` sent as it is (first 200 bytes)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
        connection.sendall(data)
        return connection.recv(200)


def open_fds(server: Served) -> int:
    return len(os.listdir(f"/proc/{server.process.pid}/fd"))


def stream(server: Served, token: str | None = None) -> socket.socket:
    """An event stream opened over a bare socket, its headers and first event read."""
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    request = f"GET /events?t={token or server.token} HTTP/1.1\r\nHost: phone\r\n\r\n"
    connection.sendall(request.encode())
    assert b"retry:" in read_until(connection, b"retry:")
    return connection


def read_until(connection: socket.socket, wanted: bytes, seconds: float = 10.0) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        connection.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = connection.recv(4096)
        except TimeoutError:
            break
        if not chunk:
            break
        seen += chunk
    return seen


def test_a_missing_or_wrong_token_gets_403_and_nothing_else(server: Served, game_id: str) -> None:
    for route in (*ROUTES, f"/game/{game_id}", "/no/such/page", "/static/../../etc/passwd"):
        for query in ("", "?t=", "?t=wrong", f"?t={server.token[:-1]}"):
            assert get(server.base + route + query) == (403, b"403: Forbidden"), route + query
    assert get(server.base + "/", Cookie="tc_token=wrong") == (403, b"403: Forbidden")


def test_the_api_lists_each_game_as_game_list_does(server: Served, game_id: str) -> None:
    status, body = get(f"{server.base}/api/games?t={server.token}")
    assert status == 200
    (listed,) = json.loads(body)
    assert {"game_id": game_id, "game": "targi", "status": "active", "seq": 9}.items() <= (
        listed.items()
    )


def test_no_route_writes(server: Served, db: Path, game_id: str) -> None:
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    for route in (*ROUTES, f"/game/{game_id}", f"/game/{game_id}/sheet"):
        for method in ("POST", "PUT", "PATCH", "DELETE"):
            status, _body = get(f"{server.base}{route}?t={server.token}", method)
            assert status == 405, (method, route)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_traversal_oversized_and_malformed_requests_get_4xx(server: Served) -> None:
    token = f"t={server.token}"
    for path in (
        "/static/..%2fserver.py",
        "/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/static/views.py",
        "/game/..%2f..%2fetc%2fpasswd",
        "/game/nosuchgame",
    ):
        assert get(f"{server.base}{path}?{token}")[0] == 404, path
    assert raw(
        server, f"GET /static/../views.py?{token} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    ).startswith(b"HTTP/1.1 404")
    assert get(f"{server.base}/?{token}&lang=xx")[0] == 400
    assert get(f"{server.base}/?{token}&x={'a' * 9000}")[0] in (400, 414)
    assert get(f"{server.base}/?{token}", **{"X-Big": "a" * 9000})[0] in (400, 431)
    assert get(f"{server.base}/?{token}", **{f"X-{n}": "a" * 900 for n in range(12)})[0] == 431
    for request in (
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
        b"GET /\x00 HTTP/1.1\r\n\r\n",
        f"POST /?{token} HTTP/1.1\r\nContent-Length: 100000000\r\n\r\n".encode(),
    ):
        answer = raw(server, request)
        assert answer[:10] == b"HTTP/1.1 4" or answer[:10] == b"HTTP/1.0 4", (request, answer)
    assert get(f"{server.base}/api/games?{token}")[0] == 200  # still serving


def test_a_new_link_ends_the_old_one_and_off_stops_the_server(
    server: Served, db: Path, game_id: str
) -> None:
    old = stream(server)
    new = phones.new_token(db)
    try:
        assert read_until(old, b"\r\n0\r\n\r\n", 5).endswith(b"0\r\n\r\n")  # the stream ended
        wait_for(lambda: get(f"{server.base}/?t={server.token}")[0] == 403, 5)
        assert get(f"{server.base}/?t={new}")[0] == 200
        phones.turn_off(db)
        assert server.process.wait(10) == 0
    finally:
        old.close()
        phones.new_token(db)  # on again for the next test


def test_phones_leaving_mid_stream_leave_nothing_behind(server: Served) -> None:
    get(f"{server.base}/api/games?t={server.token}")
    baseline = open_fds(server)
    for _round in range(3):
        streams = [stream(server) for _ in range(10)]
        for connection in streams:  # the phone goes away: a reset, not a goodbye
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
            connection.close()
    wait_for(lambda: open_fds(server) <= baseline, 5)
    assert get(f"{server.base}/api/games?t={server.token}")[0] == 200
    # Nor are the 30 gone phones still counted: the server's whole quota of streams opens again.
    streams = [stream(server) for _ in range(MAX_STREAMS)]
    try:
        assert get(f"{server.base}/events?t={server.token}")[0] == 503  # one more: refused
    finally:
        for connection in streams:
            connection.close()


def test_fifty_phones_at_once_all_see_a_move_in_bounded_time(
    server: Served, db: Path, tmp: Path, game_id: str
) -> None:
    started = time.monotonic()
    streams = [stream(server) for _ in range(50)]
    connected = time.monotonic() - started
    try:
        act(db, tmp, game_id, legal_move(db, game_id))
        moved = time.monotonic()
        for connection in streams:
            assert b"event: change" in read_until(connection, b"event: change", 5)
        seen = time.monotonic() - moved
    finally:
        for connection in streams:
            connection.close()
    assert connected < 10 and seen < 2, (connected, seen)
    status, _body = get(f"{server.base}/game/{game_id}?t={server.token}")
    assert status == 200


def test_a_database_put_in_place_of_the_old_one_is_read_anew(tmp: Path) -> None:
    """The app moves a damaged database aside and restores a backup in its place: the phones then
    see the restored games, not the file that was moved away."""
    db, other = tmp / "replaced.sqlite3", tmp / "restored.sqlite3"
    game_id, restored = targi_table(db), targi_table(other)
    with served(db, tmp) as server:
        page = stream(server)
        try:
            for suffix in ("", "-wal", "-shm"):  # as the app moves a damaged database aside
                moved = Path(f"{db}{suffix}")
                if moved.exists():
                    os.replace(moved, tmp / f"damaged{suffix}")
            os.replace(other, db)
            assert b"event: change" in read_until(page, b"event: change", 5)
            api = f"{server.base}/api/games?t={server.token}"
            wait_for(lambda: restored in get(api)[1].decode(), 5)
            (listed,) = json.loads(get(api)[1])
            assert listed["game_id"] == restored != game_id
        finally:
            page.close()


def test_each_phone_reads_its_browsers_language_unless_it_picks_another(
    server: Served, game_id: str
) -> None:
    page = f"{server.base}/game/{game_id}?t={server.token}"
    for header, lang in (
        ("pl-PL,pl;q=0.9,en;q=0.5", "pl"),
        ("fr-FR, de;q=0.8", "de"),
        ("fr", "en"),
    ):
        status, body = get(page, **{"Accept-Language": header})
        assert status == 200 and f'<html lang="{lang}">' in body.decode(), header
    request = urllib.request.Request(page + "&lang=es", headers={"Accept-Language": "de"})
    with urllib.request.urlopen(request, timeout=10) as response:
        kept = [c for c in response.headers.get_all("Set-Cookie") if c.startswith("tc_lang=")]
        assert '<html lang="es">' in response.read().decode()
    assert kept == ["tc_lang=es; Path=/; SameSite=Strict"]
    status, body = get(page, Cookie="tc_lang=es", **{"Accept-Language": "de"})
    assert '<html lang="es">' in body.decode()
