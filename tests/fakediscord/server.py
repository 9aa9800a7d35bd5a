"""A fake Discord (REST API + gateway) on 127.0.0.1 that the real discord.py client talks to.

See tests/fakediscord/README.md for the guided tour. In short::

    async with FakeDiscord() as fake:            # starts the server, points discord.py at it
        guild = fake.add_guild('Baker Street')
        chan = fake.add_channel(guild, 'game')
        alice = fake.add_user('alice')
        fake.add_member(guild, alice)
        async with fake.run_bot(bot):            # bot.start() in a task, waits for on_ready
            h = await fake.slash(alice, chan, 'sy', 'ping')
            msg = await h.wait_reply()
        assert fake.errors == []
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import re
import secrets
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import discord
import yarl
from aiohttp import web

from tests.fakediscord.errors import FakeHTTPError, invalid_form
from tests.fakediscord.gateway import MAX_GUILDS_PER_SESSION, Gateway, Intent
from tests.fakediscord.interactions import Callback, FakeDiscordTimeout, InteractionHandle
from tests.fakediscord.multipart import parse_form
from tests.fakediscord.models import (
    COMPONENTS_V2,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    EPHEMERAL,
    LOADING,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeThread,
    FakeUser,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    iso,
    snowflake,
)
from tests.fakediscord.threads import Threads

__all__ = [
    'FakeDiscord',
    'FakeHTTPError',
    'RecordedRequest',
    'CommandSync',
    'CommandNotAvailable',
    'BotRunner',
    'fast_ready',
]

_log = logging.getLogger(__name__)

API_PREFIX = '/api/v10'
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
# Flags a bot may set on a message (the rest is ignored, like Discord does).
_SETTABLE_FLAGS = (1 << 2) | (1 << 12) | COMPONENTS_V2  # SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
#: how long Discord remembers a message nonce for enforce_nonce ("a few minutes")
NONCE_WINDOW = 5 * 60
_COMMAND_NAME = re.compile(r'^[-_\w]{1,32}$')

UserLike = Union[FakeUser, FakeMember]
ChannelLike = Union[FakeChannel, str, None]


class CommandNotAvailable(LookupError):
    """The injected command was never synced, or is not usable where/by whom it was invoked."""


@dataclass
class RecordedRequest:
    method: str
    path: str
    """Path relative to the API base, e.g. ``/channels/123/messages`` (or the full path for non-API routes)."""
    query: Dict[str, str]
    json: Any = None
    files: List[Tuple[str, int]] = field(default_factory=list)
    """(filename, size) of uploaded files."""
    status: Optional[int] = None
    at: float = field(default_factory=time.monotonic)


_RECORD = web.RequestKey('fake_record', RecordedRequest)


@dataclass
class CommandSync:
    """One bulk overwrite of application commands (``guild_id`` None for global)."""

    guild_id: Optional[int]
    payload: List[Dict[str, Any]]


@dataclass
class _Injection:
    method: Optional[str]
    path: Optional[str]
    status: int
    body: Any
    headers: Dict[str, str]
    times: int
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        if self.hits >= self.times:
            return False
        if self.method is not None and self.method.upper() != method:
            return False
        return self.path is None or re.search(self.path, path) is not None


class MessageHold:
    """Message creates that Discord has received and is slow to carry out: each waits (its body read) until
    :meth:`release`, then is stored as usual, nonce rules included, also when the client that sent it has died
    meanwhile (Discord keeps a request it received; only the answer is lost). From
    :meth:`FakeDiscord.hold_messages`."""

    def __init__(self, fake: 'FakeDiscord', channel_id: Optional[int]) -> None:
        self._fake = fake
        self.channel_id = channel_id
        #: the payloads waiting (or that waited) here, in arrival order
        self.held: List[Dict[str, Any]] = []
        self._released = asyncio.Event()

    def matches(self, channel: Any) -> bool:
        return not self._released.is_set() and self.channel_id in (None, channel.id)

    async def wait(self, payload: Dict[str, Any]) -> None:
        self.held.append(payload)
        self._fake._notify()
        await self._released.wait()

    def release(self) -> None:
        """Let every held create through, and hold no more."""
        self._released.set()
        if self in self._fake._holds:
            self._fake._holds.remove(self)


def fast_ready(client: discord.Client, guild_ready_timeout: float = 0.05) -> None:
    """Make ``on_ready`` fire right after the GUILD_CREATEs instead of 2 s later.

    discord.py waits ``guild_ready_timeout`` (default 2 s) after the last GUILD_CREATE before it
    dispatches READY; call this before ``client.start()``.
    """
    client._connection.guild_ready_timeout = guild_ready_timeout  # type: ignore[attr-defined]


class BotRunner:
    """A bot started on the fake with :meth:`FakeDiscord.start_bot`."""

    def __init__(self, client: discord.Client, task: 'asyncio.Task[None]') -> None:
        self.client = client
        self.task = task

    async def stop(self, timeout: float = 5.0) -> None:
        """``client.close()`` and wait for ``start()`` to return; re-raises what the bot task raised."""
        if not self.client.is_closed():
            await self.client.close()
        try:
            await asyncio.wait_for(self.task, timeout)
        except asyncio.CancelledError:
            pass


class FakeDiscord:
    """A fake Discord server: REST on ``api_base``, gateway on ``gateway_url``.

    Parameters
    ----------
    token:
        When set, REST calls and IDENTIFY must use this bot token (401 / close 4004 otherwise).
        By default any token is accepted.
    bot_name:
        Username of the bot user (and name of the application).
    ack_timeout:
        Seconds a bot has to acknowledge an interaction; later callbacks are answered 404 / 10062
        like Discord. ``None`` disables the check.
    strict:
        Refuse (raise :class:`CommandNotAvailable` / ``ValueError`` in the test) to inject interactions
        Discord's client would never send: unsynced commands, commands not allowed in that context or
        for that member, unknown/missing options, clicks on components that are not on the message.
    error_status:
        Status for unexpected exceptions in the fake's handlers (recorded in ``errors``). Note that
        discord.py retries 500s with 1, 3, 5, 7 s sleeps; use e.g. 503 for an immediate failure.
    point:
        Call :meth:`point_client` on start (restored on exit).

    Like Discord, the fake accepts several sessions with the same ``[shard_id, num_shards]`` (each gets the shard's
    events; an interaction goes to one session, the newest), and sessions of different shard counts side by side:
    keeping one process per shard is the bot's business.
    """

    def __init__(
        self,
        *,
        token: Optional[str] = None,
        bot_name: str = 'Scotland Yard',
        application_id: Optional[int] = None,
        application_flags: int = 0,
        ack_timeout: Optional[float] = 3.0,
        strict: bool = True,
        error_status: int = 500,
        point: bool = True,
    ) -> None:
        self.token = token
        self.bot_user = FakeUser(id=snowflake(), name=bot_name.lower().replace(' ', ''), global_name=bot_name,
                                 bot=True)
        self.application_id: int = application_id or self.bot_user.id
        self.application_name = bot_name
        self.application_flags = application_flags
        self.owner = FakeUser(id=snowflake(), name='bot-owner', global_name='Bot Owner')
        self.ack_timeout = ack_timeout
        self.strict = strict
        self.error_status = error_status
        self._auto_point = point
        #: a session holding more guilds than this is closed with 4011 (sharding required), like Discord
        self.max_guilds_per_session = MAX_GUILDS_PER_SESSION
        #: ``shards`` in GET /gateway/bot (what AutoShardedClient runs without a shard_count);
        #: None: one shard per 1,000 guilds, like Discord's recommendation
        self.recommended_shards: Optional[int] = None

        # world
        self.users: Dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: Dict[int, FakeGuild] = {}
        self.channels: Dict[int, FakeChannel] = {}
        self._dm_channels: Dict[int, FakeChannel] = {}

        # records
        self.messages: List[FakeMessage] = []
        self._messages_by_id: Dict[int, FakeMessage] = {}
        self.attachments: Dict[int, FakeAttachment] = {}
        self.global_commands: List[Dict[str, Any]] = []
        #: one entry per bulk overwrite (PUT .../commands): the guild id, or None for the global commands
        self.command_overwrites: List[Optional[int]] = []
        #: (author id, nonce) -> (message, monotonic time it was created), for enforce_nonce
        self.nonces: Dict[Tuple[int, str], Tuple[Any, float]] = {}
        #: how many message creates were answered with an earlier message because of their nonce
        self.nonce_hits = 0
        #: seconds each interaction callback (an acknowledgement or a reply) takes to arrive
        self.callback_delay = 0.0
        self.guild_commands: Dict[int, List[Dict[str, Any]]] = {}
        self.command_syncs: List[CommandSync] = []
        self.interactions: Dict[int, InteractionHandle] = {}
        self._interactions_by_token: Dict[str, InteractionHandle] = {}
        self.requests: List[RecordedRequest] = []
        self.errors: List[str] = []
        self.unknown_routes: List[Tuple[str, str]] = []
        self.refused_dms: List[Tuple[FakeUser, Any]] = []
        self.reactions: List[Tuple[int, str, str]] = []
        """(message_id, emoji, 'add'|'remove') for the bot's own reactions."""
        self._injections: List[_Injection] = []
        self._holds: List[MessageHold] = []

        self.gateway = Gateway(self)
        self._threads = Threads(self)
        self._waiters: List['asyncio.Future[None]'] = []
        self._runner: Optional[web.AppRunner] = None
        self._port: Optional[int] = None
        self._saved: Optional[Tuple[str, yarl.URL]] = None
        self._bots: List[BotRunner] = []

    # ------------------------------------------------------------------ lifecycle
    async def __aenter__(self) -> 'FakeDiscord':
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, '127.0.0.1', 0)
        await site.start()
        sockets = getattr(site._server, 'sockets', None) or []  # type: ignore[union-attr]
        self._port = sockets[0].getsockname()[1]
        if self._auto_point:
            self.point_client()

    async def close(self) -> None:
        for hold in list(self._holds):  # a bot waiting for an answer could not stop
            hold.release()
        for runner in list(self._bots):
            with contextlib.suppress(Exception):
                await runner.stop()
        self._bots.clear()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.restore_client()
        for fut in self._waiters:
            if not fut.done():
                fut.cancel()

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError('FakeDiscord is not started')
        return self._port

    @property
    def base_url(self) -> str:
        return f'http://127.0.0.1:{self.port}'

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be, e.g. ``http://127.0.0.1:PORT/api/v10``."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f'ws://127.0.0.1:{self.port}/gateway'

    def point_client(self) -> None:
        """Point discord.py (all clients in this process) at the fake. Undone by :meth:`restore_client`."""
        if self._saved is None:
            self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def restore_client(self) -> None:
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    # ------------------------------------------------------------------ running bots
    async def start_bot(self, client: discord.Client, token: str = 'fake-token', *, timeout: float = 5.0,
                        fast: bool = True) -> BotRunner:
        """Run ``client.start(token)`` in a task and wait until it is ready (``on_ready`` dispatched).

        ``fast`` applies :func:`fast_ready`. Raises whatever the bot raised during login/setup_hook.
        """
        if fast:
            fast_ready(client)
        task = asyncio.create_task(client.start(token), name='fakediscord-bot')
        runner = BotRunner(client, task)
        self._bots.append(runner)
        # Client.wait_until_ready() cannot be used before login() ran, so poll is_ready().
        deadline = asyncio.get_running_loop().time() + timeout
        while not client.is_ready():
            if task.done():
                self._bots.remove(runner)
                task.result()  # re-raise the bot's exception
                raise RuntimeError('the bot stopped before becoming ready')
            if asyncio.get_running_loop().time() > deadline:
                await self.stop_bot(runner)
                raise FakeDiscordTimeout(f'bot not ready after {timeout}s; fake.errors={self.errors!r}')
            await asyncio.sleep(0.01)
        return runner

    async def stop_bot(self, runner: BotRunner) -> None:
        try:
            await runner.stop()
        finally:
            if runner in self._bots:
                self._bots.remove(runner)

    @contextlib.asynccontextmanager
    async def run_bot(self, client: discord.Client, token: str = 'fake-token', *, timeout: float = 5.0,
                      fast: bool = True) -> AsyncIterator[discord.Client]:
        """``async with fake.run_bot(bot):`` start the bot, wait for ready, close it on exit."""
        runner = await self.start_bot(client, token, timeout=timeout, fast=fast)
        try:
            yield client
        finally:
            await self.stop_bot(runner)

    # ------------------------------------------------------------------ waiting
    def _notify(self) -> None:
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def wait_until(self, check: Callable[[], Any], timeout: float = 5.0, *, poll: float = 0.02) -> Any:
        """Return the first truthy result of ``check()``.

        It is re-evaluated whenever the fake's state changes and every ``poll`` seconds (so it also works
        for conditions on the bot's own state).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise FakeDiscordTimeout(f'condition not met within {timeout}s')
            fut: asyncio.Future[None] = loop.create_future()
            self._waiters.append(fut)
            await asyncio.wait({fut}, timeout=min(remaining, poll))
            if not fut.done():
                fut.cancel()

    async def wait_for_message(self, predicate: Callable[[FakeMessage], bool] = lambda m: True, timeout: float = 5.0,
                               *, existing: bool = True) -> FakeMessage:
        """The first stored message (created or edited, not deleted) matching ``predicate``.

        With ``existing=False`` only messages created after the call count.
        """
        start = len(self.messages)

        def check() -> Optional[FakeMessage]:
            pool = self.messages if existing else self.messages[start:]
            for m in pool:
                if not m.deleted and predicate(m):
                    return m
            return None

        try:
            return await self.wait_until(check, timeout)
        except FakeDiscordTimeout:
            recent = self.messages[-5:]
            raise FakeDiscordTimeout(f'no matching message within {timeout}s; last messages: {recent!r}; '
                                     f'errors: {self.errors!r}') from None

    async def wait_for_ready(self, timeout: float = 5.0) -> None:
        """Wait until some client has identified (READY and GUILD_CREATEs sent)."""
        await self.gateway.wait_for_session(timeout)

    # ------------------------------------------------------------------ world builders
    def add_user(self, name: str, *, global_name: Optional[str] = None, refuses_dms: bool = False,
                 bot: bool = False, id: Optional[int] = None) -> FakeUser:
        user = FakeUser(id=id or snowflake(), name=name, global_name=global_name if global_name is not None else
                        name.capitalize(), bot=bot, refuses_dms=refuses_dms)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str = 'Test Guild', *, owner: Optional[FakeUser] = None,
                  everyone_permissions: Union[discord.Permissions, int] = DEFAULT_EVERYONE_PERMISSIONS,
                  bot_permissions: Union[discord.Permissions, int] = DEFAULT_BOT_PERMISSIONS,
                  id: Optional[int] = None, preferred_locale: str = 'en-US',
                  shard: Optional[Tuple[int, int]] = None) -> FakeGuild:
        """A guild the bot is in, with an @everyone role and the bot's managed role.

        ``owner`` (made a member) gets every permission; by default the application owner owns it
        without being a member. ``shard=(shard_id, shard_count)`` picks an id whose events go to that shard.
        """
        gid = id or snowflake(shard)
        guild = FakeGuild(id=gid, name=name, owner_id=(owner or self.owner).id, preferred_locale=preferred_locale)
        guild.roles[gid] = FakeRole(id=gid, guild_id=gid, name='@everyone', permissions=_pv(everyone_permissions))
        bot_role = FakeRole(id=snowflake(), guild_id=gid, name=self.application_name, position=1,
                            permissions=_pv(bot_permissions), managed=True, bot_id=self.bot_user.id)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = FakeMember(guild=guild, user=self.bot_user, roles=[bot_role])
        self.guilds[gid] = guild
        if owner is not None:
            guild.members[owner.id] = FakeMember(guild=guild, user=owner)
        for session in self.gateway.live_sessions():
            if session.handles(gid):
                self.gateway._push(session, 'GUILD_CREATE', self._guild_create_payload(guild, session))
        return guild

    def add_role(self, guild: FakeGuild, name: str, permissions: Union[discord.Permissions, int] = 0) -> FakeRole:
        role = FakeRole(id=snowflake(), guild_id=guild.id, name=name, permissions=_pv(permissions),
                        position=len(guild.roles))
        guild.roles[role.id] = role
        self.gateway.dispatch('GUILD_ROLE_CREATE', {'guild_id': str(guild.id), 'role': role.to_payload()},
                              intent=Intent.GUILDS)
        return role

    def add_channel(self, guild: FakeGuild, name: str, *, topic: Optional[str] = None,
                    overwrites: Optional[List[Dict[str, Any]]] = None) -> FakeChannel:
        """A text channel. ``overwrites``: ``[{"id": role_or_user_id, "type": 0|1, "allow": perms, "deny": perms}]``."""
        channel = FakeChannel(id=snowflake(), name=name, type=0, guild=guild, position=len(guild.channels),
                              topic=topic, overwrites=list(overwrites or []))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self.gateway.dispatch('CHANNEL_CREATE', channel.to_payload(), intent=Intent.GUILDS)
        return channel

    def set_overwrites(self, channel: FakeChannel, overwrites: List[Dict[str, Any]]) -> None:
        """A moderator sets the channel's permission overwrites (``[{"id", "type" 0 role / 1 member, "allow",
        "deny"}]``, Discord's order of applying them: @everyone, then the roles, then the member), as in Discord's
        client: CHANNEL_UPDATE."""
        channel.overwrites = [dict(o) for o in overwrites]
        self.gateway.dispatch('CHANNEL_UPDATE', channel.to_payload(), intent=Intent.GUILDS)
        self._notify()

    def add_member(self, guild: FakeGuild, user: FakeUser, *, manage_channels: bool = False,
                   administrator: bool = False, permissions: Union[discord.Permissions, int, None] = None,
                   roles: Sequence[FakeRole] = (), nick: Optional[str] = None) -> FakeMember:
        """Make ``user`` a member of ``guild``.

        ``manage_channels`` / ``administrator`` / ``permissions`` give the member a role granting them
        (roles named 'Manage Channels', 'Admin', or 'Perms <value>', created on first use).
        """
        member_roles = list(roles)
        if manage_channels:
            member_roles.append(self._role_with(guild, 'Manage Channels', discord.Permissions(manage_channels=True)))
        if administrator:
            member_roles.append(self._role_with(guild, 'Admin', discord.Permissions(administrator=True)))
        if permissions is not None:
            value = _pv(permissions)
            member_roles.append(self._role_with(guild, f'Perms {value}', value))
        member = FakeMember(guild=guild, user=user, roles=member_roles, nick=nick)
        guild.members[user.id] = member
        self.users.setdefault(user.id, user)
        self.gateway.dispatch('GUILD_MEMBER_ADD', member.to_payload() | {'guild_id': str(guild.id)},
                              intent=Intent.GUILD_MEMBERS)
        return member

    def _role_with(self, guild: FakeGuild, name: str, permissions: Union[discord.Permissions, int]) -> FakeRole:
        try:
            return guild.role(name)
        except KeyError:
            return self.add_role(guild, name, permissions)

    def add_thread(self, channel: FakeChannel, name: str, *, owner: Optional[UserLike] = None,
                   private: bool = False, message: Optional[FakeMessage] = None,
                   auto_archive_duration: int = 1440) -> FakeThread:
        """A thread someone started in ``channel`` (THREAD_CREATE to the guild's shard if the bot can see it).

        ``owner`` defaults to the application owner; ``message``: the channel message it starts from (a public
        thread with the message's id). No permission checks: the bot's own threads go through the REST routes.
        """
        user = owner.user if isinstance(owner, FakeMember) else (owner or self.owner)
        if channel.guild is None or channel.is_thread:
            raise ValueError(f'threads live in guild text channels, not in {channel!r}')
        if message is not None and (message.channel is not channel or message.thread is not None or private):
            raise ValueError(f'{message!r} is not a message of {channel!r} without a thread (and a thread '
                             f'started from a message is public)')
        return self._threads.start(channel, name, owner=user, type=PRIVATE_THREAD if private else PUBLIC_THREAD,
                                   message=message, auto_archive_duration=auto_archive_duration)

    def moderate_thread(self, thread: FakeThread, *, locked: Optional[bool] = None,
                        archived: Optional[bool] = None) -> None:
        """A moderator locks (``locked``) or closes (``archived``) a thread, or undoes it (THREAD_UPDATE)."""
        self._threads.moderate(thread, locked=locked, archived=archived)

    def threads(self, channel: Optional[FakeChannel] = None) -> List[FakeThread]:
        """Threads (not deleted) in creation order, of every guild or of one parent ``channel``."""
        every = [t for g in self.guilds.values() for t in g.threads]
        return sorted((t for t in every if channel is None or t.parent is channel), key=lambda t: t.id)

    def thread_messages(self, thread: FakeThread, *, include_deleted: bool = False) -> List[FakeMessage]:
        """Messages posted in ``thread`` (what ``channel_messages`` gives for a channel)."""
        return self.channel_messages(thread, include_deleted=include_deleted)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The (single, stable) DM channel between the bot and ``user``."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(id=snowflake(), name=f'dm-{user.name}', type=1, recipient=user)
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    # ------------------------------------------------------------------ queries
    def message(self, message_id: int) -> FakeMessage:
        return self._messages_by_id[int(message_id)]

    def public_messages(self, *, include_deleted: bool = False) -> List[FakeMessage]:
        """Bot messages everyone in a guild channel can see (kind 'channel')."""
        return [m for m in self.messages if m.kind == 'channel' and m.author.bot and (include_deleted or not m.deleted)]

    def dm_messages(self, user: FakeUser, *, include_deleted: bool = False) -> List[FakeMessage]:
        """Messages in the DM channel with ``user`` (not ephemeral ones)."""
        channel = self._dm_channels.get(user.id)
        return [m for m in self.messages if channel is not None and m.channel is channel and m.kind == 'dm'
                and (include_deleted or not m.deleted)]

    def channel_messages(self, channel: FakeChannel, *, include_ephemeral: bool = False,
                         include_deleted: bool = False) -> List[FakeMessage]:
        return [m for m in self.messages if m.channel is channel and (include_ephemeral or m.kind != 'ephemeral')
                and (include_deleted or not m.deleted)]

    def ephemeral_messages(self, user: Optional[FakeUser] = None, *,
                           include_deleted: bool = False) -> List[FakeMessage]:
        """Ephemeral interaction messages, optionally only those shown to ``user``."""
        return [m for m in self.messages if m.kind == 'ephemeral' and (user is None or m.recipient is user)
                and (include_deleted or not m.deleted)]

    def commands(self, guild: Optional[FakeGuild] = None) -> List[Dict[str, Any]]:
        """Registered commands (as echoed to the bot): global, or for ``guild``."""
        return self.global_commands if guild is None else self.guild_commands.get(guild.id, [])

    def requests_to(self, method: str, path_regex: str) -> List[RecordedRequest]:
        return [r for r in self.requests if r.method == method.upper() and re.search(path_regex, r.path)]

    def assert_clean(self) -> None:
        """Fail if the fake hit unexpected exceptions or the bot called routes the fake does not know."""
        assert self.errors == [], f'fake errors: {self.errors}'
        assert self.unknown_routes == [], f'unknown routes: {self.unknown_routes}'

    # ------------------------------------------------------------------ failure injection
    def fail_next(self, method: Optional[str] = None, path: Optional[str] = None, *, status: int = 500,
                  code: int = 0, message: str = 'injected failure', body: Any = None,
                  headers: Optional[Dict[str, str]] = None, times: int = 1) -> None:
        """Answer the next ``times`` matching REST requests with an error instead of handling them.

        ``path`` is a regex searched in the path relative to the API base (e.g. ``r'/channels/\\d+/messages$'``).
        """
        self._injections.append(_Injection(method, path, status, body if body is not None else
                                           {'message': message, 'code': code}, dict(headers or {}), times))

    def hold_messages(self, channel: Any = None) -> MessageHold:
        """Hold back every message create (in ``channel``, a ``FakeChannel`` or id; None: anywhere) until the
        returned hold's ``release()``: the sender waits for its answer meanwhile, as when Discord is slow."""
        hold = MessageHold(self, getattr(channel, 'id', channel))
        self._holds.append(hold)
        return hold

    def rate_limit_next(self, method: Optional[str] = None, path: Optional[str] = None, *, retry_after: float = 0.05,
                        is_global: bool = False, times: int = 1) -> None:
        """Answer the next matching request(s) 429 with a ``Via`` header, so discord.py sleeps and retries."""
        body = {'message': 'You are being rate limited.', 'retry_after': retry_after, 'global': is_global}
        headers = {'Via': '1.1 google', 'Retry-After': str(max(1, int(retry_after + 0.999))),
                   'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '0',
                   'X-RateLimit-Reset-After': f'{retry_after:.3f}',
                   'X-RateLimit-Scope': 'global' if is_global else 'user'}
        if is_global:
            headers['X-RateLimit-Global'] = 'true'
        self._injections.append(_Injection(method, path, 429, body, headers, times))

    # ------------------------------------------------------------------ gateway control
    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT; discord.py reconnects to ``resume_gateway_url`` and RESUMEs."""
        await self.gateway.request_reconnect()

    async def drop_connections(self, code: int = 4000, *, shard: Optional[Sequence[int]] = None) -> None:
        """Close the gateway websockets (or only those identified as ``shard=[id, count]``) from the server
        side (the bot reconnects and resumes)."""
        await self.gateway.drop_connections(code, shard=list(shard) if shard is not None else None)

    def dispatch(self, event: str, data: Any) -> None:
        """Send a raw gateway DISPATCH to every live session whose shard gets ``data['guild_id']``."""
        self.gateway.dispatch(event, data)

    async def flush(self) -> None:
        """Wait until queued gateway frames were written to the sockets."""
        await self.gateway.flush()

    # ------------------------------------------------------------------ internals: errors & responses
    def _record_error(self, where: str, detail: str) -> None:
        _log.error('fakediscord error in %s: %s', where, detail)
        self.errors.append(f'{where}: {detail}')
        self._notify()

    @staticmethod
    def _json(data: Any, status: int = 200, headers: Optional[Mapping[str, str]] = None) -> web.Response:
        # Exactly 'application/json': discord.py compares the header verbatim.
        h = {'Content-Type': 'application/json'}
        if headers:
            h.update(headers)
        return web.Response(status=status, body=json.dumps(data).encode(), headers=h)

    @staticmethod
    def _no_content() -> web.Response:
        return web.Response(status=204)

    @staticmethod
    def _ratelimit_headers(request: web.Request) -> Dict[str, str]:
        route = request.match_info.route
        resource = getattr(route.resource, 'canonical', request.path) if route.resource else request.path
        return {
            'X-RateLimit-Limit': '50',
            'X-RateLimit-Remaining': '49',
            'X-RateLimit-Reset': f'{time.time() + 1:.3f}',
            'X-RateLimit-Reset-After': '1.000',
            'X-RateLimit-Bucket': _bucket(request.method, resource),
        }

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        path = request.path[len(API_PREFIX):] if request.path.startswith(API_PREFIX) else request.path
        if path == '/gateway' and request.headers.get('Upgrade', '').lower() == 'websocket':
            return await handler(request)
        record = RecordedRequest(method=request.method, path=path, query=dict(request.query))
        self.requests.append(record)
        request[_RECORD] = record
        response: web.StreamResponse
        try:
            injection = next((i for i in self._injections if i.matches(request.method, path)), None)
            if injection is not None:
                injection.hits += 1
                response = self._json(injection.body, injection.status, injection.headers)
            else:
                self._check_auth(request, path)
                response = await handler(request)
        except FakeHTTPError as exc:
            response = self._json(exc.body, exc.status)
        except web.HTTPException:
            raise
        except Exception:
            self._record_error(f'{request.method} {path}', traceback.format_exc())
            response = self._json({'message': '500: Internal Server Error', 'code': 0}, self.error_status)
        record.status = response.status
        if not isinstance(response, web.WebSocketResponse) and response.status != 429:
            for key, value in self._ratelimit_headers(request).items():
                response.headers.setdefault(key, value)
        self._notify()
        return response

    def _check_auth(self, request: web.Request, path: str) -> None:
        if self.token is None or not request.path.startswith(API_PREFIX):
            return
        if path.startswith('/interactions/') or re.match(r'^/webhooks/\d+/[^/]+', path):
            return  # authenticated by the interaction token
        if request.headers.get('Authorization') != f'Bot {self.token}':
            raise FakeHTTPError(401, 0, '401: Unauthorized')

    async def _read_body(self, request: web.Request) -> Tuple[Optional[Dict[str, Any]], Dict[int, FakeAttachment]]:
        """JSON body or multipart (``payload_json`` + ``files[n]``); files keyed by their index."""
        payload: Optional[Dict[str, Any]] = None
        files: Dict[int, FakeAttachment] = {}
        # Told from the header itself: aiohttp's ``content_type`` parses it with the email package.
        content_type = request.headers.get('Content-Type', '')
        if content_type.lower().startswith('multipart/'):
            for part in parse_form(await request.read(), content_type):
                name = part.name
                if name == 'payload_json':
                    payload = json.loads(part.data)  # UTF-8, which json reads from the bytes themselves
                elif name and name.startswith('files[') and name.endswith(']'):
                    index = int(name[6:-1])
                    files[index] = FakeAttachment(id=snowflake(), filename=part.filename or f'file{index}',
                                                  data=part.data, url='', content_type=part.content_type)
                else:
                    self._record_error('multipart', f'unexpected multipart field {name!r} in {request.path}')
        elif request.can_read_body:
            body = await request.read()  # JSON is UTF-8 (RFC 8259), which json reads from the bytes themselves
            if body:
                payload = json.loads(body)
        record: RecordedRequest = request[_RECORD]
        record.json = payload
        record.files = [(f.filename, f.size) for f in files.values()]
        return payload, files

    # ------------------------------------------------------------------ routes
    def _add_routes(self, app: web.Application) -> None:
        r = app.router
        a = API_PREFIX
        r.add_get('/gateway', self.gateway.handle)
        r.add_get('/attachments/{channel_id}/{attachment_id}/{filename}', self._get_attachment)
        r.add_get(a + '/gateway', self._get_gateway)
        r.add_get(a + '/gateway/bot', self._get_gateway_bot)
        r.add_get(a + '/users/@me', self._get_me)
        r.add_post(a + '/users/@me/channels', self._create_dm)
        r.add_get(a + '/users/{user_id}', self._get_user)
        r.add_get(a + '/oauth2/applications/@me', self._get_appinfo)
        r.add_get(a + '/applications/@me', self._get_appinfo)
        # application commands
        app = a + '/applications/{app_id}'
        for prefix, guild in ((app, False), (app + '/guilds/{guild_id}', True)):
            r.add_get(prefix + '/commands', self._get_commands)
            r.add_put(prefix + '/commands', self._put_commands)
            r.add_post(prefix + '/commands', self._post_command)
            if guild:
                r.add_get(prefix + '/commands/permissions', self._get_command_permissions)
            r.add_get(prefix + '/commands/{command_id}', self._get_command)
            r.add_patch(prefix + '/commands/{command_id}', self._patch_command)
            r.add_delete(prefix + '/commands/{command_id}', self._delete_command)
        # interactions & webhooks
        r.add_post(a + '/interactions/{interaction_id}/{token}/callback', self._interaction_callback)
        r.add_post(a + '/webhooks/{app_id}/{token}', self._webhook_execute)
        r.add_get(a + '/webhooks/{app_id}/{token}/messages/{message_id}', self._webhook_get_message)
        r.add_patch(a + '/webhooks/{app_id}/{token}/messages/{message_id}', self._webhook_edit_message)
        r.add_delete(a + '/webhooks/{app_id}/{token}/messages/{message_id}', self._webhook_delete_message)
        # channels & messages
        r.add_get(a + '/channels/{channel_id}', self._get_channel)
        r.add_patch(a + '/channels/{channel_id}', self._patch_channel)
        r.add_delete(a + '/channels/{channel_id}', self._delete_channel)
        r.add_post(a + '/channels/{channel_id}/typing', self._typing)
        r.add_get(a + '/channels/{channel_id}/messages', self._list_messages)
        r.add_post(a + '/channels/{channel_id}/messages', self._create_message_route)
        r.add_get(a + '/channels/{channel_id}/messages/{message_id}', self._get_message)
        r.add_patch(a + '/channels/{channel_id}/messages/{message_id}', self._edit_message_route)
        r.add_delete(a + '/channels/{channel_id}/messages/{message_id}', self._delete_message_route)
        r.add_put(a + '/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me', self._add_reaction)
        r.add_delete(a + '/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me', self._remove_reaction)
        # guilds
        r.add_get(a + '/guilds/{guild_id}', self._get_guild)
        r.add_get(a + '/guilds/{guild_id}/channels', self._get_guild_channels)
        r.add_post(a + '/guilds/{guild_id}/channels', self._create_guild_channel)
        r.add_get(a + '/guilds/{guild_id}/roles', self._get_roles)
        r.add_get(a + '/guilds/{guild_id}/members', self._list_members)
        r.add_get(a + '/guilds/{guild_id}/members/{user_id}', self._get_member)
        self._threads.add_routes(r, a)
        r.add_route('*', '/{tail:.*}', self._unknown_route)

    async def _unknown_route(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[_RECORD]
        self.unknown_routes.append((request.method, record.path))
        _log.warning('fakediscord: unhandled route %s %s', request.method, record.path)
        return self._json({'message': f'404: Not Found (fakediscord has no route {request.method} {record.path})',
                           'code': 0}, 404)

    # -- lookups raising Discord errors
    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.channels.get(_int(request.match_info['channel_id']))
        if channel is None:
            raise FakeHTTPError(404, 10003, 'Unknown Channel')
        return channel

    def _guild(self, request: web.Request) -> FakeGuild:
        guild = self.guilds.get(_int(request.match_info['guild_id']))
        if guild is None:
            raise FakeHTTPError(404, 10004, 'Unknown Guild')
        return guild

    def _channel_message(self, request: web.Request, channel: FakeChannel) -> FakeMessage:
        msg = self._messages_by_id.get(_int(request.match_info['message_id']))
        if msg is None or msg.channel is not channel or msg.deleted or msg.kind == 'ephemeral':
            raise FakeHTTPError(404, 10008, 'Unknown Message')
        return msg

    def _check_app(self, request: web.Request) -> None:
        if _int(request.match_info['app_id']) != self.application_id:
            raise FakeHTTPError(404, 10002, 'Unknown Application')

    # -- misc
    async def _get_gateway(self, request: web.Request) -> web.Response:
        return self._json({'url': self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        shards = self.recommended_shards or max(1, -(-len(self.guilds) // 1000))
        remaining = max(0, 1000 - len(self.gateway.identifies))  # every IDENTIFY spends a session start
        return self._json({'url': self.gateway_url, 'shards': shards, 'session_start_limit': {
            'total': 1000, 'remaining': remaining, 'reset_after': 14400000, 'max_concurrency': 1}})

    async def _get_attachment(self, request: web.Request) -> web.Response:
        att = self.attachments.get(_int(request.match_info['attachment_id']))
        if att is None:
            return web.Response(status=404, text='Not Found')
        return web.Response(body=att.data, headers={'Content-Type': att.content_type or 'application/octet-stream'})

    async def _get_me(self, request: web.Request) -> web.Response:
        return self._json(self.bot_user.to_payload() | {'verified': True, 'mfa_enabled': False, 'locale': 'en-US'})

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(_int(request.match_info['user_id']))
        if user is None:
            raise FakeHTTPError(404, 10013, 'Unknown User')
        return self._json(user.to_payload())

    async def _create_dm(self, request: web.Request) -> web.Response:
        payload, _ = await self._read_body(request)
        user = self.users.get(_int((payload or {}).get('recipient_id')))
        if user is None:
            raise FakeHTTPError(400, 50033, 'Invalid Recipient(s)')
        return self._json(self.dm_channel(user).to_payload())

    async def _get_appinfo(self, request: web.Request) -> web.Response:
        return self._json({
            'id': str(self.application_id),
            'name': self.application_name,
            'description': 'Fake application for tests',
            'icon': None,
            'rpc_origins': [],
            'bot_public': True,
            'bot_require_code_grant': False,
            'bot': self.bot_user.to_payload(),
            'owner': self.owner.to_payload(),
            'team': None,
            'verify_key': '0' * 64,
            'flags': self.application_flags,
            'tags': [],
            'redirect_uris': [],
            'interactions_endpoint_url': None,
            'approximate_guild_count': len(self.guilds),
        })

    # -- application commands
    def _command_list(self, request: web.Request) -> Tuple[Optional[int], List[Dict[str, Any]]]:
        self._check_app(request)
        if 'guild_id' in request.match_info:
            guild = self._guild(request)
            return guild.id, self.guild_commands.setdefault(guild.id, [])
        return None, self.global_commands

    def _validate_command(self, cmd: Dict[str, Any]) -> None:
        name = cmd.get('name', '')
        ctype = cmd.get('type', 1)
        if not _COMMAND_NAME.match(name) or (ctype == 1 and name != name.lower()):
            raise invalid_form(f'command name {name!r} is invalid')
        if ctype == 1 and not (1 <= len(cmd.get('description', '')) <= 100):
            raise invalid_form(f'command {name!r} description must be 1-100 characters')

        def check_localizations(thing: Dict[str, Any], where: str, *, lower: bool = True,
                                describe: bool = True) -> None:
            # Discord's limits hold in every language: names 1-32 of [-_\w], lower-case; descriptions 1-100.
            for locale, text in (thing.get('name_localizations') or {}).items():
                if describe and (not _COMMAND_NAME.match(text) or (lower and text != text.lower())):
                    raise invalid_form(f'{where}: {locale} name {text!r} is invalid')
                if not describe and not (1 <= len(text) <= 100):
                    raise invalid_form(f'{where}: {locale} choice name must be 1-100 characters')
            for locale, text in (thing.get('description_localizations') or {}).items():
                if not (1 <= len(text) <= 100):
                    raise invalid_form(f'{where}: {locale} description must be 1-100 characters')

        check_localizations(cmd, name, lower=ctype == 1)

        def check_options(options: List[Dict[str, Any]], where: str) -> None:
            if len(options) > 25:
                raise invalid_form(f'{where}: more than 25 options')
            for opt in options:
                oname = opt.get('name', '')
                if not _COMMAND_NAME.match(oname) or oname != oname.lower():
                    raise invalid_form(f'{where}: option name {oname!r} is invalid')
                if not (1 <= len(opt.get('description', '')) <= 100):
                    raise invalid_form(f'{where}.{oname}: description must be 1-100 characters')
                check_localizations(opt, f'{where}.{oname}')
                for choice in opt.get('choices') or []:
                    check_localizations(choice, f'{where}.{oname}', describe=False)
                if len(opt.get('choices') or []) > 25:
                    raise invalid_form(f'{where}.{oname}: more than 25 choices')
                if opt.get('choices') and opt.get('autocomplete'):
                    raise invalid_form(f'{where}.{oname}: choices and autocomplete are exclusive')
                check_options(opt.get('options') or [], f'{where}.{oname}')

        check_options(cmd.get('options') or [], name)

    def _echo_command(self, cmd: Dict[str, Any], guild_id: Optional[int],
                      existing: List[Dict[str, Any]]) -> Dict[str, Any]:
        self._validate_command(cmd)
        ctype = cmd.get('type', 1)
        old = next((c for c in existing if c['name'] == cmd['name'] and c['type'] == ctype), None)
        perms = cmd.get('default_member_permissions')
        out: Dict[str, Any] = {
            'id': old['id'] if old else str(snowflake()),
            'application_id': str(self.application_id),
            'version': str(snowflake()),
            'type': ctype,
            'name': cmd['name'],
            'description': cmd.get('description', ''),
            'options': cmd.get('options') or [],
            'default_member_permissions': None if perms is None else str(perms),
            'nsfw': cmd.get('nsfw', False),
            'name_localizations': cmd.get('name_localizations'),
            'description_localizations': cmd.get('description_localizations'),
        }
        if guild_id is None:
            out['dm_permission'] = cmd.get('dm_permission', True)
            out['contexts'] = cmd.get('contexts')
            out['integration_types'] = cmd.get('integration_types') or [0]
        else:
            out['guild_id'] = str(guild_id)
        return out

    async def _get_commands(self, request: web.Request) -> web.Response:
        _, commands = self._command_list(request)
        return self._json(commands)

    async def _put_commands(self, request: web.Request) -> web.Response:
        guild_id, commands = self._command_list(request)
        self.command_overwrites.append(guild_id)
        payload, _ = await self._read_body(request)
        payload = payload or []
        if not isinstance(payload, list) or len(payload) > 100:
            raise invalid_form('expected a list of at most 100 commands')
        names = [(c.get('type', 1), c.get('name')) for c in payload]
        if len(set(names)) != len(names):
            raise invalid_form('duplicate command names')
        new = [self._echo_command(c, guild_id, commands) for c in payload]
        commands[:] = new
        self.command_syncs.append(CommandSync(guild_id, payload))
        return self._json(new)

    async def _post_command(self, request: web.Request) -> web.Response:
        guild_id, commands = self._command_list(request)
        payload, _ = await self._read_body(request)
        cmd = self._echo_command(payload or {}, guild_id, commands)
        commands[:] = [c for c in commands if c['id'] != cmd['id']] + [cmd]
        return self._json(cmd, 201)

    def _find_command_by_id(self, request: web.Request) -> Tuple[Optional[int], List[Dict[str, Any]], Dict[str, Any]]:
        guild_id, commands = self._command_list(request)
        cid = request.match_info['command_id']
        cmd = next((c for c in commands if c['id'] == cid), None)
        if cmd is None:
            raise FakeHTTPError(404, 10063, 'Unknown application command')
        return guild_id, commands, cmd

    async def _get_command(self, request: web.Request) -> web.Response:
        return self._json(self._find_command_by_id(request)[2])

    async def _patch_command(self, request: web.Request) -> web.Response:
        guild_id, commands, cmd = self._find_command_by_id(request)
        payload, _ = await self._read_body(request)
        merged = self._echo_command({**cmd, **(payload or {})}, guild_id, commands)
        commands[commands.index(cmd)] = merged
        return self._json(merged)

    async def _delete_command(self, request: web.Request) -> web.Response:
        _, commands, cmd = self._find_command_by_id(request)
        commands.remove(cmd)
        return self._no_content()

    async def _get_command_permissions(self, request: web.Request) -> web.Response:
        self._command_list(request)
        return self._json([])

    # -- channels
    async def _get_channel(self, request: web.Request) -> web.Response:
        return self._json(self._channel(request).to_payload())

    async def _patch_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, _ = await self._read_body(request)
        payload = payload or {}
        if channel.is_dm:
            raise FakeHTTPError(400, 50003, 'Cannot execute action on a DM channel')
        if isinstance(channel, FakeThread):
            return self._json(self._threads.edit(channel, payload))
        self._require_bot_permission(channel, 'manage_channels')
        for key in ('name', 'topic', 'position'):
            if key in payload:
                setattr(channel, key, payload[key])
        if 'permission_overwrites' in payload:
            channel.overwrites = [dict(o) for o in payload['permission_overwrites']]
        self.gateway.dispatch('CHANNEL_UPDATE', channel.to_payload(), intent=Intent.GUILDS)
        return self._json(channel.to_payload())

    async def _delete_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.is_dm:
            return self._json(channel.to_payload())  # "closing" a DM
        if isinstance(channel, FakeThread):
            return self._json(self._threads.delete(channel))
        self._require_bot_permission(channel, 'manage_channels')
        assert channel.guild is not None
        channel.guild.channels.remove(channel)
        del self.channels[channel.id]
        self.gateway.dispatch('CHANNEL_DELETE', channel.to_payload(), intent=Intent.GUILDS)
        return self._json(channel.to_payload())

    async def _typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return self._no_content()

    def _require_bot_permission(self, channel: FakeChannel, *names: str) -> None:
        if channel.guild is None:
            return
        me = channel.guild.member(self.bot_user)
        perms = discord.Permissions(me.permissions_in(channel) if me else 0)
        missing = [n for n in names if not getattr(perms, n)]
        if missing:
            raise FakeHTTPError(403, 50013, f'Missing Permissions ({", ".join(missing)})')

    async def _list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._require_bot_permission(channel, 'view_channel')
        if channel.guild is not None:  # Discord: without Read Message History, no messages are returned (not an error)
            me = channel.guild.member(self.bot_user)
            if not discord.Permissions(me.permissions_in(channel) if me else 0).read_message_history:
                return self._json([])
        limit = max(1, min(100, int(request.query.get('limit', 50))))
        msgs = [m for m in self.messages if m.channel is channel and not m.deleted and m.kind != 'ephemeral']
        if 'before' in request.query:
            msgs = [m for m in msgs if m.id < int(request.query['before'])]
        if 'after' in request.query:
            after = int(request.query['after'])
            msgs = [m for m in msgs if m.id > after][:limit]
        msgs = sorted(msgs, key=lambda m: m.id, reverse=True)[:limit]
        return self._json([self._message_payload(m) for m in msgs])

    async def _get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return self._json(self._message_payload(self._channel_message(request, channel)))

    async def _create_message_route(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, files = await self._read_body(request)
        payload = payload or {}
        if channel.is_dm:
            assert channel.recipient is not None
            if channel.recipient.refuses_dms or channel.recipient.bot:
                self.refused_dms.append((channel.recipient, payload))
                raise FakeHTTPError(403, 50007, 'Cannot send messages to this user')
        else:
            if isinstance(channel, FakeThread):
                self._threads.check_post(channel)  # SEND_MESSAGES counts for nothing in a thread
            else:
                self._require_bot_permission(channel, 'view_channel', 'send_messages')
            if files:
                self._require_bot_permission(channel, 'attach_files')
        self._validate_message(payload, files, create=True)
        hold = next((h for h in self._holds if h.matches(channel)), None)
        if hold is not None:
            await hold.wait(payload)
        nonce = payload.get('nonce')
        if nonce is not None:
            # Discord: a nonce is an integer or a string of at most 25 characters. With enforce_nonce,
            # a second message by the same author with the same nonce within a few minutes is not
            # created: the first one is returned.
            if not isinstance(nonce, (int, str)) or len(str(nonce)) > 25:
                raise invalid_form('nonce must be an integer or a string of at most 25 characters')
            if payload.get('enforce_nonce'):
                seen = self.nonces.get((self.bot_user.id, str(nonce)))
                if seen is not None and time.monotonic() - seen[1] < NONCE_WINDOW and seen[0] in self.messages:
                    self.nonce_hits += 1
                    return self._json(self._message_payload(seen[0]))
        msg = self._store_message(channel, payload, files, kind='dm' if channel.is_dm else 'channel',
                                  flags=int(payload.get('flags') or 0) & _SETTABLE_FLAGS)
        if nonce is not None and payload.get('enforce_nonce'):
            self.nonces[(self.bot_user.id, str(nonce))] = (msg, time.monotonic())
        return self._json(self._message_payload(msg))

    async def _edit_message_route(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._channel_message(request, channel)
        if msg.author is not self.bot_user:
            raise FakeHTTPError(403, 50005, 'Cannot edit a message authored by another user')
        if isinstance(channel, FakeThread):
            self._threads.check_edit(channel)
        payload, files = await self._read_body(request)
        self._validate_message(payload or {}, files, create=False)
        self._apply_edit(msg, payload or {}, files)
        return self._json(self._message_payload(msg))

    async def _delete_message_route(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._channel_message(request, channel)
        if msg.author is not self.bot_user:
            self._require_bot_permission(channel, 'manage_messages')
        self._delete(msg)
        return self._no_content()

    async def _add_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._channel_message(request, channel)
        self.reactions.append((msg.id, request.match_info['emoji'], 'add'))
        return self._no_content()

    async def _remove_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._channel_message(request, channel)
        self.reactions.append((msg.id, request.match_info['emoji'], 'remove'))
        return self._no_content()

    # -- guilds
    async def _get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        data = guild.to_payload(full=False)
        if request.query.get('with_counts') in ('1', 'true', 'True'):
            data['approximate_member_count'] = len(guild.members)
            data['approximate_presence_count'] = 0
        return self._json(data)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        return self._json([c.to_payload() for c in self._guild(request).channels])

    async def _create_guild_channel(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        payload, _ = await self._read_body(request)
        payload = payload or {}
        me = guild.member(self.bot_user)
        if not me or not discord.Permissions(me.base_permissions()).manage_channels:
            raise FakeHTTPError(403, 50013, 'Missing Permissions (manage_channels)')
        if payload.get('type', 0) not in (0, None):
            raise invalid_form('fakediscord only creates text channels (type 0)')
        channel = self.add_channel(guild, payload.get('name', 'channel'), topic=payload.get('topic'),
                                   overwrites=payload.get('permission_overwrites'))
        if payload.get('parent_id'):
            channel.parent_id = int(payload['parent_id'])
        return self._json(channel.to_payload(), 201)

    async def _get_roles(self, request: web.Request) -> web.Response:
        return self._json([r.to_payload() for r in self._guild(request).roles.values()])

    async def _list_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        limit = max(1, min(1000, int(request.query.get('limit', 1))))
        after = int(request.query.get('after', 0))
        members = sorted((m for m in guild.members.values() if m.id > after), key=lambda m: m.id)[:limit]
        return self._json([m.to_payload() for m in members])

    async def _get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        member = guild.member(_int(request.match_info['user_id']))
        if member is None:
            raise FakeHTTPError(404, 10007, 'Unknown Member')
        return self._json(member.to_payload())

    # ------------------------------------------------------------------ messages (storage)
    def _message_payload(self, msg: FakeMessage, *, guild_id: bool = False) -> Dict[str, Any]:
        return msg.to_payload(application_id=self.application_id, guild_id=guild_id)

    def _validate_message(self, payload: Dict[str, Any], files: Mapping[int, FakeAttachment], *, create: bool) -> None:
        content = payload.get('content')
        if content is not None and len(str(content)) > 2000:
            raise invalid_form('content: Must be 2000 or fewer in length.')
        embeds = payload.get('embeds') or []
        if len(embeds) > 10:
            raise invalid_form('embeds: Must be 10 or fewer in length.')
        total = 0
        for embed in embeds:
            for key, limit in (('title', 256), ('description', 4096)):
                if len(str(embed.get(key) or '')) > limit:
                    raise invalid_form(f'embeds.{key}: Must be {limit} or fewer in length.')
                total += len(str(embed.get(key) or ''))
            fields = embed.get('fields') or []
            if len(fields) > 25:
                raise invalid_form('embeds.fields: Must be 25 or fewer in length.')
            for f in fields:
                if not f.get('name') or not f.get('value'):
                    raise invalid_form('embeds.fields: name and value are required')
                if len(f['name']) > 256 or len(f['value']) > 1024:
                    raise invalid_form('embeds.fields: name <= 256 and value <= 1024 characters')
                total += len(f['name']) + len(f['value'])
        if total > 6000:
            raise invalid_form('embeds: Embed size exceeds maximum size of 6000')
        components = payload.get('components') or []
        v2 = bool(int(payload.get('flags') or 0) & COMPONENTS_V2)
        if not v2 and len(components) > 5:
            raise invalid_form('components: Must be 5 or fewer in length.')
        if v2 and (content or embeds):
            raise invalid_form('content and embeds cannot be used with IS_COMPONENTS_V2')
        seen = set()
        for comp in _walk(components):
            cid = comp.get('custom_id')
            if cid is not None:
                if not (1 <= len(cid) <= 100):
                    raise invalid_form(f'components: custom_id {cid!r} must be 1-100 characters')
                if cid in seen:
                    raise invalid_form(f'components: custom_id {cid!r} is duplicated')
                seen.add(cid)
            if comp.get('type') == 1 and len(comp.get('components') or []) > 5:
                raise invalid_form('components: an action row holds at most 5 components')
            if comp.get('type') == 3 and len(comp.get('options') or []) > 25:
                raise invalid_form('components: a select menu holds at most 25 options')
            if comp.get('type') == 2 and len(str(comp.get('label') or '')) > 80:
                raise invalid_form('components: button label must be 80 or fewer characters')
        for att in files.values():
            if att.size > ATTACHMENT_SIZE_LIMIT:
                raise FakeHTTPError(413, 40005, 'Request entity too large')
        if create and not (content or embeds or files or components or payload.get('sticker_ids')
                           or payload.get('poll')):
            raise FakeHTTPError(400, 50006, 'Cannot send an empty message')

    def _finish_attachment(self, att: FakeAttachment, channel: FakeChannel,
                           description: Optional[str]) -> FakeAttachment:
        att.url = f'{self.base_url}/attachments/{channel.id}/{att.id}/{att.filename}'
        if description:
            att.description = description
        self.attachments[att.id] = att
        return att

    def _resolve_attachments(self, channel: FakeChannel, payload: Dict[str, Any], files: Mapping[int, FakeAttachment],
                             existing: Sequence[FakeAttachment]) -> List[FakeAttachment]:
        by_id = {str(a.id): a for a in existing}
        used: set = set()
        result: List[FakeAttachment] = []
        entries = payload.get('attachments')
        if entries is None:
            result = list(existing)
        else:
            for entry in entries:
                key = str(entry.get('id'))
                if key in by_id:
                    result.append(by_id[key])
                elif key.isdigit() and int(key) in files:
                    used.add(int(key))
                    result.append(self._finish_attachment(files[int(key)], channel, entry.get('description')))
                    if entry.get('filename'):
                        files[int(key)].filename = entry['filename']
                else:
                    raise invalid_form(f'attachments: unknown attachment id {key}')
        for index in sorted(files):
            if index not in used:
                result.append(self._finish_attachment(files[index], channel, None))
        return result

    def _store_message(self, channel: FakeChannel, payload: Dict[str, Any], files: Mapping[int, FakeAttachment], *,
                       kind: str, flags: int = 0, interaction: Optional[InteractionHandle] = None,
                       recipient: Optional[FakeUser] = None, mtype: int = 0,
                       author: Optional[FakeUser] = None) -> FakeMessage:
        msg = FakeMessage(
            id=snowflake(),
            channel=channel,
            author=author or self.bot_user,
            kind=kind,
            content=str(payload.get('content') or ''),
            embeds=list(payload.get('embeds') or []),
            components=list(payload.get('components') or []),
            flags=flags,
            type=mtype,
            recipient=recipient,
            interaction=interaction,
            raw=dict(payload),
        )
        msg.attachments = self._resolve_attachments(channel, payload, files, [])
        self.messages.append(msg)
        self._messages_by_id[msg.id] = msg
        if kind != 'ephemeral':
            self._dispatch_message('MESSAGE_CREATE', msg)
            if isinstance(channel, FakeThread):
                self._threads.on_message(msg)
        self._notify()
        return msg

    def _apply_edit(self, msg: FakeMessage, payload: Dict[str, Any], files: Mapping[int, FakeAttachment]) -> None:
        msg.history.append(msg.snapshot())
        if 'content' in payload:
            msg.content = str(payload['content'] or '')
        if 'embeds' in payload:
            msg.embeds = list(payload['embeds'] or [])
        if 'components' in payload:
            msg.components = list(payload['components'] or [])
        if 'flags' in payload and payload['flags'] is not None:
            msg.flags = (msg.flags & ~_SETTABLE_FLAGS) | (int(payload['flags']) & _SETTABLE_FLAGS)
        if 'attachments' in payload or files:
            msg.attachments = self._resolve_attachments(msg.channel, payload, files, msg.attachments)
        msg.raw = dict(payload)
        msg.edited_timestamp = iso()
        if msg.kind != 'ephemeral':
            self._dispatch_message('MESSAGE_UPDATE', msg)
        self._notify()

    def _fill_placeholder(self, msg: FakeMessage, payload: Dict[str, Any], files: Mapping[int, FakeAttachment]) -> None:
        """First follow-up / edit after a type-5 deferral replaces the 'thinking' placeholder."""
        msg.flags &= ~LOADING
        self._apply_edit(msg, payload, files)

    def _delete(self, msg: FakeMessage) -> None:
        msg.deleted = True
        if isinstance(msg.channel, FakeThread) and msg.kind != 'ephemeral':
            self._threads.on_delete(msg)
        if msg.kind != 'ephemeral':
            data: Dict[str, Any] = {'id': str(msg.id), 'channel_id': str(msg.channel.id)}
            if msg.channel.guild is not None:
                data['guild_id'] = str(msg.channel.guild.id)
            self.gateway.dispatch('MESSAGE_DELETE', data, intent=self._message_intent(msg.channel))
        self._notify()

    @staticmethod
    def _message_intent(channel: FakeChannel) -> int:
        return Intent.DIRECT_MESSAGES if channel.is_dm else Intent.GUILD_MESSAGES

    def _dispatch_message(self, event: str, msg: FakeMessage) -> None:
        data = self._message_payload(msg, guild_id=True)
        if msg.channel.guild is not None:
            member = msg.channel.guild.member(msg.author)
            if member is not None:
                data['member'] = member.to_payload(include_user=False)
        private = msg.channel.is_dm or msg.author is self.bot_user or self.bot_user.mention in msg.content

        def for_session(session: Any, data: Dict[str, Any]) -> Dict[str, Any]:
            # Without the privileged MESSAGE_CONTENT intent Discord blanks other people's guild messages.
            if private or session.has_intent(Intent.MESSAGE_CONTENT):
                return data
            return data | {'content': '', 'embeds': [], 'attachments': [], 'components': []}

        self.gateway.dispatch(event, data, intent=self._message_intent(msg.channel), per_session=for_session)

    # ------------------------------------------------------------------ interactions (REST side)
    def _handle_for(self, request: web.Request) -> InteractionHandle:
        self._check_app(request)
        handle = self._interactions_by_token.get(request.match_info['token'])
        if handle is None or handle.callback is None:
            raise FakeHTTPError(404, 10015, 'Unknown Webhook')
        return handle

    async def _interaction_callback(self, request: web.Request) -> web.Response:
        if self.callback_delay:
            await asyncio.sleep(self.callback_delay)  # a slow network: the acknowledgement is in flight
        handle = self.interactions.get(_int(request.match_info['interaction_id']))
        if handle is None or handle.token != request.match_info['token']:
            raise FakeHTTPError(404, 10062, 'Unknown interaction')
        payload, files = await self._read_body(request)
        payload = payload or {}
        ctype = int(payload.get('type', 0))
        data = payload.get('data') or {}

        def reject(status: int, code: int, message: str) -> FakeHTTPError:
            handle.callbacks.append(Callback(ctype, data, accepted=False, status=status))
            handle._touch()
            return FakeHTTPError(status, code, message)

        if handle.callback is not None:
            raise reject(400, 40060, 'Interaction has already been acknowledged.')
        if (self.ack_timeout is not None and handle.delivered_at is not None
                and time.monotonic() - handle.delivered_at > self.ack_timeout):
            raise reject(404, 10062, 'Unknown interaction')
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[handle.type]
        if handle.type == 5 and handle.message is None:
            allowed = {4, 5}
        if ctype not in allowed:
            raise reject(400, 50035, f'Invalid Form Body: callback type {ctype} not valid for interaction '
                                     f'type {handle.type}')
        if ctype in (4, 7):
            try:
                self._validate_message(data, files, create=ctype == 4)
            except FakeHTTPError as exc:
                handle.callbacks.append(Callback(ctype, data, accepted=False, status=exc.status))
                raise
        if ctype == 8:
            choices = data.get('choices') or []
            if len(choices) > 25 or any(not (1 <= len(str(c.get('name', ''))) <= 100) for c in choices):
                raise reject(400, 50035, 'Invalid Form Body: at most 25 choices, names 1-100 characters')

        callback = Callback(ctype, data, accepted=True, status=200)
        handle.callbacks.append(callback)
        handle.callback = callback
        eph = bool(int(data.get('flags') or 0) & EPHEMERAL)
        channel = handle.channel
        kind = 'ephemeral' if eph else ('dm' if channel.is_dm else 'channel')
        mtype = 20 if handle.type == 2 else 0
        flags = (int(data.get('flags') or 0) & _SETTABLE_FLAGS) | (EPHEMERAL if eph else 0)
        message: Optional[FakeMessage] = None
        if ctype == 4:
            message = self._store_message(channel, data, files, kind=kind, flags=flags, interaction=handle,
                                          recipient=handle.user, mtype=mtype)
            handle.original = message
            handle.answers.append(message)
        elif ctype == 5:
            message = self._store_message(channel, {}, {}, kind=kind, flags=flags | LOADING, interaction=handle,
                                          recipient=handle.user, mtype=mtype)
            handle.original = message
        elif ctype == 6:
            handle.original = handle.message
        elif ctype == 7:
            assert handle.message is not None
            message = handle.message
            self._apply_edit(message, data, files)
            handle.original = message
            handle.answers.append(message)
        elif ctype == 8:
            handle.choices = list(data.get('choices') or [])
        elif ctype == 9:
            handle.modal = data
        handle._touch()

        interaction: Dict[str, Any] = {
            'id': str(handle.id),
            'type': handle.type,
            'activity_instance_id': None,
            'response_message_id': str(message.id) if message else None,
            'response_message_loading': ctype == 5,
            'response_message_ephemeral': bool(message and message.ephemeral),
        }
        resource: Dict[str, Any] = {'type': ctype}
        if message is not None:
            resource['message'] = self._message_payload(message)
        return self._json({'interaction': interaction, 'resource': resource})

    def _webhook_message(self, request: web.Request, handle: InteractionHandle) -> FakeMessage:
        mid = request.match_info['message_id']
        if mid == '@original':
            if handle.original is None or handle.original.deleted:
                raise FakeHTTPError(404, 10008, 'Unknown Message')
            return handle.original
        msg = self._messages_by_id.get(_int(mid))
        if msg is None or msg.deleted or (msg is not handle.original and msg not in handle.followups):
            raise FakeHTTPError(404, 10008, 'Unknown Message')
        return msg

    async def _webhook_execute(self, request: web.Request) -> web.Response:
        handle = self._handle_for(request)
        payload, files = await self._read_body(request)
        payload = payload or {}
        self._validate_message(payload, files, create=True)
        original = handle.original
        if handle.response_type == 5 and original is not None and original.loading and not original.deleted:
            # The first follow-up after a deferral replaces the "thinking" message and keeps its visibility.
            self._fill_placeholder(original, payload, files)
            msg = original
        else:
            eph = bool(int(payload.get('flags') or 0) & EPHEMERAL)
            channel = handle.channel
            msg = self._store_message(
                channel, payload, files,
                kind='ephemeral' if eph else ('dm' if channel.is_dm else 'channel'),
                flags=(int(payload.get('flags') or 0) & _SETTABLE_FLAGS) | (EPHEMERAL if eph else 0),
                interaction=handle, recipient=handle.user, mtype=0)
        handle.followups.append(msg)
        handle.answers.append(msg)
        handle._touch()
        if request.query.get('wait') in ('1', 'true', 'True'):
            return self._json(self._message_payload(msg))
        return self._no_content()

    async def _webhook_get_message(self, request: web.Request) -> web.Response:
        handle = self._handle_for(request)
        return self._json(self._message_payload(self._webhook_message(request, handle)))

    async def _webhook_edit_message(self, request: web.Request) -> web.Response:
        handle = self._handle_for(request)
        msg = self._webhook_message(request, handle)
        payload, files = await self._read_body(request)
        payload = payload or {}
        self._validate_message(payload, files, create=False)
        if msg.loading:
            self._fill_placeholder(msg, payload, files)
            handle.answers.append(msg)
        else:
            self._apply_edit(msg, payload, files)
            if handle.response_type == 6 and msg is handle.original:
                handle.answers.append(msg)
        handle._touch()
        return self._json(self._message_payload(msg))

    async def _webhook_delete_message(self, request: web.Request) -> web.Response:
        handle = self._handle_for(request)
        self._delete(self._webhook_message(request, handle))
        handle._touch()
        return self._no_content()

    # ------------------------------------------------------------------ interactions (injection)
    def _resolve_target(self, user: UserLike,
                        channel: ChannelLike) -> Tuple[FakeUser, FakeChannel, Optional[FakeMember]]:
        u = user.user if isinstance(user, FakeMember) else user
        if channel is None or channel == 'dm':
            return u, self.dm_channel(u), None
        if not isinstance(channel, FakeChannel):
            raise TypeError(f'channel must be a FakeChannel, "dm" or None, not {channel!r}')
        if channel.is_dm:
            if channel.recipient is not u:
                raise ValueError(f'{u!r} cannot use the DM channel of {channel.recipient!r}')
            return u, channel, None
        assert channel.guild is not None
        member = channel.guild.member(u)
        if member is None:
            raise ValueError(f'{u!r} is not a member of {channel.guild!r}; call fake.add_member() first')
        if (self.strict and isinstance(channel, FakeThread) and channel.is_private and u.id not in channel.members
                and not discord.Permissions(member.permissions_in(channel)).manage_threads):
            raise ValueError(f'{u!r} cannot see the private {channel!r} (not a member of it)')
        return u, channel, member

    def _interaction_payload(self, itype: int, user: FakeUser, channel: FakeChannel, member: Optional[FakeMember],
                             data: Dict[str, Any], message: Optional[FakeMessage], iid: int, token: str,
                             locale: str) -> Dict[str, Any]:
        payload: Dict[str, Any] = {
            'id': str(iid),
            'application_id': str(self.application_id),
            'type': itype,
            'data': data,
            'token': token,
            'version': 1,
            'locale': locale,
            'entitlements': [],
            'entitlement_sku_ids': [],
            'attachment_size_limit': ATTACHMENT_SIZE_LIMIT,
            'channel_id': str(channel.id),
        }
        if member is not None:
            guild = member.guild
            bot_member = guild.member(self.bot_user)
            payload.update({
                'guild_id': str(guild.id),
                'guild': {'id': str(guild.id), 'locale': guild.preferred_locale, 'features': []},
                'guild_locale': guild.preferred_locale,
                'member': member.to_payload(channel=channel, with_permissions=True),
                'channel': channel.to_payload() | {'permissions': str(member.permissions_in(channel))},
                'app_permissions': str(bot_member.permissions_in(channel) if bot_member else 0),
                'authorizing_integration_owners': {'0': str(guild.id)},
                'context': 0,
            })
        else:
            payload.update({
                'user': user.to_payload(),
                'channel': channel.to_payload(),
                'app_permissions': str(DEFAULT_EVERYONE_PERMISSIONS.value),
                'authorizing_integration_owners': {'0': str(user.id)},
                'context': 1,
            })
        if message is not None:
            payload['message'] = self._message_payload(message)
        return payload

    async def _deliver(self, handle: InteractionHandle) -> InteractionHandle:
        handle.deliveries += 1
        if handle.delivered_at is None:
            handle.delivered_at = time.monotonic()
        self.gateway.dispatch_to_latest('INTERACTION_CREATE', handle.payload)
        await self.gateway.flush()
        return handle

    async def redeliver(self, handle: InteractionHandle) -> InteractionHandle:
        """Send the very same INTERACTION_CREATE (same id and token) again."""
        return await self._deliver(handle)

    async def _inject(self, itype: int, user: UserLike, channel: ChannelLike, data: Dict[str, Any], *,
                      message: Optional[FakeMessage] = None, interaction_id: Optional[int] = None,
                      locale: str = 'en-US') -> InteractionHandle:
        if interaction_id is not None and interaction_id in self.interactions:
            return await self.redeliver(self.interactions[interaction_id])
        u, ch, member = self._resolve_target(user, channel)
        iid = interaction_id or snowflake()
        token = 'fake-itoken-' + secrets.token_urlsafe(32)
        payload = self._interaction_payload(itype, u, ch, member, data, message, iid, token, locale)
        handle = InteractionHandle(self, id=iid, token=token, type=itype, payload=payload, user=u, channel=ch,
                                   message=message)
        self.interactions[iid] = handle
        self._interactions_by_token[token] = handle
        return await self._deliver(handle)

    # -- application commands
    def _find_command(self, name: str, channel: FakeChannel, member: Optional[FakeMember],
                      ctype: int = 1) -> Optional[Dict[str, Any]]:
        def pick(cmds: List[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
            return next((c for c in cmds if c['name'] == name and c.get('type', 1) == ctype), None)

        if channel.guild is not None:
            cmd = pick(self.guild_commands.get(channel.guild.id, []))
            if cmd is not None:
                return cmd
        cmd = pick(self.global_commands)
        if cmd is None:
            return None
        contexts = cmd.get('contexts')
        if channel.is_dm and (cmd.get('dm_permission') is False or (contexts is not None and 1 not in contexts)):
            raise CommandNotAvailable(f'/{name} is not available in DMs (dm_permission/contexts)')
        if not channel.is_dm and contexts is not None and 0 not in contexts:
            raise CommandNotAvailable(f'/{name} is not available in guilds (contexts={contexts})')
        return cmd

    def _check_command_permissions(self, cmd: Dict[str, Any], member: Optional[FakeMember],
                                   channel: FakeChannel) -> None:
        required = cmd.get('default_member_permissions')
        if required is None or member is None:
            return
        perms = member.permissions_in(channel)
        if perms & discord.Permissions(administrator=True).value:
            return
        if int(required) == 0 or (perms & int(required)) != int(required):
            raise CommandNotAvailable(f'/{cmd["name"]} is hidden from {member!r}: needs default_member_permissions '
                                      f'{required}')

    def _command_for(self, name: str, user: UserLike, channel: ChannelLike) -> Optional[Dict[str, Any]]:
        _, ch, member = self._resolve_target(user, channel)
        cmd = self._find_command(name, ch, member)
        if cmd is None:
            if self.strict:
                where = 'in DMs (guild commands are not available there)' if ch.is_dm else f'in {ch.guild!r}'
                per_guild = {g: [c['name'] for c in cs] for g, cs in self.guild_commands.items()}
                raise CommandNotAvailable(f'/{name} was never synced {where}; synced: '
                                          f'global={[c["name"] for c in self.global_commands]} guild={per_guild}')
            return None
        if self.strict:
            self._check_command_permissions(cmd, member, ch)
        return cmd

    def _build_options(self, values: Mapping[str, Any], schema: Optional[List[Dict[str, Any]]],
                       guild: Optional[FakeGuild], channel: FakeChannel, resolved: Dict[str, Dict[str, Any]], *,
                       focused: Optional[str] = None) -> List[Dict[str, Any]]:
        out: List[Dict[str, Any]] = []
        by_name = {o['name']: o for o in (schema or [])}
        for name, value in values.items():
            spec = by_name.get(name)
            if spec is None and schema is not None and self.strict:
                raise ValueError(f'unknown option {name!r}; the command has {sorted(by_name)}')
            otype = spec['type'] if spec else _infer_type(value)
            option: Dict[str, Any] = {'name': name, 'type': otype,
                                      'value': self._option_value(otype, value, guild, channel, resolved)}
            if focused is not None:
                if otype in (3, 4, 10) and not isinstance(option['value'], bool):
                    option['value'] = str(option['value'])
                if name == focused:
                    option['focused'] = True
            elif spec and self.strict and spec.get('choices'):
                allowed = [c['value'] for c in spec['choices']]
                if option['value'] not in allowed:
                    raise ValueError(f'option {name!r}={value!r} is not one of the choices {allowed}')
            out.append(option)
        if focused is None and schema is not None and self.strict:
            missing = [o['name'] for o in schema if o.get('required') and o['name'] not in values and o['type'] > 2]
            if missing:
                raise ValueError(f'missing required options {missing}')
        return out

    def _option_value(self, otype: int, value: Any, guild: Optional[FakeGuild], channel: FakeChannel,
                      resolved: Dict[str, Dict[str, Any]]) -> Any:
        if otype in (6, 9) and isinstance(value, (FakeUser, FakeMember)):
            user = value.user if isinstance(value, FakeMember) else value
            resolved.setdefault('users', {})[str(user.id)] = user.to_payload()
            member = guild.member(user) if guild else None
            if member is not None:
                resolved.setdefault('members', {})[str(user.id)] = member.to_payload(
                    include_user=False, channel=channel, with_permissions=True)
            return str(user.id)
        if otype in (8, 9) and isinstance(value, FakeRole):
            resolved.setdefault('roles', {})[str(value.id)] = value.to_payload()
            return str(value.id)
        if otype == 7 and isinstance(value, FakeChannel):
            data = {'id': str(value.id), 'name': value.name, 'type': value.type, 'permissions': '0'}
            if value.guild is not None:
                data['guild_id'] = str(value.guild.id)
            resolved.setdefault('channels', {})[str(value.id)] = data
            return str(value.id)
        if otype in (6, 7, 8, 9, 11):
            return str(value)
        if otype == 4 and not isinstance(value, str):
            return int(value)
        if otype == 10 and not isinstance(value, str):
            return float(value)
        if otype == 5:
            return bool(value)
        return value if otype != 3 else str(value)

    def _command_data(self, name: str, subcommand: Optional[str], options: Mapping[str, Any], user: UserLike,
                      channel: ChannelLike, *, focused: Optional[str] = None) -> Dict[str, Any]:
        _, ch, _ = self._resolve_target(user, channel)
        cmd = self._command_for(name, user, channel)
        resolved: Dict[str, Dict[str, Any]] = {}
        schema: Optional[List[Dict[str, Any]]] = cmd.get('options') if cmd is not None else None
        path = subcommand.split() if subcommand else []
        chain: List[Tuple[str, int]] = []
        for part in path:
            spec = next((o for o in (schema or []) if o['name'] == part), None)
            if spec is None and cmd is not None and self.strict:
                raise ValueError(f'/{name} has no subcommand (group) {part!r}')
            kind = spec['type'] if spec else (2 if len(chain) < len(path) - 1 else 1)
            if spec is not None and spec['type'] not in (1, 2):
                raise ValueError(f'{part!r} is an option of /{name}, not a subcommand')
            chain.append((part, kind))
            schema = spec.get('options') if spec else None
        if cmd is not None and self.strict and not path and any(o['type'] in (1, 2) for o in cmd.get('options', [])):
            raise ValueError(f'/{name} needs a subcommand')
        leaf = self._build_options(options, schema if (cmd is not None) else None, ch.guild, ch, resolved,
                                   focused=focused)
        for part, kind in reversed(chain):
            leaf = [{'name': part, 'type': kind, 'options': leaf}]
        data: Dict[str, Any] = {
            'id': cmd['id'] if cmd else str(snowflake()),
            'name': name,
            'type': 1,
            'options': leaf,
        }
        if cmd is not None and cmd.get('guild_id'):
            data['guild_id'] = cmd['guild_id']
        if resolved:
            data['resolved'] = resolved
        return data

    async def slash(self, user: UserLike, channel: ChannelLike, name: str, subcommand: Optional[str] = None,
                    options: Optional[Mapping[str, Any]] = None, *, interaction_id: Optional[int] = None,
                    locale: str = 'en-US') -> InteractionHandle:
        """Invoke ``/name [subcommand] options...`` as ``user`` in ``channel`` (``None``/``'dm'``: the user's DM).

        ``subcommand`` may be ``"move"`` or ``"group sub"``. Option types come from the synced command
        (else inferred: bool 5, int 4, float 10, str 3, FakeUser/FakeMember 6, FakeChannel 7, FakeRole 8).
        Passing an ``interaction_id`` that was already delivered re-delivers that interaction.
        """
        if interaction_id is not None and interaction_id in self.interactions:
            return await self.redeliver(self.interactions[interaction_id])
        data = self._command_data(name, subcommand, options or {}, user, channel)
        return await self._inject(2, user, channel, data, interaction_id=interaction_id, locale=locale)

    async def autocomplete_handle(self, user: UserLike, channel: ChannelLike, name: str,
                                  subcommand: Optional[str] = None, options: Optional[Mapping[str, Any]] = None, *,
                                  focused: str, value: Any = '') -> InteractionHandle:
        """Like :meth:`autocomplete` but returns the handle right after dispatch."""
        opts = dict(options or {})
        opts[focused] = value
        data = self._command_data(name, subcommand, opts, user, channel, focused=focused)
        return await self._inject(4, user, channel, data)

    async def autocomplete(self, user: UserLike, channel: ChannelLike, name: str, subcommand: Optional[str] = None,
                           options: Optional[Mapping[str, Any]] = None, *, focused: str, value: Any = '',
                           timeout: float = 5.0) -> List[Dict[str, Any]]:
        """Send an autocomplete interaction (type 4) and return the bot's choices (``[{"name", "value"}]``).

        All str/int/number option values are sent as strings, like Discord does.
        """
        handle = await self.autocomplete_handle(user, channel, name, subcommand, options, focused=focused, value=value)
        return await handle.wait_choices(timeout)

    def _component(self, message: Union[FakeMessage, int], custom_id: str, user: UserLike,
                   types: Sequence[int]) -> Tuple[FakeMessage, Dict[str, Any]]:
        msg = message if isinstance(message, FakeMessage) else self.message(message)
        comp = msg.find_component(custom_id)
        if self.strict:
            u = user.user if isinstance(user, FakeMember) else user
            if msg.deleted:
                raise ValueError(f'{msg!r} was deleted')
            if msg.kind == 'ephemeral' and msg.recipient is not u:
                raise ValueError(f'{u!r} cannot see ephemeral {msg!r}')
            if comp is None:
                raise ValueError(f'{msg!r} has no component {custom_id!r}; it has {msg.custom_ids}')
            if comp.get('type') not in types:
                raise ValueError(f'component {custom_id!r} has type {comp.get("type")}, expected {list(types)}')
            if comp.get('disabled'):
                raise ValueError(f'component {custom_id!r} is disabled')
        return msg, comp or {'type': types[0], 'custom_id': custom_id}

    async def click(self, user: UserLike, message: Union[FakeMessage, int], custom_id: str, *,
                    interaction_id: Optional[int] = None) -> InteractionHandle:
        """Click the button ``custom_id`` on ``message`` (a message the bot posted)."""
        if interaction_id is not None and interaction_id in self.interactions:
            return await self.redeliver(self.interactions[interaction_id])
        msg, _ = self._component(message, custom_id, user, (2,))
        data = {'custom_id': custom_id, 'component_type': 2}
        return await self._inject(3, user, msg.channel, data, message=msg, interaction_id=interaction_id)

    async def select(self, user: UserLike, message: Union[FakeMessage, int], custom_id: str, values: Sequence[Any], *,
                     interaction_id: Optional[int] = None) -> InteractionHandle:
        """Pick ``values`` in the select menu ``custom_id`` (string select: option values; user/role/channel
        selects: FakeUser/FakeRole/FakeChannel objects or ids)."""
        if interaction_id is not None and interaction_id in self.interactions:
            return await self.redeliver(self.interactions[interaction_id])
        msg, comp = self._component(message, custom_id, user, (3, 5, 6, 7, 8))
        ctype = comp.get('type', 3)
        if self.strict:
            lo, hi = comp.get('min_values', 1), comp.get('max_values', 1)
            if not (lo <= len(values) <= hi):
                raise ValueError(f'select {custom_id!r} takes {lo}..{hi} values, got {len(values)}')
            if ctype == 3:
                allowed = [o['value'] for o in comp.get('options', [])]
                bad = [v for v in values if v not in allowed]
                if bad:
                    raise ValueError(f'select {custom_id!r} has no options {bad}; options: {allowed}')
        resolved: Dict[str, Dict[str, Any]] = {}
        out_values: List[str] = []
        otype = {3: 3, 5: 6, 6: 8, 7: 9, 8: 7}[ctype]
        for v in values:
            out_values.append(str(self._option_value(otype, v, msg.channel.guild, msg.channel, resolved)))
        data: Dict[str, Any] = {'custom_id': custom_id, 'component_type': ctype, 'values': out_values}
        if resolved:
            data['resolved'] = resolved
        return await self._inject(3, user, msg.channel, data, message=msg, interaction_id=interaction_id)

    async def submit_modal(self, modal_of: InteractionHandle, values: Mapping[str, Any], *,
                           user: Optional[UserLike] = None) -> InteractionHandle:
        """Submit the modal the bot showed in answer to ``modal_of`` (callback type 9).

        ``values`` maps each input's custom_id to its text (or a list of values for selects in labels).
        """
        modal = modal_of.modal
        if modal is None:
            raise ValueError(f'{modal_of!r} did not answer with a modal')

        def fill(components: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
            out = []
            for comp in components:
                t = comp.get('type')
                if t == 1:
                    out.append({'type': 1, 'components': fill(comp.get('components', []))})
                elif t == 18:
                    out.append({'type': 18, 'id': comp.get('id'), 'component': fill([comp['component']])[0]})
                elif 'custom_id' in comp:
                    cid = comp['custom_id']
                    if t == 4:
                        out.append({'type': 4, 'custom_id': cid, 'value': str(values.get(cid, ''))})
                    else:
                        v = values.get(cid, [])
                        out.append({'type': t, 'custom_id': cid, 'values': [str(x) for x in v]})
                else:
                    out.append(comp)
            return out

        data = {'custom_id': modal['custom_id'], 'components': fill(modal.get('components', []))}
        channel: ChannelLike = modal_of.channel
        return await self._inject(5, user or modal_of.user, channel, data, message=modal_of.message)

    async def user_message(self, user: UserLike, channel: ChannelLike, content: str) -> FakeMessage:
        """A user posts ``content`` (MESSAGE_CREATE to the bot), e.g. for prefix commands."""
        u, ch, _ = self._resolve_target(user, channel)
        msg = self._store_message(ch, {'content': content}, {}, kind='dm' if ch.is_dm else 'channel', author=u)
        await self.gateway.flush()
        return msg

    # ------------------------------------------------------------------ gateway payloads
    def _guild_create_payload(self, guild: FakeGuild, session: Any) -> Dict[str, Any]:
        # Like Discord: without the presences intent only the bot itself is in GUILD_CREATE's member list.
        if session.has_intent(Intent.GUILD_PRESENCES):
            members = list(guild.members.values())
        else:
            members = [m for m in guild.members.values() if m.user is self.bot_user]
        threads = [t.to_payload(me=self.bot_user.id) for t in self._threads.visible(guild)]
        return guild.to_payload(members=members, threads=threads)


@functools.lru_cache(maxsize=1024)
def _bucket(method: str, resource: str) -> str:
    """The rate-limit bucket of a route, a hash as Discord's are (the same for every request of the route): worked
    out once, not for each of the thousands of requests a test makes."""
    return hashlib.sha1(f'{method} {resource}'.encode()).hexdigest()[:20]


def _pv(value: Union[discord.Permissions, int, None]) -> int:
    if value is None:
        return 0
    return value.value if isinstance(value, discord.Permissions) else int(value)


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


def _infer_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    if isinstance(value, (FakeUser, FakeMember)):
        return 6
    if isinstance(value, FakeChannel):
        return 7
    if isinstance(value, FakeRole):
        return 8
    return 3


def _walk(components: List[Dict[str, Any]]) -> Any:
    for comp in components or []:
        yield comp
        yield from _walk(comp.get('components') or [])
        if isinstance(comp.get('component'), dict):
            yield from _walk([comp['component']])
        if isinstance(comp.get('accessory'), dict):
            yield from _walk([comp['accessory']])

