"""Every kind of bad input gets a short private answer, changes nothing and hides Mr. X."""

from __future__ import annotations

import logging

import discord

import pytest

from bot.games.london.engine import MRX

from tests.e2e.helpers import Game, secrecy_problems


async def refused(game: Game, user, sub: str, options: dict | None = None, channel=None, *, says: str) -> None:
    info = await game.service.get_game(game.game_id) if game.game_id else None
    public = len(game.fake.public_messages())
    answer = await game.reply(user, sub, options, channel)
    assert answer.kind == "ephemeral" and answer.recipient is user, answer.text
    assert says.lower() in answer.text.lower(), answer.text
    assert len(answer.text) < 300 and "Traceback" not in answer.text
    assert len(game.fake.public_messages()) == public
    if info is not None:
        assert (await game.service.get_game(game.game_id)).version == info.version
    if user is not game.mrx_user and game.game_id and (await game.service.get_game(game.game_id)).started_at:
        state = await game.truth()
        if not (state.logbook and state.logbook[-1].shown):
            assert not secrecy_problems(answer, state.mrx_station), answer.text


@pytest.mark.asyncio
async def test_bad_input_of_every_kind(game: Game) -> None:
    w = game.world
    # No game here yet.
    await refused(game, w.carol, "move", {"to": 1, "ticket": "taxi"}, says="no game in this channel")
    await refused(game, w.carol, "start", says="no game in this channel")
    await refused(game, w.carol, "new", channel="dm", says="server channel")
    lobby = await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await refused(game, w.carol, "new", says="already has a game")
    await refused(game, w.carol, "start", says="only the host")
    await refused(game, w.carol, "move", {"to": 1, "ticket": "taxi"}, says="has not started")
    await refused(game, w.dave, "join", {"role": "mrx"}, says="already chosen to be Mr. X")
    await game.start()
    assert lobby.custom_ids == []  # the lobby's buttons are gone once the game starts
    state = await game.truth()
    det_pawn = next(p.id for p in state.pawns if p.role == "detective")
    det_user = await game.owner(det_pawn)
    other_det = next(u for u in (w.alice, w.carol) if u is not det_user)
    # Not your turn: Mr. X moves first.
    await refused(game, det_user, "move", {"to": 1, "ticket": "taxi"}, says="Mr. X's turn")
    # Not in the game.
    await refused(game, w.dave, "move", {"to": 1, "ticket": "taxi"}, says="not playing")
    # A detective acting in DMs.
    await refused(game, det_user, "move", {"to": 1, "ticket": "taxi"}, channel="dm", says="game's channel")
    # Mr. X: an illegal station, answered privately (it may name his own station: only he sees it).
    far = next(s for s in range(1, 200) if s not in {m.to for m in state.legal_moves(MRX)})
    await refused(game, w.bob, "move", {"to": far, "ticket": "taxi"}, channel="dm", says="")
    await refused(game, w.bob, "move", {"to": far, "ticket": "bus"}, says="")
    # Half a double move.
    move = state.legal_moves(MRX)[0]
    await refused(game, w.bob, "move", {"to": move.to, "ticket": move.ticket, "then_ticket": "taxi"}, channel="dm",
                  says="then_to")
    await refused(game, w.bob, "move", {"to": move.to, "ticket": move.ticket, "then_to": 1}, channel="dm",
                  says="can't reach **1**")
    await game.mrx_moves(move, "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    owner = await game.owner(pawn)
    # Not your pawn.
    await refused(game, other_det, "move", {"to": 1, "ticket": "taxi", "pawn": pawn}, says="you do not move")
    await refused(game, owner, "move", {"to": 1, "ticket": "taxi", "pawn": "nobody"}, says="no pawn called")
    # A value far too long is answered (quoted short), never echoed past Discord's limit.
    await refused(game, owner, "move", {"to": 1, "ticket": "taxi", "pawn": "x" * 2100}, says="no pawn called")
    # An illegal station, a ticket a detective does not have, an unknown ticket.
    unreachable = next(s for s in range(1, 200) if s not in {m.to for m in state.legal_moves(pawn)})
    await refused(game, owner, "move", {"to": unreachable, "ticket": "taxi", "pawn": pawn}, says="")
    await refused(game, owner, "move", {"to": 1, "ticket": "black", "pawn": pawn}, says="")
    await refused(game, owner, "move", {"to": 1, "ticket": "rocket", "pawn": pawn}, says="Unknown ticket 'rocket'")
    # A detective surfacing or using Mr. X's commands.
    await refused(game, owner, "surface", says="")
    # Only the host replaces; only the host (or a moderator) cancels.
    await refused(game, w.carol, "sy-host replace", {"old": w.bob, "new": w.dave}, says="only the host")
    await refused(game, w.carol, "sy-host cancel", says="only the host")
    await refused(game, w.carol, "sy-host settings", {"reminder_hours": 2.0}, says="only the host")
    # Hours out of range: refused privately, nothing changes (no reminders turned off in public).
    for bad in ({"reminder_hours": -1.0}, {"deadline_hours": 1e-9}, {"reminder_hours": 100000.0},
                {"deadline_hours": -24.0}):
        await refused(game, w.alice, "sy-host settings", bad, says="or 0 for off")
    await refused(game, w.carol, "export", says="once the game is over")
    game.check_secrecy(await game.truth())


@pytest.mark.asyncio
async def test_an_unexpected_error_gets_an_apology_and_a_log_line_with_the_game(game: Game, caplog) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    game.service.move = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR):
        answer = await game.reply(w.bob, "move", {"to": 1, "ticket": "taxi"}, channel="dm")
    assert answer.kind == "ephemeral" and answer.text.startswith("Sorry") and "disk" not in answer.text
    assert any(f"game {game.game_id}" in r.getMessage() for r in caplog.records)


@pytest.mark.asyncio
async def test_the_host_or_a_moderator_cancels(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    answer = await game.reply(w.mod, "sy-host cancel")
    assert answer.kind == "ephemeral"
    assert "cancelled the game" in fake.channel_messages(w.channel)[-1].text
    assert await game.service.game_in_channel(w.channel.id) is None
    await game.reply(w.alice, "new", {"rules": "master"})
    assert "Master" in fake.channel_messages(w.channel)[-1].text


@pytest.mark.asyncio
async def test_a_channel_where_the_bot_cannot_post_is_refused_at_new(game: Game) -> None:
    w, fake = game.world, game.fake
    quiet = fake.add_channel(w.guild, "quiet", overwrites=[
        {"id": fake.bot_user.id, "type": 1, "allow": "0", "deny": str(discord.Permissions(attach_files=True).value)}])
    answer = await game.reply(w.alice, "new", channel=quiet)
    assert answer.kind == "ephemeral" and "Attach Files" in answer.text
    assert await game.service.game_in_channel(quiet.id) is None


@pytest.mark.asyncio
async def test_a_game_option_naming_another_game_is_refused_and_says_where_it_is_played(game: Game) -> None:
    w, service = game.world, game.service
    # Game A in #general: Bob is Mr. X there.
    await service.create_game(w.guild.id, w.other.id, w.alice.id, "alice", seed=9)
    await service.join(w.other.id, w.bob.id, "bob", "mrx")
    await service.join(w.other.id, w.carol.id, "carol", "detective")
    a = (await service.start(w.other.id, w.alice.id)).game
    await game.settle()  # A's start and Bob's private prompt as its Mr. X, out of the way of B's checks
    game.seen.checked = len(game.fake.messages)
    # Game B here: Bob is a detective.
    await game.open(seed=4, mrx=w.carol, detectives=(w.bob,))
    await game.start()
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    state = await game.truth()
    pawn = state.to_move()[0]
    move = state.legal_moves(pawn)[0]
    versions = [(await service.get_game(g)).version for g in (a.id, game.game_id)]
    answer = await game.reply(w.bob, "move", {"to": move.to, "ticket": move.ticket, "game": a.id})
    assert answer.kind == "ephemeral"
    assert f"<#{w.other.id}>" in answer.text and "Nothing was done" in answer.text, answer.text
    assert [(await service.get_game(g)).version for g in (a.id, game.game_id)] == versions
    # A number that is no game of his says so, and changes nothing either.
    answer = await game.reply(w.bob, "move", {"to": move.to, "ticket": move.ticket, "game": a.id + 50})
    assert "not playing in a game" in answer.text
    assert [(await service.get_game(g)).version for g in (a.id, game.game_id)] == versions


@pytest.mark.asyncio
async def test_a_database_removed_while_the_bot_runs_stops_moves_and_says_so(game: Game, caplog) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    move = state.legal_moves(MRX)[0]
    path = game.service.database.path
    for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        leftover.unlink(missing_ok=True)  # the data folder is emptied under the running bot
    with caplog.at_level(logging.ERROR):
        answer = await game.reply(w.bob, "move", {"to": move.to, "ticket": move.ticket}, channel="dm")
    assert answer.kind == "ephemeral" and "can't record moves" in answer.text and "nothing was changed" in answer.text
    assert any("unavailable: the file was removed" in r.getMessage() for r in caplog.records)
    assert len((await game.truth()).logbook) == 0
