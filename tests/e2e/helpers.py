"""Driving whole games through the fake Discord, and checking what the bot said on the way."""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import random
import re
from collections import OrderedDict
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from bot.chat.client import ScotlandYardBot
from bot.chat.picture_jobs import Pictures
from bot.games.dice.engine import DiceMrXView, DicePublicView
from bot.games.dice.engine.board import DiceBoard
from bot.games.london.engine.board import Board
from bot.games.london.engine import MRX, DoubleMove, GameState, Move, MrXView, PublicView
from bot.games.london.engine.players import GreedyPlayer, RandomPlayer, view_for
from bot.service import GameService, rebuild
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.service.helpers import nonces

WIDTH = 480  # small pictures keep the suite fast
#: seconds a test waits for the bot to finish what it is handling before it fails: a passing test never waits
#: this out, and a machine busy with other work can make one interaction take many seconds
PATIENCE = 120.0


class Clock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


PUBLIC_VIEWS = (PublicView, DicePublicView)
PRIVATE_VIEWS = (MrXView, DiceMrXView)


def seeded_dealing() -> dict[str, Any]:
    """What an e2e table's service deals from besides its database: seeded nonces and one start input (a bot's
    are the OS's randomness and the start's interaction id, which the fake makes from the clock), so the same test
    deals the same games, run after run, on either backend."""
    return {"rng": random.Random(5), "secret": "e2e-secret", "nonces": nonces(5),
            "start_inputs": lambda key: "e2e-start"}


class _ViewKey(pickle.Pickler):
    """Pickles what a picture is drawn from, a board by what it is made of (a board's fields, a dice board's tiles
    and their placements: the same bytes in every process, whatever the board has worked out and kept since)."""

    boards: dict[int, tuple[object, bytes]] = {}  # id -> the board (kept alive: no other takes its id) and its make

    def reducer_override(self, obj):
        if isinstance(obj, (Board, DiceBoard)):
            kept = self.boards.get(id(obj))
            if kept is None:
                made_of = (tuple(getattr(obj, f.name) for f in fields(obj)) if isinstance(obj, Board)
                           else (obj.tileset, obj.placements))
                buffer = io.BytesIO()
                _BoardMake(buffer, protocol=_PROTOCOL).dump((type(obj).__name__, made_of))
                kept = self.boards[id(obj)] = obj, buffer.getvalue()
            return _board, (kept[1],)
        return NotImplemented


class _BoardMake(pickle._Pickler):
    """Pickles what a board is made of, once a process: the pure-Python pickler asks reducer_override about sets
    too (the C one does not), so a set of words, which iterates in the order this process hashes words in, is
    pickled in order (a station's transports)."""

    def reducer_override(self, obj):
        if isinstance(obj, (set, frozenset)):
            return _set, (type(obj).__name__, sorted(obj, key=repr))
        return NotImplemented


_PROTOCOL = pickle.HIGHEST_PROTOCOL


def _set(kind: str, members: list):  # pragma: no cover  (as _board)
    raise NotImplementedError


def _board(made_of: bytes):  # pragma: no cover  (named by the keys, never called: they are not unpickled)
    raise NotImplementedError


class Drawn:
    """The pictures drawn, by a digest of what they were drawn from: a drawing is a function of its view (or
    record) and options alone, so the same game played again in another test gets the same bytes without drawing
    them again (most e2e tests replay a few seeded games). At most ``limit`` bytes kept in this process; with a
    ``folder`` (the -n workers of one run share one), each drawing is also a file there, named by its digest,
    for the other workers."""

    def __init__(self, limit: int = 200_000_000) -> None:
        self.limit = limit
        self.size = 0
        self.folder: Path | None = None
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._functions: dict[int, object] = {}

    def key(self, function, args, kwargs) -> str:
        """A digest of the drawing function and the pickle of everything it is given (a pickle holds a view's every
        field: two views that could draw differently pickle differently)."""
        buffer = io.BytesIO()
        buffer.write(f"{self._named(function)}\0".encode())
        _ViewKey(buffer, protocol=_PROTOCOL).dump((args, sorted(kwargs.items())))
        return hashlib.sha256(buffer.getbuffer()).hexdigest()

    def _named(self, function) -> str:
        """The function by its module, name and the place of its code (a stand-in a test puts in its place, even
        one that takes its name, has code of its own); one without code by this process's object only."""
        code = getattr(function, "__code__", None)
        if code is not None:
            return f"{function.__module__}.{function.__qualname__} {code.co_filename}:{code.co_firstlineno}"
        self._functions.setdefault(id(function), function)  # kept alive: no other takes its id
        return f"process {os.getpid()} object {id(function)}"

    def get(self, key: str) -> bytes | None:
        data = self._kept.get(key)
        if data is not None:
            self._kept.move_to_end(key)
        elif self.folder is not None:
            try:
                data = (self.folder / key).read_bytes()
            except FileNotFoundError:
                return None
            self._keep(key, data)
        return data

    def put(self, key: str, data: bytes) -> None:
        self._keep(key, data)
        if self.folder is not None:  # whole or not at all: written aside, then renamed
            aside = self.folder / f"{key}.{os.getpid()}"
            aside.write_bytes(data)
            os.replace(aside, self.folder / key)

    def _keep(self, key: str, data: bytes) -> None:
        self._kept[key] = data
        self.size += len(data)
        while self.size > self.limit:
            _, dropped = self._kept.popitem(last=False)
            self.size -= len(dropped)


DRAWN = Drawn()


class RecordingPictures(Pictures):
    """Real pictures, remembered by their bytes with the kind of view they were drawn from.

    A picture drawn before in this process, from an equal view with the same options, is not drawn again
    (:data:`DRAWN`): the e2e tests check what the bot attaches and to whom; the drawing itself is tested
    in tests/games/*/pictures."""

    def __init__(self) -> None:
        super().__init__(width=WIDTH)
        self.public: set[bytes] = set()
        self.private: set[bytes] = set()
        self.kinds: list[str] = []

    async def _draw(self, function, *args, **kwargs):
        key = DRAWN.key(function, args, kwargs)
        data = DRAWN.get(key)
        if data is None:
            data = await super()._draw(function, *args, **kwargs)
            if data is not None:  # a drawing that failed is tried again
                DRAWN.put(key, data)
        return data

    async def board(self, view, tracker=False, language="en"):
        assert type(view) in PUBLIC_VIEWS
        return self._keep(await super().board(view, tracker, language), "board", public=True)

    async def zoom(self, view, tracker=True, language="en"):
        assert type(view) in PUBLIC_VIEWS
        return self._keep(await super().zoom(view, tracker, language), "zoom", public=True)

    async def route(self, view, language="en"):
        assert type(view) in PUBLIC_VIEWS and view.outcome is not None
        return self._keep(await super().route(view, language), "route", public=True)

    async def logbook(self, view, language="en"):
        assert type(view) in PUBLIC_VIEWS
        return self._keep(await super().logbook(view, language), "logbook", public=True)

    async def replay(self, record, language="en"):
        assert record.get("outcome")
        return self._keep(await super().replay(record, language), "replay", public=True)

    async def mrx_board(self, view, language="en"):
        assert type(view) in PRIVATE_VIEWS
        return self._keep(await super().mrx_board(view, language), "mrx_board", public=False)

    async def mrx_zoom(self, view, language="en"):
        assert type(view) in PRIVATE_VIEWS
        return self._keep(await super().mrx_zoom(view, language), "mrx_zoom", public=False)

    def _keep(self, data, kind: str, public: bool):
        if data:
            (self.public if public else self.private).add(bytes(data))
            self.kinds.append(kind)
        return data


class World:
    def __init__(self, fake: FakeDiscord, shard: tuple[int, int] | None = None) -> None:
        """``shard``: (shard id, shard count) whose process gets the server's events."""
        self.fake = fake
        self.guild = fake.add_guild("Baker Street", shard=shard)
        self.channel = fake.add_channel(self.guild, "scotland-yard")
        self.other = fake.add_channel(self.guild, "general")
        self.alice = fake.add_user("alice")
        self.bob = fake.add_user("bob")
        self.carol = fake.add_user("carol")
        self.dave = fake.add_user("dave")
        self.mod = fake.add_user("mod")
        for user in (self.alice, self.bob, self.carol, self.dave):
            fake.add_member(self.guild, user)
        fake.add_member(self.guild, self.mod, manage_channels=True)


@dataclass
class Seen:
    """What Mr. X's true station was when a message was checked."""

    checked: int = 0
    problems: list[str] = field(default_factory=list)


class Replay:
    """The test's own replay of one game from its stored actions (the whole game, hidden station included), kept
    from one look to the next for the play loops: a look plays only the actions stored since the last, when the
    actions that stand are the ones it played and more; otherwise (a take-back withdrew one) it deals the game again
    and plays them all, as :meth:`GameService.rebuild_state` does. A look returns the state the next look plays on:
    for a loop that is done with a state when it looks again (a replay from the start at every move costs the square
    of a game's length)."""

    def __init__(self, service: GameService, game_id: int) -> None:
        self.service, self.game_id = service, game_id
        self.family = None
        self.state: Any = None
        self.played: list[Any] = []  # the stored actions (JSON) played on ``state``, in order

    async def look(self) -> Any:
        session = self.service.database.reads
        actions = rebuild.standing(await session.actions.numbered(self.game_id))
        if self.state is None or actions[:len(self.played)] != self.played:
            self.family, self.state = await rebuild.dealt(session, self.game_id)
            self.played = []
        try:
            for action in actions[len(self.played):]:
                self.state.apply(self.family.action_from_json(action))
                self.played.append(action)
        except Exception:
            self.state = None  # an action refused midway: the next look starts again, as a replay would
            raise
        return self.state


class Game:
    """One game in the world's channel, driven through slash commands, buttons and menus."""

    def __init__(self, fake: FakeDiscord, world: World, service: GameService, clock: Clock,
                 pictures: RecordingPictures) -> None:
        self.fake, self.world, self.service, self.clock, self.pictures = fake, world, service, clock, pictures
        self.bot: ScotlandYardBot | None = None
        self.runner = None
        self.game_id: int | None = None
        self.mrx_user: FakeUser | None = None
        self.seen = Seen()
        self.rng = random.Random(11)
        self.turns = 0
        self.detective_turns = 0

    # -- the bot ---------------------------------------------------------------------------------

    def make_bot(self) -> ScotlandYardBot:
        return ScotlandYardBot(self.service, pictures=self.pictures, clock=self.clock, reminder_interval=None)

    async def start_bot(self) -> None:
        self.bot = self.make_bot()
        self.runner = await self.fake.start_bot(self.bot)

    async def stop_bot(self) -> None:
        if self.runner is not None:
            await self.runner.stop()
            self.runner = None

    async def restart(self) -> None:
        await self.stop_bot()
        await self.start_bot()
        await self.settle()

    async def settle(self) -> None:
        """Let the bot post everything it owes."""
        assert self.bot is not None
        # Generous: the move that ends a game draws the route and the replay inside its interaction, which
        # takes many seconds on a machine busy with other work; a hang still fails.
        await self.bot.handled(timeout=PATIENCE)
        await self.bot.announcer.flush()

    # -- talking to the bot ----------------------------------------------------------------------

    async def slash(self, user, sub: str, options: dict | None = None, channel: Any = None, **kw):
        """``/sy sub``, or ``/sy-host sub`` when ``sub`` is ``"sy-host sub"`` (another top-level command)."""
        channel = self.world.channel if channel is None else channel
        command, sub = sub.split(" ", 1) if sub.startswith("sy-") else ("sy", sub)
        handle = await self.fake.slash(user, channel, command, sub, options or {}, **kw)
        await handle.wait_outcome(timeout=5)  # an answer, or a silent one (the channel's post answers)
        await self.settle()
        return handle

    async def reply(self, user, sub: str, options: dict | None = None, channel: Any = None) -> FakeMessage:
        handle = await self.slash(user, sub, options, channel)
        return await handle.wait_reply(timeout=5)

    async def click(self, user, message: FakeMessage, custom_id: str):
        handle = await self.fake.click(user, message, custom_id)
        await handle.wait_reply(timeout=5)
        await self.settle()
        return handle

    async def select(self, user, message: FakeMessage, custom_id: str, values: list[str]):
        handle = await self.fake.select(user, message, custom_id, values)
        await handle.wait_reply(timeout=5)
        await self.settle()
        return handle

    async def choices(self, user, channel, options: dict, focused: str, value: str = "") -> list[dict]:
        """Autocomplete choices (an empty list when nothing is offered)."""
        return await self.fake.autocomplete(user, channel, "sy", "move", options, focused=focused, value=value)

    # -- setting up ------------------------------------------------------------------------------

    async def open(self, rules: str = "classic", seed: int = 3, mrx: FakeUser | None = None,
                   detectives: tuple = (), thread: bool | None = None) -> FakeMessage:
        """``/sy new`` by Alice (``thread``: in a thread of its own), then joins by button (Mr. X) and by
        command (detectives)."""
        w = self.world
        options: dict[str, Any] = {"rules": rules, "seed": seed}
        if thread is not None:
            options["thread"] = thread
        lobby = await self.reply(w.alice, "new", options)
        info = await self.service.game_in_channel(w.channel.id)
        assert info is not None
        self.game_id = info.id
        if mrx is not None and mrx is not w.alice:
            await self.click(mrx, lobby, f"sy:lobby:{self.game_id}:join_x")
        elif mrx is w.alice:
            await self.slash(w.alice, "join", {"role": "mrx"})
        for user in detectives:
            if user is not w.alice:
                await self.slash(user, "join", {"role": "detective"})
        self.mrx_user = mrx
        return lobby

    async def start(self) -> None:
        await self.slash(self.world.alice, "start")
        players = await self.service.players(self.game_id)
        mrx_id = next(p.user_id for p in players if p.role == "mrx")
        self.mrx_user = next(u for u in (self.world.alice, self.world.bob, self.world.carol, self.world.dave)
                             if u.id == mrx_id)
        self.check_secrecy(await self.truth())

    async def truth(self) -> GameState:
        """The whole game, hidden station included (for the test's eyes only)."""
        return await self.service.rebuild_state(self.game_id)

    async def owner(self, pawn: str) -> FakeUser:
        players = await self.service.players(self.game_id)
        uid = next(p.user_id for p in players if pawn in p.pawns)
        return next(u for u in (self.world.alice, self.world.bob, self.world.carol, self.world.dave) if u.id == uid)

    # -- playing ---------------------------------------------------------------------------------

    def prompt(self) -> FakeMessage:
        """Mr. X's latest DM menu."""
        dms = [m for m in self.fake.dm_messages(self.mrx_user) if any(c.startswith("sy:x") for c in m.custom_ids)]
        assert dms, "no DM menu for Mr. X"
        return dms[-1]

    async def mrx_moves(self, action, how: str) -> None:
        """Mr. X plays ``action`` by the DM ``menu``, by ``/sy move`` in DM (``dm``) or in the channel."""
        first = action.first if isinstance(action, DoubleMove) else action
        second = action.second if isinstance(action, DoubleMove) else None
        user = self.mrx_user
        if how == "menu":
            menu = self.prompt()
            info = await self.service.get_game(self.game_id)
            base = f"{self.game_id}:{info.round}"
            await self.select(user, menu, f"sy:xto:{base}", [str(first.to)])
            if second is None:
                await self.click(user, menu, f"sy:xgo:{base}:{first.to}:{first.ticket}")
            else:
                await self.click(user, menu, f"sy:xdbl:{base}:{first.to}:{first.ticket}")
                await self.select(user, menu, f"sy:xto:{base}:{first.to}:{first.ticket}", [str(second.to)])
                await self.click(user, menu, f"sy:xgo:{base}:{first.to}:{first.ticket}:"
                                             f"{second.to}:{second.ticket}")
            assert menu.content.startswith("✅"), menu.content
        else:
            options: dict[str, Any] = {"to": first.to, "ticket": first.ticket}
            if second is not None:
                options.update(then_to=second.to, then_ticket=second.ticket)
            channel = "dm" if how == "dm" else None
            answer = await self.reply(user, "move", options, channel)
            assert answer.kind == "ephemeral" and answer.text.startswith("✅"), answer.text

    async def detective_moves(self, move: Move, how: str = "command") -> None:
        """A detective's move, by ``/sy move`` or by the **Move** button's menu; either way the player
        gets no private echo: the channel's post is the answer."""
        user = await self.owner(move.pawn)
        if how == "menu":
            await self.move_by_menu(user, move)
            return
        handle = await self.fake.slash(user, self.world.channel, "sy", "move",
                                       {"to": move.to, "ticket": move.ticket, "pawn": move.pawn})
        answer = await handle.wait_outcome(timeout=5)
        assert answer is None, f"a private echo of a detective's move: {answer.text}"
        await self.settle()

    def table_messages(self) -> list[FakeMessage]:
        """The public messages of the game's channel and of its threads, in order."""
        places = {self.world.channel.id, *(t.id for t in self.fake.threads(self.world.channel))}
        return [m for m in self.fake.messages if m.channel.id in places and m.kind == "channel" and not m.deleted]

    def move_post(self) -> FakeMessage:
        """The latest post with the **Move** button (in the channel, or the game's thread)."""
        posts = [m for m in self.table_messages()
                 if any(c.startswith("sy:dmove:") for c in m.custom_ids)]
        assert posts, "no post with a Move button"
        return posts[-1]

    async def move_by_menu(self, user, move: Move) -> None:
        """Press **Move** under the latest turn post, pick the pawn (if asked), the station, the ticket."""
        handle = await self.fake.click(user, self.move_post(), f"sy:dmove:{self.game_id}")
        menu = await handle.wait_reply(timeout=5)
        await self.settle()
        assert menu.kind == "ephemeral" and menu.recipient is user, menu.text
        base = f"{self.game_id}:{(await self.service.get_game(self.game_id)).round}"
        if f"sy:dpawn:{base}" in menu.custom_ids:
            await self.select(user, menu, f"sy:dpawn:{base}", [move.pawn])
        select = next(c for c in menu.custom_ids if c.startswith(f"sy:dto:{base}:{move.pawn}:")
                      and any(o["value"] == str(move.to) for o in menu.find_component(c)["options"]))
        handle = await self.fake.select(user, menu, select, [str(move.to)])
        await self.fake.wait_until(lambda: menu.deleted or menu.edited and "which ticket" in menu.content, timeout=5)
        await self.settle()
        if not menu.deleted:
            go = f"sy:dgo:{base}:{move.pawn}:{move.to}:{move.ticket}"
            handle = await self.fake.click(user, menu, go)
            assert await handle.wait_outcome(timeout=5) is None
            await self.settle()
        assert menu.deleted, "the menu stays after the move"

    async def play(self, mrx: str = "greedy", detectives: str = "greedy", max_actions: int = 400,
                   ways: tuple[str, ...] = ("menu", "dm", "channel"), until=None,
                   detective_ways: tuple[str, ...] = ("command",)) -> GameState:
        """Play with the engine's built-in players, choosing from the true state, to the end (or
        until ``until(state)`` is true before a move)."""
        players = {"greedy": GreedyPlayer, "random": RandomPlayer}
        mrx_player, det_player = players[mrx](self.rng), players[detectives](self.rng)
        replay = Replay(self.service, self.game_id)
        state = await replay.look()
        for _ in range(max_actions):
            if state.is_over or (until is not None and until(state)):
                return state
            pawn = next(p for p in state.to_move() if state.legal_moves(p))
            if pawn == MRX:
                action = mrx_player.choose(view_for(state, MRX), MRX)
                await self.mrx_moves(action, ways[self.turns % len(ways)])
                self.turns += 1
            else:
                await self.detective_moves(det_player.choose(view_for(state, pawn), pawn), detective_ways[
                    self.detective_turns % len(detective_ways)])
                self.detective_turns += 1
            state = await replay.look()  # checked now, and the state the next move is chosen from
            self.check_secrecy(state)
        raise AssertionError("the game did not end")

    # -- checks ----------------------------------------------------------------------------------

    def for_mrx(self, message: FakeMessage) -> bool:
        if self.mrx_user is None:
            return False
        if message.kind == "dm":
            return message.channel is self.fake.dm_channel(self.mrx_user)
        if message.kind == "ephemeral":
            return message.recipient is self.mrx_user
        return False

    def check_secrecy(self, state: GameState) -> None:
        """No message that anyone but Mr. X can read names his hidden station, in words, components
        or pictures; public pictures were drawn from public views."""
        shown = state.is_over or (bool(state.logbook) and state.logbook[-1].shown)
        hidden = None if shown else state.mrx_station
        if hidden is not None and hidden in {e.station for e in state.logbook if e.shown}:
            hidden = None  # back on a station he was seen at: the logbook names it, as public history
        bot_id = self.fake.bot_user.id
        for message in self.fake.messages[self.seen.checked:]:
            if message.author is None or message.author.id != bot_id or self.for_mrx(message):
                continue
            for name, data in message.files.items():
                assert data not in self.pictures.private, f"Mr. X's board in a public message: {name}"
                assert data in self.pictures.public, f"a picture not drawn from a public view: {name}"
            if hidden is None:
                continue
            problems = secrecy_problems(message, hidden, frozenset(state.public_view().possible))
            assert not problems, (f"message {message.id} ({message.kind}) names Mr. X's station {hidden}: "
                                  f"{problems}\n{message.text}")
        self.seen.checked = len(self.fake.messages)


def pinged(fake: FakeDiscord, message: FakeMessage) -> set[int]:
    """Whom ``message`` notified when it was posted. Discord notifies on a message's creation only;
    the fake's ``FakeMessage.pinged`` reads the message's last payload, which an edit (a turn post
    losing its buttons) replaces, so an edited post is judged by the request that created it."""
    if not message.history:
        return message.pinged
    nonce = next((n for (_, n), (m, _) in fake.nonces.items() if m is message), None)
    sent = next((r.json for r in fake.requests if nonce is not None and r.method == "POST"
                 and r.path == f"/channels/{message.channel.id}/messages" and (r.json or {}).get("nonce") == nonce),
                None)
    if sent is None:
        return set()
    named = {int(u) for u in re.findall(r"<@!?(\d+)>", message.history[0]["content"] or "")}
    allowed = sent.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or ()):
        return named
    return named & {int(u) for u in allowed.get("users") or ()}


def summary_title(message: FakeMessage) -> str | None:
    """The heading of a round's summary as a reader reads it (``📋 Round 3 is over``), or None for another post."""
    heading = next((line for line in (message.content or "").splitlines() if line.startswith("📋")), None)
    return heading.replace("**", "") if heading else None


def labels_ever(message: FakeMessage) -> list[str]:
    """The labels of every button the message carried, before any edit took them off too."""
    found = []
    for snapshot in [message.snapshot(), *message.history]:
        for row in snapshot.get("components") or ():
            found += [c.get("label") or "" for c in row.get("components", ()) if c.get("type") == 2]
    return found


#: a detective's own menu: the stations and tickets their pawn can ride to, the same wherever Mr. X hides
#: (he blocks nobody), so one of them may be his station
DETECTIVE_MENU = ("sy:dto:", "sy:dgo:")


def component_texts(message: FakeMessage) -> list[str]:
    texts = []
    for c in message.walk_components():
        if str(c.get("custom_id", "")).startswith(DETECTIVE_MENU):
            continue
        for k in ("custom_id", "label", "placeholder"):
            if c.get(k):
                texts.append(str(c[k]))
        for option in c.get("options", ()) or ():
            texts.extend(str(option.get(k, "")) for k in ("label", "value", "description"))
    return texts


#: how a round's summary begins the line of the stations where Mr. X may be, or must be (tests/e2e/test_round_text.py
#: checks they are exactly the public ones as the round ended)
MAY_BE_AT = ("❓ He may be at ", "❗ He must be at ", "❓ Er kann auf ", "❗ Er muss auf ")


def secrecy_problems(message: FakeMessage, hidden: int, possible: frozenset[int] = frozenset()) -> list[str]:
    """Where ``hidden`` appears as a station: in bold in the text, as a number above the largest
    counter a message can hold (24 entries), or in any component text. A line naming exactly the
    stations everyone knows he may be at (``possible``, one or several, worked out from public facts; or a
    summary's, as its round ended) gives nothing away."""
    found = []
    # Mentions, code spans (commands, the logbook's entry numbers, Mr. X's seals) and the proof's hex (the key
    # commitment and the start's seal in a footer) name no station.
    text = re.sub(r"<[@#]!?\d+>|`[^`]*`|(?<![0-9a-f])[0-9a-f]{16,64}(?![0-9a-f])", "", message.text)
    text = "\n".join(line for line in text.splitlines() if not line.startswith(MAY_BE_AT) and not (
        possible and {int(n) for n in re.findall(r"\*\*(\d+)\*\*", line)} == possible))
    if f"**{hidden}**" in text:
        found.append("bold in text")
    if hidden > 24 and re.search(rf"(?<!\d){hidden}(?!\d)", text):
        found.append("number in text")
    for t in component_texts(message):
        if re.search(rf"(?<!\d){hidden}(?!\d)", re.sub(r"^sy:\w+:\d+(:|$)", "", t)):
            found.append(f"component {t!r}")
    return found
