"""A fake Discord server (REST + gateway on 127.0.0.1) for end-to-end tests of discord.py bots.

See README.md in this folder.
"""

from tests.fakediscord.gateway import GatewaySession, Intent, NoBotConnected
from tests.fakediscord.interactions import Callback, FakeDiscordTimeout, InteractionHandle
from tests.fakediscord.models import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeThread,
    FakeUser,
)
from tests.fakediscord.server import (
    BotRunner,
    CommandNotAvailable,
    CommandSync,
    FakeDiscord,
    FakeHTTPError,
    MessageHold,
    RecordedRequest,
    fast_ready,
)

__all__ = [
    'BotRunner',
    'Callback',
    'CommandNotAvailable',
    'CommandSync',
    'DEFAULT_BOT_PERMISSIONS',
    'DEFAULT_EVERYONE_PERMISSIONS',
    'FakeAttachment',
    'FakeChannel',
    'FakeDiscord',
    'FakeDiscordTimeout',
    'FakeGuild',
    'FakeHTTPError',
    'FakeMember',
    'FakeMessage',
    'FakeRole',
    'FakeThread',
    'FakeUser',
    'GatewaySession',
    'InteractionHandle',
    'Intent',
    'MessageHold',
    'NoBotConnected',
    'RecordedRequest',
    'fast_ready',
]
