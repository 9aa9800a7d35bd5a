"""A person's own settings, in every game: being told by DM when a turn becomes theirs (with a link to the post),
the channel's mention of it, and quiet hours in their own time zone, during which reminders and DMs to them wait
(the deadline's clock counts on). The DMs owed are kept (``turn_notices``) until they are due and sent.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable

from bot.store import NoticeRow, PersonRow

from .claims import NOTICES, Claiming
from .errors import BadSetting

__all__ = ["PersonSettings", "People", "quiet_end", "time_zone_named", "time_zones", "NoticeRow"]

DAY_MINUTES = 24 * 60


@dataclass(frozen=True)
class PersonSettings(PersonRow):
    """A person's settings (the store's row: ``dm_turns``, ``mentions``, ``quiet_from``/``quiet_until`` in minutes
    after midnight in ``time_zone``), and what they mean now."""

    @property
    def has_quiet_hours(self) -> bool:
        return self.quiet_from is not None and self.quiet_until is not None and self.time_zone is not None

    def quiet_until_at(self, now: float) -> float | None:
        """When the person's quiet hours end, if ``now`` is inside them (None: it is not)."""
        if not self.has_quiet_hours:
            return None
        try:
            return quiet_end(self.quiet_from, self.quiet_until, self.time_zone, now)  # type: ignore[arg-type]
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):  # a zone this machine no longer knows: no quiet hours
            return None


def quiet_end(start: int, end: int, zone: str, now: float) -> float | None:
    """The moment quiet hours from ``start`` until ``end`` (minutes after midnight in ``zone``) end, if ``now`` lies
    inside them; None otherwise. Hours that pass midnight (22:00 until 07:00) end on the next day."""
    tz = zoneinfo.ZoneInfo(zone)
    local = dt.datetime.fromtimestamp(now, tz)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() if minute < end else local.date() + dt.timedelta(days=1)
    ends = dt.datetime.combine(day, dt.time(end // 60, end % 60), tz)
    return max(ends.timestamp(), now)


@lru_cache(maxsize=1)
def time_zones() -> tuple[str, ...]:
    """Every IANA time zone this machine knows, sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def time_zone_named(name: str) -> str:
    """The IANA name of the zone ``name`` means (any case: "europe/berlin"); BadSetting for one nobody knows."""
    wanted = name.strip()
    found = next((zone for zone in time_zones() if zone.lower() == wanted.lower()), None)
    if found is None:
        try:  # a machine without the list of names may still know the zone
            zoneinfo.ZoneInfo(wanted)
            return wanted
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise BadSetting("{zone} is not a time zone I know: pick one of the offered names, like Europe/Berlin.",
                             zone=wanted[:40] or "?") from None
    return found


def _settings(row: PersonRow) -> PersonSettings:
    return PersonSettings(**vars(row))


class People(Claiming):
    async def person_settings(self, user_id: int) -> PersonSettings:
        return _settings(await self._reads.people.get(user_id))

    async def people_settings(self, user_ids: Iterable[int]) -> dict[int, PersonSettings]:
        """Each person's settings (computers, with ids below 0, have none)."""
        rows = await self._reads.people.of(u for u in user_ids if u > 0)
        return {user: _settings(row) for user, row in rows.items()}

    async def set_turn_notices(self, user_id: int, dm: bool | None = None, mentions: bool | None = None
                               ) -> PersonSettings:
        """Turn notices by DM on or off (``dm``), the channel's mention on or off (``mentions``); None keeps it."""
        async with self._store.transaction() as tx:
            person = _settings(await tx.people.get(user_id))
            person = replace(person, dm_turns=person.dm_turns if dm is None else dm,
                             mentions=person.mentions if mentions is None else mentions)
            await tx.people.set(person, self._clock())
        return person

    async def set_quiet_hours(self, user_id: int, start: int | None, end: int | None,
                              zone: str | None = None) -> PersonSettings:
        """Quiet hours from ``start`` until ``end`` (minutes after midnight) in ``zone`` (an IANA name; None: the
        zone chosen before); both None: no quiet hours."""
        async with self._store.transaction() as tx:
            person = _settings(await tx.people.get(user_id))
            if start is None and end is None:
                person = replace(person, quiet_from=None, quiet_until=None,
                                 time_zone=time_zone_named(zone) if zone else person.time_zone)
            else:
                for minute in (start, end):
                    if minute is None or isinstance(minute, bool) or not 0 <= minute < DAY_MINUTES:
                        raise BadSetting("Quiet hours need a start and an end, each a time of day like 22:00.")
                if start == end:
                    raise BadSetting("Quiet hours need an end other than their start.")
                zone = time_zone_named(zone) if zone else person.time_zone
                if zone is None:
                    raise BadSetting("Say in which time zone, like Europe/Berlin: I cannot see yours.")
                person = replace(person, quiet_from=start, quiet_until=end, time_zone=zone)
            await tx.people.set(person, self._clock())
        return person

    async def quiet_now(self, user_ids: Iterable[int]) -> set[int]:
        """Those of ``user_ids`` inside their quiet hours now."""
        now = self._clock()
        return {user for user, person in (await self.people_settings(user_ids)).items()
                if person.quiet_until_at(now) is not None}

    async def audible(self, user_ids: Iterable[int]) -> list[int]:
        """Those of ``user_ids`` a post may ping about their turn now: not those who turned the channel's mention
        off, nor those inside their quiet hours (they read their name all the same, silently)."""
        wanted = list(dict.fromkeys(user_ids))
        now = self._clock()
        people = await self.people_settings(wanted)
        return [user for user in wanted if user not in people
                or (people[user].mentions and people[user].quiet_until_at(now) is None)]

    # -- turn notices by DM ----------------------------------------------------------------------

    async def queue_turn_notices(self, game_id: int, key: str, turn: int, channel_id: int, message_id: int,
                                 user_ids: Iterable[int]) -> list[int]:
        """The post ``key`` (``channel_id``/``message_id``) handed turn ``turn`` to ``user_ids``: a DM is owed to
        each of them who asked for one, due now or when their quiet hours end. Returns who is owed one; a post
        made again owes nobody a second."""
        now = self._clock()
        people = await self.people_settings(user_ids)
        owed = [(user, person.quiet_until_at(now) or now) for user, person in people.items() if person.dm_turns]
        if owed:
            async with self._store.transaction() as tx:
                await tx.notices.queue(game_id, owed, key, turn, channel_id, message_id, now)
        return [user for user, _ in owed]

    async def games_owing_notices(self, now: float | None = None) -> list[int]:
        """The games that owe a turn notice due now."""
        return await self._reads.notices.games_due(self._now(now))

    async def claim_notices(self, game_id: int, holder: str, lease: float) -> list[NoticeRow]:
        """Claim the game's due turn notices for ``lease`` seconds: the ones ``holder`` is to send (none when
        another process holds them). Send each, :meth:`notices_sent`, then :meth:`release_claims`."""
        if not await self.claim(NOTICES, game_id, holder, lease):
            return []
        found = await self._reads.notices.due(game_id, self._clock())
        if not found:
            await self.release_claims(NOTICES, [game_id], holder)
        return found

    async def notices_sent(self, notice_ids: Iterable[int]) -> None:
        """The notices were sent (or are no longer due: the turn passed, the person's DMs are shut)."""
        async with self._store.transaction() as tx:
            await tx.notices.sent(notice_ids, self._clock())
