"""Where a post's seal line goes: with Mr. X's move, before the call to act."""

from bot.chat.seals import sealed_line, with_line
from bot.i18n import speaker


def test_the_seal_sits_under_mr_x_lines_and_above_the_call_to_act() -> None:
    seal = sealed_line([[3, "9cb531" + "0" * 58], [4, "1c34ed" + "0" * 58]], speaker("en"))
    assert seal == "🔒 Sealed: 3 `9cb531` · 4 `1c34ed`"
    post = "🎩 Mr. X, move 3: taxi.\n🎩 Mr. X, move 4: black.\n➡️ Next: Red."
    assert with_line(post, seal, under_mrx=True).split("\n") == [
        "🎩 Mr. X, move 3: taxi.", "🎩 Mr. X, move 4: black.", seal, "➡️ Next: Red."]
    assert with_line("🎲 Red rolls\n➡️ pick a die", seal, under_mrx=True).split("\n")[1] == seal
    assert with_line(None, seal) == seal and with_line("post", None) == "post"
    assert sealed_line([], speaker("en")) is None
    start = sealed_line([[0, "11c69e" + "0" * 58]], speaker("de"))
    assert start.startswith("🔒 Der Start von Mister X ist versiegelt: `11c69e`")
