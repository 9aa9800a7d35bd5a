"""The lobby, the same for every family: opening a game, joining and leaving, seating computer
players, the host's variants and the start; the lobby's post and its buttons, which keep working
after a restart (each custom id carries the game).

The slash commands and the buttons land here; the service decides, this module answers and keeps
the lobby's post up to date.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Mapping

import discord

from bot.games import family_for_rules
from bot.games.errors import Listed
from bot.i18n import N_, NC_, Speaker, reader, speaker
from bot.i18n.reference import OPTION_WORDS
from bot.service.errors import AlreadyJoined, GameAlreadyStarted, NotInGame
from bot.service import GameService
from bot.service.models import LOBBY, RUNNING, CommandResult, GameInfo

from bot.chat import finder
from bot.chat.context import ChatContext, fresh_context
from bot.chat.lobby_words import lobby_card, lobby_embed, lobby_event_line
from bot.chat.places import jump_url, missing_thread_permissions
from bot.chat.replies import OfferedOnly, Refused, defer, guarded, is_dm, key, quiet_done, say, speaker_for
from bot.chat.words import DMS_CLOSED, mention

log = logging.getLogger(__name__)

#: the posts the lobby's card points to, as the announcer records them (``GameService.record_message`` kinds)
START_POST = "start"
RESULT_POST = "result"
#: what the bot needs in a game's channel (the README's invite link asks for these)
NEEDED = (("view_channel", N_("View Channel")), ("send_messages", N_("Send Messages")),
          ("embed_links", N_("Embed Links")), ("attach_files", N_("Attach Files")))


def missing_permissions(permissions: discord.Permissions) -> Listed | None:
    """The permissions the bot lacks here, as Discord names them (in the reader's language), or None."""
    names = [label for flag, label in NEEDED if not getattr(permissions, flag)]
    return Listed(names) if names else None


async def open_game(ctx: ChatContext, interaction: discord.Interaction, rules: str | None, seed: int | None,
                    surfacing: bool, thread: bool | None = None) -> None:
    """``/sy new``: the game opens in this channel with its lobby post; the caller hosts it. With
    ``thread`` (or the server's default) the game's posts go to a thread of its own from the start."""
    async with guarded(interaction) as scope:
        if is_dm(interaction):
            raise Refused("Games live in a server channel: use `/sy new` there.")
        missing = missing_permissions(interaction.app_permissions)
        if missing:
            raise Refused("I can't run a game in this channel: I need {missing} here. "
                          "Ask someone who manages the channel to allow it.", missing=missing)
        in_thread = await wants_thread(ctx, interaction, thread)
        user = interaction.user
        result = await ctx.service.create_game(interaction.guild_id, interaction.channel_id, user.id,
                                               user.display_name, rules, seed,
                                               {"voluntary_surfacing": True} if surfacing else None,
                                               key=key(interaction), server_locale=interaction.guild_locale)
        scope.game_id = result.game.id
        if result.duplicate:
            await say(interaction, reader()._("That game is already open."), ephemeral=True)
            return
        if in_thread:
            await ctx.service.play_in_thread(result.game.id, user.id, True)
        tr = speaker(result.game.language, result.game.board)
        message = await say(interaction, None, ephemeral=False,
                            embed=lobby_embed(result.game, result.players, tr, thread=in_thread),
                            view=lobby_view(result.game.id, result.game.rules, result.game.options, tr))
        if message is None:
            message = await interaction.original_response()
        await ctx.service.record_message(result.game.id, "lobby", interaction.channel_id, message.id)


def in_a_thread(interaction: discord.Interaction) -> bool:
    return getattr(interaction.channel, "type", None) in (
        discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)


async def wants_thread(ctx: ChatContext, interaction: discord.Interaction, asked: bool | None) -> bool:
    """Whether a game opened here plays in a thread of its own: as asked, else as the server's default. Asked
    for where no thread can be opened (inside a thread, without the permissions) it is refused; the
    server's default gives way to the channel there."""
    wanted = asked if asked is not None else await ctx.service.guild_threads(interaction.guild_id)
    if not wanted:
        return False
    if in_a_thread(interaction):
        if asked:
            raise Refused("A game's thread opens from a channel: use `/sy new thread: True` in the channel.")
        return False
    missing = missing_thread_permissions(interaction.app_permissions)
    if missing:
        if asked:
            raise Refused("I can't open a thread for the game here: I need {missing} in this channel. Ask someone "
                          "who manages the channel, or leave out `thread`.", missing=Listed(missing))
        return False
    return True


async def refresh(ctx: ChatContext, game_id: int) -> None:
    """Bring the lobby message up to date (a short card once the game starts or ends)."""
    await show(ctx.service, ctx.client, await finder.game(ctx.service, game_id))


async def show(service: GameService, client: discord.Client, game: GameInfo) -> None:
    """The lobby's post as ``game`` stands now: the forming game with its buttons, or, once it has started, a
    short card pointing to its start post (or its thread), and at the end to its result."""
    ref = await service.message_for(game.id, "lobby")
    if ref is None:
        return
    tr = speaker(game.language, game.board)
    if game.status == LOBBY:
        embed = lobby_embed(game, await service.players(game.id), tr, thread=await service.wants_thread(game.id))
        view = lobby_view(game.id, game.rules, game.options, tr)
    else:
        thread = await service.game_thread(game.id)
        start, end = await service.message_for(game.id, START_POST), await service.message_for(game.id, RESULT_POST)
        embed = lobby_card(game, tr, thread=thread if thread not in (None, game.channel_id) else None,
                           start=jump_url(game.guild_id, start.channel_id, start.message_id) if start else None,
                           result=jump_url(game.guild_id, end.channel_id, end.message_id) if end else None)
        view = None
    try:
        await client.get_partial_messageable(ref.channel_id).get_partial_message(ref.message_id).edit(
            embed=embed, view=view)
    except discord.HTTPException:
        log.warning("could not update the lobby message of game %s", game.id)


async def change(ctx: ChatContext, interaction: discord.Interaction, what: str, role: str | None = None,
                 *, button_game: int | None = None, level: str = "normal") -> None:
    """join / leave / start / addbot / removebot, from a slash command or the lobby's buttons and
    select. ``/sy join`` in a running game takes the caller's seat back from a computer."""
    service = ctx.service
    async with guarded(interaction) as scope:
        if button_game is not None:
            game = await finder.game(service, button_game)
            if game.status != LOBBY:
                raise GameAlreadyStarted("This lobby is closed." if game.status != RUNNING else
                                         "The game has already started; the lobby is closed.")
        else:
            game = await finder.channel_game(service, interaction, lobby=True)
        scope.game_id = game.id
        user = interaction.user
        if what == "join" and game.status == RUNNING and button_game is None:
            await take_seat_back(ctx, interaction, game)
            return
        if game.status != LOBBY:  # a running game's (the service would find the channel's lobby by the channel)
            raise GameAlreadyStarted("The game has started: to stop playing, resign." if what == "leave" else
                                     "The game has already started; the lobby is closed.")
        if what == "join":
            result = await service.join(game.channel_id, user.id, user.display_name, role, key=key(interaction))
        elif what == "addbot":
            result = await service.add_computer(game.channel_id, user.id, role or "detective", level,
                                                key=key(interaction))
        elif what == "removebot":
            result = await service.remove_computer(game.channel_id, user.id, role, key=key(interaction))
        elif what == "leave":
            result = await service.leave(game.channel_id, user.id, key=key(interaction))
        else:  # the start post answers: a click on the lobby's button is a deferred update, no "thinking…"
            if not await defer(interaction, ephemeral=True, thinking=button_game is None):
                return
            result = await service.start(game.channel_id, user.id, key=key(interaction))
        await _answer(ctx, interaction, result, what, role, from_button=button_game is not None)


async def take_seat_back(ctx: ChatContext, interaction: discord.Interaction, game: GameInfo) -> None:
    """``/sy join`` once the game runs: a player whose seat a computer keeps takes it back; anyone else
    hears that the seats are taken, and how to get one or watch."""
    mine = next((p for p in await ctx.service.players(game.id) if p.user_id == interaction.user.id), None)
    if mine is not None and mine.status == "playing":
        raise AlreadyJoined("You are already playing in this game.")
    latecomer = Refused("The game has already started, so its seats are taken. Ask the host ({host}) for one: "
                        "they can hand you a seat with `/sy-host replace`. Or watch: `/sy status` and `/sy board` show "
                        "where the game stands.", host=mention(game.host_id))
    if mine is None or mine.status != "replaced":
        raise latecomer
    try:
        await ctx.service.take_back(game.id, interaction.user.id, key=key(interaction))
    except NotInGame:  # a person took the seat over, not a computer
        raise latecomer from None
    await say(interaction, reader()._("👋 Welcome back: your pawns are yours again."), ephemeral=True)
    await ctx.announce(game.id)


async def _answer(ctx: ChatContext, interaction: discord.Interaction, result: CommandResult, what: str,
                  role: str | None, *, from_button: bool) -> None:
    game = result.game
    tr = speaker(game.language, game.board)
    if what == "start":
        await quiet_done(interaction)  # the channel's start post is the answer
        await ctx.announce(game.id)  # (which opens the game's thread, and turns the lobby into its card)
        return
    me = await speaker_for(interaction)  # the answer is the caller's alone: in their language
    lines = [line for line in (lobby_event_line(e, me) for e in result.events) if line]
    if from_button and game.status == LOBBY and not result.duplicate:
        embed = lobby_embed(game, result.players, tr, thread=await ctx.service.wants_thread(game.id))
        await interaction.response.edit_message(embed=embed, view=lobby_view(game.id, game.rules, game.options, tr))
        if lines:
            await interaction.followup.send("\n".join(lines), ephemeral=True)
    else:  # the lobby's post shows who is in: the answer is the caller's alone, so no join line stays behind
        await say(interaction, "\n".join(lines) or me._("✅ Done."), ephemeral=True,
                  allowed_mentions=discord.AllowedMentions.none())
        await refresh(ctx, game.id)
    if what == "join" and role == "mrx" and not result.duplicate:
        await check_dms(ctx, interaction.user, game, me)
    if game.status != LOBBY:
        await ctx.announce(game.id)


async def add_computer(ctx: ChatContext, interaction: discord.Interaction, role: str | None, level: str,
                       player: discord.abc.User | None) -> None:
    """``/sy-host addbot``: in the lobby a computer takes a seat of its own; in a running game it plays
    the seat of ``player``, who let a turn's deadline pass, until they take it back."""
    if player is None:
        game = await finder.game_here(ctx.service, interaction.channel_id)
        if game is None or game.status == LOBBY:  # a seat of its own (or the answer that there is no lobby)
            await change(ctx, interaction, "addbot", role, level=level)
            return
    async with guarded(interaction) as scope:
        game = await finder.channel_game(ctx.service, interaction, playing=True)
        scope.game_id = game.id
        if player is None:
            raise Refused("The game is running: name the absent `player` whose seat the computer plays.")
        if game.status == LOBBY:
            raise Refused("In the lobby a computer takes a seat of its own: leave out `player`.")
        await ctx.service.hand_to_computer(game.id, interaction.user.id, player.id, level, key=key(interaction))
        await say(interaction, reader()._("🤖 Done: the computer plays that seat now."), ephemeral=True)
        await ctx.announce(game.id)


async def choose_variants(ctx: ChatContext, interaction: discord.Interaction, game_id: int, names: list[str]) -> None:
    """The host's pick in the lobby's variant select: the lobby shows the variants now in force."""
    async with guarded(interaction, game_id):
        game = await finder.game(ctx.service, game_id)
        if game.status != LOBBY:
            raise GameAlreadyStarted("The game has started; its variants are fixed.")
        chosen = {name: True for name in names}
        result = await ctx.service.set_options(game.channel_id, interaction.user.id, chosen, key=key(interaction))
        game = result.game
        await interaction.response.edit_message(embed=lobby_embed(game, result.players,
                                                                  speaker(game.language, game.board),
                                                                  thread=await ctx.service.wants_thread(game.id)),
                                                view=lobby_view(game.id, game.rules, game.options,
                                                                speaker(game.language, game.board)))


async def check_dms(ctx: ChatContext, user: discord.abc.User, game: GameInfo, tr: Speaker) -> bool:
    """Say hello by DM (in ``tr``, the joiner's language); if DMs are closed, tell the channel (in the
    game's language) what to change."""
    try:
        await user.send(tr._("🎩 You'll play Mr. X in game #{id} ({channel}). Your secret moves will come "
                             "here.").format(id=game.id, channel=f"<#{game.channel_id}>"))
        return True
    except discord.Forbidden:
        await ctx.client.get_partial_messageable(game.channel_id).send(
            speaker(game.language, game.board)._(DMS_CLOSED).format(who=mention(user.id)))
        return False


# -- the lobby's post: buttons and selects ---------------------------------------------------------

MAX_OPTIONS = 25
LOBBY_BUTTONS = (
    ("join_d", NC_("button", "Join as detective"), "🕵️", discord.ButtonStyle.primary),
    ("join_x", NC_("button", "Join as Mr. X"), "🎩", discord.ButtonStyle.secondary),
    ("leave", NC_("button", "Leave"), None, discord.ButtonStyle.secondary),
    ("start", NC_("button", "Start"), "🚦", discord.ButtonStyle.success),
)
#: the lobby's computer choices: (value, label, emoji)
COMPUTER_CHOICES = (
    ("detective:easy", N_("Computer detective: easy"), "🕵️"),
    ("detective:normal", N_("Computer detective: normal"), "🕵️"),
    ("detective:hard", N_("Computer detective: hard"), "🕵️"),
    ("mrx:easy", N_("Computer Mr. X: easy"), "🎩"),
    ("mrx:normal", N_("Computer Mr. X: normal"), "🎩"),
    ("mrx:hard", N_("Computer Mr. X: hard"), "🎩"),
    ("remove", N_("Remove the computer added last"), "➖"),
)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sy:lobby:(?P<game>\d+):(?P<action>\w+)"):
    def __init__(self, game_id: int, action: str, tr: Speaker | None = None) -> None:
        label, emoji, style = next(((lb, em, st) for a, lb, em, st in LOBBY_BUTTONS if a == action),
                                   (action, None, discord.ButtonStyle.secondary))
        label = (tr or reader()).pgettext("button", label)
        super().__init__(discord.ui.Button(label=label, emoji=emoji, style=style,
                                           custom_id=f"sy:lobby:{game_id}:{action}"))
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "LobbyButton":
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        if self.action == "join_d":
            await change(ctx, interaction, "join", "detective", button_game=self.game_id)
        elif self.action == "join_x":
            await change(ctx, interaction, "join", "mrx", button_game=self.game_id)
        elif self.action == "leave":
            await change(ctx, interaction, "leave", button_game=self.game_id)
        elif self.action == "start":
            await change(ctx, interaction, "start", button_game=self.game_id)


def lobby_view(game_id: int, rules: str | None = None, chosen: Mapping[str, bool] | None = None,
               tr: Speaker | None = None) -> discord.ui.View:
    """The lobby's buttons, and for rules with variants the host's select of them (in ``tr``, the
    game's language: everyone reads the lobby)."""
    tr = tr or reader()
    view = discord.ui.View(timeout=None)
    for action, *_ in LOBBY_BUTTONS:
        view.add_item(LobbyButton(game_id, action, tr))
    entry = family_for_rules(rules).rules_entry(rules) if rules else None
    offered = entry.options if entry else ()
    if offered:
        words = {name: OPTION_WORDS.get(name, (title, description)) for name, title, description in offered}
        options = [discord.SelectOption(label=tr._(words[name][0])[:100], value=name,
                                        description=tr._(words[name][1])[:100],
                                        default=bool((chosen or {}).get(name))) for name, _, _ in offered][:MAX_OPTIONS]
        view.add_item(VariantSelect(game_id, options, placeholder=tr._("Variants (host)")))
    view.add_item(ComputerSelect(game_id, tr))
    return view


class ComputerSelect(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select], template=r"sy:bots:(?P<game>\d+)"):
    """The host fills empty seats with computer players (or takes the last one out again)."""

    def __init__(self, game_id: int, tr: Speaker | None = None, select: discord.ui.Select | None = None) -> None:
        if select is None:
            tr = tr or reader()
            select = discord.ui.Select(
                custom_id=f"sy:bots:{game_id}", placeholder=tr._("🤖 Computer players (host)"),
                options=[discord.SelectOption(label=tr._(label)[:100], value=value, emoji=emoji)
                         for value, label, emoji in COMPUTER_CHOICES])
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ComputerSelect":
        return cls(int(match["game"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        choice = (self.item.values or ["remove"])[0]
        if choice == "remove":
            await change(ctx, interaction, "removebot", button_game=self.game_id)
        else:
            role, _, level = choice.partition(":")
            await change(ctx, interaction, "addbot", role, button_game=self.game_id, level=level)


class VariantSelect(OfferedOnly, discord.ui.DynamicItem[discord.ui.Select], template=r"sy:variants:(?P<game>\d+)"):
    """The host picks the game's variants in the lobby (any number, none included)."""

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None,
                 select: discord.ui.Select | None = None, placeholder: str = "Variants (host)") -> None:
        if select is None:
            options = options or [discord.SelectOption(label="none", value="none")]
            select = discord.ui.Select(custom_id=f"sy:variants:{game_id}", placeholder=placeholder,
                                       min_values=0, max_values=len(options), options=options)
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "VariantSelect":
        return cls(int(match["game"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if (ctx := fresh_context(interaction)) is None:
            return
        await choose_variants(ctx, interaction, self.game_id, list(self.item.values))


#: the lobby's components, registered in ``setup_hook`` so that earlier runs' posts keep working
DYNAMIC_ITEMS = (LobbyButton, VariantSelect, ComputerSelect)
