"""The board in a browser, as a player sees it at a phone's size (issue 37): the page shows what the game says."""

from __future__ import annotations

import asyncio
import random
import time

import aiohttp
import pytest

from bot.games.london.engine import MRX
from bot.service import GameService
from bot.web.limits import Limits
from bot.web.server import WebServer
from tests.service.helpers import SECRET, nonces, owner, play_turn, started, stored_state

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _played(service, turns: int = 9, seed: int = 2) -> int:
    game = (await started(service, 4)).game.id
    rng = random.Random(seed)
    for _ in range(turns):
        await play_turn(service, game, rng)
    return game


async def _pawns_on_page(page) -> dict[str, int]:
    return await page.eval_on_selector_all(
        "#overlay g.pawn:not(.replay)", "gs => Object.fromEntries(gs.map(g => [g.dataset.pawn, Number(g.dataset.station)]))")


async def _public_pawns(service, game, after_round=None) -> dict[str, int]:
    view = await service.public_view(game, after_round=after_round)
    out = {p.id: p.station for p in view.pawns if p.station is not None}
    if view.mrx_shown is not None:
        out[MRX] = view.mrx_shown
    return out


async def test_the_pawns_stand_on_the_stations_the_game_says(service, site, phone):
    game = await _played(service)
    await phone.open(f"{site.base}/g/{await service.page_token(game)}")
    assert await _pawns_on_page(phone.page) == await _public_pawns(service, game)
    # each pawn is drawn where the board's data puts its station (not only labelled with it)
    places = await phone.page.evaluate("""() => Array.from(document.querySelectorAll('#overlay g.pawn')).map(g => {
        const s = document.querySelector('g.station[data-station="' + g.dataset.station + '"]');
        const a = s.getAttribute('transform').match(/[-\\d.]+/g).map(Number);
        const b = g.getAttribute('transform').match(/[-\\d.]+/g).map(Number);
        return Math.abs(a[1] - b[1]) < 0.01 && Math.abs(a[0] - b[0]) < 60; })""")
    assert places and all(places)
    # whose turn it is, by pawn and player
    view = await service.public_view(game)
    turn = await phone.page.text_content("#turn")
    names = {p.seat: p.name for p in await service.players(game)}
    for pawn in view.pawns:
        named = pawn.label.split()[0] in turn and any(names[s] in turn for s in pawn.seats)
        assert named == (pawn.id in view.to_move), (pawn.id, turn)


async def test_the_slider_shows_an_earlier_round(service, site, phone):
    game = await _played(service)
    await phone.open(f"{site.base}/g/{await service.page_token(game)}")
    await phone.page.eval_on_selector("#round", "s => { s.value = 1; s.dispatchEvent(new Event('change')); }")
    await phone.page.wait_for_selector("body[data-round='1']")
    assert await _pawns_on_page(phone.page) == await _public_pawns(service, game, after_round=1)
    assert await _pawns_on_page(phone.page) != await _public_pawns(service, game)


async def test_the_toggle_shows_where_mr_x_may_be(service, site, phone):
    game = await _played(service, turns=4)
    await phone.open(f"{site.base}/g/{await service.page_token(game)}")
    assert await phone.page.query_selector_all("circle.possible") == []
    await phone.page.click("#possible")
    shown = await phone.page.eval_on_selector_all("circle.possible", "cs => cs.map(c => Number(c.dataset.station))")
    view = await service.public_view(game)
    assert sorted(shown) == sorted(view.possible) and shown


async def test_a_move_through_discord_appears_on_an_open_page_within_two_seconds(table, browser):
    game, server = table
    w = game.world
    await game.open(mrx=w.bob, detectives=(w.carol, w.dave))
    await game.start()
    token = await game.service.page_token(game.game_id)
    start = (await game.service.message_for(game.game_id, "start")).message_id
    start_post = next(m for m in game.table_messages() if m.id == start)
    assert [c["url"] for c in start_post.buttons if c.get("url")] == [f"{server.base}/g/{token}"], \
        "the start post links the game's page"
    from tests.web.conftest import PHONE, Phone

    context = await browser.new_context(viewport=PHONE, locale="en-GB")
    phone = Phone(await context.new_page())
    await phone.open(f"{server.base}/g/{token}")
    await phone.page.wait_for_function("document.getElementById('live').textContent.length > 0")
    state = await game.truth()
    first = next(iter(state.legal_moves(MRX)))
    await game.mrx_moves(first, "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    move = next(m for m in state.legal_moves(pawn) if m.to != state.positions[MRX])
    began = time.monotonic()
    await game.detective_moves(move)
    await phone.page.wait_for_selector(f"#overlay g.pawn[data-pawn='{pawn}'][data-station='{move.to}']", timeout=2000)
    assert time.monotonic() - began < 2.5
    await context.close()
    assert phone.errors == []


async def test_twin_games_give_the_same_page_but_for_the_seals(tmp_path, browser):
    """Mr. X on different hidden routes with the same tickets: the public data is the same to the byte, and so is
    the page's picture."""
    services = [await GameService.open(tmp_path / f"twin{i}.sqlite3", rng=random.Random(1), secret=SECRET,
                                       nonces=nonces(20 + i)) for i in range(2)]
    try:
        games = [(await started(s, 4, seed=9)).game.id for s in services]
        states = [await stored_state(s, g) for s, g in zip(services, games)]
        assert states[0].mrx_station != states[1].mrx_station, "the twins' Mr. X starts apart"
        for s, g, st in zip(services, games, states):  # a taxi for each, to different stations
            ride = next(m for m in st.legal_moves(MRX) if m.ticket == "taxi")
            await s.act(g, await owner(s, g, MRX), ride, f"x-{g}-{id(s)}", expected_round=1)
        states = [await stored_state(s, g) for s, g in zip(services, games)]
        pawn = states[0].to_move()[0]
        move = next(m for m in states[0].legal_moves(pawn)
                    if all(m.to != st.positions[MRX] for st in states) and m in states[1].legal_moves(pawn))
        for s, g in zip(services, games):
            await s.act(g, await owner(s, g, pawn), move, f"d-{id(s)}", expected_round=1)
        assert (await stored_state(services[0], games[0])).mrx_station != \
            (await stored_state(services[1], games[1])).mrx_station
        bodies, shots = [], []
        for s, g in zip(services, games):
            server = WebServer(s, "127.0.0.1", 0, poll_every=None)
            await server.start(listen=False)
            url = f"http://127.0.0.1:{server.port}/g/{await s.page_token(g)}"
            async with aiohttp.ClientSession() as http:
                for path in ("/data.json", "/board.json", "/data.json?round=0"):
                    async with http.get(url + path) as response:
                        bodies.append(await response.read())
            context = await browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
            from tests.web.conftest import Phone

            phone = Phone(await context.new_page())
            await phone.open(url)
            await phone.page.click("#possible")
            # the page settled: its live mark lit by the events' first answer (a screenshot taken before it differs
            # from one taken after by that mark alone)
            await phone.page.wait_for_function("document.getElementById('live').textContent.startsWith('●')")
            shots.append(await phone.page.screenshot(full_page=True))
            await context.close()
            await server.close()
            assert phone.errors == []
        assert bodies[:3] == bodies[3:]
        assert shots[0] == shots[1]
    finally:
        for s in services:
            await s.close()


async def _status(http, url: str) -> tuple[int, str]:
    async with http.get(url) as response:
        return response.status, await response.text()


async def test_wrong_foreign_and_spent_links_and_bursts_are_refused(service):
    game = await _played(service, turns=2)
    other = (await started(service, 3, channel=11)).game.id
    server = WebServer(service, "127.0.0.1", 0, poll_every=None, limits=Limits(capacity=120, rate=1))
    await server.start(listen=False)
    base = f"http://127.0.0.1:{server.port}"
    token = await service.page_token(game)
    mrx_user = await owner(service, game, MRX)
    mine = await service.mrx_page_token(game, mrx_user)
    try:
        async with aiohttp.ClientSession() as http:
            assert (await _status(http, f"{base}/g/{token}"))[0] == 200
            assert (await _status(http, f"{base}/x/{mine}"))[0] == 200
            wrong = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
            refused = [await _status(http, f"{base}/g/{t}") for t in
                       (wrong, "nothing", str(game), mine, await service.mrx_page_token(other, mrx_user))]
            assert all(status == 404 and "There is no such page." in text for status, text in refused), refused
            # Mr. X's link of someone who does not play him, and the public page's token, reach no private page
            assert (await _status(http, f"{base}/x/{await service.mrx_page_token(game, mrx_user + 1)}"))[0] == 404
            assert (await _status(http, f"{base}/x/{token}"))[0] == 404
            # after the end his link is refused too
            await service.resign(game, mrx_user, "resign-x")
            assert (await _status(http, f"{base}/x/{mine}"))[0] == 404
            assert (await _status(http, f"{base}/x/{mine}/data.json"))[0] == 404
            # a burst: refused plainly once the address's bucket is spent
            statuses = await asyncio.gather(*(_status(http, f"{base}/g/{token}/data.json") for _ in range(40)))
            assert {s for s, _ in statuses} >= {429}
            assert all(s in (200, 429) for s, _ in statuses)
    finally:
        await server.close()


async def test_the_page_guards_its_answers(service, site):
    game = await _played(service, turns=2)
    url = f"{site.base}/g/{await service.page_token(game)}"
    mine = f"{site.base}/x/{await service.mrx_page_token(game, await owner(service, game, MRX))}"
    async with aiohttp.ClientSession() as http:
        async with http.get(url) as response:
            page = await response.text()
            csp = response.headers["Content-Security-Policy"]
            assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp and "default-src 'none'" in csp
            assert response.headers["Cache-Control"].startswith("private")
        assert "<script>" not in page and "http" not in page.replace('xmlns="http', "")  # nothing from elsewhere
        async with http.get(mine) as response:
            assert response.headers["Cache-Control"] == "private, no-store"
            text = await response.text()
        view = await service.mrx_view(game, await owner(service, game, MRX))
        assert str(view.station) in text and all(str(s) in text for s in view.reachable())
        async with http.get(url + "/data.json") as response:
            public = (await response.json())["view"]
        view = await service.public_view(game)
        mrx = next(p for p in public["pawns"] if p["id"] == MRX)
        assert view.mrx_shown is None and mrx["station"] is None and public["route"] is None
        assert public["possible"] == sorted(view.possible) and public["mrx_shown"] is None
        assert all(e["station"] is None for e in public["logbook"])


async def test_mr_x_sees_his_own_page_in_german(service, site, phone):
    game = await _played(service, turns=0)  # his turn: where each ticket takes him, as his menu offers it
    user = await owner(service, game, MRX)
    url = f"{site.base}/x/{await service.mrx_page_token(game, user)}?lang=de"
    await phone.open(url)
    view = await service.mrx_view(game, user)
    assert f"Du stehst an {view.station}." in await phone.page.text_content("#station")
    shown = await phone.page.eval_on_selector_all("circle.reachable", "cs => cs.map(c => Number(c.dataset.station))")
    assert sorted(shown) == sorted(view.reachable()) and shown
    for station, tickets in view.reachable().items():
        for ticket in tickets:
            assert str(station) in await phone.page.text_content(f"#reach li.t-{ticket}")
    # the detectives' turn: where each ticket he holds would take him from here, said so
    await play_turn(service, game, random.Random(1))
    await phone.open(url)
    assert "noch nicht am Zug" in await phone.page.text_content("main h2")
    state = await stored_state(service, game)
    shown = await phone.page.eval_on_selector_all("circle.reachable", "cs => cs.map(c => Number(c.dataset.station))")
    neighbours = {to for t in state.board.transports for to in state.board.neighbours_by(state.mrx_station, t)}
    assert shown and set(shown) <= neighbours


async def test_after_the_end_the_page_shows_mr_x_s_route_and_replays_it(service, site, phone):
    game = await _played(service, turns=9)
    await service.resign(game, await owner(service, game, MRX), "give-up")
    final = await service.public_view(game)
    await phone.open(f"{site.base}/g/{await service.page_token(game)}")
    points = await phone.page.get_attribute("polyline.route", "points")
    board = await phone.page.evaluate("fetch(location.pathname + '/board.json').then(r => r.json())")
    at = {s["id"]: f'{s["x"]},{s["y"]}' for s in board["stations"]}
    assert points.split() == [at[s] for s in final.route]
    assert final.outcome is not None and await phone.page.text_content("#turn") != ""
    await phone.page.click("#replay")
    await phone.page.wait_for_selector("body[data-round='0']")
    await phone.page.wait_for_selector("body[data-round='1']", timeout=5000)
    # the replay shows Mr. X where he was as that round ended: his route is public now
    after_one = await service.public_view(game, after_round=1)
    where = await phone.page.get_attribute("#overlay g.pawn.replay", "data-station")
    assert int(where) == final.route[len(after_one.logbook)]


async def test_the_dice_game_s_page_draws_its_tiles_and_pawns(service, site, phone):
    game = (await started(service, 3, rules="dice", channel=12)).game.id
    from bot.games import get_family

    family = get_family("dice")
    rng = random.Random(4)
    for _ in range(12):  # the detectives pick their starts, Mr. X his, then rolls and rides
        state = await service.rebuild_state(game)
        if state.outcome is not None:
            break
        pawn = state.to_move()[0]
        player = family.computer("random", rng.randrange(1000))
        view = family.secret_view(state) if pawn == MRX else family.public_view(state)
        action = family.computer_step(player, view, pawn)
        await service.act(game, await owner(service, game, pawn), action, f"dice-{_}", expected_round=state.round)
    await phone.open(f"{site.base}/g/{await service.page_token(game)}")
    view = await service.public_view(game)
    assert len(await phone.page.query_selector_all("g.station")) == len(view.board.stations)
    assert await _pawns_on_page(phone.page) == await _public_pawns(service, game)


async def test_the_channel_links_the_page_and_mr_x_his_own(table):
    """With SY_WEB_URL: the start post and every round summary carry the page's link button (kept when the turn
    passes and the other buttons go), /sy board and /sy games link it, Mr. X's DM links his own page."""
    game, server = table
    w = game.world
    await game.open(mrx=w.bob, detectives=(w.carol, w.dave))
    await game.start()
    await game.play(until=lambda state: state.round >= 3, ways=("dm",))
    page = f"{server.base}/g/{await game.service.page_token(game.game_id)}"
    linked = [m for m in game.table_messages() if any(b.get("url") == page for b in m.buttons)]
    summaries = [m for m in game.table_messages() if "board.png" in str(m.raw.get("embeds"))
                 and m.id != (await game.service.message_for(game.game_id, "start")).message_id]
    assert len(summaries) >= 2 and all(m in linked for m in summaries)
    retired = summaries[0]
    assert retired.custom_ids == [] and [b["url"] for b in retired.buttons] == [page]  # only the link stays
    board = await game.reply(w.carol, "board")
    assert page in board.text
    games = await game.reply(w.dave, "games")
    assert page in str(games.raw.get("embeds"))
    mine = f"{server.base}/x/{await game.service.mrx_page_token(game.game_id, w.bob.id)}"
    assert any(mine in m.content for m in game.fake.dm_messages(w.bob))
    assert not any(mine in (m.content or "") + str(m.raw.get("embeds")) for m in game.table_messages())
    async with aiohttp.ClientSession() as http:
        async with http.get(mine) as response:
            assert response.status == 200 and response.headers["Cache-Control"] == "private, no-store"


async def test_without_javascript_the_page_shows_the_round_s_picture_and_the_logbook(service, site, browser):
    game = await _played(service, turns=9)
    context = await browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = await context.new_page()
    pictures = []
    page.on("response", lambda r: pictures.append(r) if "board.png" in r.url else None)
    await page.goto(f"{site.base}/g/{await service.page_token(game)}?round=1")
    await page.wait_for_load_state("networkidle")
    assert pictures and pictures[0].status == 200 and pictures[0].headers["content-type"] == "image/png"
    assert "round=1" in pictures[0].url
    view = await service.public_view(game)
    entries = await page.eval_on_selector_all("#logbook li", "ls => ls.map(l => l.textContent)")
    after_one = await service.public_view(game, after_round=1)
    assert len(entries) == len(after_one.logbook) < len(view.logbook) + 1
    await page.click("nav.rounds a:last-child")
    assert len(await page.query_selector_all("#logbook li")) == len(view.logbook)
    await context.close()


async def test_the_board_zooms_and_pans_under_the_fingers(service, site, phone):
    game = await _played(service, turns=3)
    await phone.open(f"{site.base}/g/{await service.page_token(game)}")

    async def box() -> list[float]:
        return [float(v) for v in (await phone.page.get_attribute("#map", "viewBox")).split()]

    whole = await box()
    await phone.page.mouse.move(200, 300)
    await phone.page.mouse.wheel(0, -300)
    zoomed = await box()
    assert zoomed[2] < whole[2] * 0.9  # closer
    await phone.page.mouse.down()
    await phone.page.mouse.move(120, 260, steps=5)
    await phone.page.mouse.up()
    moved = await box()
    assert moved[2] == zoomed[2] and moved[0] > zoomed[0] and moved[1] > zoomed[1]  # dragged left and up: east, south
