"""The pages' own words, in English and German (the catalogues of :mod:`bot.i18n`): the page's script gets them in
its document, the server writes them into the pages it sends."""

from __future__ import annotations

from functools import lru_cache

from bot.i18n import LANGUAGES, N_, speaker

#: what the page's script writes, by key
WORDS = {
    "round": N_("Round {n}"),
    "after_round": N_("After round {n}"),
    "start": N_("The start"),
    "turn": N_("To move: {who}"),
    "over": N_("The game is over."),
    "possible": N_("Where Mr. X may be"),
    "possible_count": N_("Mr. X may be at {n} stations."),
    "shown": N_("Mr. X was seen at {station}."),
    "logbook": N_("Mr. X's logbook"),
    "pawns": N_("Pawns"),
    "replay": N_("Replay"),
    "route": N_("Mr. X's route"),
    "live": N_("live"),
    "offline": N_("reconnecting…"),
    "next_reveal": N_("He shows himself next after entry {n}."),
    "hidden": N_("hidden"),
    "entry": N_("Entry {n}"),
    "zoom": N_("Pinch or scroll to zoom, drag to move."),
    "your_station": N_("You are at {station}."),
    "reach": N_("Where each ticket takes you"),
    "reach_later": N_("Where each ticket would take you now (it is not your turn yet)"),
    "nowhere": N_("No ticket takes you anywhere now."),
    "mrx_page": N_("Mr. X's own page: keep this link to yourself."),
    "double": N_("You may play a double move."),
    "tickets": N_("Tickets"),
}


@lru_cache(maxsize=len(LANGUAGES))
def page_words(language: str) -> dict[str, str]:
    tr = speaker(language)
    return {key: tr._(text) for key, text in WORDS.items()}


def choose_language(asked: str | None, accept: str, game_language: str) -> str:
    """The page's language: the one asked for (``?lang=``), else the browser's first of ours, else the game's."""
    if asked in LANGUAGES:
        return asked  # type: ignore[return-value]
    for part in accept.split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return game_language if game_language in LANGUAGES else "en"
