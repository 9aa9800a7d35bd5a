import json

import pytest

from bot.games.london.engine import BoardError, InvalidAction, load_board_file, parse_board


def test_london_has_199_stations_split_by_transport(london):
    assert len(london.stations) == 199
    kinds = [s.transports - {"ferry"} for s in london.stations.values()]
    assert sum(k == {"taxi"} for k in kinds) == 137
    assert sum(k == {"taxi", "bus"} for k in kinds) == 48
    assert sum(k == {"taxi", "bus", "underground"} for k in kinds) == 14


def test_london_edge_counts(london):
    counts = {t: len(london.edges(t)) for t in london.transports}
    assert counts == {"taxi": 346, "bus": 99, "underground": 20, "ferry": 3}


def test_london_spot_checks_from_the_rulebook(london):
    assert set(london.neighbours_by(153, "taxi")) == {139, 152, 154, 166, 167}
    assert set(london.neighbours_by(74, "bus")) == {58, 94}
    assert set(london.neighbours_by(74, "underground")) == {46}
    assert set(london.neighbours_by(74, "taxi")) == {58, 73, 75, 92}


def test_ferry_runs_194_157_115_108(london):
    assert london.edges("ferry") == [(108, 115), (115, 157), (157, 194)]


def test_disputed_edges_decided_by_the_official_app(london):
    assert 14 in london.neighbours_by(13, "taxi")
    assert 55 not in london.neighbours_by(29, "taxi")
    assert 199 not in london.neighbours_by(187, "bus")
    assert 199 not in london.neighbours_by(185, "bus")


def test_start_card_sets(london):
    assert sorted(london.start_cards["classic"]) == [
        13, 26, 29, 34, 50, 53, 91, 94, 103, 112, 117, 132, 138, 141, 155, 174, 197, 198]
    assert sorted(london.start_cards["D"]) == [
        13, 26, 29, 34, 50, 53, 91, 94, 103, 112, 117, 123, 138, 141, 155, 174]
    assert sorted(london.start_cards["X"]) == [35, 45, 51, 71, 78, 104, 106, 127, 132, 146, 166, 170, 172]


def test_positions_are_normalised_with_y_down(london):
    xs = [s.x for s in london.stations.values()]
    ys = [s.y for s in london.stations.values()]
    assert min(xs) == 0 and max(xs) == 1 and min(ys) == 0 and max(ys) == 1
    assert london.stations[1].y < london.stations[199].y  # 1 is at the top, 199 at the bottom
    assert 1.3 < london.aspect < 1.4


def _minimal():
    return {
        "format": "scotland-yard-board/2", "name": "tiny", "aspect": 1,
        "transports": [
            {"id": "taxi", "ticket": "taxi", "riders": "all", "colour": "#ecb200", "emoji": "🚕",
             "name": {"en": "taxi", "de": "Taxi"}},
            {"id": "bus", "ticket": "bus", "riders": "all", "colour": "#16964e", "emoji": "🚌",
             "name": {"en": "bus", "de": "Bus"}},
        ],
        "stations": [
            {"id": 1, "transports": ["taxi", "bus"], "x": 0, "y": 0},
            {"id": 2, "transports": ["taxi", "bus"], "x": 1, "y": 0},
            {"id": 3, "transports": ["taxi"], "x": 0, "y": 1},
        ],
        "edges": {"taxi": [[1, 2], [2, 3]], "bus": [[1, 2]]},
        "start_cards": {"classic": [1, 3]},
    }


def test_a_valid_small_board_loads(tmp_path):
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(_minimal()))
    board = load_board_file(path)
    assert board.neighbours_by(2, "taxi") == (1, 3)


@pytest.mark.parametrize("break_it, fault", [
    (lambda b: b["edges"]["taxi"].append([3, 9]), "taxi edge 3-9 names station 9"),
    (lambda b: b["edges"]["bus"].append([2, 3]), "station 3 is not a bus stop"),
    (lambda b: b["edges"]["taxi"].append([2, 1]), "taxi edge 2-1 is listed twice"),
    (lambda b: b["stations"].append({"id": 2, "transports": ["taxi"], "x": 0, "y": 0}), "station 2 is listed twice"),
    (lambda b: b["stations"][2].update(x=1.5), "station 3 needs 'x' and 'y'"),
    (lambda b: b["stations"][2].update(transports=["taxi", "bus"]), "station 3 is marked as a bus stop but has no bus edge"),
    (lambda b: b["stations"][2].update(transports=["taxi", "underground"]), "station 3 has an unknown transport"),
    (lambda b: b["edges"].update(rocket=[[1, 2]]), "unknown transport 'rocket'"),
    (lambda b: b["start_cards"].update(classic=[1, 42]), "names station 42"),
    (lambda b: b.update(format="other"), "'format' must be"),
    (lambda b: b["transports"][1].update(riders="mrx"), "transport 'bus': only Mr. X rides it"),
    (lambda b: b["transports"][0].update(colour="yellow"), "transport 'taxi' needs a 'colour'"),
    (lambda b: b["transports"].append(dict(b["transports"][0])), "transport 'taxi' is listed twice"),
    (lambda b: b.update(route_stations={"bus": {"1-3": [2]}}), "there is no bus edge 1-3"),
    (lambda b: b.update(shapes=[{"kind": "lava", "points": [[0, 0], [1, 0], [1, 1]]}]), "shape #1 needs a 'kind'"),
])
def test_broken_board_is_refused_naming_the_fault(break_it, fault):
    data = _minimal()
    break_it(data)
    with pytest.raises(BoardError) as caught:
        parse_board(data, origin="tiny.json")
    assert fault in caught.value.message
    assert caught.value.message.startswith("tiny.json: ")


def test_unreadable_board_file_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(BoardError, match="not valid JSON"):
        load_board_file(path)


def test_london_names_its_transports_and_tickets(london):
    assert list(london.transports) == ["taxi", "bus", "underground", "ferry"]
    assert london.ride_tickets == ("taxi", "bus", "underground")
    ferry = london.transports["ferry"]
    assert ferry.mrx_only and ferry.ticket == "black"
    assert london.ticket_transports["black"] == ("taxi", "bus", "underground", "ferry")
    assert [london.ticket_emoji(t) for t in ("taxi", "bus", "underground", "black")] == ["🚕", "🚌", "🚇", "⬛"]
    assert london.ticket_name("underground", "de") == "U-Bahn"


@pytest.mark.parametrize("typed, ticket", [
    ("taxi", "taxi"), (" Tube ", "underground"), ("U-Bahn", "underground"), ("X", "black"), ("2x", "double"),
])
def test_players_words_for_tickets_are_read_in_the_board_s_words(london, typed, ticket):
    assert london.parse_ticket(typed) == ticket


def test_an_unknown_ticket_is_refused_with_the_board_s_tickets_and_a_short_echo(london):
    with pytest.raises(InvalidAction) as caught:
        london.parse_ticket("rocket" * 400)
    assert "taxi, bus, underground, black" in caught.value.message
    assert len(caught.value.message) < 120
