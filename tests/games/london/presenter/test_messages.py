"""The words the bot posts: friendly, and never a hidden station."""

from __future__ import annotations

import random
import re

import discord
import pytest

from bot.games.london.presenter import messages
from bot.games.london.engine import MRX, GameState, MrXMoved, PawnMoved
from bot.games.london.engine import load_board
from bot.games.london.engine.players import GreedyPlayer, RandomPlayer, play_game, view_for
from bot.service.models import GameInfo, Player


def info(state: GameState, game_id: int = 7) -> GameInfo:
    return GameInfo(id=game_id, guild_id=1, channel_id=2, status="running", rules=state.rules.name, board="london",
                    options={}, seed=state.seed, host_id=10, version=3, round=state.round,
                    to_move=tuple(state.to_move()), turn=1, turn_started_at=0.0, created_at=0.0, started_at=0.0,
                    finished_at=None, updated_at=0.0, outcome=state.outcome)


def people(state: GameState) -> tuple[Player, ...]:
    found = []
    for seat in range(state.players):
        found.append(Player(user_id=10 + seat, name=f"p{seat}", seat=seat, role="mrx" if seat == 0 else "detective",
                            pawns=tuple(state.seat_pawns(seat)), status="playing", joined_at=0.0))
    return tuple(found)


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def public_texts(state: GameState, events) -> list[str]:
    view = state.public_view()
    owners = messages.owners_of(people(state))
    nxt = {"round": view.round, "pawns": list(view.to_move), "user_ids": [10]}
    texts = [messages.action_text({"next": nxt}, events, view, owners), messages.logbook_cells(view),
             messages.round_summary_text(view, view.round),
             embed_text(messages.status_embed(info(state), view, people(state)))]
    if view.outcome is not None:
        texts.append(embed_text(messages.game_over_embed(view, people(state), "route.png")))
    return texts


@pytest.mark.parametrize("rules,players,seed,mrx", [("classic", 3, 1, "greedy"), ("classic", 5, 2, "random"),
                                                     ("mb1985", 4, 3, "greedy"), ("master", 3, 4, "random")])
def test_public_texts_never_name_the_hidden_station(rules: str, players: int, seed: int, mrx: str) -> None:
    state = GameState.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    mrx_player = GreedyPlayer(rng) if mrx == "greedy" else RandomPlayer(rng, 0.2)
    detectives = GreedyPlayer(rng)
    events: list = []
    while True:
        shown = {e.station for e in state.logbook if e.shown}
        hidden = state.mrx_station
        if not state.is_over and hidden not in shown:
            possible = state.public_view().possible
            for text in public_texts(state, events):
                # a line naming exactly the stations everyone can work out he may be at (one or several)
                # gives nothing away
                text = "\n".join(line for line in text.splitlines() if not (
                    possible and {int(n) for n in re.findall(r"\*\*(\d+)\*\*", line)} == possible))
                assert f"**{hidden}**" not in text, text
        if state.is_over:
            break
        pawn = next(p for p in state.to_move() if state.legal_moves(p))
        player = mrx_player if pawn == MRX else detectives
        events = state.apply(player.choose(view_for(state, pawn), pawn))
    # Once it is over, the route is public.
    over = messages.route_text(state.public_view())
    assert f"**{state.mrx_station}**" in over


def test_event_lines_read_well() -> None:
    state = GameState.new("classic", players=3, seed=1)
    view = state.public_view()
    owners = messages.owners_of(people(state))
    line = messages.event_line(MrXMoved(1, 3, "bus", False, 54), view, owners)
    assert line == "🎩 Mr. X's move 3: 🚌 bus. 🔍 He shows himself at **54**!"
    hidden = messages.event_line(MrXMoved(1, 4, "black", True, None), view, owners)
    assert hidden == "🎩 Mr. X's move 4: ⬛ black (double move)."
    red = state.pawns[1].id
    moved = messages.event_line(PawnMoved(1, red, 13, 14, "taxi", True), view, owners)
    assert moved.startswith("🔴 Red took a taxi from **13** to **14**.") and "caught" in moved
    bus = messages.event_line(PawnMoved(1, red, 13, 23, "bus", False), view, owners)
    assert bus == "🔴 Red took the bus from **13** to **23**."
    nxt = messages.next_up_line({"pawns": [red], "user_ids": [11]}, view, owners)
    assert nxt == "➡️ Next: 🔴 Red (<@11>)."
    assert "DM" in messages.next_up_line({"pawns": [MRX], "user_ids": [10]}, view, owners)


def test_wallets_and_labels() -> None:
    london, potsdam = load_board("london"), load_board("potsdam")
    assert messages.wallet({"taxi": 10, "bus": None}, london) == "🚕 10 · 🚌 ∞"
    assert messages.wallet({"walk": 10, "vip": 8, "sbahn": 4}, potsdam) == "🚶 10 · 🚋 8 · 🚆 4"
    assert messages.wallet(None, london) == "no tickets needed"
    assert messages.ticket("sbahn", potsdam) == "🚆 Schnellbahn ticket"
    assert messages.destination_label(54, ("taxi", "black"), london) == "54 — taxi, black"
    assert messages.station(7) == "**7**" and messages.station(None) == "?"


def test_mr_x_prompt_is_private_and_complete() -> None:
    state = GameState.new("classic", players=3, seed=1)
    text = messages.mrx_prompt_text(info(state), state.mrx_view(), "#game")
    assert f"You are at **{state.mrx_station}**" in text and "This is your move 1 (Logbook 0/24)" in text
    assert "⬛" in text and "⏩" in text


def test_the_logbook_shows_only_shown_stations() -> None:
    finished = play_game("classic", players=3, seed=4).public_view()
    assert all(f"**{s}**" in messages.logbook_cells(finished) for s in finished.route[1:])  # over: all shown
    running = GameState.new("classic", players=3, seed=4)
    assert messages.logbook_cells(running.public_view()).startswith("No moves yet.")
    move = running.legal_moves(MRX)[0]
    running.apply(move)
    text = messages.logbook_cells(running.public_view())
    assert text.startswith(f"` 1` {running.board.ticket_emoji(move.ticket)}") and "**" not in text
    assert "Next reveal: move 3." in text


def test_rules_text_says_what_matters() -> None:
    from bot.i18n import speaker
    from bot.games.london.presenter.rules_summary import rules_text

    text = rules_text(speaker("en"), "master")
    assert "any order" in text and "supply" in text and "22 rounds" in text
    assert "seat order" in rules_text(speaker("en"), "classic")


def test_a_round_summary_tells_the_logbook_and_where_mrx_may_be() -> None:
    from bot.chat.posts import where_line

    state = GameState.new("classic", players=3, seed=2)
    rng = random.Random(2)
    player = GreedyPlayer(rng)
    while state.round < 3:
        pawn = next(p for p in state.to_move() if state.legal_moves(p))
        state.apply(player.choose(view_for(state, pawn), pawn))
    view = state.public_view()
    text = messages.round_summary_text(view, 2)
    lines = text.splitlines()
    count = len(view.possible)
    assert lines[0] == "📋 **Round 2 is over**"
    tickets = "".join(view.board.ticket_emoji(e.ticket) for e in view.logbook)
    assert lines[1] == f"📒 {len(view.logbook)}/24: {tickets}"  # no station shown yet
    assert lines[2] == "🔍 He shows himself after move 3."
    assert lines[3] == (f"❓ He may be at any of {count} stations." if count > 6 else where_line(view.possible, None))
    assert len(lines) == 4  # the call to act comes from the announcer, after these


def test_the_summary_names_few_stations_and_the_one_he_must_be_at() -> None:
    from bot.chat.posts import where_line
    from bot.i18n import speaker

    assert where_line({14}, None) == "❗ He must be at **14**."
    assert where_line({15, 14}, None) == "❓ He may be at **14** or **15**."
    assert where_line(range(1, 7), None) == "❓ He may be at **1**, **2**, **3**, **4**, **5** or **6**."
    assert where_line(range(1, 8), None) == "❓ He may be at any of 7 stations."
    assert where_line({3, 4}, 148) == "❗ He is at **148**."
    de = speaker("de")
    assert where_line({14}, None, de) == "❗ Er muss auf **14** stehen."
    assert where_line({14, 15, 16}, None, de) == "❓ Er kann auf **14**, **15** oder **16** stehen."
    assert where_line(range(40), None, de) == "❓ Er kann auf einer von 40 Haltestellen stehen."


def test_the_logbook_line_shows_tickets_in_a_row_and_the_stations_he_showed_himself_at() -> None:
    from bot.chat.posts import logbook_line

    cells = [("🚕", None), ("🚕", None), ("🚌", 148), ("⬛", None), ("🚕", None)]
    assert logbook_line(cells, 24) == "📒 5/24: 🚕🚕🚌 **148** · ⬛🚕"
    assert logbook_line([], 13, start="tile B") == "📒 0/13: tile B ▸ no moves yet"


def test_detectives_moving_in_any_order_are_mentioned_once_each() -> None:
    state = GameState.new("master", players=3, seed=4)
    state.apply(state.legal_moves(MRX)[0])
    view = state.public_view()
    owners = messages.owners_of(people(state))
    owners.setdefault("b1", []).append(12)  # a bobby is moved by every detective player
    line = messages.next_up_line({"pawns": list(view.to_move)}, view, owners)
    assert line.startswith("➡️ Detectives to move, in any order: ")
    assert line.count("<@11>") == 1 and line.count("<@12>") == 1


def test_a_master_logbook_counts_the_entries_the_game_can_still_fill() -> None:
    """Master ends after 22 rounds: the round's text and the pictures count the sheet as far as the rounds left
    and his double moves allow (24 at most), so a game that ran its 22 rounds with no double move filled 22 of 22."""
    from bot.games.london.presenter.board_words import logbook_count
    from bot.games.london.presenter.channel_posts import logbook_line
    from bot.games.london.pictures.logbook import logbook_boxes

    assert GameState.new("master", players=4, seed=2).public_view().log_size() == 24  # 22 rounds, 2 doubles
    for seed, size in ((2, 22), (5, 23), (3, 24)):  # escaped with no double move, with one; caught in round 19
        view = play_game("master", players=4, seed=seed).public_view()
        assert view.log_size() == size and len(logbook_boxes(view)) == size
        assert f"/{size}:" in logbook_line(view) and logbook_count(view).endswith(f"/{size}")
    assert len(play_game("master", players=4, seed=2).public_view().logbook) == 22
