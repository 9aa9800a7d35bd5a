"""The public view holds nothing hidden; Mr. X's view holds what he alone knows."""

import dataclasses
import json

from bot.games.london.engine import MRX, Move

from tests.games.london.engine.conftest import arrange

T = "taxi"


def _public_text(view) -> str:
    data = dataclasses.asdict(view)
    data.pop("board")
    return json.dumps(data, default=sorted, sort_keys=True)


def twins():
    """Two games alike in everything the detectives can see; Mr. X hides on 154 in one, 152 in the other."""
    a = arrange(at={MRX: 153, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    b = arrange(at={MRX: 153, "red": 2, "blue": 5, "green": 7, "yellow": 4})
    a.apply(Move(MRX, 154, T))
    b.apply(Move(MRX, 152, T))
    return a, b


def test_public_view_is_identical_whatever_mrx_hidden_station():
    a, b = twins()
    assert a.mrx_station != b.mrx_station
    assert _public_text(a.public_view()) == _public_text(b.public_view())


def test_public_view_never_shows_mrx_pawn_station_while_playing():
    a, _ = twins()
    view = a.public_view()
    assert view.pawn(MRX).station is None
    assert view.route is None
    assert all(e.station is None for e in view.logbook)
    assert all("from" not in r and "to" not in r for r in view.history if r["pawn"] == MRX)


def test_after_the_game_the_route_is_public():
    a, _ = twins()
    a.apply(Move("red", 10, T))
    from bot.games.london.engine import Resign

    a.apply(Resign("mrx"))
    view = a.public_view()
    assert view.route == (153, 154)
    assert view.logbook[0].station == 154


def test_mrx_view_has_his_station_route_and_moves():
    a, _ = twins()
    a.apply(Move("red", 10, T))
    a.apply(Move("blue", 15, T))
    a.apply(Move("green", 6, T))
    a.apply(Move("yellow", 3, T))
    view = a.mrx_view()
    assert view.station == 154 and view.start == 153 and view.route == (153, 154)
    reach = view.reachable()
    assert reach[140] == ("taxi", "bus", "black")
    assert view.can_double


def test_public_view_lists_detective_stations_tickets_and_last_moves():
    a, _ = twins()
    a.apply(Move("red", 10, T))
    view = a.public_view()
    red = view.pawn("red")
    assert red.station == 10 and red.tickets[T] == 9 and red.last_move == (2, 10, T)
    assert view.to_move == ("blue",) and view.next_reveal == 3
