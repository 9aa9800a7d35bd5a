"""``/sy help`` and the rules summary in the reader's language (gettext; English source strings are the ids)."""

from __future__ import annotations

from typing import Mapping

from bot.game import get_rules

from . import N_, Speaker

HELP = N_(
    "**Scotland Yard**: Mr. X hides in London, the detectives hunt him.\n"
    "• `/sy new` opens a game here; `/sy join`, `/sy leave`, and the host's `/sy start`.\n"
    "• Detectives: press **Move** under the post that says it's your turn, or `/sy move to:` in the game's "
    "channel (autocomplete shows where you can go; add `ticket:` when several reach the station).\n"
    "• Mr. X: I DM you a menu on your turn; `/sy move` in my DMs (or here, privately) works too, "
    "with `then_to`/`then_ticket` for a ⏩ double move.\n"
    "• `/sy board`, `/sy log`, `/sy status`, `/sy rules` to look around.\n"
    "• Host: `/sy settings` (reminders, deadline, tracker; `scope: server` sets the server's defaults), "
    "`/sy replace`, `/sy cancel`.\n"
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
    "sanssouci": (N_("Mister X in Sanssouci (Potsdam)"),
                N_("Agents hunt Mr. X through Potsdam by foot, ViP and Schnellbahn; boats for Mr. X only.")),
}
OPTION_TITLES = {"voluntary_surfacing": N_("Voluntary surfacing"), "cut_off": N_("Cut-off")}
EMOJI = {"taxi": "🚕", "bus": "🚌", "underground": "🚇", "black": "⬛", "double": "⏩", "walk": "🚶", "vip": "🚐",
         "sbahn": "🚆", "boat": "⛴️"}
TICKET_NAMES = {"taxi": N_("taxi"), "bus": N_("bus"), "underground": N_("underground"), "black": N_("black"),
                "double": N_("double move"), "walk": N_("walk"), "vip": N_("ViP"), "sbahn": N_("Schnellbahn"),
                "boat": N_("boat")}


def help_text(t: Speaker) -> str:
    return t._(HELP)


def _kind(ticket: object) -> str:
    return str(getattr(ticket, "value", ticket))


def _tickets(t: Speaker, tickets: Mapping) -> str:
    parts = []
    for ticket, n in tickets.items():
        kind = _kind(ticket)
        name = t._(TICKET_NAMES[kind]) if kind in TICKET_NAMES else kind
        parts.append(f"{EMOJI.get(kind, '🎫')} {n} {name}")
    return ", ".join(parts)


def rules_text(t: Speaker, game_rules: str, options: Mapping[str, bool] | None = None) -> str:
    r = get_rules(game_rules)
    title, summary = RULE_WORDS.get(r.name, (r.title, r.summary))
    if r.mrx_tickets is None:
        mrx = t._("taxi, bus and underground from the supply (unlimited)")
    else:
        mrx = _tickets(t, r.mrx_tickets)
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
            tickets=_tickets(t, r.detective_tickets), whom=spent),
        t._("• Mr. X: {tickets}; ⬛ black: {black}; ⏩ double moves: {double}.").format(
            tickets=mrx, black=black, double=r.mrx_double_tickets),
        t._("• Reveals after logbook entries {entries}; {length}.").format(entries=entries, length=length),
        (t._("• Detectives move in any order; a detective who moves onto Mr. X catches him.") if r.any_order
         else t._("• Detectives move in seat order; a detective who moves onto Mr. X catches him.")),
    ]
    on = [t._(OPTION_TITLES.get(o.name, o.title)) for o in r.options if (options or {}).get(o.name)]
    if on:
        lines.append(t._("• Options in play: {options}.").format(options=", ".join(on)))
    return "\n".join(lines)
