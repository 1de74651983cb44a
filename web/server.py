"""The phones' web server (Starlette, served by uvicorn): server-rendered pages, one event stream
per page (sse-starlette), nothing that writes.

Every request needs the table's current token, as ``?t=TOKEN`` (then kept in a cookie) or that
cookie: anything else is answered 403 with no more than that. Only GET and HEAD are routed (any
other method is 405), static files come from a fixed list (no path reaches the file system), and
request heads are capped by the server (4xx beyond). Pages render in the reader's language
(``?lang=``, then a cookie, then the browser's Accept-Language), whatever the table's.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import jinja2
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.cli import games
from companion.installation import i18n
from companion.store import Store, StoreError
from web import views
from web.reading import ReadingStore
from web.watch import Watch

_log = logging.getLogger(__name__)

HERE = Path(__file__).parent
TOKEN_COOKIE = "tc_token"
LANGUAGE_COOKIE = "tc_lang"
KEEPALIVE_SECONDS = 15.0
MAX_PAGES = 64
"""Rendered pages kept until the next commit, at most (each a few kilobytes)."""
MAX_STREAMS = 64
"""Event streams open at once; more are refused (503) so that phones cannot pile up."""
MAX_TARGET_BYTES = 2048
"""The longest path and query a page needs, with room to spare; longer is 414."""
MAX_HEADER_BYTES = 8192
"""All headers together; more is 431."""
STATIC = {"app.css": "text/css", "live.js": "text/javascript"}
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'self'; style-src 'self'; script-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@dataclass
class Table:
    """What every request reads: the database (read-only), its watch, the page templates."""

    store: Store
    watch: Watch
    templates: jinja2.Environment = field(default_factory=lambda: _templates())
    streams: int = 0
    pages: dict[tuple[str, str, str], str] = field(default_factory=dict)
    """Pages rendered since the last commit, by address, part and language: fifty phones
    fetching the page a move changed cost one rendering per language."""
    pages_seen: tuple[int, object] = (-1, None)
    """The watch's version and database file the pages were rendered at."""

    def __post_init__(self) -> None:
        self._file = self.watch.file

    def rendered(self, key: tuple[str, str, str]) -> str | None:
        """The page ``key`` as rendered since the last commit seen, if it was."""
        now = (self.watch.version, self.watch.file)
        if now != self.pages_seen or len(self.pages) > MAX_PAGES:
            self.pages.clear()
            self.pages_seen = now
        return self.pages.get(key)

    def current(self) -> Store:
        """The store, opened anew when another file took the database's place (the app restored
        a backup over a damaged database)."""
        if self.watch.file != self._file:
            reopened = ReadingStore.open_read_only(self.store.path)
            self.store.close()
            self.store, self._file = reopened, self.watch.file
        return self.store


def _templates() -> jinja2.Environment:
    """The pages; ``_`` in a template is :func:`companion.installation.i18n._` (extracted by Babel's Jinja2
    method), so a page speaks the language :func:`companion.installation.i18n.speaking` set for it."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.globals["_"] = i18n._
    return environment


def _table(request: Request) -> Table:
    table: Table = request.app.state.table
    return table


class Guard:
    """The token before anything (403 and nothing else), a known ``lang`` (else 400); a token or
    language given in the address is kept in a cookie."""

    def __init__(self, app: ASGIApp, table: Callable[[], Table]) -> None:
        self.app = app
        self.table = table

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        target = len(scope.get("raw_path") or b"") + len(scope.get("query_string", b""))
        head = sum(len(name) + len(value) for name, value in scope.get("headers", []))
        if target > MAX_TARGET_BYTES or head > MAX_HEADER_BYTES:
            status = 414 if target > MAX_TARGET_BYTES else 431
            await PlainTextResponse(f"{status}: too long", status_code=status)(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        cookies = SimpleCookie()
        for name, value in scope.get("headers", []):
            if name == b"cookie":
                try:
                    cookies.load(value.decode("latin-1"))
                except CookieError:  # a malformed cookie header: no cookie
                    cookies = SimpleCookie()
        token = self.table().watch.current_token
        given = (query.get("t") or [""])[0] or (
            cookies[TOKEN_COOKIE].value if TOKEN_COOKIE in cookies else ""
        )
        if token is None or not secrets.compare_digest(given.encode(), token.encode()):
            await PlainTextResponse("403: Forbidden", status_code=403)(scope, receive, send)
            return
        lang = (query.get("lang") or [None])[0]
        if lang is not None and lang not in i18n.LANGUAGES:
            message = "lang: expected one of " + ", ".join(i18n.LANGUAGES)
            await PlainTextResponse(message, status_code=400)(scope, receive, send)
            return
        kept = []
        if query.get("t"):
            kept.append(f"{TOKEN_COOKIE}={token}; HttpOnly; Path=/; SameSite=Strict")
        if lang is not None:
            kept.append(f"{LANGUAGE_COOKIE}={lang}; Path=/; SameSite=Strict")

        async def keep(message: Message) -> None:
            if message["type"] == "http.response.start" and kept:
                message = {
                    **message,
                    "headers": [
                        *message.get("headers", []),
                        *((b"set-cookie", cookie.encode()) for cookie in kept),
                    ],
                }
            await send(message)

        await self.app(scope, receive, keep)


def _language(request: Request) -> str:
    """The reader's language: ``?lang=``, the cookie, the browser's first supported one, English."""
    asked = request.query_params.get("lang") or request.cookies.get(LANGUAGE_COOKIE)
    if asked in i18n.LANGUAGES:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        code = i18n.language_code(part.split(";")[0].strip())
        if code:
            return code
    return i18n.DEFAULT


def _render(request: Request, template: str, page: str, **values: Any) -> Response:
    """The page ``template`` in the reader's language; ``?part=main`` only its live part. Each
    value given as a function of the store is read now."""
    table = _table(request)
    language = _language(request)
    main_only = request.query_params.get("part") == "main"
    key = (request.url.path, "main" if main_only else "page", language)
    html = table.rendered(key)
    if html is not None:
        return Response(html, media_type="text/html", headers=PAGE_HEADERS)
    with i18n.speaking(language):
        try:
            built = {
                key: value(table.current()) if callable(value) else value
                for key, value in values.items()
            }
        except views.NotFound:
            raise HTTPException(404, "404: no such game") from None
        except StoreError as error:
            _log.warning("page %s: %s", request.url.path, error)
            raise HTTPException(503, "503: the game database cannot be read") from None
        html = table.templates.get_template(template).render(
            lang=language,
            languages=i18n.LANGUAGES,
            path=request.url.path,
            page=page,
            main_only=main_only,
            **built,
        )
    table.pages[key] = html
    return Response(html, media_type="text/html", headers=PAGE_HEADERS)


def _game_id(request: Request) -> str:
    return str(request.path_params["game_id"])


async def in_play(request: Request) -> Response:
    """What the join link opens: the game in play (the one changed last), else (none, or one
    whose damaged record cannot be shown) the games list."""
    try:
        found = views.game_in_play(_table(request).current())
    except StoreError:
        raise HTTPException(503, "503: the game database cannot be read") from None
    if found is None:
        return await home(request)
    try:
        return _render(request, "game.html", "game", game=lambda s: views.game_page(s, found))
    except HTTPException as error:
        if error.status_code != 404:
            raise
        return await home(request)


async def home(request: Request) -> Response:
    return _render(request, "home.html", "home", games=views.game_list)


async def game_page(request: Request) -> Response:
    game_id = _game_id(request)
    return _render(request, "game.html", "game", game=lambda s: views.game_page(s, game_id))


async def sheet_page(request: Request) -> Response:
    game_id = _game_id(request)
    return _render(request, "sheet.html", "sheet", sheet=lambda s: views.sheet_page(s, game_id))


async def log_page(request: Request) -> Response:
    game_id = _game_id(request)
    return _render(request, "log.html", "log", log=lambda s: views.log_page(s, game_id))


async def rules_page(request: Request) -> Response:
    game_id = _game_id(request)
    return _render(request, "rules.html", "rules", rules=lambda s: views.rules_page(s, game_id))


async def history_page(request: Request) -> Response:
    return _render(request, "history.html", "history", plays=views.history_page)


async def stats_page(request: Request) -> Response:
    return _render(request, "stats.html", "stats", stats=views.stats_page)


async def api_games(request: Request) -> Response:
    """``GET /api/games``: each game's ``game_id``, ``game``, ``status``, ``seq`` (and
    ``updated_at``), as ``table-companion game list`` prints them: public contract."""
    try:
        listed = games.summaries(_table(request).current())
    except StoreError:
        raise HTTPException(503, "503: the game database cannot be read") from None
    return Response(  # a damaged id's bytes as the CLI prints them (listed escaped)
        json.dumps(listed, indent=2, ensure_ascii=False).encode("utf-8", "surrogateescape"),
        media_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


async def static(request: Request) -> Response:
    name = str(request.path_params["name"])
    if name not in STATIC:
        raise HTTPException(404, "404: not found")
    return Response(
        (HERE / "static" / name).read_bytes(),
        media_type=STATIC[name],
        headers={"Cache-Control": "max-age=3600"},
    )


async def events(request: Request) -> Response:
    """Server-sent events: ``change`` at every commit (the page then fetches its live part), a
    comment every :data:`KEEPALIVE_SECONDS`; the stream ends when the token changes (a new link,
    phones off) or the server stops."""
    table = _table(request)
    if table.streams >= MAX_STREAMS:
        raise HTTPException(503, "503: too many phones connected")
    watch = table.watch
    token = watch.current_token

    async def changes() -> AsyncIterator[ServerSentEvent]:
        table.streams += 1
        try:
            yield ServerSentEvent(comment="joined", retry=1000)
            seen = watch.version
            while watch.current_token == token and not watch.stopped:
                version = await watch.changed(seen, KEEPALIVE_SECONDS)
                if watch.current_token != token or watch.stopped:
                    break
                if version != seen:
                    seen = version
                    yield ServerSentEvent(data=str(version), event="change")
        finally:
            table.streams -= 1

    return EventSourceResponse(
        changes(), ping=KEEPALIVE_SECONDS, headers={"Cache-Control": "no-store"}
    )


def make_app(table: Table) -> ASGIApp:
    """The application over ``table`` (its store and watch opened by the caller)."""
    get = ["GET"]  # HEAD comes with it; every other method is 405
    app = Starlette(
        routes=[
            Route("/", in_play, methods=get),
            Route("/games", home, methods=get),
            Route("/game/{game_id}", game_page, methods=get),
            Route("/game/{game_id}/sheet", sheet_page, methods=get),
            Route("/game/{game_id}/log", log_page, methods=get),
            Route("/game/{game_id}/rules", rules_page, methods=get),
            Route("/history", history_page, methods=get),
            Route("/stats", stats_page, methods=get),
            Route("/api/games", api_games, methods=get),
            Route("/events", events, methods=get),
            Route("/static/{name}", static, methods=get),
        ],
    )
    app.state.table = table
    return Guard(app, lambda: table)
