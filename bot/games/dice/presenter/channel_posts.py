"""The dice game's texts and embeds for the channel and for answers anyone may read (``/sy status``,
``/sy rules``): built from public views and public events only, in the reader's language (``tr``).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import discord

from bot.games import computer_kind
from bot.games.dice.engine import (
    MRX,
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
from bot.games.dice.ticket_words import DIE_EMOJI, ticket_name
from bot.i18n import EN, Speaker
from bot.i18n.names import outcome_sentence, ride_sentence
from bot.i18n.reference import OPTION_WORDS, RULE_WORDS
from bot.service.models import GameInfo, Player

from bot.chat import posts
from bot.chat.posts import seat_line
from bot.chat.words import COLOUR, MRX_EMOJI, and_list, mention, owners_of, pawn_name, rules_title, station
from bot.games.dice.presenter.words import TICKET_EMOJI, dice_row, die_word


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
        said = ride_sentence(event.die, tr) or tr._("{who} rode {ticket} from {start} to {to}.").replace(
            "{ticket}", die_word(event.die, tr))
        line = said.format(who=pawn_name(view, event.pawn, tr), start=station(event.start), to=station(event.to))
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
            line = tr._("{mrx} Mr. X's move {n}: nothing fits, he passes (an X in his log).").format(
                mrx=MRX_EMOJI, n=event.entry)
        else:
            line = (tr._("{mrx} Mr. X's move {n}: {ticket} (double move).") if event.double
                    else tr._("{mrx} Mr. X's move {n}: {ticket}.")).format(mrx=MRX_EMOJI, n=event.entry,
                                                                          ticket=die_word(event.ticket, tr))
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
        return tr._("🎩 Mr. X's turn ({who}): your choices are in my DMs.").format(who=who)
    if current and view.awaiting == "start":
        return tr._("📍 {names} ({who}): pick a taxi-only start station below, or `/sy move to:`.").format(
            names=names, who=who)
    if current and view.awaiting == "move":
        if view.can_skip:
            return tr._("😬 Nothing fits, {who}: roll again with a token, or stay.").format(who=who)
        return tr._("➡️ {who}: pick your ride below.").format(who=who)
    if current and view.awaiting == "roll" or not current:
        return tr._("🎲 {names} ({who}): roll the dice!").format(names=names, who=who)
    return ""


def action_text(payload: Mapping[str, Any], events: Sequence[Any], view: DicePublicView,
                owners: Mapping[str, Sequence[int]], tr: Speaker = EN) -> str:
    lines = [line for line in (event_line(e, view, owners, tr) for e in events) if line]
    # At the end of a round the summary comes next and calls whoever rolls first; at the end, nobody.
    if not any(isinstance(e, (GameEnded, RoundEnded)) for e in events):
        nxt = next_up_line(payload.get("next"), view, owners, tr)
        if nxt:
            lines.append(nxt)
    return "\n".join(lines) or "…"


def rewrites_turn_post(events: Sequence[Any]) -> bool:
    """A roll (or a roll again) keeps the turn with the detective who rolled: it rewrites the post that
    called them, so a detective's move is one post, from the call to the ride."""
    return any(isinstance(e, DiceRolled) for e in events) and all(
        isinstance(e, (DiceRolled, PawnSkipped)) for e in events)


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


def round_summary_text(view: DicePublicView, round_: int, tr: Speaker = EN) -> str:
    """The end of ``round_`` in a few lines: the round, Mr. X's log (his tile at the start, the dice and tickets,
    the stations he showed himself at), when he shows himself next, where he may be and what he has left. The call
    to act follows it, last (the announcer adds it)."""
    cells = [(DIE_EMOJI[e.face] if e.ticket not in TICKET_EMOJI else TICKET_EMOJI[e.ticket],
              e.station if e.reveal else None) for e in view.logbook]
    start = tr._("tile {tile}").format(tile=view.start_tile) if view.start_tile is not None else ""
    lines = ["📋 **" + tr._("Round {n} is over").format(n=round_) + "**",
             posts.logbook_line(cells, view.log_entries, tr, start=start)]
    if view.outcome is None:
        upcoming = [n for n in view.reveal_entries if n > len(view.logbook)]
        if upcoming:
            lines.append(posts.next_reveal_line(upcoming[0], tr))
        if view.possible or view.mrx_shown is not None:
            lines.append(posts.where_line(view.possible, view.mrx_shown, tr))
        lines.append("🎟️ " + tickets_line(view, tr))
        if view.final:
            lines.append(tr._("⏳ The detectives' last turn comes now."))
    return "\n".join(lines)


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
    return posts.game_over_embed(view, players, picture, tr, route=route_text(view))


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


def help_tickets(t: Speaker, name: str) -> str:
    """``/sy help``'s line on what the dice game rides."""
    return t._("Dice: {taxi} · {bus} · {underground} · ❌ X; Mr. X rides the dice you used, or ⬛ {black}, "
               "⏩ {double} or 🚁 {helicopter}.").format(
        taxi=die_word("taxi", t), bus=die_word("bus", t), underground=die_word("underground", t),
        black=ticket_name("black", t), double=ticket_name("double", t), helicopter=ticket_name("helicopter", t))
