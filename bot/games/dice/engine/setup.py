"""Setting a game up: the pawns and tickets for the seats, laying the tiles, and every pawn's start pick
(the detectives on taxi-only stations, then Mr. X in secret, his tile letter announced)."""

from __future__ import annotations

from .actions import LayTiles, PickStart
from .board import lay_board
from .errors import IllegalMove, InvalidAction, Listed, NotYourTurn, StationOccupied
from .events import Event, MrXStarted, StartPicked, TilesLaid
from .pieces import LAYOUT, START, DiceData, DicePawn
from .rounds import start_round
from .rules import BLACK, HELICOPTER, MRX, DiceRules
from .tiles import SIDES, TileSet, load_tiles
from .tracker import DiceTracker


def set_up(state: DiceData, players: int, seed: int, options: dict[str, bool] | None, tileset: TileSet | None,
           rules: DiceRules) -> None:
    """Make ``state`` a game for ``players`` people (Mr. X included), waiting for its :class:`LayTiles` action."""
    state.rules, state.seed, state.players = rules, int(seed), players
    state.detective_players = d = rules.detective_players(players)
    state.tileset = tileset or load_tiles(rules.tileset)
    options = dict(options or {})
    unknown = set(options) - set(rules.options)
    if unknown:
        raise InvalidAction(f"Hunting Mister X has no option {min(unknown)!r}; it knows: expert.")
    state.options = {name: bool(options.get(name, False)) for name in rules.options}
    pawns = [DicePawn(MRX, "mrx", "white", (0,))]
    per = rules.pawns_per_player[d]
    for i in range(d * per):
        colour = rules.detective_colours[i]
        pawns.append(DicePawn(colour, "detective", colour, (i // per + 1,)))
    state.pawns = tuple(pawns)
    state.pawn = {p.id: p for p in pawns}
    state.tokens = rules.reroll_tokens
    state.tickets = {BLACK: rules.black_tickets[d], "double": rules.double_moves, HELICOPTER: rules.helicopters}
    state.start_tickets = dict(state.tickets)


def lay_tiles(state: DiceData, action: LayTiles, events: list[Event]) -> None:
    if state.phase != LAYOUT:
        raise InvalidAction("The tiles are already laid.")
    d = state.detective_players
    columns, rows = state.rules.grid[d]
    tiles = tuple(action.tiles)
    if len(tiles) != columns * rows:
        raise InvalidAction(f"This game lays {columns * rows} tiles ({columns} x {rows}), not {len(tiles)}.")
    cells = {(p.column, p.row) for p in tiles}
    if cells != {(c, r) for c in range(columns) for r in range(rows)}:
        raise InvalidAction(f"The tiles must fill a grid of {columns} columns and {rows} rows, one tile each.")
    letters = [p.letter for p in tiles]
    unknown = [x for x in letters if x not in state.tileset.tiles]
    if unknown:
        raise InvalidAction(f"There is no tile {unknown[0]!r}.")
    if len(set(letters)) != len(letters):
        raise InvalidAction("Each tile can lie only once.")
    if any(p.side not in SIDES for p in tiles):
        raise InvalidAction("A tile lies standard side or expert side up.")
    need = state.rules.underground_tiles[d]
    if need is not None:
        have = sum(state.tileset.tiles[x].has_underground for x in letters)
        if have != need:
            raise InvalidAction(f"{need} of the {len(tiles)} tiles must have an underground station, not {have}.")
    experts = sum(p.side == "expert" for p in tiles)
    want = state.rules.expert_tiles[d] if state.expert else 0
    if experts != want:
        raise InvalidAction(f"This game lays {want} tiles expert side up, not {experts}.")
    state.board = lay_board(state.tileset, tuple(sorted(tiles, key=lambda p: (p.row, p.column))))
    state.phase = START
    events.append(TilesLaid(state.board.placements))


def pick_start(state: DiceData, action: PickStart, events: list[Event]) -> None:
    if state.phase != START:
        raise InvalidAction("Start stations are picked before the first round.")
    if action.pawn not in state.pawn:
        raise InvalidAction("There is no pawn called {pawn} in this game.", pawn=repr(action.pawn))
    picker = state.next_picker()
    if action.pawn != picker:
        if action.pawn in state.start:
            raise NotYourTurn("{pawn} has already picked a start station.", pawn=state.pawn[action.pawn].label)
        raise NotYourTurn("{pawn} picks a start station first.", pawn=state.pawn[picker].label)
    board = state.board
    assert board is not None
    station = action.station
    if station not in board.stations:
        raise IllegalMove("There is no station {station} on this board.", station=station)
    if station in state.start.values():
        raise StationOccupied("Station {station} is already taken.", station=station)
    if picker != MRX and not board.stations[station].taxi_only:
        raise IllegalMove("Detectives start on a taxi-only station; {station} is a {kinds} stop.", station=station,
                          kinds=Listed(board.stations[station].transports))
    state.start[picker] = station
    state.positions[picker] = station
    if picker != MRX:
        events.append(StartPicked(picker, station))
        return
    state.start_tile = board.stations[station].tile
    taken = state.detective_stations()
    state.tracker = DiceTracker(board, (s for s in board.tile_stations(state.start_tile) if s not in taken))
    events.append(MrXStarted(state.start_tile))
    start_round(state, 1)
