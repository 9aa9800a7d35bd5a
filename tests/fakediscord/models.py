"""The fake's model of the Discord world: users, guilds, roles, channels, members, messages.

Every object knows how to render itself as the JSON payload discord.py expects
(``to_payload``). Ids are real-looking snowflakes, so ``discord.utils.snowflake_time``
and ``created_at`` work on the client side.
"""

from __future__ import annotations

import datetime
import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Tuple

import discord

if TYPE_CHECKING:
    from tests.fakediscord.interactions import InteractionHandle

__all__ = [
    'DEFAULT_EVERYONE_PERMISSIONS',
    'DEFAULT_BOT_PERMISSIONS',
    'FakeUser',
    'FakeRole',
    'FakeChannel',
    'FakeMember',
    'FakeGuild',
    'FakeAttachment',
    'FakeMessage',
    'FakeThread',
    'iso',
    'shard_of',
    'snowflake',
]

DISCORD_EPOCH_MS = 1420070400000

# Message flags used by the fake.
HAS_THREAD = 1 << 5
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

DEFAULT_EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
    create_instant_invite=True,
    change_nickname=True,
    create_public_threads=True,
    connect=True,
    speak=True,
)
"""What @everyone may do in a freshly created fake guild."""

DEFAULT_BOT_PERMISSIONS = discord.Permissions(
    DEFAULT_EVERYONE_PERMISSIONS.value
    | discord.Permissions(manage_channels=True, manage_messages=True, manage_threads=True, manage_roles=True).value
)
"""What the bot's managed role grants by default (no administrator)."""

_ALL_PERMISSIONS = discord.Permissions.all().value
_ADMINISTRATOR = discord.Permissions(administrator=True).value

_counter = itertools.count(1)
_lock = threading.Lock()
_last = 0


def shard_of(guild_id: Optional[int], shard_count: int) -> int:
    """The shard a guild's events go to (Discord's sharding formula); events without a guild go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def snowflake(shard: Optional[Tuple[int, int]] = None) -> int:
    """A new, strictly increasing snowflake whose timestamp is now.

    ``shard=(shard_id, shard_count)``: the first such snowflake whose guild would live on that shard
    (its millisecond part is moved on until the sharding formula agrees).
    """
    global _last
    with _lock:
        value = ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(_counter) & 0x3FFFFF)
        if value <= _last:
            value = _last + 1
        if shard is not None:
            shard_id, shard_count = shard
            while shard_of(value, shard_count) != shard_id:
                value += 1 << 22
        _last = value
        return value


def iso(dt: Optional[datetime.datetime] = None) -> str:
    return (dt or datetime.datetime.now(datetime.timezone.utc)).isoformat()


def _perm_value(value: Any) -> int:
    if value is None:
        return 0
    if isinstance(value, discord.Permissions):
        return value.value
    return int(value)


@dataclass(eq=False)
class FakeUser:
    """A Discord user (a human player, or the bot itself)."""

    id: int
    name: str
    global_name: Optional[str] = None
    bot: bool = False
    refuses_dms: bool = False
    """When true, posting into this user's DM channel answers 403 / code 50007."""
    avatar: Optional[str] = None

    @property
    def mention(self) -> str:
        return f'<@{self.id}>'

    @property
    def display_name(self) -> str:
        return self.global_name or self.name

    def to_payload(self) -> Dict[str, Any]:
        return {
            'id': str(self.id),
            'username': self.name,
            'discriminator': '0',
            'global_name': self.global_name,
            'avatar': self.avatar,
            'bot': self.bot,
            'public_flags': 0,
            'flags': 0,
            'banner': None,
            'accent_color': None,
            'avatar_decoration_data': None,
        }

    def __repr__(self) -> str:
        return f'<FakeUser id={self.id} name={self.name!r}>'


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False
    bot_id: Optional[int] = None

    @property
    def is_everyone(self) -> bool:
        return self.id == self.guild_id

    def to_payload(self) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'id': str(self.id),
            'name': self.name,
            'color': 0,
            'colors': {'primary_color': 0, 'secondary_color': None, 'tertiary_color': None},
            'hoist': False,
            'icon': None,
            'unicode_emoji': None,
            'position': self.position,
            'permissions': str(self.permissions),
            'managed': self.managed,
            'mentionable': False,
            'flags': 0,
        }
        if self.bot_id is not None:
            data['tags'] = {'bot_id': str(self.bot_id)}
        return data

    def __repr__(self) -> str:
        return f'<FakeRole id={self.id} name={self.name!r}>'


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel (type 0) or a DM channel (type 1)."""

    id: int
    name: str
    type: int = 0
    guild: Optional['FakeGuild'] = None
    recipient: Optional[FakeUser] = None
    position: int = 0
    topic: Optional[str] = None
    parent_id: Optional[int] = None
    overwrites: List[Dict[str, Any]] = field(default_factory=list)
    """Raw permission overwrites: ``{"id", "type" (0 role / 1 member), "allow", "deny"}``."""

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def guild_id(self) -> Optional[int]:
        return self.guild.id if self.guild is not None else None

    @property
    def mention(self) -> str:
        return f'<#{self.id}>'

    def to_payload(self) -> Dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            return {
                'id': str(self.id),
                'type': 1,
                'recipients': [self.recipient.to_payload()],
                'last_message_id': None,
                'flags': 0,
            }
        return {
            'id': str(self.id),
            'type': self.type,
            'guild_id': str(self.guild_id),
            'name': self.name,
            'position': self.position,
            'permission_overwrites': [
                {
                    'id': str(o['id']),
                    'type': o.get('type', 0),
                    'allow': str(_perm_value(o.get('allow'))),
                    'deny': str(_perm_value(o.get('deny'))),
                }
                for o in self.overwrites
            ],
            'parent_id': str(self.parent_id) if self.parent_id else None,
            'topic': self.topic,
            'nsfw': False,
            'last_message_id': None,
            'rate_limit_per_user': 0,
            'flags': 0,
        }

    def __repr__(self) -> str:
        if self.is_dm:
            return f'<FakeChannel DM id={self.id} recipient={self.recipient!r}>'
        return f'<FakeChannel id={self.id} name={self.name!r}>'


THREAD_TYPES = (10, 11, 12)
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
AUTO_ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)


@dataclass(eq=False)
class FakeThread(FakeChannel):
    """A thread (type 11 public, 12 private) in a guild text channel (``parent``).

    ``members`` maps the ids of the thread's members to when they joined; Discord adds whoever posts in
    a thread, and whoever a post mentions.
    """

    parent: Optional[FakeChannel] = None
    owner: Optional[FakeUser] = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    created: str = field(default_factory=iso)
    archive_timestamp: str = field(default_factory=iso)
    members: Dict[int, str] = field(default_factory=dict)
    message_count: int = 0
    """Messages in the thread, without the message it was started from and without deleted ones."""
    total_message_sent: int = 0
    starter_message: Optional['FakeMessage'] = None
    """The parent channel's message the thread was started from, if any (the thread has its id)."""

    @property
    def is_private(self) -> bool:
        return self.type == PRIVATE_THREAD

    def member_payload(self, user_id: int) -> Dict[str, Any]:
        return {'id': str(self.id), 'user_id': str(user_id), 'join_timestamp': self.members[user_id], 'flags': 0}

    def to_payload(self, *, me: Optional[int] = None) -> Dict[str, Any]:
        """The thread as a channel object; ``me``: the bot's id, to add its thread member if it joined."""
        assert self.parent is not None and self.owner is not None
        metadata: Dict[str, Any] = {
            'archived': self.archived,
            'auto_archive_duration': self.auto_archive_duration,
            'archive_timestamp': self.archive_timestamp,
            'locked': self.locked,
            'create_timestamp': self.created,
        }
        if self.is_private:
            metadata['invitable'] = self.invitable
        data: Dict[str, Any] = {
            'id': str(self.id),
            'type': self.type,
            'guild_id': str(self.guild_id),
            'parent_id': str(self.parent.id),
            'owner_id': str(self.owner.id),
            'name': self.name,
            'last_message_id': None,
            'message_count': self.message_count,
            'member_count': min(len(self.members), 50),  # Discord stops counting at 50
            'total_message_sent': self.total_message_sent,
            'rate_limit_per_user': 0,
            'flags': 0,
            'applied_tags': [],
            'thread_metadata': metadata,
        }
        if me is not None and me in self.members:
            data['member'] = self.member_payload(me)
        return data

    def __repr__(self) -> str:
        kind = 'private' if self.is_private else 'public'
        return f'<FakeThread {kind} id={self.id} name={self.name!r} parent={self.parent!r}>'


@dataclass(eq=False)
class FakeMember:
    """A user's membership of a guild. ``roles`` excludes @everyone."""

    guild: 'FakeGuild'
    user: FakeUser
    roles: List[FakeRole] = field(default_factory=list)
    nick: Optional[str] = None
    joined_at: str = field(default_factory=iso)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    def base_permissions(self) -> int:
        """Guild-level permissions (what ``member.guild_permissions`` computes)."""
        guild = self.guild
        if guild.owner_id == self.user.id:
            return _ALL_PERMISSIONS
        value = guild.everyone.permissions
        for role in self.roles:
            value |= role.permissions
        if value & _ADMINISTRATOR:
            return _ALL_PERMISSIONS
        return value

    def permissions_in(self, channel: Optional[FakeChannel]) -> int:
        """Permissions in a channel, applying overwrites (what ``interaction.permissions`` holds)."""
        base = self.base_permissions()
        if isinstance(channel, FakeThread):
            channel = channel.parent  # threads take their parent channel's permissions
        if base & _ADMINISTRATOR or channel is None or channel.is_dm or not channel.overwrites:
            return base
        by_id = {int(o['id']): o for o in channel.overwrites}
        everyone = by_id.get(self.guild.id)
        if everyone is not None:
            base = (base & ~_perm_value(everyone.get('deny'))) | _perm_value(everyone.get('allow'))
        allow = deny = 0
        for role in self.roles:
            o = by_id.get(role.id)
            if o is not None and o.get('type', 0) == 0:
                allow |= _perm_value(o.get('allow'))
                deny |= _perm_value(o.get('deny'))
        base = (base & ~deny) | allow
        mine = by_id.get(self.user.id)
        if mine is not None and mine.get('type', 0) == 1:
            base = (base & ~_perm_value(mine.get('deny'))) | _perm_value(mine.get('allow'))
        return base

    def to_payload(self, *, include_user: bool = True, channel: Optional[FakeChannel] = None,
                   with_permissions: bool = False) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'roles': [str(r.id) for r in self.roles],
            'nick': self.nick,
            'avatar': None,
            'banner': None,
            'joined_at': self.joined_at,
            'premium_since': None,
            'deaf': False,
            'mute': False,
            'pending': False,
            'flags': 0,
            'communication_disabled_until': None,
        }
        if include_user:
            data['user'] = self.user.to_payload()
        if with_permissions:
            data['permissions'] = str(self.permissions_in(channel))
        return data

    def __repr__(self) -> str:
        return f'<FakeMember user={self.user!r} guild={self.guild.name!r}>'


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: Dict[int, FakeRole] = field(default_factory=dict)
    channels: List[FakeChannel] = field(default_factory=list)
    threads: List[FakeThread] = field(default_factory=list)
    members: Dict[int, FakeMember] = field(default_factory=dict)
    joined_at: str = field(default_factory=iso)
    #: the server's preferred locale (Community servers set it; Discord sends it as ``guild_locale``)
    preferred_locale: str = 'en-US'

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    def shard_id(self, shard_count: int) -> int:
        """The shard this guild's events go to when the bot runs ``shard_count`` shards."""
        return shard_of(self.id, shard_count)

    def thread(self, name: str) -> FakeThread:
        """The newest thread called ``name`` (deleted threads are gone)."""
        for thread in reversed(self.threads):
            if thread.name == name:
                return thread
        raise KeyError(name)

    def member(self, user: 'FakeUser | int') -> Optional[FakeMember]:
        return self.members.get(user if isinstance(user, int) else user.id)

    def channel(self, name: str) -> FakeChannel:
        for ch in self.channels:
            if ch.name == name:
                return ch
        raise KeyError(name)

    def role(self, name: str) -> FakeRole:
        for role in self.roles.values():
            if role.name == name:
                return role
        raise KeyError(name)

    def to_payload(self, *, members: Optional[List[FakeMember]] = None, full: bool = True,
                   threads: Optional[List[Dict[str, Any]]] = None) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'id': str(self.id),
            'name': self.name,
            'icon': None,
            'splash': None,
            'discovery_splash': None,
            'banner': None,
            'description': None,
            'owner_id': str(self.owner_id),
            'region': None,
            'afk_channel_id': None,
            'afk_timeout': 300,
            'verification_level': 0,
            'default_message_notifications': 0,
            'explicit_content_filter': 0,
            'roles': [r.to_payload() for r in self.roles.values()],
            'emojis': [],
            'stickers': [],
            'features': [],
            'mfa_level': 0,
            'application_id': None,
            'system_channel_id': None,
            'system_channel_flags': 0,
            'rules_channel_id': None,
            'public_updates_channel_id': None,
            'safety_alerts_channel_id': None,
            'vanity_url_code': None,
            'premium_tier': 0,
            'premium_subscription_count': 0,
            'premium_progress_bar_enabled': False,
            'preferred_locale': self.preferred_locale,
            'nsfw_level': 0,
            'max_members': 500000,
            'max_video_channel_users': 25,
            'incidents_data': None,
        }
        if full:
            data.update(
                {
                    'joined_at': self.joined_at,
                    'large': False,
                    'unavailable': False,
                    'member_count': len(self.members),
                    'voice_states': [],
                    'members': [m.to_payload() for m in (members if members is not None else self.members.values())],
                    'channels': [c.to_payload() for c in self.channels],
                    'threads': list(threads or []),
                    'presences': [],
                    'stage_instances': [],
                    'guild_scheduled_events': [],
                    'soundboard_sounds': [],
                }
            )
        return data

    def __repr__(self) -> str:
        return f'<FakeGuild id={self.id} name={self.name!r}>'


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: Optional[str] = None
    description: Optional[str] = None

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'id': str(self.id),
            'filename': self.filename,
            'size': self.size,
            'url': self.url,
            'proxy_url': self.url,
            'content_type': self.content_type,
        }
        if self.description is not None:
            data['description'] = self.description
        return data

    def __repr__(self) -> str:
        return f'<FakeAttachment {self.filename!r} {self.size} bytes>'


# Buttons and the select menus (string, user, role, mentionable, channel).
_INTERACTIVE = (2, 3, 5, 6, 7, 8)


def _walk_components(components: List[Dict[str, Any]]) -> Iterator[Dict[str, Any]]:
    for comp in components or []:
        yield comp
        if 'components' in comp:
            yield from _walk_components(comp['components'])
        if isinstance(comp.get('component'), dict):  # Label (type 18)
            yield from _walk_components([comp['component']])
        if isinstance(comp.get('accessory'), dict):  # Section (type 9)
            yield from _walk_components([comp['accessory']])


@dataclass(eq=False)
class FakeMessage:
    """A message stored by the fake, with edits applied in place.

    ``kind`` is ``'channel'`` (public, guild channel), ``'dm'`` (DM channel) or
    ``'ephemeral'`` (interaction message with flag 64, seen only by ``recipient``).
    ``history`` holds a snapshot (see :meth:`snapshot`) of the message before each edit.
    """

    id: int
    channel: FakeChannel
    author: FakeUser
    kind: str
    content: str = ''
    embeds: List[Dict[str, Any]] = field(default_factory=list)
    components: List[Dict[str, Any]] = field(default_factory=list)
    attachments: List[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    recipient: Optional[FakeUser] = None
    interaction: Optional['InteractionHandle'] = None
    raw: Dict[str, Any] = field(default_factory=dict)
    """The last JSON payload the bot sent for this message (create or edit)."""
    history: List[Dict[str, Any]] = field(default_factory=list)
    deleted: bool = False
    timestamp: str = field(default_factory=iso)
    edited_timestamp: Optional[str] = None
    thread: Optional[FakeThread] = None
    """The thread started from this message (it has the message's id)."""

    # -- convenience -------------------------------------------------------
    @property
    def channel_id(self) -> int:
        return self.channel.id

    @property
    def guild(self) -> Optional['FakeGuild']:
        return self.channel.guild

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("is thinking...") response nobody has filled in yet."""
        return bool(self.flags & LOADING)

    @property
    def is_dm(self) -> bool:
        return self.channel.is_dm

    @property
    def edited(self) -> bool:
        return bool(self.history)

    @property
    def files(self) -> Dict[str, bytes]:
        """Attachment bytes by filename."""
        return {a.filename: a.data for a in self.attachments}

    def walk_components(self) -> Iterator[Dict[str, Any]]:
        """Every component, depth-first (action rows, containers, sections, labels included)."""
        return _walk_components(self.components)

    def find_component(self, custom_id: str) -> Optional[Dict[str, Any]]:
        for comp in self.walk_components():
            if comp.get('custom_id') == custom_id:
                return comp
        return None

    @property
    def pinged(self) -> set:
        """Ids of the users this message notified, as Discord decides it: user mentions in the content
        (never in embeds), filtered by the message's ``allowed_mentions`` (``parse: ["users"]`` allows
        all; otherwise only the ids in ``users``); without ``allowed_mentions`` every mention pings."""
        import re as _re

        named = {int(u) for u in _re.findall(r'<@!?(\d+)>', self.content or '')}
        allowed = self.raw.get('allowed_mentions')
        if allowed is None:
            return named
        if 'users' in (allowed.get('parse') or ()):
            return named
        return named & {int(u) for u in allowed.get('users') or ()}

    @property
    def custom_ids(self) -> List[str]:
        return [c['custom_id'] for c in self.walk_components() if 'custom_id' in c]

    @property
    def buttons(self) -> List[Dict[str, Any]]:
        return [c for c in self.walk_components() if c.get('type') == 2]

    @property
    def live_components(self) -> List[Dict[str, Any]]:
        """Buttons and select menus someone can still use: they carry a custom_id and are not disabled
        (link buttons open a URL and send the bot nothing)."""
        return [c for c in self.walk_components() if c.get('custom_id') and c.get('type') in _INTERACTIVE
                and not c.get('disabled')]

    @property
    def in_thread(self) -> bool:
        return self.channel.is_thread

    @property
    def text(self) -> str:
        """Content plus all embed titles/descriptions/fields/footers and text displays, newline-joined.

        Handy for ``assert "Mr. X" in msg.text`` regardless of how the bot formatted it.
        """
        parts: List[str] = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ('title', 'description'):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for f in embed.get('fields', []):
                parts.append(f"{f.get('name', '')}: {f.get('value', '')}")
            if embed.get('footer', {}).get('text'):
                parts.append(embed['footer']['text'])
            if embed.get('author', {}).get('name'):
                parts.append(embed['author']['name'])
        for comp in self.walk_components():
            if comp.get('type') == 10 and comp.get('content'):  # TextDisplay
                parts.append(comp['content'])
        return '\n'.join(parts)

    def snapshot(self) -> Dict[str, Any]:
        return {
            'content': self.content,
            'embeds': list(self.embeds),
            'components': list(self.components),
            'attachments': list(self.attachments),
            'flags': self.flags,
            'edited_timestamp': self.edited_timestamp,
        }

    def to_payload(self, *, application_id: Optional[int] = None, guild_id: bool = False) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'id': str(self.id),
            'channel_id': str(self.channel.id),
            'type': self.type,
            'author': self.author.to_payload(),
            'content': self.content,
            'timestamp': self.timestamp,
            'edited_timestamp': self.edited_timestamp,
            'tts': False,
            'mention_everyone': False,
            'mentions': [],
            'mention_roles': [],
            'attachments': [a.to_payload() for a in self.attachments],
            'embeds': self.embeds,
            'components': self.components,
            'pinned': False,
            'flags': self.flags,
        }
        if guild_id and self.channel.guild is not None:
            data['guild_id'] = str(self.channel.guild.id)
        if self.interaction is not None:
            h = self.interaction
            data['webhook_id'] = str(application_id) if application_id else None
            data['application_id'] = str(application_id) if application_id else None
            data['interaction_metadata'] = {
                'id': str(h.id),
                'type': h.type,
                'user': h.user.to_payload(),
                'authorizing_integration_owners': h.payload.get('authorizing_integration_owners', {}),
            }
        if self.thread is not None:
            data['thread'] = self.thread.to_payload()
        if 'message_reference' in self.raw:
            data['message_reference'] = self.raw['message_reference']
        if 'poll' in self.raw:
            data['poll'] = self.raw['poll']
        return data

    def __repr__(self) -> str:
        content = self.content if len(self.content) < 40 else self.content[:37] + '...'
        extra = ' deleted' if self.deleted else ''
        return f'<FakeMessage id={self.id} kind={self.kind} channel={self.channel.name!r} content={content!r}{extra}>'
