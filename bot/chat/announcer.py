"""Posts the messages the service owes (its outbox), in order, and marks each one posted.

Every change queues its announcements in its own transaction, so posting them is all that is
left: after each command, and on start-up to heal a crash between "move stored" and "message
posted". One lock serialises the posting, so no announcement goes out twice from this process; of
several processes sharing one database, the one that claims a game posts its messages, in order
(:meth:`GameService.claim_posts`), and a dead process's claims pass to another when their lease ends
(the message nonce still stops a post that went out just before the death from going out twice).

Public announcements are built from the public view and public events only. Mr. X's prompt is
read from his private view when it is sent, and goes to his DMs (or, when his DMs are closed, the
channel is told to let him play with ephemeral replies instead).
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.games import get_family
from bot.games.family import MRX
from bot.i18n import reading, speaker
from bot.service import GameService, outbox
from bot.service.announcements import CLAIMED_AT_ONCE
from bot.service.events import PlayerReplaced, event_from_json
from bot.service.models import RUNNING, Announcement

from bot.chat import lobby, posts
from bot.chat.leases import Claimant, message_nonce, renewing
from bot.chat.notices import TurnNotices
from bot.chat.seals import add_key, seal_line, start_embed, with_line
from bot.chat.picture_jobs import Pictures, extension
from bot.chat.places import Places
from bot.chat.posts import clock_line
from bot.chat.presenters import presenter
from bot.chat.rematch import rematch_view
from bot.chat.takebacks import takeback_text, takeback_view
from bot.chat.turn_posts import TurnPosts
from bot.chat.web_links import mrx_link_line, mrx_page_url, page_url, with_link
from bot.chat.words import DMS_CLOSED, one_line

log = logging.getLogger(__name__)

#: claims one flush makes at most (a game queued again while it was posted is claimed again at once)
PASSES = 10


def pinging(user_ids) -> discord.AllowedMentions:
    """Mentions that notify only ``user_ids``: the others named in a message read as names, silently."""
    users = [discord.Object(u) for u in dict.fromkeys(user_ids) if u > 0]  # computers (< 0) have no inbox
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users or False)


def newly_owed(nxt) -> list[int]:
    """Whom a post hands the turn to: the people who owe a move now and did not before (older
    announcements, queued before the service said so, ping everyone who owes one)."""
    if not nxt:
        return []
    return list(nxt.get("ping", nxt.get("user_ids", ())))


def nonce(item: Announcement) -> str:
    """The message nonce of an announcement: Discord creates one message per nonce (``enforce_nonce``)
    within a few minutes, so a retry after a failed "posted" mark returns the first message."""
    return message_nonce("sy", f"{item.game_id}:{item.key}")


class Moved(Exception):
    """A post was refused in the game's thread for good: the game plays in its channel now (post it again)."""


class Announcer:
    def __init__(self, service: GameService, pictures: Pictures, client: discord.Client,
                 claimant: Claimant | None = None, notices: TurnNotices | None = None) -> None:
        self.service = service
        self.pictures = pictures
        #: where the posts go: channels, and Mr. X's DMs
        self.client = client
        #: this process, as its claims on games' posts name it
        self.claimant = claimant or Claimant.of_this_process()
        self._lock = asyncio.Lock()
        #: (game, user) already told at length that their DMs are closed
        self._told: set[tuple[int, int]] = set()
        #: announcements posted whose "posted" mark could not be written yet: id -> (channel, message)
        self._unmarked: dict[int, tuple[int, int]] = {}
        #: the games whose posts this process holds (claimed) while it posts them
        self._held: set[int] = set()
        #: the post whose buttons act now, one per game
        self.turns = TurnPosts(service, client)
        #: the channel, or the game's own thread
        self.places = Places(service, client)
        #: the DMs owed to people who asked to be told when a turn becomes theirs
        self.notices = notices or TurnNotices(service, client, self.claimant)

    async def flush(self, game_id: int | None = None) -> int:
        """Post everything pending (for one game, or all) that no other process is posting; returns how many
        were posted. Each game's messages go out in order, by the process that claimed the game."""
        posted = 0
        me = self.claimant
        async with self._lock:
            wanted = None if game_id is None else [game_id]
            stuck: set[int] = set()
            for _ in range(PASSES):
                try:
                    owed = await self.service.claim_posts(me.name, me.lease, wanted)
                except Exception as exc:  # the database is away: the next flush (or poll) tries again
                    log.warning("could not claim the posts owed (game %s): %s", game_id, exc)
                    break
                if not owed:
                    break
                self._held = {item.game_id for item in owed}
                claimed = sorted(self._held)
                released: set[int] = set()
                try:
                    async with renewing(self._renew, me.renew_every):
                        posted += await self._post_in_order(owed, stuck, released)
                finally:
                    self._held = set()
                    try:
                        again = await self.service.release_posts(me.name, claimed, released)
                    except Exception as exc:  # the claims expire by themselves
                        log.warning("could not release the posts of games %s: %s", claimed, exc)
                        again = []
                if game_id is None and len(claimed) >= CLAIMED_AT_ONCE:
                    wanted = None  # more games may owe posts: the next batch
                    continue
                # Owed all the same: queued while this process held the game, by one that left it to this one.
                wanted = [g for g in again if g not in stuck]
                if not wanted:
                    break
        return posted

    async def _count_failure(self, item: Announcement, exc: Exception) -> None:
        """Count the failed try where the owner's report sees it (it stays owed, and is tried again on every poll)."""
        try:
            await self.service.post_failed(item.id, one_line(exc))
        except Exception as again:  # the database is away: the log line above stands alone
            log.warning("could not count the failed post %s of game %s: %s", item.id, item.game_id, one_line(again))

    async def _renew(self) -> None:
        if self._held:
            kept = await self.service.renew_posts(self.claimant.name, self.claimant.lease, self._held)
            lost = self._held - set(kept)
            if lost:
                log.warning("the claims on the posts of games %s expired: another process posts them", sorted(lost))
                self._held -= lost

    async def _post_in_order(self, owed: list[Announcement], stuck: set[int], released: set[int]) -> int:
        """Post ``owed`` in order; a game's claim ends with the mark of its last post (``released``)."""
        posted = 0
        last = {item.game_id: item.id for item in owed}
        for item in owed:
            if item.game_id in stuck or item.game_id not in self._held:
                continue  # keep each game's messages in order: retry later (or the game is another's now)
            if item.id in self._unmarked:  # posted before; only the mark is missing
                channel_id, message_id = self._unmarked[item.id]
            else:
                try:
                    try:
                        channel_id, message_id = await self.post(item)
                    except Moved:  # the game left its thread for its channel: the post goes there now
                        channel_id, message_id = await self.post(item)
                except Exception as exc:
                    log.exception("could not post announcement %s (%s) of game %s", item.id, item.key,
                                  item.game_id)
                    stuck.add(item.game_id)
                    await self._count_failure(item, exc)
                    continue
                self._unmarked[item.id] = (channel_id, message_id)
            try:
                ending = last[item.game_id] == item.id
                await self.service.mark_posted(item.id, channel_id, message_id,
                                               release=(self.claimant.name, item.game_id) if ending else None)
                if ending:
                    released.add(item.game_id)
                    self._held.discard(item.game_id)  # nothing left to renew
            except Exception:
                # Posted, but the database would not take the mark (read-only disk, say): remember it
                # here, and the message nonce stops a post twice after a restart as well.
                log.exception("posted announcement %s of game %s but could not mark it", item.id, item.game_id)
                stuck.add(item.game_id)
                continue
            del self._unmarked[item.id]
            posted += 1
        return posted

    async def post(self, item: Announcement) -> tuple[int, int]:
        """Send one announcement; returns (channel id, message id) it went to (0, 0: nothing was due)."""
        if item.private:
            return await self._mrx_prompt(item)
        kind = item.kind
        if kind == outbox.GAME_CANCELLED:  # (a lobby's: no view)
            game, view = await self.service.get_game(item.game_id), None
        else:
            game, view = await self.service.game_and_view(item.game_id)
        family = get_family(game.family)
        words = presenter(family)
        tr = speaker(game.language, game.board)  # public posts speak the game's language, in its board's words
        place = await self.places.of(game)
        payload = item.payload
        if kind == outbox.GAME_CANCELLED:
            message = await self._send(game, place, words.cancelled_text(payload, tr), allowed_mentions=pinging(()),
                                       nonce=nonce(item))
            await self.turns.passed(item.game_id, place, message.id, live=False)
            return place, message.id
        if kind in outbox.CLOCK:  # a line of the turn's clock: the live turn post keeps its buttons
            message = await self._send(game, place, clock_line(kind, payload, view, tr), allowed_mentions=pinging(()),
                                       nonce=nonce(item))
            return place, message.id
        players = await self.service.players(item.game_id)
        owners = words.owners_of(players)
        events = [event_from_json(e, family) for e in payload.get("events", ())]
        files: list[discord.File] = []
        embeds: list[discord.Embed] = []
        ping: list[int] = []
        buttons = None
        #: the final post's Rematch button (not a turn's: nothing passes it)
        finished = None
        #: the post's call to act, for a rewrite of the post to replace (bot.chat.turn_posts)
        call = words.next_up_line(payload.get("next"), view, owners, tr) or None
        if kind == outbox.GAME_STARTED:
            payload = {**payload, "mrx_reach": await self._prompt_first(item.game_id)}
            content = words.game_started_text(payload, view, players, tr)
            embeds += [e for e in (start_embed(payload, game.key_commitment, tr),) if e is not None]
            ping = words.started_ping(payload)
            buttons = words.turn_buttons(item.game_id, view, payload.get("next"), tr)
            png = await self.pictures.board(view, language=game.language)
            if png:
                files.append(discord.File(io.BytesIO(png), "board.png"))
        elif kind == outbox.ACTION:
            content = with_line(words.action_text(payload, events, view, owners, tr), seal_line(payload), under_mrx=True)
            ping = newly_owed(payload.get("next"))
            if not any(family.ends_round(e) is not None for e in events):  # else the summary calls the next
                buttons = words.turn_buttons(item.game_id, view, payload.get("next"), tr)
            if not [u for u in ping if u > 0] and words.rewrites_turn_post(events):
                # The same person acts on (a roll): their post changes, the channel gets no new one.
                rewritten = await self.turns.rewrite(item.game_id, content, buttons, call)
                if rewritten is not None:
                    return rewritten
        elif kind == outbox.ROUND_SUMMARY:
            round_ = payload.get("round", view.round)
            content = None
            current = (view.outcome is None and view.round == round_ + 1
                       and not any(r.get("round") == view.round for r in view.history))
            if current:  # the summary hands over the next round: it calls whoever acts first, last in the post
                nxt = {"round": view.round, "pawns": list(view.to_move),
                       "user_ids": list(dict.fromkeys(u for p in view.to_move for u in owners.get(p, ())))}
                content = call = words.next_up_line(nxt, view, owners, tr) or None
                ping = nxt["user_ids"]
                buttons = words.turn_buttons(item.game_id, view, nxt, tr)
            else:  # posted late (after a restart, say): the summary still shows the board of its own round
                view = await self.service.public_view(item.game_id, after_round=round_)
            tracker = (await self.service.settings(item.game_id)).tracker
            png = await self.pictures.board(view, tracker=tracker, language=game.language)
            name = "board.png" if png else None
            if png:
                files.append(discord.File(io.BytesIO(png), "board.png"))
            zoom = (await self.pictures.zoom(view, tracker=tracker, language=game.language)
                    if view.outcome is None else None)
            if zoom:  # the close-up a phone can read; the whole board stays in the embed
                files.append(discord.File(io.BytesIO(zoom), "close-up.png"))
            if words.LOG_PICTURES:  # a family whose log is a picture of its own
                log_png = await self.pictures.logbook(view, language=game.language)
                if log_png:
                    files.append(discord.File(io.BytesIO(log_png), "log.png"))
            # The round in a few lines, the call to act last (the mention reads where the eye ends); the board
            # below, in an embed of its own, so that the close-up and the board do not share a row.
            content = with_line(words.round_summary_text(view, round_, tr), content)
            if name:
                embeds.append(posts.picture_embed(name))
        elif kind == outbox.GAME_OVER:
            content = None  # the result leads; the key follows it, in a field (bot.chat.seals)
            png = await self.pictures.route(view, language=game.language)
            name = "route.png" if png else None
            if png:
                files.append(discord.File(io.BytesIO(png), name))
            embeds.append(words.game_over_embed(view, players, name, tr))
            add_key(embeds[0], payload.get("key"), tr)
            replay = await self.pictures.replay(await self.service.record(item.game_id), language=game.language)
            if replay:
                files.append(discord.File(io.BytesIO(replay), f"replay.{extension(replay)}"))
            finished = rematch_view(item.game_id, tr)  # the table plays again
        elif kind == outbox.TAKEBACK:
            content = takeback_text(payload, view, tr)
            if payload.get("state") != "accepted":  # asked (the other side's buttons), or refused: the turn post
                # before stays the live one, so the next pawn may move on (which lets the question lapse)
                asked = payload.get("state") == "asked"
                extra = {"view": takeback_view(item.game_id, int(payload["seq"]), tr)} if asked else {}
                message = await self._send(game, place, content, nonce=nonce(item), **extra,
                                           allowed_mentions=pinging(payload.get("deciders", ()) if asked else ()))
                return place, message.id
            content = with_line(content, seal_line(payload))  # Mr. X's: the withdrawal's link of the seal chain
            if call:  # taken back: who moves now
                content = f"{content}\n{call}"
            ping = newly_owed(payload.get("next"))
            buttons = words.turn_buttons(item.game_id, view, payload.get("next"), tr)
        elif kind == outbox.PLAYERS_CHANGED:
            content = words.players_changed_text(payload, events, view, owners, tr)
            ping = newly_owed(payload.get("next")) + [e.new_user_id for e in events if isinstance(e, PlayerReplaced)]
            buttons = words.turn_buttons(item.game_id, view, payload.get("next"), tr)
        else:
            log.warning("unknown announcement kind %r (game %s): skipped", kind, item.game_id)
            return 0, 0
        live = buttons is not None
        shown = buttons or finished
        if kind in (outbox.GAME_STARTED, outbox.ROUND_SUMMARY, outbox.GAME_OVER):  # the game's page (SY_WEB_URL)
            shown = with_link(shown, await page_url(self.client, self.service, item.game_id), tr)
        extra = {"view": shown} if shown is not None else {}
        # Named all the same, pinged only if they want the channel's mention and are not inside their quiet hours.
        message = await self._send(game, place, content, embeds=embeds, files=files,
                                   allowed_mentions=pinging(await self.service.audible(ping)), nonce=nonce(item),
                                   **extra)
        await self.turns.passed(item.game_id, place, message.id, live=live, call=call)
        await self._notices(game, item, view, players, place, message.id, ping)
        if kind == outbox.GAME_OVER:
            await self.places.result_in_channel(game, place, embeds[0].title or "", embeds[0].description or "")
        if kind in (outbox.GAME_STARTED, outbox.GAME_OVER):  # the lobby's card points to the game's start, its end
            await self.service.record_message(item.game_id, lobby.START_POST if kind == outbox.GAME_STARTED
                                              else lobby.RESULT_POST, place, message.id)
            await lobby.show(self.service, self.client, await self.service.get_game(item.game_id))
        return place, message.id

    async def _notices(self, game, item: Announcement, view, players, place: int, message_id: int,
                       ping: list[int]) -> None:
        """The DMs a post that hands the turn over owes those who asked for them (Mr. X's own turn is his prompt)."""
        family = get_family(game.family)
        if tuple(view.to_move) == (family.secret_pawn,):
            ping = [u for u in ping if not any(family.secret_pawn in p.pawns and p.user_id == u for p in players)]
        if not ping or view.outcome is not None:
            return
        try:
            await self.notices.owed(game.id, item.key, game.turn, place, message_id, ping)
        except Exception:  # the post stands; the notices' poll tries again
            log.exception("could not send the turn notices of %s (game %s)", item.key, game.id)

    async def _prompt_first(self, game_id: int) -> str | None:
        """Send Mr. X's first prompt before the start post, so that it can say how his choices reach him:
        "dm", "closed" (his DMs are shut: the start post tells him what to do), or None (no prompt owed)."""
        for item in await self.service.pending_announcements(game_id):
            if item.kind != outbox.MRX_PROMPT:
                continue
            if item.id in self._unmarked:  # sent already, for a start post made again (in the channel, say)
                sent = self._unmarked[item.id]
                return "dm" if sent != (0, 0) else "closed" if (game_id, item.recipient_id) in self._told else None
            game = await self.service.get_game(game_id)
            sent = await self._send_prompt(item, game)
            if sent is None:
                self._told.add((game_id, item.recipient_id))
                self._unmarked[item.id] = (0, 0)  # the start post carries what the prompt could not
                return "closed"
            self._unmarked[item.id] = sent
            return "dm" if sent != (0, 0) else None
        return None

    async def _mrx_prompt(self, item: Announcement) -> tuple[int, int]:
        game = await self.service.get_game(item.game_id)
        sent = await self._send_prompt(item, game)
        if sent is not None:
            return sent
        words = presenter(get_family(game.family))
        place = await self.places.of(game)
        who = words.mention(item.recipient_id)
        public = speaker(game.language, game.board)  # the channel reads this
        if (game.id, item.recipient_id) in self._told:
            note = public._("🎩 {who}, your turn as Mr. X (round {round}). My DMs can't reach you: use "
                            "`/sy move` here, my answers to you stay private.").format(who=who, round=game.round)
        else:
            self._told.add((game.id, item.recipient_id))
            note = public._(DMS_CLOSED).format(who=who)
        message = await self._send(game, place, note, allowed_mentions=pinging([item.recipient_id]), nonce=nonce(item))
        return place, message.id

    async def _send(self, game, place: int, *args, **kwargs) -> discord.Message:
        """Send to the game's channel or thread; a thread Discord refuses for good sends the game to its channel
        (:meth:`Places.refused`) and raises :class:`Moved`, for the post to be made again there at once."""
        try:
            return await self.client.get_partial_messageable(place).send(*args, **kwargs)
        except discord.HTTPException as exc:
            if await self.places.refused(game, place, exc):
                raise Moved(game.id) from exc
            raise

    async def _send_prompt(self, item: Announcement, game) -> tuple[int, int] | None:
        """Mr. X's prompt by DM: where it went ((0, 0): it was no longer due), or None when his DMs are shut."""
        due = game.status == RUNNING and game.round == item.payload.get("round") and game.to_move == (MRX,)
        if not due or item.recipient_id is None:
            return 0, 0  # he has moved already (e.g. with /sy move before this was sent)
        mview = await self.service.mrx_view(item.game_id, item.recipient_id)
        words = presenter(get_family(game.family))
        tr = speaker(await self.service.user_language(item.recipient_id) or game.language, game.board)  # his own language
        place = await self.places.of(game)
        text = words.mrx_prompt_text(game, mview, f"<#{place}>", tr)
        # his own page: his station and where each ticket takes him (bot.web)
        text += mrx_link_line(await mrx_page_url(self.client, self.service, game.id, item.recipient_id), tr)
        files = await self.pictures.mrx_files(mview, language=tr.language)  # his close-up, his board (an embed)
        if words.LOG_PICTURES:
            log_png = await self.pictures.logbook(mview.public, language=tr.language)
            files += [discord.File(io.BytesIO(log_png), "log.png")] if log_png else []
        try:
            user = self.client.get_user(item.recipient_id) or await self.client.fetch_user(item.recipient_id)
            with reading(tr.language):  # his menu speaks his language
                menu = words.mrx_menu(game.id, mview)
            # inside his quiet hours the prompt comes without a sound
            quiet = bool(await self.service.quiet_now([item.recipient_id]))
            message = await user.send(text, files=files, embeds=self.pictures.mrx_embeds(files), view=menu,
                                      nonce=nonce(item), silent=quiet)
        except discord.Forbidden:
            return None
        await self.service.record_message(game.id, "mrx_prompt", message.channel.id, message.id)
        return message.channel.id, message.id
