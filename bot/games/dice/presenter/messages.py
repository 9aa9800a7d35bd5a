"""The dice game's presenter (``Family.presenter`` of :mod:`bot.games.dice.family`): what the bot says
about a game of Hunting Mister X, in the reader's language, from public views and public events
only (Mr. X's own texts from his view, for his eyes).

It offers what every presenter offers to the announcer, the table and the commands (texts for each
announcement, the status embed) and the dice game's own parts: the components under a post that
hands over the turn (:func:`turn_buttons`: a start select, the 🎲 Roll button, the dice to ride
with, roll again, stay), Mr. X's DM menu (:func:`mrx_menu`) and ``/sy move`` (:func:`table_move`).
"""

from __future__ import annotations

import io
from typing import Any, Mapping, Sequence

import discord

from bot.games.dice.engine import (
    MRX,
    DiceMrXView,
    DicePublicView,
    DiceRolled,
    GameEnded,
    MrXMoved,
    MrXStarted,
    PawnMoved,
    PawnSkipped,
    RoundEnded,
    StartPicked,
)
from bot.games.dice.engine.views import destinations
from bot.games.dice.pictures.panels import DIE_EMOJI, ticket_name
from bot.games import computer_kind
from bot.i18n import EN, Speaker, reader
from bot.i18n.names import outcome_sentence
from bot.i18n.reference import OPTION_WORDS, RULE_WORDS
from bot.service.models import GameInfo, Player

from bot.games.london.presenter import channel_posts
from bot.games.london.presenter.channel_posts import cancelled_text, seat_line
from bot.games.dice.presenter.views import DYNAMIC_ITEMS, mrx_menu, turn_buttons  # noqa: F401  (the presenter's parts)
from bot.chat.replies import say
from bot.chat.words import (
    COLOUR,
    MRX_EMOJI,
    and_list,
    mention,
    owners_of,
    pawn_name,
    rules_title,
)

__all__ = [
    "DYNAMIC_ITEMS", "LOG_PICTURES", "action_text", "cancelled_text", "die_word", "game_over_embed", "game_started_text",
    "mention", "mrx_menu", "mrx_prompt_text", "mrx_status_text", "next_up_line", "owners_of", "players_changed_text",
    "round_summary_embed", "rules_text", "started_ping", "status_embed", "table_move", "turn_buttons", "move_choices",
]

#: the round summaries and Mr. X's prompts carry his log as a picture (13 boxes, the dice on them)
LOG_PICTURES = True
#: the extra tickets' marks in texts
TICKET_EMOJI = {"black": "⬛", "helicopter": "🚁", "pass": "✖️", "double": "⏩"}


def die_word(ticket: str, tr: Speaker = EN) -> str:
    """A die or ticket with its mark: ``🟩 bus``, ``⬛ black ticket``, ``🚁 helicopter``."""
    mark = DIE_EMOJI.get(ticket) or TICKET_EMOJI.get(ticket, "")
    return f"{mark} {ticket_name(ticket, tr)}".strip()


def dice_row(faces: Sequence[str], tr: Speaker = EN) -> str:
    """A roll as emoji dice with their words: ``🟨 taxi · 🟩 bus · ❌ X``."""
    return " · ".join(f"{DIE_EMOJI[f]} {ticket_name(f, tr)}" if f != "x" else f"{DIE_EMOJI['x']} X" for f in faces)


def station(n: int | None) -> str:
    return f"**{n}**" if n is not None else "?"


# -- the channel ---------------------------------------------------------------------------------


def started_ping(payload: Mapping[str, Any]) -> list[int]:
    """The start post calls whoever picks the first start (a detective), not Mr. X."""
    nxt = payload.get("next") or {}
    return list(nxt.get("ping", nxt.get("user_ids", ())))


def game_started_text(payload: Mapping[str, Any], view: DicePublicView, players: Sequence[Player],
                      tr: Speaker = EN) -> str:
    mrx = payload.get("mrx_user_id")
    lines = [(tr._("🚦 **Hunting Mister X is on!** {who} is {mrx} Mr. X (drawn at random).")
              if payload.get("mrx_drawn") else
              tr._("🚦 **Hunting Mister X is on!** {who} is {mrx} Mr. X.")).format(who=mention(mrx, tr), mrx=MRX_EMOJI)]
    if view.board is not None:
        tiles = " ".join(p.letter + ("*" if p.side == "expert" else "") for p in view.board.placements)
        lines.append(tr._("The tiles are laid: {tiles}.").format(tiles=tiles)
                     + (" " + tr._("(* expert side up)") if view.expert else ""))
    lines.append(tr._("Each detective picks a taxi-only start station; then Mr. X picks his in secret and you "
                      "hear only his tile. He shows himself after his moves {moves}.").format(
        moves=and_list((str(n) for n in view.reveal_entries), tr)))
    nxt = next_up_line(payload.get("next"), view, owners_of(players), tr)
    if nxt:
        lines.append(nxt)
    return "\n".join(lines)


def event_line(event: Any, view: DicePublicView, owners: Mapping[str, Sequence[int]], tr: Speaker = EN) -> str:
    """One public event in a line. Mr. X's hidden station never appears: his events carry none."""
    if isinstance(event, StartPicked):
        return tr._("📍 {pawn} starts at {station}.").format(pawn=pawn_name(view, event.pawn, tr),
                                                            station=station(event.station))
    if isinstance(event, MrXStarted):
        return tr._("{mrx} Mr. X has picked his start: somewhere on tile **{tile}**.").format(mrx=MRX_EMOJI,
                                                                                            tile=event.tile)
    if isinstance(event, DiceRolled):
        if event.again:
            return tr.ngettext("🎲 {pawn} rolls again ({n} roll-again token left): {dice}",
                               "🎲 {pawn} rolls again ({n} roll-again tokens left): {dice}",
                               event.tokens_left).format(pawn=pawn_name(view, event.pawn, tr), n=event.tokens_left,
                                                          dice=dice_row(event.faces, tr))
        return tr._("🎲 {pawn} rolls: {dice}").format(pawn=pawn_name(view, event.pawn, tr),
                                                     dice=dice_row(event.faces, tr))
    if isinstance(event, PawnMoved):
        line = tr._("{pawn} takes the {die} from {start} to {to}.").format(
            pawn=pawn_name(view, event.pawn, tr), die=die_word(event.die, tr), start=event.start,
            to=station(event.to))
        if event.captured:
            line += " " + tr._("🎉 Mr. X is caught!")
        return line
    if isinstance(event, PawnSkipped):
        who = pawn_name(view, event.pawn, tr)
        if event.reason == "timeout":
            return tr._("⏭️ {pawn} was skipped: the deadline passed.").format(pawn=who)
        if event.reason == "stuck":
            return tr._("🚫 No die fits {pawn} and no roll-again token is left: {pawn} stays.").format(pawn=who)
        return tr._("🚫 No die fits: {pawn} stays.").format(pawn=who)
    if isinstance(event, MrXMoved):
        if event.ticket == "pass":
            line = tr._("{mrx} Mr. X, move {n}: nothing fits, he passes (an X in his log).").format(
                mrx=MRX_EMOJI, n=event.entry)
        else:
            line = tr._("{mrx} Mr. X, move {n}: {ticket}.").format(mrx=MRX_EMOJI, n=event.entry,
                                                                  ticket=die_word(event.ticket, tr))
        if event.double:
            line += " " + tr._("(double move)")
        if event.revealed is not None:
            line += " " + tr._("🔍 He shows himself at {station}!").format(station=station(event.revealed))
        return line
    if isinstance(event, RoundEnded):
        if event.final_next:
            return tr._("📒 Mr. X's log is full: the detectives have one last turn.")
        return ""
    if isinstance(event, GameEnded):
        return f"🏁 {outcome_sentence(event.outcome, tr)}"
    line = seat_line(event, lambda pawn: pawn_name(view, pawn, tr), tr)  # the seats: as in every game
    return "" if line is None else line


def next_up_line(nxt: Mapping[str, Any] | None, view: DicePublicView, owners: Mapping[str, Sequence[int]],
                 tr: Speaker = EN) -> str:
    """Who acts now and what they do, with mentions."""
    if not nxt or view.outcome is not None:
        return ""
    pawns = [p for p in nxt.get("pawns", ()) if p in {q.id for q in view.pawns}]
    if not pawns:
        return ""
    movers = list(dict.fromkeys(u for p in pawns for u in owners.get(p, ()))) or list(nxt.get("user_ids", ()))
    who = " ".join(mention(u, tr) for u in movers) or tr._("nobody")
    names = and_list([pawn_name(view, p, tr) for p in pawns], tr)
    if movers and all(computer_kind(u) is not None for u in movers):
        return tr._("⏳ {names} ({who}): thinking…").format(names=names, who=who)
    current = list(view.to_move) == pawns and nxt.get("round") == view.round
    if pawns == [MRX]:
        if view.awaiting == "start":
            return tr._("🎩 Mr. X ({who}) picks his start in my DMs.").format(who=who)
        return tr._("🎩 Mr. X's turn ({who}): your choices are in my DMs (or use `/sy move` here, privately).").format(
            who=who)
    if current and view.awaiting == "start":
        return tr._("📍 {names} ({who}): pick a taxi-only start station below, or `/sy move to:`.").format(
            names=names, who=who)
    if current and view.awaiting == "move":
        if view.can_skip:
            return tr._("😬 Nothing fits, {who}: roll again with a token, or stay.").format(who=who)
        return tr._("➡️ {who}: pick a die and a station below, or `/sy move to: die:`.").format(who=who)
    if current and view.awaiting == "roll" or not current:
        return tr._("🎲 {names} ({who}): roll the dice!").format(names=names, who=who)
    return ""


def action_text(payload: Mapping[str, Any], events: Sequence[Any], view: DicePublicView,
                owners: Mapping[str, Sequence[int]], tr: Speaker = EN) -> str:
    lines = [line for line in (event_line(e, view, owners, tr) for e in events) if line]
    if not any(isinstance(e, GameEnded) for e in events):
        nxt = next_up_line(payload.get("next"), view, owners, tr)
        if nxt:
            lines.append(nxt)
    return "\n".join(lines) or "…"


def log_cells(view: DicePublicView, tr: Speaker = EN) -> str:
    """Mr. X's log in a few lines: the die on each entry, reveals marked, public stations in bold."""
    cells = []
    for e in view.logbook:
        mark = DIE_EMOJI[e.face] if e.ticket not in TICKET_EMOJI else TICKET_EMOJI[e.ticket]
        where = f" {station(e.station)}" if e.station is not None else ""
        cells.append(f"`{e.number:>2}` {mark}{'🔍' if e.reveal else ''}{where}")
    text = "\n".join(" · ".join(cells[i:i + 4]) for i in range(0, len(cells), 4)) if cells else tr._("No moves yet.")
    if view.start_tile is not None:
        text = tr._("Start: tile {tile}").format(tile=view.start_tile) + "\n" + text
    upcoming = [n for n in view.reveal_entries if n > len(view.logbook)]
    if upcoming and view.outcome is None:
        text += "\n" + tr._("Next reveal: move {n}.").format(n=upcoming[0])
    return text


def tickets_line(view: DicePublicView, tr: Speaker = EN) -> str:
    t = view.mrx_tickets
    return tr._("⬛ {black} · ⏩ {double} · 🚁 {helicopter} · roll again: {tokens}").format(
        black=t["black"], double=t["double"], helicopter=t["helicopter"], tokens=view.reroll_tokens)


def round_summary_embed(view: DicePublicView, round_: int, picture: str | None, tr: Speaker = EN) -> discord.Embed:
    over = view.outcome is not None
    embed = discord.Embed(title=tr._("📋 Round {n} is over").format(n=round_), colour=COLOUR)
    embed.add_field(name=tr._("Mr. X's log"), value=log_cells(view, tr)[:1024], inline=False)
    seen = view.last_reveal
    embed.add_field(name=tr._("Last seen"), value=tr._("at {station} (move {n})").format(
        station=station(seen[1]), n=seen[0]) if seen else tr._("not yet"), inline=True)
    if not over:
        count = len(view.possible)
        where = (tr._("known: he is right there") if count == 1
                 else tr.ngettext("{n} station", "{n} stations", count).format(n=count))
        embed.add_field(name=tr._("Where he may be"), value=where, inline=True)
        embed.add_field(name=tr._("Tickets left"), value=tickets_line(view, tr), inline=False)
    if picture:
        embed.set_image(url=f"attachment://{picture}")
    if not over:
        embed.set_footer(text=(tr._("The detectives' last turn next") if view.final
                               else tr._("Round {n} next · /sy log for the whole log").format(n=round_ + 1)))
    return embed


def route_text(view: DicePublicView) -> str:
    if not view.route:
        return ""
    parts = [station(view.route[0])]
    for entry, stop in zip(view.logbook, view.route[1:]):
        mark = DIE_EMOJI[entry.face] if entry.ticket not in TICKET_EMOJI else TICKET_EMOJI[entry.ticket]
        parts.append(f"—{mark}{'🔍' if entry.reveal else ''}→ {station(stop)}")
    return " ".join(parts)


def game_over_embed(view: DicePublicView, players: Sequence[Player], picture: str | None,
                    tr: Speaker = EN) -> discord.Embed:
    return channel_posts.game_over_embed(view, players, picture, tr, route=route_text(view))  # type: ignore[arg-type]


def players_changed_text(payload: Mapping[str, Any], events: Sequence[Any], view: DicePublicView,
                         owners: Mapping[str, Sequence[int]], tr: Speaker = EN) -> str:
    lines = [line for line in (event_line(e, view, owners, tr) for e in events) if line]
    nxt = next_up_line(payload.get("next"), view, owners, tr)
    if nxt:
        lines.append(nxt)
    return "\n".join(lines) or tr._("The players changed.")


def status_embed(game: GameInfo, view: DicePublicView, players: Sequence[Player],
                 waiting: Sequence[str] = (), tr: Speaker = EN) -> discord.Embed:
    owners = owners_of(players)
    embed = discord.Embed(title=tr._("🕵️ Game #{id} · round {n}").format(id=game.id, n=view.round), colour=COLOUR)
    if view.outcome is not None:
        embed.description = f"🏁 {outcome_sentence(view.outcome, tr)}"
    else:
        embed.description = next_up_line({"pawns": list(view.to_move), "round": view.round}, view, owners, tr)
        if view.rolled:
            embed.description += "\n" + tr._("On the table: {dice}").format(dice=dice_row(view.rolled, tr))
    if waiting and view.outcome is None:
        embed.description += "\n" + "\n".join(waiting)
    for pawn in view.pawns:
        who = " ".join(mention(u, tr) for u in owners.get(pawn.id, ())) or "—"
        if pawn.role == "mrx":
            seen = view.last_reveal
            where = (tr._("at {station}").format(station=station(view.mrx_shown)) if view.mrx_shown is not None
                     else tr._("hidden (last seen at {station}, move {n})").format(station=station(seen[1]), n=seen[0])
                     if seen else tr._("hidden (started on tile {tile})").format(tile=view.start_tile)
                     if view.start_tile else tr._("hidden (not started yet)"))
            value = f"{who}\n{where}\n{tickets_line(view, tr)}"
        else:
            where = (tr._("at {station}").format(station=station(pawn.station)) if pawn.station is not None
                     else tr._("no start yet"))
            used = (" · " + tr._("used {die}").format(die=die_word(pawn.die, tr))) if pawn.die else ""
            value = f"{who}\n{where}{used}"
        embed.add_field(name=pawn_name(view, pawn.id, tr), value=value, inline=True)
    embed.add_field(name=tr._("Mr. X's log"), value=log_cells(view, tr)[:1024], inline=False)
    embed.set_footer(text=rules_title(game.rules, tr) + (" · " + tr._(OPTION_WORDS["expert"][0]) if view.expert
                                                         else ""))
    return embed


def rules_text(t: Speaker, name: str | None, options: Mapping[str, bool] | None = None) -> str:
    title, summary = RULE_WORDS["dice"]
    lines = [
        f"**{t._(title)}**: {t._(summary)}",
        t._("• 2-4 players, Mr. X included; with one detective player he moves two pawns."),
        t._("• Each detective picks a taxi-only start; Mr. X picks any free station and tells only its tile."),
        t._("• Each round the detectives roll 4 dice (3 with 1-2 detective players): 🟨 taxi, 🟩 bus, 🟥 underground "
            "or ❌. Each uses one die and passes the rest on; 3 shared tokens let a detective roll again."),
        t._("• Then Mr. X moves with one of the dice they used, a ⬛ black ticket, his ⏩ double move or his 🚁 "
            "helicopter (edge to opposite edge); if nothing fits he passes."),
        t._("• He shows himself after his moves 3, 7 and 11. After his 13th move the detectives have one last "
            "turn; whoever lands on Mr. X catches him."),
    ]
    if (options or {}).get("expert"):
        lines.append(t._("• Expert game: {what}.").format(what=t._(OPTION_WORDS["expert"][1])))
    else:
        lines.append(t._("• Variants the host can pick in the lobby: {names}.").format(
            names=t._(OPTION_WORDS["expert"][0])))
    return "\n".join(lines)


# -- Mr. X alone ---------------------------------------------------------------------------------


def reach_lines(mview: DiceMrXView, tr: Speaker = EN) -> list[str]:
    """For each die the detectives used and each ticket he has: where it takes him."""
    by_ticket: dict[str, list[int]] = {}
    for move in mview.moves:
        by_ticket.setdefault(move.ticket, []).append(move.to)
    return [f"{die_word(t, tr)} → {', '.join(str(s) for s in sorted(stations))}"
            for t, stations in by_ticket.items()]


def mrx_prompt_text(game: GameInfo, mview: DiceMrXView, channel: str, tr: Speaker = EN) -> str:
    public = mview.public
    if public.awaiting == "start":
        hunters = ", ".join(f"{pawn_name(public, p.id, tr)} {p.station}" for p in public.detectives)
        return "\n".join([
            tr._("{mrx} **Pick your start, Mr. X** (game #{id} in {channel}).").format(
                mrx=MRX_EMOJI, id=game.id, channel=channel),
            tr._("Any free station will do; the channel hears only the letter of its tile."),
            tr._("Detectives: {hunters}").format(hunters=hunters),
            tr._("Pick below, or type `/sy move to: …` here."),
        ])
    entry = len(public.logbook) + 1
    lines = [
        tr._("{mrx} **Your move, Mr. X** (game #{id} in {channel}, round {round}).").format(
            mrx=MRX_EMOJI, id=game.id, channel=channel, round=public.round),
        tr._("You are at {station}. This is move {n} of {total}.").format(
            station=station(mview.station), n=entry, total=public.log_entries)
        + (" " + tr._("🔍 This move is a **reveal**: everyone will see where you land.")
           if entry in public.reveal_entries else ""),
    ]
    used = ", ".join(f"{die_word(face, tr)} ({pawn_name(public, pawn, tr)})" for pawn, face in public.used)
    lines.append(tr._("Dice the detectives used this round: {dice}").format(dice=used or tr._("none")))
    lines.append(tr._("Where each takes you:"))
    lines += [f"• {line}" for line in reach_lines(mview, tr)]
    if mview.can_double:
        lines.append(tr._("⏩ Your double move is ready: two of their dice, or one and a black ticket."))
    hunters = ", ".join(f"{pawn_name(public, p.id, tr)} {p.station}" for p in public.detectives)
    lines.append(tr._("Detectives: {hunters}").format(hunters=hunters))
    count = len(public.possible)
    if count == 1:
        lines.append(tr._("The detectives know where you are."))
    elif count:
        lines.append(tr.ngettext("As far as they can tell, you are at one of {n} station.",
                                 "As far as they can tell, you are at one of {n} stations.", count).format(n=count))
    lines.append(tr._("Pick below, or type `/sy move to: … ticket: …` here."))
    return "\n".join(lines)


def mrx_moved_text(events: Sequence[Any], now_at: int | None, tr: Speaker = EN) -> str:
    """His receipt (it names his station: he alone reads it)."""
    parts = []
    for e in events:
        if isinstance(e, MrXMoved):
            parts.append(tr._("move {n} {ticket}").format(n=e.entry, ticket=die_word(e.ticket, tr))
                         + (" 🔍" if e.revealed is not None else ""))
        if isinstance(e, MrXStarted):
            parts.append(tr._("start on tile {tile}").format(tile=e.tile))
    if not parts:
        return tr._("✅ Done.")
    return tr._("✅ Done: {moves}. You are at {station} now.").format(moves="; ".join(parts), station=station(now_at))


def mrx_status_text(mview: DiceMrXView, tr: Speaker = EN) -> str:
    text = tr._("🎩 Only you see this: you are at {station}.").format(station=station(mview.station))
    if mview.moves:
        text += "\n" + "\n".join(reach_lines(mview, tr))
    return text[:1500]


# -- /sy move --------------------------------------------------------------------------------------


def move_choices(view, pawn: str, option: str, current: str, to: int | None, tr: Speaker) -> list:
    """Autocomplete for ``/sy move``: ``to`` (stations: start choices, or where a die takes the mover,
    with the dice) or ``ticket``/``die`` (the dice that reach ``to``). ``view`` is Mr. X's own for him."""
    from discord import app_commands

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


async def table_move(table, interaction: discord.Interaction, game: GameInfo, who: str, to: int,
                     ticket: str | None, then_to: int | None, then_ticket: str | None,
                     expected_round: int | None) -> None:
    """``/sy move to: die:``: a start pick, a detective's ride with a die, Mr. X's move or double move.
    The die (ticket) may be left out when only one reaches the station."""
    from bot.chat.table import Refused

    service = table.service
    user_id = interaction.user.id
    tr = reader()
    if then_to is not None and who != MRX:
        raise Refused("Only Mr. X can make a double move.")
    if then_to is None and then_ticket is not None:
        raise Refused("For a double move give `then_to`, the second station, as well.")
    view = await service.public_view(game.id)
    mview = await service.mrx_view(game.id, user_id) if who == MRX else None
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
    if then_to is not None:
        if then_ticket is None:
            raise Refused("Say which die or ticket takes you on to {station} with `then_ticket`.",
                          station=station(then_to))
        result = await service.double_move(game.id, user_id, (to, ticket or ""), (then_to, then_ticket),
                                           str(interaction.id), expected_round)
    else:
        result = await service.move(game.id, user_id, who, to, ticket or "", str(interaction.id), expected_round)
    if who == MRX:
        now_at = None if result.duplicate else (await service.mrx_view(game.id, user_id)).station
        text = tr._("That move was already made.") if result.duplicate else mrx_moved_text(result.events, now_at, tr)
        files = []
        if not result.duplicate:
            png = await table.bot.pictures.mrx_board(await service.mrx_view(game.id, user_id), language=tr.language)
            files = [discord.File(io.BytesIO(png), "mrx-board.png")] if png else []
        await say(interaction, text, ephemeral=True, files=files)
        await table.retire_prompt(game.id)
    elif result.duplicate:
        await say(interaction, tr._("That move was already made."), ephemeral=True)
    else:
        await table._quiet_done(interaction)
    await table.bot.announce(game.id)
