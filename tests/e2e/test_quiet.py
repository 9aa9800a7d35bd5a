"""A channel people keep open for a week: one short line per move, one summary per round, a mention
only when a turn becomes someone's, and no private echo of what the channel already shows."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.fakediscord import FakeMessage

from tests.e2e.helpers import Game, pinged, summary_title


def rounds_of(messages: list[FakeMessage]) -> list[list[FakeMessage]]:
    """The channel's posts after the start, cut after each round summary (the last list is unfinished)."""
    start = next(i for i, m in enumerate(messages) if "The game is on!" in m.text)
    rounds: list[list[FakeMessage]] = [[]]
    for m in messages[start + 1:]:
        rounds[-1].append(m)
        if summary_title(m):
            rounds.append([])
    return rounds[:-1]


async def play_rounds(game: Game, rules: str, detectives: tuple, rounds: int = 4, **kw) -> list[list[FakeMessage]]:
    w = game.world
    await game.open(rules=rules, seed=6, mrx=w.bob, detectives=detectives)
    await game.start()
    await game.play(mrx="greedy", detectives="greedy", ways=("dm",),
                    until=lambda s: s.is_over or s.round > rounds, **kw)
    return rounds_of(game.fake.channel_messages(w.channel))


@pytest.mark.asyncio
@pytest.mark.parametrize("people", [1, 2, 3])
async def test_each_player_is_mentioned_once_a_round_whatever_the_number_of_pawns(game: Game, people: int) -> None:
    w = game.world
    detectives = (w.alice, w.carol, w.dave)[:people]
    rounds = await play_rounds(game, "classic", detectives)
    assert len(rounds) >= 3
    state = await game.truth()
    pawns = len([p for p in state.pawns if p.role == "detective"])
    for posts in rounds:
        pings = Counter(u for m in posts for u in pinged(game.fake, m))
        # Mr. X when his turn comes (at the summary), each detective player when theirs begins.
        assert pings == Counter({w.bob.id: 1, **{u.id: 1 for u in detectives}}), [m.text for m in posts]
        # Quiet: Mr. X's line, one line per detective move (no picture), then the summary with the board.
        assert len(posts) == 1 + pawns + 1, [m.text for m in posts]
        assert all(not m.files for m in posts[:-1])
        assert "board.png" in posts[-1].files and "close-up.png" in posts[-1].files  # and a phone close-up
    # No private echo of a detective's move: the detectives got no private message but their join's answer.
    assert not [m for m in game.fake.ephemeral_messages() if m.recipient is not w.bob and not m.deleted
                and "joined as" not in m.text]


@pytest.mark.asyncio
async def test_an_any_order_round_mentions_the_detectives_once_when_it_opens(game: Game) -> None:
    w = game.world
    rounds = await play_rounds(game, "master", (w.alice, w.carol), rounds=3)
    assert len(rounds) >= 2
    for posts in rounds:
        opening = posts[0]
        assert "Mr. X's move" in opening.text and "in any order" in opening.text
        assert pinged(game.fake, opening) == {w.alice.id, w.carol.id}
        assert all(not pinged(game.fake, m) for m in posts[1:-1]), [m.text for m in posts if m.pinged]
        assert pinged(game.fake, posts[-1]) == {w.bob.id}


@pytest.mark.asyncio
async def test_detectives_can_play_a_whole_round_from_the_move_button_without_typing(game: Game) -> None:
    w = game.world
    # Master: one detective player holds several pawns, so the menu asks which pawn first.
    rounds = await play_rounds(game, "master", (w.alice,), rounds=3, detective_ways=("menu",))
    assert len(rounds) >= 2
    menus = [m for m in game.fake.ephemeral_messages(w.alice, include_deleted=True) if "🧭" in m.content]
    assert menus and all(m.deleted for m in menus)  # every menu closed itself after the move
    assert any(c.startswith("sy:dpawn:") for m in menus for h in [m.snapshot()] + m.history
               for c in _ids(h))
    game.check_secrecy(await game.truth())


def _ids(snapshot: dict) -> list[str]:
    found = []
    for row in snapshot.get("components", ()):
        for c in row.get("components", ()):
            if c.get("custom_id"):
                found.append(c["custom_id"])
    return found


async def detectives_turn(game: Game):
    """A classic game (Bob is Mr. X, Alice and Carol detectives) after Mr. X's first move."""
    w = game.world
    await game.open(seed=6, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    await game.mrx_moves(state.legal_moves("mrx")[0], "dm")
    return await game.truth()


@pytest.mark.asyncio
async def test_the_move_button_answers_only_the_player_whose_turn_it_is(game: Game) -> None:
    w, fake = game.world, game.fake
    await detectives_turn(game)
    post = game.move_post()
    first = (await game.truth()).to_move()[0]
    mover = await game.owner(first)
    waiting = next(u for u in (w.alice, w.carol) if u is not mover)
    for user, says in ((waiting, "not your turn"), (w.bob, "you are mr. x"), (w.dave, "not playing")):
        handle = await fake.click(user, post, f"sy:dmove:{game.game_id}")
        answer = await handle.wait_reply()
        assert answer.kind == "ephemeral" and says in answer.text.lower(), answer.text
    handle = await fake.click(await game.owner(first), post, f"sy:dmove:{game.game_id}")
    menu = await handle.wait_reply()
    options = {int(o["value"]) for c in menu.walk_components() for o in c.get("options", ())}
    assert options == {m.to for m in (await game.truth()).legal_moves(first)}


@pytest.mark.asyncio
async def test_a_detective_may_leave_out_the_ticket_when_only_one_reaches_the_station(game: Game) -> None:
    w, fake = game.world, game.fake
    state = await detectives_turn(game)
    pawn = state.to_move()[0]
    owner = await game.owner(pawn)
    by_station: dict[int, set[str]] = {}
    for m in state.legal_moves(pawn):
        by_station.setdefault(m.to, set()).add(m.ticket)
    # Black is never offered to a detective, with or without a station.
    for options in ({}, {"to": next(iter(by_station))}):
        offered = await game.choices(owner, w.channel, {"pawn": pawn, **options}, focused="ticket")
        assert offered and all(c["value"] != "black" for c in offered)
    several = [s for s, t in by_station.items() if len(t) > 1]
    if several:
        answer = await game.reply(owner, "move", {"to": several[0], "pawn": pawn})
        assert "more than one ticket" in answer.text.lower() and "`ticket`" in answer.text
    single = next(s for s, t in by_station.items() if len(t) == 1)
    handle = await fake.slash(owner, w.channel, "sy", "move", {"to": single, "pawn": pawn})
    assert await handle.wait_outcome() is None
    await game.settle()
    after = await game.truth()
    assert after.positions[pawn] == single


@pytest.mark.asyncio
async def test_games_remind_after_12_hours_by_default_and_a_server_manager_sets_other_defaults(game: Game) -> None:
    w, fake = game.world, game.fake
    lobby = await game.open(seed=6, mrx=w.bob, detectives=(w.carol,))
    assert lobby is not None
    shown = await game.reply(w.carol, "sy-host settings")
    assert "reminders after 12 h, deadline 48 h, tracker on" in shown.text
    refused = await game.reply(w.carol, "sy-host settings", {"scope": "server", "reminder_hours": 6.0})
    assert "manages this server" in refused.text
    manager = fake.add_user("manager")
    fake.add_member(w.guild, manager, permissions=0x20)  # Manage Server
    answer = await game.reply(manager, "sy-host settings", {"scope": "server", "reminder_hours": 6.0, "deadline_hours": 0.0,
                                                    "tracker": False, "rules": "master"})
    assert answer.kind == "channel"
    assert "Scotland Yard Master (2013, basic game), reminders after 6 h, deadline off, tracker off" in answer.text
    # This channel's game keeps its own; a new game elsewhere takes the server's.
    assert (await game.service.settings(game.game_id)).reminder_hours == 12.0
    await game.reply(w.alice, "new", channel=w.other)
    other = await game.service.game_in_channel(w.other.id)
    assert other.rules == "master"
    settings = await game.service.settings(other.id)
    assert (settings.reminder_hours, settings.deadline_hours, settings.tracker) == (6.0, None, False)
