"""Every select the bot posts, sent values it never offered (a modified client sends any string: garbage,
another game's number, a station or ride not on offer): a short private refusal, never silence nor the
apology, and nothing changes (the game's version, the public posts, the menu itself)."""

from __future__ import annotations

import pytest

from bot.chat.words import APOLOGY
from bot.games.dice.engine import MRX as DICE_MRX
from bot.games.london.engine import MRX

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import Game

REFUSAL = "not one of the menu's choices"


def offered(message, custom_id: str) -> set[str]:
    return {o["value"] for o in message.find_component(custom_id)["options"]}


def not_offered(message, custom_id: str, *shapes: str) -> list[str]:
    """Garbage, another game's number, and values shaped like the offered ones but not among them."""
    values = ["garbage", "9" * 12, "", "x" * 120, *shapes]
    return [v for v in dict.fromkeys(values) if v not in offered(message, custom_id)]


def station_off_offer(message, custom_id: str) -> int:
    taken = {int(v.split(":")[0]) for v in offered(message, custom_id) if v.split(":")[0].isdigit()}
    return next(s for s in range(1, 500) if s not in taken)


async def forged(table: Game, user, message, custom_id: str, values: list[str], many: bool = False) -> None:
    """Send each value (all at once too, for a select of several) and check the refusal and that nothing moved."""
    fake = table.fake
    assert custom_id in message.custom_ids, (custom_id, message.custom_ids)
    tries = [[v] for v in values] + ([sorted(offered(message, custom_id))[:1] + values[:1]] if many else [])
    strict, fake.strict = fake.strict, False  # the fake would refuse what Discord's own client never sends
    try:
        for picked in tries:
            info = await table.service.get_game(table.game_id)
            public = len(fake.public_messages())
            before = (message.content, message.custom_ids, message.deleted)
            handle = await fake.select(user, message, custom_id, picked)
            answer = await handle.wait_reply(timeout=5)
            await table.settle()
            assert answer.kind == "ephemeral" and answer.recipient is user, (custom_id, picked, answer.text)
            assert REFUSAL in answer.text, (custom_id, picked, answer.text)
            assert APOLOGY[:20] not in answer.text and len(answer.text) < 200
            after = await table.service.get_game(table.game_id)
            assert (after.version, after.options) == (info.version, info.options), (custom_id, picked)
            assert len(fake.public_messages()) == public
            assert (message.content, message.custom_ids, message.deleted) == before
    finally:
        fake.strict = strict


async def forged_lobby(table: Game, rules: str, seed: int):
    """The lobby's selects (the host's variants and computer players), forged; returns the lobby and its
    variants' select."""
    w = table.world
    lobby = await table.open(rules=rules, seed=seed, mrx=w.bob, detectives=(w.carol,))
    variants, bots = f"sy:variants:{table.game_id}", f"sy:bots:{table.game_id}"
    await forged(table, w.alice, lobby, variants, not_offered(lobby, variants, "Expert", "triple_move2",
                                                              str(table.game_id)), many=True)
    await forged(table, w.alice, lobby, bots, not_offered(lobby, bots, "mrx:impossible", "detective:", "remove2"))
    return lobby, variants


@pytest.mark.asyncio
async def test_every_london_select_refuses_a_value_it_never_offered(game: Game) -> None:
    w = game.world
    lobby, variants = await forged_lobby(game, "sanssouci", seed=6)
    gid = game.game_id
    await game.select(w.alice, lobby, variants, ["triple_move"])
    await game.start()
    # Mr. X's DM menu: the first ride, the second of a double move, the third of a triple move.
    await game.play(ways=("dm",), until=lambda s: s.to_move() == [MRX] and s.can_triple() and s.round > 1)
    state = await game.truth()
    first = state.legal_moves(MRX)[0]
    second = next(s for s in state.second_moves(first) if state.third_moves(first, s))
    menu, user, base = game.prompt(), game.mrx_user, f"{gid}:{state.round}"
    where = f"sy:xto:{base}"
    await forged(game, user, menu, where, not_offered(menu, where, str(station_off_offer(menu, where)),
                                                      str(state.mrx_station), f"{first.to}:{first.ticket}"))
    await game.select(user, menu, where, [str(first.to)])
    await game.click(user, menu, f"sy:xdbl:{base}:{first.to}:{first.ticket}")
    then = f"sy:xto:{base}:{first.to}:{first.ticket}"
    await forged(game, user, menu, then, not_offered(menu, then, str(station_off_offer(menu, then))))
    await game.select(user, menu, then, [str(second.to)])
    await game.click(user, menu, f"sy:xtri:{base}:{first.to}:{first.ticket}:{second.to}:{second.ticket}")
    third = next(c for c in menu.custom_ids if c.startswith("sy:xthird:"))
    await forged(game, user, menu, third, not_offered(menu, third, f"{station_off_offer(menu, third)}:taxi",
                                                      "12:rocket", "12"))
    assert (await game.truth()).snapshot() == state.snapshot()
    # A detective's menu: which pawn (Carol moves every agent), then where.
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    state = await game.truth()
    user = await game.owner(state.to_move()[0])
    handle = await game.fake.click(user, game.move_post(), f"sy:dmove:{gid}")
    menu = await handle.wait_reply(timeout=5)
    await game.settle()
    base = f"{gid}:{state.round}"
    pawns = f"sy:dpawn:{base}"
    if pawns in menu.custom_ids:
        await forged(game, user, menu, pawns, not_offered(menu, pawns, "mrx", "nobody", "none"))
        await game.select(user, menu, pawns, [sorted(offered(menu, pawns))[0]])
    where = next(c for c in menu.custom_ids if c.startswith(f"sy:dto:{base}:"))
    await forged(game, user, menu, where, not_offered(menu, where, str(station_off_offer(menu, where)),
                                                      str(state.mrx_station), "0", "-3"))
    assert (await game.truth()).snapshot() == state.snapshot()


@pytest.mark.asyncio
async def test_every_dice_select_refuses_a_value_it_never_offered(dice: DiceGame) -> None:
    await forged_lobby(dice, "dice", seed=3)
    gid = dice.game_id
    await dice.start()
    # A detective's start, in the channel.
    state = await dice.truth()
    pawn = state.to_move()[0]
    post = dice.channel_post_with(f"sy:dice:start:{gid}:{pawn}:")
    start = next(c for c in post.custom_ids if c.startswith(f"sy:dice:start:{gid}:{pawn}:"))
    taken = station_off_offer(post, start)
    await forged(dice, await dice.owner(pawn), post, start, not_offered(post, start, str(taken), f"{pawn}:1:taxi"))
    # Mr. X's start, in his DM.
    state = await dice.play_dice(until=lambda s: s.to_move() == [DICE_MRX])
    menu = dice.dm_menu()
    start = next(c for c in menu.custom_ids if c.startswith(f"sy:dice:start:{gid}:mrx:"))
    await forged(dice, dice.mrx_user, menu, start, not_offered(menu, start, str(station_off_offer(menu, start)),
                                                               *(str(s) for s in state.positions.values())))
    # A detective's ride with a die.
    state = await dice.play_dice(until=lambda s: s.awaiting == "move" and bool(s.legal_moves()))
    post = dice.channel_post_with(f"sy:dice:go:{gid}:{state.round}:")
    ride = next(c for c in post.custom_ids if c.startswith(f"sy:dice:go:{gid}:{state.round}:"))
    pawn = state.to_move()[0]
    move = state.legal_moves(pawn)[0]
    await forged(dice, await dice.owner(pawn), post, ride, not_offered(
        post, ride, f"{pawn}:{move.to}:helicopter", f"{pawn}:{station_off_offer(post, ride)}:{move.die}",
        f"mrx:{move.to}:{move.die}", f"{pawn}:{move.to}", f"{pawn}:x:{move.die}", "::"))
    assert (await dice.truth()).snapshot() == state.snapshot()
    # Mr. X's ride, the first of his double move, and its second.
    state = await dice.play_dice(until=lambda s: s.awaiting == "mrx" and s.can_double()
                                 and any(s.second_moves(m) for m in s.legal_moves(DICE_MRX)))
    menu, user = dice.dm_menu(), dice.mrx_user
    go = f"sy:dice:x:{gid}:{state.round}:0"
    double = f"sy:dice:xd:{gid}:{state.round}:0"
    for select in (go, double):
        await forged(dice, user, menu, select, not_offered(menu, select, f"{station_off_offer(menu, select)}:black",
                                                           f"{state.mrx_station}:helicopter2", "5", "5:taxi:bus"))
    first = next(m for m in state.legal_moves(DICE_MRX) if state.second_moves(m))
    await dice.select(user, menu, dice.select_with(menu, f"sy:dice:xd:{gid}:{state.round}:", f"{first.to}:{first.ticket}"),
                      [f"{first.to}:{first.ticket}"])
    then = next(c for c in menu.custom_ids if c.startswith(f"sy:dice:xd2:{gid}:"))
    await forged(dice, user, menu, then, not_offered(menu, then, f"{station_off_offer(menu, then)}:taxi", "1:pass"))
    assert (await dice.truth()).snapshot() == state.snapshot()
