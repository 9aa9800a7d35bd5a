"""A person's own settings: ``/sy-me notices`` (a DM when a turn becomes theirs, the channel's mention) and
``/sy-me quiet`` (quiet hours in their own time zone). Answered privately."""

from __future__ import annotations

import re

import discord

from bot.i18n import Speaker, reader

from bot.chat.context import ChatContext
from bot.chat.replies import Refused, guarded, say
from bot.service.people import PersonSettings

#: a time of day as people type it: 22, 22:00, 7.30, 10pm, 7:30 am
TIME = re.compile(r"^\s*(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|uhr)?\s*$", re.IGNORECASE)


def minutes_of(text: str) -> int:
    """Minutes after midnight of a time of day (``22:00``, ``7.30``, ``10pm``); Refused when it is none."""
    match = TIME.match(text or "")
    if match:
        hour, minute, half = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or "").lower()
        if half in ("am", "pm") and 1 <= hour <= 12:
            hour = hour % 12 + (12 if half == "pm" else 0)
        if hour < 24 and minute < 60:
            return hour * 60 + minute
    raise Refused("{time} is not a time of day I understand: write it like 22:00 or 7:30.", time=(text or "?")[:20])


def clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def notices_words(person: PersonSettings, tr: Speaker) -> str:
    dm = tr._("on") if person.dm_turns else tr._("off")
    mentions = tr._("on") if person.mentions else tr._("off")
    return tr._("🔔 When a turn becomes yours: a DM with a link to the post {dm}, the channel's mention {mentions}.").format(
        dm=dm, mentions=mentions)


def quiet_words(person: PersonSettings, tr: Speaker) -> str:
    if not person.has_quiet_hours:
        return tr._("🌙 No quiet hours.")
    return tr._("🌙 Quiet hours {start}–{end} ({zone}): reminders and DMs to you wait until they end; a turn's "
                "deadline counts on.").format(start=clock(person.quiet_from), end=clock(person.quiet_until),
                                              zone=person.time_zone)


async def notices(ctx: ChatContext, interaction: discord.Interaction, dm: bool | None, mentions: bool | None) -> None:
    if not ctx.first_time(interaction):
        return
    async with guarded(interaction):
        if dm is None and mentions is None:
            person = await ctx.service.person_settings(interaction.user.id)
        else:
            person = await ctx.service.set_turn_notices(interaction.user.id, dm, mentions)
        tr = reader()
        text = notices_words(person, tr)
        if dm:
            text += "\n" + tr._("If a DM does not reach you, allow direct messages from this server's members "
                                "(server name ▸ Privacy Settings).")
        if not person.dm_turns and not person.mentions:
            text += "\n" + tr._("Nothing tells you it is your turn now but the reminders: `/sy games` lists your turns.")
        await say(interaction, text, ephemeral=True)


async def quiet(ctx: ChatContext, interaction: discord.Interaction, start: str | None, end: str | None,
                zone: str | None, off: bool) -> None:
    if not ctx.first_time(interaction):
        return
    async with guarded(interaction):
        service = ctx.service
        if off:
            person = await service.set_quiet_hours(interaction.user.id, None, None)
        elif start is None and end is None and zone is None:
            person = await service.person_settings(interaction.user.id)
        else:
            if (start is None) != (end is None):
                raise Refused("Quiet hours need both `from:` and `until:`, like from: 22:00 until: 07:00.")
            if start is None:  # only the zone: the hours stay
                current = await service.person_settings(interaction.user.id)
                person = await service.set_quiet_hours(interaction.user.id, current.quiet_from, current.quiet_until,
                                                       zone)
            else:
                person = await service.set_quiet_hours(interaction.user.id, minutes_of(start), minutes_of(end), zone)
        await say(interaction, quiet_words(person, reader()), ephemeral=True)
