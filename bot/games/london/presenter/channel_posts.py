"""Texts and embeds for the game's channel and for answers anyone may read: built from public
events, the :class:`PublicView` and announcement payloads (which hold public facts only).

Every function speaks the language of the :class:`~bot.i18n.Speaker` it is given (``tr``; English
when none is): the announcer passes the game's language, a private answer its reader's.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import discord

from bot.games.london.engine import (
    MRX,
    GameEnded,
    MrXMoved,
    MrXSurfaced,
    PawnMoved,
    PawnPassed,
    PublicView,
    RoundEnded,
    TicketHandedOver,
)
from bot.games import computer_kind
from bot.games.london.presenter import rules_summary
from bot.i18n import Speaker
from bot.i18n.names import outcome_sentence
from bot.service.models import GameInfo, Player

from bot.chat import posts
from bot.chat.posts import seat_line
from bot.chat.words import (
    COLOUR,
    DMS_CLOSED,
    EN,
    MRX_EMOJI,
    and_list,
    mention,
    or_list,
    owners_of,
    pawn_name,
    rules_title,
    station,
)
from bot.games.london.presenter.board_words import logbook_count, ride_line, round_of, ticket, wallet

def started_ping(payload: Mapping[str, Any]) -> list[int]:
    """The start post calls Mr. X: his turn; the detectives' comes after his move."""
    return [payload.get("mrx_user_id", 0)]


def rules_text(t: Speaker, name: str | None, options: Mapping[str, bool] | None = None) -> str:
    """``/sy rules``: the rules in force, in short (the server's default when none are named)."""
    return rules_summary.rules_text(t, name or "classic", options)


def help_tickets(t: Speaker, name: str) -> str:
    """``/sy help``'s line on the tickets of the rules in play."""
    return rules_summary.help_tickets(t, name)


# -- play ----------------------------------------------------------------------------------------


def event_line(event: Any, view: PublicView, owners: Mapping[str, Sequence[int]], tr: Speaker = EN) -> str:
    """One public line for an engine or service event ("" for events that need none)."""
    if isinstance(event, MrXMoved):
        line = (tr._("{mrx} Mr. X's move {n}: {ticket} (double move).") if event.double
                else tr._("{mrx} Mr. X's move {n}: {ticket}.")).format(
            mrx=MRX_EMOJI, n=event.entry, ticket=ticket(event.ticket, view.board, tr))
        if event.revealed is not None:
            line += " " + tr._("🔍 He shows himself at {station}!").format(station=station(event.revealed))
        return line
    if isinstance(event, MrXSurfaced):
        taken = ", ".join(tr._("{ticket} from {pawn}").format(ticket=view.board.ticket_name(t, tr.language),
                                                            pawn=pawn_name(view, p, tr)) for p, t in event.taken)
        text = (tr._("{mrx} Mr. X surfaces: he is at {station}! He takes {taken} and one black ticket comes back "
                     "to him.") if event.black_returned
                else tr._("{mrx} Mr. X surfaces: he is at {station}! He takes {taken}."))
        return text.format(mrx=MRX_EMOJI, station=station(event.station), taken=taken or tr._("nothing"))
    if isinstance(event, PawnMoved):
        line = ride_line(event.ticket, view.board, tr).format(
            who=pawn_name(view, event.pawn, tr), start=station(event.start), to=station(event.to))
        if event.captured:
            line += " " + tr._("🚨 **Mr. X is caught!**")
        return line
    if isinstance(event, TicketHandedOver):
        return tr._("🎟️ {giver} hands {taker} a ticket: {ticket}.").format(
            giver=pawn_name(view, event.pawn, tr), ticket=ticket(event.ticket, view.board, tr),
            taker=pawn_name(view, event.to, tr))
    if isinstance(event, PawnPassed):
        who = pawn_name(view, event.pawn, tr)
        if event.reason == "timeout":
            return tr._("{who} was skipped by the host and stays put this round.").format(who=who)
        if view.pawn(event.pawn).station is None:  # the rules take a stuck pawn off the board (Sanssouci)
            return tr._("{who} cannot move and is out of the game.").format(who=who)
        return tr._("{who} cannot move and stays put this round.").format(who=who)
    line = seat_line(event, lambda pawn: pawn_name(view, pawn, tr), tr)
    return "" if line is None else line


def next_up_line(nxt: Mapping[str, Any] | None, view: PublicView, owners: Mapping[str, Sequence[int]],
                 tr: Speaker = EN) -> str:
    """Who moves now, with mentions."""
    if not nxt or view.outcome is not None:
        return ""
    pawns = [p for p in nxt.get("pawns", ()) if p in {q.id for q in view.pawns}]
    if not pawns:
        return ""
    movers = list(dict.fromkeys(u for p in pawns for u in owners.get(p, ()))) or list(nxt.get("user_ids", ()))
    if movers and all(computer_kind(u) is not None for u in movers):  # no person to call: say who is thinking
        return tr._("⏳ {names} ({who}): thinking…").format(
            names=and_list([pawn_name(view, p, tr) for p in pawns], tr), who=" ".join(mention(u, tr) for u in movers))
    if pawns == [MRX]:
        users = nxt.get("user_ids") or owners.get(MRX, ())
        return tr._("🎩 Mr. X's turn ({who}): your choices are in my DMs.").format(
            who=" ".join(mention(u, tr) for u in users))
    if len(pawns) == 1:
        who = " ".join(mention(u, tr) for u in owners.get(pawns[0], ())) or tr._("nobody")
        return tr._("➡️ Next: {pawn} ({who}).").format(pawn=pawn_name(view, pawns[0], tr), who=who)
    names = ", ".join(pawn_name(view, p, tr) for p in pawns)
    if "ping" in nxt and not nxt["ping"]:
        return tr._("➡️ Still to move: {names}.").format(names=names)  # the round was opened (and pinged) already
    users: list[int] = []
    for pawn in pawns:
        users += [u for u in owners.get(pawn, ()) if u not in users and computer_kind(u) is None]  # people only
    return tr._("➡️ Detectives to move, in any order: {names} ({who}).").format(
        names=names, who=" ".join(mention(u, tr) for u in users))


def action_text(payload: Mapping[str, Any], events: Sequence[Any], view: PublicView,
                owners: Mapping[str, Sequence[int]], tr: Speaker = EN) -> str:
    lines = [line for line in (event_line(e, view, owners, tr) for e in events) if line]
    # At the end of a round the summary comes next and names Mr. X; at the end of the game, nobody.
    if not any(isinstance(e, (GameEnded, RoundEnded)) for e in events):
        nxt = next_up_line(payload.get("next"), view, owners, tr)
        if nxt:
            lines.append(nxt)
    return "\n".join(lines) or "…"


def logbook_cells(view: PublicView, tr: Speaker = EN) -> str:
    """Mr. X's logbook in a few lines for an embed field: four cells a line, reveals marked,
    shown stations in bold (``/sy log`` shows the longer form, one line per entry)."""
    cells = []
    entries = view.logbook
    for entry in entries:
        where = f" {station(entry.station)}" if entry.station is not None else ""
        mark = "🔍" if entry.reveal or entry.surfaced else ""
        cells.append(f"`{entry.number:>2}` {view.board.ticket_emoji(entry.ticket)}{mark}{where}")
    done = len(entries)
    upcoming = [n for n in view.reveal_entries if n > done]
    if not cells:
        text = tr._("No moves yet.")
    else:
        text = "\n".join(" · ".join(cells[i:i + 4]) for i in range(0, len(cells), 4))
    if upcoming and view.outcome is None:
        text += "\n" + tr._("Next reveal: move {n}.").format(n=upcoming[0])
    text += f"\n{logbook_count(view, tr)}."
    return text


def logbook_line(view: PublicView, tr: Speaker = EN) -> str:
    """Mr. X's logbook in one line: his tickets in a row, each station he showed himself at after the ticket
    that took him there."""
    cells = [(view.board.ticket_emoji(e.ticket), e.station if e.reveal or e.surfaced else None) for e in view.logbook]
    return posts.logbook_line(cells, view.log_size(), tr)


def round_summary_text(view: PublicView, round_: int, tr: Speaker = EN) -> str:
    """The end of ``round_`` in a few lines, from the public view as that round ended (the announcer asks the
    service for that view when the summary goes out late): the round, Mr. X's logbook, when he shows himself
    next and where he may be. The call to act follows it, last (the announcer adds it)."""
    lines = ["📋 **" + tr._("{round} is over").format(round=round_of(view, round_, tr)) + "**", logbook_line(view, tr)]
    if view.outcome is None:
        upcoming = [n for n in view.reveal_entries if n > len(view.logbook)]
        if upcoming:
            lines.append(posts.next_reveal_line(upcoming[0], tr))
        lines.append(posts.where_line(view.possible, view.mrx_shown, tr))
    return "\n".join(lines)


def status_embed(game: GameInfo, view: PublicView, players: Sequence[Player],
                 waiting: Sequence[str] = (), tr: Speaker = EN) -> discord.Embed:
    """Where the game stands; ``waiting``: lines on how long the turn has waited and its deadline."""
    owners = owners_of(players)
    embed = discord.Embed(title=tr._("🕵️ Game #{id} · {round}").format(id=game.id, round=round_of(view, None, tr)),
                          colour=COLOUR)
    if view.outcome is not None:
        embed.description = f"🏁 {outcome_sentence(view.outcome, tr)}"
    elif view.to_move == (MRX,):
        embed.description = tr._("🎩 Mr. X is moving.")
    else:
        embed.description = tr._("➡️ To move: {names}").format(
            names=", ".join(pawn_name(view, p, tr) for p in view.to_move))
    if waiting and view.outcome is None:
        embed.description += "\n" + "\n".join(waiting)
    for pawn in view.pawns:
        who = " ".join(mention(u, tr) for u in owners.get(pawn.id, ())) or "—"
        if pawn.role == "mrx":
            seen = view.last_reveal
            where = (tr._("at {station}").format(station=station(view.mrx_shown)) if view.mrx_shown is not None
                     else tr._("hidden (last seen at {station}, move {n})").format(station=station(seen[1]), n=seen[0])
                     if seen else tr._("hidden (not seen yet)"))
            value = f"{who}\n{where}\n{wallet(view.mrx_tickets, view.board, tr)}"
        else:
            where = (tr._("at {station}").format(station=station(pawn.station)) if pawn.station is not None
                     else tr._("out of the game"))
            value = f"{who}\n{where}\n{wallet(pawn.tickets, view.board, tr)}"
        embed.add_field(name=pawn_name(view, pawn.id, tr), value=value, inline=True)
    embed.add_field(name=tr._("Logbook"), value=logbook_cells(view, tr)[:1024], inline=False)
    embed.set_footer(text=f"{rules_title(game.rules, tr)} · {logbook_count(view, tr)}")
    return embed


def route_text(view: PublicView) -> str:
    """Mr. X's whole route, once the game is over: ``132 —🚕→ 114 —⬛→ 115 …``."""
    if not view.route:
        return ""
    parts = [station(view.route[0])]
    for entry, stop in zip(view.logbook, view.route[1:]):
        mark = "🔍" if entry.reveal or entry.surfaced else ""
        parts.append(f"—{view.board.ticket_emoji(entry.ticket)}{mark}→ {station(stop)}")
    return " ".join(parts)


def game_over_embed(view: PublicView, players: Sequence[Player], picture: str | None,
                    tr: Speaker = EN, route: str | None = None) -> discord.Embed:
    """The end, with Mr. X's route in London-style words (``route``: other words for it)."""
    return posts.game_over_embed(view, players, picture, tr, route_text(view) if route is None else route)


def game_started_text(payload: Mapping[str, Any], view: PublicView, players: Sequence[Player],
                      tr: Speaker = EN) -> str:
    owners = owners_of(players)
    mrx = payload.get("mrx_user_id")
    lines = [(tr._("🚦 **The game is on!** {who} is {mrx} Mr. X (drawn at random).") if payload.get("mrx_drawn")
              else tr._("🚦 **The game is on!** {who} is {mrx} Mr. X.")).format(who=mention(mrx, tr), mrx=MRX_EMOJI)]
    for pawn, start in payload.get("start_positions", {}).items():
        who = " ".join(mention(u, tr) for u in owners.get(pawn, ()))
        lines.append(tr._("{pawn} ({who}) starts at {station}.").format(pawn=pawn_name(view, pawn, tr), who=who,
                                                                      station=station(start)))
    moves = and_list((str(n) for n in view.reveal_entries), tr)
    # Whether his choices reached him is known once his first prompt went out (the announcer sends it first).
    reach = payload.get("mrx_reach") if computer_kind(mrx or 0) is None else None
    if reach == "dm":
        lines.append(tr._("Mr. X shows himself after his moves {moves}. He moves first: I've sent him his choices."
                          ).format(moves=moves))
    else:
        lines.append(tr._("Mr. X shows himself after his moves {moves}. He moves first.").format(moves=moves))
    if reach == "closed":
        lines.append(tr._(DMS_CLOSED).format(who=mention(mrx, tr)))
    lines.append(tr._("🕵️ Detectives: when a post calls you, press **Move** under it (or use `/sy move`)."))
    return "\n".join(lines)


def players_changed_text(payload: Mapping[str, Any], events: Sequence[Any], view: PublicView,
                         owners: Mapping[str, Sequence[int]], tr: Speaker = EN) -> str:
    lines = [line for line in (event_line(e, view, owners, tr) for e in events) if line]
    nxt = next_up_line(payload.get("next"), view, owners, tr)
    if nxt:
        lines.append(nxt)
    return "\n".join(lines) or tr._("The players changed.")
