"""What the slash commands offer while a player types (autocomplete): their running games, their
pawns, the other agents, and, for a move, what the family's presenter offers (its ``choices``:
stations and tickets in the board's words, or dice).

An autocomplete never answers with an error: whatever goes wrong, it offers nothing.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games import get_family
from bot.games.family import MRX
from bot.service.models import RUNNING
from bot.service.people import time_zones as time_zone_names

from bot.chat import finder
from bot.chat.context import ChatContext
from bot.chat.presenters import presenter
from bot.chat.replies import is_dm, speaker_for
from bot.chat.words import pawn_emoji, pawn_name


def _int(text: object) -> int | None:
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return None


def _option(interaction: discord.Interaction, name: str) -> Any:
    return getattr(interaction.namespace, name, None)


async def games(ctx: ChatContext, interaction: discord.Interaction, current: str,
                every_role: bool = False) -> list[app_commands.Choice[int]]:
    """The running games played from here (a channel's games in their threads, the thread's own game) first, then the
    caller's own running games elsewhere (in DMs: those where they are Mr. X, unless ``every_role``)."""
    try:
        role = "mrx" if is_dm(interaction) and not every_role else None
        mine = await finder.my_games(ctx.service, interaction.user.id, role)
        here = [] if is_dm(interaction) else [g for g in await finder.games_here(ctx.service, interaction.channel_id)
                                               if g.status == RUNNING]
    except Exception:
        return []
    turns = {g.game.id: g.your_turn for g in mine}
    found = []
    tr = await speaker_for(interaction)
    for game in [*here, *(g.game for g in mine if g.game.id not in {h.id for h in here})]:
        turn = " · " + tr._("your move") if turns.get(game.id) else ""
        name = f"#{game.id} · " + tr._("round {n}").format(n=game.round) + turn
        if str(current or "").strip() in str(game.id):
            found.append(app_commands.Choice(name=name, value=game.id))
    return found[:25]


def time_zones(current: str) -> list[app_commands.Choice[str]]:
    """The IANA time zones whose name holds what the caller typed (``berlin``: Europe/Berlin), those that start
    with it first; before they type, the most asked for."""
    typed = str(current or "").strip().lower().replace(" ", "_")
    if not typed:
        return [app_commands.Choice(name=zone, value=zone) for zone in COMMON_ZONES]
    every = time_zone_names()
    first = [z for z in every if z.lower().startswith(typed) or z.lower().split("/")[-1].startswith(typed)]
    rest = [z for z in every if typed in z.lower() and z not in first]
    return [app_commands.Choice(name=zone, value=zone) for zone in (first + rest)[:25]]


#: offered before anything is typed
COMMON_ZONES = ("Europe/Berlin", "Europe/Vienna", "Europe/Zurich", "Europe/London", "Europe/Paris", "UTC",
                "America/New_York", "America/Chicago", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney")


async def _mover(ctx: ChatContext, interaction: discord.Interaction):
    """(game, pawn, the mover's view: Mr. X's own for him, else the public one) for the caller's move
    now, or None."""
    try:
        game = await finder.game_for(ctx.service, interaction, _int(_option(interaction, "game")), playing=True)
        if game.status != RUNNING:
            return None
        mover = await finder.mover(ctx.service, game, interaction, _option(interaction, "pawn") or None)
        if mover.pawn not in game.to_move:
            return None
        view = await mover.mrx_view() if mover.pawn == MRX else await mover.public_view()
        return game, mover.pawn, view
    except Exception:
        return None


async def of_family(ctx: ChatContext, interaction: discord.Interaction, command: str, option: str,
                    current: str, side: str | None = None) -> list[app_commands.Choice]:
    """The family's choices for ``option`` of ``command`` (``side``: only for Mr. X, or only for a
    detective; the others are offered nothing)."""
    found = await _mover(ctx, interaction)
    if found is None:
        return []
    game, pawn, view = found
    if side is not None and (pawn == MRX) != (side == MRX):
        return []
    chosen = {"to": _int(_option(interaction, "to")), "then_to": _int(_option(interaction, "then_to")),
              "ticket": _option(interaction, "ticket")}
    words = presenter(get_family(game.family))
    return words.choices(command, option, view, pawn, current, chosen, await speaker_for(interaction))


async def my_pawns(ctx: ChatContext, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        game = await finder.game_for(ctx.service, interaction, _int(_option(interaction, "game")), playing=True)
        me = await finder.me(ctx.service, game, interaction.user.id)
        view = await ctx.service.public_view(game.id)
    except Exception:
        return []
    found = []
    for pawn in me.pawns:
        p = view.pawn(pawn)
        where = "" if p.station is None else f" at {p.station}"
        turn = " (to move)" if pawn in view.to_move else ""
        name = f"{pawn_emoji(p.role, p.colour)} {p.label}{where}{turn}"
        if str(current or "").lower() in name.lower():
            found.append(app_commands.Choice(name=name, value=pawn))
    return found[:25]


async def other_agents(ctx: ChatContext, interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
    """``/sy trade to:``: the detectives but the caller's pawn to move now."""
    found = await _mover(ctx, interaction)
    if found is None or found[1] == MRX:
        return []
    pawn, view = found[1], found[2]
    return [app_commands.Choice(name=pawn_name(view, p.id), value=p.id) for p in view.detectives
            if p.id != pawn and str(current or "").lower() in p.label.lower()][:25]
