"""Texts every family's games post alike: a seat changing hands, a cancelled game, the end and its
winners, reminders and the passed deadline, and the server's statistics.

A family's presenter builds its own posts around these (its route of Mr. X, its event lines); the
chat layer uses the reminders and statistics for every game.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

import discord

from bot.games import computer_kind
from bot.games.family import MRX
from bot.games.views import PawnLookup
from bot.i18n import EN, Speaker
from bot.i18n.names import outcome_sentence
from bot.service import outbox
from bot.service.events import PawnsHandedOver, HostChanged, PlayerReplaced, PlayerResigned
from bot.service.models import Player, PlayerStats

from bot.chat.words import COLOUR, WIN_COLOUR, and_list, mention, or_list, pawn_name, station

#: up to this many stations where Mr. X may be, the round's text names each
NAMED = 6


def seat_line(event: Any, pawn_name_of, tr: Speaker = EN) -> str | None:
    """A seat changing hands (every game family's): a resignation and the pawns it hands over, a new
    host, a replacement, a computer standing in or the player back. None: not such an event."""
    if isinstance(event, PlayerResigned):
        text = (tr._("🏳️ {who} (Mr. X) resigned.") if event.role == "mrx"
                else tr._("🏳️ {who} (a detective) resigned."))
        return text.format(who=mention(event.user_id, tr))
    if isinstance(event, PawnsHandedOver):
        moved = ", ".join(f"{pawn_name_of(p)} → {mention(u, tr)}" for p, u in event.to)
        return tr._("Their pawns go to the team: {moved}.").format(moved=moved) if moved else ""
    if isinstance(event, HostChanged):
        return tr._("{who} is the host now.").format(who=mention(event.user_id, tr))
    if isinstance(event, PlayerReplaced):
        if computer_kind(event.new_user_id) is not None and computer_kind(event.old_user_id) is None:
            return tr._("🤖 {new} plays for {old} until they are back: `/sy join` takes the seat back.").format(
                new=mention(event.new_user_id, tr), old=mention(event.old_user_id, tr))
        if computer_kind(event.old_user_id) is not None:
            return tr._("👋 {new} is back and takes the seat from {old}.").format(
                new=mention(event.new_user_id, tr), old=mention(event.old_user_id, tr))
        return tr._("🔁 {new} takes over from {old}.").format(new=mention(event.new_user_id, tr),
                                                            old=mention(event.old_user_id, tr))
    return None


# -- the round's summary -------------------------------------------------------------------------


def picture_embed(picture: str) -> discord.Embed:
    """An embed that shows an attached picture and nothing else (the round's board under its text)."""
    return discord.Embed(colour=COLOUR).set_image(url=f"attachment://{picture}")


def logbook_line(cells: Sequence[tuple[str, int | None]], size: int, tr: Speaker = EN, start: str = "") -> str:
    """Mr. X's logbook in one line: the mark of each entry (a ticket, a die) in a row, and after an entry where he
    showed himself, the station (``cells``: (mark, station shown or None) each); ``start``: what is known of his
    start, before it (``📒 5/24: 🚕🚕🚕 **148** · ⬛🚕``)."""
    runs, run = [], ""
    for mark, shown in cells:
        run += mark
        if shown is not None:
            runs.append(f"{run} {station(shown)}")
            run = ""
    if run:
        runs.append(run)
    tickets = " · ".join(runs) or tr._("no moves yet")
    return tr._("📒 {done}/{size}: {tickets}").format(done=len(cells), size=size,
                                                     tickets=f"{start} ▸ {tickets}" if start else tickets)


def where_line(possible: Iterable[int], shown: int | None, tr: Speaker = EN) -> str:
    """Where Mr. X may be, as far as the table can tell (public facts only): where he stands when he is in
    sight, the one station he must be at, the few he may be at, or how many."""
    if shown is not None:
        return tr._("❗ He is at {station}.").format(station=station(shown))
    stations = sorted(possible)
    if len(stations) == 1:
        return tr._("❗ He must be at {station}.").format(station=station(stations[0]))
    if 1 < len(stations) <= NAMED:
        return tr._("❓ He may be at {stations}.").format(stations=or_list((station(s) for s in stations), tr))
    return tr.ngettext("❓ He may be at any of {n} station.", "❓ He may be at any of {n} stations.",
                       len(stations)).format(n=len(stations))


def next_reveal_line(entry: int, tr: Speaker = EN) -> str:
    """When Mr. X shows himself next: after his move ``entry``."""
    return tr._("🔍 He shows himself after move {n}.").format(n=entry)


def cancelled_text(payload: Mapping[str, Any], tr: Speaker = EN) -> str:
    return tr._("🛑 {who} cancelled the game.").format(who=mention(payload.get("by_user_id", 0), tr))


def game_over_embed(view, players: Sequence[Player], picture: str | None, tr: Speaker = EN,
                    route: str = "") -> discord.Embed:
    """The end: who won and why, the winners, Mr. X's route (``route``: in the family's own words)
    and the picture of it."""
    outcome = view.outcome
    assert outcome is not None
    mrx_won = outcome.winner == "mrx"
    people = [p for p in players if p.role and (p.role == "mrx") == mrx_won and p.status == "playing"]
    title = tr._("🏆 Mr. X wins!") if mrx_won else tr._("🏆 The detectives win!")
    embed = discord.Embed(title=title, colour=WIN_COLOUR, description=outcome_sentence(outcome, tr))
    if people:
        embed.add_field(name=tr.ngettext("Winner", "Winners", len(people)),
                        value=" ".join(mention(p.user_id, tr) for p in people), inline=False)
    if route:
        embed.add_field(name=tr._("Mr. X's route"), value=route[:1024], inline=False)
    if picture:
        embed.set_image(url=f"attachment://{picture}")
    embed.set_footer(text=tr._("/sy export for the record · /sy new for another game"))
    return embed


# -- the slow-play clock -------------------------------------------------------------------------


def reminder_text(pawns: Sequence[str], user_ids: Sequence[int], view: PawnLookup | None, waited: str,
                  deadline: str | None = None, tr: Speaker = EN) -> str:
    """A reminder: ``waited`` says how long the turn has waited (``25 h``), ``deadline`` when the host may
    skip or replace the player (None: no deadline)."""
    who = " ".join(mention(u, tr) for u in user_ids) or tr._("Players")
    after = (" " + tr._("The deadline is in {left}.").format(left=deadline)) if deadline else ""
    if list(pawns) == [MRX]:
        return tr._("⏰ {who}: Mr. X's move has been waiting for {waited}. Check my DMs (or `/sy move` here).").format(
            who=who, waited=waited) + after
    names = and_list((pawn_name(view, p, tr) for p in pawns) if view else pawns, tr)
    text = tr.ngettext("⏰ {who}: {names} has been waiting for {waited}. Press **Move** or use `/sy move`.",
                       "⏰ {who}: {names} have been waiting for {waited}. Press **Move** or use `/sy move`.",
                       len(pawns))
    return text.format(who=who, names=names, waited=waited) + after


def overdue_text(host_id: int, pawns: Sequence[str], user_ids: Sequence[int], view: PawnLookup | None,
                 waited: str, tr: Speaker = EN) -> str:
    who = " ".join(mention(u, tr) for u in user_ids) or tr._("the player")
    if list(pawns) == [MRX]:
        return tr._("⌛ {host}: Mr. X's move ({who}) has waited {waited}, past the deadline. Mr. X cannot be "
                    "skipped: `/sy-host replace` him, let a computer play his seat until he is back with "
                    "`/sy-host addbot player:`, or `/sy-host cancel` the game.").format(host=mention(host_id, tr), who=who,
                                                                             waited=waited)
    names = and_list((pawn_name(view, p, tr) for p in pawns) if view else pawns, tr)
    return tr._("⌛ {host}: {names} ({who}) has waited {waited}, past the deadline. Skip the turn with the button, "
                "`/sy-host replace` the player, or let a computer play the seat until they are back with "
                "`/sy-host addbot player:`.").format(host=mention(host_id, tr), names=names, who=who, waited=waited)


def when(at: float, style: str = "F") -> str:
    """A moment as Discord shows it to each reader, in their own time zone and language (``<t:…:F>``: "Friday,
    5 December 2026 18:00")."""
    return f"<t:{int(at)}:{style}>"


def clock_line(kind: str, payload: Mapping[str, Any], view: PawnLookup | None, tr: Speaker = EN) -> str:
    """The channel's one line when a player is away or back, or the host pauses or resumes the game."""
    user_id = payload.get("user_id", 0)
    pawns = [p for p in payload.get("pawns", ()) if view is not None and p in {q.id for q in view.pawns}]
    who = (tr._("{pawns} ({who})").format(pawns=and_list((pawn_name(view, p, tr) for p in pawns), tr),
                                         who=mention(user_id, tr)) if pawns else mention(user_id, tr))
    reason = payload.get("reason")
    several = max(1, len(pawns))  # "Red and Blue (@alice) are away"
    if kind == outbox.AWAY:
        text = tr.ngettext("⏸ {who} is away until {until}.", "⏸ {who} are away until {until}.", several).format(
            who=who, until=when(payload["until"]))
    elif kind == outbox.BACK:
        text = (tr.ngettext("▶️ {who} is back: the clock runs again.", "▶️ {who} are back: the clock runs again.",
                            several) if payload.get("early")
                else tr._("▶️ {who}: the time away is over, the clock runs again.")).format(who=who)
    elif kind == outbox.PAUSED:
        text = tr._("⏸ {who} paused the game: nobody moves and no clock runs until `/sy-host resume`.").format(
            who=mention(user_id, tr))
    else:
        text = tr._("▶️ {who} resumed the game: the clock runs again.").format(who=mention(user_id, tr))
    return f"{text} “{reason}”" if reason and kind in (outbox.AWAY, outbox.PAUSED) else text


# -- statistics ----------------------------------------------------------------------------------


def stats_text(user_id: int, stats: PlayerStats, tr: Speaker = EN) -> str:
    who = mention(user_id, tr)
    if stats.games == 0:
        return tr._("{who} has no finished games on this server yet.").format(who=who)
    games = tr.ngettext("{n} game, {wins} won", "{n} games, {wins} won", stats.games).format(
        wins=stats.wins, n=stats.games)
    return tr._("📊 {who}: {games} · as Mr. X {mrx_wins}/{mrx_games} · as detective {wins}/{n}.").format(
        who=who, games=games, mrx_wins=stats.mrx_wins, mrx_games=stats.mrx_games, wins=stats.detective_wins,
        n=stats.detective_games)
