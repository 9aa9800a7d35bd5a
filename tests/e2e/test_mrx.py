"""Mr. X plays in secret: the DM menu, /sy move in DMs, a double move across a reveal, his close-up."""

from __future__ import annotations

import pytest

from bot.games.london.engine import MRX, DoubleMove
from bot.games.london.pictures import render_mrx_zoom

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import Game, secrecy_problems, summary_title


def mrx_turn(entry: int):
    return lambda state: state.phase == "mrx" and len(state.logbook) + 1 == entry


@pytest.mark.asyncio
async def test_mr_x_moves_by_the_dm_menu(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    menu = game.prompt()
    assert menu.kind == "dm" and "Your move, Mr. X" in menu.text and "mrx-board.png" in menu.files
    state = await game.truth()
    assert f"You are at **{state.mrx_station}**" in menu.text
    (select,) = [c for c in menu.walk_components() if c.get("custom_id", "").startswith("sy:xto:")]
    offered = {int(o["value"]) for o in select["options"]}
    assert offered == {m.to for m in state.legal_moves(MRX)}

    move = state.legal_moves(MRX)[0]
    await game.select(w.bob, menu, f"sy:xto:{game.game_id}:1", [str(move.to)])
    assert f"Go to **{move.to}**" in menu.content
    assert f"sy:xgo:{game.game_id}:1:{move.to}:{move.ticket}" in menu.custom_ids
    assert any(c.startswith("sy:xdbl:") for c in menu.custom_ids)  # a double move is offered
    await game.click(w.bob, menu, "sy:xback:%d:1" % game.game_id)  # back to the destinations
    assert "Your move, Mr. X" in menu.content
    await game.select(w.bob, menu, f"sy:xto:{game.game_id}:1", [str(move.to)])
    await game.click(w.bob, menu, f"sy:xgo:{game.game_id}:1:{move.to}:{move.ticket}")
    assert menu.content.startswith("✅ Done: move 1") and menu.custom_ids == []

    announced = fake.channel_messages(w.channel)[-1]
    assert f"Mr. X's move 1: {move.ticket}" in announced.text.replace("🚕 ", "").replace("🚌 ", "") \
        .replace("🚇 ", "").replace("⬛ ", "")
    assert "mrx-board.png" in menu.files  # his receipt shows his board after the move
    assert "<@%d>" % w.carol.id in announced.text or "<@%d>" % w.alice.id in announced.text
    assert not secrecy_problems(announced, move.to)
    game.check_secrecy(await game.truth())


@pytest.mark.asyncio
async def test_mr_x_moves_by_slash_command_in_dm_and_privately_in_the_channel(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    move = state.legal_moves(MRX)[-1]
    # Autocomplete offers exactly his destinations, labelled with the tickets.
    choices = await game.choices(w.bob, "dm", {}, focused="to")
    assert {c["value"] for c in choices} == {m.to for m in state.legal_moves(MRX)}
    assert all(" — " in c["name"] for c in choices)
    answer = await game.reply(w.bob, "move", {"to": move.to, "ticket": move.ticket}, channel="dm")
    assert answer.kind == "ephemeral" and answer.text.startswith("✅ Done: move 1")
    # Nothing to offer when it is not his turn.
    assert await game.choices(w.bob, "dm", {}, focused="to") == []
    await game.play(until=mrx_turn(2), ways=("menu",))
    state = await game.truth()
    move = state.legal_moves(MRX)[0]
    before = len(fake.public_messages())
    handle = await game.slash(w.bob, "move", {"to": move.to, "ticket": move.ticket})
    assert handle.ephemeral and handle.deferred
    reply = await handle.wait_reply()
    assert reply.kind == "ephemeral" and reply.recipient is w.bob
    new_public = fake.public_messages()[before:]
    assert len(new_public) == 1 and "Mr. X's move 2" in new_public[0].text
    game.check_secrecy(await game.truth())


@pytest.mark.asyncio
async def test_a_double_move_across_a_reveal(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=6, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    await game.play(until=mrx_turn(3), mrx="greedy", detectives="random")
    state = await game.truth()
    double = next(d for d in state.legal_double_moves())
    assert isinstance(double, DoubleMove)
    # then_to autocomplete knows the second steps from the first.
    choices = await game.choices(w.bob, "dm", {"to": double.first.to, "ticket": double.first.ticket},
                                 focused="then_to")
    assert {c["value"] for c in choices} == {m.to for m in state.second_moves(double.first)}
    before = len(fake.public_messages())
    await game.mrx_moves(double, "menu")
    after = await game.truth()
    assert [e.number for e in after.logbook[-2:]] == [3, 4] and after.logbook[-2].revealed
    (announced,) = [m for m in fake.public_messages()[before:] if "Mr. X's move 3" in m.text]
    assert f"He shows himself at **{double.first.to}**" in announced.text
    assert "Mr. X's move 4: " in announced.text and "(double move)" in announced.text
    assert f"**{double.second.to}**" not in announced.text
    game.check_secrecy(after)
    # The summary's logbook shows entry 3's station, not entry 4's.
    await game.play(until=lambda s: s.phase == "mrx", detectives="random")
    summary = next(m for m in reversed(fake.public_messages()) if summary_title(m))
    assert f"**{double.first.to}**" in summary.text
    game.check_secrecy(await game.truth())


@pytest.mark.asyncio
async def test_mr_x_in_two_games_picks_one_with_the_game_option(game: Game) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    first = game.game_id
    lobby = await game.reply(w.alice, "new", {"rules": "classic", "seed": 5}, channel=w.other)
    second = (await game.service.game_in_channel(w.other.id)).id
    await game.click(w.bob, lobby, f"sy:lobby:{second}:join_x")
    await game.slash(w.alice, "start", channel=w.other)
    state = await game.truth()
    move = state.legal_moves(MRX)[0]
    answer = await game.reply(w.bob, "move", {"to": move.to, "ticket": move.ticket}, channel="dm")
    assert "several games" in answer.text and "`game`" in answer.text
    choices = await game.choices(w.bob, "dm", {}, focused="game")
    assert {c["value"] for c in choices} == {first, second}
    answer = await game.reply(w.bob, "move", {"to": move.to, "ticket": move.ticket, "game": first},
                              channel="dm")
    assert answer.text.startswith("✅ Done")


@pytest.mark.asyncio
async def test_mr_x_s_dm_prompt_carries_his_close_up_and_the_channel_never_gets_it(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    for entry in (1, 2, 3):
        await game.play(until=mrx_turn(entry), mrx="greedy", detectives="random")
        state = await game.truth()
        menu = game.prompt()
        assert list(menu.files)[:2] == ["mrx-close-up.png", "mrx-board.png"]  # the phone's picture first
        # ...the only image attached (full width on a phone); his whole board shows in an embed under it
        assert [e.get("image", {}).get("url") for e in menu.embeds] == ["attachment://mrx-board.png"]
        # drawn from his view as it is now: his station and where each ticket takes him
        assert menu.files["mrx-close-up.png"] == render_mrx_zoom(state.mrx_view())
        assert menu.files["mrx-close-up.png"] in game.pictures.private
        game.check_secrecy(state)  # no public post carries a picture drawn from his view
    await game.mrx_moves(state.legal_moves(MRX)[0], "menu")  # the menu becomes his receipt: his board, new
    assert list(menu.files) == ["mrx-board.png"] and menu.files["mrx-board.png"] in game.pictures.private
    assert [e.get("image", {}).get("url") for e in menu.embeds] == ["attachment://mrx-board.png"]
    public_files = [name for m in fake.public_messages() for name in m.files]
    assert "close-up.png" in public_files  # the channel has its own close-up...
    assert not [name for name in public_files if name.startswith("mrx-")]  # ...and never his
    private = game.pictures.private
    assert not [m.id for m in fake.public_messages() if set(m.files.values()) & private]


@pytest.mark.asyncio
async def test_mr_x_with_closed_dms_gets_his_close_up_in_his_private_board_answer(game: Game) -> None:
    w, fake = game.world, game.fake
    w.dave.refuses_dms = True
    await game.open(seed=4, mrx=w.dave, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    board = await game.reply(w.dave, "board")
    assert board.kind == "ephemeral" and board.recipient is w.dave
    assert set(board.files) == {"mrx-close-up.png", "mrx-board.png"}
    assert [e.get("image", {}).get("url") for e in board.embeds] == ["attachment://mrx-board.png"]
    assert board.files["mrx-close-up.png"] == render_mrx_zoom(state.mrx_view())
    theirs = await game.reply(w.carol, "board")  # a detective's answer: the public board only
    assert set(theirs.files) == {"board.png"} and not set(theirs.files.values()) & game.pictures.private
    game.check_secrecy(state)


@pytest.mark.asyncio
async def test_in_the_dice_game_his_prompts_carry_his_close_up_when_his_choices_fit_one(dice: DiceGame) -> None:
    w = dice.world
    await dice.open(rules="dice", seed=3, mrx=w.bob, detectives=(w.carol,))
    await dice.start()
    await dice.play_dice()
    prompts = [[a.filename for a in first["attachments"]] if m.history else list(m.files)
               for m in dice.fake.dm_messages(w.bob) for first in (m.history[:1] or [{}])]
    prompts = [names for names in prompts if "mrx-board.png" in names]
    with_close_up = [names for names in prompts if "mrx-close-up.png" in names]
    assert with_close_up and all(names[0] == "mrx-close-up.png" for names in with_close_up)
    assert "mrx_zoom" in dice.pictures.kinds
    private = dice.pictures.private
    assert not [m.id for m in dice.fake.public_messages() if set(m.files.values()) & private]
