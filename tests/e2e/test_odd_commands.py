"""Every slash command, with options that make no sense for the game's family (or at this moment), against a
running London game and a running dice game: each gets an answer (never silence), none the apology, and no
error is logged. Commands added later must be added to ODD, or the test fails."""

from __future__ import annotations

import logging

import pytest

from bot.chat.commands import all_commands
from bot.chat.renamed import RENAMED
from bot.chat.words import APOLOGY
from bot.games.london.engine import MRX
from bot.i18n import GERMAN, speaker
from bot.service.models import RUNNING

from tests.e2e.dice_helpers import DiceGame
from tests.e2e.helpers import Game


def odd_calls(table: Game, detective, other_game: int) -> dict[str, list[tuple]]:
    """command -> [(who, options, where)]; ``where`` None: the game's channel, "dm": the caller's DMs."""
    w = table.world
    x = table.mrx_user
    calls = {
        "new": [(w.carol, {"rules": "dice"}, None), (w.carol, {"rules": "classic", "seed": -5}, "dm")],
        "join": [(w.dave, {"role": "mrx"}, None), (detective, {"role": "detective"}, None)],
        "leave": [(detective, {}, None)],
        "addbot": [(w.alice, {"role": "mrx", "level": "hard"}, None), (w.dave, {}, None)],
        "removebot": [(w.alice, {"role": "mrx"}, None)],
        "start": [(w.alice, {}, None)],
        "move": [
            (detective, {"to": 1, "ticket": "taxi", "then_to": 2, "then_ticket": "bus"}, None),
            (detective, {"to": 1, "die": "helicopter"}, None),
            (detective, {"to": -4, "ticket": "x" * 40, "pawn": "mrx"}, None),
            (x, {"to": 999999, "ticket": "underground", "then_ticket": "taxi"}, "dm"),
            (x, {"to": 1, "die": "black", "then_to": 1, "then_ticket": "pass"}, "dm"),
            (x, {"to": 1, "game": other_game}, "dm"),
            (w.dave, {"to": 1}, None),
        ],
        "trade": [(detective, {"to": "mrx", "ticket": "taxi"}, None), (detective, {"to": "nobody", "ticket": "die"},
                                                                         None),
                  (x, {"to": "red", "ticket": "black"}, None)],
        "surface": [(x, {"take": "taxi"}, "dm"), (x, {"take": "helicopter", "game": other_game}, "dm"),
                    (detective, {}, None)],
        "resign": [(w.dave, {}, None), (detective, {"game": other_game}, None)],
        "takeback": [(w.dave, {}, None), (detective, {"game": other_game}, None), (x, {}, "dm"), (detective, {}, None)],
        "board": [(detective, {"tracker": True, "game": other_game}, None), (x, {"tracker": True}, "dm")],
        "log": [(detective, {"game": other_game}, None), (w.dave, {}, "dm")],
        "games": [(w.dave, {}, None)],
        "status": [(detective, {"game": other_game}, None), (w.dave, {}, "dm")],
        "rules": [(detective, {"rules": "dice"}, None), (detective, {"rules": "sanssouci"}, None)],
        "help": [(w.dave, {}, "dm"), (detective, {}, None)],
        "language": [(detective, {"language": "de"}, None)],
        "cancel": [(detective, {}, None)],
        "replace": [(w.alice, {"old": w.dave, "new": w.dave}, None), (detective, {"old": x, "new": w.dave}, None)],
        "settings": [(w.alice, {"rules": "dice", "thread": True}, None),
                     (w.alice, {"deadline_hours": 1e12}, None), (w.dave, {"scope": "server", "rules": "classic"},
                                                                None),
                     (w.alice, {"scope": "server", "takebacks": False}, None)],
        "export": [(detective, {}, None), (detective, {"game": other_game}, None)],
        "verify": [(detective, {}, None), (w.dave, {"game": other_game}, "dm")],
        "stats": [(w.dave, {"user": x}, None)],
        "leaderboard": [(w.dave, {"show": True}, None)],
        "sy-me away": [(detective, {"days": 400}, None), (detective, {"days": 1, "game": other_game}, None),
                       (w.dave, {"days": 0.5, "reason": "x" * 100}, "dm")],
        "sy-me back": [(w.dave, {}, "dm"), (detective, {"game": other_game}, None)],
        "sy-me notices": [(w.dave, {}, "dm")],
        "sy-me quiet": [(detective, {"from": "xx"}, None), (w.dave, {"timezone": "Nowhere/Else"}, "dm"),
                        (w.dave, {"from": "22", "until": "22", "timezone": "UTC"}, "dm")],
        "sy-host pause": [(detective, {"reason": "x" * 100}, None), (w.dave, {}, None)],
        "sy-host resume": [(detective, {}, None)],
    }
    # the commands that moved out of /sy: the same odd calls under the new name (and the old one)
    calls.update({" ".join(new): calls[old] for old, new in RENAMED.items()})
    return calls


def command_names() -> set[str]:
    """Every command: ``/sy``'s by their name, the other top-level commands' as ``"sy-host settings"``."""
    return {c.qualified_name.removeprefix("sy ") for top in all_commands() for c in top.walk_commands()}


async def every_odd_call_is_answered(table: Game, detective, caplog) -> None:
    calls = odd_calls(table, detective, table.game_id + 50)
    assert set(calls) == command_names()
    silent, apologies = [], []
    with caplog.at_level(logging.ERROR):
        for sub, tries in calls.items():
            for who, options, where in tries:
                channel = table.world.channel if where is None else where
                command, name = sub.split(" ", 1) if " " in sub else ("sy", sub)
                handle = await table.fake.slash(who, channel, command, name, options)
                answer = await handle.wait_outcome(timeout=5)
                await table.settle()
                if answer is None:
                    silent.append((sub, options))
                elif any(sorry[:25] in answer.text for sorry in (APOLOGY, speaker(GERMAN)._(APOLOGY))):
                    apologies.append((sub, options, answer.text))
    assert apologies == [] and silent == []
    assert (await table.service.get_game(table.game_id)).status == RUNNING  # the calls changed nothing big
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


@pytest.mark.asyncio
async def test_every_command_with_odd_options_in_a_london_game_gets_an_answer(game: Game, caplog) -> None:
    w = game.world
    await game.open(seed=4, mrx=w.bob, detectives=(w.carol,))
    await game.start()
    state = await game.truth()
    await game.mrx_moves(state.legal_moves(MRX)[0], "dm")
    await every_odd_call_is_answered(game, await non_host_detective(game), caplog)


@pytest.mark.asyncio
async def test_every_command_with_odd_options_in_a_dice_game_gets_an_answer(dice: DiceGame, caplog) -> None:
    w = dice.world
    await dice.open(rules="dice", seed=3, mrx=w.bob, detectives=(w.carol,))
    await dice.start()
    state = await dice.play_dice(until=lambda s: s.awaiting == "move")
    roller = await dice.owner(state.to_move()[0])
    answer = await dice.reply(roller, "trade", {"to": "blue", "ticket": "taxi"})
    assert answer.kind == "ephemeral" and "no trading" in answer.text, answer.text
    await dice.reply(roller, "sy-me language", {"language": "de"})
    answer = await dice.reply(roller, "trade", {"to": "blue", "ticket": "taxi"})
    assert answer.kind == "ephemeral" and "nicht getauscht" in answer.text, answer.text
    assert (await dice.truth()).snapshot() == state.snapshot()
    await every_odd_call_is_answered(dice, await non_host_detective(dice), caplog)


async def non_host_detective(table: Game):
    """A detective who does not host: the odd calls must not end the game (a host's /sy cancel would)."""
    players = await table.service.players(table.game_id)
    host = (await table.service.get_game(table.game_id)).host_id
    uid = next(p.user_id for p in players if p.role != "mrx" and p.user_id != host)
    w = table.world
    return next(u for u in (w.alice, w.bob, w.carol, w.dave) if u.id == uid)
