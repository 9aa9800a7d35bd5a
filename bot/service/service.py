"""The game service: the one door the bot, the CLI and the tests use to play games.

It knows games, players and transactions; it does not know what a Discord message is. Every
command is one transaction: read the latest state, validate, apply through the engine, append
the action, update the snapshot, queue the announcements it owes, commit.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Callable

from bot.game import Action, MrXView, PublicView

from .models import (
    Announcement,
    CommandResult,
    GameInfo,
    GameSettings,
    GuildSettings,
    MessageRef,
    Player,
    PlayerStats,
    UserGame,
    WaitingTurn,
)


class GameService:
    """Open with ``service = await GameService.open(path)``; close with ``await service.close()``."""

    @classmethod
    async def open(
        cls,
        path: str | Path | None = None,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> "GameService":
        """Open (creating as needed) the database at ``path`` (None: ``$SY_DATABASE``, default
        ``data/scotland-yard.sqlite3``) and apply pending migrations. ``clock`` gives the time in
        seconds; ``rng`` draws the seeds of new games."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    # -- the lobby ----------------------------------------------------------------------------

    async def create_game(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                          rules: str | None = None, seed: int | None = None,
                          options: dict[str, bool] | None = None, *, key: str | None = None) -> CommandResult:
        """Open a lobby in ``channel_id`` with the host as its first player. ``rules`` None: the
        guild's default. Raises GameAlreadyRunning if the channel has an active game."""
        raise NotImplementedError

    async def join(self, channel_id: int, user_id: int, name: str, role: str | None = None,
                   *, key: str | None = None) -> CommandResult:
        """Join the lobby, asking for ``role`` ("mrx", "detective" or None for either). Joining again
        with another role switches role. Raises LobbyFull, RoleTaken, AlreadyJoined."""
        raise NotImplementedError

    async def leave(self, channel_id: int, user_id: int, *, key: str | None = None) -> CommandResult:
        """Leave the lobby. A leaving host hands the lobby to the next player; the last one out
        cancels it. In a running game use :meth:`resign`."""
        raise NotImplementedError

    async def start(self, channel_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Host only: deal the game. Needs Mr. X (drawn at random from those who did not ask to be
        detectives, if nobody asked) and at least one detective player."""
        raise NotImplementedError

    async def cancel(self, channel_id: int, user_id: int, can_manage_channel: bool = False,
                     *, key: str | None = None) -> CommandResult:
        """End the channel's active game without a result: the host, or anyone who manages the channel."""
        raise NotImplementedError

    async def replace(self, channel_id: int, host_id: int, old_user_id: int, new_user_id: int, new_name: str,
                      *, key: str | None = None) -> CommandResult:
        """Host only: give ``old_user_id``'s seat and pawns to ``new_user_id`` (lobby or running game)."""
        raise NotImplementedError

    # -- play ---------------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, action: Action, key: str,
                  expected_round: int | None = None) -> CommandResult:
        """Play an engine action for a pawn the user controls. ``key`` (the interaction id) makes a
        retry harmless: a key seen before returns the stored events with ``duplicate=True``.
        ``expected_round`` (from a button) that is not the current round raises StaleAction."""
        raise NotImplementedError

    async def skip(self, game_id: int, host_id: int, pawn: str, key: str,
                   expected_round: int | None = None) -> CommandResult:
        """Host only: pass an absent detective's turn once the game's deadline has passed."""
        raise NotImplementedError

    async def resign(self, game_id: int, user_id: int, key: str | None = None) -> CommandResult:
        """Mr. X resigning ends the game. A detective resigning hands their pawns to the other
        detective players, or ends the game if nobody is left to take them."""
        raise NotImplementedError

    # -- reading ------------------------------------------------------------------------------

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The channel's active game (lobby or running), or None."""
        raise NotImplementedError

    async def get_game(self, game_id: int) -> GameInfo:
        raise NotImplementedError

    async def public_view(self, game_id: int) -> PublicView:
        """What everyone may see. Raises GameNotStarted in the lobby."""
        raise NotImplementedError

    async def mrx_view(self, game_id: int, user_id: int) -> MrXView:
        """Mr. X's private view, for the person playing Mr. X only (anyone else: NotYourPawn)."""
        raise NotImplementedError

    async def players(self, game_id: int) -> tuple[Player, ...]:
        """Everyone who joined, by seat (lobby: by join order)."""
        raise NotImplementedError

    async def games_of_user(self, user_id: int) -> list[UserGame]:
        """The person's active games in every channel, with their role and pawns."""
        raise NotImplementedError

    async def record(self, game_id: int) -> dict:
        """The engine's game record plus ``players`` (names, seats, roles), once the game has ended."""
        raise NotImplementedError

    # -- settings and statistics ---------------------------------------------------------------

    async def settings(self, game_id: int) -> GameSettings:
        raise NotImplementedError

    async def update_settings(self, game_id: int, user_id: int, settings: GameSettings,
                              can_manage_channel: bool = False) -> GameSettings:
        """The host (or a channel manager) changes reminders and the deadline."""
        raise NotImplementedError

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        raise NotImplementedError

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings,
                                 can_manage_guild: bool) -> GuildSettings:
        raise NotImplementedError

    async def stats(self, guild_id: int, user_id: int) -> PlayerStats:
        raise NotImplementedError

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerStats]:
        """Most wins first (then fewer games), finished games of this guild only."""
        raise NotImplementedError

    # -- the outbox and timing ----------------------------------------------------------------

    async def pending_announcements(self, game_id: int | None = None) -> list[Announcement]:
        """Messages owed and not yet posted, oldest first."""
        raise NotImplementedError

    async def mark_posted(self, announcement_id: int, channel_id: int, message_id: int) -> None:
        raise NotImplementedError

    async def record_message(self, game_id: int, kind: str, channel_id: int, message_id: int) -> None:
        """Remember a message the bot edits later (kind "lobby", "board", ...); replaces the previous one."""
        raise NotImplementedError

    async def message_for(self, game_id: int, kind: str) -> MessageRef | None:
        raise NotImplementedError

    async def due_reminders(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns that have waited longer than the game's reminder_hours and were not reminded yet."""
        raise NotImplementedError

    async def mark_reminded(self, game_id: int, turn: int) -> None:
        raise NotImplementedError

    async def overdue(self, now: float | None = None) -> list[WaitingTurn]:
        """Turns past the game's deadline (games with a deadline only)."""
        raise NotImplementedError
