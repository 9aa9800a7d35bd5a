"""A person's own settings (both backends): turn notices by DM and the channel's mention, quiet hours in their own
time zone, and the DMs owed, each claimed by one process and held until the quiet hours end."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.service import BadSetting
from bot.service.people import quiet_end, time_zone_named

from tests.service.helpers import HOST, started

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def at(year, month, day, hour, minute=0, zone=BERLIN) -> float:
    return dt.datetime(year, month, day, hour, minute, tzinfo=zone).timestamp()


def test_quiet_hours_end_at_the_persons_own_end_of_them() -> None:
    night, lunch = (22 * 60, 7 * 60), (12 * 60, 13 * 60 + 30)
    assert quiet_end(*night, "Europe/Berlin", at(2027, 1, 15, 23)) == at(2027, 1, 16, 7)
    assert quiet_end(*night, "Europe/Berlin", at(2027, 1, 16, 6, 59)) == at(2027, 1, 16, 7)
    assert quiet_end(*night, "Europe/Berlin", at(2027, 1, 16, 7)) is None
    assert quiet_end(*night, "Europe/Berlin", at(2027, 1, 15, 21, 59)) is None
    assert quiet_end(*lunch, "Europe/Berlin", at(2027, 1, 15, 12, 45)) == at(2027, 1, 15, 13, 30)
    # The night the clocks go forward (28 March 2027, 02:00 -> 03:00) is an hour shorter, not longer.
    assert quiet_end(*night, "Europe/Berlin", at(2027, 3, 27, 23)) - at(2027, 3, 27, 23) == 7 * 3600
    # The same moment is quiet in Berlin and not in New York.
    assert quiet_end(*night, "America/New_York", at(2027, 1, 15, 23)) is None
    assert time_zone_named("europe/berlin") == "Europe/Berlin"
    with pytest.raises(BadSetting):
        time_zone_named("Mars/Olympus")


async def test_notices_and_quiet_hours_are_kept_and_refused_when_they_make_no_sense(service):
    person = await service.set_turn_notices(7, dm=True)
    assert (person.dm_turns, person.mentions) == (True, True)
    person = await service.set_turn_notices(7, mentions=False)
    assert (person.dm_turns, person.mentions) == (True, False)
    for start, end, zone in ((22 * 60, 22 * 60, "UTC"), (1440, 60, "UTC"), (60, None, "UTC"), (60, 120, None),
                             (60, 120, "Nowhere/Else")):
        with pytest.raises(BadSetting):
            await service.set_quiet_hours(7, start, end, zone)
    assert not (await service.person_settings(7)).has_quiet_hours
    person = await service.set_quiet_hours(7, 22 * 60, 7 * 60, "europe/berlin")
    assert (person.quiet_from, person.quiet_until, person.time_zone) == (1320, 420, "Europe/Berlin")
    assert (await service.set_quiet_hours(7, 60, 120)).time_zone == "Europe/Berlin"  # the zone is remembered
    assert await service.person_settings(8) == (await service.people_settings([8]))[8]  # defaults


async def test_a_turn_notice_is_owed_once_due_after_the_quiet_hours_and_claimed_by_one_process(service, clock):
    start = await started(service)
    clock.now = at(2027, 1, 15, 23)
    await service.set_turn_notices(HOST, dm=True)
    await service.set_turn_notices(HOST + 2, dm=True)
    await service.set_quiet_hours(HOST + 2, 22 * 60, 7 * 60, "Europe/Berlin")
    owed = await service.queue_turn_notices(start.game.id, "action:1", 2, 10, 555, [HOST, HOST + 1, HOST + 2])
    assert owed == [HOST, HOST + 2]  # HOST + 1 asked for none
    await service.queue_turn_notices(start.game.id, "action:1", 2, 10, 555, [HOST, HOST + 2])  # again: nothing new
    assert await service.games_owing_notices() == [start.game.id]
    mine = await service.claim_notices(start.game.id, "one", 30.0)
    assert [n.user_id for n in mine] == [HOST]  # the other waits for 07:00
    assert await service.claim_notices(start.game.id, "two", 30.0) == []  # held by "one"
    await service.notices_sent([n.id for n in mine])
    await service.release_claims("notices", [start.game.id], "one")
    assert await service.games_owing_notices() == []
    clock.now = at(2027, 1, 16, 7, 1)
    [late] = await service.claim_notices(start.game.id, "two", 30.0)
    assert (late.user_id, late.message_id, late.turn) == (HOST + 2, 555, 2)
