"""The London-style games' part of the slash commands: what ``/sy move``, ``/sy trade`` and ``/sy
surface`` offer while a player types (stations and tickets in the board's words), and what a
move's options mean (the ticket left out when only one reaches the station).

The chat layer finds the game, the mover and their view (Mr. X's own for him); these functions only
read the legal moves the engine lists in the views. The service refuses whatever does not fit.
"""

from __future__ import annotations

from typing import Any, Mapping

from discord import app_commands

from bot.games.errors import GameError
from bot.games.london.engine import MRX, PRESETS, Trade
from bot.i18n import EN, Speaker, reader

from bot.chat.replies import Refused
from bot.chat.words import station
from bot.games.london.presenter.board_words import destination_label, tickets_list
from bot.games.london.presenter.moves import detective_destinations, mrx_destinations, mrx_second_steps


def _matching(reach: Mapping[int, tuple[str, ...]], current: str, board,
              tr: Speaker | None = None) -> list[app_commands.Choice[int]]:
    typed = str(current or "").strip()
    return [app_commands.Choice(name=destination_label(s, t, board, tr or EN), value=s)
            for s, t in reach.items() if str(s).startswith(typed)][:25]


def _ticket_choices(board, tickets, current: str, language: str = "en") -> list[app_commands.Choice[str]]:
    """Autocomplete choices for tickets, in the board's words: "🚶 walking ticket" -> walk."""
    wanted = str(current or "").strip().lower()
    found = []
    for t in tickets:
        label = f"{board.ticket_emoji(t)} {board.ticket_name(t, language)}"
        if wanted in label.lower() or wanted in t:
            found.append(app_commands.Choice(name=label, value=t))
    return found[:25]


def _reach(view, pawn: str):
    """(board, {station: tickets}) for the mover's next ride."""
    if pawn == MRX:
        return view.public.board, mrx_destinations(view)
    return view.board, detective_destinations(view, pawn)


def choices(command: str, option: str, view, pawn: str, current: str, chosen: Mapping[str, Any],
            tr: Speaker) -> list[app_commands.Choice]:
    """Autocomplete of ``option`` of ``command`` for the mover ``pawn``; ``view`` is Mr. X's own for him,
    else the public view; ``chosen``: the options given so far (``to``, ``then_to``, ``ticket``)."""
    if command == "move" and option == "to":
        board, reach = _reach(view, pawn)
        return _matching(reach, current, board, tr)
    if command == "move" and option == "ticket":
        board, reach = _reach(view, pawn)
        to = chosen.get("to")
        tickets = reach.get(to, ()) if to is not None else tuple(dict.fromkeys(t for ts in reach.values() for t in ts))
        return _ticket_choices(board, tickets, current, tr.language)
    if command == "move" and option == "then_ticket":
        return _second_tickets(view, chosen.get("to"), chosen.get("then_to"), current, tr)
    if command == "move" and option == "then_to":
        return _second_stations(view, chosen.get("to"), chosen.get("ticket"), current, tr)
    if command == "trade" and option == "ticket":
        wallet = view.pawn(pawn).tickets or {}
        return _ticket_choices(view.board, [t for t in view.board.ride_tickets if wallet.get(t)], current,
                               tr.language)
    if command == "surface" and option == "take":
        public = view.public
        rules = PRESETS.get(public.rules)
        if rules is None or rules.with_options(public.options).voluntary_reveal != "take_tickets":
            return []  # nothing is taken (sanssouci's variant returns a black ticket instead)
        return _ticket_choices(public.board, public.board.ride_tickets, current, tr.language)
    return []  # ``die``: the dice game's option


def _second_tickets(mview, first: int | None, second: int | None, current: str,
                    tr: Speaker) -> list[app_commands.Choice[str]]:
    """The tickets of a double move's second ride (to ``second``, when chosen)."""
    if first is None:
        return []
    tickets: list[str] = []
    for t in mrx_destinations(mview).get(first, ()):
        for where, seconds in mrx_second_steps(mview, first, t).items():
            if second is None or where == second:
                tickets.extend(s for s in seconds if s not in tickets)
    return _ticket_choices(mview.public.board, tickets, current, tr.language)


def _second_stations(mview, first: int | None, ticket_text: str | None, current: str,
                     tr: Speaker) -> list[app_commands.Choice[int]]:
    """Where a double move's second ride may go, after ``first`` (by the ticket typed, if any)."""
    if first is None:
        return []
    tickets = mrx_destinations(mview).get(first, ())
    if ticket_text:
        try:
            tickets = tuple(t for t in tickets if t == mview.public.board.parse_ticket(str(ticket_text)))
        except GameError:
            return []
    reach: dict[int, list[str]] = {}
    for t in tickets:
        for where, seconds in mrx_second_steps(mview, first, t).items():
            for s in seconds:
                if s not in reach.setdefault(where, []):
                    reach[where].append(s)
    return _matching({s: tuple(t) for s, t in sorted(reach.items())}, current, mview.public.board, tr)


# -- what the options of /sy move and /sy trade mean ----------------------------------------------------


async def move_parts(mover, to: int, ticket: str | None, then_to: int | None,
                     then_ticket: str | None) -> tuple[tuple[int, str], tuple[int, str] | None]:
    """((station, ticket), the double move's second part or None) for ``/sy move``. A ticket left out
    is the only one that reaches the station; several, or none, are refused with what to do instead.
    ``mover`` names the pawn and reads the views (``mover.pawn``, ``await mover.public_view()``, ``await
    mover.mrx_view()``)."""
    who = mover.pawn
    if then_to is None and then_ticket is not None:
        raise Refused("For a double move give `then_to`, the second station, as well.")
    if then_to is not None and who != MRX:
        raise Refused("Only Mr. X can make a double move.")
    if ticket is None or (then_to is not None and then_ticket is None):
        ticket, then_ticket = await _tickets_for(mover, to, ticket, then_to, then_ticket)
    return (to, ticket), ((then_to, then_ticket) if then_to is not None else None)


async def _tickets_for(mover, to: int, ticket: str | None, then_to: int | None,
                       then_ticket: str | None) -> tuple[str, str | None]:
    pawn = mover.pawn
    if pawn == MRX:
        mview = await mover.mrx_view()
        board, reach = mview.public.board, mrx_destinations(mview)
    else:
        view = await mover.public_view()
        board, reach = view.board, detective_destinations(view, pawn)

    def only(options: tuple[str, ...] | list[str], where: int, option: str) -> str:
        if len(options) == 1:
            return options[0]
        if not options:
            raise Refused("You can't reach {station} from where you are now: `/sy move` offers the stations "
                          "you can reach.", station=station(where))
        names = tickets_list(options, board, reader())
        raise Refused("More than one ticket takes you to {station} ({names}): choose one with `{option}`.",
                      station=station(where), names=names, option=option)

    if ticket is None:
        ticket = only(reach.get(to, ()), to, "ticket")
    if then_to is not None and then_ticket is None:
        seconds = mrx_second_steps(mview, to, board.parse_ticket(ticket)).get(then_to, ()) if pawn == MRX else ()
        then_ticket = only(seconds, then_to, "then_ticket")
    return ticket, then_ticket


def trade_action(view, giver: str, to: str, ticket: str) -> Trade:
    """``/sy trade to: ticket:``: ``giver`` hands ``ticket`` to the agent named (by id or label)."""
    wanted = to.strip().lower()
    taker = next((p.id for p in view.pawns if wanted in (p.id, p.label.lower())), wanted)
    return Trade(giver, taker, view.board.parse_ticket(ticket))
