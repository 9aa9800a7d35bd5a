"""Texts and embeds for the game's channel and for answers anyone may read: built from public
events, the :class:`PublicView` and announcement payloads (which hold public facts only).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import discord

from bot.game import (
    MRX,
    GameEnded,
    MrXMoved,
    MrXSurfaced,
    PawnMoved,
    PawnPassed,
    PublicView,
    RoundEnded,
    TicketHandedOver,
    get_rules,
)
from bot.service.events import GameCancelled, HostChanged, PawnsHandedOver, PlayerJoined, PlayerLeft
from bot.service.events import PlayerReplaced, PlayerResigned, RoleChosen
from bot.service.models import GameInfo, Player, PlayerStats

from .words import (
    COLOUR,
    MRX_EMOJI,
    WIN_COLOUR,
    logbook_count,
    mention,
    owners_of,
    pawn_name,
    plural,
    role_word,
    round_of,
    rules_title,
    station,
    ticket,
    wallet,
)


def lobby_embed(game: GameInfo, players: Sequence[Player]) -> discord.Embed:
    ruleset = get_rules(game.rules)
    embed = discord.Embed(title="🕵️ Scotland Yard: a new game is forming", colour=COLOUR)
    lines = []
    for p in players:
        host = " (host)" if p.user_id == game.host_id else ""
        lines.append(f"• {mention(p.user_id)}: {role_word(p.role)}{host}")
    embed.description = (
        f"**{ruleset.title}**, {ruleset.min_players}-{ruleset.max_players} players.\n\n"
        + "\n".join(lines)
        + "\n\nPress a button to join. The host starts the game when everyone is in."
    )
    options = [o.title for o in ruleset.options if (game.options or {}).get(o.name)]
    if options:
        embed.add_field(name="Options", value=", ".join(options))
    embed.set_footer(text=f"Game #{game.id} · /sy join works too")
    return embed


def lobby_closed_embed(game: GameInfo, players: Sequence[Player], why: str) -> discord.Embed:
    embed = discord.Embed(title="🕵️ Scotland Yard", colour=COLOUR, description=why)
    if players:
        embed.add_field(name="Players", value=" ".join(mention(p.user_id) for p in players), inline=False)
    embed.set_footer(text=f"Game #{game.id}")
    return embed


def lobby_event_line(event: Any) -> str:
    """A short public line for a lobby change (the answer to a slash join/leave)."""
    if isinstance(event, PlayerJoined):
        return f"{mention(event.user_id)} joined as {role_word(event.role)}."
    if isinstance(event, RoleChosen):
        return f"{mention(event.user_id)} now plays {role_word(event.role)}."
    if isinstance(event, PlayerLeft):
        return f"{mention(event.user_id)} left the lobby."
    if isinstance(event, HostChanged):
        return f"{mention(event.user_id)} is the host now."
    if isinstance(event, GameCancelled):
        return "The lobby is empty, so the game is off."
    return ""


# -- play ----------------------------------------------------------------------------------------


def event_line(event: Any, view: PublicView, owners: Mapping[str, Sequence[int]]) -> str:
    """One public line for an engine or service event ("" for events that need none)."""
    if isinstance(event, MrXMoved):
        double = " (double move)" if event.double else ""
        line = f"{MRX_EMOJI} Mr. X's move {event.entry}: {ticket(event.ticket, view.board)}{double}."
        if event.revealed is not None:
            line += f" 🔍 **Reveal:** he is at {station(event.revealed)}!"
        return line
    if isinstance(event, MrXSurfaced):
        taken = ", ".join(f"{view.board.ticket_name(t)} from {view.pawn(p).label}" for p, t in event.taken)
        back = " and one black ticket comes back to him" if event.black_returned else ""
        return (f"{MRX_EMOJI} Mr. X surfaces: he is at {station(event.station)}! "
                f"He takes {taken or 'nothing'}{back}.")
    if isinstance(event, PawnMoved):
        who = pawn_name(view, event.pawn)
        line = f"{who} rode {ticket(event.ticket, view.board)} from {station(event.start)} to {station(event.to)}."
        if event.captured:
            line += " 🚨 **Mr. X is caught!**"
        return line
    if isinstance(event, TicketHandedOver):
        return (f"🎟️ {pawn_name(view, event.pawn)} hands a {ticket(event.ticket, view.board)} ticket to "
                f"{pawn_name(view, event.to)}.")
    if isinstance(event, PawnPassed):
        if event.reason == "timeout":
            return f"{pawn_name(view, event.pawn)} was skipped by the host and stays put this round."
        if view.pawn(event.pawn).station is None:  # the rules take a stuck pawn off the board (Sanssouci)
            return f"{pawn_name(view, event.pawn)} cannot move and is out of the game."
        return f"{pawn_name(view, event.pawn)} cannot move and stays put this round."
    if isinstance(event, PlayerResigned):
        side = "Mr. X" if event.role == "mrx" else "a detective"
        return f"🏳️ {mention(event.user_id)} ({side}) resigned."
    if isinstance(event, PawnsHandedOver):
        moved = ", ".join(f"{pawn_name(view, p)} → {mention(u)}" for p, u in event.to)
        return f"Their pawns go to the team: {moved}." if moved else ""
    if isinstance(event, HostChanged):
        return f"{mention(event.user_id)} is the host now."
    if isinstance(event, PlayerReplaced):
        return f"🔁 {mention(event.new_user_id)} takes over from {mention(event.old_user_id)}."
    return ""


def next_up_line(nxt: Mapping[str, Any] | None, view: PublicView, owners: Mapping[str, Sequence[int]]) -> str:
    """Who moves now, with mentions."""
    if not nxt or view.outcome is not None:
        return ""
    pawns = [p for p in nxt.get("pawns", ()) if p in {q.id for q in view.pawns}]
    if not pawns:
        return ""
    if pawns == [MRX]:
        users = nxt.get("user_ids") or owners.get(MRX, ())
        who = " ".join(mention(u) for u in users)
        return f"🎩 Mr. X's turn ({who}): your choices are in my DMs (or use `/sy move` here, privately)."
    if len(pawns) == 1:
        who = " ".join(mention(u) for u in owners.get(pawns[0], ())) or "nobody"
        return f"➡️ Next: {pawn_name(view, pawns[0])} ({who}). Press **Move** or use `/sy move`."
    names = ", ".join(pawn_name(view, p) for p in pawns)
    if "ping" in nxt and not nxt["ping"]:
        return f"➡️ Still to move: {names}."  # the round was opened (and its players mentioned) already
    users: list[int] = []
    for pawn in pawns:
        users += [u for u in owners.get(pawn, ()) if u not in users]
    return (f"➡️ Detectives to move, in any order: {names}. {' '.join(mention(u) for u in users)}: "
            "press **Move** or use `/sy move`.")


def action_text(payload: Mapping[str, Any], events: Sequence[Any], view: PublicView,
                owners: Mapping[str, Sequence[int]]) -> str:
    lines = [line for line in (event_line(e, view, owners) for e in events) if line]
    # At the end of a round the summary comes next and names Mr. X; at the end of the game, nobody.
    if not any(isinstance(e, (GameEnded, RoundEnded)) for e in events):
        nxt = next_up_line(payload.get("next"), view, owners)
        if nxt:
            lines.append(nxt)
    return "\n".join(lines) or "…"


def logbook_cells(view: PublicView) -> str:
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
        text = "No entries yet."
    else:
        text = "\n".join(" · ".join(cells[i:i + 4]) for i in range(0, len(cells), 4))
    if upcoming and view.outcome is None:
        text += f"\nNext reveal: move {upcoming[0]}."
    text += f"\n{logbook_count(view)}."
    return text


def round_summary_embed(view: PublicView, round_: int, picture: str | None) -> discord.Embed:
    """The end of ``round_``, from the public view as that round ended (the announcer asks the
    service for that view when the summary goes out late)."""
    over = view.outcome is not None
    embed = discord.Embed(title=f"📋 {round_of(view, round_)} is over", colour=COLOUR)
    embed.add_field(name="Mr. X's logbook", value=logbook_cells(view)[:1024], inline=False)
    seen = view.last_reveal
    embed.add_field(name="Last seen", value=f"at {station(seen[1])} (move {seen[0]})" if seen else "not yet",
                    inline=True)
    count = len(view.possible)
    if not over:
        where = "known: he is right there" if count == 1 else f"{plural(count, 'station')}"
        embed.add_field(name="Where he may be", value=where, inline=True)
    if picture:
        embed.set_image(url=f"attachment://{picture}")
    if not over:
        embed.set_footer(text=f"{round_of(view, round_ + 1)} next · /sy status for everyone's tickets")
    return embed


def status_embed(game: GameInfo, view: PublicView, players: Sequence[Player],
                 waiting: Sequence[str] = ()) -> discord.Embed:
    """Where the game stands; ``waiting``: lines on how long the turn has waited and its deadline."""
    owners = owners_of(players)
    embed = discord.Embed(title=f"🕵️ Game #{game.id} · {round_of(view)}", colour=COLOUR)
    if view.outcome is not None:
        embed.description = f"🏁 {view.outcome.describe()}"
    elif view.to_move == (MRX,):
        embed.description = "🎩 Mr. X is moving."
    else:
        embed.description = "➡️ To move: " + ", ".join(pawn_name(view, p) for p in view.to_move)
    if waiting and view.outcome is None:
        embed.description += "\n" + "\n".join(waiting)
    for pawn in view.pawns:
        who = " ".join(mention(u) for u in owners.get(pawn.id, ())) or "—"
        if pawn.role == "mrx":
            seen = view.last_reveal
            where = (f"at {station(view.mrx_shown)}" if view.mrx_shown is not None
                     else f"hidden (last seen at {station(seen[1])}, move {seen[0]})" if seen
                     else "hidden (not seen yet)")
            value = f"{who}\n{where}\n{wallet(view.mrx_tickets, view.board)}"
        else:
            value = f"{who}\nat {station(pawn.station)}\n{wallet(pawn.tickets, view.board)}"
        embed.add_field(name=pawn_name(view, pawn.id), value=value, inline=True)
    embed.add_field(name="Logbook", value=logbook_cells(view)[:1024], inline=False)
    embed.set_footer(text=f"{rules_title(game.rules)} · {logbook_count(view)}")
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


def game_over_embed(view: PublicView, players: Sequence[Player], picture: str | None) -> discord.Embed:
    outcome = view.outcome
    assert outcome is not None
    winners = "detectives" if outcome.winner == "detectives" else "mrx"
    people = [p for p in players if p.role and (p.role == "mrx") == (winners == "mrx") and p.status == "playing"]
    title = "🏆 The detectives win!" if winners == "detectives" else "🏆 Mr. X wins!"
    embed = discord.Embed(title=title, colour=WIN_COLOUR, description=outcome.describe())
    if people:
        embed.add_field(name="Winners", value=" ".join(mention(p.user_id) for p in people), inline=False)
    route = route_text(view)
    if route:
        embed.add_field(name="Mr. X's route", value=route[:1024], inline=False)
    if picture:
        embed.set_image(url=f"attachment://{picture}")
    embed.set_footer(text="/sy export for the record · /sy new for another game")
    return embed


def game_started_text(payload: Mapping[str, Any], view: PublicView, players: Sequence[Player]) -> str:
    owners = owners_of(players)
    mrx = payload.get("mrx_user_id")
    drawn = " (drawn at random)" if payload.get("mrx_drawn") else ""
    lines = [f"🚦 **The game is on!** {mention(mrx)} is {MRX_EMOJI} Mr. X{drawn}."]
    for pawn, start in payload.get("start_positions", {}).items():
        who = " ".join(mention(u) for u in owners.get(pawn, ()))
        lines.append(f"{pawn_name(view, pawn)} ({who}) starts at {station(start)}.")
    lines.append(f"Mr. X shows himself after his moves {_and(str(n) for n in view.reveal_entries)}. "
                 "He moves first: I've sent him his choices.")
    return "\n".join(lines)


def cancelled_text(payload: Mapping[str, Any]) -> str:
    return f"🛑 {mention(payload.get('by_user_id', 0))} cancelled the game."


def players_changed_text(payload: Mapping[str, Any], events: Sequence[Any], view: PublicView,
                         owners: Mapping[str, Sequence[int]]) -> str:
    lines = [line for line in (event_line(e, view, owners) for e in events) if line]
    nxt = next_up_line(payload.get("next"), view, owners)
    if nxt:
        lines.append(nxt)
    return "\n".join(lines) or "The players changed."


# -- Mr. X, privately ----------------------------------------------------------------------------


def stats_text(user_id: int, stats: PlayerStats) -> str:
    if stats.games == 0:
        return f"{mention(user_id)} has no finished games on this server yet."
    return (f"📊 {mention(user_id)}: {stats.wins} wins in {stats.games} games · "
            f"as Mr. X {stats.mrx_wins}/{stats.mrx_games} · as detective "
            f"{stats.detective_wins}/{stats.detective_games}.")


def leaderboard_text(rows: Sequence[PlayerStats]) -> str:
    if not rows:
        return "No finished games on this server yet: `/sy new` to play one."
    medals = ["🥇", "🥈", "🥉"]
    lines = ["🏆 **Leaderboard** (finished games on this server)"]
    for i, s in enumerate(rows):
        mark = medals[i] if i < 3 else f"{i + 1}."
        lines.append(f"{mark} {mention(s.user_id)}: {s.wins} wins / {s.games} games "
                     f"(Mr. X {s.mrx_wins}/{s.mrx_games})")
    return "\n".join(lines)


def reminder_text(pawns: Sequence[str], user_ids: Sequence[int], view: PublicView | None, waited: str,
                  deadline: str | None = None) -> str:
    """A reminder: ``waited`` says how long the turn has waited (``25 h``), ``deadline`` when the host may
    skip or replace the player (None: no deadline)."""
    who = " ".join(mention(u) for u in user_ids) or "Players"
    after = f" The deadline is in {deadline}." if deadline else ""
    if list(pawns) == [MRX]:
        return f"⏰ {who}: Mr. X's move has been waiting for {waited}. Check my DMs (or `/sy move` here).{after}"
    names = _and(pawn_name(view, p) for p in pawns) if view else _and(pawns)
    verb = "has" if len(pawns) == 1 else "have"
    return f"⏰ {who}: {names} {verb} been waiting for {waited}. Press **Move** or use `/sy move`.{after}"


def overdue_text(host_id: int, pawns: Sequence[str], user_ids: Sequence[int], view: PublicView | None,
                 waited: str) -> str:
    who = " ".join(mention(u) for u in user_ids) or "the player"
    if list(pawns) == [MRX]:
        return (f"⌛ {mention(host_id)}: Mr. X's move ({who}) has waited {waited}, past the deadline. "
                "Mr. X cannot be skipped: `/sy replace` him or `/sy cancel` the game.")
    names = _and(pawn_name(view, p) for p in pawns) if view else _and(pawns)
    return (f"⌛ {mention(host_id)}: {names} ({who}) has waited {waited}, past the deadline. "
            "Skip the turn with the button, or `/sy replace` the player.")


def _and(items) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
