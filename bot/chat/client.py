"""The bot: a discord.py ``Bot`` with its dependencies handed in, so tests can run the real thing."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Callable, Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai.thinker import Thinker
from bot.games import families
from bot.games.errors import quoted
from bot.i18n import N_, personal_language, speaker
from bot.i18n.commands import CommandTranslator
from bot.service import GameService

from bot.chat import lobby, moves, rematch, takebacks
from bot.chat.announcer import Announcer
from bot.chat.commands import all_commands
from bot.chat.computers import PAUSE, Computers
from bot.chat.leases import Claimant
from bot.chat.context import ChatContext
from bot.chat.lobby import NEEDED
from bot.chat.notices import TurnNotices
from bot.chat.picture_jobs import Pictures
from bot.chat.places import THREAD_NEEDS
from bot.chat.presenters import presenter
from bot.chat.reminders import Reminders
from bot.chat.wakeups import POLL_EVERY, Wakeups
from bot.chat.status import BEAT_EVERY, RESTARTING, Heartbeat, shards_label
from bot.chat.sync import RETRY_DELAYS, RETRYABLE, passing, sync_if_changed, sync_with_retries
from bot.chat.words import APOLOGY, one_line

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


#: what ``/sy verify`` needs to read a finished game's own posts back (without it, it checks the record alone)
VERIFY_NEEDS = (("read_message_history", N_("Read Message History")),)
#: what the invite link asks for: what a game's channel needs, what a game's own thread needs (opening
#: it, and sending in it: a permission of its own), and what ``/sy verify`` reads with
INVITE_PERMISSIONS = discord.Permissions(**{flag: True for flag, _ in NEEDED + THREAD_NEEDS + VERIFY_NEEDS})


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server, with its commands and the permissions it needs."""
    return discord.utils.oauth_url(application_id, permissions=INVITE_PERMISSIONS,
                                   scopes=("bot", "applications.commands"))


class ScotlandYardBot(commands.AutoShardedBot):
    """The bot builds the chat layer's parts and hands each what it needs: the command group and the
    handlers get a :class:`ChatContext`; the announcer, the computers and the reminders their own
    dependencies.

    It is discord.py's sharded bot: ``shard_ids`` of ``shard_count`` are the gateway shards this process
    holds (several processes share one bot on PostgreSQL); without them it holds every shard of the count
    Discord recommends. ``sync_commands`` says whether this process syncs the slash commands: one process
    of a bot does (the runner gives it to the one holding shard 0)."""

    def __init__(self, service: GameService, *, pictures: Pictures | None = None,
                 clock: Callable[[], float] = time.time, dev_guild: int | None = None,
                 reminder_interval: float | None = 60.0, sync_commands: bool = True,
                 thinker: Thinker | None = None, computer_pause: float = PAUSE,
                 shard_ids: Sequence[int] | None = None, shard_count: int | None = None,
                 sync_retry_delays: tuple[float, ...] = RETRY_DELAYS,
                 heartbeat_every: float | None = BEAT_EVERY, claimant: Claimant | None = None,
                 poll_interval: float | None = POLL_EVERY, health_file: Path | None = None,
                 web_url: str | None = None) -> None:
        # The bot never joins a voice channel: discord.py's warnings that its voice libraries are
        # missing are noise. It warns once and then lowers these flags itself; lower them first.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None,
                         shard_ids=list(shard_ids) if shard_ids is not None else None, shard_count=shard_count)
        self.sync_retry_delays = sync_retry_delays
        #: set once close() begins: interactions arriving after it are told to try again, not applied
        self.closing = False
        self._refusals: set[asyncio.Task] = set()
        #: seconds between refusing new interactions and closing the gateway, for those already received
        self.close_grace = 0.05
        self._stopping: asyncio.Future | None = None
        self._guard_interactions_while_closing()
        self.service = service
        #: the web pages' public base address (SY_WEB_URL): posts link each game's page; None: no link
        self.web_url = web_url.rstrip("/") if web_url else None
        #: told of every game the bot announces (a command changed it, here or in another process): the web
        #: pages served in this process (bot.web.live.Hub.changed)
        self.changed: list[Callable[[int | None], None]] = []
        self.pictures = pictures or Pictures()
        self.clock = clock
        self.dev_guild = dev_guild
        self.sync_commands = sync_commands
        self.context = ChatContext(service, self.pictures, clock, client=self, announce=self.announce)
        self.busy = self.context.busy
        #: this process as its claims name it (work that is not a reply: posts, computers, reminders)
        self.claimant = claimant or Claimant.of_this_process()
        #: the DMs owed to people who asked to be told when a turn becomes theirs
        self.notices = TurnNotices(service, self, self.claimant)
        self.announcer = Announcer(service, self.pictures, client=self, claimant=self.claimant, notices=self.notices)
        self.computers = Computers(service, self.announce, thinker, computer_pause, claimant=self.claimant)
        self.reminders = Reminders(service, self, clock, reminder_interval or 60.0, claimant=self.claimant,
                                   announce=self.announce, notices=self.notices)
        #: work other processes queue (PostgreSQL's NOTIFY), and the poll every ``poll_interval`` seconds
        self.wakeups = Wakeups(service, self.announce, poll_interval)
        self.reminder_interval = reminder_interval
        #: this process's row among the bot's processes (``/sy status processes:``) and its hold on its shards:
        #: taken before the bot connects, renewed every third of the claimant's lease (at most every
        #: ``heartbeat_every`` seconds); None: neither, as some tests want
        # (named as its claims are, so the owner's report shows the posts each process has in hand)
        self.heartbeat = Heartbeat(service, self, clock, name=self.claimant.name,
                                   beat_every=heartbeat_every or BEAT_EVERY, lease=self.claimant.lease,
                                   health_file=health_file)
        self.heartbeat_every = heartbeat_every
        #: why this process gave its shards up (another process holds them too), once it did
        self.gave_up: str | None = None
        self._background: set[asyncio.Task] = set()
        self._healed = False
        #: set once the first ready has posted what was owed and set the computers owing moves going
        self.recovered = asyncio.Event()
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        if self.heartbeat_every:
            # This process's shards first (another live process on them refuses the start: ShardsTaken), kept
            # from now on, also while the shards connect.
            await self.heartbeat.hold()
            self._spawn(self.heartbeat.run())
        # Every command, option and choice name in German for German clients (bot/locales).
        await self.tree.set_translator(CommandTranslator())
        for command in all_commands(self.context):
            self.tree.add_command(command)
        # Registered on every start, so buttons and menus of earlier runs keep working: the lobby's and
        # the table's, and each family's own (its presenter's).
        self.add_dynamic_items(*lobby.DYNAMIC_ITEMS, *moves.DYNAMIC_ITEMS, *rematch.DYNAMIC_ITEMS,
                                *takebacks.DYNAMIC_ITEMS)
        for family in families():
            self.add_dynamic_items(*presenter(family).DYNAMIC_ITEMS)
        if self.sync_commands:
            try:
                await self._sync_commands()
            except RETRYABLE as exc:
                if not passing(exc):  # a 4xx: a setting to fix (SY_DEV_GUILD), the runner says so in one line
                    raise
                # Discord out of reach or failing (5xx): play anyway with the commands it has, and sync in
                # the background until it works.
                log.warning("slash command sync failed (%s); starting anyway, trying again in the background",
                            one_line(exc))
                self._spawn(sync_with_retries(self._sync_commands, self.sync_retry_delays))
        try:  # the finished games not rated yet: all of them when the ratings are new or computed otherwise
            rated = await self.service.rate_games()
            if rated.rated:
                log.info("rated %s finished games%s", rated.rated, " from nothing" if rated.recomputed else "")
        except Exception:
            log.exception("could not rate the finished games (the next start tries again)")
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

    async def on_shard_ready(self, shard_id: int) -> None:
        log.info("shard %s of %s ready", shard_id, self.shard_count)

    async def on_ready(self) -> None:
        log.info("ready as %s (shards %s of %s)", self.user, shards_label(self.shard_ids, self.shard_count),
                 self.shard_count)
        if not self._healed:
            self._healed = True
            # Post whatever a crash left owed (the outbox), before anything else happens.
            self._spawn(self._recover())
            self._spawn(self.wakeups.start())
            if self.heartbeat.held:  # a beat with the gateway's latency at once (the health file says ready)
                self._spawn(self.heartbeat.renew())

    async def _recover(self) -> None:
        try:
            await self.announce()
        finally:
            self.recovered.set()

    async def announce(self, game_id: int | None = None, *, computers: bool = True) -> None:
        """Post the messages the service owes (for one game or all); then a computer that owes the
        next move there plays it (``computers``)."""
        for listener in self.changed:
            try:
                listener(game_id)
            except Exception:
                log.exception("a listener of game %s's changes failed", game_id)
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

    def _guard_interactions_while_closing(self) -> None:
        """An interaction that reaches the bot once it is closing is answered "try again in a moment" at
        once and goes no further: nothing of it is applied, and the player is never left without an answer
        (the one that would have come after the close could no longer be sent). discord.py dispatches
        interactions from the gateway parser, below commands, views and modals alike: it is guarded there."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def parse_interaction(data) -> None:
            if not self.closing:
                return parse(data)
            interaction = discord.Interaction(data=data, state=self._connection)
            task = asyncio.create_task(self._refuse_while_closing(interaction))
            self._refusals.add(task)
            task.add_done_callback(self._refusals.discard)

        parsers["INTERACTION_CREATE"] = parse_interaction

    async def _refuse_while_closing(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.autocomplete:
            return  # a list of choices cannot say anything; the command itself will be refused
        log.info("interaction %s arrived while closing: told to try again", interaction.id)
        try:
            tr = speaker(personal_language(None, interaction.locale))
            await interaction.response.send_message(tr._(RESTARTING), ephemeral=True)
        except discord.HTTPException:
            pass

    @property
    def handling(self) -> bool:
        """Whether an interaction the gateway handed over is still being handled (see :meth:`handled`)."""
        return bool(_interaction_tasks() or self._refusals or self.busy.count)

    async def handled(self, timeout: float = 10.0) -> None:
        """Wait until every interaction the gateway has handed over so far is handled: discord.py runs each
        handler in a task of its own, made as the interaction is parsed, so one received is never missed
        (however long its acknowledgement takes to come back); then until nothing counts as busy."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while started := _interaction_tasks() + list(self._refusals):
            _, left = await asyncio.wait(started, timeout=max(0.0, deadline - loop.time()))
            if left:
                raise asyncio.TimeoutError(f"{len(left)} interactions still in hand after {timeout} s")
        await self.busy.wait_idle(timeout=max(0.0, deadline - loop.time()))

    async def give_up(self, why: str) -> None:
        """Another process holds this one's shards too: stop, as on SIGTERM (the moves in hand are finished, the
        shards' sessions closed), and say why (the runner ends with it)."""
        self.gave_up = why
        asyncio.ensure_future(self.close())

    async def close(self) -> None:
        # Once: SIGTERM's close and the one of ``async with bot`` (or a test's) share the same stop.
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        # From now on an interaction is told to try again (after the restart, or on another process);
        # every one that has started finishes (they hold a player's move and its answer), also one still
        # acknowledging, before its handler reached the game. Then the gateway goes, so nothing new
        # arrives, and the last refusals go out while the bot can still send.
        self.closing = True
        # Interactions the gateway has already handed over are read first (refused or in hand), not
        # dropped with the socket.
        await asyncio.sleep(self.close_grace)
        started = _interaction_tasks()
        if started:
            done, left = await asyncio.wait(started, timeout=10)
            if left:
                log.warning("closing with %s interactions still in hand", len(left))
        for shard in list(self.shards.values()):
            await shard.disconnect()
        try:
            await self.busy.wait_idle(timeout=5)
        except asyncio.TimeoutError:
            log.warning("closing with %s interactions still in hand", self.busy.count)
        if self._refusals:
            await asyncio.wait(list(self._refusals), timeout=5)
        for task in list(self._background):
            task.cancel()
        await self.wakeups.close()
        self.computers.close()
        if self.heartbeat.held:
            await self.heartbeat.stopped()
        await super().close()
