"""The dice game's part of the slash commands: what ``/sy move`` offers while a player types (start
stations, or where each die takes the mover, with the dice) and what its options mean (``to:``
and ``die:``; the die may be left out when only one reaches the station).

The chat layer finds the game, the mover and their view (Mr. X's own for him); the service accepts
or refuses every move.
"""

from __future__ import annotations

from typing import Any, Mapping

from discord import app_commands

from bot.games.dice.engine import MRX, DiceMrXView
from bot.games.dice.engine.views import destinations
from bot.games.dice.ticket_words import ticket_name
from bot.i18n import Speaker, reader

from bot.chat.replies import Refused
from bot.chat.words import station
from bot.games.dice.presenter.words import die_word


def choices(command: str, option: str, view, pawn: str, current: str, chosen: Mapping[str, Any],
            tr: Speaker) -> list[app_commands.Choice]:
    """Autocomplete of ``/sy move``'s ``to`` and ``die`` (``ticket`` as well); the dice game has no
    double move by slash options to offer, no trade and no surfacing."""
    if command != "move" or option not in ("to", "ticket", "die"):
        return []
    return move_choices(view, pawn, "to" if option == "to" else "ticket", current, chosen.get("to"), tr)


def move_choices(view, pawn: str, option: str, current: str, to: int | None, tr: Speaker) -> list:
    """``to`` (stations: start choices, or where a die takes the mover, with the dice) or ``ticket``
    (the dice that reach ``to``). ``view`` is Mr. X's own for him."""
    public = view.public if isinstance(view, DiceMrXView) else view
    if public.awaiting == "start":
        stations = view.start_choices
        reach: dict[int, tuple[str, ...]] = {s: () for s in stations}
    elif isinstance(view, DiceMrXView):
        reach = destinations(view.moves)
    else:
        reach = destinations(view.moves.get(pawn, ()))
    typed = str(current or "").strip().lower()
    if option == "to":
        return [app_commands.Choice(name=(f"{s} · " + ", ".join(die_word(t, tr) for t in tickets)
                                          if tickets else str(s))[:100], value=s)
                for s, tickets in reach.items() if str(s).startswith(typed)][:25]
    tickets = reach.get(to, ()) if to is not None else tuple(dict.fromkeys(t for ts in reach.values() for t in ts))
    return [app_commands.Choice(name=die_word(t, tr), value=t) for t in tickets
            if typed in die_word(t, tr).lower() or typed in t][:25]


async def move_parts(mover, to: int, ticket: str | None, then_to: int | None,
                     then_ticket: str | None) -> tuple[tuple[int, str], tuple[int, str] | None]:
    """``/sy move to: die:``: a start pick, a detective's ride with a die, Mr. X's move or double move,
    as ((station, die or ticket), the double move's second part or None). ``mover`` names the pawn and
    reads the views (``mover.pawn``, ``await mover.public_view()``, ``await mover.mrx_view()``)."""
    who = mover.pawn
    tr = reader()
    if then_to is not None and who != MRX:
        raise Refused("Only Mr. X can make a double move.")
    if then_to is None and then_ticket is not None:
        raise Refused("For a double move give `then_to`, the second station, as well.")
    view = await mover.public_view()
    mview = await mover.mrx_view() if who == MRX else None
    if view.awaiting not in ("start", "move", "mrx") and who != MRX:
        raise Refused("Roll the dice first: press 🎲 **Roll** under the channel's post.")
    if ticket is None and view.awaiting != "start":
        reach = destinations(mview.moves) if mview is not None else destinations(view.moves.get(who, ()))
        options = reach.get(to, ())
        if len(options) != 1:
            if not options:
                raise Refused("You can't reach {station} from where you are now.", station=station(to))
            raise Refused("More than one die takes you to {station} ({names}): choose one with `die`.",
                          station=station(to), names=", ".join(ticket_name(t, tr) for t in options))
        ticket = options[0]
    if then_to is None:
        return (to, ticket or ""), None
    if then_ticket is None:
        raise Refused("Say which die or ticket takes you on to {station} with `then_ticket`.",
                      station=station(then_to))
    return (to, ticket or ""), (then_to, then_ticket)


def trade_action(view, giver: str, to: str, ticket: str):
    """The dice game has no trades: ``/sy trade`` in it is refused in a sentence."""
    raise Refused("This game has no trading: the detectives share the dice, not tickets.")
