"""Which process is which: the shards a process holds, in its logs, in its heartbeat row, and in the owner's
``/sy status processes:True``, which shows every process of the bot (shards, latency, when it was last seen,
gone when its lease ended without a word, or that it gave its shards up) and the posts the bot owes.

The heartbeat is also the process's hold on its shards (:mod:`bot.service.processes`): taken before the bot connects
to the gateway, renewed every third of the lease; a process that finds another holding its shards gives them up."""

from __future__ import annotations

import asyncio
import logging
import math
import os
from pathlib import Path
from typing import Callable

import discord

from bot.i18n import EN, N_, Speaker, names
from bot.service import GameService
from bot.service.processes import ProcessBook, ProcessReport, ProcessRow, process_report, shards_label

from bot.chat.context import ChatContext
from bot.chat.replies import guarded, say, speaker_for
from bot.chat.words import one_line

log = logging.getLogger(__name__)

RESTARTING = N_("⏳ I'm restarting right now, so that was not done. Please try again in a moment.")
OWNER_ONLY = N_("⛔ Only the bot's owner can see its processes. `/sy status` without it shows your game.")

#: seconds between a process's heartbeats at most (it renews its lease every third of it), and between its log
#: lines about every process
BEAT_EVERY = 60.0
LOG_EVERY = 300.0


def _latency(client: discord.AutoShardedClient) -> float | None:
    values = [latency for _, latency in client.latencies if math.isfinite(latency)]
    return sum(values) / len(values) if values else None


class Heartbeat:
    """Holds this process's shards (:meth:`hold`, before the bot connects) and renews the hold every third of
    ``lease`` (at most every ``beat_every`` seconds), writing its row; logs every process every few minutes; gives
    the shards up when another process holds them too (:meth:`run`)."""

    def __init__(self, service: GameService, client: discord.AutoShardedClient, clock: Callable[[], float],
                 name: str, beat_every: float = BEAT_EVERY, log_every: float = LOG_EVERY, lease: float = 30.0,
                 health_file: Path | None = None) -> None:
        self.service = service
        self.client = client
        self.clock = clock
        self.book = ProcessBook(service.database, clock, name, lease)
        self.beat_every = min(beat_every, self.book.lease / 3)
        self.log_every = log_every
        self._logged_at: float | None = None
        #: whether this process took its shards (its row is written), and gave them up since
        self.held = False
        self._given_up = False
        #: touched after each row written while the gateway answers: ``python -m bot health`` reads its age
        self.health_file = health_file

    async def hold(self) -> None:
        """Take this process's shards; :class:`ShardsTaken` (one line naming the other process) when a live
        process holds one of them or runs another shard count. Waits, saying so, for the lease of one that stopped
        renewing (killed without a word)."""
        client = self.client

        def waiting(row: ProcessRow, why: str) -> None:
            log.warning("process %s (shards %s of %s) holds shards this process needs, but has not renewed its hold "
                        "for %s: waiting up to %s for its lease to end (was it killed?); if it renews, this process "
                        "does not start", row.name, row.shards, row.shard_count or "?",
                        _ago(self.clock() - row.seen_at, EN), _ago(row.expires_at - row.seen_at, EN))

        await self.book.hold(client.shard_ids, client.shard_count, waiting=waiting)
        self.held = True

    async def beat(self) -> ProcessRow | None:
        """Renew the hold and write the row; every ``log_every`` seconds also log the report, one line per
        process. Returns the process that holds this one's shards too, if one does (the hold is given up). The
        health file says the beat went through with Discord connected (a latency measured) and the database
        writable."""
        client = self.client
        latency = _latency(client)
        other = await self.book.renew(client.shard_ids, client.shard_count, latency)
        if other is not None:
            return other
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
        return None

    async def run(self) -> None:
        """Renew until the bot stops, or until another process turns out to hold this one's shards: then give them
        up (the bot closes, as on SIGTERM, finishing the moves in hand)."""
        while await self.renew():
            await asyncio.sleep(self.beat_every)

    async def renew(self) -> bool:
        """One renewal (:meth:`beat`), now (the bot calls it once ready too, with its gateway latency); False once
        this process has given its shards up."""
        try:
            other = await self.beat()
        except Exception as exc:  # the database away for a moment: the next beat tries again
            log.warning("could not renew this process's hold on its shards: %s", _reason(exc))
            return True
        if other is None:
            return True
        if not self._given_up:  # (once: the loop's renewal and the one at ready may both find it)
            self._given_up = True
            message = gave_up_line(self.client.shard_ids, self.client.shard_count, other)
            log.error("%s", message)
            give_up = getattr(self.client, "give_up", None)
            if give_up is not None:
                await give_up(message)
        return False

    async def stopped(self) -> None:
        try:
            await self.book.stopped()
        except Exception as exc:
            log.warning("could not remove this process's heartbeat row: %s", _reason(exc))


def gave_up_line(shard_ids, shard_count, other: ProcessRow) -> str:
    mine = shards_label(shard_ids, shard_count)
    return (f"process {other.name} holds shards {other.shards} of {other.shard_count or '?'}, which clash with this "
            f"process's {mine} of {shard_count or '?'}: it took them while this process could not renew its hold "
            "(frozen, or cut off from the database, for longer than its lease); this process gives its shards up "
            "and stops")


def _reason(exc: BaseException) -> str:
    return getattr(exc, "message", None) or one_line(exc)


def _ago(seconds: float, tr: Speaker) -> str:
    seconds = max(0.0, seconds)
    return tr._("{n} s").format(n=round(seconds)) if seconds < 90 else names.span(seconds, tr)


def report_lines(report: ProcessReport, me: str | None = None, tr: Speaker | None = None) -> list[str]:
    """The report in words: the posts owed, then one line per process (``me``: the one answering)."""
    tr = tr or EN
    owed = report.owed
    if owed.count:
        lines = [tr.ngettext("{n} post owed, the oldest queued {ago} ago.", "{n} posts owed, the oldest queued {ago} ago.",
                             owed.count).format(n=owed.count, ago=_ago(report.now - (owed.oldest or report.now), tr))]
        if owed.failing and owed.last_failure is not None:
            game_id, why = owed.last_failure
            lines[0] += " " + tr.ngettext(
                "{n} of them failed and is tried again on every poll; the last failure: game #{game}, {why}",
                "{n} of them failed and are tried again on every poll; the last failure: game #{game}, {why}",
                owed.failing).format(n=owed.failing, game=game_id, why=why)
    else:
        lines = [tr._("No posts owed.")]
    if not report.processes:
        lines.append(tr._("No process has written its heartbeat yet."))
    for row, gone in report.processes:
        shards = tr._("shards {shards} of {count}").format(shards=row.shards, count=row.shard_count or "?")
        who = row.name + (" " + tr._("(this one)") if row.name == me else "")
        if row.gave_up is not None:
            lines.append(tr._("{who}: {shards}, gave its shards up {ago} ago: {other} held them too").format(
                who=who, shards=shards, ago=_ago(report.now - row.seen_at, tr), other=row.gave_up))
            continue
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
