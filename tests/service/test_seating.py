import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.service import NeedMorePlayers
from bot.service.seating import choose_seats, hand_over

roles = st.sampled_from([None, "detective", "mrx"])
people = st.lists(roles, min_size=2, max_size=6).map(
    # at most one person asks to be Mr. X, as the lobby allows
    lambda wishes: [(100 + n, "detective" if w == "mrx" and "mrx" in wishes[:n] else w) for n, w in enumerate(wishes)])


@given(people, st.integers(0, 10**6))
def test_seats_give_mr_x_seat_0_and_the_detectives_the_rest_in_join_order(table, seed):
    if all(role == "detective" for _, role in table):
        with pytest.raises(NeedMorePlayers):
            choose_seats(table, seed)
        return
    seats, drawn = choose_seats(table, seed)
    mrx = seats[0]
    assert mrx.seat == 0 and mrx.role == "mrx"
    wishes = dict(table)
    assert wishes[mrx.user_id] == ("mrx" if not drawn else None)
    assert drawn == ("mrx" not in wishes.values())
    detectives = [user for user, _ in table if user != mrx.user_id]
    assert [(s.user_id, s.seat, s.role) for s in seats[1:]] == [
        (user, n, "detective") for n, user in enumerate(detectives, start=1)]
    assert choose_seats(table, seed) == (seats, drawn)  # the game's seed decides the draw


def test_a_lone_person_cannot_start():
    with pytest.raises(NeedMorePlayers):
        choose_seats([(1, None)], 0)


@given(st.lists(st.sampled_from(["red", "blue", "green", "yellow", "purple"]), unique=True),
       st.lists(st.integers(0, 3), min_size=1, max_size=4))
def test_handed_over_pawns_go_to_whoever_has_fewest(pawns, loads):
    heirs = [(200 + n, load) for n, load in enumerate(loads)]
    given_ = hand_over(pawns, heirs)
    assert [pawn for pawn, _ in given_] == pawns
    after = {user: load for user, load in heirs}
    for _, user in given_:
        after[user] += 1
    if pawns:
        receivers = {user for _, user in given_}
        # nobody who received a pawn ends with two more than someone else
        assert max(after[u] for u in receivers) <= min(after.values()) + 1
