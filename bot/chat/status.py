"""Which process is which: the shards a process holds, in its logs, in its heartbeat row, and in the owner's
``/sy status processes:True``, which shows every process of the bot (shards, latency, when it was last seen,
gone when its heartbeat is old) and the posts the bot owes."""

from __future__ import annotations

import asyncio
import logging
import math
import os
from pathlib import Path
from typing import Callable, Iterable

import discord

from bot.i18n import N_, Speaker, names
from bot.service import GameService
from bot.service.processes import ProcessBook, ProcessReport, process_report

from bot.chat.context import ChatContext
from bot.chat.replies import guarded, say, speaker_for
from bot.chat.words import one_line

log = logging.getLogger(__name__)

RESTARTING = N_("⏳ I'm restarting right now, so that was not done. Please try again in a moment.")
OWNER_ONLY = N_("⛔ Only the bot's owner can see its processes. `/sy status` without it shows your game.")

#: seconds between a process's heartbeats, and between its log lines about every process
BEAT_EVERY = 60.0
LOG_EVERY = 300.0


def shards_label(shard_ids: Iterable[int] | None, shard_count: int | None) -> str:
    """``0-3``, ``0,2,5`` or ``0-1,4``: the shards as SY_SHARDS writes them; every shard when ``shard_ids`` is
    None (``0-7`` of 8; ``all`` before the count is known)."""
    if shard_ids is None:
        if not shard_count:
            return "all"
        shard_ids = range(shard_count)
    ids = sorted(set(shard_ids))
    if not ids:
        return "none"
    parts, first, last = [], ids[0], ids[0]
    for shard in ids[1:] + [None]:
        if shard is not None and shard == last + 1:
            last = shard
            continue
        parts.append(str(first) if first == last else f"{first}-{last}")
        if shard is not None:
            first = last = shard
    return ",".join(parts)


def _latency(client: discord.AutoShardedClient) -> float | None:
    values = [latency for _, latency in client.latencies if math.isfinite(latency)]
    return sum(values) / len(values) if values else None


class Heartbeat:
    """Writes this process's row about once a minute and logs every process every few minutes."""

    def __init__(self, service: GameService, client: discord.AutoShardedClient, clock: Callable[[], float],
                 name: str, beat_every: float = BEAT_EVERY, log_every: float = LOG_EVERY,
                 health_file: Path | None = None) -> None:
        self.service = service
        self.client = client
        self.clock = clock
        self.book = ProcessBook(service.database, clock, name)
        self.beat_every = beat_every
        self.log_every = log_every
        self._logged_at: float | None = None
        #: touched after each row written while the gateway answers: ``python -m bot health`` reads its age
        self.health_file = health_file

    async def beat(self) -> None:
        """Write the row; every ``log_every`` seconds also log the report, one line per process. The health file
        says the beat went through with Discord connected (a latency measured) and the database writable."""
        client = self.client
        latency = _latency(client)
        await self.book.beat(shards_label(client.shard_ids, client.shard_count), client.shard_count, latency)
        if self.health_file is not None and latency is not None and not client.is_closed():
            try:
                self.health_file.touch()
                os.utime(self.health_file)
            except OSError as exc:
                log.warning("could not touch the health file %s: %s", self.health_file, exc.strerror or exc)
        now = self.clock()
        if self._logged_at is None or now - self._logged_at >= self.log_every:
            self._logged_at = now
            for line in report_lines(await process_report(self.service.database, self.clock), self.book.name):
                log.info("%s", line)

    async def run(self) -> None:
        while True:
            try:
                await self.beat()
            except Exception as exc:  # the database away for a moment: the next beat tries again
                log.warning("could not write this process's heartbeat: %s", _reason(exc))
            await asyncio.sleep(self.beat_every)

    async def stopped(self) -> None:
        try:
            await self.book.stopped()
        except Exception as exc:
            log.warning("could not remove this process's heartbeat row: %s", _reason(exc))


def _reason(exc: BaseException) -> str:
    return getattr(exc, "message", None) or one_line(exc)


def _ago(seconds: float, tr: Speaker) -> str:
    seconds = max(0.0, seconds)
    return tr._("{n} s").format(n=round(seconds)) if seconds < 90 else names.span(seconds, tr)


def report_lines(report: ProcessReport, me: str | None = None, tr: Speaker | None = None) -> list[str]:
    """The report in words: the posts owed, then one line per process (``me``: the one answering)."""
    from bot.i18n import EN

    tr = tr or EN
    owed = report.owed
    if owed.count:
        lines = [tr.ngettext("{n} post owed, the oldest queued {ago} ago.", "{n} posts owed, the oldest queued {ago} ago.",
                             owed.count).format(n=owed.count, ago=_ago(report.now - (owed.oldest or report.now), tr))]
    else:
        lines = [tr._("No posts owed.")]
    if not report.processes:
        lines.append(tr._("No process has written its heartbeat yet."))
    for row, gone in report.processes:
        shards = tr._("shards {shards} of {count}").format(shards=row.shards, count=row.shard_count or "?")
        who = row.name + (" " + tr._("(this one)") if row.name == me else "")
        if gone:
            lines.append(tr._("{who}: {shards}, gone (last seen {ago} ago)").format(
                who=who, shards=shards, ago=_ago(report.now - row.seen_at, tr)))
            continue
        latency = "?" if row.latency is None else f"{row.latency * 1000:.0f}"
        line = tr._("{who}: {shards}, latency {ms} ms, seen {ago} ago, up {up}").format(
            who=who, shards=shards, ms=latency, ago=_ago(report.now - row.seen_at, tr),
            up=_ago(report.now - row.started_at, tr))
        in_hand = owed.in_hand.get(row.name, 0)
        if in_hand:
            line += ", " + tr.ngettext("{n} post in hand", "{n} posts in hand", in_hand).format(n=in_hand)
        lines.append(line)
    return lines


async def show_processes(ctx: ChatContext, interaction: discord.Interaction) -> None:
    """``/sy status processes:True``: for the bot's owner (the application's owner, or its team), privately."""
    async with guarded(interaction):
        tr = await speaker_for(interaction)
        if not await ctx.client.is_owner(interaction.user):
            await say(interaction, tr._(OWNER_ONLY), ephemeral=True)
            return
        report = await process_report(ctx.service.database, ctx.clock)
        heartbeat = getattr(ctx.client, "heartbeat", None)  # the bot's: this process's name among them
        owed, *processes = report_lines(report, heartbeat.book.name if heartbeat else None, tr)
        text = "\n".join(["🖥️ " + tr._("The bot's processes:"), *(f"• {line}" for line in processes), f"📮 {owed}"])
        await say(interaction, text, ephemeral=True)
