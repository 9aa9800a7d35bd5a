"""``/sy help`` and the rules summary in the reader's language (gettext; English source strings are the ids)."""

from __future__ import annotations

from typing import Mapping

from bot.games.london.engine import get_rules, load_board

from . import N_, Speaker

HELP = N_(
    "**Scotland Yard**: Mr. X hides in London, the detectives hunt him.\n"
    "• `/sy new` opens a game here; `/sy join`, `/sy leave`, and the host's `/sy start`.\n"
    "• Detectives: press **Move** under the post that says it's your turn, or `/sy move to:` in the game's "
    "channel (autocomplete shows where you can go; add `ticket:` when several reach the station).\n"
    "• Mr. X: I DM you a menu on your turn; `/sy move` in my DMs (or here, privately) works too, "
    "with `then_to`/`then_ticket` for a ⏩ double move.\n"
    "• 🎲 Hunting Mister X (`/sy new rules: dice`): press **Roll the dice**, then ride with one of the dice (or "
    "`/sy move to: die:`); Mr. X rides with the dice you used.\n"
    "• `/sy board`, `/sy log`, `/sy status`, `/sy rules` to look around.\n"
    "• Host: `/sy settings` (reminders, deadline, tracker; `scope: server` sets the server's defaults), "
    "`/sy replace`, `/sy cancel`.\n"
    "• 🤖 Computer players: the lobby's menu or `/sy addbot role: level:` (easy, normal, hard), `/sy removebot`; "
    "past the deadline `/sy addbot player:` plays an absent player's seat until `/sy join` takes it back.\n"
    "• After the game: `/sy export`, `/sy stats`, `/sy leaderboard`.\n"
    "• `/sy language`: Deutsch, English, or your Discord language.\n"
    "Tickets: 🚕 taxi · 🚌 bus · 🚇 underground · ⬛ black (Mr. X: any line, ferry too) · ⏩ double move."
)

#: the rule sets' titles and summaries (the engine's English words; tests/i18n checks they still match)
RULE_WORDS = {
    "classic": (N_("Classic (Ravensburger 2000)"),
                N_("Mr. X against 2-5 detectives; reveals at moves 3, 8, 13, 18, 24; spent tickets go to Mr. X.")),
    "mb1985": (N_("Milton Bradley 1985"),
               N_("Always five detectives shared among the detective players; Mr. X has five black tickets.")),
    "master": (N_("Scotland Yard Master (2013, basic game)"),
               N_("Up to 22 rounds; bobbies help small teams; detectives move in any order; "
                  "spent tickets go to the supply.")),
    "dice": (N_("Hunting Mister X"),
             N_("The 2019 dice game: the detectives roll, Mr. X reuses their dice on a grid of tiles.")),
    "sanssouci": (N_("Mister X in Sanssouci (Potsdam)"),
                N_("Agents hunt Mr. X through Potsdam by foot, ViP and Schnellbahn; boats for Mr. X only.")),
}
#: every variant's title and a short explanation (the engine's English words; tests/i18n checks they still match)
OPTION_WORDS = {
    "voluntary_surfacing": (N_("Voluntary surfacing"), N_(
        "On his turn, before moving, Mr. X may show where he is; in return he takes one ticket of his choice "
        "from each detective.")),
    "cut_off": (N_("Cut-off"), N_(
        "Mr. X may not pass over a station occupied by another pawn on a bus or underground ride.")),
    "extra_agent": (N_("Extra agent"), N_(
        "One agent more, with its own tickets (Mr. X gets one more black ticket, as he has one per agent).")),
    "any_order": (N_("Any order"), N_("The agents move in any order each round.")),
    "trade_tickets": (N_("Ticket trading"), N_(
        "On their own turn, before moving, agents may hand tickets to one another.")),
    "mrx_visible": (N_("Mr. X always visible"), N_("Mr. X's station is shown at every move.")),
    "no_boats": (N_("No boats"), N_("Mr. X may not take the boats.")),
    "black_for_boats": (N_("Black tickets for boats only"), N_("Mr. X's black tickets ride only the boats.")),
    "sbahn_for_vip": (N_("Schnellbahn tickets on ViP"), N_("Agents may pay a ViP ride with a Schnellbahn ticket.")),
    "stay_put": (N_("Stay put"), N_(
        "Mr. X may stay where he is with a walking ticket (the entry repeats his station).")),
    "reveal_returns_black": (N_("Reveal for a black ticket"), N_(
        "On his turn Mr. X may show where he is; if he has used a black ticket, one comes back to him.")),
    "expert": (N_("Expert game"), N_(
        "Some tiles lie expert side up: one-way streets, dead ends and diagonal taxi lanes")),
    "triple_move": (N_("Triple move"), N_("Mr. X may spend both double-move tickets at once for three moves.")),
}


#: the tickets every board shares (ride tickets are named by the board, in either language)
TICKET_NAMES = {"black": N_("black"), "double": N_("double move")}


def help_text(t: Speaker) -> str:
    return t._(HELP)


def _kind(ticket: object) -> str:
    return str(getattr(ticket, "value", ticket))


def _tickets(t: Speaker, tickets: Mapping, board) -> str:
    """``🚶 10 walking tickets``-style counts in the board's own emoji and words, in the reader's language."""
    parts = []
    for ticket, n in tickets.items():
        kind = _kind(ticket)
        transport = board.transport_of(kind) if kind in board.ride_tickets else None
        name = transport.name(t.language) if transport is not None else (
            t._(TICKET_NAMES[kind]) if kind in TICKET_NAMES else kind)
        parts.append(f"{board.ticket_emoji(kind)} {n} {name}")
    return ", ".join(parts)


def rules_text(t: Speaker, game_rules: str, options: Mapping[str, bool] | None = None) -> str:
    r = get_rules(game_rules)
    board = load_board(r.board)
    t = t.on(board)  # Sanssouci's rules call the hunters agents
    title, summary = RULE_WORDS.get(r.name, (r.title, r.summary))
    if r.mrx_tickets is None:
        mrx = t._("taxi, bus and underground from the supply (unlimited)")
    else:
        mrx = _tickets(t, r.mrx_tickets, board)
    black = t._("one per detective") if r.mrx_black_tickets is None else str(r.mrx_black_tickets)
    entries = ", ".join(str(n) for n in sorted(r.reveal_entries))
    spent = t._("Mr. X") if r.spent_tickets_to == "mrx" else t._("the supply")
    length = t.ngettext("{n} logbook entry", "{n} logbook entries", r.log_entries).format(n=r.log_entries)
    if r.max_rounds:
        length += t.ngettext(", {n} round at most", ", {n} rounds at most", r.max_rounds).format(n=r.max_rounds)
    lines = [
        f"**{t._(title)}**: {t._(summary)}",
        t._("• {low}-{high} players, Mr. X included.").format(low=r.min_players, high=r.max_players),
        t._("• Detectives' tickets: {tickets}. Spent tickets go to {whom}.").format(
            tickets=_tickets(t, r.detective_tickets, board), whom=spent),
        t._("• Mr. X: {tickets}; ⬛ black: {black}; ⏩ double moves: {double}.").format(
            tickets=mrx, black=black, double=r.mrx_double_tickets),
        t._("• Mr. X shows himself after his moves {entries}; {length}.").format(entries=entries, length=length),
        (t._("• Detectives move in any order; a detective who moves onto Mr. X catches him.") if r.any_order
         else t._("• Detectives move in seat order; a detective who moves onto Mr. X catches him.")),
    ]
    words = {o.name: OPTION_WORDS.get(o.name, (o.title, o.description)) for o in r.options}
    on = [name for name in words if (options or {}).get(name)]
    if on:
        lines.append(t._("• Variants in play:"))
        lines += [f"  – **{t._(words[n][0])}**: {t._(words[n][1])}" for n in on]
    elif words:
        lines.append(t._("• Variants the host can pick in the lobby: {names}.").format(
            names=", ".join(t._(title) for title, _ in words.values())))
    return "\n".join(lines)
