"""One test (or a few) per rule of Canfield as design/rules.md reads it.

Targeted positions are built with `from_dict`; `make` puts every card not named into the bottom of
one pile (by default the stock) so that all 52 cards are present exactly once.
"""

from __future__ import annotations

import json
import random

import pytest

import engines
from engines import IllegalMove, Move, RecordError, canfield
from engines.cards import FULL_DECK, RANKS, rank_number, shuffled_deck

EMPTY4 = ([], [], [], [])


def run(base: int, suit: str, count: int, start: int = 0) -> list[str]:
    """`count` cards of `suit` in foundation order, from position `start` (0 = the base rank)."""
    return [RANKS[(base - 1 + start + i) % 13] + suit for i in range(count)]


def make(
    *,
    base: int = 7,
    foundations=EMPTY4,
    reserve=(),
    tableau=EMPTY4,
    stock=(),
    waste=(),
    rest: str = "stock",
    redeals_used: int = 0,
    **options,
) -> canfield.CanfieldState:
    named = [c for p in (*foundations, reserve, *tableau, stock, waste) for c in p]
    assert len(named) == len(set(named)), "a test position names a card twice"
    leftovers = [c for c in FULL_DECK if c not in set(named)]
    piles = {"reserve": list(reserve), "stock": list(stock), "waste": list(waste)}
    piles[rest] = leftovers + piles[rest]
    opts = dict(canfield.DEFAULTS)
    opts.update(options)
    return canfield.from_dict(
        {
            "game": "canfield",
            "seed": 0,
            "options": opts,
            "base_rank": base,
            "foundations": [list(f) for f in foundations],
            "reserve": piles["reserve"],
            "tableau": [list(t) for t in tableau],
            "stock": piles["stock"],
            "waste": piles["waste"],
            "redeals_used": redeals_used,
        }
    )


def legal(state, src, dst, n=1) -> bool:
    move = Move(src, dst, n)
    ok = state.check(move) is None
    assert ok == (move in state.legal_moves()), (move, state.check(move))
    return ok


def reason(state, src, dst, n=1) -> str:
    move = Move(src, dst, n)
    why = state.check(move)
    assert why is not None and move not in state.legal_moves()
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert info.value.reason == why
    return why


# --- the game object -------------------------------------------------------------------------


def test_module_is_the_game_object():
    game = engines.get("canfield")
    assert game is canfield
    assert (game.name, game.title, game.min_players, game.max_players) == (
        "canfield",
        "Canfield",
        1,
        1,
    )


def test_presets():
    assert canfield.presets["seed"] == {
        "draw": 1,
        "redeals": None,
        "tableau_move": "top",
        "empty_fill": "any",
        "foundation_return": False,
    }
    assert canfield.presets["classic"] == {
        "draw": 3,
        "redeals": None,
        "tableau_move": "pile",
        "empty_fill": "reserve",
        "foundation_return": False,
    }
    assert canfield.new_game(5).options == canfield.presets["seed"]
    classic = canfield.new_game(5, options=canfield.presets["classic"])
    assert classic.to_dict()["options"] == canfield.presets["classic"]
    # Same deal whatever the options: only the rules differ.
    assert classic.tableau == canfield.new_game(5).tableau
    assert classic.legal_moves()[-1] == Move("stock", "waste", 3)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"draw": 2}, "draw"),
        ({"draw": True}, "draw"),
        ({"redeals": 3}, "redeals"),
        ({"redeals": False}, "redeals"),
        ({"tableau_move": "runs"}, "tableau_move"),
        ({"empty_fill": None}, "empty_fill"),
        ({"foundation_return": 1}, "foundation_return"),
        ({"jokers": True}, "jokers"),
    ],
)
def test_bad_options_name_the_option(options, named):
    with pytest.raises(ValueError, match=named):
        canfield.new_game(1, options=options)


@pytest.mark.parametrize(("seed", "players"), [(-1, 1), ("1", 1), (True, 1), (1, 2), (1, 0)])
def test_bad_seed_or_players(seed, players):
    with pytest.raises(ValueError):
        canfield.new_game(seed, players)


# --- the deal --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 42, 2**40])
def test_deal_layout(seed):
    deck = shuffled_deck(random.Random(seed))
    s = canfield.new_game(seed)
    assert s.foundations == ((deck[0],), (), (), ())
    assert s.base_rank == rank_number(deck[0])
    assert s.reserve == tuple(deck[1:14]) and len(s.reserve) == 13
    assert s.tableau == tuple((c,) for c in deck[14:18])
    assert s.stock == tuple(deck[18:]) and len(s.stock) == 34
    assert s.waste == ()
    assert s.redeals_used == 0
    assert s.current_player == 0 and not s.is_over()
    assert s.scores() == [1] and s.winners() == []
    assert s == canfield.new_game(seed)


def test_deals_differ_by_seed():
    assert len({canfield.new_game(seed).stock for seed in range(20)}) == 20


def test_to_dict_has_the_contract_shape():
    s = canfield.new_game(42, options={"draw": 3})
    d = s.to_dict()
    assert set(d) == {
        "game",
        "seed",
        "options",
        "base_rank",
        "foundations",
        "reserve",
        "tableau",
        "stock",
        "waste",
        "redeals_used",
    }
    assert d["game"] == "canfield" and d["seed"] == 42 and d["options"]["draw"] == 3
    assert json.loads(json.dumps(d)) == d
    assert canfield.from_dict(d) == s
    assert d["stock"][-1] == s.stock[-1]  # the last element is the top


def test_view_hides_the_face_down_cards():
    s = canfield.new_game(7)
    v = s.view(0)
    assert v["reserve"] == [None] * 12 + [s.reserve[-1]]
    assert v["stock"] == [None] * 34
    assert v["tableau"] == [list(p) for p in s.tableau]
    assert v["foundations"] == [list(f) for f in s.foundations]
    s2 = s.apply(Move("stock", "waste", 1))
    assert s2.view(0)["waste"] == [s.stock[-1]]
    with pytest.raises(ValueError):
        s.view(1)


# --- foundations -----------------------------------------------------------------------------


def test_foundations_start_with_the_base_rank():
    s = make(base=7, foundations=(["7H"], [], [], []), waste=["7S"], reserve=["8D"], rest="stock")
    assert legal(s, "waste", "foundation:1")
    assert reason(s, "reserve", "foundation:1") == "Foundations start with a 7"
    s8 = make(base=8, foundations=(["8H"], [], [], []), waste=["AS"])
    assert reason(s8, "waste", "foundation:1") == "Foundations start with an 8"


def test_foundations_build_up_in_suit():
    s = make(foundations=(["7H"], ["7S"], [], []), waste=["8H"], reserve=["9H"])
    assert legal(s, "waste", "foundation:0")
    assert reason(s, "waste", "foundation:1") == "8♥ cannot go on the ♠ foundation"
    assert reason(s, "reserve", "foundation:0") == "The ♥ foundation needs the 8♥ next"
    s2 = s.apply(Move("waste", "foundation:0"))
    assert s2.foundations[0] == ("7H", "8H")
    assert legal(s2, "reserve", "foundation:0")


def test_foundations_wrap_from_king_to_ace():
    s = make(foundations=(run(7, "H", 7), [], [], []), waste=["AH"])
    assert s.foundations[0][-1] == "KH"
    s2 = s.apply(Move("waste", "foundation:0"))
    assert s2.foundations[0][-2:] == ("KH", "AH")


def test_a_full_foundation_takes_nothing():
    s = make(foundations=(run(7, "H", 13), [], [], []), waste=["7S"])
    assert reason(s, "waste", "foundation:0") == "That foundation is complete"


def test_each_card_has_exactly_one_foundation():
    s = make(foundations=(["7H"], [], ["7S"], []), waste=["7D"], reserve=["8S"], tableau=EMPTY4)
    # 7♦ has no foundation yet: only the leftmost empty one takes it.
    assert legal(s, "waste", "foundation:1")
    assert reason(s, "waste", "foundation:3") == "A new foundation goes in the leftmost empty space"
    # 8♠ belongs on the ♠ foundation only.
    assert legal(s, "reserve", "foundation:2")
    assert reason(s, "reserve", "foundation:1") == "Foundations start with a 7"
    targets = [m for m in s.legal_moves() if m.dst.startswith("foundation")]
    assert targets == [Move("waste", "foundation:1"), Move("reserve", "foundation:2")]


def test_only_single_cards_go_to_foundations():
    s = make(
        foundations=(["7H"], [], [], []),
        tableau=(["9S", "8H"], [], [], []),
        tableau_move="any",
    )
    assert legal(s, "tableau:0", "foundation:0", 1)
    assert reason(s, "tableau:0", "foundation:0", 2) == "Only single cards go to a foundation"


# --- tableau ---------------------------------------------------------------------------------


def test_tableau_builds_down_in_alternating_colours():
    s = make(
        tableau=(["8D"], ["8S"], ["9H"], ["6C"]),
        waste=["7S"],
        reserve=["7H"],
    )
    assert legal(s, "waste", "tableau:0")
    assert reason(s, "waste", "tableau:1") == "7♠ needs a red 8 — this is a black 8"
    assert reason(s, "waste", "tableau:2") == "7♠ needs a red 8 — this is a red 9"
    assert legal(s, "reserve", "tableau:1")
    assert reason(s, "reserve", "tableau:0") == "7♥ needs a black 8 — this is a red 8"
    assert reason(s, "tableau:3", "tableau:2") == "6♣ needs a red 7 — this is a red 9"
    s2 = s.apply(Move("waste", "tableau:0"))
    assert s2.tableau[0] == ("8D", "7S")
    assert s2.waste == s.waste[:-1]


def test_tableau_wraps_a_king_onto_an_ace():
    s = make(tableau=(["AH"], ["AS"], ["2D"], []), waste=["KS"], reserve=["AC"], rest="stock")
    assert legal(s, "waste", "tableau:0")
    assert reason(s, "waste", "tableau:1") == "K♠ needs a red A — this is a black A"
    assert legal(s, "reserve", "tableau:2")
    assert reason(s, "waste", "tableau:2") == "K♠ needs a red A — this is a red 2"


def test_top_mode_moves_only_the_top_card():
    s = make(tableau=(["9H", "8S"], ["9D"], ["QC"], ["KD"]))
    assert legal(s, "tableau:0", "tableau:1", 1)
    assert reason(s, "tableau:0", "tableau:2", 2) == "Only the top card of a tableau pile can move"
    assert s.movable_run_starts("tableau:0") == [1]


def test_pile_mode_moves_the_top_card_or_the_whole_pile():
    s = make(
        tableau=(["8S", "7H", "6C"], ["9D"], ["8C"], ["7D"]),
        tableau_move="pile",
    )
    assert legal(s, "tableau:0", "tableau:1", 3)
    assert legal(s, "tableau:0", "tableau:3", 1)
    assert reason(s, "tableau:0", "tableau:2", 2) == "Only the top card or the whole pile can move"
    assert s.movable_run_starts("tableau:0") == [0, 2]
    s2 = s.apply(Move("tableau:0", "tableau:1", 3))
    assert s2.tableau[0] == () and s2.tableau[1] == ("9D", "8S", "7H", "6C")


def test_any_mode_moves_any_built_run():
    s = make(
        tableau=(["KC", "8S", "7H", "6C"], ["9D"], ["8C"], ["7D"]),
        tableau_move="any",
    )
    assert legal(s, "tableau:0", "tableau:1", 3)
    assert legal(s, "tableau:0", "tableau:2", 2)
    assert legal(s, "tableau:0", "tableau:3", 1)
    assert reason(s, "tableau:0", "tableau:1", 4) == (
        "Those cards are not a run in alternating colours"
    )
    assert reason(s, "tableau:0", "tableau:1", 5) == "That pile has only 4 cards"
    assert s.movable_run_starts("tableau:0") == [1, 2, 3]
    s2 = s.apply(Move("tableau:0", "tableau:2", 2))
    assert s2.tableau[0] == ("KC", "8S") and s2.tableau[2] == ("8C", "7H", "6C")


def test_reserve_offers_only_its_top_card():
    s = make(reserve=["5D", "6S"], tableau=(["7H"], ["6H"], [], []), rest="stock")
    assert legal(s, "reserve", "tableau:0")
    assert reason(s, "reserve", "tableau:1", 2) == "Only the top card of the reserve can move"
    assert s.movable_run_starts("reserve") == [len(s.reserve) - 1]
    s2 = s.apply(Move("reserve", "tableau:0"))
    assert s2.reserve[-1] == "5D"
    assert s2.tableau[0] == ("7H", "6S")
    assert legal(s2, "reserve", "tableau:0")


def test_only_the_waste_top_is_available():
    s = make(waste=["6S", "5D"], tableau=(["7H"], ["6C"], ["QC"], ["KD"]))
    assert legal(s, "waste", "tableau:1")
    assert reason(s, "waste", "tableau:0", 2) == "Only the top card of the waste can move"
    assert reason(s, "waste", "tableau:0") == "5♦ needs a black 6 — this is a red 7"


# --- stock, waste, redeals -------------------------------------------------------------------


def test_draw_one():
    s = make(stock=["2C", "3C", "4C"])
    assert reason(s, "stock", "waste", 3) == "A draw turns 1 card"
    s2 = s.apply(Move("stock", "waste", 1))
    assert s2.waste == ("4C",) and s2.stock == s.stock[:-1]


def test_draw_three_turns_cards_one_at_a_time():
    s = make(stock=["2C", "3C", "4C"], draw=3)
    assert reason(s, "stock", "waste", 1) == "A draw turns 3 cards"
    s2 = s.apply(Move("stock", "waste", 3))
    assert s2.waste == ("4C", "3C", "2C")  # the top of the waste is the third card turned
    assert s2.stock == s.stock[:-3]


def test_draw_three_with_fewer_cards_left():
    s = make(stock=["2C", "3C"], waste=["9H"], draw=3, rest="reserve")
    assert s.stock == ("2C", "3C")
    assert reason(s, "stock", "waste", 3) == "A draw turns 2 cards"
    assert Move("stock", "waste", 2) in s.legal_moves()
    s2 = s.apply(Move("stock", "waste", 2))
    assert s2.waste == ("9H", "3C", "2C") and s2.stock == ()


def test_empty_stock_asks_for_a_redeal():
    s = make(waste=["2C", "3C"], rest="reserve")
    assert reason(s, "stock", "waste", 1) == "The stock is empty — click it to redeal"
    assert s.movable_run_starts("stock") == []
    assert s.legal_moves()[-1] == Move("waste", "stock", 2)


@pytest.mark.parametrize("draw", [1, 3])
def test_redeal_repeats_the_order_of_draws(draw):
    s = canfield.new_game(11, options={"draw": draw})
    original = s.stock
    draws = []
    while s.stock:
        move = Move("stock", "waste", min(draw, len(s.stock)))
        s = s.apply(move)
        draws.append(s.waste[-1])
    assert reason(s, "waste", "stock", 3) == "A redeal turns over the whole waste"
    s = s.apply(Move("waste", "stock", len(s.waste)))
    assert s.stock == original and s.waste == () and s.redeals_used == 1
    again = []
    while s.stock:
        s = s.apply(Move("stock", "waste", min(draw, len(s.stock))))
        again.append(s.waste[-1])
    assert again == draws


def test_redeal_only_when_the_stock_is_empty():
    s = make(stock=["2C"], waste=["3C"], rest="reserve")
    assert reason(s, "waste", "stock", 1) == "You can redeal only once the stock is empty"
    empty = make(rest="reserve")
    assert reason(empty, "waste", "stock", 1) == "The waste is empty — there is nothing to redeal"
    assert reason(empty, "stock", "waste", 1) == "The stock and the waste are both empty"


@pytest.mark.parametrize("limit", [0, 1, 2])
def test_redeal_limits(limit):
    s = make(waste=["2C", "3C"], rest="reserve", redeals=limit)
    assert s.redeals_left == limit
    for used in range(limit):
        assert s.redeals_left == limit - used
        s = s.apply(Move("waste", "stock", 2))
        s = s.apply(Move("stock", "waste", 1)).apply(Move("stock", "waste", 1))
    assert s.redeals_used == limit and s.redeals_left == 0
    assert reason(s, "waste", "stock", 2) == "No redeals left"
    assert reason(s, "stock", "waste", 1) == "The stock is empty and no redeals are left"
    assert all(m.src != "stock" and m.dst != "stock" for m in s.legal_moves())


def test_unlimited_redeals():
    s = make(waste=["2C", "3C"], rest="reserve")
    assert s.redeals_left is None
    for _ in range(25):
        s = s.apply(Move("waste", "stock", 2)).apply(Move("stock", "waste", 1))
        s = s.apply(Move("stock", "waste", 1))
    assert s.redeals_used == 25 and s.redeals_left is None
    assert legal(s, "waste", "stock", 2)


def test_redeals_used_beyond_the_limit_is_rejected():
    with pytest.raises(RecordError):
        make(waste=["2C"], rest="reserve", redeals=1, redeals_used=2)


# --- empty tableau piles ---------------------------------------------------------------------


def test_empty_fill_any_takes_any_available_card():
    s = make(
        reserve=["QD"],
        waste=["5S"],
        tableau=(["9H", "8S"], [], ["KC"], ["3D"]),
        foundations=(["7H"], [], [], []),
        tableau_move="any",
    )
    assert legal(s, "reserve", "tableau:1")
    assert legal(s, "waste", "tableau:1")
    assert legal(s, "tableau:0", "tableau:1", 1)
    assert legal(s, "tableau:0", "tableau:1", 2) is False  # whole pile to an empty pile
    assert legal(s, "tableau:3", "tableau:1", 1) is False  # a one-card pile is a whole pile
    s3 = s.apply(Move("waste", "tableau:1"))
    assert s3.tableau[1] == ("5S",) and s3.reserve == s.reserve


@pytest.mark.parametrize("mode", ["top", "pile", "any"])
def test_whole_pile_onto_an_empty_pile_is_not_a_move(mode):
    s = make(tableau=(["9H", "8S"], [], ["KC"], ["3D"]), tableau_move=mode)
    why = "Moving a whole pile onto an empty pile changes nothing"
    assert reason(s, "tableau:2", "tableau:1", 1) == why
    if mode != "top":
        assert reason(s, "tableau:0", "tableau:1", 2) == why
    assert all(
        not (m.src.startswith("tableau") and m.dst == "tableau:1" and m.n == len(s.pile(m.src)))
        for m in s.legal_moves()
    )


def test_empty_fill_reserve_fills_at_once():
    s = make(
        foundations=(["7H"], [], [], []),
        reserve=["2C", "JD"],
        tableau=(["8H"], ["5S"], ["KC"], ["3D"]),
        empty_fill="reserve",
    )
    s2 = s.apply(Move("tableau:0", "foundation:0"))
    assert s2.tableau[0] == ("JD",)
    assert s2.reserve == s.reserve[:-1]
    assert s2.foundations[0] == ("7H", "8H")


def test_empty_fill_reserve_fills_after_any_emptying_move():
    s = make(
        foundations=(["7H"], [], [], []),
        reserve=["2C", "JD"],
        tableau=(["8H"], ["5S"], ["KC"], ["6D"]),
        empty_fill="reserve",
        rest="waste",
    )
    assert s.reserve[-2:] == ("2C", "JD")
    s2 = s.apply(Move("tableau:1", "tableau:3"))
    assert s2.tableau[1] == ("JD",) and s2.tableau[3] == ("6D", "5S")
    s3 = s2.apply(Move("tableau:0", "foundation:0"))
    assert s3.tableau[0] == ("2C",)
    assert s3.reserve == s.reserve[:-2]


def test_empty_fill_reserve_fills_leftmost_first():
    # Two empty piles can only arise from a hand-built position; the next move fills both.
    s = make(
        reserve=["4C", "JD"],
        tableau=(["8H"], [], ["KC"], []),
        stock=["2S"],
        empty_fill="reserve",
        rest="waste",
    )
    s2 = s.apply(Move("stock", "waste", 1))
    assert s2.tableau[1] == ("JD",) and s2.tableau[3] == ("4C",)


def test_empty_fill_reserve_forbids_player_fills_while_the_reserve_lasts():
    s = make(
        reserve=["JD"],
        waste=["5S"],
        tableau=(["8H"], [], ["KC"], ["3D"]),
        empty_fill="reserve",
        rest="stock",
    )
    why = "An empty pile is filled from the reserve while it has cards"
    assert reason(s, "waste", "tableau:1") == why
    assert reason(s, "reserve", "tableau:1") == why


def test_empty_fill_reserve_after_the_reserve_is_empty():
    s = make(
        foundations=(["7H"], [], [], []),
        reserve=[],
        waste=["5S"],
        tableau=(["8H"], ["QC", "JD"], ["KC"], ["3D"]),
        empty_fill="reserve",
        rest="stock",
    )
    s2 = s.apply(Move("tableau:0", "foundation:0"))
    assert s2.tableau[0] == ()
    assert legal(s2, "waste", "tableau:0")
    assert legal(s2, "tableau:1", "tableau:0", 1)
    assert not legal(s2, "tableau:2", "tableau:0", 1)  # a whole pile


def test_empty_fill_reserve_with_the_last_reserve_card():
    s = make(
        foundations=(["7H", "8H"], [], [], []),
        reserve=["JH"],
        tableau=(["9H"], ["4S"], ["KC"], ["3D"]),
        waste=["2S", "TH"],
        empty_fill="reserve",
        rest="stock",
    )
    s2 = s.apply(Move("tableau:0", "foundation:0"))
    assert s2.tableau[0] == ("JH",) and s2.reserve == ()
    s3 = s2.apply(Move("waste", "foundation:0")).apply(Move("tableau:0", "foundation:0"))
    assert s3.tableau[0] == ()  # nothing left to fill it with
    assert s3.foundations[0][-1] == "JH"
    assert legal(s3, "waste", "tableau:0")  # the player may fill it now
    assert legal(s3, "tableau:1", "tableau:0") is False
    assert s3.destinations("tableau:2", 1) == []  # K♣ fits nowhere; a whole pile never moves empty


# --- foundation_return -----------------------------------------------------------------------


def test_foundation_return_off():
    s = make(foundations=(["7H", "8H"], [], [], []), tableau=(["9S"], [], [], []))
    assert reason(s, "foundation:0", "tableau:0") == "Cards cannot come back off a foundation"
    assert s.movable_run_starts("foundation:0") == []


def test_foundation_return_on():
    s = make(
        foundations=(["7H", "8H"], [], [], []),
        tableau=(["9S"], ["9H"], ["KC"], []),
        foundation_return=True,
    )
    assert legal(s, "foundation:0", "tableau:0")
    assert legal(s, "foundation:0", "tableau:3")  # an empty pile, empty_fill="any"
    assert reason(s, "foundation:0", "tableau:1") == "8♥ needs a black 9 — this is a red 9"
    assert reason(s, "foundation:0", "tableau:0", 2) == (
        "Only one card at a time comes off a foundation"
    )
    assert reason(s, "foundation:0", "foundation:1") == (
        "A foundation card can only go back to a tableau pile"
    )
    assert reason(s, "foundation:1", "tableau:0") == "That foundation is empty"
    assert s.movable_run_starts("foundation:0") == [1]
    s2 = s.apply(Move("foundation:0", "tableau:0"))
    assert s2.foundations[0] == ("7H",) and s2.tableau[0] == ("9S", "8H")
    assert legal(s2, "tableau:0", "foundation:0")


# --- end of game -----------------------------------------------------------------------------


def test_win_detection():
    s = make(
        foundations=(run(7, "H", 13), run(7, "S", 13), run(7, "D", 13), run(7, "C", 12)),
        waste=["6C"],
    )
    assert not s.is_over() and s.current_player == 0 and s.winners() == []
    assert [m for m in s.legal_moves() if m.dst.startswith("foundation")] == [
        Move("waste", "foundation:3")
    ]
    won = s.apply(Move("waste", "foundation:3"))
    assert won.is_over() and won.is_won() and not won.is_lost()
    assert won.current_player is None
    assert won.legal_moves() == []
    assert won.scores() == [52] and won.winners() == [0]
    assert won.check(Move("stock", "waste", 1)) == (
        "The game is over — every card is on a foundation"
    )
    with pytest.raises(IllegalMove):
        won.apply(Move("stock", "waste", 1))


def test_a_game_with_no_moves_left_is_lost_but_not_over():
    s = make(
        foundations=(["7H"], [], [], []),
        tableau=(["KC"], ["KS"], ["QC"], ["QS"]),
        waste=["5S", "3S"],
        rest="reserve",
        redeals=0,
    )
    assert s.legal_moves() == []
    assert s.is_lost()
    assert not s.is_over() and s.current_player == 0  # is_over means won; undo is still possible
    assert s.winners() == [] and s.scores() == [1]
    assert not canfield.new_game(1).is_lost()


# --- loading ---------------------------------------------------------------------------------


def test_from_dict_round_trip_and_validation():
    s = canfield.new_game(3, options={"tableau_move": "any", "redeals": 2})
    assert canfield.from_dict(s.to_dict()) == s
    assert canfield.from_dict(json.loads(json.dumps(s.to_dict()))) == s

    def broken(**change):
        d = s.to_dict()
        d.update(change)
        with pytest.raises(ValueError):
            canfield.from_dict(d)

    broken(game="canals")
    broken(seed=-1)
    broken(base_rank=0)
    broken(base_rank=True)
    broken(redeals_used=3)
    broken(options={"draw": 4})
    broken(options=[])
    broken(reserve=s.to_dict()["reserve"][:-1])  # a card missing
    broken(waste=[s.stock[0]])  # a card twice
    broken(waste=["1X"])
    broken(tableau=[[], [], []])
    broken(foundations=[[s.foundations[0][0], s.reserve[0]], [], [], []])
    with pytest.raises(ValueError):
        canfield.from_dict([])
    d = s.to_dict()
    del d["waste"]
    with pytest.raises(RecordError, match="waste"):
        canfield.from_dict(d)


def test_from_dict_rejects_badly_built_foundations():
    with pytest.raises(RecordError, match="base rank"):
        make(foundations=(["8H"], [], [], []))
    with pytest.raises(RecordError, match="built up in suit"):
        make(foundations=(["7H", "9H"], [], [], []))


def test_move_from_dict():
    assert canfield.move_from_dict({"src": "tableau:2", "dst": "foundation:0", "n": 1}) == Move(
        "tableau:2", "foundation:0", 1
    )
    for m in canfield.new_game(9).legal_moves():
        assert canfield.move_from_dict(m.to_dict()) == m
    for bad in (
        None,
        [],
        "stock",
        {"src": "stock"},
        {"src": "stack", "dst": "waste", "n": 1},
        {"src": "tableau:4", "dst": "waste", "n": 1},
        {"src": "tableau:01", "dst": "waste", "n": 1},
        {"src": "stock", "dst": 3, "n": 1},
        {"src": "stock", "dst": "waste", "n": 0},
        {"src": "stock", "dst": "waste", "n": 53},
        {"src": "stock", "dst": "waste", "n": 10**30},
        {"src": "stock", "dst": "waste", "n": True},
        {"src": "stock", "dst": "waste", "n": 1.0},
        {"src": "stock", "dst": "waste", "n": "1"},
        {"src": "stock", "dst": "waste", "n": 1, "extra": 1},
    ):
        with pytest.raises(ValueError):
            canfield.move_from_dict(bad)


def test_check_never_raises_on_nonsense():
    s = canfield.new_game(1)
    for bad in (None, "stock", Move("nowhere", "waste", 1), Move("stock", "waste", 0)):
        assert isinstance(s.check(bad), str)
        with pytest.raises(IllegalMove):
            s.apply(bad)
    assert s.check(Move("stock", "waste", -5)) == "A move takes 1 to 52 cards"
    assert s.check(Move("tableau:0", "reserve", 1)) == "Nothing can be put on the reserve"
    assert s.check(Move("tableau:0", "waste", 1)) == "Only the stock can be turned onto the waste"
    assert s.check(Move("tableau:0", "tableau:0", 1)) == "The cards are already there"


# --- helpers for the table -------------------------------------------------------------------


def test_destinations_and_movable_run_starts():
    s = make(
        foundations=(["7H"], [], [], []),
        tableau=(["9S", "8H"], ["9D"], ["KC"], []),
        waste=["8S"],
        reserve=["QD"],
        tableau_move="any",
    )
    assert s.destinations("waste", 1) == ["tableau:1", "tableau:3"]
    assert s.destinations("tableau:0", 1) == ["tableau:3", "foundation:0"]
    assert s.destinations("reserve", 1) == ["tableau:2", "tableau:3"]
    assert s.destinations("tableau:0", 2) == []
    assert s.movable_run_starts("tableau:0") == [0, 1]
    assert s.movable_run_starts("tableau:3") == []
    assert s.movable_run_starts("stock") == [len(s.stock) - 1]
    assert s.movable_run_starts("waste") == [0]
    assert s.foundation_count() == 1


def test_safe_foundation_moves():
    # The base rank itself is never safe: it is the last place the last-ranked cards (6s) have.
    s = make(foundations=(["7H"], [], [], []), waste=["8H"], reserve=["7S"])
    assert Move("reserve", "foundation:1") in s.legal_moves()
    assert Move("reserve", "foundation:1") not in s.safe_foundation_moves()
    # Nor is the next rank while a black 7 could still be parked on 8♥ (to hold a red 6 later).
    assert s.safe_foundation_moves() == []
    assert Move("waste", "foundation:0") in s.legal_moves()
    s = make(foundations=(["7H"], ["7S"], ["7C"], []), waste=["8H"])
    assert s.safe_foundation_moves() == [Move("waste", "foundation:0")]
    # 9♥ is safe only once both black 8s are up.
    s = make(
        foundations=(["7H", "8H"], ["7S", "8S"], ["7C"], []),
        waste=["9H"],
    )
    assert s.safe_foundation_moves() == []
    assert Move("waste", "foundation:0") in s.legal_moves()
    s = make(
        foundations=(["7H", "8H"], ["7S", "8S"], ["7C", "8C"], []),
        waste=["9H"],
    )
    assert s.safe_foundation_moves() == [Move("waste", "foundation:0")]


def _rest_of_hearts_state(stock, **options):
    return make(
        foundations=(run(7, "H", 10), run(7, "S", 13), run(7, "D", 13), run(7, "C", 13)),
        stock=stock,
        rest="stock",
        **options,
    )


def test_auto_finish_moves():
    # Hearts up to 3♥ remain to finish: 4♥ 5♥ 6♥ come from the stock.
    s = _rest_of_hearts_state(["4H", "5H", "6H"])  # 6♥ is drawn first
    moves = s.auto_finish_moves()
    assert moves is not None
    for m in moves:
        s = s.apply(m)
    assert s.is_won()
    assert s.auto_finish_moves() == []


def test_auto_finish_needs_the_redeal_it_may_use():
    order = ["4H", "6H", "5H"]  # draws: 5♥, 6♥, 4♥ — 6♥ then blocks 5♥ until a redeal
    assert _rest_of_hearts_state(order, redeals=0).auto_finish_moves() is None
    moves = _rest_of_hearts_state(order, redeals=1).auto_finish_moves()
    assert moves is not None and Move("waste", "stock", 2) in moves


def test_auto_finish_is_none_when_a_tableau_move_is_needed():
    # ♥ needs 3♥, which lies under 2♠ on the waste; ♠ needs A♠, buried in the reserve.
    s = make(
        foundations=(run(7, "H", 9), run(7, "S", 7), run(7, "D", 13), run(7, "C", 13)),
        waste=["3H", "2S"],
        rest="reserve",
        redeals=0,
    )
    assert s.reserve[0] == "AS" and s.stock == ()
    assert s.auto_finish_moves() is None
    # A player can still go on: 2♠ to an empty pile uncovers 3♥.
    assert legal(s, "waste", "tableau:0")
    assert s.apply(Move("waste", "tableau:0")).legal_moves()[0] == Move("waste", "foundation:0")


# --- hint ------------------------------------------------------------------------------------


def test_hint_prefers_foundation_moves_then_reserve_plays():
    s = make(
        foundations=(["7H"], [], [], []),
        waste=["8H"],
        reserve=["5D"],
        tableau=(["6S"], ["KC"], ["QC"], ["2D"]),
    )
    assert canfield.hint(s) == Move("waste", "foundation:0")
    s2 = s.apply(Move("waste", "foundation:0"))
    assert canfield.hint(s2) == Move("reserve", "tableau:0")


def test_hint_draws_when_nothing_else_helps():
    s = make(tableau=(["KC"], ["KS"], ["QC"], ["QS"]), reserve=["5S"], waste=["3S"])
    assert canfield.hint(s) == Move("stock", "waste", 1)


def test_hint_uncovers_a_foundation_card():
    # 7♠ covers 8♥, which the ♥ foundation needs; 7♠ may go onto 8♦.
    s = make(
        base=6,
        foundations=(["6H", "7H"], [], [], []),
        reserve=["KS"],
        tableau=(["8H", "7S"], ["8D"], ["QS"], ["QC"]),
    )
    assert canfield.hint(s) == Move("tableau:0", "tableau:1")
    s2 = s.apply(Move("tableau:0", "tableau:1"))
    assert canfield.hint(s2) == Move("tableau:0", "foundation:0")


def test_hint_skips_moves_that_uncover_nothing():
    # 8♥ could go from 9♠ to 9♣, but that only uncovers another black 9: no help, no ping-pong.
    s = make(
        reserve=["KS"],
        tableau=(["9S", "8H"], ["9C"], ["QS"], ["QC"]),
    )
    assert Move("tableau:0", "tableau:1") in s.legal_moves()
    assert canfield.hint(s) == Move("stock", "waste", 1)


def test_hint_is_none_when_nothing_helps():
    s = make(
        foundations=(["7H"], [], [], []),
        tableau=(["KC"], ["KS"], ["QC"], ["QS"]),
        waste=["5S", "3S"],
        rest="reserve",
        redeals=0,
    )
    assert canfield.hint(s) is None
