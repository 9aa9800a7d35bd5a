"""Languages: the gettext catalogues, the rule that picks a reply's language, and the command-tree translator.

Message ids are the English sentences (the gettext convention); ``bot/locales/<lang>/LC_MESSAGES/bot.po`` holds the
translations. The ``.po`` files are compiled in memory when first needed (Babel), so a wheel, an editable install
and a checkout all work from the same source files, with no build step to forget.
"""

from __future__ import annotations

import contextlib
import gettext
import io
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator
from functools import lru_cache
from pathlib import Path

from bot.games.data import hunters_of

#: the languages the bot speaks; English is the source language (no catalogue)
ENGLISH = "en"
GERMAN = "de"
LANGUAGES = (ENGLISH, GERMAN)
#: a person's stored choice that means "follow my Discord language"
AUTO = "auto"

LOCALES = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "bot"


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=None)
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English: the identity, with English plural rules)."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    # Babel's catalogue modules only here, when a language other than English is first spoken: most processes
    # (the tools, a bot whose servers all speak English) never pay for their import.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path(language).open("rb") as source:
        catalog = read_po(source, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def language_of_locale(locale: object) -> str:
    """German for any ``de`` / ``de-*`` Discord locale, English for everything else (and for none)."""
    text = str(getattr(locale, "value", locale) or "").lower()
    return GERMAN if text == "de" or text.startswith("de-") or text.startswith("de_") else ENGLISH


def personal_language(choice: str | None, locale: object) -> str:
    """The language of a reply only one person sees: their own choice, else their Discord language."""
    if choice in LANGUAGES:
        return choice  # type: ignore[return-value]
    return language_of_locale(locale)


def game_language(game_choice: str | None, server_default: str | None, server_locale: object) -> str:
    """The language of a game's public posts: the game's own (set by the host), else the server default a manager
    chose, else the server's preferred locale."""
    for choice in (game_choice, server_default):
        if choice in LANGUAGES:
            return choice  # type: ignore[return-value]
    return language_of_locale(server_locale)


@dataclass(frozen=True)
class Speaker:
    """The gettext helpers bound to one language: ``t = speaker(lang); t._("Hello {name}").format(name=...)``."""

    language: str
    #: the board's word for the hunters ("detectives" or "agents", bot.games.data.HUNTERS)
    hunters: str = "detectives"

    @property
    def _catalogue(self) -> gettext.NullTranslations:
        return translations(self.language)

    def _said(self, text: str) -> str:
        if self.hunters == "agents":
            from .hunters import as_agents
            return as_agents(text, self.language)
        return text

    def _(self, message: str) -> str:
        return self._said(self._catalogue.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._said(self._catalogue.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return self._said(self._catalogue.pgettext(context, message))

    def on(self, board: object) -> "Speaker":
        """The same language with the words of ``board`` (a Board, or an installed board's name)."""
        hunters = getattr(board, "hunters", None) or hunters_of(board if isinstance(board, str) else None)
        return self if hunters == self.hunters else Speaker(self.language, hunters)


def speaker(language: str, board: object = None) -> Speaker:
    """The helpers of ``language``; with ``board`` (a Board or a board's name), in that board's words."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    plain = Speaker(language)
    return plain if board is None else plain.on(board)


#: English, the source language: what a text or picture speaks when nobody says otherwise
EN = Speaker(ENGLISH)


def N_(message: str) -> str:
    """Marks a string for extraction where it is translated later (a constant)."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks a string with its context (``pgettext``'s) for extraction where it is translated later."""
    return message


#: the language of the person the code is answering right now (set around each interaction, and
#: around a DM to Mr. X): what private menus and refusals speak
_READER: ContextVar[str] = ContextVar("reader_language", default=ENGLISH)


#: the hunters' word of the game the answer is about (set once the game is known)
_HUNTERS: ContextVar[str] = ContextVar("reader_hunters", default="detectives")


def reader() -> Speaker:
    """The gettext helpers of the person being answered now (English outside an answer), in the
    words of the game's board once :func:`reading_about` named it."""
    return Speaker(_READER.get(), _HUNTERS.get())


def reading_about(board: object) -> None:
    """The answer being written is about a game on ``board`` (a Board or a board's name): its private
    replies call the hunters as that board's rulebook does. Lasts for the rest of the interaction's task."""
    _HUNTERS.set(speaker(ENGLISH, board).hunters)


@contextlib.contextmanager
def reading(language: str) -> Iterator[Speaker]:
    """Answer one person in ``language`` inside the block."""
    token = _READER.set(language if language in LANGUAGES else ENGLISH)
    try:
        yield reader()
    finally:
        _READER.reset(token)
