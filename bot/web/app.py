"""The web application (aiohttp): a game's public page and its data, Mr. X's own page, the page's files.

Every answer carries the same guard rails: a Content-Security-Policy that lets the page load nothing but the bot's
own script, style, pictures and data (no inline script, no third party), no referrer, no sniffing; the public
page's answers are not kept by shared caches, Mr. X's by no cache at all (``private, no-store``). A request that
names no page (a wrong or foreign token, Mr. X's link after the game or in someone else's hands) gets the same
plain refusal, and an address that asks too often is refused for a while (:mod:`bot.web.limits`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from typing import Any

from aiohttp import web

from . import html
from .data import PageData, html_document
from .limits import Limits
from .live import Hub
from .static import TYPES, load
from .words import choose_language

log = logging.getLogger(__name__)

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
PUBLIC_CACHE = "private, no-cache"
SECRET_CACHE = "private, no-store"
#: seconds between two keep-alive comments on a live connection
KEEPALIVE = 15.0

SERVICE = web.AppKey("service", Any)
DATA = web.AppKey("data", PageData)
HUB = web.AppKey("hub", Hub)
LIMITS = web.AppKey("limits", Limits)


def client_address(request: web.Request) -> str:
    """Who asks: the peer, or behind a proxy on this machine (loopback) the last address it forwarded for."""
    peer = request.remote or ""
    forwarded = request.headers.get("X-Forwarded-For", "")
    try:
        local = ipaddress.ip_address(peer).is_loopback
    except ValueError:
        local = False
    if local and forwarded:
        return forwarded.split(",")[-1].strip() or peer
    return peer


def refuse(status: int, request: web.Request, json: bool = False) -> web.Response:
    language = choose_language(request.query.get("lang"), request.headers.get("Accept-Language", ""), "en")
    if json:
        return web.json_response({"error": status}, status=status, headers={"Cache-Control": SECRET_CACHE})
    return web.Response(text=html.refusal(status, language), status=status, content_type="text/html",
                        headers={"Cache-Control": SECRET_CACHE})


@web.middleware
async def guard(request: web.Request, handler):
    limits = request.app[LIMITS]
    if not limits.take(client_address(request)):
        response: web.StreamResponse = refuse(429, request, request.path.endswith(".json"))
        response.headers["Retry-After"] = "5"
    else:
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            if exc.status in (404, 405):
                limits.take(client_address(request), limits.miss_cost)
            response = refuse(exc.status, request, request.path.endswith(".json"))
    if not response.prepared:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("Cache-Control", PUBLIC_CACHE)
    return response


def _round(request: web.Request) -> int | None:
    text = request.query.get("round", "")
    return int(text) if text.isdigit() and len(text) < 6 else None


def send(request: web.Request, document, cache: str = PUBLIC_CACHE) -> web.Response:
    headers = {"ETag": document.etag, "Cache-Control": cache, "Vary": "Accept-Encoding"}
    if cache == PUBLIC_CACHE and request.headers.get("If-None-Match") == document.etag:
        return web.Response(status=304, headers=headers)
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        return web.Response(body=document.compressed, content_type="application/json",
                            headers={**headers, "Content-Encoding": "gzip"})
    return web.Response(body=document.body, content_type="application/json", headers=headers)


async def _game(request: web.Request):
    game = await request.app[SERVICE].game_of_page(request.match_info["token"])
    if game is None:
        raise web.HTTPNotFound()
    return game


def _language(request: web.Request, game) -> str:
    return choose_language(request.query.get("lang"), request.headers.get("Accept-Language", ""), game.language)


async def page(request: web.Request) -> web.Response:
    game = await _game(request)
    language = _language(request, game)
    data = request.app[DATA]
    document = await data.view(game, _round(request), language)
    board = await data.board(game, language)
    token = request.match_info["token"]
    page = data.page(("page", document.etag, board.etag, token), lambda: html.public_page(
        document.data, board.data, board.data.get("title", ""), token))
    return _html(request, page, PUBLIC_CACHE)


def _html(request: web.Request, page, cache: str) -> web.Response:
    """A page (a :class:`~bot.web.data.Document` of HTML), compressed for a browser that takes it."""
    headers = {"Cache-Control": cache, "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        return web.Response(body=page.compressed, content_type="text/html", charset="utf-8",
                            headers={**headers, "Content-Encoding": "gzip"})
    return web.Response(body=page.body, content_type="text/html", charset="utf-8", headers=headers)


async def view_data(request: web.Request) -> web.Response:
    game = await _game(request)
    return send(request, await request.app[DATA].view(game, _round(request), _language(request, game)))


async def board_data(request: web.Request) -> web.Response:
    game = await _game(request)
    return send(request, await request.app[DATA].board(game, _language(request, game)))


async def board_picture(request: web.Request) -> web.Response:
    game = await _game(request)
    png = await request.app[DATA].picture(game, _round(request), _language(request, game))
    return web.Response(body=png, content_type="image/png")


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: ``version`` with the game's version now and after every change."""
    game = await _game(request)
    return await stream(request, game)


async def stream(request: web.Request, game, cache: str = PUBLIC_CACHE) -> web.StreamResponse:
    address = client_address(request)
    limits, hub = request.app[LIMITS], request.app[HUB]
    if not limits.open_stream(address):
        return refuse(429, request)
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": cache,
                                           "X-Accel-Buffering": "no", "Content-Security-Policy": CSP,
                                           "X-Content-Type-Options": "nosniff"})
    watch = hub.watch(game.id, game.version)
    try:
        await response.prepare(request)
        sent = game.version
        await response.write(f"retry: 2000\nevent: version\ndata: {sent}\n\n".encode())
        while not request.transport or not request.transport.is_closing():
            event = watch.event
            try:
                await asyncio.wait_for(event.wait(), KEEPALIVE)
            except asyncio.TimeoutError:
                await response.write(b": still here\n\n")
                continue
            if watch.version != sent:
                sent = watch.version
                await response.write(f"event: version\ndata: {sent}\n\n".encode())
            if hub.closed or hub.games.get(game.id) is not watch:
                break
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        hub.unwatch(game.id)
        limits.close_stream(address)
    return response


async def _mrx(request: web.Request):
    found = await request.app[SERVICE].game_of_mrx_page(request.match_info["token"])
    if found is None:
        raise web.HTTPNotFound()
    return found


async def mrx_page(request: web.Request) -> web.Response:
    game, user_id = await _mrx(request)
    language = _language(request, game)
    data = request.app[DATA]
    document = await data.secret(game, user_id, language)
    board = await data.board(game, language)
    return _html(request, html_document(html.mrx_page(document.data, board.data, board.data.get("title", ""))),
                 SECRET_CACHE)


async def mrx_data(request: web.Request) -> web.Response:
    game, user_id = await _mrx(request)
    return send(request, await request.app[DATA].secret(game, user_id, _language(request, game)), SECRET_CACHE)


async def mrx_board(request: web.Request) -> web.Response:
    game, _ = await _mrx(request)
    return send(request, await request.app[DATA].board(game, _language(request, game)), SECRET_CACHE)


async def mrx_events(request: web.Request) -> web.StreamResponse:
    game, _ = await _mrx(request)
    return await stream(request, game, SECRET_CACHE)


async def static_file(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    found = load(name) if "/" not in name else None
    if found is None:
        raise web.HTTPNotFound()
    body, compressed, _ = found
    headers = {"Cache-Control": "public, max-age=31536000, immutable", "Vary": "Accept-Encoding"}
    content_type = TYPES[name[name.rindex("."):]]
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        return web.Response(body=compressed, headers={**headers, "Content-Encoding": "gzip",
                                                      "Content-Type": content_type})
    return web.Response(body=body, headers={**headers, "Content-Type": content_type})


async def root(request: web.Request) -> web.Response:
    """No page lists games: the root says only what this is."""
    return web.Response(text="Scotland Yard for Discord: open a game's page from its link.\n", content_type="text/plain")


async def no_icon(request: web.Request) -> web.Response:
    """Browsers ask for an icon: there is none, and saying so is no error."""
    return web.Response(status=204)


def make_app(service: Any, *, hub: Hub | None = None, limits: Limits | None = None) -> web.Application:
    """The application over ``service``; ``hub`` wakes its live pages (start it with the server), ``limits`` the
    requests each address may make."""
    app = web.Application(middlewares=[guard])
    app[SERVICE] = service
    app[DATA] = PageData(service)
    app[HUB] = hub or Hub(service)
    app[LIMITS] = limits or Limits()
    app.router.add_get("/", root)
    app.router.add_get("/favicon.ico", no_icon)
    app.router.add_get("/g/{token}", page)
    app.router.add_get("/g/{token}/data.json", view_data)
    app.router.add_get("/g/{token}/board.json", board_data)
    app.router.add_get("/g/{token}/board.png", board_picture)
    app.router.add_get("/g/{token}/events", events)
    app.router.add_get("/x/{token}", mrx_page)
    app.router.add_get("/x/{token}/data.json", mrx_data)
    app.router.add_get("/x/{token}/board.json", mrx_board)
    app.router.add_get("/x/{token}/events", mrx_events)
    app.router.add_get("/static/{name}", static_file)
    return app
