"""Threads in the fake Discord: starting them, their members, posting in them, editing and deleting them.

Modelled on Discord's docs (topics/threads, resources/channel): a thread is a channel of type 11 (public) or
12 (private) whose ``parent_id`` is the text channel it lives in; it takes the parent's permissions, except
that talking in it needs SEND_MESSAGES_IN_THREADS instead of SEND_MESSAGES.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence

import discord
from aiohttp import web

from tests.fakediscord.errors import FakeHTTPError, invalid_form
from tests.fakediscord.gateway import Intent
from tests.fakediscord.models import (
    AUTO_ARCHIVE_DURATIONS,
    HAS_THREAD,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
    FakeMessage,
    FakeThread,
    FakeUser,
    iso,
    snowflake,
)

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

__all__ = ['Threads']


class Threads:
    """The fake's threads. ``FakeDiscord`` keeps one and exposes its public calls."""

    def __init__(self, fake: 'FakeDiscord') -> None:
        self.fake = fake

    # ------------------------------------------------------------------ routes
    def add_routes(self, router: web.UrlDispatcher, api: str) -> None:
        channel = api + '/channels/{channel_id}'
        router.add_post(channel + '/threads', self._start_without_message)
        router.add_post(channel + '/messages/{message_id}/threads', self._start_from_message)
        router.add_get(channel + '/thread-members', self._list_members)
        router.add_get(channel + '/thread-members/{user_id}', self._get_member)
        router.add_put(channel + '/thread-members/{user_id}', self._add_member_route)
        router.add_delete(channel + '/thread-members/{user_id}', self._remove_member_route)
        router.add_get(api + '/guilds/{guild_id}/threads/active', self._active_threads)

    # ------------------------------------------------------------------ the world
    def start(self, parent: FakeChannel, name: str, *, owner: FakeUser, type: int = PUBLIC_THREAD,
              message: Optional[FakeMessage] = None, auto_archive_duration: int = 1440,
              invitable: bool = True) -> FakeThread:
        """Create the thread and tell the gateway (THREAD_CREATE, the owner joining, the starter message's
        update). No permission checks: the REST routes make them before calling this."""
        fake = self.fake
        guild = parent.guild
        assert guild is not None
        thread = FakeThread(id=message.id if message is not None else snowflake(), name=name, type=type,
                            guild=guild, parent_id=parent.id, parent=parent, owner=owner,
                            auto_archive_duration=auto_archive_duration, invitable=invitable,
                            starter_message=message)
        guild.threads.append(thread)
        fake.channels[thread.id] = thread
        thread.members[owner.id] = iso()
        if self.bot_sees(thread):
            self._dispatch('THREAD_CREATE', thread, extra={'newly_created': True})
            self._dispatch_members(thread, added=[owner.id])
        if message is not None:
            message.thread = thread
            message.flags |= HAS_THREAD
            fake._dispatch_message('MESSAGE_UPDATE', message)
        fake._notify()
        return thread

    def bot_sees(self, thread: FakeThread) -> bool:
        """Discord tells a bot about a private thread only if it joined it or may manage threads."""
        if not thread.is_private or self.fake.bot_user.id in thread.members:
            return True
        return self._bot_permissions(thread).manage_threads

    def visible(self, guild: Any) -> List[FakeThread]:
        """Active threads of ``guild`` the bot can see (what GUILD_CREATE and the active-threads route list)."""
        return [t for t in guild.threads if not t.archived and self.bot_sees(t)]

    def add_members(self, thread: FakeThread, user_ids: Sequence[int]) -> None:
        new = [u for u in user_ids if u not in thread.members]
        for user_id in new:
            thread.members[user_id] = iso()
        if new and self.bot_sees(thread):
            self._dispatch_members(thread, added=new)

    def remove_members(self, thread: FakeThread, user_ids: Sequence[int]) -> None:
        gone = [u for u in user_ids if u in thread.members]
        for user_id in gone:
            del thread.members[user_id]
        if gone:
            self._dispatch_members(thread, removed=gone)

    def on_message(self, msg: FakeMessage) -> None:
        """A message arrived in a thread: Discord counts it, unarchives the thread, and adds its author and
        the people it pings to the thread (in a private thread only when the author may invite)."""
        thread = msg.channel
        assert isinstance(thread, FakeThread)
        thread.message_count += 1
        thread.total_message_sent += 1
        if thread.archived and not thread.locked:
            thread.archived = False
            thread.archive_timestamp = iso()
            self._dispatch('THREAD_UPDATE', thread)
        joining = [msg.author.id]
        author_may_invite = not thread.is_private or thread.invitable or msg.author.id == thread.owner.id
        if author_may_invite:
            joining += [u for u in sorted(msg.pinged) if thread.guild is not None and thread.guild.member(u)]
        self.add_members(thread, joining)

    def on_delete(self, msg: FakeMessage) -> None:
        thread = msg.channel
        assert isinstance(thread, FakeThread)
        thread.message_count = max(0, thread.message_count - 1)

    def check_post(self, thread: FakeThread) -> None:
        """What Discord checks before the bot posts in a thread."""
        perms = self._bot_permissions(thread)
        if not perms.view_channel or (thread.is_private and self.fake.bot_user.id not in thread.members
                                      and not perms.manage_threads):
            raise FakeHTTPError(403, 50001, 'Missing Access')
        if not perms.send_messages_in_threads:
            raise FakeHTTPError(403, 50013, 'Missing Permissions (send_messages_in_threads)')
        if thread.locked and not perms.manage_threads:
            # "Sending a message will automatically unarchive the thread, unless the thread has been locked by a
            # moderator" (topics/threads): archived and locked, a post cannot reopen it.
            if thread.archived:
                raise FakeHTTPError(400, 50083, 'Operation not allowed on an archived thread')
            raise FakeHTTPError(403, 160005, 'Thread is locked')

    def moderate(self, thread: FakeThread, *, locked: Optional[bool] = None, archived: Optional[bool] = None) -> None:
        """A moderator (MANAGE_THREADS) locks, unlocks, closes or reopens the thread in Discord's client:
        THREAD_UPDATE, as for the bot's own PATCH."""
        if locked is not None:
            thread.locked = locked
        if archived is not None:
            thread.archived = archived
            thread.archive_timestamp = iso()
        self._dispatch('THREAD_UPDATE', thread)
        self.fake._notify()

    def check_edit(self, thread: FakeThread) -> None:
        """Editing a message: archived threads refuse it, locked ones too unless the bot manages threads."""
        if thread.archived:
            raise FakeHTTPError(400, 50083, 'Operation not allowed on an archived thread')
        if thread.locked and not self._bot_permissions(thread).manage_threads:
            raise FakeHTTPError(403, 160005, 'Thread is locked')

    def edit(self, thread: FakeThread, payload: Dict[str, Any]) -> Dict[str, Any]:
        """PATCH /channels/{thread.id}: name, archived, locked, auto_archive_duration, invitable."""
        perms = self._bot_permissions(thread)
        owner = thread.owner is self.fake.bot_user
        if 'locked' in payload and not perms.manage_threads:
            raise FakeHTTPError(403, 50013, 'Missing Permissions (manage_threads)')
        reopening = set(payload) <= {'archived'} and payload.get('archived') is False
        if not (perms.manage_threads or owner or reopening):
            raise FakeHTTPError(403, 50013, 'Missing Permissions (manage_threads)')
        if thread.locked and reopening and not (perms.manage_threads or owner):
            raise FakeHTTPError(403, 160005, 'Thread is locked')
        if 'name' in payload:
            thread.name = self._checked_name(payload['name'])
        if 'auto_archive_duration' in payload:
            thread.auto_archive_duration = self._checked_duration(payload['auto_archive_duration'])
        for key in ('archived', 'locked', 'invitable'):
            if key in payload and payload[key] is not None:
                setattr(thread, key, bool(payload[key]))
        if 'archived' in payload or 'auto_archive_duration' in payload:
            thread.archive_timestamp = iso()
        self._dispatch('THREAD_UPDATE', thread)
        return thread.to_payload(me=self.fake.bot_user.id)

    def delete(self, thread: FakeThread) -> Dict[str, Any]:
        """DELETE /channels/{thread.id}: needs MANAGE_THREADS."""
        if not self._bot_permissions(thread).manage_threads:
            raise FakeHTTPError(403, 50013, 'Missing Permissions (manage_threads)')
        fake = self.fake
        assert thread.guild is not None and thread.parent is not None
        payload = thread.to_payload()
        thread.guild.threads.remove(thread)
        del fake.channels[thread.id]
        fake.gateway.dispatch('THREAD_DELETE', {'id': str(thread.id), 'guild_id': str(thread.guild.id),
                                                'parent_id': str(thread.parent.id), 'type': thread.type},
                              intent=Intent.GUILDS)
        if thread.starter_message is not None:
            thread.starter_message.thread = None
        fake._notify()
        return payload

    # ------------------------------------------------------------------ REST handlers
    async def _start_without_message(self, request: web.Request) -> web.Response:
        fake = self.fake
        parent = fake._channel(request)
        payload = (await fake._read_body(request))[0] or {}
        self._check_parent(parent)
        # Discord's docs: "type currently defaults to PRIVATE_THREAD" when the body leaves it out.
        ttype = payload.get('type', PRIVATE_THREAD)
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise invalid_form(f'type: a thread without a message is type 11 or 12, not {ttype!r}')
        needed = 'create_public_threads' if ttype == PUBLIC_THREAD else 'create_private_threads'
        fake._require_bot_permission(parent, 'view_channel', needed)
        thread = self.start(parent, self._checked_name(payload.get('name')), owner=fake.bot_user, type=ttype,
                            auto_archive_duration=self._checked_duration(payload.get('auto_archive_duration')),
                            invitable=bool(payload.get('invitable', True)))
        return fake._json(thread.to_payload(me=fake.bot_user.id), 201)

    async def _start_from_message(self, request: web.Request) -> web.Response:
        fake = self.fake
        parent = fake._channel(request)
        payload = (await fake._read_body(request))[0] or {}
        self._check_parent(parent)
        message = fake._channel_message(request, parent)
        fake._require_bot_permission(parent, 'view_channel', 'create_public_threads')
        if message.thread is not None:
            raise FakeHTTPError(400, 160004, 'A thread has already been created for this message')
        thread = self.start(parent, self._checked_name(payload.get('name')), owner=fake.bot_user,
                            type=PUBLIC_THREAD, message=message,
                            auto_archive_duration=self._checked_duration(payload.get('auto_archive_duration')))
        return fake._json(thread.to_payload(me=fake.bot_user.id), 201)

    async def _list_members(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        return self.fake._json([thread.member_payload(u) for u in thread.members])

    async def _get_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user_id = self._user_id(request)
        if user_id not in thread.members:
            raise FakeHTTPError(404, 10007, 'Unknown Member')
        return self.fake._json(thread.member_payload(user_id))

    async def _add_member_route(self, request: web.Request) -> web.Response:
        fake = self.fake
        thread = self._thread(request)
        user_id = self._user_id(request)
        if thread.archived:
            raise FakeHTTPError(400, 50083, 'Operation not allowed on an archived thread')
        if user_id == fake.bot_user.id:
            if thread.is_private and not self._bot_permissions(thread).manage_threads \
                    and user_id not in thread.members:
                raise FakeHTTPError(403, 50001, 'Missing Access')
        else:
            self.check_post(thread)  # adding someone needs the right to talk in the thread
            if thread.guild is None or thread.guild.member(user_id) is None:
                raise FakeHTTPError(404, 10007, 'Unknown Member')
        self.add_members(thread, [user_id])
        fake._notify()
        return fake._no_content()

    async def _remove_member_route(self, request: web.Request) -> web.Response:
        fake = self.fake
        thread = self._thread(request)
        user_id = self._user_id(request)
        if thread.archived:
            raise FakeHTTPError(400, 50083, 'Operation not allowed on an archived thread')
        if user_id != fake.bot_user.id and not (self._bot_permissions(thread).manage_threads
                                                or thread.owner is fake.bot_user):
            raise FakeHTTPError(403, 50013, 'Missing Permissions (manage_threads)')
        self.remove_members(thread, [user_id])
        fake._notify()
        return fake._no_content()

    async def _active_threads(self, request: web.Request) -> web.Response:
        fake = self.fake
        threads = self.visible(fake._guild(request))
        me = fake.bot_user.id
        return fake._json({'threads': [t.to_payload() for t in threads],
                           'members': [t.member_payload(me) for t in threads if me in t.members]})

    # ------------------------------------------------------------------ helpers
    def _thread(self, request: web.Request) -> FakeThread:
        channel = self.fake._channel(request)
        if not isinstance(channel, FakeThread):
            raise FakeHTTPError(400, 50024, 'Cannot execute action on this channel type')
        return channel

    def _user_id(self, request: web.Request) -> int:
        raw = request.match_info['user_id']
        if raw == '@me':
            return self.fake.bot_user.id
        if not re.fullmatch(r'\d+', raw):
            raise FakeHTTPError(404, 10013, 'Unknown User')
        return int(raw)

    @staticmethod
    def _check_parent(parent: FakeChannel) -> None:
        if parent.is_dm:
            raise FakeHTTPError(400, 50003, 'Cannot execute action on a DM channel')
        if parent.type != 0:  # the fake has text channels only; a thread holds no threads
            raise FakeHTTPError(400, 50024, 'Cannot execute action on this channel type')

    @staticmethod
    def _checked_name(name: Any) -> str:
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise invalid_form('name: a thread name is 1-100 characters')
        return name

    @staticmethod
    def _checked_duration(value: Any) -> int:
        if value is None:
            return 1440
        if value not in AUTO_ARCHIVE_DURATIONS:
            raise invalid_form(f'auto_archive_duration must be one of {AUTO_ARCHIVE_DURATIONS}')
        return int(value)

    def _bot_permissions(self, thread: FakeChannel) -> discord.Permissions:
        guild = thread.guild
        me = guild.member(self.fake.bot_user) if guild is not None else None
        return discord.Permissions(me.permissions_in(thread) if me else 0)

    def _dispatch(self, event: str, thread: FakeThread, *, extra: Optional[Dict[str, Any]] = None) -> None:
        if not self.bot_sees(thread):
            return
        data = thread.to_payload(me=self.fake.bot_user.id) | (extra or {})
        self.fake.gateway.dispatch(event, data, intent=Intent.GUILDS)

    def _dispatch_members(self, thread: FakeThread, *, added: Sequence[int] = (),
                          removed: Sequence[int] = ()) -> None:
        # Discord always tells the bot when it joins or leaves a thread; news about other people's
        # membership needs the GUILD_MEMBERS intent.
        me = self.fake.bot_user.id
        about_me = me in added or me in removed
        data = {
            'id': str(thread.id),
            'guild_id': str(thread.guild_id),
            'member_count': min(len(thread.members), 50),
            'added_members': [thread.member_payload(u) for u in added if u in thread.members],
            'removed_member_ids': [str(u) for u in removed],
        }
        self.fake.gateway.dispatch('THREAD_MEMBERS_UPDATE', data,
                                   intent=Intent.GUILDS if about_me else Intent.GUILD_MEMBERS)
