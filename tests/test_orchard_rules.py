"""Orchard rules, one test per rule of design/rules.md ("Orchard"), through docs/api/orchard.md."""

from __future__ import annotations

import json
import random

import pytest
from engine_checks import assert_refused

import engines
from engines import IllegalMove, orchard
from engines.cards import FULL_DECK
from engines.orchard import (
    CANCEL,
    DONE,
    PASS,
    Attack,
    Condense,
    Grow,
    Meld,
    Plant,
    Prune,
    Target,
    best_final_choice,
    best_final_score,
    card_value,
    meld_score,
)


def seed(cards, *branches):
    return {"cards": list(cards), "branches": [list(b) for b in branches]}


def position(
    hands=((), ()),
    seeds=((), ()),
    melds=((), ()),
    captured=((), ()),
    stock=None,
    discard=(),
    turn=0,
    final_turns=None,
    passed=False,
    over=False,
):
    """A position with seat 0 starting (option first=0); the cards not named go to the stock, or
    to the discard pile when the stock is given."""
    named = [
        *[c for h in hands for c in h],
        *[
            c
            for side in seeds
            for s in side
            for c in [*s["cards"], *(x for b in s["branches"] for x in b)]
        ],
        *[c for side in melds for m in side for c in m],
        *[c for side in captured for m in side for c in m],
        *(stock or ()),
        *discard,
    ]
    rest = [c for c in FULL_DECK if c not in named]
    if stock is None:
        stock, rest = rest, []
    return orchard.from_dict(
        {
            "game": "orchard",
            "seed": 7,
            "options": {"first": 0},
            "first_player": 0,
            "current_player": None if over else turn % 2,
            "turn": turn,
            "final_turns": final_turns,
            "passed": passed,
            "stock": list(stock),
            "hands": [list(h) for h in hands],
            "seeds": [list(side) for side in seeds],
            "melds": [[list(m) for m in side] for side in melds],
            "captured": [[list(m) for m in side] for side in captured],
            "discard": [*discard, *rest],
            "pending": None,
        }
    )


def play(state, *moves):
    for move in moves:
        state = state.apply(move)
    return state


HAND0 = ("2S", "5H", "7C", "9D", "JS", "QH", "KD")
HAND1 = ("3S", "4H", "6C", "8D", "TS", "AS", "AH")


# --------------------------------------------------------------------------- the module, values


def test_registered_and_described():
    assert engines.get("orchard") is orchard
    assert (orchard.name, orchard.title, orchard.min_players, orchard.max_players) == (
        "orchard",
        "Orchard",
        2,
        2,
    )
    assert orchard.OPTIONS == {"first": (None, 0, 1)} and orchard.DEFAULTS == {"first": None}
    assert orchard.presets == {"default": {"first": None}} and orchard.TURN_LIMIT == 300


def test_card_values_pips_and_face_cards_rank_plus_suit():
    assert [card_value(r + "H") for r in "23456789T"] == [2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert [card_value(r + "S") for r in "JQKA"] == [1, 2, 3, 4]
    assert [card_value("K" + s) for s in "SCDH"] == [3, 4, 5, 6]
    assert card_value("KC") == 4 and card_value("AH") == 7 and card_value("JS") == 1
    assert [orchard.is_face(c) for c in ("JS", "QH", "KD", "AC", "TS", "2H")] == [True] * 4 + [
        False
    ] * 2
    with pytest.raises(ValueError):
        card_value("1X")


# --------------------------------------------------------------------------------------- the deal


def test_the_deal_gives_seven_each_and_the_rest_is_the_stock():
    state = orchard.new_game(seed=3)
    assert [len(h) for h in state.hands] == [7, 7] and len(state.stock) == 38
    cards = [*state.hands[0], *state.hands[1], *state.stock]
    assert sorted(cards) == sorted(FULL_DECK)
    assert state.phase == "play" and state.turn == 0 and state.events == []


def test_a_hand_of_only_face_cards_is_a_misdeal_dealt_again(monkeypatch):
    faces = [c for c in FULL_DECK if orchard.is_face(c)]
    shuffles = []

    class Rigged(random.Random):
        """The first shuffle puts seven face cards on the dealer's side of the top 14."""

        def shuffle(self, deck):
            super().shuffle(deck)
            if not shuffles:
                others = [c for c in deck if c not in faces[:7]]
                top = [x for pair in zip(others[-7:], faces[:7], strict=True) for x in pair]
                deck[:] = others[:-7] + top[::-1]
            shuffles.append(list(deck))

    monkeypatch.setattr(orchard.random, "Random", Rigged)
    state = orchard.new_game(seed=11, options={"first": 0})
    assert len(shuffles) == 2  # the misdeal, then the deal that stands
    first_top = shuffles[0][-14:][::-1]
    assert all(orchard.is_face(c) for c in first_top[1::2])  # the dealer's hand was all faces
    top = shuffles[1][-14:][::-1]
    assert set(state.hands[0]) == set(top[0::2]) and set(state.hands[1]) == set(top[1::2])
    assert state.stock == tuple(shuffles[1][:-14])


def test_the_non_dealer_moves_first_and_the_seed_chooses_without_the_option():
    for first in (0, 1):
        state = orchard.new_game(seed=5, options={"first": first})
        assert state.current_player == first and state.view(0)["dealer"] == 1 - first
        assert state.view(1)["first_player"] == first
    starters = {orchard.new_game(seed=s).current_player for s in range(20)}
    assert starters == {0, 1}
    # The option decides who starts, not the cards: the same deal either way.
    a, b = (orchard.new_game(seed=9, options={"first": f}) for f in (0, 1))
    assert a.stock == b.stock and a.hands == b.hands[::-1]


def test_bad_options_and_seeds_are_refused():
    with pytest.raises(ValueError, match="first"):
        orchard.new_game(seed=1, options={"first": 2})
    with pytest.raises(ValueError, match="players"):
        orchard.new_game(seed=1, players=3)


# ------------------------------------------------------------------------------------------ turns


def test_one_action_a_turn_then_the_mover_draws_back_to_seven():
    state = position(hands=(HAND0, HAND1))
    stock = state.stock
    after = state.apply(Plant("5H"))
    assert after.current_player == 1 and after.turn == 1
    assert len(after.hands[0]) == 7 and after.hands[0] == tuple(
        sorted([*set(HAND0) - {"5H"}, stock[-1]], key=orchard.ORDER.__getitem__)
    )
    assert after.stock == stock[:-1]
    assert [e["kind"] for e in after.events] == ["plant", "draw"]
    assert after.events[1] == {"kind": "draw", "seat": 0, "count": 1}
    # Growing three cards is still one action: three are drawn at its end.
    state = position(hands=(HAND0, HAND1), seeds=([seed(["TH"])], []))
    grown = play(state, Grow("2S", 0, 0), Grow("5H", 0, 0), Grow("7C", 0, 1))
    assert grown.current_player == 0 and grown.phase == "grow" and len(grown.stock) == 37
    done = grown.apply(DONE)
    assert done.current_player == 1 and len(done.hands[0]) == 7 and len(done.stock) == 34


def test_a_hand_of_seven_or_more_draws_nothing():
    state = position(hands=(HAND0, HAND1), seeds=([seed(["TH"], ["3C", "4C"])], []))
    pruned = state.apply(Prune(0, 0, 2))
    assert len(pruned.hands[0]) == 9 and pruned.stock == state.stock
    assert [e["kind"] for e in pruned.events] == ["prune"]


# ------------------------------------------------------------------------------------ plant


def test_plant_only_a_non_face_card_from_hand():
    state = position(hands=(HAND0, HAND1), seeds=([seed(["3D"])], []))
    after = state.apply(Plant("9D"))
    assert after.seeds[0][-1] == (("9D",), 9, (), ()) and len(after.seeds[0]) == 2
    assert after.events[0] == {"kind": "plant", "seat": 0, "card": "9D"}
    for move, reason in [
        (Plant("KD"), "A face card cannot be a seed"),
        (Plant("AS"), "A♠ is not in your hand"),
    ]:
        assert state.check(move) == reason
        assert_refused(state, move)


# ----------------------------------------------------------------------------------- condense


def test_condense_moves_first_cards_into_the_seed_and_the_next_card_moves_up():
    state = position(
        hands=(HAND0, HAND1),
        seeds=([seed(["9S"], ["4D", "3C"], ["2H"], ["5C"]), seed(["8S"], ["6S"])], []),
    )
    one = state.apply(Condense(0, 0))
    assert one.phase == "condense" and one.current_player == 0
    cards, value, branches, sums = one.seeds[0][0]
    assert cards == ("9S", "4D") and value == 13
    assert branches == (("3C",), ("2H",), ("5C",)) and sums == (3, 2, 5)
    assert one.events == [{"kind": "condense", "seat": 0, "seed": 0, "branch": 0, "card": "4D"}]
    # Several branches, each once; an emptied branch vanishes and the later ones move up.
    two = one.apply(Condense(0, 1))
    assert two.seeds[0][0][:3] == (("9S", "4D", "2H"), 15, (("3C",), ("5C",)))
    assert two.check(Condense(0, 0)) == "That branch has already given its first card this turn"
    assert two.check(Condense(1, 0)) == "Every condense of one action is on the same seed"
    three = two.apply(Condense(0, 1))
    assert three.seeds[0][0][:3] == (("9S", "4D", "2H", "5C"), 20, (("3C",),))
    assert three.legal_moves() == [DONE, CANCEL]
    done = three.apply(DONE)
    assert done.current_player == 1 and done.seeds[0][0][1] == 20
    assert done.events[0] == {"kind": "done", "seat": 0, "action": "condense"}
    assert done.view(1)["pending"] is None
    assert_refused(state, Condense(0, 3))
    assert_refused(state, Condense(2, 0))


# ---------------------------------------------------------------------------------------- grow


def test_grow_on_a_tip_or_a_new_branch_within_the_seed_value():
    state = position(hands=(HAND0, HAND1), seeds=([seed(["9H"], ["4C"])], []))
    assert state.check(Grow("5H", 0, 0)) is None  # 4 + 5 = 9: equal to the seed is allowed
    assert state.check(Grow("7C", 0, 0)) == "That branch would total 11, over its seed's 9"
    grown = play(state, Grow("5H", 0, 0), Grow("7C", 0, 1), Grow("2S", 0, 1))
    assert grown.seeds[0][0][2:] == ((("4C", "5H"), ("7C", "2S")), (9, 9))
    assert grown.check(Grow("9D", 0, 2)) is None  # a third branch
    third = grown.apply(Grow("9D", 0, 2))
    assert third.check(Grow("JS", 0, 3)) == "A seed has at most 3 branches"
    assert grown.check(Grow("JS", 0, 5)) == "That seed has no such branch"
    assert grown.check(Plant("JS")) == "Finish growing first (Done), or cancel it"
    assert [e["kind"] for e in grown.events] == ["grow"]
    assert grown.events[0] == {"kind": "grow", "seat": 0, "card": "2S", "seed": 0, "branch": 1}
    assert grown.view(1)["pending"]["placed"] == [["5H", 0, 0], ["7C", 0, 1], ["2S", 0, 1]]
    assert grown.view(0)["seeds"][0][0]["totals"] == [9, 9]
    assert_refused(state, Grow("AS", 0, 0))  # not in the hand


# ------------------------------------------------------------------------------------- capture


def capture_position():
    """Seat 0 attacks with tails of two seeds; seat 1 has a tail worth 9 and a bare seed of 5."""
    return position(
        hands=(HAND0, HAND1),
        seeds=(
            [seed(["TH"], ["6H", "QS"], ["KS"]), seed(["9C"], ["8C"])],
            [seed(["TD", "2H"], ["2D", "4S", "5S"]), seed(["5D"]), seed(["9H"], ["3H"])],
        ),
    )


def test_capture_tails_of_several_branches_then_a_tail_worth_strictly_less():
    state = capture_position()
    one = state.apply(Attack(0, 0, 1))  # QS = 2
    assert one.phase == "capture" and one.pending.attack_sum == 2
    assert one.check(Attack(0, 0, 1)) == "That branch is already attacking"
    two = play(one, Attack(0, 1, 1), Attack(1, 0, 1))  # KS = 3, 8C = 8: 13 in all
    assert two.pending.attack_sum == 13 and two.seeds[0][0][2] == (("6H",),)
    assert two.seeds[0][1][2] == ()  # emptied branches vanish
    assert two.events == [{"kind": "attack", "seat": 0, "seed": 1, "branch": 0, "cards": ["8C"]}]
    assert two.check(Target(0, 0, 3)) is None  # 2 + 4 + 5 = 11 < 13
    equal = position(
        hands=(HAND0, HAND1),
        seeds=([seed(["TH"], ["9S"])], [seed(["TD"], ["9C"])]),
    ).apply(Attack(0, 0, 1))
    assert equal.check(Target(0, 0, 1)) == (
        "Your attackers total 9: the target must be less (it is 9)"
    )
    taken = two.apply(Target(0, 0, 2))  # 4S + 5S = 9
    assert taken.phase == "meld" and taken.seeds[1][0][2] == (("2D",),)
    assert taken.events == [
        {
            "kind": "capture",
            "seat": 0,
            "target_seat": 1,
            "seed": 0,
            "branch": 0,
            "cards": ["4S", "5S"],
            "sum": 9,
            "attack_sum": 13,
        }
    ]
    assert taken.pending.removed == ("QS", "KS", "8C", "4S", "5S")


def test_a_bare_seed_needs_attackers_strictly_greater_and_a_seed_with_branches_is_safe():
    state = capture_position().apply(Attack(0, 1, 1))  # KS = 3
    assert state.check(Target(1, None, 0)) == "Your attackers total 3: they must beat the seed's 5"
    assert state.check(Target(0, None, 0)) == "A seed with branches cannot be captured"
    five = capture_position().apply(Attack(0, 0, 2))  # 6H + QS = 8
    assert five.check(Target(1, None, 0)) is None
    equal = position(hands=(HAND0, HAND1), seeds=([seed(["TH"], ["5C"])], [seed(["5D"])])).apply(
        Attack(0, 0, 1)
    )
    assert equal.check(Target(0, None, 0)) == "Your attackers total 5: they must beat the seed's 5"


def test_target_needs_attackers_first_and_done_needs_a_target():
    state = capture_position()
    assert state.check(Target(0, 0, 1)) == "Pick your attackers first"
    attacking = state.apply(Attack(0, 0, 1))
    assert attacking.check(DONE) == "Pick a target first (or cancel)"
    nothing = position(hands=(HAND0, HAND1), seeds=([seed(["TH"], ["5C"])], []))
    assert nothing.check(Attack(0, 0, 1)) == "The other player has nothing to capture"


def meld_position():
    """Seat 0 attacks with 9H and 4C 3C (16) and takes 7H 8H (15): 7 8 9 of hearts is a meld."""
    return position(
        hands=(HAND0, HAND1),
        seeds=(
            [seed(["TC"], ["9H"]), seed(["TD"], ["4C", "3C"])],
            [seed(["TH", "5S"], ["7H", "8H"])],
        ),
    )


def test_melds_from_the_removed_cards_are_set_aside_and_the_rest_discarded():
    taking = play(meld_position(), Attack(0, 0, 1), Attack(1, 0, 2), Target(0, 0, 2))
    assert taking.pending.removed == ("9H", "4C", "3C", "7H", "8H")
    assert [m.to_dict() for m in taking.legal_moves() if isinstance(m, Meld)] == [
        {"kind": "meld", "cards": ["9H", "7H", "8H"]}
    ]
    melded = taking.apply(Meld(("9H", "7H", "8H")))
    assert melded.events == [{"kind": "meld", "seat": 0, "cards": ["9H", "7H", "8H"], "score": 48}]
    assert melded.view(0)["pending"]["removed"] == ["4C", "3C"]
    assert melded.check(Meld(("9H", "7H", "8H"))) == (
        "A meld is made of the removed cards not yet melded"
    )
    assert melded.melds[0] == () and melded.scores() == [0, 0]  # nothing is final before Done
    done = melded.apply(DONE)
    assert done.melds[0] == (("9H", "7H", "8H"),) and done.discard[-2:] == ("4C", "3C")
    assert done.scores() == [48, 0]
    assert [e["kind"] for e in done.events] == ["done", "discard"]  # a full hand draws nothing
    assert done.events[1] == {"kind": "discard", "cards": ["4C", "3C"]}


def test_meld_cards_are_listed_in_removed_order():
    taking = play(meld_position(), Attack(0, 0, 1), Attack(1, 0, 2), Target(0, 0, 2))
    assert taking.check(Meld(("7H", "8H", "9H"))) == (
        "List the meld's cards in the order they were removed"
    )
    assert taking.check(Meld(("9H", "4C", "7H"))) == "Those cards are not a meld"


def test_a_captured_seed_scores_30_and_its_cards_are_never_melded():
    state = position(
        hands=(HAND0, HAND1),
        seeds=([seed(["TC"], ["9H"])], [seed(["8H"]), seed(["7S"], ["2D"])]),
    )
    taken = play(state, Attack(0, 0, 1), Target(0, None, 0))
    assert taken.pending.removed == ("9H",)  # the seed's 8H is not among the removed cards
    assert taken.seeds[1] == ((("7S",), 7, (("2D",),), (2,)),)  # later seeds move up
    assert taken.events[0]["branch"] is None and taken.events[0]["cards"] == ["8H"]
    assert [m for m in taken.legal_moves() if isinstance(m, Meld)] == []
    done = taken.apply(DONE)
    assert done.captured[0] == (("8H",),) and done.scores() == [30, 0]
    assert "8H" not in done.discard and done.discard[-1] == "9H"


# ---------------------------------------------------------------------------------- prune, pass


def test_prune_takes_a_tail_back_into_the_hand_and_ends_the_turn():
    state = position(hands=(HAND0[:5], HAND1), seeds=([seed(["TH"], ["3C", "4C", "2H"])], []))
    after = state.apply(Prune(0, 0, 2))
    assert after.seeds[0][0][2] == (("3C",),) and {"4C", "2H"} <= set(after.hands[0])
    assert after.current_player == 1 and len(after.hands[0]) == 7
    assert after.events[0] == {
        "kind": "prune",
        "seat": 0,
        "seed": 0,
        "branch": 0,
        "cards": ["4C", "2H"],
    }
    assert state.check(Prune(0, 0, 4)) == "That branch has 3 cards"


def test_pass_ends_the_turn_and_two_passes_in_a_row_end_the_game():
    state = position(hands=(HAND0, HAND1))
    one = state.apply(PASS)
    assert one.current_player == 1 and one.events == [{"kind": "pass", "seat": 0}]
    assert one.apply(Plant("3S")).apply(PASS).apply(Plant("6C")).current_player == 0  # no end
    over = one.apply(PASS)
    assert over.is_over() and over.phase == "over" and over.legal_moves() == []
    assert [e["kind"] for e in over.events] == ["pass", "final"]
    assert over.check(PASS) == "The game is over"


# ---------------------------------------------------------------------------------------- cancel


@pytest.mark.parametrize(
    "moves",
    [
        [Condense(0, 0), Condense(0, 1)],
        [Grow("2S", 0, 2), Grow("5H", 1, 1), Grow("7C", 1, 2)],
        [Attack(0, 0, 1), Attack(0, 1, 1), Attack(1, 0, 1)],
        [Attack(0, 0, 2), Attack(1, 0, 1), Target(0, 0, 3)],
        [Attack(0, 0, 2), Attack(1, 0, 1), Target(1, None, 0)],
    ],
)
def test_cancel_puts_the_turn_back_exactly(moves):
    state = capture_position()
    pending = play(state, *moves)
    assert pending.pending is not None and pending.current_player == 0
    back = pending.apply(CANCEL)
    assert back == state and back.to_dict() == state.to_dict()
    assert back.legal_moves() == state.legal_moves()
    assert back.events == [{"kind": "cancel", "seat": 0}]
    assert orchard.from_dict(json.loads(json.dumps(pending.to_dict()))) == pending


def test_cancel_after_melds_and_nothing_to_cancel():
    state = meld_position()
    steps = (Attack(0, 0, 1), Attack(1, 0, 2), Target(0, 0, 2), Meld(("9H", "7H", "8H")))
    melded = play(state, *steps)
    assert melded.apply(CANCEL) == state
    assert state.check(CANCEL) == "There is nothing to cancel"


# ---------------------------------------------------------------------------------- the end


def test_the_last_round_once_the_stock_is_empty():
    state = position(hands=(HAND0[:6], HAND1), stock=["3D"])
    emptied = state.apply(PASS)
    assert emptied.stock == () and emptied.final_turns == 2
    assert [e["kind"] for e in emptied.events] == ["pass", "draw", "last_round"]
    other = emptied.apply(Plant("3S"))  # the other player's last turn (draws nothing)
    assert other.current_player == 0 and other.final_turns == 1 and len(other.hands[1]) == 6
    last = other.apply(Plant("5H"))
    assert last.is_over() and last.final_turns == 0
    assert [e["kind"] for e in last.events] == ["plant", "final"]


def test_the_turn_limit_ends_the_game():
    state = position(hands=(HAND0, HAND1), turn=orchard.TURN_LIMIT - 1)
    assert state.current_player == 1
    over = state.apply(Plant("3S"))
    assert over.is_over() and over.turn == orchard.TURN_LIMIT


def test_final_melding_scores_and_the_final_in_the_view():
    # Seat 0: KH QH set aside in play (2 * 11 = 22); hand 9S TS JS QS 4D, seed 8S (seeded) with a
    # branch 3C. Seat 1: three sevens in a seed and the hand, a captured seed.
    state = position(
        hands=(("9S", "TS", "JS", "QS", "4D"), ("7H", "2C")),
        seeds=([seed(["8S"], ["3C"])], [seed(["7D", "7C"])]),
        melds=([["KH", "QH"]], []),
        captured=([], [["5S"]]),
        stock=[],
        final_turns=1,  # seat 0's last turn: the other cards are in the discard pile
    )
    over = state.apply(PASS)
    final = over.final()
    # 8S joins the spade run 8 9 T J Q: 2 * 30 = 60; 4D and 3C stay loose: -2.
    assert final[0]["melds"] == [["8S", "9S", "TS", "JS", "QS"]]
    assert final[0]["unmelded"] == ["4D", "3C"] and final[0]["penalty"] == 2
    assert final[0]["meld_points"] == 22 + 60 and final[0]["score"] == 22 + 60 - 2
    assert final[1]["melds"] == [["7C", "7D", "7H"]] and final[1]["unmelded"] == ["2C"]
    assert final[1]["score"] == 21 - 1 + 30 and final[1]["captured"] == 1
    assert over.scores() == [80, 50] and over.winners() == [0]
    view = over.view(1)
    assert view["final"] == final and view["hands"][0] == ["4D", "9S", "TS", "JS", "QS"]
    assert over.events[-1] == {
        "kind": "final",
        "scores": [80, 50],
        "winners": [0],
        "melds": [f["melds"] for f in final],
    }


def test_equal_totals_are_a_draw():
    over = position(hands=(("2S",), ("2H",)), stock=[], final_turns=1).apply(PASS)
    assert over.scores() == [-1, -1] and over.winners() == [0, 1]


def test_the_worked_capture_example_of_the_rules_page():
    # docs/rules/orchard.md: Ann's tails 6♦ (of a seed of 9) and Q♣ K♣ (of a seed of 10) make
    # 6 + 3 + 4 = 13; Ben's tail 5♣ 7♣ is 12 < 13 (with the 3♦ before them 15: too much). From
    # 6♦ Q♣ K♣ 5♣ 7♣ Ann melds the run 5♣ 6♦ 7♣ (18) and the marriage Q♣ K♣ (2 × 7 = 14).
    state = position(
        hands=(("2S", "5H", "8C", "9D", "JS", "QH", "KD"), HAND1),
        seeds=(
            [seed(["9C"], ["6D"]), seed(["TH"], ["QC", "KC"])],
            [seed(["TC", "5S"], ["3D", "5C", "7C"])],
        ),
    )
    attacking = play(state, Attack(0, 0, 1), Attack(1, 0, 2))
    assert attacking.pending.attack_sum == 13
    assert attacking.check(Target(0, 0, 3)) == (
        "Your attackers total 13: the target must be less (it is 15)"
    )
    taken = attacking.apply(Target(0, 0, 2))
    melds = [m.cards for m in taken.legal_moves() if isinstance(m, Meld)]
    assert melds == [("6D", "5C", "7C"), ("QC", "KC")]
    run = taken.apply(Meld(("6D", "5C", "7C")))
    assert [m.cards for m in run.legal_moves() if isinstance(m, Meld)] == [("QC", "KC")]
    discard = run.discard
    done = play(run, Meld(("QC", "KC")), DONE)
    assert done.melds[0] == (("6D", "5C", "7C"), ("QC", "KC")) and done.scores() == [32, 0]
    assert done.discard == discard and [e["kind"] for e in done.events] == ["done"]
    assert done.seeds[1][0][2] == (("3D",),) and done.seeds[0][0][2] == ()


# ---------------------------------------------------------------------------------- melds


@pytest.mark.parametrize(
    ("cards", "score"),
    [
        (["9H", "TH", "JH"], 2 * (9 + 10 + 4)),
        (["9H", "TS", "JH"], 9 + 10 + 4),  # suits may differ
        (["JH", "9H", "TH"], 2 * 23),  # in any order
        (["2C", "3D", "4S", "5H", "6C"], 20),
        (["QS", "KS", "AS"], 2 * (2 + 3 + 4)),
        (["7H", "7S", "7D"], 21),
        (["7H", "7S", "7D", "7C"], 28),
        (["KD", "QD"], 2 * (5 + 4)),
        (["KD", "QH"], None),  # a marriage is one suit
        (["KS", "AS", "2S"], None),  # no wrap
        (["2C", "3D", "4S", "5H", "6C", "7C"], None),  # at most 5
        (["9H", "TH"], None),
        (["9H", "9H", "9S"], None),
        (["9H", "JH", "QH"], None),
        ([], None),
    ],
)
def test_meld_score(cards, score):
    assert meld_score(cards) == score


def test_best_final_score_counts_loose_cards_and_frees_seeded_ones():
    assert best_final_score(["2S", "9H"], []) == -2
    assert best_final_score([], ["2S", "9H"]) == 0
    assert best_final_score(["9H", "TH"], ["JH"]) == 46  # melded: no penalty
    assert best_final_score(["9H", "TH", "JH", "2C"], []) == 45
    # Seeded cards meld where they help (7D) and cost nothing where they do not (8C).
    assert best_final_score(["7H", "7S"], ["7D", "8C"]) == 21
    score, melds = best_final_choice(["KD", "QD", "JD", "QC", "KC"], ["AD"])
    assert score == 2 * (5 + 4 + 3 + 6) + 2 * 7
    assert melds == [["JD", "QD", "KD", "AD"], ["QC", "KC"]]
    with pytest.raises(ValueError):
        best_final_score(["2S"], ["2S"])


def test_best_final_choice_stays_small_for_the_biggest_hands(monkeypatch):
    """The dynamic programme keeps a few hundred states a rank even on hands full of runs, sets
    and marriages (measured: at most 288); a search over card subsets would need millions. The
    work is counted, not timed: a timed bound failed under load (0.050 s for a 0.05 s limit)."""
    adversarial = [
        [r + s for r in "23456789" for s in "SCDH"],  # 32 cards: runs and sets everywhere
        [r + s for r in "89TJQKA" for s in "SCDH"],  # 28: face values differ, marriages
        [r + s for r in "6789TJQ" for s in "SCDH"] + ["KS", "KH"],
    ]
    step = orchard._rank_step
    sizes: list[int] = []

    def counted(*args):
        states, back = step(*args)
        sizes.append(len(states))
        return states, back

    monkeypatch.setattr(orchard, "_rank_step", counted)
    for cards in adversarial:
        sizes.clear()
        score, melds = best_final_choice(cards[::2], cards[1::2])
        assert len(sizes) == 13 and max(sizes) <= 400, (len(cards), sizes)
        melded = [c for m in melds for c in m]
        assert len(melded) == len(set(melded))
        penalty = sum(1 for c in cards[::2] if c not in melded)
        assert score == sum(meld_score(m) for m in melds) - penalty


# ---------------------------------------------------------------------------------- views


def test_views_hide_the_other_hand_and_the_stock_order():
    state = position(hands=(HAND0, HAND1), seeds=([seed(["TH"], ["3C"])], []))
    view = state.view(1)
    assert view["hands"][0] == [None] * 7 and view["hands"][1] == list(state.hands[1])
    assert view["hand_ids"][0] == [f"h0.{i}" for i in range(7)]
    assert view["stock_count"] == len(state.stock) and "stock" not in view
    text = json.dumps(view)
    assert not any(f'"{c}"' in text for c in (*state.hands[0], *state.stock))
    assert view["seeds"][0] == [{"cards": ["TH"], "branches": [["3C"]], "value": 10, "totals": [3]}]
    with pytest.raises(ValueError):
        state.view(2)


def test_views_do_not_tell_the_deal_seed_which_would_give_away_the_hand_and_stock():
    state = orchard.new_game(12345)
    for seat in (0, 1):
        view = state.view(seat)
        assert "seed" not in view and "12345" not in json.dumps(view)
        twin = orchard.determinize(view, random.Random(seat))
        assert twin.view(seat) == view and twin.starter == state.starter
    with_option = orchard.new_game(12345, options={"first": 1})
    assert orchard.determinize(with_option.view(0), random.Random(3)).view(0) == with_option.view(0)


def test_illegal_moves_raise_with_the_reason():
    state = position(hands=(HAND0, HAND1))
    with pytest.raises(IllegalMove) as caught:
        state.apply(Plant("QH"))
    assert caught.value.reason == "A face card cannot be a seed"
    assert state.check(DONE) == "There is nothing to confirm"
    assert state.check(Meld(("2S", "3S", "4S"))) == "Melds are chosen after a capture"
    assert state.check("plant") == "That is not an Orchard move"


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "plant"},
        {"kind": "plant", "card": "1S"},
        {"kind": "grow", "card": "2S", "seed": -1, "branch": 0},
        {"kind": "target", "seed": 0, "branch": None, "count": 1},
        {"kind": "meld", "cards": "2S"},
        {"kind": "fly"},
        ["plant"],
    ],
)
def test_move_from_dict_refuses_malformed_moves(bad):
    with pytest.raises(ValueError):
        orchard.move_from_dict(bad)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["hands"][0].append(d["hands"][0][0]),  # a card twice
        lambda d: d["stock"].pop(),  # a card missing
        lambda d: d["seeds"][0].append({"cards": [d["discard"].pop()], "branches": []}),  # a KS
        lambda d: d["seeds"][0][0]["branches"][0].append(d["stock"].pop(0)),  # 2 + 9 over 4
        lambda d: d.update(current_player=1),
        lambda d: d.update(turn=301),
        lambda d: d.update(final_turns=2),
        lambda d: d.update(pending={"kind": "grow", "placed": [[0, 5]]}),
        lambda d: d.update(first_player=1),
    ],
)
def test_from_dict_refuses_inconsistent_states(change):
    d = position(
        hands=(HAND0, HAND1), seeds=([seed(["4S"], ["2C"])], []), stock=["9C", "3D"]
    ).to_dict()
    change(d)
    with pytest.raises(ValueError):
        orchard.from_dict(d)
