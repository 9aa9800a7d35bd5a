"""The host's and the server managers' commands: ``/sy-host settings`` (a game's or the server's
defaults), ``/sy-host cancel``, ``/sy-host replace``, ``/sy-host pause`` and ``/sy-host resume``."""

from __future__ import annotations

from typing import Awaitable, Callable

import discord

from bot.i18n import N_, reader, speaker
from bot.service.models import LOBBY, GameInfo, GameSettings, GuildSettings

from bot.chat import finder, lobby
from bot.chat.context import ChatContext
from bot.chat.replies import Refused, defer, guarded, is_dm, key, say
from bot.chat.words import rules_title, settings_words


def _hours(new: float | None, old: float | None) -> float | None:
    """An hours option: left out keeps the old value, 0 turns it off (the service checks the rest)."""
    return old if new is None else (None if new == 0 else new)


def thread_words(threads: bool, server: bool, tr) -> str:
    if server:
        return tr._("each game in a thread of its own") if threads else tr._("games in their channel")
    return tr._("in a thread of its own") if threads else tr._("in this channel")


async def settings(ctx: ChatContext, interaction: discord.Interaction, reminder_hours: float | None,
                   deadline_hours: float | None, tracker: bool | None, scope: str | None, rules: str | None,
                   language: str | None, thread: bool | None = None, away_days: float | None = None,
                   takebacks: bool | None = None) -> None:
    service = ctx.service
    async with guarded(interaction) as scope_:
        changes = (reminder_hours is not None or deadline_hours is not None or tracker is not None
                   or language is not None or away_days is not None)
        if is_dm(interaction):
            raise Refused("Settings belong to a server's games: use `/sy-host settings` in the server.")
        server = scope == "server" if scope else not await finder.games_here(service, interaction.channel_id)
        if server and takebacks is not None:
            raise Refused("Take-backs are set for each game: use `takebacks` in the game's channel.")
        if server:
            current = await service.guild_settings(interaction.guild_id)
            if changes or rules is not None:
                wanted = GuildSettings(rules if rules else current.default_rules,
                                       _hours(reminder_hours, current.reminder_hours),
                                       _hours(deadline_hours, current.deadline_hours),
                                       current.tracker if tracker is None else tracker,
                                       current.language if language is None else language,
                                       current.away_days if away_days is None else away_days)
                current = await service.set_guild_settings(interaction.guild_id, wanted,
                                                           bool(interaction.permissions.manage_guild))
            if thread is not None:
                await service.set_guild_threads(interaction.guild_id, thread,
                                                bool(interaction.permissions.manage_guild))
            threads = await service.guild_threads(interaction.guild_id)
            changed = changes or rules is not None or thread is not None
            tr = reader()
            text = tr._("⚙️ Server defaults for new games: {rules}, {settings}, {threads}.").format(
                rules=rules_title(current.default_rules, tr), settings=settings_words(current, tr),
                threads=thread_words(threads, True, tr))
            if not await finder.games_here(service, interaction.channel_id) and not changed:
                text += " " + tr._("There is no game in this channel; `/sy new` opens one.")
            await say(interaction, text, ephemeral=not changed)
            return
        if rules is not None:
            raise Refused("The rules of a game are chosen when it opens (`/sy new rules:`); "
                          "`scope: server` sets the server's default.")
        game = await finder.channel_game(service, interaction, lobby=True)
        scope_.game_id = game.id
        current = await service.settings(game.id)
        if thread:
            await lobby.wants_thread(ctx, interaction, True)  # refused where no thread can be opened
        if thread is not None:
            await service.play_in_thread(game.id, interaction.user.id, thread,
                                         bool(interaction.permissions.manage_channels))
        if takebacks is not None:
            await service.allow_takebacks(game.id, interaction.user.id, takebacks,
                                          bool(interaction.permissions.manage_channels))
        if changes:
            wanted = GameSettings(_hours(reminder_hours, current.reminder_hours),
                                  _hours(deadline_hours, current.deadline_hours),
                                  current.tracker if tracker is None else tracker,
                                  current.language if language is None else language,
                                  current.away_days if away_days is None else away_days)
            current = await service.update_settings(game.id, interaction.user.id, wanted,
                                                    bool(interaction.permissions.manage_channels))
        changed = changes or thread is not None or takebacks is not None
        tr = speaker(current.language) if changed else reader()  # a change is posted to the channel
        allowed = await service.takebacks_allowed(game.id)
        await say(interaction, tr._("⚙️ Game #{id}: {settings}, {threads}, {takebacks}.").format(
            id=game.id, settings=settings_words(current, tr),
            threads=thread_words(await service.wants_thread(game.id), False, tr),
            takebacks=tr._("take-backs by consent") if allowed else tr._("no take-backs")), ephemeral=not changed)
        if changed and game.status == LOBBY:
            await lobby.refresh(ctx, game.id)  # the lobby shows the game's language and its thread


async def on_channel_game(ctx: ChatContext, interaction: discord.Interaction,
                          act: Callable[[GameInfo, bool], Awaitable[object]], said: str) -> GameInfo | None:
    """A host's command on the channel's game: ``act(game, manages the channel)``, then the private answer
    ``said`` (a message id, in the reader's language) and the posts the change owes."""
    if not await defer(interaction, ephemeral=True):
        return None
    async with guarded(interaction) as scope:
        game = await finder.channel_game(ctx.service, interaction)
        scope.game_id = game.id
        await act(game, bool(interaction.permissions.manage_channels))
        await say(interaction, reader()._(said), ephemeral=True)
        await ctx.announce(game.id)
        return game
    return None


async def cancel(ctx: ChatContext, interaction: discord.Interaction) -> None:
    async def cancelled(game: GameInfo, manages: bool) -> None:
        await ctx.service.cancel(game.channel_id, interaction.user.id, manages, key=key(interaction), game_id=game.id)
        await lobby.refresh(ctx, game.id)

    await on_channel_game(ctx, interaction, cancelled, N_("🛑 Cancelled."))


async def pause(ctx: ChatContext, interaction: discord.Interaction, reason: str | None) -> None:
    await on_channel_game(ctx, interaction, lambda game, manages: ctx.service.pause(
        game.id, interaction.user.id, reason, manages, key=key(interaction)),
        N_("⏸ Paused: nobody moves and no clock runs until `/sy-host resume`."))


async def resume(ctx: ChatContext, interaction: discord.Interaction) -> None:
    await on_channel_game(ctx, interaction, lambda game, manages: ctx.service.resume(
        game.id, interaction.user.id, manages, key=key(interaction)), N_("▶️ Resumed: the clock runs again."))


async def replace(ctx: ChatContext, interaction: discord.Interaction, old: discord.User, new: discord.User) -> None:
    if not await defer(interaction, ephemeral=True):
        return
    async with guarded(interaction) as scope:
        game = await finder.channel_game(ctx.service, interaction)
        scope.game_id = game.id
        if new.bot:
            raise Refused("A bot cannot take a seat.")
        result = await ctx.service.replace(game.channel_id, interaction.user.id, old.id, new.id,
                                           new.display_name, key=key(interaction), game_id=game.id)
        await say(interaction, reader()._("🔁 {new} takes over from {old}.").format(new=new.mention, old=old.mention),
                  ephemeral=True)
        if result.game.status == LOBBY:
            await lobby.refresh(ctx, game.id)
            await ctx.client.get_partial_messageable(game.channel_id).send(
                f"🔁 {new.mention} takes over from {old.mention} in the lobby.")
        await ctx.announce(game.id)
