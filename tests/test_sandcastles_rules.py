"""Sandcastles rules, one test (or a few) per rule of rules.md's Sandcastles section, on hand-built
positions (`position`) and on the helpers the contract names."""

from __future__ import annotations

import json
import random

import pytest

from engines import IllegalMove
from engines import sandcastles as sc
from engines.cards import FULL_DECK, shuffled_deck
from engines.sandcastles import Attack, Build, Insert, Keep, Redraw, Sacrifice


def cards(text: str) -> list[str]:
    return text.split()


def position(
    boards,
    hands=None,
    *,
    phase="declare",
    decls=(),
    rnd=1,
    discard="",
    top="",
    alive=None,
    current=None,
    standings=None,
    stock=None,
    seed=7,
):
    """A position: boards and hands as strings of codes, declarations as ("build", seat, card) or
    ("attack", seat, card, target seat, target index); `top` are the next cards drawn, in order;
    the cards not named lie under them in the stock (or `stock` gives it whole)."""
    n = len(boards)
    boards = [cards(b) for b in boards]
    hands = [cards(h) for h in hands] if hands else [[] for _ in range(n)]
    alive = alive or [True] * n
    entries = []
    for d in decls:
        build = d[0] == "build"
        entries.append(
            {
                "seat": d[1],
                "build": build,
                "card": d[2],
                "face_up": False,
                "target_seat": None if build else d[3],
                "target_index": None if build else d[4],
            }
        )
    named = {c for group in (*boards, *hands, cards(discard), cards(top)) for c in group}
    named |= {e["card"] for e in entries if e["card"]}
    if stock is None:
        stock = [c for c in FULL_DECK if c not in named] + cards(top)[::-1]
    scores = [sc.score_board(map(sc.value, b)) if alive[s] else None for s, b in enumerate(boards)]
    ins = [s for s in range(n) if alive[s]]
    order = sorted(ins, key=lambda s: (-scores[s], s))
    if standings is None:
        standings = [sc.standing(scores, s) if alive[s] else None for s in range(n)]
    if current is None and phase == "declare":
        current = next(s for s in order if hands[s])
    if current is None and phase == "build":
        current = next(s for s in order if any(e["seat"] == s and e["build"] for e in entries))
    return sc.from_dict(
        {
            "game": "sandcastles",
            "seed": seed,
            "players": n,
            "round": rnd,
            "phase": phase,
            "current_player": current,
            "redrawn": False,
            "stock": stock,
            "discard": cards(discard),
            "hands": hands,
            "hands_face_up": [[False] * len(h) for h in hands],
            "boards": boards,
            "declarations": entries,
            "order": order,
            "standings": standings,
            "in": alive,
            "out_round": [None if a else 1 for a in alive],
            "out_score": [None if a else 0 for a in alive],
            "extra": [0] * n,
            "reshuffles": 0,
            "winners": [],
        }
    )


def kinds(state) -> list[str]:
    return [e["kind"] for e in state.events]


def of_kind(state, kind: str) -> list[dict]:
    return [e for e in state.events if e["kind"] == kind]


# --- values, board score, standings -----------------------------------------------------------


def test_values_run_from_ace_1_to_king_13():
    assert [sc.value(c) for c in cards("AS 2H 9D TC JS QH KD")] == [1, 2, 9, 10, 11, 12, 13]
    with pytest.raises(ValueError):
        sc.value("ZZ")


@pytest.mark.parametrize(
    ("values", "points"),
    [
        ([3, 4, 4, 2, 9], 6),  # the contract's example: 2 + 3 + 0 + 1
        ([7, 7], 3),  # a == b
        ([4, 5], 2),  # b == a + 1: the a+1=b reading
        ([5, 4], 0),  # one greater than the card to its right is a > b: nothing
        ([2, 9], 1),  # a < b
        ([9, 2], 0),  # a > b
        ([13, 1], 0),  # no wrap from King to Ace
        ([5], 0),
        ([], 0),
        ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 18),
    ],
)
def test_board_score(values, points):
    assert sc.score_board(values) == points


def test_standings_lead_last_rest_and_all_tied_is_lead():
    scores = [6, 3, 3, 1]
    assert [sc.standing(scores, s) for s in range(4)] == ["lead", "rest", "rest", "last"]
    assert [sc.standing([4, 4, 2], s) for s in range(3)] == ["lead", "lead", "last"]
    assert [sc.standing([5, 5, 5], s) for s in range(3)] == ["lead"] * 3
    assert [sc.standing([5, None, 1], s) for s in (0, 2)] == ["lead", "last"]  # out: ignored


# --- setup --------------------------------------------------------------------------------------


def test_setup_deals_five_each_from_the_top_in_seat_order():
    state = sc.new_game(seed=31, players=3)
    deck = shuffled_deck(random.Random(31))
    assert state.hands == (tuple(deck[-1:-6:-1]), tuple(deck[-6:-11:-1]), tuple(deck[-11:-16:-1]))
    assert state.stock == tuple(deck[:-15])
    assert (state.phase, state.current_player, state.round) == ("setup", 0, 0)
    assert state.events == []
    legal = state.legal_moves()
    assert len(legal) == 32 and all(type(m) is Redraw for m in legal)  # every subset, once


def test_setup_redraw_then_five_inserts_then_the_next_seat_then_round_one():
    state = sc.new_game(seed=5, players=2)
    hand = state.hands[0]
    top = state.stock[-1], state.stock[-2]
    state = state.apply(Redraw((hand[1], hand[3])))
    assert state.hands[0] == (hand[0], hand[2], hand[4], *top)
    assert state.discard == (hand[1], hand[3])
    assert state.events == [
        {"kind": "redraw", "seat": 0, "discarded": [hand[1], hand[3]], "count": 2}
    ]
    assert state.check(Redraw(())) == "You redraw only once, at the start"
    assert all(type(m) is Insert for m in state.legal_moves())
    # An empty board grows card by card: each card goes before any position.
    held = state.hands[0]
    state = state.apply(Insert(held[0], 0)).apply(Insert(held[1], 0)).apply(Insert(held[2], 1))
    assert state.boards[0] == (held[1], held[2], held[0])
    assert state.events == [{"kind": "insert", "seat": 0, "card": None, "index": 1}]
    state = state.apply(Insert(held[3], 3)).apply(Insert(held[4], 0))
    assert state.boards[0] == (held[4], held[1], held[2], held[0], held[3])
    assert (state.current_player, state.phase, state.round) == (1, "setup", 0)
    state = state.apply(Redraw(()))
    for card in state.hands[1]:
        state = state.apply(Insert(card, 0))
    assert state.round == 1 and state.phase in ("sacrifice", "declare")
    assert [e["kind"] for e in state.events][:3] == ["insert", "round", "draw"]


def test_during_setup_another_seats_hand_and_board_are_hidden():
    state = sc.new_game(seed=2, players=3).apply(Redraw(()))
    for card in state.hands[0][:3]:
        state = state.apply(Insert(card, 0))
    view = state.view(1)
    assert view["boards"][0] == [{"card": None, "id": f"b0.{i}"} for i in range(3)]
    assert view["scores"][0] is None
    assert [e["card"] for e in view["hands"][0]] == [None, None]
    assert state.view(0)["boards"][0][0]["card"] == state.boards[0][0]
    assert not any(c in json.dumps(view) for c in state.boards[0] + state.hands[0])


# --- draws, the sacrifice -----------------------------------------------------------------------


def end_declaring(boards, seat, card, **kw):
    """The position where only `seat` still holds a card, after its attack on the next seat's
    first card: the round ends without building and the next one starts."""
    n = len(boards)
    hands = [""] * n
    hands[seat] = card
    state = position(boards, hands, **kw)
    return state.apply(Attack(card, (seat + 1) % n, 0))


def test_draws_lead_two_rest_one_last_one_in_seat_order_from_the_top():
    # 9♥ takes seat 1's 3♣; then the scores are 1 (rest), 4 (lead), 0 (last).
    boards = ["2S 9S", "3C 4C 4D 2D 9C", "KH 6S 5H"]
    state = end_declaring(boards, 0, "9H", top="AH 2H 3H 4H 7H")
    assert state.round == 2
    assert state.standings == ("rest", "lead", "last")
    assert state.order == (1, 0, 2)
    assert state.hands == (("AH",), ("2H", "3H"), ("4H",))
    assert of_kind(state, "draw") == [
        {"kind": "draw", "seat": 0, "count": 1, "face_up": None},
        {"kind": "draw", "seat": 1, "count": 2, "face_up": None},
        {"kind": "draw", "seat": 2, "count": 1, "face_up": None},
    ]
    assert of_kind(state, "round") == [
        {"kind": "round", "round": 2, "standings": ["rest", "lead", "last"], "order": [1, 0, 2]}
    ]
    # Drawn cards are hidden from the others.
    assert state.view(0)["hands"][1] == [
        {"card": None, "id": "d1.0", "face_up": False},
        {"card": None, "id": "d1.1", "face_up": False},
    ]


def test_everyone_tied_is_lead_and_draws_two():
    # 3♥ on 3♣ has no effect. Scores 1, 1, 2: two lasts; then 1, 1, 1: all lead.
    state = end_declaring(["2S 9S", "3C 8C", "4D 5H"], 0, "3H")
    assert state.standings == ("last", "last", "lead")
    tied = end_declaring(["2S 9S", "3C 8C", "4D 9H"], 0, "3H")
    assert tied.standings == ("lead", "lead", "lead")
    assert [len(h) for h in tied.hands] == [2, 2, 2]
    assert tied.phase == "declare"  # nobody is last, nobody sacrifices


def test_the_last_may_sacrifice_for_a_face_up_card_that_everyone_sees():
    boards = ["2S 9S", "3C 4C 4D 2D 9C", "KH 6S 5H"]
    state = end_declaring(boards, 0, "9H", top="AH 2H 3H 4H 7H")
    assert (state.phase, state.current_player) == ("sacrifice", 2)
    assert state.legal_moves() == [Keep(), Sacrifice(0), Sacrifice(1), Sacrifice(2)]
    assert state.check(Sacrifice(3)) == "There is no such card in your board"
    after = state.apply(Sacrifice(1))
    assert after.boards[2] == ("KH", "5H") and after.discard[-1] == "6S"
    assert after.hands[2] == ("4H", "7H")
    assert after.events == [
        {"kind": "sacrifice", "seat": 2, "index": 1, "card": "6S"},
        {"kind": "draw", "seat": 2, "count": 1, "face_up": "7H"},
    ]
    for seat in (0, 1):
        assert after.view(seat)["hands"][2] == [
            {"card": None, "id": "d2.0", "face_up": False},
            {"card": "7H", "id": "7H", "face_up": True},
        ]
    assert (after.phase, after.current_player) == ("declare", 1)
    for move in (Build("2H"), Build("3H"), Build("AH"), Build("7H")):
        after = after.apply(move)
    # Still public once declared; the other build card is not.
    declared = after.view(0)["declarations"]
    assert [d["card"] for d in declared] == [None, None, "AH", "7H"]
    assert declared[3]["face_up"] is True
    kept = state.apply(Keep())
    assert kept.events == [{"kind": "keep", "seat": 2}]
    assert kept.boards[2] == state.boards[2] and kept.hands[2] == ("4H",)


def test_only_the_last_sacrifices():
    state = position(["2S 9S", "3C 4C 4D"], ["AH", ""])
    assert state.check(Sacrifice(0)) == "Only the last may sacrifice, at the start of a round"
    assert state.check(Keep()) == "Only the last may sacrifice, at the start of a round"


def test_attacking_a_player_who_lost_earns_one_extra_card_next_round():
    # Seat 2's board is empty (it sacrificed its only card); seat 0 attacks it and it loses.
    state = position(["2S 9S", "3C 4C 4D 2D 9C", ""], ["7H", "", ""], top="AH 2H 3H 4H 5H 6H")
    after = state.apply(Attack("7H", 2, None))
    assert of_kind(after, "lose") == [
        {"kind": "lose", "seat": 2, "reason": "attacked with an empty board"}
    ]
    assert of_kind(after, "round_end")[0]["out"] == [2]
    assert after.alive == (True, True, False) and after.out_round[2] == 1
    # Next round: seat 0 (last, 1 point) draws 1 + 1, seat 1 (lead) draws 2.
    assert after.extra == (1, 0, 0)
    assert after.hands == (("AH", "2H"), ("3H", "4H"), ())
    assert after.view(1)["extra"] == [1, 0, 0]


# --- declarations ------------------------------------------------------------------------------


def test_declaration_order_is_score_high_to_low_ties_by_seat_every_card_of_a_seat_in_turn():
    # scores: 1, 6, 1 → order 1, 0, 2
    state = position(["2S 9S", "3C 4C 4D 2D 9C", "AS 5S"], ["7H 8H", "KH", "QH"])
    assert state.order == (1, 0, 2) and state.current_player == 1
    state = state.apply(Build("KH"))
    assert state.current_player == 0
    state = state.apply(Attack("7H", 1, 4))
    assert state.current_player == 0  # seat 0 still holds the 8♥
    assert state.events == [
        {
            "kind": "declare",
            "seat": 0,
            "declaration": 1,
            "build": False,
            "target_seat": 1,
            "target_index": 4,
        }
    ]
    state = state.apply(Build("8H"))
    assert state.current_player == 2
    # Declarations are public, except the card of another seat's declaration.
    view = state.view(2)
    assert [(d["seat"], d["kind"], d["card"], d["id"]) for d in view["declarations"]] == [
        (1, "build", None, "x1.0"),
        (0, "attack", None, "x0.0"),
        (0, "build", None, "x0.1"),
    ]
    assert (view["declarations"][1]["target_seat"], view["declarations"][1]["target_index"]) == (
        1,
        4,
    )
    assert state.view(0)["declarations"][1]["card"] == "7H"
    assert "7H" not in json.dumps(view) and "KH" not in json.dumps(view)


def test_declaration_reasons():
    state = position(["2S 9S", "3C 4C 4D", "5D"], ["7H", "", ""])
    assert state.check(Attack("7H", 0, 0)) == "Attack another player's card"
    assert state.check(Attack("8H", 1, 0)) == "That card is not in your hand"
    assert state.check(Attack("7H", 1, 3)) == "Player 2's board has no such card"
    assert state.check(Attack("7H", 1, None)) == "Player 2's board has no such card"
    assert state.check(Attack("7H", 5, 0)) == "There is no such player"
    assert state.check(Insert("7H", 0)) == "You insert cards only while arranging or building"
    with pytest.raises(IllegalMove, match="Attack another"):
        state.apply(Attack("7H", 0, 1))
    out = position(["2S 9S", "3C 4C 4D", ""], ["7H", "", ""], alive=[True, True, False])
    assert out.check(Attack("7H", 2, None)) == "Player 3 is out"


# --- attacks -----------------------------------------------------------------------------------


def test_equal_values_have_no_effect():
    assert sc.resolve_attack([3, 4, 4, 2, 9], 1, 4) == [3, 4, 4, 2, 9]


def test_a_higher_card_discards_the_target_and_goes_on_leftward():
    assert sc.resolve_attack([3, 4, 4, 2, 9], 2, 5) == [2, 9]  # 4, 4, 3 fall: the left end stops it
    assert sc.resolve_attack([9, 4, 7], 2, 8) == [9]  # 7, 4 fall; the 9 is higher, none lower
    # 5 and 2 fall; the 8 is higher: the lowest card below 7 is the 6, which falls at the left end.
    assert sc.resolve_attack([6, 8, 2, 5], 3, 7) == [8]


def test_a_lower_card_goes_to_the_lowest_smaller_card_leftmost_among_equals():
    # 5 < 9: to the first 2, which falls; left of it the 8 is higher: to the other 2; then the 9.
    assert sc.resolve_attack([8, 2, 9, 2], 2, 5) == [8, 9]
    assert sc.resolve_attack([6, 3], 0, 5) == [6]  # to the 3, which falls; the 6 stays
    assert sc.resolve_attack([7, 9], 1, 5) == [7, 9]  # nothing below 5: no effect


def test_a_named_card_already_gone_goes_to_the_lowest_smaller_card():
    boards = [[3, 9, 6]]
    # The first attack takes 9 and 3; the second named the 9: it goes to the lowest card < 8 (6).
    assert sc.resolve_attacks(boards, [(0, 1, 10), (0, 1, 8)]) == [[]]
    assert sc.resolve_attacks(boards, [(0, 1, 10), (0, 1, 5)]) == [[6]]  # none lower: no effect
    assert boards == [[3, 9, 6]]  # the helpers never change their arguments


def test_resolve_attacks_names_targets_as_the_boards_stood_before_the_first_attack():
    # The first attack removes index 0; the second still names the 9 as index 2.
    assert sc.resolve_attacks([[2, 5, 9], [4]], [(0, 0, 3), (0, 2, 10), (1, 0, 1)]) == [[], [4]]


def test_helpers_refuse_targets_that_do_not_exist():
    with pytest.raises(ValueError):
        sc.resolve_attack([3, 4], 2, 5)
    with pytest.raises(ValueError):
        sc.resolve_attacks([[3]], [(1, 0, 5)])


def test_every_step_of_a_chain_is_an_event_and_the_attacking_card_is_discarded():
    # Seat 1's board 3 4 4 2 9; seat 0 attacks the 9 with a 5.
    state = position(["KS QS", "3C 4C 4D 2D 9C"], ["5H", ""])
    after = state.apply(Attack("5H", 1, 4))
    lower = "the attack is lower: the lowest lower card"
    assert after.events[1:13] == [
        {"kind": "reveal", "declaration": 0, "seat": 0, "card": "5H", "value": 5},
        {"kind": "strike", "seat": 1, "index": 4, "card": "9C", "value": 9},
        {"kind": "redirect", "seat": 1, "index": 3, "card": "2D", "reason": lower},
        {"kind": "strike", "seat": 1, "index": 3, "card": "2D", "value": 2},
        {"kind": "hit", "seat": 1, "index": 3, "card": "2D"},
        {"kind": "strike", "seat": 1, "index": 2, "card": "4D", "value": 4},
        {"kind": "hit", "seat": 1, "index": 2, "card": "4D"},
        {"kind": "strike", "seat": 1, "index": 1, "card": "4C", "value": 4},
        {"kind": "hit", "seat": 1, "index": 1, "card": "4C"},
        {"kind": "strike", "seat": 1, "index": 0, "card": "3C", "value": 3},
        {"kind": "hit", "seat": 1, "index": 0, "card": "3C"},
        {"kind": "spent", "seat": 0, "card": "5H"},
    ]
    assert after.boards[1] == ("9C",) and sc.resolve_attack([3, 4, 4, 2, 9], 4, 5) == [9]
    # The discard pile: the cards hit in order, then the attacking card.
    assert after.discard == ("2D", "4D", "4C", "3C", "5H")


def test_equal_and_no_lower_card_events_say_why():
    after = position(["KS QS", "3C 9C"], ["9H", ""]).apply(Attack("9H", 1, 1))
    assert of_kind(after, "no_effect") == [
        {"kind": "no_effect", "seat": 1, "reason": "equal values"}
    ]
    after = position(["KS QS", "5C 9C"], ["2H", ""]).apply(Attack("2H", 1, 1))
    assert of_kind(after, "no_effect")[0]["reason"] == "the attack is lower than every card"


def test_a_named_card_gone_in_the_engine():
    # Order 0, 1, 2 (scores 4, 4, 1). Seat 0's 9 takes the 8 and the 5 and stops at the 10;
    # seat 1 named the 8 too: its J goes to the lowest card below it, the 10.
    state = position(["2S 3S 4S", "4C 5C 6C", "TD 5D 8D"], ["9H", "JH", ""])
    after = state.apply(Attack("9H", 2, 2)).apply(Attack("JH", 2, 2))
    second = after.events[after.events.index(of_kind(after, "reveal")[1]) :]
    assert second[1] == {
        "kind": "redirect",
        "seat": 2,
        "index": 0,
        "card": "TD",
        "reason": "the named card is gone: the lowest lower card",
    }
    assert [e["kind"] for e in second[2:5]] == ["strike", "hit", "spent"]
    assert of_kind(after, "round_end")[0]["out"] == [2]  # no board left
    low = position(["2S 3S 4S", "4C 5C 6C", "TD 5D 8D"], ["9H", "4H", ""])
    none_lower = low.apply(Attack("9H", 2, 2)).apply(Attack("4H", 2, 2))
    assert of_kind(none_lower, "no_effect")[-1]["reason"] == (
        "the named card is gone and no card is lower than the attack"
    )


# --- building, losing, winning ------------------------------------------------------------------


def test_builders_insert_in_declaration_order_any_card_any_position():
    state = position(["2S 3S", "4C 5C 6C", "AD 8D"], ["", "KH QH", "7H"])
    state = state.apply(Build("KH")).apply(Build("QH")).apply(Build("7H"))
    assert (state.phase, state.current_player) == ("build", 1)
    assert state.check(Insert("7H", 0)) == "That card is not one of your build cards"
    assert state.check(Insert("KH", 3)) is None  # at the right end
    assert state.check(Insert("KH", 4)) == "There is no such place in your board"
    assert len(state.legal_moves()) == 2 * 4
    state = state.apply(Insert("QH", 1))
    assert state.boards[1] == ("4C", "QH", "5C", "6C") and state.current_player == 1
    assert state.events == [{"kind": "insert", "seat": 1, "card": "QH", "index": 1}]
    view = state.view(0)
    assert view["builds"][1] == [{"card": None, "id": "x1.0"}]
    assert view["builds"][2] == [{"card": None, "id": "x2.0"}]
    assert view["declarations"][1]["card"] is None and view["declarations"][1]["id"] is None
    state = state.apply(Insert("KH", 4))
    assert state.current_player == 2
    state = state.apply(Insert("7H", 1))
    assert state.round == 2 and state.boards[2] == ("AD", "7H", "8D")
    assert state.view(0)["declarations"] == []  # a new round


def test_a_player_with_an_empty_board_at_the_end_of_a_round_loses():
    after = position(["2S 3S", "4C 5C 6C", "8D"], ["", "KH", ""]).apply(Attack("KH", 2, 0))
    end = of_kind(after, "round_end")[0]
    assert end == {"kind": "round_end", "round": 1, "out": [2], "winners": [], "over": False}
    assert after.alive == (True, True, False) and after.boards[2] == ()
    assert after.view(0)["out_round"] == [None, None, 1]
    assert after.check(Attack("2H", 2, None)) is not None


def test_ten_cards_win():
    state = position(["2S 3S 4S 5S 6S 7S 8S 9S TS", "4C 5C 6C"], ["KH", ""])
    state = state.apply(Build("KH")).apply(Insert("KH", 9))
    assert state.is_over() and state.winners() == [0] and state.current_player is None
    assert state.events[-1] == {
        "kind": "round_end",
        "round": 1,
        "out": [],
        "winners": [0],
        "over": True,
    }
    assert state.places() == [1, 2] and state.view(1)["places"] == [1, 2]
    assert state.legal_moves() == [] and state.random_move(random.Random(1)) is None


def test_several_winners_play_on_alone_until_a_round_ends_with_one_at_ten():
    nine_a = "2S 3S 4S 5S 6S 7S 8S 9S TS"
    nine_b = "2C 3C 4C 5C 6C 7C 8C 9C TC"
    state = position([nine_a, nine_b, "2D 3D"], ["KH", "KD", ""], top="AH 2H 3H 4H 5H 6H")
    state = state.apply(Build("KH")).apply(Build("KD"))
    state = state.apply(Insert("KH", 9)).apply(Insert("KD", 9))
    end = of_kind(state, "round_end")[0]
    assert end == {"kind": "round_end", "round": 1, "out": [2], "winners": [0, 1], "over": False}
    assert not state.is_over() and state.winners() == [] and state.alive == (True, True, False)
    # Round 2: both lead (17 points each) and draw two. Seat 0's cards do nothing; seat 1 takes
    # the 2♠ and then (the 2♠ being gone) the lowest card below its 4, the 3♠.
    assert state.round == 2 and state.hands == (("AH", "2H"), ("3H", "4H"), ())
    state = state.apply(Attack("AH", 1, 0)).apply(Attack("2H", 1, 0))
    state = state.apply(Attack("3H", 0, 0)).apply(Attack("4H", 0, 0))
    assert len(state.boards[0]) == 8 and len(state.boards[1]) == 10
    assert state.is_over() and state.winners() == [1]
    assert state.places() == [2, 1, 3]


def test_a_draw_when_every_remaining_player_goes_out_in_the_same_round():
    state = position(["4S", "5C"], ["6H", "7H"])  # both 0 points: both lead, seat 0 first
    after = state.apply(Attack("6H", 1, 0)).apply(Attack("7H", 0, 0))
    assert after.is_over() and after.winners() == [0, 1]
    assert of_kind(after, "round_end")[0]["out"] == [0, 1]
    assert after.places() == [1, 1]


def test_places_follow_the_round_a_seat_went_out_then_board_score():
    # Seat 1 builds its tenth card; seat 0 knocks seat 2 out; seats 0 and 3 are still in.
    state = position(["4S 5S", "2C 3C 4C 5C 6C 7C 8C 9C TC", "9D", "KD QD"], ["TH", "KH", "", ""])
    state = state.apply(Build("KH")).apply(Attack("TH", 2, 0)).apply(Insert("KH", 9))
    assert state.winners() == [1] and state.out_round == (None, None, 1, None)
    assert state.places() == [2, 1, 4, 3]  # seat 0 scores 2, seat 3 scores 0


# --- reshuffle and the round-200 guard -----------------------------------------------------------


def reshuffled(seed):
    boards = ["2S 9S", "3C 4C 4D 2D 9C", "KH 5H"]
    named = set(" ".join(boards).split()) | {"9H"}
    rest = [c for c in FULL_DECK if c not in named]
    state = end_declaring(boards, 0, "9H", stock=rest[:2], discard=" ".join(rest[2:]), seed=seed)
    return state, rest


def test_the_discard_pile_becomes_the_stock_when_it_runs_out():
    state, rest = reshuffled(7)
    # Seat 0 (rest) draws the top card; seat 1 (lead) the last one, then the discard pile
    # (with the 3♣ hit and the 9♥ spent this round) is shuffled into a new stock.
    assert state.hands[0] == (rest[1],) and state.hands[1][0] == rest[0]
    assert of_kind(state, "reshuffle") == [{"kind": "reshuffle", "count": len(rest)}]
    at = kinds(state).index("round")
    assert kinds(state)[at : at + 5] == ["round", "draw", "reshuffle", "draw", "draw"]
    assert state.discard == () and state.reshuffles == 1
    assert len(state.stock) == len(rest) - 2
    again, _ = reshuffled(7)
    assert again == state  # from the seed and the reshuffle count: never the clock
    other, _ = reshuffled(8)
    assert other.stock != state.stock


def test_round_200_ends_with_the_highest_board_score_winning():
    state = end_declaring(["2S 9S", "3C 4C 4D 2D 9C", "KH 5H"], 0, "9H", rnd=200)
    assert state.is_over() and state.winners() == [1] and state.round == 200
    assert of_kind(state, "round_end")[0]["over"] is True
    assert end_declaring(["2S 9S", "3C 8C", "4D 5H 6S"], 0, "3H", rnd=200).winners() == [2]
    shared = end_declaring(["2S 9S", "3C 8C"], 0, "3H", rnd=200)
    assert shared.winners() == [0, 1] and shared.places() == [1, 1]


def test_with_no_card_left_to_draw_the_rounds_run_to_the_guard_in_one_move():
    # Six castles hold 51 cards, seat 0 builds the 52nd: nobody can ever draw again.
    deck = list(FULL_DECK)
    boards, k = [], 1
    for size in (8, 9, 9, 9, 8, 8):
        boards.append(" ".join(deck[k : k + size]))
        k += size
    hands = [deck[0], "", "", "", "", ""]
    state = position(boards, hands).apply(Build(deck[0])).apply(Insert(deck[0], 0))
    assert state.is_over() and state.round == 200
    assert kinds(state).count("round_end") == 200 and "draw" in kinds(state)
    assert all(e["count"] == 0 for e in of_kind(state, "draw"))
    scores = state.scores()
    assert state.winners() == [s for s in range(6) if scores[s] == max(scores)]


# --- the worked example of docs/rules/sandcastles.md ---------------------------------------------


def test_the_worked_example_of_the_rules_page():
    """Bea's castle is 2 6 6 9 4. Ann's 7 attacks the 9: lower, so it goes to the lowest card
    below 7, the 2, which falls (nothing left of it). Cal's 8 attacks the 4: it falls, and the 9 to
    its left is higher, so the 8 goes to the lowest card below it, the left 6, which falls. Dan's 5
    named the 2, already gone: no card is below 5, so nothing happens. Bea keeps 6 9."""
    assert sc.resolve_attack([2, 6, 6, 9, 4], 3, 7) == [6, 6, 9, 4]
    assert sc.resolve_attack([6, 6, 9, 4], 3, 8) == [6, 9]
    assert sc.resolve_attacks([[2, 6, 6, 9, 4]], [(0, 3, 7), (0, 4, 8), (0, 0, 5)]) == [[6, 9]]
    # The same on the table: Ann (seat 0), Bea (1), Cal (2), Dan (3), declaring in that order.
    state = position(["3C 4C 5C 6C", "2S 6H 6D 9C 4S", "7C 8C", "KC"], ["7H", "", "8H", "5H"])
    assert state.order == (0, 1, 2, 3)
    after = state.apply(Attack("7H", 1, 3)).apply(Attack("8H", 1, 4)).apply(Attack("5H", 1, 0))
    steps = [
        (e["kind"], e.get("card"))
        for e in after.events
        if e["kind"] in ("reveal", "strike", "hit", "redirect", "no_effect", "spent")
    ]
    assert steps == [
        ("reveal", "7H"),
        ("strike", "9C"),
        ("redirect", "2S"),
        ("strike", "2S"),
        ("hit", "2S"),
        ("spent", "7H"),
        ("reveal", "8H"),
        ("strike", "4S"),
        ("hit", "4S"),
        ("strike", "9C"),
        ("redirect", "6H"),
        ("strike", "6H"),
        ("hit", "6H"),
        ("spent", "8H"),
        ("reveal", "5H"),
        ("no_effect", None),
        ("spent", "5H"),
    ]
    assert after.boards[1] == ("6D", "9C")
