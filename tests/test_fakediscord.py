"""The fake Discord server, exercised with a tiny but real discord.py bot."""

from __future__ import annotations

import asyncio
import io
from typing import AsyncIterator, List

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import CommandNotAvailable, FakeDiscord, FakeGuild, FakeUser
from tests.fakediscord.multipart import MultipartError, parse_form

STATIONS = [1, 13, 14, 18, 46, 54, 67, 79, 111, 199]
BOARD_PNG = b'\x89PNG\r\n\x1a\n' + b'fake board' * 10


class JoinView(discord.ui.View):
    """A persistent view: timeout=None and a fixed custom_id, registered again on every start."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label='Join', custom_id='sy:join', style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f'{interaction.user.name} joined', ephemeral=True)

    @discord.ui.button(label='Refresh', custom_id='sy:refresh')
    async def refresh(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # type 6: deferred update of the clicked message
        await interaction.edit_original_response(content='Lobby refreshed')

    @discord.ui.select(custom_id='sy:role', options=[discord.SelectOption(label='Mr. X', value='x'),
                                                     discord.SelectOption(label='Detective', value='detective')])
    async def role(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f'{interaction.user.name} picked {select.values[0]}')


class NameModal(discord.ui.Modal, title='Detective name'):
    name: discord.ui.TextInput = discord.ui.TextInput(label='Name', custom_id='sy:name')

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f'You are now {self.name.value}', ephemeral=True)


class TinyBot(commands.Bot):
    """Slash group /sy with ping, move (autocomplete), board (defer + file), join (button), dm, admin."""

    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.events: List[str] = []
        self.dm_errors: List[int] = []
        self.autocomplete_seen: List[object] = []
        self.command_errors: List[BaseException] = []
        self.late_errors: List[int] = []
        self.seen_messages: List[str] = []
        self.created_channels: List[str] = []
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self.tree.add_command(self._make_group())

    async def setup_hook(self) -> None:
        self.add_view(JoinView())
        await self.tree.sync()

    async def on_ready(self) -> None:
        self.events.append('ready')

    async def on_resumed(self) -> None:
        self.events.append('resumed')

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(f'{message.author.name}: {message.content}')

    async def on_guild_channel_create(self, channel: discord.abc.GuildChannel) -> None:
        self.created_channels.append(channel.name)

    async def _on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        self.command_errors.append(error)
        if isinstance(error, app_commands.MissingPermissions) and not interaction.response.is_done():
            await interaction.response.send_message('You need Manage Channels.', ephemeral=True)

    def _make_group(self) -> app_commands.Group:
        bot = self
        group = app_commands.Group(name='sy', description='Scotland Yard')

        @group.command(description='Is the bot alive?')
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message('pong', ephemeral=True)

        @group.command(description='Move your piece')
        @app_commands.describe(to='Destination station', ticket='Ticket to use')
        @app_commands.choices(ticket=[app_commands.Choice(name=t, value=t) for t in ('taxi', 'bus', 'underground')])
        async def move(interaction: discord.Interaction, to: int, ticket: app_commands.Choice[str]) -> None:
            await interaction.response.send_message(f'{interaction.user.name} moved to {to} by {ticket.value}')

        @move.autocomplete('to')
        async def move_to_autocomplete(interaction: discord.Interaction,
                                       current: str) -> List[app_commands.Choice[int]]:
            bot.autocomplete_seen.append(current)
            return [app_commands.Choice(name=str(s), value=s) for s in STATIONS if str(s).startswith(str(current))]

        @group.command(description='Show the board privately')
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await asyncio.sleep(0.01)  # "render"
            await interaction.followup.send('Here is the board', file=discord.File(io.BytesIO(BOARD_PNG), 'board.png'))

        @group.command(description='Open a game lobby')
        async def join(interaction: discord.Interaction) -> None:
            await interaction.response.send_message('A new game! Press Join.', view=JoinView())

        @group.command(description='Send me my secret by DM')
        async def secret(interaction: discord.Interaction) -> None:
            try:
                await interaction.user.send('You are Mr. X. Start at 132.')
            except discord.Forbidden as exc:
                bot.dm_errors.append(exc.code)
                await interaction.response.send_message('I cannot DM you; open your DMs.', ephemeral=True)
            else:
                await interaction.response.send_message('Check your DMs.', ephemeral=True)

        @group.command(description='Pick a detective name')
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @group.command(description='Answers too late')
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.2)
            try:
                await interaction.response.send_message('finally')
            except discord.NotFound as exc:
                bot.late_errors.append(exc.code)

        @group.command(description='Moderator only')
        @app_commands.checks.has_permissions(manage_channels=True)
        async def admin(interaction: discord.Interaction) -> None:
            perms = interaction.permissions
            await interaction.response.send_message(f'manage_channels={perms.manage_channels}', ephemeral=True)

        return group


class World:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.guild: FakeGuild = fake.add_guild('Baker Street')
        self.channel = fake.add_channel(self.guild, 'game')
        self.alice: FakeUser = fake.add_user('alice')
        self.bob: FakeUser = fake.add_user('bob', global_name='Bobby')
        self.carol: FakeUser = fake.add_user('carol', refuses_dms=True)
        fake.add_member(self.guild, self.alice, manage_channels=True)
        fake.add_member(self.guild, self.bob)
        fake.add_member(self.guild, self.carol)


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


@pytest_asyncio.fixture
async def world(fake: FakeDiscord) -> World:
    return World(fake)


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord, world: World) -> AsyncIterator[TinyBot]:
    bot = TinyBot()
    async with fake.run_bot(bot):
        yield bot
    fake.assert_clean()


@pytest.mark.asyncio
async def test_login_ready_and_command_sync(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    assert bot.events == ['ready']
    assert discord.http.Route.BASE == fake.api_base
    assert bot.user is not None and bot.user.id == fake.bot_user.id
    assert bot.application_id == fake.application_id
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.name == 'Baker Street'
    assert [c.name for c in guild.text_channels] == ['game']
    assert guild.me.guild_permissions.manage_channels
    # The sync was a PUT of the global commands, echoed back with ids.
    assert [s.guild_id for s in fake.command_syncs] == [None]
    (sy,) = fake.commands()
    assert sy['name'] == 'sy' and sy['id'].isdigit()
    assert {o['name'] for o in sy['options']} == {'ping', 'move', 'board', 'join', 'secret', 'rename', 'slow', 'admin'}
    assert fake.requests_to('GET', r'^/users/@me$') and fake.requests_to('GET', r'^/oauth2/applications/@me$')


@pytest.mark.asyncio
async def test_slash_ephemeral_reply_in_guild_and_dm(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    handle = await fake.slash(world.bob, world.channel, 'sy', 'ping')
    reply = await handle.wait_reply(timeout=2)
    assert handle.response_type == 4 and handle.ephemeral
    assert (reply.content, reply.kind, reply.recipient) == ('pong', 'ephemeral', world.bob)
    assert handle.payload['data']['id'] == fake.commands()[0]['id']
    assert fake.public_messages() == []

    dm_handle = await fake.slash(world.bob, 'dm', 'sy', 'ping')
    dm_reply = await dm_handle.wait_reply(timeout=2)
    assert dm_reply.kind == 'ephemeral' and dm_reply.channel.is_dm
    assert dm_handle.payload['context'] == 1 and 'user' in dm_handle.payload


@pytest.mark.asyncio
async def test_slash_with_options_posts_publicly(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    handle = await fake.slash(world.alice, world.channel, 'sy', 'move', options={'to': 54, 'ticket': 'taxi'})
    reply = await handle.wait_reply(timeout=2)
    assert reply.content == 'alice moved to 54 by taxi'
    assert reply.kind == 'channel' and fake.public_messages() == [reply]
    assert fake.channel_messages(world.channel) == [reply]
    sub = handle.payload['data']['options'][0]
    assert sub['type'] == 1 and sub['name'] == 'move'
    assert sub['options'] == [{'name': 'to', 'type': 4, 'value': 54}, {'name': 'ticket', 'type': 3, 'value': 'taxi'}]
    with pytest.raises(ValueError):  # Discord's client enforces choices
        await fake.slash(world.alice, world.channel, 'sy', 'move', options={'to': 54, 'ticket': 'boat'})


@pytest.mark.asyncio
async def test_defer_ephemeral_then_followup_with_file(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    handle = await fake.slash(world.alice, world.channel, 'sy', 'board')
    reply = await handle.wait_reply(timeout=2)
    assert handle.response_type == 5 and handle.ephemeral
    assert reply is handle.original and not reply.loading  # the follow-up filled the "thinking" message
    assert reply.kind == 'ephemeral' and reply.content == 'Here is the board'
    (att,) = reply.attachments
    assert (att.filename, att.data, att.size) == ('board.png', BOARD_PNG, len(BOARD_PNG))
    assert reply.history and reply.history[0]['content'] == ''  # the placeholder before the follow-up
    async with aiohttp.ClientSession() as session:  # attachment URLs are served by the fake
        async with session.get(att.url) as resp:
            assert await resp.read() == BOARD_PNG


@pytest.mark.asyncio
async def test_autocomplete_choices(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    choices = await fake.autocomplete(world.bob, world.channel, 'sy', 'move', focused='to', value='1')
    assert [c['value'] for c in choices] == [1, 13, 14, 18, 111, 199]
    assert await fake.autocomplete(world.bob, world.channel, 'sy', 'move', focused='to') == [
        {'name': str(s), 'value': s} for s in STATIONS]
    assert bot.autocomplete_seen == ['1', '']  # values arrive as strings, even for integer options


@pytest.mark.asyncio
async def test_button_and_select_on_persistent_view(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    lobby = await (await fake.slash(world.alice, world.channel, 'sy', 'join')).wait_reply(timeout=2)
    assert lobby.custom_ids == ['sy:join', 'sy:refresh', 'sy:role']
    click = await fake.click(world.bob, lobby, 'sy:join')
    answer = await click.wait_reply(timeout=2)
    assert (answer.content, answer.kind, answer.recipient) == ('bob joined', 'ephemeral', world.bob)
    assert click.payload['data'] == {'custom_id': 'sy:join', 'component_type': 2}

    pick = await fake.select(world.bob, lobby, 'sy:role', ['x'])
    updated = await pick.wait_reply(timeout=2)
    assert pick.response_type == 7 and updated is lobby
    assert lobby.content == 'bob picked x' and lobby.history[0]['content'] == 'A new game! Press Join.'
    with pytest.raises(ValueError):
        await fake.click(world.bob, lobby, 'sy:nope')

    refresh = await fake.click(world.bob, lobby, 'sy:refresh')
    assert await refresh.wait_reply(timeout=2) is lobby
    assert refresh.response_type == 6 and lobby.content == 'Lobby refreshed' and len(lobby.history) == 2


@pytest.mark.asyncio
async def test_modal_round_trip(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    handle = await fake.slash(world.bob, world.channel, 'sy', 'rename')
    modal = await handle.wait_modal(timeout=2)
    assert handle.response_type == 9 and modal['title'] == 'Detective name'
    submitted = await fake.submit_modal(handle, {'sy:name': 'Lestrade'})
    assert submitted.type == 5
    assert (await submitted.wait_reply(timeout=2)).content == 'You are now Lestrade'
    with pytest.raises(AssertionError):
        await handle.wait_reply(timeout=1)  # a modal is not a message


@pytest.mark.asyncio
async def test_late_acknowledgement_is_refused(world: World) -> None:
    fake = world.fake
    fake.ack_timeout = 0.05
    bot = TinyBot()
    async with fake.run_bot(bot):
        handle = await fake.slash(world.bob, world.channel, 'sy', 'slow')
        await fake.wait_until(lambda: bot.late_errors, timeout=2)
    assert bot.late_errors == [10062] and handle.callback is None
    assert handle.rejected_callbacks[0].status == 404


@pytest.mark.asyncio
async def test_gateway_events_after_ready(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    fake.add_channel(world.guild, 'lobby-2')
    await fake.user_message(world.bob, world.channel, 'hello bot')
    await fake.wait_until(lambda: bot.created_channels and bot.seen_messages, timeout=2)
    # Without the message_content intent, other people's guild messages arrive blank (like on Discord).
    assert bot.created_channels == ['lobby-2'] and bot.seen_messages == ['bob: ']
    assert bot.get_channel(world.guild.channel('lobby-2').id) is not None
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send('from the bot')
    await fake.wait_until(lambda: len(bot.seen_messages) == 2, timeout=2)
    assert bot.seen_messages[1] == f'{bot.user.name}: from the bot'
    await sent.edit(content='edited')
    await sent.delete()
    (stored,) = fake.channel_messages(world.channel, include_deleted=True)[1:]
    assert stored.deleted and stored.history[0]['content'] == 'from the bot' and stored.content == 'edited'
    assert fake.public_messages() == []


@pytest.mark.asyncio
async def test_dm_sent_and_dm_refused(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    ok = await fake.slash(world.bob, world.channel, 'sy', 'secret')
    assert (await ok.wait_reply(timeout=2)).content == 'Check your DMs.'
    (dm,) = fake.dm_messages(world.bob)
    assert dm.content == 'You are Mr. X. Start at 132.' and dm.kind == 'dm'
    assert dm.channel is fake.dm_channel(world.bob)

    refused = await fake.slash(world.carol, world.channel, 'sy', 'secret')
    assert (await refused.wait_reply(timeout=2)).content == 'I cannot DM you; open your DMs.'
    assert bot.dm_errors == [50007]
    assert fake.dm_messages(world.carol) == [] and fake.refused_dms[0][0] is world.carol


@pytest.mark.asyncio
async def test_member_permissions(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    allowed = await fake.slash(world.alice, world.channel, 'sy', 'admin')
    assert (await allowed.wait_reply(timeout=2)).content == 'manage_channels=True'
    denied = await fake.slash(world.bob, world.channel, 'sy', 'admin')
    assert (await denied.wait_reply(timeout=2)).content == 'You need Manage Channels.'
    assert isinstance(bot.command_errors[0], app_commands.MissingPermissions)
    guild = bot.get_guild(world.guild.id)
    assert guild is not None
    member = await guild.fetch_member(world.alice.id)
    assert member.guild_permissions.manage_channels and member.global_name == 'Alice'


@pytest.mark.asyncio
async def test_redelivered_interaction_is_rejected_the_second_time(fake: FakeDiscord, world: World,
                                                                   bot: TinyBot) -> None:
    handle = await fake.slash(world.bob, world.channel, 'sy', 'ping')
    await handle.wait_reply(timeout=2)
    again = await fake.slash(world.bob, world.channel, 'sy', 'ping', interaction_id=handle.id)
    assert again is handle and handle.deliveries == 2
    await fake.wait_until(lambda: handle.rejected_callbacks, timeout=2)
    assert handle.rejected_callbacks[0].status == 400  # 40060: already acknowledged
    await fake.wait_until(lambda: bot.command_errors, timeout=2)
    assert '40060' in str(bot.command_errors[0])
    assert len(fake.ephemeral_messages(world.bob)) == 1


@pytest.mark.asyncio
async def test_commands_missing_in_context_are_refused(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    with pytest.raises(CommandNotAvailable):
        await fake.slash(world.bob, world.channel, 'nope')
    with pytest.raises(ValueError):
        await fake.slash(world.bob, world.channel, 'sy', 'move', options={'to': 54})  # ticket is required


@pytest.mark.asyncio
async def test_rate_limit_is_retried_and_unknown_routes_are_visible(fake: FakeDiscord, world: World) -> None:
    bot = TinyBot()
    async with fake.run_bot(bot):
        channel = bot.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        fake.rate_limit_next('POST', r'^/channels/\d+/messages$', retry_after=0.05)
        sent = await channel.send('hello', file=discord.File(io.BytesIO(b'abc'), 'a.txt'))
        assert sent.attachments[0].filename == 'a.txt' and sent.attachments[0].size == 3
        assert [r.status for r in fake.requests_to('POST', r'/messages$')] == [429, 200]
        assert fake.public_messages()[0].files == {'a.txt': b'abc'}
        with pytest.raises(discord.NotFound):
            await channel.create_webhook(name='nope')
        fake.fail_next('POST', r'/messages$', status=403, code=50013, message='Missing Permissions')
        with pytest.raises(discord.Forbidden):
            await channel.send('nope')
    assert fake.unknown_routes == [('POST', f'/channels/{world.channel.id}/webhooks')]
    assert fake.errors == []


@pytest.mark.asyncio
async def test_gateway_resume_keeps_the_session(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    session = fake.gateway.latest_session()
    assert session is not None
    await fake.request_reconnect()
    await fake.wait_until(lambda: 'resumed' in bot.events, timeout=3)
    assert session.resumes == 1 and fake.gateway.latest_session() is session
    await fake.drop_connections(code=4000)  # server-side close: the bot reconnects and resumes again
    await fake.wait_until(lambda: session.resumes == 2 and session.conn is not None, timeout=3)
    handle = await fake.slash(world.bob, world.channel, 'sy', 'ping')
    assert (await handle.wait_reply(timeout=2)).content == 'pong'


@pytest.mark.asyncio
async def test_restarted_bot_connects_to_the_same_fake(fake: FakeDiscord, world: World) -> None:
    first = TinyBot()
    async with fake.run_bot(first):
        lobby = await (await fake.slash(world.alice, world.channel, 'sy', 'join')).wait_reply(timeout=2)
        command_id = fake.commands()[0]['id']
    assert first.is_closed()

    second = TinyBot()
    async with fake.run_bot(second):
        assert second.events == ['ready']
        assert len(fake.command_syncs) == 2 and fake.commands()[0]['id'] == command_id  # ids survive a re-sync
        # The persistent view answers clicks on a message posted before the restart.
        click = await fake.click(world.carol, lobby, 'sy:join')
        assert (await click.wait_reply(timeout=2)).content == 'carol joined'
    assert len(fake.gateway.identifies) == 2
    fake.assert_clean()



# ---------------------------------------------------------------------------------------------- sharding


class ShardedBot(commands.AutoShardedBot):
    """Answers /where with its label, and notes which guild (or DM) each event it got came from."""

    def __init__(self, label: str, **shards: object) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **shards)
        self.label = label
        self.seen: List[str] = []

        @app_commands.command(description='Which process answers?')
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(self.label)

        self.tree.add_command(where)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: object, *, initial: bool = False) -> None:
        pass  # discord.py waits 5 s before each further shard's IDENTIFY; the fake needs no pause

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append(f'interaction {interaction.guild.name if interaction.guild else "DM"}')

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.seen.append(f'message {message.guild.name if message.guild else "DM"}')


class TwoShards:
    """One guild on each of two shards, with a channel each and alice in both."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.zero = fake.add_guild('Shard Zero', shard=(0, 2))
        self.one = fake.add_guild('Shard One', shard=(1, 2))
        self.zero_channel = fake.add_channel(self.zero, 'game')
        self.one_channel = fake.add_channel(self.one, 'game')
        self.alice = fake.add_user('alice')
        fake.add_member(self.zero, self.alice)
        fake.add_member(self.one, self.alice)

    async def where(self, channel: object) -> str:
        handle = await self.fake.slash(self.alice, channel, 'where')  # type: ignore[arg-type]
        return (await handle.wait_reply(timeout=2)).content


@pytest_asyncio.fixture
async def shards(fake: FakeDiscord) -> TwoShards:
    return TwoShards(fake)


@pytest.mark.asyncio
async def test_each_shard_gets_only_its_guilds_and_dms_go_to_shard_zero(fake: FakeDiscord,
                                                                        shards: TwoShards) -> None:
    assert (shards.zero.shard_id(2), shards.one.shard_id(2)) == (0, 1)
    zero = ShardedBot('zero', shard_ids=[0], shard_count=2)
    one = ShardedBot('one', shard_ids=[1], shard_count=2)
    async with fake.run_bot(zero), fake.run_bot(one):
        assert [g.name for g in zero.guilds] == ['Shard Zero'] and [g.name for g in one.guilds] == ['Shard One']
        for session in fake.gateway.live_sessions():
            ready = session.events[0]
            assert ready['t'] == 'READY' and ready['d']['shard'] == session.shard
            expected = shards.zero if session.shard == [0, 2] else shards.one
            assert [g['id'] for g in ready['d']['guilds']] == [str(expected.id)]
        assert not fake.requests_to('GET', r'^/gateway/bot$')  # a given shard_count needs no recommendation

        assert await shards.where(shards.one_channel) == 'one'
        assert await shards.where(shards.zero_channel) == 'zero'
        assert await shards.where('dm') == 'zero'  # guild-less events go to shard 0 only
        await fake.user_message(shards.alice, shards.one_channel, 'hello')
        late = fake.add_guild('Late One', shard=(1, 2))
        await fake.wait_until(lambda: 'message Shard One' in one.seen and one.get_guild(late.id), timeout=2)
        assert zero.seen == ['interaction Shard Zero', 'interaction DM']
        assert one.seen == ['interaction Shard One', 'message Shard One']
        assert zero.get_guild(late.id) is None

        (zero_session,), (one_session,) = fake.gateway.shard_sessions(0, 2), fake.gateway.shard_sessions(1, 2)
        await fake.drop_connections(4000, shard=[1, 2])  # one shard's socket goes; it resumes alone
        await fake.wait_until(lambda: one_session.resumes == 1 and one_session.connected, timeout=3)
        assert zero_session.resumes == 0 and await shards.where(shards.one_channel) == 'one'
    fake.assert_clean()


@pytest.mark.asyncio
async def test_a_second_connection_for_a_connected_shard_is_accepted_as_discord_does(fake: FakeDiscord,
                                                                                    shards: TwoShards) -> None:
    """Discord accepts several sessions with the same [shard_id, num_shards], and other shard counts beside them:
    each session gets its shard's events, an interaction goes to one of them (the newest)."""
    one = ShardedBot('one', shard_ids=[1], shard_count=2)
    async with fake.run_bot(one):
        twin = ShardedBot('twin', shard_ids=[1], shard_count=2)
        other_count = ShardedBot('three', shard_ids=[0, 1, 2], shard_count=3)
        async with fake.run_bot(twin), fake.run_bot(other_count):
            assert fake.gateway.refused == [] and len(fake.gateway.shard_sessions(1, 2)) == 2
            await fake.user_message(shards.alice, shards.one_channel, 'hello')
            await fake.wait_until(lambda: all('message Shard One' in bot.seen for bot in (one, twin, other_count)),
                                  timeout=2)
            assert await shards.where(shards.one_channel) == 'three'
    fake.assert_clean()


@pytest.mark.asyncio
async def test_auto_sharded_client_runs_the_recommended_shards(fake: FakeDiscord, shards: TwoShards) -> None:
    fake.recommended_shards = 2
    bot = ShardedBot('both')
    async with fake.run_bot(bot):
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        (asked,) = fake.requests_to('GET', r'^/gateway/bot$')
        assert asked.status == 200
        assert sorted(i['shard'] for i in fake.gateway.identifies) == [[0, 2], [1, 2]]
        assert {g.name for g in bot.guilds} == {'Shard Zero', 'Shard One'}
        assert await shards.where(shards.one_channel) == 'both'
        assert await shards.where('dm') == 'both'
    fake.assert_clean()


@pytest.mark.asyncio
async def test_identify_with_a_bad_shard_or_too_many_guilds_is_closed(fake: FakeDiscord, world: World) -> None:
    with pytest.raises(discord.ConnectionClosed) as invalid:
        await fake.start_bot(discord.Client(intents=discord.Intents.default(), shard_id=2, shard_count=2))
    assert invalid.value.code == 4010
    fake.add_guild('Second')
    fake.max_guilds_per_session = 1
    with pytest.raises(discord.ConnectionClosed) as required:
        await fake.start_bot(discord.Client(intents=discord.Intents.default()))
    assert required.value.code == 4011
    assert fake.gateway.refused == [([2, 2], 4010), (None, 4011)] and fake.gateway.live_sessions() == []


# ---------------------------------------------------------------------------------------------- threads


class TurnView(discord.ui.View):
    """A turn post: Move acknowledges without a word (deferred update) and moves the buttons to a new post;
    Pass rewrites the post itself (update message) without buttons."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label='Move', custom_id='turn:move')
    async def move(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # type 6: no "thinking" message
        assert interaction.message is not None and interaction.channel is not None
        await interaction.message.edit(view=None)
        await interaction.channel.send('Next turn', view=TurnView())  # type: ignore[union-attr]

    @discord.ui.button(label='Pass', custom_id='turn:pass')
    async def pass_turn(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content='Passed', view=None)  # type 7


class ThreadBot(commands.Bot):
    """/game thread (a public thread for the game), /game fromhere (a thread on a lobby post),
    /game private (discord.py's default thread type: private), /game where."""

    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.errors: List[int] = []
        self.thread_news: List[str] = []
        group = app_commands.Group(name='game', description='A game in a thread')

        @group.command(description='Play in a new thread')
        async def thread(interaction: discord.Interaction, name: str) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            made = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
            await made.send(f'{interaction.user.mention}, your move', view=TurnView(),
                            allowed_mentions=discord.AllowedMentions(users=True))
            await interaction.response.send_message(f'The game is on in {made.mention}')

        @group.command(description='Open a lobby with its own thread')
        async def fromhere(interaction: discord.Interaction) -> None:
            await interaction.response.send_message('Lobby')
            lobby = await interaction.original_response()
            await lobby.create_thread(name='lobby chat')

        @group.command(description='A thread of the default type')
        async def private(interaction: discord.Interaction) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            try:
                await interaction.channel.create_thread(name='secret')
            except discord.Forbidden as exc:
                self.errors.append(exc.code)
            await interaction.response.send_message('tried', ephemeral=True)

        @group.command(description='Where am I?')
        async def where(interaction: discord.Interaction) -> None:
            channel = interaction.channel
            await interaction.response.send_message(f'{type(channel).__name__} {getattr(channel, "parent_id", None)}')

        self.tree.add_command(group)

    async def setup_hook(self) -> None:
        self.add_view(TurnView())
        await self.tree.sync()

    async def on_thread_join(self, thread: discord.Thread) -> None:
        self.thread_news.append(f'joined {thread.name}')

    async def on_thread_remove(self, thread: discord.Thread) -> None:
        self.thread_news.append(f'left {thread.name}')


@pytest_asyncio.fixture
async def thread_bot(fake: FakeDiscord, world: World) -> AsyncIterator[ThreadBot]:
    bot = ThreadBot()
    async with fake.run_bot(bot):
        yield bot
    fake.assert_clean()


async def _game_thread(fake: FakeDiscord, world: World, name: str = 'Game 1'):
    handle = await fake.slash(world.alice, world.channel, 'game', 'thread', options={'name': name})
    await handle.wait_reply(timeout=2)
    return world.guild.thread(name)


@pytest.mark.asyncio
async def test_bot_starts_a_public_thread_and_plays_in_it(fake: FakeDiscord, world: World,
                                                          thread_bot: ThreadBot) -> None:
    thread = await _game_thread(fake, world)
    assert (thread.type, thread.parent, thread.owner) == (11, world.channel, fake.bot_user)
    assert fake.threads(world.channel) == [thread] and thread_bot.get_channel(thread.id) is not None
    (turn,) = fake.thread_messages(thread)
    assert turn.in_thread and turn.content.endswith('your move') and turn.custom_ids == ['turn:move', 'turn:pass']
    # Discord adds the poster and the people a post pings to the thread.
    assert set(thread.members) == {fake.bot_user.id, world.alice.id} and thread.message_count == 1
    assert [m.content for m in fake.channel_messages(world.channel)] == [f'The game is on in <#{thread.id}>']
    created = fake.gateway.latest_session().events  # type: ignore[union-attr]
    # The bot hears that it joined; that alice joined would need the members intent.
    assert [f['t'] for f in created if f['t'].startswith('THREAD_')] == ['THREAD_CREATE', 'THREAD_MEMBERS_UPDATE']
    assert next(f for f in created if f['t'] == 'THREAD_CREATE')['d']['newly_created'] is True

    # An interaction from the thread carries the thread as its channel.
    where = await fake.slash(world.bob, thread, 'game', 'where')
    reply = await where.wait_reply(timeout=2)
    assert where.payload['channel_id'] == str(thread.id) and where.payload['channel']['type'] == 11
    assert reply.content == f'Thread {world.channel.id}' and reply in fake.thread_messages(thread)


@pytest.mark.asyncio
async def test_deferred_update_leaves_no_message_and_old_turns_lose_their_buttons(
        fake: FakeDiscord, world: World, thread_bot: ThreadBot) -> None:
    thread = await _game_thread(fake, world)
    (turn,) = fake.thread_messages(thread)
    move = await fake.click(world.alice, turn, 'turn:move')
    await fake.wait_until(lambda: len(fake.thread_messages(thread)) == 2, timeout=2)
    await move.wait_idle()
    assert move.response_type == 6 and move.answered_in_place and move.messages == []
    assert fake.ephemeral_messages(include_deleted=True) == []  # no "thinking" flash
    old, new = fake.thread_messages(thread)
    assert old is turn and old.components == [] and old.live_components == []
    assert old.history[-1]['components'] and old.text.endswith('your move')  # the text stays, the buttons go
    assert [c['custom_id'] for c in new.live_components] == ['turn:move', 'turn:pass']
    with pytest.raises(ValueError):  # Discord's client shows no button to click any more
        await fake.click(world.alice, old, 'turn:move')

    passed = await fake.click(world.bob, new, 'turn:pass')
    assert await passed.wait_reply(timeout=2) is new
    assert passed.response_type == 7 and passed.answered_in_place
    assert new.content == 'Passed' and new.live_components == [] and len(fake.thread_messages(thread)) == 2


@pytest.mark.asyncio
async def test_thread_from_a_message_shares_its_id(fake: FakeDiscord, world: World, thread_bot: ThreadBot) -> None:
    handle = await fake.slash(world.alice, world.channel, 'game', 'fromhere')
    lobby = await handle.wait_reply(timeout=2)
    await fake.wait_until(lambda: lobby.thread is not None, timeout=2)
    thread = lobby.thread
    assert thread is not None and (thread.id, thread.type, thread.starter_message) == (lobby.id, 11, lobby)
    assert lobby.flags & 32 and thread.message_count == 0  # HAS_THREAD; the starter is not counted
    await fake.wait_until(lambda: thread_bot.get_channel(thread.id) is not None, timeout=2)
    with pytest.raises(ValueError):
        fake.add_thread(world.channel, 'again', message=lobby)  # one thread per message


@pytest.mark.asyncio
async def test_thread_permissions_are_enforced(fake: FakeDiscord, world: World, thread_bot: ThreadBot) -> None:
    # discord.py's create_thread() without a type asks for a private thread, which needs
    # CREATE_PRIVATE_THREADS (the fake's default bot role has only the public one).
    tried = await fake.slash(world.alice, world.channel, 'game', 'private')
    await tried.wait_reply(timeout=2)
    assert thread_bot.errors == [50013] and fake.threads() == []

    thread = await _game_thread(fake, world)
    bot_thread = thread_bot.get_channel(thread.id)
    assert isinstance(bot_thread, discord.Thread)
    role = world.guild.role(fake.application_name)
    world.channel.overwrites = [{'id': role.id, 'type': 0, 'allow': discord.Permissions(send_messages=True),
                                 'deny': discord.Permissions(send_messages_in_threads=True)}]
    with pytest.raises(discord.Forbidden) as refused:
        await bot_thread.send('no')
    assert refused.value.code == 50013
    world.channel.overwrites = []

    turn = await bot_thread.fetch_message(fake.thread_messages(thread)[0].id)
    await bot_thread.edit(archived=True)
    assert thread.archived
    with pytest.raises(discord.HTTPException) as archived:
        await turn.edit(content='too late')
    assert archived.value.code == 50083
    await bot_thread.send('back')  # a post unarchives the thread
    assert not thread.archived and thread.message_count == 2

    await bot_thread.edit(locked=True)
    world.channel.overwrites = [{'id': role.id, 'type': 0, 'allow': 0,
                                 'deny': discord.Permissions(manage_threads=True)}]
    with pytest.raises(discord.Forbidden) as locked:
        await bot_thread.send('locked')
    assert locked.value.code == 160005 and thread.message_count == 2
    fake.moderate_thread(thread, archived=True)  # locked and closed: a post does not reopen it
    with pytest.raises(discord.HTTPException) as closed:
        await bot_thread.send('closed')
    assert (closed.value.status, closed.value.code) == (400, 50083) and thread.archived
    world.channel.overwrites = []  # with Manage Threads the bot posts all the same
    await bot_thread.send('moderator')
    assert thread.message_count == 3


@pytest.mark.asyncio
async def test_thread_members_listing_and_deletion(fake: FakeDiscord, world: World, thread_bot: ThreadBot) -> None:
    thread = await _game_thread(fake, world)
    bot_thread = thread_bot.get_channel(thread.id)
    guild = thread_bot.get_guild(world.guild.id)
    assert isinstance(bot_thread, discord.Thread) and guild is not None
    await bot_thread.add_user(discord.Object(world.bob.id))
    assert set(thread.members) == {fake.bot_user.id, world.alice.id, world.bob.id}
    assert {m.id for m in await bot_thread.fetch_members()} == set(thread.members)
    await bot_thread.remove_user(discord.Object(world.alice.id))
    await bot_thread.leave()
    assert set(thread.members) == {world.bob.id}
    await bot_thread.join()
    await fake.wait_until(lambda: len(thread_bot.thread_news) == 3, timeout=2)
    assert thread_bot.thread_news == ['joined Game 1', 'left Game 1', 'joined Game 1']
    assert [t.id for t in await guild.active_threads()] == [thread.id]

    await bot_thread.edit(archived=True)
    with pytest.raises(discord.HTTPException) as archived:
        await bot_thread.add_user(discord.Object(world.carol.id))
    assert archived.value.code == 50083
    await bot_thread.delete()
    assert fake.threads() == [] and fake.thread_messages(thread)  # its messages stay on record
    await fake.wait_until(lambda: thread_bot.get_channel(thread.id) is None, timeout=2)
    with pytest.raises(discord.NotFound):
        await bot_thread.send('gone')


@pytest.mark.asyncio
async def test_threads_survive_a_restart_and_users_threads_reach_the_bot(fake: FakeDiscord, world: World) -> None:
    first = ThreadBot()
    async with fake.run_bot(first):
        thread = await _game_thread(fake, world)
    second = ThreadBot()
    async with fake.run_bot(second):
        assert second.get_channel(thread.id) is not None  # GUILD_CREATE lists the active threads
        theirs = fake.add_thread(world.channel, 'chatter', owner=world.bob)
        await fake.wait_until(lambda: second.get_channel(theirs.id) is not None, timeout=2)
        await fake.user_message(world.bob, theirs, 'hi')
        assert world.bob.id in theirs.members and theirs.message_count == 1
        hidden = fake.add_thread(world.channel, 'secret', owner=world.bob, private=True)
        with pytest.raises(ValueError):  # alice is not in bob's private thread
            await fake.slash(world.alice, hidden, 'game', 'where')
    fake.assert_clean()


@pytest.mark.asyncio
async def test_enforced_nonce_returns_the_first_message(fake: FakeDiscord, world: World, bot: TinyBot) -> None:
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send('Round 3', nonce='sy-round-3')
    again = await channel.send('Round 3', nonce='sy-round-3')  # discord.py sets enforce_nonce with a nonce
    other = await channel.send('Round 4', nonce='sy-round-4')
    assert again.id == first.id and other.id != first.id and fake.nonce_hits == 1
    assert [m.content for m in fake.channel_messages(world.channel)] == ['Round 3', 'Round 4']
    with pytest.raises(discord.HTTPException):
        await channel.send('too long a nonce', nonce='x' * 26)


@pytest.mark.asyncio
async def test_a_held_message_create_waits_and_is_stored_even_when_its_sender_gave_up(fake: FakeDiscord, world: World,
                                                                                       bot: TinyBot) -> None:
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    hold = fake.hold_messages(world.channel)
    sending = asyncio.create_task(channel.send('Round 5', nonce='sy-round-5'))
    await fake.wait_until(lambda: hold.held)
    assert hold.held[0]['content'] == 'Round 5' and fake.channel_messages(world.channel) == []
    sending.cancel()  # the sender stops waiting (a process that died): Discord still has the request
    hold.release()
    await fake.wait_until(lambda: fake.channel_messages(world.channel))
    again = await channel.send('Round 5', nonce='sy-round-5')  # another sender, the same nonce: the same message
    assert [m.id for m in fake.channel_messages(world.channel)] == [again.id] and fake.nonce_hits == 1


@pytest.mark.asyncio
async def test_a_message_s_files_arrive_as_sent_whatever_their_names_and_bytes(fake: FakeDiscord, world: World,
                                                                                bot: TinyBot) -> None:
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    odd = b'\r\n--\r\n\r\n' + BOARD_PNG + b'\r\n'  # line breaks and dashes, as a delimiter has
    names = ['grüße "Mr. X" \\ 1.png', 'board.png']
    await channel.send('Round 6 ✅', files=[discord.File(io.BytesIO(odd), names[0]),
                                            discord.File(io.BytesIO(b''), names[1])])
    (message,) = fake.channel_messages(world.channel)
    assert message.content == 'Round 6 ✅' and message.files == {names[0]: odd, names[1]: b''}


def test_a_multipart_body_is_read_part_by_part_as_rfc_7578_has_it() -> None:
    body = (b'preamble\r\n--b0\r\nContent-Disposition: form-data; name="payload_json"\r\n'
            b'Content-Type: application/json\r\n\r\n{}\r\n'
            b"--b0  \r\ncontent-disposition: form-data; name=files[0]; filename*=utf-8''gr%C3%BC.png\r\n\r\n"
            b'\r\n--b\r\n--b0--\r\nepilogue')
    parts = parse_form(body, 'multipart/form-data; boundary="b0"')
    assert [(p.name, p.filename, p.content_type, p.data) for p in parts] == [
        ('payload_json', None, 'application/json', b'{}'), ('files[0]', 'grü.png', None, b'\r\n--b')]
    with pytest.raises(MultipartError):  # cut short
        parse_form(body[:-14], 'multipart/form-data; boundary=b0')
    with pytest.raises(MultipartError):
        parse_form(body, 'multipart/form-data')
