"""The fake gateway: HELLO, IDENTIFY (sharded or not), READY, GUILD_CREATE, heartbeats, RESUME; JSON text frames."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import traceback
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

import aiohttp
from aiohttp import web

from tests.fakediscord.models import shard_of

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

__all__ = ['Gateway', 'GatewaySession', 'GatewayConnection', 'Intent', 'NoBotConnected']

_log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL_MS = 41250
#: Discord's close codes for an IDENTIFY the gateway will not take (neither is retried by discord.py)
INVALID_SHARD = 4010
SHARDING_REQUIRED = 4011
#: Discord makes bots shard once a session would hold more guilds than this
MAX_GUILDS_PER_SESSION = 2500
# Marks "any guild" in Gateway.latest_session.
_ANY_GUILD: Any = object()


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15


class NoBotConnected(RuntimeError):
    """An interaction was injected while no bot session exists on the fake gateway."""


@dataclass(eq=False)
class GatewaySession:
    id: str
    intents: int
    shard: Optional[List[int]] = None
    seq: int = 0
    events: List[Dict[str, Any]] = field(default_factory=list)
    conn: Optional['GatewayConnection'] = None
    invalid: bool = False
    created: float = field(default_factory=time.monotonic)
    resumes: int = 0

    def has_intent(self, intent: Optional[int]) -> bool:
        return intent is None or bool(self.intents & intent)

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closed

    def handles(self, guild_id: Optional[int]) -> bool:
        """Whether this session gets the events of ``guild_id`` (``None``: DMs and other guild-less events).

        Without a ``shard`` in IDENTIFY a session gets everything; with ``[shard_id, num_shards]`` it gets
        the guilds with ``(guild_id >> 22) % num_shards == shard_id``, and guild-less events only on shard 0.
        """
        if self.shard is None:
            return True
        shard_id, shard_count = self.shard
        return shard_of(guild_id, shard_count) == shard_id


class GatewayConnection:
    """One websocket. Frames go through a queue so that synchronous code can dispatch in order."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session: Optional[GatewaySession] = None
        self.queue: 'asyncio.Queue[Optional[Dict[str, Any]]]' = asyncio.Queue()
        self.received: List[Dict[str, Any]] = []
        self.close_code: Optional[int] = None
        self.closed_by_server = False
        self.writer = asyncio.create_task(self._writer(), name='fakediscord-gateway-writer')

    @property
    def closed(self) -> bool:
        return self.ws.closed

    async def close(self, code: int, message: bytes = b'') -> None:
        """Close from the server side (the session stays resumable)."""
        self.closed_by_server = True
        await self.ws.close(code=code, message=message)

    def enqueue(self, frame: Dict[str, Any]) -> None:
        self.queue.put_nowait(frame)

    async def flush(self) -> None:
        await self.queue.join()

    async def _writer(self) -> None:
        while True:
            frame = await self.queue.get()
            try:
                if frame is None:
                    return
                if not self.ws.closed:
                    await self.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError, aiohttp.ClientError):
                pass  # the peer went away; drop the frame (it stays in the session buffer for RESUME)
            finally:
                self.queue.task_done()

    async def stop_writer(self) -> None:
        self.queue.put_nowait(None)
        try:
            await self.writer
        except asyncio.CancelledError:
            pass
        # Unblock anybody waiting in flush().
        while not self.queue.empty():
            self.queue.get_nowait()
            self.queue.task_done()


class Gateway:
    """Holds gateway sessions and speaks the protocol on each websocket."""

    def __init__(self, fake: 'FakeDiscord') -> None:
        self.fake = fake
        self.sessions: Dict[str, GatewaySession] = {}
        self.connections: List[GatewayConnection] = []
        self.identifies: List[Dict[str, Any]] = []
        #: IDENTIFYs that were closed instead of answered: (the ``shard`` they sent, close code)
        self.refused: List[Tuple[Any, int]] = []
        self.presence_updates: List[Dict[str, Any]] = []
        self._ready_waiters: List[asyncio.Future[GatewaySession]] = []

    # -- dispatching -----------------------------------------------------------------------
    def live_sessions(self) -> List[GatewaySession]:
        return [s for s in self.sessions.values() if not s.invalid]

    def latest_session(self, guild_id: Any = _ANY_GUILD) -> Optional[GatewaySession]:
        """The newest live session (connected ones first); with ``guild_id`` (None for DMs) only among the
        sessions whose shard gets that guild's events."""
        live = self.live_sessions()
        if guild_id is not _ANY_GUILD:
            live = [s for s in live if s.handles(guild_id)]
        connected = [s for s in live if s.connected]
        pool = connected or live
        return max(pool, key=lambda s: s.created) if pool else None

    def shard_sessions(self, shard_id: int, shard_count: int) -> List[GatewaySession]:
        """Live sessions that identified as ``[shard_id, shard_count]``."""
        return [s for s in self.live_sessions() if s.shard == [shard_id, shard_count]]

    def _push(self, session: GatewaySession, event: str, data: Any) -> None:
        session.seq += 1
        frame = {'op': 0, 't': event, 's': session.seq, 'd': data}
        session.events.append(frame)
        if session.conn is not None and not session.conn.closed:
            session.conn.enqueue(frame)

    def dispatch(self, event: str, data: Any, *, intent: Optional[int] = None,
                 per_session: Optional[Callable[[GatewaySession, Any], Any]] = None) -> None:
        """Send a DISPATCH to every live session whose shard gets the event's ``guild_id`` (no guild_id: shard 0),
        buffered for RESUME when disconnected.

        ``per_session(session, data)`` may adapt the payload to a session (e.g. to its intents).
        """
        guild_id = _guild_of(data)
        for session in self.live_sessions():
            if session.has_intent(intent) and session.handles(guild_id):
                self._push(session, event, per_session(session, data) if per_session else data)

    def dispatch_to_latest(self, event: str, data: Any) -> GatewaySession:
        """Send one DISPATCH (an interaction) to the newest session of the shard that gets its guild."""
        guild_id = _guild_of(data)
        session = self.latest_session(guild_id)
        if session is None:
            if self.live_sessions():
                where = 'DMs' if guild_id is None else f'guild {guild_id}'
                raise NoBotConnected(f'no session on the fake gateway gets the events of {where}; shards '
                                     f'connected: {[s.shard for s in self.live_sessions()]}')
            raise NoBotConnected('no bot has identified on the fake gateway (start the bot first)')
        self._push(session, event, data)
        return session

    async def flush(self) -> None:
        for conn in list(self.connections):
            await conn.flush()

    async def wait_for_session(self, timeout: float) -> GatewaySession:
        session = self.latest_session()
        if session is not None and session.conn is not None:
            return session
        fut: asyncio.Future[GatewaySession] = asyncio.get_running_loop().create_future()
        self._ready_waiters.append(fut)
        try:
            return await asyncio.wait_for(fut, timeout)
        finally:
            if fut in self._ready_waiters:
                self._ready_waiters.remove(fut)

    # -- websocket handler -------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = GatewayConnection(ws)
        self.connections.append(conn)
        conn.enqueue({'op': 10, 'd': {'heartbeat_interval': HEARTBEAT_INTERVAL_MS, '_trace': ['fakediscord']}})
        try:
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.TEXT:
                    try:
                        await self._on_frame(conn, json.loads(msg.data))
                    except Exception:
                        self.fake._record_error('gateway frame', traceback.format_exc())
                elif msg.type == aiohttp.WSMsgType.BINARY:
                    self.fake._record_error('gateway', 'client sent a binary frame; the fake only speaks JSON text')
                elif msg.type in (aiohttp.WSMsgType.ERROR, aiohttp.WSMsgType.CLOSE):
                    break
        finally:
            conn.close_code = ws.close_code
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                # A clean close by the client (what Client.close() sends) ends the session, like Discord does.
                if ws.close_code in (1000, 1001) and not conn.closed_by_server:
                    session.invalid = True
            await conn.stop_writer()
            if conn in self.connections:
                self.connections.remove(conn)
        return ws

    async def _on_frame(self, conn: GatewayConnection, frame: Dict[str, Any]) -> None:
        conn.received.append(frame)
        op = frame.get('op')
        data = frame.get('d')
        if op == 1:  # heartbeat
            conn.enqueue({'op': 11})
        elif op == 2:
            await self._identify(conn, data or {})
        elif op == 6:
            self._resume(conn, data or {})
        elif op == 8:
            self._request_members(conn, data or {})
        elif op == 3:
            self.presence_updates.append(data)
        elif op in (4,):
            pass  # voice state: ignored
        else:
            self.fake._record_error('gateway', f'unexpected gateway op {op}: {frame!r}')

    async def _refuse(self, conn: GatewayConnection, shard: Any, code: int, reason: bytes) -> None:
        self.refused.append((shard, code))
        await conn.flush()
        await conn.close(code, reason)

    def _shard_refusal(self, shard: Any) -> Optional[Tuple[int, bytes]]:
        """Why an IDENTIFY's ``shard`` cannot be served (close code, reason), or None."""
        valid = (isinstance(shard, list) and len(shard) == 2 and all(type(x) is int for x in shard)
                 and 0 <= shard[0] < shard[1])
        if not valid:
            return INVALID_SHARD, b'Invalid shard.'
        # Discord accepts several sessions with the same [shard_id, num_shards] (the Sharding section of its
        # gateway docs: "You can establish multiple sessions with the same [shard_id, num_shards]"), and sessions of
        # different shard counts side by side (while a bot reshards): so does the fake. Each gets the shard's events.
        return None

    async def _identify(self, conn: GatewayConnection, data: Dict[str, Any]) -> None:
        self.identifies.append(data)
        fake = self.fake
        if fake.token is not None and data.get('token') != fake.token:
            await conn.flush()
            await conn.close(4004, b'Authentication failed.')
            return
        shard = data.get('shard')
        if shard is not None:
            refusal = self._shard_refusal(shard)
            if refusal is not None:
                await self._refuse(conn, shard, *refusal)
                return
        session = GatewaySession(id=uuid.uuid4().hex, intents=int(data.get('intents', 0)), shard=shard)
        guilds = [g for g in fake.guilds.values() if session.handles(g.id)]
        if len(guilds) > fake.max_guilds_per_session:
            await self._refuse(conn, shard, SHARDING_REQUIRED, b'Sharding required.')
            return
        self.sessions[session.id] = session
        session.conn = conn
        conn.session = session
        ready: Dict[str, Any] = {
            'v': 10,
            'user': fake.bot_user.to_payload() | {'verified': True, 'mfa_enabled': False, 'email': None},
            'guilds': [{'id': str(g.id), 'unavailable': True} for g in guilds],
            'session_id': session.id,
            'session_type': 'normal',
            'resume_gateway_url': fake.gateway_url,
            'application': {'id': str(fake.application_id), 'flags': fake.application_flags},
            'private_channels': [],
            'relationships': [],
            'presences': [],
            'geo_ordered_rtc_regions': [],
            'guild_join_requests': [],
            'user_settings': {},
            '_trace': ['fakediscord'],
        }
        if session.shard is not None:
            ready['shard'] = session.shard
        self._push(session, 'READY', ready)
        for guild in guilds:
            self._push(session, 'GUILD_CREATE', fake._guild_create_payload(guild, session))
        await conn.flush()
        for fut in self._ready_waiters:
            if not fut.done():
                fut.set_result(session)

    def _resume(self, conn: GatewayConnection, data: Dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get('session_id')))
        if session is None or session.invalid or (self.fake.token is not None and data.get('token') != self.fake.token):
            conn.enqueue({'op': 9, 'd': False})
            return
        if session.conn is not None and session.conn is not conn and not session.conn.closed:
            # The old socket is still around; Discord would drop it.
            asyncio.ensure_future(session.conn.close(4009))
        session.conn = conn
        session.resumes += 1
        conn.session = session
        seq = data.get('seq') or 0
        for frame in session.events:
            if frame['s'] > seq:
                conn.enqueue(frame)
        self._push(session, 'RESUMED', {'_trace': ['fakediscord']})

    def _request_members(self, conn: GatewayConnection, data: Dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            return
        guild = self.fake.guilds.get(int(data.get('guild_id', 0)))
        if guild is None:
            return
        members = list(guild.members.values())
        user_ids = data.get('user_ids')
        if user_ids:
            wanted = {int(u) for u in (user_ids if isinstance(user_ids, list) else [user_ids])}
            members = [m for m in members if m.id in wanted]
        elif data.get('query'):
            q = str(data['query']).lower()
            members = [m for m in members if m.user.name.lower().startswith(q)]
        limit = int(data.get('limit') or 0)
        if limit:
            members = members[:limit]
        payload: Dict[str, Any] = {
            'guild_id': str(guild.id),
            'members': [m.to_payload() for m in members],
            'chunk_index': 0,
            'chunk_count': 1,
            'not_found': [],
        }
        if data.get('nonce') is not None:
            payload['nonce'] = data['nonce']
        self._push(session, 'GUILD_MEMBERS_CHUNK', payload)

    # -- control -----------------------------------------------------------------------------
    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connected client (they will come back with RESUME)."""
        for conn in list(self.connections):
            if not conn.closed:
                conn.enqueue({'op': 7, 'd': None})
        await self.flush()

    async def drop_connections(self, code: int = 4000, *, shard: Optional[List[int]] = None) -> None:
        """Close every websocket (or those of sessions identified as ``shard``) from the server side with
        ``code`` (sessions stay resumable)."""
        for conn in list(self.connections):
            if shard is not None and (conn.session is None or conn.session.shard != list(shard)):
                continue
            if not conn.closed:
                await conn.flush()
                await conn.close(code)

    async def close(self) -> None:
        for conn in list(self.connections):
            if not conn.closed:
                try:
                    await conn.close(1001, b'fake shutting down')
                except Exception:  # pragma: no cover - best effort
                    pass
            await conn.stop_writer()
        self.connections.clear()


def _guild_of(data: Any) -> Optional[int]:
    """The guild an event belongs to, by its ``guild_id`` (Discord routes shards by it)."""
    if isinstance(data, dict) and data.get('guild_id') is not None:
        return int(data['guild_id'])
    return None
