"""Canals rules: deal, turns, placement, scoring, views and saves (see design/rules.md, Canals)."""

from __future__ import annotations

import json
import random

import pytest

import engines
from engines import IllegalMove, canals
from engines.canals import CanalsState, Place, kind, score_column
from engines.cards import FULL_DECK, is_red

RED = tuple(c for c in FULL_DECK if is_red(c))
BLACK = tuple(c for c in FULL_DECK if not is_red(c))


def table(side0: list[list[str]], side1: list[list[str]], min_canals: int = 0) -> CanalsState:
    """A finished game with exactly these columns (bypasses turn order: for scoring only)."""
    sides = tuple(
        tuple(tuple((code, False) for code in col) for col in side) for side in (side0, side1)
    )
    return CanalsState(
        seed=0,
        memory_aid=True,
        min_canals=min_canals,
        first=0,
        starter=0,
        hands=((), ()),
        sides=sides,  # type: ignore[arg-type]
        turn=52,
    )


def play_random(state: CanalsState, rng: random.Random, steps: int = 52) -> CanalsState:
    for _ in range(steps):
        if state.is_over():
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


# ------------------------------------------------------------------------------------ the module


def test_registered_and_described():
    game = engines.get("canals")
    assert game is canals
    assert (game.name, game.title, game.min_players, game.max_players) == ("canals", "Canals", 2, 2)
    assert game.presets["default"] == {"memory_aid": True, "min_canals": 0, "first": None}


@pytest.mark.parametrize(
    ("options", "culprit"),
    [
        ({"memory_aid": 1}, "memory_aid"),
        ({"min_canals": 8}, "min_canals"),
        ({"min_canals": -1}, "min_canals"),
        ({"min_canals": True}, "min_canals"),
        ({"first": 2}, "first"),
        ({"first": False}, "first"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_name_the_option(options, culprit):
    with pytest.raises(ValueError, match=culprit):
        canals.new_game(seed=1, options=options)


@pytest.mark.parametrize(("seed", "players"), [(-1, 2), ("7", 2), (True, 2), (1, 1), (1, 3)])
def test_bad_seed_or_players(seed, players):
    with pytest.raises(ValueError):
        canals.new_game(seed=seed, players=players)


def test_every_preset_starts_a_game():
    for options in canals.presets.values():
        assert canals.new_game(seed=5, options=options).turn == 0


# ------------------------------------------------------------------------------------------ deal


def test_deal_gives_each_seat_its_colour():
    state = canals.new_game(seed=42)
    red, black = state.hands
    assert sorted(red) == sorted(RED) and len(red) == 26
    assert sorted(black) == sorted(BLACK) and len(black) == 26
    assert state.sides == ((), ())
    for hand in (red, black):
        kinds = [kind(c) for c in hand]
        assert (kinds.count("spring"), kinds.count("fountain"), kinds.count("canal")) == (6, 6, 14)


def test_hands_are_sorted_by_suit_then_rank():
    red, black = canals.new_game(seed=1).hands
    assert red[:13] == tuple(r + "H" for r in "A23456789TJQK")
    assert red[13:] == tuple(r + "D" for r in "A23456789TJQK")
    assert black[:13] == tuple(r + "S" for r in "A23456789TJQK")
    assert black[13:] == tuple(r + "C" for r in "A23456789TJQK")


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("AH", "spring"),
        ("2S", "spring"),
        ("3D", "spring"),
        ("4C", "canal"),
        ("9H", "canal"),
        ("TS", "canal"),
        ("JD", "fountain"),
        ("QC", "fountain"),
        ("KH", "fountain"),
    ],
)
def test_kind(code, expected):
    assert kind(code) == expected


@pytest.mark.parametrize("bad", ["1H", "AX", "", None, 7])
def test_kind_rejects_non_cards(bad):
    with pytest.raises(ValueError):
        kind(bad)


def test_deal_is_deterministic():
    assert canals.new_game(seed=99) == canals.new_game(seed=99)
    rng = random.Random(3)
    a = play_random(canals.new_game(seed=99), rng, 20)
    rng = random.Random(3)
    b = play_random(canals.new_game(seed=99), rng, 20)
    assert a == b


def test_first_player_by_seed():
    starters = {canals.new_game(seed=s).current_player for s in range(40)}
    assert starters == {0, 1}
    for s in range(40):
        expected = random.Random(s).randrange(2)
        assert canals.new_game(seed=s).current_player == expected


@pytest.mark.parametrize("first", [0, 1])
def test_first_player_by_option(first):
    for seed in range(10):
        state = canals.new_game(seed=seed, options={"first": first})
        assert state.current_player == first
        assert state.options["first"] == first


# ----------------------------------------------------------------------------------------- turns


def test_players_alternate_and_game_ends_after_52_cards():
    state = canals.new_game(seed=7, options={"first": 1})
    rng = random.Random(0)
    seen = []
    for turn in range(52):
        assert not state.is_over()
        assert state.turn == turn
        seen.append(state.current_player)
        state = state.apply(rng.choice(state.legal_moves()))
    assert seen == [1, 0] * 26
    assert state.is_over()
    assert state.current_player is None
    assert state.legal_moves() == []
    assert state.hands == ((), ())
    assert sum(len(col) for side in state.sides for col in side) == 52
    assert state.check(Place("AH", 0, None)) == "The game is over"
    with pytest.raises(IllegalMove):
        state.apply(Place("AH", 0, None))


def test_new_column_only_on_own_side():
    state = canals.new_game(seed=1, options={"first": 0})
    assert state.check(Place("AH", 1, None)) == "You can only start a new column on your own side"
    with pytest.raises(IllegalMove, match="own side"):
        state.apply(Place("AH", 1, None))
    state = state.apply(Place("AH", 0, None))
    # Player 2 (black) may not start a column on the red side either.
    assert state.check(Place("2S", 0, None)) == "You can only start a new column on your own side"
    state = state.apply(Place("2S", 1, None))
    assert [len(s) for s in state.sides] == [1, 1]


def test_append_on_either_side():
    state = canals.new_game(seed=1, options={"first": 0})
    state = state.apply(Place("AH", 0, None))
    state = state.apply(Place("5S", 0, 0))  # black appends to the red side
    state = state.apply(Place("2H", 0, None))
    state = state.apply(Place("AS", 1, None))
    state = state.apply(Place("KH", 1, 0))  # red appends to the black side
    assert state.sides[0] == ((("AH", False), ("5S", False)), (("2H", False),))
    assert state.sides[1] == ((("AS", False), ("KH", False)),)


def test_face_up_and_face_down_both_allowed():
    state = canals.new_game(seed=1, options={"first": 0})
    state = state.apply(Place("AH", 0, None, face_up=True))
    state = state.apply(Place("AS", 1, None))
    assert state.sides[0][0][0] == ("AH", True)
    assert state.sides[1][0][0] == ("AS", False)
    moves = state.legal_moves()
    assert Place("KH", 0, 0, True) in moves and Place("KH", 0, 0, False) in moves


def test_legal_moves_are_every_card_times_every_target_times_face():
    state = canals.new_game(seed=1, options={"first": 0})
    for move in [Place("AH", 0, None), Place("AS", 1, None), Place("2H", 0, None)]:
        state = state.apply(move)
    # Black to move: 25 cards × (new column + 2 red columns + 1 black column) × 2 faces.
    moves = state.legal_moves()
    assert len(moves) == 25 * 4 * 2 == len(set(moves))
    assert all(state.check(m) is None for m in moves)


def test_check_reasons():
    state = canals.new_game(seed=1, options={"first": 1})
    state = state.apply(Place("AS", 1, None))
    state = state.apply(Place("8H", 0, None))
    state = state.apply(Place("2S", 1, None))
    # Red (Player 1) is to move.
    assert state.current_player == 0
    assert state.check(Place("9S", 1, 0)) == "It is Player 1's turn"
    assert state.check(Place("8H", 0, 0)) == "8♥ is not in your hand"
    assert state.check(Place("9H", 1, None)) == "You can only start a new column on your own side"
    assert state.check(Place("9H", 1, 4)) == "There is no column 5 on that side"
    assert state.check(Place("9H", 0, 1)) == "There is no column 2 on that side"
    assert state.check(Place("9H", 0, -1)) is not None
    assert state.check(Place("9H", 2, 0)) is not None
    assert state.check(Place("9H", True, 0)) is not None  # type: ignore[arg-type]
    assert state.check(Place("9H", 0, 0, face_up=1)) is not None  # type: ignore[arg-type]
    assert state.check(Place("ZZ", 0, 0)) is not None
    assert state.check("9H") is not None
    assert state.check(Place("9H", 1, 1, face_up=True)) is None


def test_illegal_apply_raises_with_reason_and_changes_nothing():
    state = canals.new_game(seed=3, options={"first": 0})
    before = state.to_dict()
    with pytest.raises(IllegalMove) as info:
        state.apply(Place("AS", 1, None))
    assert info.value.reason == "It is Player 1's turn"
    assert isinstance(info.value, ValueError)
    assert state.to_dict() == before


# --------------------------------------------------------------------------------------- scoring


def test_contract_example():
    assert score_column(["2H", "5S", "9H", "QD", "7C"]) == 4


@pytest.mark.parametrize(
    ("codes", "points"),
    [
        ([], 0),
        (["5H", "AH", "KH"], 0),  # not a spring first
        (["KH", "AH", "5H", "KS"], 0),
        (["AH", "KH"], 2),  # spring + fountain
        (["3S", "JD"], 2),
        (["AH", "4S", "5D", "6C", "7H", "8S", "9D", "TC", "QH"], 9),
        (["AH", "JH", "2S", "5S", "KH"], 2),  # cards after the first fountain are ignored
        (["AH", "JH", "QH", "KH"], 2),
        (["AH", "5H", "2S", "5S", "KH"], 0),  # second spring before a fountain
        (["AH", "3S"], 0),
        (["AH", "5H", "6S"], 0),  # no fountain
        (["AH"], 0),
        (["4H", "5H", "KH"], 0),
    ],
)
def test_score_column(codes, points):
    assert score_column(codes) == points


def test_min_canals():
    column = ["AH", "5S", "6S", "KD"]
    assert [score_column(column, m) for m in range(5)] == [4, 4, 4, 0, 0]
    assert score_column(["AH", "KD"], 1) == 0
    assert score_column(["AH", "KD"], 0) == 2


def test_score_column_rejects_bad_codes():
    with pytest.raises(ValueError):
        score_column(["AH", "XX"])


def test_columns_score_for_the_side_owner_whoever_owns_the_cards():
    # Side 0 (red player's) holds a column made only of black cards; it scores for seat 0.
    state = table([["AS", "5C", "KS"]], [["AH", "QH"], ["7S"]])
    assert state.scores() == [3, 2]
    assert state.winners() == [0]


def test_scores_sum_columns_and_higher_total_wins():
    state = table(
        [["AH", "4H", "JH"], ["2D", "KD"], ["5D", "AD", "QD"]],
        [["AS", "4S", "5S", "6S", "KS", "AC"], ["3C", "2C", "JC"]],
    )
    assert state.scores() == [5, 5]
    assert state.winners() == [0, 1]  # equal totals: a draw
    state = table([["AH", "4H", "JH"]], [["AS", "4S", "5S", "KS"]])
    assert state.winners() == [1]


def test_min_canals_applies_to_the_tables_scores():
    state = table([["AH", "4H", "JH"]], [["AS", "KS"]], min_canals=1)
    assert state.scores() == [3, 0]


def test_no_winners_while_running():
    state = canals.new_game(seed=2, options={"first": 0}).apply(Place("AH", 0, None))
    assert state.winners() == []
    assert state.scores() == [0, 0]


def test_scripted_game_scores_the_helped_column():
    state = canals.new_game(seed=8, options={"first": 0})
    state = state.apply(Place("AH", 0, None))
    state = state.apply(Place("5S", 0, 0))  # black helps red's canal
    state = state.apply(Place("KH", 0, 0))
    # Everything else goes after the fountain, where it is ignored.
    while not state.is_over():
        state = state.apply(Place(state.hands[state.current_player][0], 0, 0))
    assert state.scores() == [3, 0]
    assert state.winners() == [0]
    assert state.column_breakdown() == [
        [{"score": 3, "scoring_cards": 3, "reason": "Spring → 1 canal → Fountain: 3"}],
        [],
    ]


def test_column_breakdown_reasons():
    state = table(
        [["AH", "4H", "5S", "JH"], ["5D", "AD"], ["2D", "3D", "KD"], ["3H", "6H"]],
        [["AS", "KS"], ["JC"]],
    )
    rows = state.column_breakdown()
    assert [r["reason"] for r in rows[0]] == [
        "Spring → 2 canals → Fountain: 4",
        "Starts with a canal: 0",
        "Second spring before a fountain: 0",
        "No fountain: 0",
    ]
    assert [r["reason"] for r in rows[1]] == ["Spring → Fountain: 2", "Starts with a fountain: 0"]
    assert [r["scoring_cards"] for r in rows[0]] == [4, 0, 0, 0]
    short = table([["AH", "KH"]], [], min_canals=2).column_breakdown()
    assert short[0][0]["score"] == 0 and "canals" in short[0][0]["reason"]


def test_column_breakdown_matches_score_column():
    rng = random.Random(11)
    for seed in range(30):
        options = {"min_canals": seed % 3}
        state = play_random(canals.new_game(seed=seed, options=options), rng)
        rows = state.column_breakdown()
        for side, cols in zip(state.sides, rows, strict=True):
            for col, row in zip(side, cols, strict=True):
                assert row["score"] == score_column([c for c, _ in col], seed % 3)
                assert row["scoring_cards"] == row["score"]
        assert state.scores() == [sum(r["score"] for r in cols) for cols in rows]


# ------------------------------------------------------------------------------------ moves, json


def test_move_to_dict_and_back():
    move = Place("7H", 0, 2)
    assert move.to_dict() == {"card": "7H", "side": 0, "column": 2, "face_up": False}
    assert canals.move_from_dict(move.to_dict()) == move
    up = Place("KS", 1, None, True)
    assert json.loads(json.dumps(up.to_dict())) == {
        "card": "KS",
        "side": 1,
        "column": None,
        "face_up": True,
    }
    assert canals.move_from_dict(json.loads(json.dumps(up.to_dict()))) == up


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        "7H",
        {"card": "7H", "side": 0, "column": 2},
        {"card": "7H", "side": 0, "column": 2, "face_up": False, "extra": 1},
        {"card": "7X", "side": 0, "column": 2, "face_up": False},
        {"card": 7, "side": 0, "column": 2, "face_up": False},
        {"card": "7H", "side": 2, "column": 2, "face_up": False},
        {"card": "7H", "side": True, "column": 2, "face_up": False},
        {"card": "7H", "side": "0", "column": 2, "face_up": False},
        {"card": "7H", "side": 0, "column": -1, "face_up": False},
        {"card": "7H", "side": 0, "column": 1.0, "face_up": False},
        {"card": "7H", "side": 0, "column": False, "face_up": False},
        {"card": "7H", "side": 0, "column": 2, "face_up": 0},
        {"card": "7H", "side": 0, "column": 2, "face_up": "no"},
    ],
)
def test_move_from_dict_is_strict(bad):
    with pytest.raises(ValueError):
        canals.move_from_dict(bad)


def test_to_dict_shape_and_round_trip():
    state = canals.new_game(seed=4, options={"first": 0})
    state = state.apply(Place("AH", 0, None, True)).apply(Place("5S", 0, 0))
    d = state.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["game"] == "canals" and d["seed"] == 4 and d["turn"] == 2
    assert d["options"] == {"memory_aid": True, "min_canals": 0, "first": 0}
    assert d["current_player"] == 0
    assert d["sides"] == [
        [
            [
                {"card": "AH", "owner": 0, "face_up": True},
                {"card": "5S", "owner": 1, "face_up": False},
            ]
        ],
        [],
    ]
    assert len(d["hands"][0]) == 25 and len(d["hands"][1]) == 25
    assert canals.from_dict(d) == state
    assert CanalsState.from_dict(json.loads(json.dumps(d))) == state


def _corrupt(d, fn):
    d = json.loads(json.dumps(d))
    fn(d)
    return d


@pytest.mark.parametrize(
    "fn",
    [
        lambda d: d.update(game="canfield"),
        lambda d: d.pop("turn"),
        lambda d: d.update(seed=-3),
        lambda d: d.update(options={"min_canals": 9}),
        lambda d: d.update(first_player=2),
        lambda d: d.update(first_player=1),  # the option says seat 0 starts
        lambda d: d.update(turn=3),
        lambda d: d.update(current_player=1),
        lambda d: d.update(current_player=None),
        lambda d: d["hands"][0].append("5S"),  # duplicate (and the wrong colour)
        lambda d: d["hands"][0].pop(),  # a card missing
        lambda d: d["hands"][0].__setitem__(0, "QS"),  # black card in the red hand
        lambda d: d["hands"].append([]),
        lambda d: d["sides"][0][0][1].update(owner=0),  # wrong owner
        lambda d: d["sides"][0][0][1].update(face_up="yes"),
        lambda d: d["sides"][0][0][1].update(extra=1),
        lambda d: d["sides"][0].append([]),  # an empty column
        lambda d: d["sides"][1].append(d["sides"][0].pop()),  # column begun by the wrong seat
        lambda d: d["sides"][0][0].__setitem__(0, {"card": "ZZ", "owner": 0, "face_up": True}),
        lambda d: d.update(sides="nope"),
    ],
)
def test_from_dict_rejects_corrupt_states(fn):
    state = canals.new_game(seed=4, options={"first": 0})
    state = state.apply(Place("AH", 0, None, True)).apply(Place("5S", 0, 0))
    with pytest.raises(ValueError):
        canals.from_dict(_corrupt(state.to_dict(), fn))


def test_from_dict_rejects_non_objects():
    for bad in (None, [], "x", 3):
        with pytest.raises(ValueError):
            canals.from_dict(bad)


def test_game_record_round_trip():
    rng = random.Random(5)
    state = canals.new_game(seed=21, options={"min_canals": 1})
    moves = []
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.apply(move)
    record = engines.GameRecord("canals", 21, 2, state.options, moves)
    again = engines.GameRecord.from_json(record.to_json())
    assert again.replay() == state


def test_game_record_rejects_an_illegal_move():
    record = engines.GameRecord("canals", 1, 2, {"first": 0}, [Place("AS", 1, None)])
    with pytest.raises(engines.RecordError, match="move 1"):
        engines.GameRecord.from_json(record.to_json())


# ------------------------------------------------------------------------------------------ view


def _hidden_codes(state: CanalsState, seat: int) -> set[str]:
    """Codes `seat` must not see: the other hand, the other seat's face-down cards, and with the
    memory aid off its own face-down cards too. Nothing is hidden once the game is over."""
    if state.is_over():
        return set()
    hidden = set(state.hands[1 - seat])
    for side in state.sides:
        for col in side:
            for code, up in col:
                owner = canals.owner_of(code)
                if not up and (owner != seat or not state.memory_aid):
                    hidden.add(code)
    return hidden


@pytest.mark.parametrize("memory_aid", [True, False])
def test_view_leaks_nothing_hidden(memory_aid):
    rng = random.Random(17)
    for seed in range(12):
        state = canals.new_game(seed=seed, options={"memory_aid": memory_aid})
        while not state.is_over():
            for seat in (0, 1):
                view = state.view(seat)
                text = json.dumps(view)
                for code in _hidden_codes(state, seat):
                    assert f'"{code}"' not in text, (seed, seat, code)
                assert view["hands"][seat] == list(state.hands[seat])
                assert view["hands"][1 - seat] == [None] * len(state.hands[1 - seat])
            move = rng.choice(state.legal_moves())
            state = state.apply(Place(move.card, move.side, move.column, rng.random() < 0.3))


def test_view_cells_show_owner_and_face():
    state = canals.new_game(seed=4, options={"first": 0})
    state = state.apply(Place("AH", 0, None)).apply(Place("5S", 0, 0, True))
    state = state.apply(Place("9H", 0, 0))
    mine = state.view(0)["sides"][0][0]
    theirs = state.view(1)["sides"][0][0]
    assert [c["owner"] for c in mine] == [0, 1, 0]
    assert [c["face_up"] for c in mine] == [False, True, False]
    assert [c["card"] for c in mine] == ["AH", "5S", "9H"]  # memory aid: own backs readable
    assert [c["card"] for c in theirs] == [None, "5S", None]
    assert [c["owner"] for c in theirs] == [0, 1, 0]
    off = canals.new_game(seed=4, options={"first": 0, "memory_aid": False})
    off = off.apply(Place("AH", 0, None)).apply(Place("5S", 0, 0, True))
    assert [c["card"] for c in off.view(0)["sides"][0][0]] == [None, "5S"]
    assert off.view(0)["hands"][0] == list(off.hands[0])  # the hand itself stays visible


def test_view_after_the_game_shows_everything():
    rng = random.Random(2)
    state = play_random(canals.new_game(seed=6, options={"memory_aid": False}), rng)
    for seat in (0, 1):
        view = state.view(seat)
        cells = [c for side in view["sides"] for col in side for c in col]
        assert len(cells) == 52
        assert all(c["face_up"] and c["card"] for c in cells)
        assert sorted(c["card"] for c in cells) == sorted(FULL_DECK)
        assert view["scores"] == state.scores()
        assert view["winners"] == state.winners()
        assert view["current_player"] is None


def test_view_rejects_bad_seats():
    state = canals.new_game(seed=1)
    for bad in (2, -1, None, True):
        with pytest.raises(ValueError):
            state.view(bad)
