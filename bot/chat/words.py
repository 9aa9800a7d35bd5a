"""The small words every family's messages share: stations, people, pawns, rules' titles, settings.

Stations are written in bold (``**54**``) everywhere, so readers (and the secrecy tests) can
tell a station from a round or a count.
"""

from __future__ import annotations

from typing import Iterable

from bot.games import computer_kind
from bot.games.views import PawnLookup
from bot.i18n import EN, N_, Speaker, names
from bot.service.models import Player

PAWN_EMOJI = {"red": "🔴", "blue": "🔵", "green": "🟢", "yellow": "🟡", "purple": "🟣", "black": "⚫", "white": "⚪"}
MRX_EMOJI = "🎩"
BOBBY_EMOJI = "👮"
COLOUR = 0x2B4C7E  # embeds: London blue
WIN_COLOUR = 0xC9A227


def one_line(exc: BaseException) -> str:
    """An error in one line, for a log or the runner's message: its text with the line breaks gone, else its
    kind."""
    return " ".join(str(exc).split()) or type(exc).__name__


# -- small words ---------------------------------------------------------------------------------


def station(number: int | None) -> str:
    return "?" if number is None else f"**{number}**"


def and_list(items: Iterable[str], tr: Speaker = EN) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``und`` in German)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return tr._("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def or_list(items: Iterable[str], tr: Speaker = EN) -> str:
    """``a``, ``a or b``, ``a, b or c`` (``oder`` in German)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return tr._("{first} or {last}").format(first=", ".join(items[:-1]), last=items[-1])


def waited(seconds: float, tr: Speaker = EN) -> str:
    """A wait in words a player reads at a glance: ``45 minutes``, ``25 h``, ``3 days 2 h``."""
    return names.span(seconds, tr)


def mention(user_id: int, tr: Speaker = EN) -> str:
    """A person as Discord shows them (``<@id>``); a computer player by its kind: ``🤖 Computer (hard)``."""
    kind = computer_kind(user_id)
    if kind is not None:
        return names.computer_name(kind, tr)
    return f"<@{user_id}>"


def pawn_emoji(role: str, colour: str) -> str:
    if role == "mrx":
        return MRX_EMOJI
    if role == "bobby":
        return BOBBY_EMOJI
    return PAWN_EMOJI.get(colour, "⚪")


def pawn_label(view: PawnLookup, pawn: str, tr: Speaker = EN) -> str:
    """``Red``, ``Bobby 1``, ``Mr. X`` in the reader's language (``Rot``, ``Bobby 1``, ``Mister X``)."""
    return names.pawn_label(view.pawn(pawn), tr)


def pawn_name(view: PawnLookup, pawn: str, tr: Speaker = EN) -> str:
    p = view.pawn(pawn)
    return f"{pawn_emoji(p.role, p.colour)} {pawn_label(view, pawn, tr)}"


def owners_of(players: Iterable[Player]) -> dict[str, list[int]]:
    """pawn -> the people who move it (bobbies: every detective player)."""
    found: dict[str, list[int]] = {}
    for player in players:
        if player.status != "playing":
            continue
        for pawn in player.pawns:
            found.setdefault(pawn, []).append(player.user_id)
    return found


def role_word(role: str | None, tr: Speaker = EN) -> str:
    return {"mrx": f"{MRX_EMOJI} " + tr._("Mr. X"), "detective": "🕵️ " + tr._("detective")}.get(
        role or "", tr._("either role"))


def rules_title(name: str, tr: Speaker = EN) -> str:
    return names.rules_title(name, tr)


def settings_words(settings, tr: Speaker = EN) -> str:
    """``reminders after 12 h, deadline 48 h, tracker on, posts in English, at most 14 days away per player`` (game
    or server settings)."""
    def hours(h: float | None) -> str:
        return tr._("off") if h is None else tr._("{n} h").format(n=f"{h:g}")
    language = {"de": "Deutsch", "en": "English"}.get(settings.language or "", tr._("the server's language"))
    return tr._("reminders after {reminders}, deadline {deadline}, tracker {tracker}, posts in {language}, "
                "at most {away} days away per player").format(
        reminders=hours(settings.reminder_hours), deadline=hours(settings.deadline_hours),
        tracker=tr._("on") if settings.tracker else tr._("off"), language=language,
        away=f"{settings.away_days:g}")


# -- reference -----------------------------------------------------------------------------------


DMS_CLOSED = N_(
    "⚠️ {who}, I can't send you direct messages. To get Mr. X's moves by DM, allow direct messages "
    "from members of this server (server name ▸ Privacy Settings ▸ Direct Messages). Until then you can "
    "play from this channel: `/sy move` and `/sy status` answer you privately."
)
DATABASE_GONE = N_("⛔ I can't record moves right now: my game database is unavailable, so nothing was changed. "
                   "The bot's operator has been told; please try again later.")
DATABASE_UNSURE = N_("⛔ My game database went away just as I was recording that, and I could not find out whether it "
                     "was kept. `/sy status` shows where the game stands once it is back; only then try again.")
APOLOGY = N_("Sorry, something went wrong on my side. Please try again in a moment; `/sy status` shows where the "
             "game stands.")
