"""``/sy help`` and the rule systems' and variants' names in the reader's language (gettext; English source strings
are the ids). Each family's presenter builds its own ``/sy rules`` from these."""

from __future__ import annotations

from . import N_, Speaker

HELP = N_(
    "**Scotland Yard**: Mr. X hides, the detectives hunt him.\n"
    "• `/sy new` opens a game here (`thread: True`: in a thread of its own); `/sy join`, `/sy leave`, and the host's "
    "`/sy start`.\n"
    "• Detectives: press **Move** under the post that says it's your turn, or `/sy move to:` in the game's "
    "channel (autocomplete shows where you can go; add `ticket:` when several reach the station).\n"
    "• Mr. X: I DM you a menu on your turn; `/sy move` in my DMs (or here, privately) works too, "
    "with `then_to`/`then_ticket` for a ⏩ double move.\n"
    "• 🎲 Hunting Mister X (`/sy new rules: dice`): press **Roll the dice**, then ride with one of the dice (or "
    "`/sy move to: die:`); Mr. X rides with the dice you used.\n"
    "• `/sy board`, `/sy log`, `/sy status`, `/sy rules` to look around, during the game and after it; `/sy games` "
    "lists your games everywhere.\n"
    "• Host: `/sy-host settings` (reminders, deadline, tracker, thread, days away; `scope: server` sets the server's "
    "defaults), `/sy-host pause`/`resume`, `/sy-host replace`, `/sy-host cancel`.\n"
    "• 🤖 Computer players: the lobby's menu or `/sy-host addbot role: level:` (easy, normal, hard), `/sy-host removebot`; "
    "past the deadline `/sy-host addbot player:` plays an absent player's seat until `/sy join` takes it back.\n"
    "• After the game: `/sy export`, `/sy stats`, `/sy leaderboard`.\n"
    "• Yours: `/sy-me away` (your turns wait), `back`, `notices` (a DM on your turn), `quiet` (quiet hours), "
    "`language`."
)
RULES_HERE = N_("Rules in play here: **{rules}** (`/sy rules` says more).")

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


def help_text(t: Speaker, rules: str | None = None, tickets: str | None = None) -> str:
    """``/sy help``; with the title of the ``rules`` in play here and their ``tickets`` (the family's line)."""
    lines = [t._(RULES_HERE).format(rules=rules)] if rules else []
    lines.append(t._(HELP))
    if tickets:
        lines.append(tickets)
    return "\n".join(lines)
