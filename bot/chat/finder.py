"""Which game, seat and pawn an interaction is about: the channel's game, Mr. X's game in his DMs,
or the game a ``game`` option names; the caller's seat in it and the pawn they move.

Each answer about a game speaks its board's words from here on (:func:`bot.i18n.reading_about`).
"""

from __future__ import annotations

import discord

from bot.games.errors import GameError
from bot.games.family import MRX
from bot.i18n import N_, reading_about
from bot.service import GameService
from bot.service.errors import GameNotFound, NoGameHere, NotInGame, NotYourPawn, ServiceError
from bot.service.models import LOBBY, RUNNING, GameInfo, Player, UserGame

from bot.chat.replies import Refused, is_dm


async def game(service: GameService, game_id: int) -> GameInfo:
    """The game an answer is about (its replies then speak its board's words)."""
    found = await service.get_game(game_id)
    reading_about(found.board)
    return found


async def games_here(service: GameService, channel_id: int) -> list[GameInfo]:
    """The games in the lobby or running that a command used here may be about: in a game's own thread that game; in
    a channel its open lobby and every game running from it, in the channel or in threads of their own."""
    found = await service.game_of_thread(channel_id)
    if found is not None:
        return [found] if found.active else []
    return await service.games_in_channel(channel_id)


async def game_here(service: GameService, channel_id: int) -> GameInfo | None:
    """The game here when it is plain which: the thread's game, the channel's open lobby, else its one running game;
    None when there is none (or several run and no lobby is open)."""
    here = await games_here(service, channel_id)
    lobby = next((g for g in here if g.status == LOBBY), None)
    return lobby if lobby is not None or len(here) != 1 else here[0]


#: several games could be meant: the commands with a ``game`` option, and those without one
SEVERAL = N_("Several games are played from this channel ({games}): say which with the `game` option, or use the "
             "command in the game's thread.")
SEVERAL_HERE = N_("Several games are played from this channel ({games}): use the command in the game's thread.")


async def channel_game(service: GameService, interaction: discord.Interaction, game_id: int | None = None, *,
                       playing: bool = False, lobby: bool = False, option: bool = False) -> GameInfo:
    """The game a command used in a server's channel (or thread) acts on. ``game_id`` names one of the games here; a
    ``game`` option naming another game is never ignored: it is refused, saying where that game is played. Else the
    one game here; of several, the open lobby (``lobby``: commands of the lobby), the running ones (``playing``:
    moves), and of those the caller's own (seated, or hosting); when several are left, the caller hears which (and,
    with ``option``, that the command's ``game`` option says it)."""
    if is_dm(interaction):
        raise Refused("Use this in the game's channel on the server.")
    here = await games_here(service, interaction.channel_id)
    if game_id is not None:
        found = next((g for g in here if g.id == game_id), None)
        if found is None:
            raise Refused(await played_where(service, game_id, interaction.user.id,
                                             here[0] if len(here) == 1 else None))
    else:
        found = await one_of(service, here, interaction.user.id, playing=playing, lobby=lobby,
                             option=option)
    reading_about(found.board)
    return found


async def one_of(service: GameService, here: list[GameInfo], user_id: int, *, playing: bool, lobby: bool,
                 option: bool) -> GameInfo:
    if not here:
        raise NoGameHere("There is no game in this channel: start one with `/sy new`.")
    if lobby and (open_lobby := next((g for g in here if g.status == LOBBY), None)) is not None:
        return open_lobby
    candidates = here
    if playing:
        candidates = [g for g in here if g.status == RUNNING] or here
    if len(candidates) > 1:
        mine = [g for g in candidates if g.host_id == user_id
                or any(p.user_id == user_id and p.status == "playing" for p in await service.players(g.id))]
        candidates = mine if mine else candidates
    if len(candidates) > 1:
        places = []
        for g in candidates:
            thread = await service.game_thread(g.id)
            places.append(f"#{g.id} <#{thread}>" if thread not in (None, g.channel_id) else f"#{g.id}")
        raise Refused(SEVERAL if option else SEVERAL_HERE, games=", ".join(places))
    return candidates[0]


async def my_games(service: GameService, user_id: int, role: str | None = None) -> list[UserGame]:
    games = await service.games_of_user(user_id)
    return [g for g in games if g.game.status == RUNNING and (role is None or g.role == role)]


async def dm_game(service: GameService, interaction: discord.Interaction, game_id: int | None) -> GameInfo:
    """Mr. X's game, for a command used in DMs (``game_id`` picks one when he plays several)."""
    mine = await my_games(service, interaction.user.id, "mrx")
    if len(mine) == 1 or game_id is not None:
        for g in mine:
            if g.game.id == game_id or game_id is None:
                reading_about(g.game.board)
                return g.game
    if game_id is not None:
        raise Refused("You are not Mr. X in a running game #{game_id}.", game_id=game_id)
    if len(mine) > 1:
        ids = ", ".join(f"#{g.game.id}" for g in mine)
        raise Refused("You are Mr. X in several games ({ids}): add the `game` option to say which.", ids=ids)
    if await my_games(service, interaction.user.id, "detective"):
        raise Refused("Detectives play in the game's channel: use `/sy` commands there.")
    raise Refused("You are not Mr. X in any running game. Start one in a server channel with `/sy new`.")


async def game_for(service: GameService, interaction: discord.Interaction, game_id: int | None = None, *,
                   playing: bool = False) -> GameInfo:
    """The game a command acts on: in DMs Mr. X's (``game_id`` picks one), in a channel as :func:`channel_game`
    finds it."""
    if is_dm(interaction):
        return await dm_game(service, interaction, game_id)
    return await channel_game(service, interaction, game_id, playing=playing, option=True)


async def latest_here(service: GameService, channel_id: int) -> GameInfo | None:
    """The latest game that ended after its start in this channel, or the game of this thread once it ended."""
    found = await service.game_of_thread(channel_id)
    if found is not None:
        return None if found.active or found.started_at is None else found
    return await service.latest_game(channel_id)


async def guild_of(client: discord.Client, guild_id: int) -> discord.Guild:
    """The server: from this process's cache, else asked of Discord (a server on a shard another process holds
    is not in this one's cache). Raises ``discord.HTTPException`` when the bot is no longer there."""
    return client.get_guild(guild_id) or await client.fetch_guild(guild_id, with_counts=False)


#: the one answer to a ``game`` option naming a game the caller may not see, the same as for a number never used
UNSEEN = N_("There is no game with that number that you can see: the number is wrong, or its channel is hidden "
            "from you.")


async def may_read(service: GameService, client: discord.Client, interaction: discord.Interaction,
                   game: GameInfo) -> bool:
    """Whether the caller could read the game's channel (and so its public thread) in Discord: from the permissions the
    interaction carries when it comes from there, else from the server's channel and the caller's roles (this
    process's cache, else asked of Discord)."""
    if interaction.guild_id == game.guild_id and interaction.channel_id in (game.channel_id,
                                                                            await service.game_thread(game.id)):
        permissions = interaction.permissions
    else:
        try:
            guild = await guild_of(client, game.guild_id)
            channel = guild.get_channel(game.channel_id) or await guild.fetch_channel(game.channel_id)
            member = interaction.user
            if not (isinstance(member, discord.Member) and member.guild.id == guild.id):
                member = guild.get_member(member.id) or await guild.fetch_member(member.id)
        except discord.HTTPException:  # not a member, a channel or server the bot no longer sees
            return False
        permissions = channel.permissions_for(member)
    return permissions.view_channel and permissions.read_message_history


async def visible_game(service: GameService, client: discord.Client, interaction: discord.Interaction,
                       game_id: int) -> GameInfo:
    """The game a ``game`` option names, for a caller who played in it or could read its channel; anyone else hears
    :data:`UNSEEN`, the same sentence as for a game that does not exist."""
    try:
        named = await service.get_game(game_id)
    except GameNotFound:
        named = None
    if named is None or not (any(p.user_id == interaction.user.id for p in await service.players(game_id))
                             or await may_read(service, client, interaction, named)):
        raise Refused(UNSEEN)
    reading_about(named.board)
    return named


async def game_to_look_at(service: GameService, client: discord.Client, interaction: discord.Interaction,
                          game_id: int | None = None) -> GameInfo:
    """The game ``/sy board``, ``/sy log`` and ``/sy status`` show: the one ``game_id`` names, for someone who may
    see it (:func:`visible_game`); else as :func:`game_for` finds it while one is running, or the channel's (or
    thread's) latest finished game."""
    if game_id is not None:
        return await visible_game(service, client, interaction, game_id)
    try:
        return await game_for(service, interaction)
    except NoGameHere:
        latest = None if is_dm(interaction) else await latest_here(service, interaction.channel_id)
        if latest is None:
            raise
        reading_about(latest.board)
        return latest


async def played_where(service: GameService, game_id: int, user_id: int, here: GameInfo | None) -> str:
    """Why a ``game`` option naming another game is refused, and where to go instead."""
    this = f" (this channel's game is #{here.id})" if here else ""
    try:
        named = await service.get_game(game_id)
    except ServiceError:
        named = None
    mine = named is not None and any(p.user_id == user_id for p in await service.players(game_id))
    if named is None or not mine:
        return f"You are not playing in a game #{game_id}{this}."
    if MRX in next(p.pawns for p in await service.players(game_id) if p.user_id == user_id):
        return (f"Game #{game_id} is played in <#{named.channel_id}>{this}: as Mr. X, move there or in my "
                "DMs. Nothing was done here.")
    return f"Game #{game_id} is played in <#{named.channel_id}>{this}: use the command there. Nothing was done here."


async def me(service: GameService, game: GameInfo, user_id: int) -> Player:
    for p in await service.players(game.id):
        if p.user_id == user_id and p.status == "playing":
            return p
    raise NotInGame("You are not playing in this game.")


async def player_or_none(service: GameService, game: GameInfo, user_id: int) -> Player | None:
    """The caller's seat, or None for someone who only watches."""
    try:
        return await me(service, game, user_id)
    except GameError:
        return None


class Mover:
    """Who moves what: the game, the caller and the pawn they move now, and the views a family reads
    to make sense of their options (fetched when it asks: the public view, and Mr. X's own for him)."""

    def __init__(self, service: GameService, game: GameInfo, user_id: int, pawn: str) -> None:
        self._service = service
        self.game, self.user_id, self.pawn = game, user_id, pawn

    async def public_view(self):
        return await self._service.public_view(self.game.id)

    async def mrx_view(self):
        return await self._service.mrx_view(self.game.id, self.user_id)


async def mover(service: GameService, game: GameInfo, interaction: discord.Interaction, asked: str | None) -> Mover:
    """The caller and the pawn they move now: Mr. X's in DMs, the one asked for, else their pawn whose
    turn it is."""
    pawn = pick_pawn(game, await me(service, game, interaction.user.id), asked, is_dm(interaction))
    return Mover(service, game, interaction.user.id, pawn)


def pick_pawn(game: GameInfo, me: Player, asked: str | None, dm: bool) -> str:
    if dm:
        if MRX not in me.pawns:
            raise Refused("Detectives play in the game's channel: use `/sy move` there.")
        return MRX
    if asked:
        return parse_pawn(asked, me)
    if MRX in me.pawns:
        return MRX
    if not me.pawns:
        raise NotYourPawn("You have no pawn to move in this game.")
    mine_now = [p for p in game.to_move if p in me.pawns]
    if mine_now:
        return mine_now[0]
    if game.to_move == (MRX,):
        raise Refused("It is Mr. X's turn; you'll be mentioned when it's yours.")
    raise Refused("It is not your turn yet; you'll be mentioned when it is.")


def parse_pawn(text: str, me: Player) -> str:
    wanted = text.strip().lower().replace("bobby ", "b").replace(" ", "")
    for pawn in me.pawns:
        if pawn.lower() == wanted:
            return pawn
    if wanted in ("mrx", "x", "mr.x"):
        return MRX
    return wanted  # the service says whose it is
