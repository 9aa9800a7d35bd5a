"""The lobby's words, the same for every family: the forming game's post, its closed form, and the
short line a join or a leave gets."""

from __future__ import annotations

from typing import Any, Sequence

import discord

from bot.games import family_for_rules
from bot.i18n import EN, Speaker
from bot.i18n.reference import OPTION_WORDS
from bot.service.events import GameCancelled, HostChanged, PlayerJoined, PlayerLeft, RoleChosen
from bot.service.models import GameInfo, Player

from bot.chat.seals import lobby_footer
from bot.chat.words import COLOUR, mention, role_word, rules_title


def lobby_embed(game: GameInfo, players: Sequence[Player], tr: Speaker = EN, thread: bool = False) -> discord.Embed:
    """The forming game (``thread``: its posts will go to a thread of its own)."""
    ruleset = family_for_rules(game.rules).rules_entry(game.rules)
    embed = discord.Embed(title=tr._("🕵️ Scotland Yard: a new game is forming"), colour=COLOUR)
    embed.description = (
        tr._("**{title}**, {low}-{high} players.").format(title=rules_title(game.rules, tr), low=ruleset.min_players,
                                                         high=ruleset.max_players)
        + "\n\n" + _seat_lines(game, players, tr) + "\n\n"
        + tr._("Press a button to join. The host starts the game when everyone is in.")
        + ("\n" + tr._("🧵 The game will be played in a thread of its own, opened here when it starts.")
           if thread else "")
    )
    options = [tr._(OPTION_WORDS.get(name, (title, ""))[0]) for name, title, _ in ruleset.options
               if (game.options or {}).get(name)]
    if options:
        embed.add_field(name=tr._("Variants"), value=", ".join(options))
    footer = tr._("Game #{id} · /sy join works too").format(id=game.id)
    embed.set_footer(text=lobby_footer(footer, game.key_commitment, tr))  # the key, committed before anyone joins
    return embed


def lobby_card(game: GameInfo, tr: Speaker = EN, *, start: str | None = None, thread: int | None = None,
               result: str | None = None) -> discord.Embed:
    """The lobby's post once it is closed: a short card that points to where the game is (``start``: a link to
    its start post, ``thread``: its own thread, ``result``: a link to its final post)."""
    title = tr._("🕵️ Game #{id} · {rules}").format(id=game.id, rules=rules_title(game.rules, tr))
    if game.status == "cancelled":
        text = tr._("🛑 This game was cancelled.")
    elif game.status != "running":
        text = (tr._("🏁 This game is over: [the result]({link}).").format(link=result) if result
                else tr._("🏁 This game is over."))
    elif thread is not None:
        text = tr._("🚦 The game is on, in its thread: {thread}").format(thread=f"<#{thread}>")
    elif start:
        text = tr._("🚦 The game is on: [to its start]({link}), the posts below it.").format(link=start)
    else:
        text = tr._("🚦 The game is on: its posts follow below.")
    return discord.Embed(title=title[:256], colour=COLOUR, description=text)


def _seat_lines(game: GameInfo, players: Sequence[Player], tr: Speaker) -> str:
    """One line per player, with their side ("• @alice: 🕵️ detective (host)")."""
    lines = []
    for p in players:
        host = tr._(" (host)") if p.user_id == game.host_id else ""
        lines.append(f"• {mention(p.user_id, tr)}: {role_word(p.role, tr)}{host}")
    return "\n".join(lines)


def lobby_event_line(event: Any, tr: Speaker = EN) -> str:
    """A short public line for a lobby change (the answer to a slash join/leave)."""
    if isinstance(event, PlayerJoined):
        return tr._("{who} joined as {role}.").format(who=mention(event.user_id, tr), role=role_word(event.role, tr))
    if isinstance(event, RoleChosen):
        return tr._("{who} now plays {role}.").format(who=mention(event.user_id, tr), role=role_word(event.role, tr))
    if isinstance(event, PlayerLeft):
        return tr._("{who} left the lobby.").format(who=mention(event.user_id, tr))
    if isinstance(event, HostChanged):
        return tr._("{who} is the host now.").format(who=mention(event.user_id, tr))
    if isinstance(event, GameCancelled):
        return tr._("The lobby is empty, so the game is off.")
    return ""
