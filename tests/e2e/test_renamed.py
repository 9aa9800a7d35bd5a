"""Commands that moved out of ``/sy`` (to ``/sy-host`` and ``/sy-me``) still answer under their old names for a
release, do the same job, and point to the new name: in English and in German."""

from __future__ import annotations

import pytest

from bot.chat.renamed import RENAMED

from tests.e2e.helpers import Game


@pytest.mark.asyncio
async def test_every_old_name_is_still_synced_under_sy_and_says_where_it_went(game: Game) -> None:
    synced = {c["name"]: c for c in game.fake.commands()}
    sy = {o["name"]: o for o in synced["sy"]["options"]}
    for old, (top, name) in RENAMED.items():
        new = next(o for o in synced[top]["options"] if o["name"] == name)
        assert sy[old]["description"].startswith(f"Old name of /{top} {name}"), sy[old]["description"]
        assert sy[old]["description_localizations"]["de"].startswith("Alter Name von /sy-")
        assert sy[old].get("options") == new.get("options")  # the same options: a habit still fits
    de = {old: sy[old]["description_localizations"]["de"] for old in RENAMED}
    assert de["settings"] == "Alter Name von /sy-leitung einstellungen (bis zur nächsten Version)"
    assert de["language"] == "Alter Name von /sy-ich sprache (bis zur nächsten Version)"


@pytest.mark.asyncio
async def test_an_old_name_does_the_job_then_points_to_the_new_one(game: Game) -> None:
    w, fake = game.world, game.fake
    await game.open(seed=5, mrx=w.bob, detectives=(w.carol,))
    handle = await fake.slash(w.alice, w.channel, "sy", "settings", {"reminder_hours": 3.0})
    await fake.wait_until(lambda: len(handle.answers) >= 2, timeout=5)
    done, pointer = handle.answers[:2]
    assert done.kind == "channel" and done.text.startswith("⚙️ Game #"), done.text
    assert (await game.service.settings(game.game_id)).reminder_hours == 3.0
    assert pointer.kind == "ephemeral"
    assert pointer.text == "ℹ️ `/sy settings` is now `/sy-host settings`; the old name works until the next release."

    # The old /sy addbot still seats a computer in the lobby; a German client reads the pointer in German.
    handle = await fake.slash(w.alice, w.channel, "sy", "addbot", {"role": "detective", "level": "easy"},
                              locale="de")
    await fake.wait_until(lambda: len(handle.answers) >= 2, timeout=5)
    await game.settle()
    assert len(await game.service.players(game.game_id)) == 4  # Alice, Bob, Carol and the computer
    assert handle.answers[-1].text == ("ℹ️ `/sy computer-setzen` heißt jetzt `/sy-leitung computer-setzen`; "
                                       "der alte Name geht noch bis zur nächsten Version.")

    # The new name answers once, without a pointer.
    handle = await fake.slash(w.alice, w.channel, "sy-host", "settings", {"reminder_hours": 4.0})
    await handle.wait_reply(timeout=5)
    await game.settle()
    assert len(handle.answers) == 1 and "is now" not in handle.answers[0].text


@pytest.mark.asyncio
async def test_the_old_language_command_keeps_the_choice_and_points_to_sy_me(game: Game) -> None:
    w, fake = game.world, game.fake
    handle = await fake.slash(w.dave, "dm", "sy", "language", {"language": "de"})
    await fake.wait_until(lambda: len(handle.answers) >= 2, timeout=5)
    assert handle.answers[0].text == "🌐 Ich antworte dir auf Deutsch."
    assert await game.service.user_language(w.dave.id) == "de"
    assert handle.answers[1].text == ("ℹ️ `/sy sprache` heißt jetzt `/sy-ich sprache`; "
                                      "der alte Name geht noch bis zur nächsten Version.")
