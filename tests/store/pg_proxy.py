"""A proxy in front of the test PostgreSQL server that loses a COMMIT's answer, as a network does.

The bot connects to the proxy's Unix socket (:attr:`CommitCutter.url`) and the proxy passes every byte on, reading
the client's side of the wire protocol (simple queries, and the statements prepared and bound by name) to know
which transaction wrote to a table. Armed (:meth:`CommitCutter.arm`), it waits for the next COMMIT of a transaction
that wrote to that table and then either passes it on and drops the connection once the server has answered (the
commit was kept; its answer never arrives), or drops the connection without passing it on (nothing was kept). With
``down`` it then refuses every connection until :meth:`CommitCutter.heal`, as a server that went away would.
"""

from __future__ import annotations

import asyncio
import re
import struct
import tempfile
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import AsyncIterator
from urllib.parse import parse_qs, urlsplit

#: the untyped requests a client may send before its startup message (SSL, GSSAPI)
_PRE_STARTUP = (80877103, 80877104)


@dataclass(eq=False)
class _Link:
    """One client connection and what the proxy knows of it."""

    client: asyncio.StreamWriter
    server: asyncio.StreamWriter
    statements: dict[bytes, str] = field(default_factory=dict)
    wrote: bool = False
    #: the COMMIT was passed on: the server's next bytes are its answer, which is lost
    losing: bool = False


class CommitCutter:
    def __init__(self, target_url: str) -> None:
        parts = urlsplit(target_url)
        self.server_socket = Path(parse_qs(parts.query)["host"][0]) / f".s.PGSQL.{parts.port or 5432}"
        self.folder = Path(tempfile.mkdtemp(prefix="sy-cut-"))
        self.url = target_url.replace(parse_qs(parts.query)["host"][0], str(self.folder))
        self._listener: asyncio.AbstractServer | None = None
        self._links: set[_Link] = set()
        self._armed: tuple[re.Pattern[str], bool, bool] | None = None
        self.down = False
        #: how many COMMITs were cut: (kept by the server?)
        self.cuts: list[bool] = []

    async def start(self) -> None:
        self._listener = await asyncio.start_unix_server(self._serve, path=str(self.folder / self.server_socket.name))

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        for link in list(self._links):
            self._drop(link)

    def arm(self, table: str, *, kept: bool, down: bool = False) -> None:
        """Cut the next COMMIT of a transaction that inserts into ``table``: ``kept`` passes it on first."""
        self._armed = (re.compile(rf"\bINSERT\s+INTO\s+{table}\b", re.IGNORECASE), kept, down)

    def heal(self) -> None:
        self.down = False

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.down:
            writer.close()
            return
        try:
            server_reader, server_writer = await asyncio.open_unix_connection(str(self.server_socket))
        except OSError:
            writer.close()
            return
        link = _Link(writer, server_writer)
        self._links.add(link)
        pumps = [asyncio.create_task(self._from_client(link, reader)),
                 asyncio.create_task(self._from_server(link, server_reader))]
        try:
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for pump in pumps:
                pump.cancel()
            self._drop(link)

    def _drop(self, link: _Link) -> None:
        self._links.discard(link)
        for side in (link.client, link.server):
            if not side.is_closing():
                side.transport.abort()

    async def _from_server(self, link: _Link, reader: asyncio.StreamReader) -> None:
        while data := await reader.read(65536):
            if link.losing:  # the answer to the COMMIT: lost with the connection
                return
            link.client.write(data)
            await link.client.drain()

    async def _from_client(self, link: _Link, reader: asyncio.StreamReader) -> None:
        while True:  # untyped: SSL or GSSAPI requests, then the startup message
            head = await reader.readexactly(8)
            length, code = struct.unpack("!ii", head)
            link.server.write(head + await reader.readexactly(length - 8))
            await link.server.drain()
            if code not in _PRE_STARTUP:
                break
        while True:
            kind = await reader.readexactly(1)
            (length,) = struct.unpack("!i", await reader.readexactly(4))
            body = await reader.readexactly(length - 4)
            message = kind + struct.pack("!i", length) + body
            query = self._query(link, kind, body)
            if query is not None and kind == b"Q" and re.match(r"\s*COMMIT\b", query, re.IGNORECASE):
                if link.wrote and self._armed is not None:
                    _, kept, down = self._armed
                    self._armed = None
                    self.cuts.append(kept)
                    if down:  # every connection goes, and no new one comes until heal()
                        self.down = True
                        for other in list(self._links):
                            if other is not link:
                                self._drop(other)
                    if not kept:
                        return  # the COMMIT never reaches the server: it rolls the transaction back
                    link.losing = True
                link.wrote = False
            elif query is not None and self._armed is not None and self._armed[0].search(query):
                link.wrote = True
            link.server.write(message)
            await link.server.drain()

    @staticmethod
    def _query(link: _Link, kind: bytes, body: bytes) -> str | None:
        """The SQL a client message runs or prepares (None: not one that names SQL)."""
        if kind == b"Q":
            return body.split(b"\0", 1)[0].decode()
        if kind == b"P":  # Parse: statement name, query, ...
            name, query, _ = body.split(b"\0", 2)
            link.statements[name] = query.decode()
            return query.decode()
        if kind == b"B":  # Bind: portal name, statement name, ...
            _, name, _ = body.split(b"\0", 2)
            return link.statements.get(name, "")
        return None


@asynccontextmanager
async def commit_cutter(target_url: str) -> AsyncIterator[CommitCutter]:
    cutter = CommitCutter(target_url)
    await cutter.start()
    try:
        yield cutter
    finally:
        await cutter.close()
