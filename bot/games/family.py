"""What a game family is: the one object the service, the store and the bot use to play it
(:class:`Family`), the rule systems it offers (:class:`RulesEntry`), and the ids that name computer
seats. A family's own package builds its ``FAMILY`` from these; :mod:`bot.games` registers it.
"""


from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence



@dataclass(frozen=True)
class RulesEntry:
    """A rule system a family plays, as the lobby offers it."""

    name: str
    title: str
    summary: str
    available: bool
    unavailable_reason: str = ""
    #: people at the table, Mr. X included
    min_players: int = 2
    max_players: int = 6
    board: str = ""
    #: the variants a host may choose in the lobby: (name, title, description), in English
    options: tuple[tuple[str, str, str], ...] = ()

    def require_available(self, error: type[Exception]) -> None:
        if not self.available:
            raise error(f"The {self.title} rules cannot be played yet: {self.unavailable_reason}")


@dataclass(frozen=True)
class Family:
    name: str
    title: str
    #: the rule systems this family plays, in the order players see them
    rules: Callable[[], tuple[RulesEntry, ...]]
    #: (rules name, players, seed, options, hidden=None) -> a new game state; raises the engine's GameError.
    #: ``hidden``: a number drawn apart from the seed for what the deal keeps hidden (Mr. X's start card), so that
    #: the seed, public, tells nothing of it; None deals everything from the seed
    new_game: Callable[..., Any]
    #: a stored snapshot -> state; raises the engine's BadRecord when it cannot be read
    from_snapshot: Callable[[dict[str, Any]], Any]
    #: the engine's own codec for the actions table and the events the bot reads back
    action_to_json: Callable[[Any], dict[str, Any]]
    action_from_json: Callable[[Any], Any]
    event_to_json: Callable[[Any], dict[str, Any]]
    event_from_json: Callable[[dict[str, Any]], Any]
    #: the public view (what everyone may see) and the secret side's own view
    public_view: Callable[[Any], Any]
    secret_view: Callable[[Any], Any]
    #: the record other tools read, and replay from it
    export_record: Callable[[Any], dict[str, Any]]
    replay: Callable[[dict[str, Any]], Any]
    #: the pawn an action moves (None: not an action a player of this family can take)
    acting_pawn: Callable[[Any], str | None] = lambda action: None
    #: the action the host plays for an absent player's pawn past the deadline
    timeout_pass: Callable[[str], Any] = lambda pawn: None
    #: the action that ends the game when ``side`` ("mrx" or "detectives") gives up, and its test
    resign: Callable[[str], Any] = lambda side: None
    is_resign: Callable[[Any], bool] = lambda action: False
    #: an action in the words the state's board uses (a player may type "tube" for underground)
    normalise: Callable[[Any, Any], Any] = lambda state, action: action
    #: the player-facing refusal of the engine (its GameError base class)
    error: type[Exception] = Exception
    #: the computer players this family offers, weakest first, and a factory: (strategy, seed) -> a player
    #: whose ``choose(view, pawn)`` answers from that side's view only (never the state)
    strategies: tuple[str, ...] = ()
    computer: Callable[[str, int], Any] = lambda strategy, seed: None
    #: (state, pawn) -> whether a computer holding that pawn, which the game waits for, has a choice to make
    computer_may_act: Callable[[Any, str], bool] = lambda state, pawn: True
    #: (player, view, pawn) -> the action a computer player plays now (a family whose players answer
    #: more than one kind of question, such as a roll, says which one to ask); a :class:`ChanceRequest`
    #: when it asks the host for chance (a roll), which :meth:`GameService.act` deals
    computer_step: Callable[[Any, Any, str], Any] = lambda player, view, pawn: player.choose(view, pawn)
    #: the pawn whose player moves in secret and gets private prompts
    secret_pawn: str = "mrx"
    #: the stations the secret pawn keeps hidden, in order: his start (None before he has one), then the
    #: station of each logbook entry; what the bot commits to in public (``bot.fairness``)
    secret_route: Callable[[Any], tuple[int | None, ...]] = lambda state: ()
    #: a ride as the chat layer names it: (pawn, station, ticket) -> the engine's action (a die is a ticket)
    move: Callable[[str, int, str], Any] = lambda pawn, to, ticket: None
    #: the secret player's double move from two (station, ticket) parts
    double: Callable[[tuple[int, str], tuple[int, str]], Any] = lambda first, second: None
    #: the secret player shows where he is (voluntary surfacing), taking the (detective, ticket) pairs of ``take``,
    #: or (``take`` empty) ``prefer`` where a detective has it; None: this family has no surfacing
    surface: Callable[[tuple[tuple[str, str], ...], str | None], Any] = lambda take, prefer: None
    #: chance nobody asks for: when the state waits for it (a layout of tiles), the action dealt from
    #: ``rng``; None when the state waits for a player. The service applies and stores it like any other.
    deal: Callable[[Any, random.Random], Any] = lambda state, rng: None
    #: a player's request for chance (``"roll"``, ``"reroll"``) for ``pawn``, dealt from ``rng``; raises
    #: the engine's error when it is not the moment; None when this family has no such request
    request: Callable[[Any, str, str, random.Random], Any] = lambda state, pawn, what, rng: None
    #: (state, seen) -> raise the engine's error when the choice was offered from chance that has been drawn
    #: again since: ``seen`` is how often chance had been drawn when the choice was shown (a button carries
    #: it; the dice game's throws); None: the caller chose from the game as it is
    require_chance_seen: Callable[[Any, int | None], None] = lambda state, seen: None
    #: the name under which the state's next chance draw (``deal`` or ``request``) is drawn from a game's key
    chance_label: Callable[[Any], str] = lambda state: "chance"
    #: (record, hidden, draws) -> every chance draw of a finished game's record against what the key's draws deal
    #: in its place, as (kind, number, recorded, drawn): kind "start" (Mr. X's start card, dealt with ``hidden``),
    #: "tiles", "throw" (dealt by ``draws``: a label -> a generator); raises the engine's BadRecord
    redraw: Callable[[dict[str, Any], int | None, Callable[[str], Any]], list[tuple[str, int, Any, Any]]] = (
        lambda record, hidden, draws: [])
    #: a whole game by the built-in players (the CLI's ``simulate``): (rules, players, seed, options,
    #: Mr. X's strategy, the detectives' strategy, hidden=None, draws=None) -> the finished state, its hidden deal
    #: and its chance from ``hidden`` and ``draws`` when given (as ``new_game`` and ``redraw``); raises the
    #: engine's GameError
    simulate: Callable[..., Any] = lambda *args, **kwargs: None
    #: the round an event closes (None: it closes none), and whether it ends the game
    ends_round: Callable[[Any], int | None] = lambda event: None
    ends_game: Callable[[Any], bool] = lambda event: False
    #: the web page (``bot.web``, ``docs/web.md``), as plain JSON-ready data drawn from views only: (public view,
    #: language) -> the board's geometry (stations, lines, areas, labels, tickets' colours and names), the same for
    #: every game on that board; (public view, language) -> the view (round, pawns, logbook, where Mr. X may be);
    #: (secret view, language) -> Mr. X's own page (his station, where each ticket takes him). None: no page
    web_board: Callable[[Any, str], dict[str, Any] | None] = lambda view, language: None
    web_view: Callable[[Any, str], dict[str, Any] | None] = lambda view, language: None
    web_secret: Callable[[Any, str], dict[str, Any] | None] = lambda view, language: None
    #: the module (imported only by the bot) that turns this family's views into words and components
    presenter: str = ""
    #: the module (imported only by the bot and the CLI) that draws this family's pictures
    renderer: str = ""

    def rules_entry(self, name: str) -> RulesEntry | None:
        return next((r for r in self.rules() if r.name == name), None)


#: every computer player any family offers, weakest first: baselines, then the search's levels
COMPUTER_KINDS = ("random", "greedy", "easy", "normal", "hard")
KIND_SPAN = 16


def computer_user_id(taken: Sequence[int], strategy: str) -> int:
    """A new computer seat's user id: negative (no Discord user has one), and telling its kind, so
    that ``computer_kind`` names it wherever a person would be named. ``-kind`` (seat 0) is the
    kind itself: statistics count computers by kind, never as a person."""
    seat = 1 + max([0, *(-u // KIND_SPAN for u in taken if u < 0)])
    return -(seat * KIND_SPAN + COMPUTER_KINDS.index(strategy) + 1)


def computer_kind(user_id: int) -> str | None:
    """The computer kind of a user id (None: a person; "" a computer of no known kind)."""
    if user_id >= 0:
        return None
    index = -user_id % KIND_SPAN - 1
    return COMPUTER_KINDS[index] if 0 <= index < len(COMPUTER_KINDS) else ""


def as_kind(user_id: int) -> int:
    """The id statistics count a player under: a person's own, a computer's kind."""
    return user_id if user_id >= 0 else -(-user_id % KIND_SPAN)


@dataclass(frozen=True)
class ChanceRequest:
    """A player asks the host for chance (``what``: "roll", "reroll") for ``pawn``: not an action of
    the engine, but the request the service turns into one (``Family.request``)."""

    pawn: str
    what: str


#: the hunted pawn's id in every family
MRX = "mrx"
