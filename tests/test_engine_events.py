"""`state.events`, game by game: what each move says it did, and that it says nothing hidden."""

from __future__ import annotations

import json
import random

from engines import canals, canfield
from engines.canals import Place
from engines.cards import FULL_DECK
from engines.core import Move

EMPTY4 = ([], [], [], [])


def position(
    *, base=7, foundations=EMPTY4, reserve=(), tableau=EMPTY4, waste=(), **options
) -> canfield.CanfieldState:
    """A Canfield position; the cards not named go to the bottom of the stock."""
    named = [c for p in (*foundations, reserve, *tableau, waste) for c in p]
    stock = [c for c in FULL_DECK if c not in set(named)]
    return canfield.from_dict(
        {
            "game": "canfield",
            "seed": 0,
            "options": {**canfield.DEFAULTS, **options},
            "base_rank": base,
            "foundations": [list(f) for f in foundations],
            "reserve": list(reserve),
            "tableau": [list(t) for t in tableau],
            "stock": stock,
            "waste": list(waste),
            "redeals_used": 0,
        }
    )


# --- Canfield --------------------------------------------------------------------------------


def test_canfield_new_games_and_loaded_states_have_no_events():
    state = canfield.new_game(5)
    assert state.events == []
    moved = state.apply(Move("stock", "waste", 1))
    assert moved.events
    assert canfield.from_dict(moved.to_dict()).events == []
    assert canfield.from_dict(moved.to_dict()) == moved  # events are not part of equality


def test_canfield_draw_names_the_drawn_cards_in_the_order_they_landed():
    state = canfield.new_game(11, options={"draw": 3})
    after = state.apply(Move("stock", "waste", 3))
    top3 = [state.stock[-1], state.stock[-2], state.stock[-3]]
    assert after.events == [{"kind": "draw", "n": 3, "cards": top3}]
    assert list(after.waste) == top3  # landed bottom→top: the first turned ends lowest


def test_canfield_short_draw_and_redeal():
    state = canfield.new_game(2, options={"draw": 3})
    while state.stock:
        state = state.apply(Move("stock", "waste", min(3, len(state.stock))))
    assert state.events[0]["kind"] == "draw" and state.events[0]["n"] == 34 % 3
    redealt = state.apply(Move("waste", "stock", len(state.waste)))
    assert redealt.events == [{"kind": "redeal", "n": 34}]


def test_canfield_move_lists_the_cards_bottom_to_top():
    state = position(
        tableau=(["9D", "8C", "7H"], ["TS"], ["KH"], ["2S"]), tableau_move="any", reserve=["QD"]
    )
    after = state.apply(Move("tableau:0", "tableau:1", 3))
    assert after.events == [
        {
            "kind": "move",
            "src": "tableau:0",
            "dst": "tableau:1",
            "n": 3,
            "cards": ["9D", "8C", "7H"],
        }
    ]
    json.dumps(after.events)


def test_canfield_a_reserve_move_reveals_the_new_top():
    state = position(reserve=["4C", "QS", "6H"], tableau=(["7S"], ["KD"], ["2C"], ["9H"]))
    after = state.apply(Move("reserve", "tableau:0", 1))
    assert after.events == [
        {"kind": "move", "src": "reserve", "dst": "tableau:0", "n": 1, "cards": ["6H"]},
        {"kind": "reveal", "pile": "reserve", "card": "QS"},
    ]
    last = position(reserve=["6H"], tableau=(["7S"], ["KD"], ["2C"], ["9H"]))
    emptied = last.apply(Move("reserve", "tableau:0", 1))
    assert [e["kind"] for e in emptied.events] == ["move"]  # nothing left to uncover


def test_canfield_fill_from_the_reserve_then_reveal():
    state = position(
        foundations=(["7H"], [], [], []),
        reserve=["4C", "QS", "JD"],
        tableau=(["KS"], ["8H"], ["2C"], ["9D"]),
        empty_fill="reserve",
    )
    after = state.apply(Move("tableau:1", "foundation:0", 1))
    assert after.events == [
        {"kind": "move", "src": "tableau:1", "dst": "foundation:0", "n": 1, "cards": ["8H"]},
        {"kind": "fill", "pile": "tableau:1", "card": "JD"},
        {"kind": "reveal", "pile": "reserve", "card": "QS"},
    ]
    assert after.tableau[1] == ("JD",) and after.reserve[-1] == "QS"
    # The reserve's last card fills the pile; nothing is uncovered.
    one = position(
        foundations=(["7H"], [], [], []),
        reserve=["JD"],
        tableau=(["KS"], ["8H"], ["2C"], ["9D"]),
        empty_fill="reserve",
    )
    assert [e["kind"] for e in one.apply(Move("tableau:1", "foundation:0", 1)).events] == [
        "move",
        "fill",
    ]


def test_canfield_foundation_return_is_a_move():
    state = position(
        foundations=(["7H", "8H"], [], [], []),
        tableau=(["9S"], ["KD"], ["2C"], ["4H"]),
        reserve=["QS"],
        foundation_return=True,
    )
    after = state.apply(Move("foundation:0", "tableau:0", 1))
    assert after.events == [
        {"kind": "move", "src": "foundation:0", "dst": "tableau:0", "n": 1, "cards": ["8H"]}
    ]


def test_canfield_events_name_only_cards_the_player_then_sees():
    rng = random.Random(4)
    for seed in range(20):
        state = canfield.new_game(seed, options=rng.choice(list(canfield.presets.values())))
        for _ in range(60):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(rng.choice(moves))
            view = json.dumps(state.view(0))
            for event in state.events:
                for code in event.get("cards", []) + [event.get("card")] * ("card" in event):
                    assert f'"{code}"' in view, (event, code)


# --- Canals ----------------------------------------------------------------------------------


def test_canals_place_events_keep_face_down_cards_secret():
    rng = random.Random(8)
    for seed in range(15):
        state = canals.new_game(seed=seed, options={"memory_aid": seed % 2 == 0})
        assert state.events == []
        while not state.is_over():
            move = state.random_move(rng)
            before = state
            state = state.apply(move)
            event = state.events[0]
            column = len(state.sides[move.side]) - 1 if move.column is None else move.column
            assert event == {
                "kind": "place",
                "seat": before.current_player,
                "side": move.side,
                "column": column,
                "row": len(state.sides[move.side][column]) - 1,
                "face_up": move.face_up,
                "card": move.card if move.face_up else None,
            }
            assert state.sides[move.side][column][event["row"]] == (move.card, move.face_up)
            if not state.is_over():
                assert len(state.events) == 1
                assert f'"{move.card}"' not in json.dumps(state.events) or move.face_up
            assert canals.from_dict(state.to_dict()) == state
            assert canals.from_dict(state.to_dict()).events == []


def test_canals_the_last_card_reveals_every_face_down_card_and_scores():
    rng = random.Random(3)
    state = canals.new_game(seed=12)
    while state.turn < 51:
        state = state.apply(state.random_move(rng))
    last = Place(state.hands[state.current_player][0], state.current_player, None, False)
    end = state.apply(last)
    place, reveal, score = end.events
    assert place["kind"] == "place" and place["card"] is None
    expected = [
        {"side": s, "column": c, "row": r, "card": code}
        for s, side in enumerate(end.sides)
        for c, col in enumerate(side)
        for r, (code, up) in enumerate(col)
        if not up
    ]
    assert reveal == {"kind": "reveal", "cards": expected}
    assert {"side": place["side"], "column": place["column"], "row": place["row"]} | {
        "card": last.card
    } in expected
    assert score == {"kind": "score", "scores": end.scores(), "winners": end.winners()}
    json.dumps(end.events)


def test_canals_a_new_column_event_names_its_index():
    state = canals.new_game(seed=1, options={"first": 0})
    state = state.apply(Place("AH", 0, None, True))
    assert state.events[0]["column"] == 0 and state.events[0]["row"] == 0
    state = state.apply(Place("2S", 1, None, False)).apply(Place("3H", 0, None, False))
    assert state.events == [
        {
            "kind": "place",
            "seat": 0,
            "side": 0,
            "column": 1,
            "row": 0,
            "face_up": False,
            "card": None,
        }
    ]
    state = state.apply(Place("5C", 0, 0, True))
    assert state.events[0] == {
        "kind": "place",
        "seat": 1,
        "side": 0,
        "column": 0,
        "row": 1,
        "face_up": True,
        "card": "5C",
    }
