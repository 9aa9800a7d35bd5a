"""The game service: the one door the bot, the CLI and the tests use to play games.

It knows games, players and transactions; it does not know what a Discord message is. Every
command is one transaction: read the latest state, validate, apply through the engine, append
the action, update the snapshot, queue the announcements it owes, commit.

Commands on a game are serialised: the store locks the game a command reads until its transaction
ends (SQLite has one writer and one lock for all), so two commands on a game (two detectives, a double
click, a retried interaction) run one after the other, the second against the state the first left.
The service speaks to the store's interface (:mod:`bot.store`), never to a database driver.

:class:`GameService` is one front joined from the service's concerns, one module each: the lobby
(:mod:`.lobby`), seats (:mod:`.seats`), computer players (:mod:`.computers`), play (:mod:`.play`,
:mod:`.resigning`), looks (:mod:`.looks`), settings (:mod:`.settings`), languages (:mod:`.languages`),
statistics (:mod:`.stats`), ratings (:mod:`.ratings`), rematches (:mod:`.rematch`), take-backs (:mod:`.takebacks`),
the outbox (:mod:`.announcements`, :mod:`.messages`), reminders (:mod:`.reminders`), time away and the host's pause
(:mod:`.away`), a person's own settings and turn notices (:mod:`.people`), the installation (:mod:`.installation`)
and repair (:mod:`.repair`).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Callable

from bot.store import open_store

from .announcements import Announcements
from .away import Absences
from .computers import Computers
from .fairness import Fairness
from .installation import Installation, installation_secret
from .languages import Languages
from .lobby import Lobby
from .looks import Looks
from .messages import Messages
from .pages import Pages
from .people import People
from .play import Play
from .ratings import Ratings
from .rematch import Rematch
from .takebacks import Takebacks
from .reminders import Reminders
from .repair import Repair
from .resigning import Resigning
from .seats import Seats
from .settings import Settings
from .stats import Statistics
from .threads import Threads


class GameService(Lobby, Seats, Computers, Play, Resigning, Looks, Settings, Languages, Statistics, Announcements,
                  Messages, Reminders, Installation, Repair, Fairness, Threads, Absences, People, Rematch,
                  Ratings, Takebacks, Pages):
    """Open with ``service = await GameService.open(path)``; close with ``await service.close()``."""

    @classmethod
    async def open(
        cls,
        path: str | Path | None = None,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        secret: str | None = None,
        nonces: Callable[[], str] | None = None,
        start_inputs: Callable[[str | None], str] | None = None,
    ) -> "GameService":
        """Open (creating as needed) the database at ``path`` (None: ``$SY_DATABASE``, default
        ``data/scotland-yard.sqlite3``) and apply pending migrations. ``clock`` gives the time in
        seconds; ``rng`` draws the seeds of new games; ``secret`` (``SY_SECRET``) makes every game's key:
        None uses the one generated at the first start and kept in the database. ``nonces`` draws each new game's
        nonce (32 hex digits; default: 128 bits from the operating system, as a bot must) and ``start_inputs`` a
        game's start input from its start command's key (default: the key itself, Discord's id of the interaction, or
        a nonce for a start without one): tests that replay a game exactly pass their own."""
        store = await open_store(path)
        try:
            secret = secret or await installation_secret(store, clock)
        except BaseException:
            await store.close()
            raise
        return cls(store, clock, rng or random.Random(), secret, nonces, start_inputs)

    async def close(self) -> None:
        await self._store.close()
