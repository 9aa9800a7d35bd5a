"""The pages as HTML: everything a reader needs without JavaScript (the round's picture, whose turn it is, the
logbook, the rounds as links), with the script that draws the live board on top. No inline script or style: the
Content-Security-Policy allows only the bot's own files."""

from __future__ import annotations

from html import escape
from typing import Any

from bot.i18n import speaker

from .static import asset


def _head(title: str, language: str) -> str:
    return (f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            '<meta name="referrer" content="no-referrer">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="{asset("page.css")}">'
            f'<script src="{asset("page.js")}" defer></script></head>')


def _turn(view: dict[str, Any], words: dict[str, str], players: dict[str, str]) -> str:
    if view["over"]:
        return escape(view.get("outcome") or words["over"])
    who = []
    for pawn in view["pawns"]:
        if pawn["id"] in view["to_move"]:
            names = [players.get(str(s)) for s in pawn["seats"] if players.get(str(s))]
            who.append(pawn["label"] + (f" ({', '.join(names)})" if names else ""))
    return escape(words["turn"].format(who=", ".join(who))) if who else ""


def _logbook(view: dict[str, Any], tickets: dict[str, Any], words: dict[str, str]) -> str:
    items = []
    for entry in view["logbook"]:
        name = tickets.get(entry["ticket"], {}).get("name", entry["ticket"])
        where = str(entry["station"]) if entry["station"] is not None else "?"
        mark = " ★" if entry["reveal"] or entry.get("surfaced") else ""
        items.append(f'<li class="t-{escape(entry["ticket"])}" title="{escape(words["entry"].format(n=entry["number"]))}">'
                     f'<span class="num">{entry["number"]}</span><span class="chip">{escape(name)}</span>'
                     f'<span class="at">{escape(where)}{mark}</span></li>')
    return f'<ol id="logbook" class="logbook">{"".join(items)}</ol>'


def public_page(document: dict[str, Any], board: dict[str, Any], title: str, token: str) -> str:
    """The public page of one game at one round (the document of ``PageData.view``)."""
    words, view, language = document["words"], document["view"], document["language"]
    players = document["players"]
    shown, rounds = document["shown"], document["rounds"]
    heading = words["start"] if shown == 0 else (words["round"] if shown == rounds else words["after_round"]).format(n=shown)
    pawns = "".join(
        f'<li><span class="dot" data-colour="{escape(p["colour"])}"></span>{escape(p["label"])}'
        f'{" (" + escape(", ".join(players[str(s)] for s in p["seats"] if str(s) in players)) + ")" if p["seats"] else ""}'
        f': {escape(str(p["station"]) if p["station"] is not None else words["hidden"])}</li>'
        for p in view["pawns"])
    links = " ".join(f'<a href="?round={r}&amp;lang={language}"{" aria-current=page" if r == shown else ""}>{r}</a>'
                     for r in range(0, rounds + 1))
    picture = f'?round={shown}&amp;lang={language}'
    return (_head(f"{title} · {heading}", language)
            + f'<body data-page="public" data-lang="{language}" data-round="{shown}">'
            + f'<header><h1>{escape(title)}</h1><p id="heading">{escape(heading)}</p>'
            + f'<p id="turn">{_turn(view, words, players)}</p><p id="status" class="status"></p></header>'
            + '<main><div id="board" class="board">'
            + f'<noscript><img src="{escape(token)}/board.png{picture}" alt="{escape(heading)}" '
              'width="390"></noscript></div>'
            + '<div id="controls" class="controls" hidden></div>'
            + f'<section><h2>{escape(words["logbook"])}</h2>{_logbook(view, board["tickets"], words)}</section>'
            + f'<section><h2>{escape(words["pawns"])}</h2><ul id="pawns">{pawns}</ul></section>'
            + f'<nav class="rounds">{links}</nav></main></body></html>')


def mrx_page(document: dict[str, Any], board: dict[str, Any], title: str) -> str:
    """Mr. X's own page: his station, where each ticket takes him, his logbook."""
    words, secret, view, language = document["words"], document["secret"], document["view"], document["language"]
    tickets = board["tickets"]
    by_ticket: dict[str, list[str]] = {}
    for station, names in secret["reachable"].items():
        for ticket in names:
            by_ticket.setdefault(ticket, []).append(station)
    rows = "".join(f'<li class="t-{escape(t)}"><b>{escape(tickets.get(t, {}).get("name", t))}</b> '
                   f'({secret["tickets"].get(t, "∞") if secret["tickets"].get(t) is not None else "∞"}): '
                   f'{escape(", ".join(s))}</li>' for t, s in by_ticket.items())
    reach = f'<ul id="reach">{rows}</ul>' if rows else f'<p>{escape(words["nowhere"])}</p>'
    double = f'<p>{escape(words["double"])}</p>' if secret["can_double"] else ""
    return (_head(f"{title} · Mr. X", language)
            + f'<body data-page="mrx" data-lang="{language}">'
            + f'<header><h1>{escape(title)}</h1><p class="warn">{escape(words["mrx_page"])}</p>'
            + f'<p id="station">{escape(words["your_station"].format(station=secret["station"]))}</p></header>'
            + '<main><div id="board" class="board"></div>'
            + f'<section><h2>{escape(words["reach_later" if secret.get("waiting") else "reach"])}</h2>{reach}{double}'
            + '</section>'
            + f'<section><h2>{escape(words["logbook"])}</h2>{_logbook(view, tickets, words)}</section>'
            + '</main></body></html>')


def refusal(status: int, language: str = "en") -> str:
    tr = speaker(language)
    text = {404: tr._("There is no such page."), 429: tr._("Too many requests: wait a moment and try again."),
            403: tr._("This link is not yours to use.")}.get(status, tr._("That did not work."))
    return f'<!doctype html><html lang="{language}"><head><meta charset="utf-8"><title>{escape(text)}</title></head><body><p>{escape(text)}</p></body></html>'
