"""The outbox: the messages a change owes, queued in the change's own transaction.

After a crash the bot posts whatever is still pending, and a key (``action:17``,
``round:3:summary``, ``game:over``, ``mrx:turn:4``, ...) is queued at most once per game, so no
message is lost and none is posted twice. Payloads hold public facts only; Mr. X's private
prompt carries no station (the bot reads his private view when it sends the prompt).
"""

from __future__ import annotations

from typing import Any, Iterable

from bot.store import Session

from .events import event_to_json

# Kinds of announcement, for the bot to choose how to post each.
GAME_STARTED = "game_started"
ACTION = "action"
ROUND_SUMMARY = "round_summary"
GAME_OVER = "game_over"
GAME_CANCELLED = "game_cancelled"
MRX_PROMPT = "mrx_prompt"  # private, to Mr. X
PLAYERS_CHANGED = "players_changed"  # a resignation with a hand-over, a replacement
AWAY = "away"  # a player is away for a while: their turns wait
BACK = "back"  # a player is back (or their time away ran out)
PAUSED = "paused"  # the host paused the game
RESUMED = "resumed"  # the host let it go on
#: the announcements of the turn's clock: one line each, mentioning nobody
CLOCK = (AWAY, BACK, PAUSED, RESUMED)
TAKEBACK = "takeback"  # a take-back asked for, accepted (with who moves now) or refused


async def queue(tx: Session, game_id: int, key: str, kind: str, payload: dict[str, Any],
                now: float, recipient_id: int | None = None) -> None:
    await queue_all(tx, game_id, [(key, kind, payload, recipient_id)], now)


async def queue_all(tx: Session, game_id: int, owed: Iterable[tuple], now: float) -> None:
    """Queue (key, kind, payload, recipient) each, in order, in one statement."""
    # a computer player (a negative id) reads its view from the service: it has no inbox
    await tx.outbox.queue_all(game_id, [item for item in owed if item[3] is None or item[3] >= 0], now)


def next_up(view: Any, user_ids: Iterable[int], owed_before: Iterable[int] | None = None) -> dict[str, Any]:
    """Who owes a move now: the round, the pawns and the people who move them, and ``ping``: those
    of them to mention, who did not owe a move already (``owed_before``; None: all of them). So one
    person holding several pawns hears once a round, and an any-order round pings once when it opens."""
    users = list(user_ids)
    before = set(owed_before or ())
    return {"round": view.round, "pawns": list(view.to_move), "user_ids": users,
            "ping": [u for u in users if u not in before]}


def events_json(events: Iterable[Any], family: Any = None) -> list[dict[str, Any]]:
    """The service's and the engine's events as JSON (an engine's through its ``family``'s codec)."""
    return [event_to_json(e, family) for e in events]


def round_summary(view: Any, round_: int) -> dict[str, Any]:
    return {
        "round": round_,
        "records": [dict(r) for r in view.history if r.get("round") == round_],
    }


def game_over(view: Any) -> dict[str, Any]:
    outcome = view.outcome
    assert outcome is not None
    return {**outcome.to_json(), "sentence": outcome.describe(), "route": list(view.route or ())}


def after_play(view: Any, events: list[Any], *, seq: int | None, user_id: int,
               next_users: tuple[int, ...], mrx_user: int | None, new_turn: bool,
               family: Any, owed_before: tuple[int, ...] = (), sealed: dict | None = None, key: str | None = None,
               again: int = 0, events_as_json: list[dict[str, Any]] | None = None) -> list[tuple]:
    """The announcements one play command owes: (key, kind, payload, recipient). ``view`` and
    ``events`` are the family's (its public view, its engine's events); ``family`` reads them. ``sealed``: the
    commitments this command wrote (:func:`.steps.seal`: ``sealed``, [entry, commitment] each, and the ``seal``
    the post shows), published with its post; ``key``: the game's key, published when it ends
    (``docs/fairness.md``); ``again``: the take-backs so far (a round ended, or Mr. X prompted, once more after one
    is owed a post of its own); ``events_as_json``: ``events`` as JSON, when the caller has made it already."""
    later = f":again:{again}" if again else ""
    owed: list[tuple] = []
    if seq is not None:
        played = events_json(events, family) if events_as_json is None else events_as_json
        payload = {"user_id": user_id, "events": played, "next": next_up(view, next_users, owed_before)}
        payload.update(sealed or {})
        owed.append((f"action:{seq}", ACTION, payload, None))
    for event in events:
        if (round_ := family.ends_round(event)) is not None:
            owed.append((f"round:{round_}:summary{later}", ROUND_SUMMARY, round_summary(view, round_), None))
    if any(family.ends_game(e) for e in events):
        owed.append(("game:over", GAME_OVER, {**game_over(view), **({"key": key} if key else {})}, None))
    elif new_turn and view.to_move == (family.secret_pawn,):
        owed.append(mrx_prompt(view, mrx_user, again))
    return owed


def mrx_prompt(view: Any, mrx_user: int | None, again: int = 0) -> tuple:
    entry = len(view.logbook) + 1
    later = f":again:{again}" if again else ""
    return (f"mrx:turn:{view.round}{later}", MRX_PROMPT, {"round": view.round, "entry": entry}, mrx_user)
