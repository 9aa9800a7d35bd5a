"""A rematch: a finished game's table opens a new lobby in the same place, with the same people, rules, variants and
settings, and Mr. X's seat offered to the next person in turn."""

from __future__ import annotations

from bot.store import PlayerRow

from . import steps
from . import rows as read
from .core import ServiceCore, retried
from .dealing import sealed_anew
from .errors import GameAlreadyRunning, GameNotOver, NotInGame
from .events import GameCreated, PlayerJoined
from .models import FINISHED, LOBBY, CommandResult


def rematch_key(game_id: int) -> str:
    """The idempotency key of a game's rematch: one per finished game, whoever asks and however often."""
    return f"rematch:{game_id}"


def next_table(players: list[PlayerRow]) -> list[tuple[int, str, str | None, str | None]]:
    """(user, name, role asked for, computer strategy) of each seat of the rematch, in join order: everyone who
    played the finished game to the end or resigned from it (a computer that stood in gives the seat back to its
    person; a person the host replaced is out, the one who took over is in), computers again in their roles.

    Mr. X's seat is offered to the next person after him in seat order, and the table turns with it: the new Mr. X
    joins first and the others follow round the table, so that over several rematches every person's turn comes
    (alone against computers, one keeps one's side). A computer Mr. X stays Mr. X. The people's other roles stay
    open (``None``): if the new Mr. X leaves the lobby, the start draws one."""
    seated = sorted((p for p in players if p.seat is not None and p.status != "replaced"),
                    key=lambda p: (p.seat, p.join_order))
    names = {p.user_id: p.name for p in players}
    table: list[tuple[int, str, str | None, str | None]] = []
    mrx_at = None
    for p in seated:
        user, name, strategy = p.user_id, p.name, p.strategy
        if p.stands_in is not None:  # a computer standing in: the person it stood in for sits again
            user, name, strategy = p.stands_in, names.get(p.stands_in, p.name), None
        if p.role == "mrx":
            mrx_at = len(table)
        table.append((user, name, p.role if strategy else None, strategy))
    people = [i for i, t in enumerate(table) if t[3] is None]
    if not people or (mrx_at is not None and table[mrx_at][3] is not None):
        return table  # a computer Mr. X keeps his seat
    start = mrx_at if mrx_at is not None else len(table) - 1
    new = next(i for i in people if i > start) if any(i > start for i in people) else people[0]
    user, name, _, _ = table[new]
    table[new] = (user, name, "mrx", None)
    return table[new:] + table[:new]


class Rematch(ServiceCore):
    @retried
    async def rematch(self, game_id: int, user_id: int) -> CommandResult:
        """A new lobby for a finished game's table (:func:`next_table`), in the same channel (and, if the game
        had its own thread, the new one will too), hosted by whoever asks, who must have played in it. Once per
        finished game (its own idempotency key): asked again (a second click, another player, a retry), it returns the same lobby with
        ``duplicate`` set. Raises GameAlreadyRunning when another game is open in the channel."""
        async with self._command(None, "rematch", user_id, game_id=game_id) as (tx, now, _):
            old = await read.game_row(tx, game_id)
            if old.status != FINISHED:
                raise GameNotOver("A rematch is for a finished game.")
            done = await tx.commands.find(rematch_key(game_id))
            if done is not None:
                return await steps.result(tx, done.game_id, (), (await read.game_row(tx, done.game_id)).version,
                                          duplicate=True)
            players = await tx.seats.players(game_id)
            if not any(p.user_id == user_id and p.strategy is None for p in players) and old.host_id != user_id:
                raise NotInGame("Only the players of this game can ask for its rematch.")
            if await tx.games.active_in_channel(old.channel_id):
                raise GameAlreadyRunning()
            table = next_table(players)
            # sy-commit/2: a key of its own, committed with the new lobby (docs/fairness.md)
            nonce, committed = sealed_anew(self._secret, self._nonces())
            new_id = await tx.games.create(
                guild_id=old.guild_id, channel_id=old.channel_id, status=LOBBY, rules=old.rules, board=old.board,
                options=old.options, seed=self._rng.randrange(2**31), host_id=user_id,
                reminder_hours=old.reminder_hours, deadline_hours=old.deadline_hours, tracker=old.show_tracker,
                now=now, family=old.family, language=old.language, nonce=nonce, key_commitment=committed,
                away_days=old.away_days, takebacks=old.takebacks)
            host = next((t for t in table if t[0] == user_id), None)
            if host is None:  # the host of the finished game, who did not play in it
                host = (user_id, next((p.name for p in players if p.user_id == user_id), str(user_id)), None, None)
                table.insert(0, host)
            events: list = [GameCreated(user_id, old.rules)]
            for user, name, role, strategy in table:
                await tx.seats.join(new_id, user, name, role, now, strategy)
                events.append(PlayerJoined(user, name, role))
            wanted, _ = await tx.threads.of_game(game_id)
            if wanted:
                await tx.threads.want(new_id, True, now)
            await steps.remember(tx, now, rematch_key(game_id), new_id, user_id, "rematch", 1, tuple(events))
            return await steps.result(tx, new_id, tuple(events), 1)
