"""Errors a player can cause. Each carries a sentence a player can read.

No message here may name Mr. X's hidden station: messages are built only from what the
player who acted already knows (their own pawn, the station they asked for, their tickets).
"""

from __future__ import annotations


def quoted(text: object, limit: int = 40) -> str:
    """What a player typed, quoted for an answer and cut short: an answer never echoes it unbounded."""
    text = str(text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return repr(text)


class GameError(Exception):
    """Base class for every refusal of the rules engine.

    ``message`` is an English sentence; with ``params`` it is a template (``"Station {station} is
    taken."``) whose English id the catalogue translates, so the bot can say it in the reader's
    language (:meth:`said_in`). ``.message`` is always the finished English sentence."""

    def __init__(self, message: str, **params: object) -> None:
        text = message.format(**params) if params else message
        super().__init__(text)
        self.message = text
        self.template = message
        self.params = params

    def said_in(self, tr) -> str:
        """The sentence in ``tr``'s language (a gettext Speaker)."""
        template = tr._(self.template)
        # words in the values that the catalogue knows (a pawn's colour, "Mr. X") are said in kind, and
        # a value that can say itself (a wait, bot.i18n.names.Span) does
        params = {k: v.said_in(tr) if hasattr(v, "said_in") else tr._(v) if isinstance(v, str) and v else v
                  for k, v in self.params.items()}
        try:
            return template.format(**params) if params else template
        except (KeyError, IndexError, ValueError):  # a broken translation never hides the refusal
            return self.message


class Listed:
    """A list inside a refusal: ``a, b and c`` (or ``a or b``) in English in ``.message``; each item
    and the joining word in the reader's language in :meth:`GameError.said_in`."""

    def __init__(self, items, last: str = "and") -> None:
        self.items = tuple(str(i) for i in items)
        self.last = last

    def __str__(self) -> str:
        if len(self.items) <= 1:
            return "".join(self.items)
        return f"{', '.join(self.items[:-1])} {self.last} {self.items[-1]}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said_in(self, tr) -> str:
        items = [tr._(i) for i in self.items]
        if len(items) <= 1:
            return "".join(items)
        joined = tr._("{first} or {last}") if self.last == "or" else tr._("{first} and {last}")
        return joined.format(first=", ".join(items[:-1]), last=items[-1])


class BoardError(GameError):
    """A board file is broken; the message names the station or edge at fault."""


class RulesUnavailable(GameError):
    """The rule system exists but cannot be played (e.g. its board is missing)."""


class OptionUnavailable(GameError):
    """A rule option cannot be used with these rules or this board."""


class BadPlayerCount(GameError):
    """The number of people does not fit the rules."""


class GameOver(GameError):
    """The game has ended; nothing more can be played."""


class NotYourTurn(GameError):
    """The pawn is not the one (or not among those) to move now."""


class IllegalMove(GameError):
    """The move breaks a rule: not connected, wrong ticket, occupied station, ..."""


class NoTicket(IllegalMove):
    """The pawn has no ticket of the kind it wants to use."""


class StationOccupied(IllegalMove):
    """The target station is taken by another pawn that blocks it."""


class InvalidAction(GameError):
    """The action is malformed or not allowed in this game (e.g. a disabled option)."""


class BadRecord(GameError):
    """A game record or snapshot cannot be read."""
