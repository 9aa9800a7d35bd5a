"""The bot: a discord.py ``Bot`` with its dependencies handed in, so tests can run the real thing."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai.thinker import Thinker
from bot.games import families
from bot.games.errors import quoted
from bot.i18n.commands import CommandTranslator
from bot.service import GameService

from bot.chat import lobby, moves
from bot.chat.announcer import Announcer
from bot.chat.commands import ScotlandYardCommands
from bot.chat.computers import PAUSE, Computers
from bot.chat.context import ChatContext
from bot.chat.lobby import NEEDED
from bot.chat.picture_jobs import Pictures
from bot.chat.places import THREAD_NEEDS
from bot.chat.presenters import presenter
from bot.chat.reminders import Reminders
from bot.chat.sync import sync_if_changed
from bot.chat.words import APOLOGY

log = logging.getLogger(__name__)


#: the names discord.py gives the tasks that run an interaction's handler (a slash command or
#: autocomplete, a button or select of a view or a DynamicItem, a modal)
_INTERACTION_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-",
                      "discord-ui-modal-dispatch-")


def _interaction_tasks() -> list[asyncio.Task]:
    me = asyncio.current_task()
    return [t for t in asyncio.all_tasks() if t is not me and not t.done()
            and t.get_name().startswith(_INTERACTION_TASKS)]


def intents() -> discord.Intents:
    """Only the guilds intent: interactions arrive whatever the intents, and sending DMs needs none.
    The bot never reads messages, so no message intents (and no privileged ones)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


#: what the invite link asks for: what a game's channel needs, and what a game's own thread needs (opening
#: it, and sending in it: a permission of its own)
INVITE_PERMISSIONS = discord.Permissions(**{flag: True for flag, _ in NEEDED + THREAD_NEEDS})


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server, with its commands and the permissions it needs."""
    return discord.utils.oauth_url(application_id, permissions=INVITE_PERMISSIONS,
                                   scopes=("bot", "applications.commands"))


class ScotlandYardBot(commands.Bot):
    """The bot builds the chat layer's parts and hands each what it needs: the command group and the
    handlers get a :class:`ChatContext`; the announcer, the computers and the reminders their own
    dependencies."""

    def __init__(self, service: GameService, *, pictures: Pictures | None = None,
                 clock: Callable[[], float] = time.time, dev_guild: int | None = None,
                 reminder_interval: float | None = 60.0, sync_commands: bool = True,
                 thinker: Thinker | None = None, computer_pause: float = PAUSE) -> None:
        # The bot never joins a voice channel: discord.py's warnings that its voice libraries are
        # missing are noise. It warns once and then lowers these flags itself; lower them first.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None)
        self.service = service
        self.pictures = pictures or Pictures()
        self.clock = clock
        self.dev_guild = dev_guild
        self.sync_commands = sync_commands
        self.context = ChatContext(service, self.pictures, clock, client=self, announce=self.announce)
        self.busy = self.context.busy
        self.announcer = Announcer(service, self.pictures, client=self)
        self.computers = Computers(service, self.announce, thinker, computer_pause)
        self.reminders = Reminders(service, self, clock, self.announce, reminder_interval or 60.0)
        self.reminder_interval = reminder_interval
        self._background: set[asyncio.Task] = set()
        self._healed = False
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        # Every command, option and choice name in German for German clients (bot/locales).
        await self.tree.set_translator(CommandTranslator())
        self.tree.add_command(ScotlandYardCommands(self.context))
        # Registered on every start, so buttons and menus of earlier runs keep working: the lobby's and
        # the table's, and each family's own (its presenter's).
        self.add_dynamic_items(*lobby.DYNAMIC_ITEMS, *moves.DYNAMIC_ITEMS)
        for family in families():
            self.add_dynamic_items(*presenter(family).DYNAMIC_ITEMS)
        if self.sync_commands:
            await self._sync_commands()
        if self.application_id:  # login() has read it
            log.info("invite link: %s", invite_url(self.application_id))
        if self.reminder_interval:
            self._spawn(self.reminders.run())

    async def _sync_commands(self) -> None:
        """The commands live in one place only: a server that has its own copy beside the global one
        lists every command twice. That place is global (DMs, where Mr. X plays, only see global
        commands), or with ``SY_DEV_GUILD`` the development server, whose copy updates at once; then
        the global copy is emptied. A server that was the development server before loses its copy."""
        if self.dev_guild:
            guild = discord.Object(self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            self.tree.clear_commands(guild=None)
            await sync_if_changed(self.tree, self.service, self.application_id, guild)
        await sync_if_changed(self.tree, self.service, self.application_id)
        await self._empty_former_dev_guild()

    async def _empty_former_dev_guild(self) -> None:
        key = f"commands:{self.application_id}:dev-guild"
        former, current = await self.service.installation_value(key) or "", str(self.dev_guild or "")
        if former == current:
            return
        if former:
            try:  # the tree holds no commands for it: its copy is synced empty
                await sync_if_changed(self.tree, self.service, self.application_id, discord.Object(int(former)))
            except discord.HTTPException as exc:  # the bot has left that server, say
                log.warning("could not remove the commands of the former development server %s: %s", former, exc)
        await self.service.set_installation_value(key, current)

    async def on_ready(self) -> None:
        log.info("ready as %s", self.user)
        if not self._healed:
            self._healed = True
            # Post whatever a crash left owed (the outbox), before anything else happens.
            self._spawn(self.announce())

    async def announce(self, game_id: int | None = None, *, computers: bool = True) -> None:
        """Post the messages the service owes (for one game or all); then a computer that owes the
        next move there plays it (``computers``)."""
        try:
            await self.announcer.flush(game_id)
        except Exception:
            log.exception("posting announcements failed (game %s)", game_id)
        if not computers:
            return
        try:
            if game_id is None:
                await self.computers.resume()
            else:
                self.computers.poke(game_id)
        except Exception:
            log.exception("could not hand the computers their turns (game %s)", game_id)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.TransformerError):
            text = f"⚠️ {quoted(error.value)} is not something I understand here: pick one of the offered choices."
        else:
            log.error("command error (interaction %s)", interaction.id, exc_info=error)
            text = APOLOGY
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass

    def _spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def close(self) -> None:
        # Let every interaction that has started finish (they hold a player's move and its answer),
        # also one still acknowledging, before its handler reached the game.
        started = _interaction_tasks()
        if started:
            done, left = await asyncio.wait(started, timeout=10)
            if left:
                log.warning("closing with %s interactions still in hand", len(left))
        try:
            await self.busy.wait_idle(timeout=5)
        except asyncio.TimeoutError:
            log.warning("closing with %s interactions still in hand", self.busy.count)
        for task in list(self._background):
            task.cancel()
        self.computers.close()
        await super().close()
