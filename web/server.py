"""The phones' web server (aiohttp): server-rendered pages, one event stream per page, nothing that
writes.

Every request needs the table's current token, as ``?t=TOKEN`` (then kept in a cookie) or that
cookie: anything else is answered 403 with no more than that. Only GET and HEAD are routed (any
other method is 405), static files come from a fixed list (no path reaches the file system), and
request lines, headers and bodies are capped (4xx beyond). Pages render in the reader's language
(``?lang=``, then a cookie, then the browser's Accept-Language), whatever the table's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from companion import i18n
from companion.cli import games
from companion.store import Store, StoreError
from web import views
from web.watch import Watch

_log = logging.getLogger(__name__)

HERE = Path(__file__).parent
TOKEN_COOKIE = "tc_token"
LANGUAGE_COOKIE = "tc_lang"
KEEPALIVE_SECONDS = 15.0
MAX_STREAMS = 64
"""Event streams open at once; more are refused (503) so that phones cannot pile up."""
MAX_REQUEST_BYTES = 1024
"""A GET has no body worth more."""
STATIC = {
    "app.css": "text/css",
    "live.js": "text/javascript",
}
DATABASE: web.AppKey[Path] = web.AppKey("database", Path)
STORE: web.AppKey[Store] = web.AppKey("store", Store)
WATCH: web.AppKey[Watch] = web.AppKey("watch", Watch)
TEMPLATES: web.AppKey[jinja2.Environment] = web.AppKey("templates", jinja2.Environment)
STREAMS: web.AppKey[set[web.StreamResponse]] = web.AppKey("streams", set)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _templates() -> jinja2.Environment:
    """The pages; ``_`` in a template is :func:`companion.i18n._` (extracted by Babel's Jinja2
    method), so a page speaks the language :func:`companion.i18n.speaking` set for it."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.globals["_"] = i18n._
    return environment


def _forbidden() -> web.Response:
    return web.Response(status=403, text="403: Forbidden")


def _language(request: web.Request) -> str:
    """The reader's language: ``?lang=``, the cookie, the browser's first supported one, English."""
    asked = request.query.get("lang") or request.cookies.get(LANGUAGE_COOKIE)
    if asked in i18n.LANGUAGES:
        return asked
    for part in request.headers.get("Accept-Language", "").split(","):
        code = i18n.language_code(part.split(";")[0].strip())
        if code:
            return code
    return i18n.DEFAULT


@web.middleware
async def _guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The token first (403 and nothing else), then the page; a bad ``lang`` is 400."""
    token = request.app[WATCH].current_token
    given = request.query.get("t") or request.cookies.get(TOKEN_COOKIE) or ""
    if token is None or not secrets.compare_digest(given.encode(), token.encode()):
        return _forbidden()
    if "lang" in request.query and request.query["lang"] not in i18n.LANGUAGES:
        raise web.HTTPBadRequest(text="lang: expected one of " + ", ".join(i18n.LANGUAGES))
    response = await handler(request)
    if request.query.get("t") and not response.prepared:
        response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="Strict", path="/")
    if "lang" in request.query and not response.prepared:
        response.set_cookie(LANGUAGE_COOKIE, request.query["lang"], samesite="Strict", path="/")
    return response


def _render(request: web.Request, template: str, **values: Any) -> web.Response:
    """The page ``template`` in the reader's language; ``?part=main`` only its live part."""
    language = _language(request)
    with i18n.speaking(language):
        try:
            built = {key: value(request.app[STORE]) if callable(value) else value
                     for key, value in values.items()}  # fmt: skip
        except views.NotFound:
            raise web.HTTPNotFound(text="404: no such game") from None
        except StoreError as error:
            _log.warning("page %s: %s", request.path, error)
            raise web.HTTPServiceUnavailable(text="503: the game database cannot be read") from None
        page = request.app[TEMPLATES].get_template(template)
        html = page.render(
            lang=language,
            languages=i18n.LANGUAGES,
            path=request.path,
            main_only=request.query.get("part") == "main",
            **built,
        )
    return web.Response(
        text=html,
        content_type="text/html",
        headers={
            "Cache-Control": "no-store",
            "Content-Security-Policy": "default-src 'self'; style-src 'self'; script-src 'self'",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
        },
    )


def _game_id(request: web.Request) -> str:
    return request.match_info["game_id"]


async def home(request: web.Request) -> web.Response:
    return _render(request, "home.html", games=views.game_list, page="home")


async def game_page(request: web.Request) -> web.Response:
    game_id = _game_id(request)
    return _render(request, "game.html", game=lambda s: views.game_page(s, game_id), page="game")


async def sheet(request: web.Request) -> web.Response:
    game_id = _game_id(request)
    return _render(
        request, "sheet.html", sheet=lambda s: views.sheet_page(s, game_id), page="sheet"
    )


async def game_log(request: web.Request) -> web.Response:
    game_id = _game_id(request)
    return _render(request, "log.html", log=lambda s: views.log_page(s, game_id), page="log")


async def rules(request: web.Request) -> web.Response:
    game_id = _game_id(request)
    return _render(
        request, "rules.html", rules=lambda s: views.rules_page(s, game_id), page="rules"
    )


async def history_page(request: web.Request) -> web.Response:
    return _render(request, "history.html", plays=views.history_page, page="history")


async def stats_page(request: web.Request) -> web.Response:
    return _render(request, "stats.html", stats=views.stats_page, page="stats")


async def api_games(request: web.Request) -> web.Response:
    """``GET /api/games``: each game's ``game_id``, ``game``, ``status``, ``seq`` (and
    ``updated_at``), as ``table-companion game list`` prints them: public contract."""
    try:
        listed = games.summaries(request.app[STORE])
    except StoreError:
        raise web.HTTPServiceUnavailable(text="503: the game database cannot be read") from None
    return web.Response(
        text=json.dumps(listed, indent=2, ensure_ascii=False),
        content_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC:
        raise web.HTTPNotFound()
    return web.Response(
        body=(HERE / "static" / name).read_bytes(),
        content_type=STATIC[name],
        headers={"Cache-Control": "max-age=3600"},
    )


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: ``change`` at every commit (the page then fetches its live part), a
    comment every :data:`KEEPALIVE_SECONDS`; the stream ends when the token changes."""
    streams = request.app[STREAMS]
    if len(streams) >= MAX_STREAMS:
        raise web.HTTPServiceUnavailable(text="503: too many phones connected")
    watch = request.app[WATCH]
    token = watch.current_token
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
        }
    )
    await response.prepare(request)
    streams.add(response)
    try:
        seen = watch.version
        await response.write(b"retry: 1000\n\n")
        while watch.current_token == token and not watch.stopped:
            version = await watch.changed(seen, KEEPALIVE_SECONDS)
            if watch.current_token != token or watch.stopped:
                break
            if version != seen:
                seen = version
                await response.write(f"event: change\ndata: {version}\n\n".encode())
            else:
                await response.write(b": still here\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        _log.debug("a phone left its event stream")
    finally:
        streams.discard(response)
    return response


def make_app(database: Path) -> web.Application:
    """The application over the game database at ``database`` (opened read-only at start-up)."""
    app = web.Application(middlewares=[_guard], client_max_size=MAX_REQUEST_BYTES)
    app[DATABASE] = database
    app[TEMPLATES] = _templates()
    app[STREAMS] = set()
    app.router.add_get("/", home)
    app.router.add_get("/game/{game_id}", game_page)
    app.router.add_get("/game/{game_id}/sheet", sheet)
    app.router.add_get("/game/{game_id}/log", game_log)
    app.router.add_get("/game/{game_id}/rules", rules)
    app.router.add_get("/history", history_page)
    app.router.add_get("/stats", stats_page)
    app.router.add_get("/api/games", api_games)
    app.router.add_get("/events", events)
    app.router.add_get("/static/{name}", static)
    app.on_startup.append(_open)
    app.on_shutdown.append(_close_streams)
    app.on_cleanup.append(_close)
    return app


async def _open(app: web.Application) -> None:
    from companion.phones import read_token

    database = app[DATABASE]
    app[STORE] = Store.open_read_only(database)
    app[WATCH] = Watch(database, lambda: read_token(database))
    app[WATCH].start()


async def _close_streams(app: web.Application) -> None:
    await app[WATCH].stop()


async def _close(app: web.Application) -> None:
    app[STORE].close()
