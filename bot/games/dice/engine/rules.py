"""The dice game's parameters, as data (docs/rules.md, section ``dice``).

Everything the engine counts comes from a :class:`DiceRules`: the dice faces, how many dice the
detectives roll, the shared roll-again tokens, Mr. X's tickets, the logbook and its reveals, the
grid of tiles. Most numbers depend on how many *detective players* there are (1-3; the game is
for 2-4 people, Mr. X included).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import BadPlayerCount

MRX = "mrx"

TAXI, BUS, UNDERGROUND, X = "taxi", "bus", "underground", "x"
#: the transports of the dice game, in display order
TRANSPORTS = (TAXI, BUS, UNDERGROUND)
#: Mr. X's tickets that are not a die face
BLACK, HELICOPTER, PASS = "black", "helicopter", "pass"


@dataclass(frozen=True)
class DiceRules:
    name: str = "dice"
    title: str = "Hunting Mister X"
    #: the tile file in ``boards/``
    tileset: str = "dice"
    min_players: int = 2
    max_players: int = 4
    #: one six-sided die. The book gives no counts; docs/rules.md decides 2 taxi, 2 bus, 1 underground, 1 X.
    dice_faces: tuple[str, ...] = (TAXI, TAXI, BUS, BUS, UNDERGROUND, X)
    #: dice the detectives roll each round, by number of detective players
    dice: dict[int, int] = field(default_factory=lambda: {1: 3, 2: 3, 3: 4})
    #: pawns each detective player moves (two players: one detective with two pawns)
    pawns_per_player: dict[int, int] = field(default_factory=lambda: {1: 2, 2: 1, 3: 1})
    #: tiles across and down
    grid: dict[int, tuple[int, int]] = field(default_factory=lambda: {1: (3, 2), 2: (3, 2), 3: (3, 3)})
    #: how many of the laid tiles must have an underground station (None: no rule, all tiles lie)
    underground_tiles: dict[int, int | None] = field(default_factory=lambda: {1: 3, 2: 3, 3: None})
    #: expert game: how many tiles lie expert side up
    expert_tiles: dict[int, int] = field(default_factory=lambda: {1: 2, 2: 2, 3: 3})
    black_tickets: dict[int, int] = field(default_factory=lambda: {1: 2, 2: 2, 3: 3})
    double_moves: int = 1
    helicopters: int = 1
    reroll_tokens: int = 3
    log_entries: int = 13
    reveal_entries: frozenset[int] = frozenset({3, 7, 11})
    detective_colours: tuple[str, ...] = ("red", "blue", "green")
    options: tuple[str, ...] = ("expert",)

    def detective_players(self, players: int) -> int:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadPlayerCount(
                f"Hunting Mister X is for {self.min_players} to {self.max_players} players, Mr. X included."
            )
        return players - 1

    def is_reveal(self, entry: int) -> bool:
        return entry in self.reveal_entries

    def face_chance(self) -> dict[str, float]:
        """Each face with its probability on one die."""
        n = len(self.dice_faces)
        return {f: self.dice_faces.count(f) / n for f in dict.fromkeys(self.dice_faces)}


RULES = DiceRules()
