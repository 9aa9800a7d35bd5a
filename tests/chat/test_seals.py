"""The proof as a post shows it: one short seal with Mr. X's move, before the call to act; the key commitment in the
lobby's and the start post's footer; the key in a field after the result."""

import discord

from bot.chat.seals import add_key, lobby_footer, seal_line, start_embed, start_footer, with_line
from bot.i18n import speaker

CHAIN = "1f2e3d4c5b6a7980" + "0" * 48
COMMITMENT = "ab" * 32


def test_one_short_seal_sits_under_mr_x_lines_and_above_the_call_to_act() -> None:
    seal = seal_line({"sealed": [[3, "9cb531" + "0" * 58], [4, "1c34ed" + "0" * 58]], "seal": CHAIN})
    assert seal == "🔒 `1f2e3d4c5b6a7980`"  # a double move: one seal, the chain after both entries (64 bits)
    post = "🎩 Mr. X, move 3: taxi.\n🎩 Mr. X, move 4: black.\n➡️ Next: Red."
    assert with_line(post, seal, under_mrx=True).split("\n") == [
        "🎩 Mr. X, move 3: taxi.", "🎩 Mr. X, move 4: black.", seal, "➡️ Next: Red."]
    assert with_line("🎲 Red rolls\n➡️ pick a die", seal, under_mrx=True).split("\n")[1] == seal
    assert with_line(None, seal) == seal and with_line("post", None) == "post"
    assert seal_line({}) is None and seal_line({"sealed": []}) is None


def test_a_game_of_sy_commit_1_keeps_its_short_seals() -> None:
    assert seal_line({"sealed": [[3, "9cb531" + "0" * 58], [4, "1c34ed" + "0" * 58]]}) == "🔒 `9cb531` `1c34ed`"
    assert start_footer({"sealed": [[0, "11c69e" + "0" * 58]]}, None, speaker("en")) == \
        "Mr. X's start is sealed: `11c69e`"


def test_the_key_commitment_goes_in_the_footers() -> None:
    en, de = speaker("en"), speaker("de")
    assert lobby_footer("Game #1 · /sy join works too", COMMITMENT, en) == \
        f"Game #1 · /sy join works too\n🔒 Key commitment: {COMMITMENT}"
    assert lobby_footer("Game #1", None, en) == "Game #1"
    # the start repeats it; Mr. X's start needs no seal of its own there (the key draws it, his first move seals it)
    assert start_footer({"sealed": [[0, "x" * 64]], "seal": CHAIN}, COMMITMENT, en) == f"🔒 Key commitment: {COMMITMENT}"
    assert start_footer({}, COMMITMENT, de) == f"🔒 Schlüsselsiegel: {COMMITMENT}"
    embed = start_embed({}, COMMITMENT, en)
    assert embed.footer.text == f"🔒 Key commitment: {COMMITMENT}" and not embed.description
    assert start_embed({}, None, en) is None


def test_the_key_follows_the_result_in_a_field() -> None:
    embed = discord.Embed(title="🏆 Mr. X wins!", description="He escaped.")
    add_key(embed, "cd" * 32, speaker("en"))
    (field,) = embed.fields
    assert field.name == "🔑 Key" and field.value == f"`{'cd' * 32}`"
    add_key(embed, None, speaker("en"))
    assert len(embed.fields) == 1
