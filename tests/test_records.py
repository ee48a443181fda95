"""GameRecord with Canfield: round trips, and fuzzing of everything a record file could contain.

Loading must never crash with anything but the documented errors: `GameRecord.from_json` raises only
RecordError, `move_from_dict` only ValueError, and a parsed move on a state only IllegalMove.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import GameRecord, IllegalMove, Move, RecordError, canfield
from engines.canfield import CanfieldState

STABLE = {
    "derandomize": True,
    "database": None,
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
}

HUGE = st.integers(min_value=-(2**300), max_value=2**300)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | HUGE
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
PILE_OR_JUNK = (
    st.sampled_from(canfield.PILES)
    | st.sampled_from(
        ["tableau:4", "tableau:-1", "foundation:", "Stock", "tableau: 1", "", "reserve\x00"]
    )
    | JSON
)
N_OR_JUNK = st.integers(-2, 60) | HUGE | JSON
OPTIONS = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in canfield.OPTIONS.items()})


def game_moves(seed: int, options: dict, count: int) -> tuple[list[Move], CanfieldState]:
    state = canfield.new_game(seed, options=options)
    rng = random.Random(seed)
    moves = []
    for _ in range(count):
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        state = state.apply(move)
    return moves, state


def load(text) -> GameRecord | None:
    """from_json, which may only fail with RecordError; a record it accepts must replay."""
    try:
        record = GameRecord.from_json(text)
    except RecordError as exc:
        assert str(exc)  # says what is wrong
        return None
    final = record.replay()
    assert final.to_dict()["game"] == record.game
    again = GameRecord.from_json(record.to_json())
    assert again.moves == record.moves and again.replay() == final
    return record


# --- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("options", [None, canfield.presets["classic"], {"tableau_move": "any"}])
def test_record_round_trip(options):
    moves, final = game_moves(17, options or {}, 60)
    record = GameRecord("canfield", 17, 1, options or {}, moves)
    text = record.to_json()
    assert json.loads(text)["moves"] == [m.to_dict() for m in moves]
    loaded = GameRecord.from_json(text)
    assert loaded.moves == moves and loaded.game == "canfield" and loaded.seed == 17
    assert loaded.replay() == final
    assert GameRecord.from_json(text.encode()).replay() == final


def test_an_illegal_move_is_named_by_number():
    moves, _ = game_moves(5, {}, 4)
    record = json.loads(GameRecord("canfield", 5, 1, {}, moves).to_json())
    record["moves"].insert(2, {"src": "foundation:0", "dst": "tableau:0", "n": 1})
    with pytest.raises(RecordError, match=r"move 3 .*illegal: Cards cannot come back"):
        GameRecord.from_json(json.dumps(record))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": 5}, "'game' must be str"),
        ({"seed": -1}, "seed"),
        ({"seed": True}, "'seed' must be int"),
        ({"seed": 1.5}, "'seed' must be int"),
        ({"players": 2}, "players"),
        ({"players": 10**100}, "players"),
        ({"options": {"draw": 5}}, "draw"),
        ({"options": {"colour": "red"}}, "colour"),
        ({"options": None}, "'options' must be dict"),
        ({"moves": {}}, "'moves' must be list"),
        ({"moves": [{"src": "stock", "dst": "waste", "n": 10**40}]}, "move 1"),
        ({"moves": [{"src": "stock", "dst": "moon", "n": 1}]}, "move 1"),
        ({"moves": [["stock", "waste", 1]]}, "move 1"),
    ],
)
def test_bad_fields_say_what_is_wrong(change, message):
    record = json.loads(GameRecord("canfield", 3, 1, {}, []).to_json())
    record.update(change)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(json.dumps(record))


def test_huge_seed_and_deep_nesting():
    biggest = GameRecord("canfield", 2**64 - 1, 1, {}, [Move("stock", "waste", 1)])
    loaded = load(biggest.to_json())
    assert loaded is not None and loaded.seed == 2**64 - 1
    for seed in (2**64, 10**400):  # seeds are deal numbers below 2**64
        with pytest.raises(RecordError, match="seed"):
            GameRecord.from_json(GameRecord("canfield", seed, 1, {}, []).to_json())
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        with pytest.raises(RecordError):
            GameRecord.from_json(text)
    with pytest.raises(RecordError):
        GameRecord.from_json(b"\xff\xfe\x00garbage")


# --- fuzzing ---------------------------------------------------------------------------------


@settings(max_examples=300, **STABLE)
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_fuzz_arbitrary_text(text):
    assert load(text) is None or isinstance(text, str | bytes)


@settings(max_examples=300, **STABLE)
@given(JSON)
def test_fuzz_arbitrary_json(value):
    assert load(json.dumps(value)) is None  # never a record: no object has all the fields


MOVE_DICT = st.fixed_dictionaries(
    {"src": PILE_OR_JUNK, "dst": PILE_OR_JUNK},
    optional={"n": N_OR_JUNK, "extra": JSON},
)


@settings(max_examples=400, **STABLE)
@given(
    game=st.just("canfield") | JSON,
    seed=st.integers(0, 50) | HUGE | JSON,
    players=st.just(1) | N_OR_JUNK,
    options=OPTIONS | st.dictionaries(st.sampled_from([*canfield.OPTIONS, "x"]), JSON, max_size=3),
    moves=st.lists(MOVE_DICT | JSON, max_size=6),
    drop=st.sampled_from([None, "format", "game", "seed", "players", "options", "moves"]),
)
def test_fuzz_record_shaped_objects(game, seed, players, options, moves, drop):
    data = {
        "format": 1,
        "game": game,
        "seed": seed,
        "players": players,
        "options": options,
        "moves": moves,
    }
    if drop:
        del data[drop]
    record = load(json.dumps(data))
    if record is not None:
        assert record.game == "canfield" and record.players == 1


@st.composite
def mutated_records(draw):
    seed = draw(st.integers(0, 2**32))
    options = draw(OPTIONS)
    moves, _ = game_moves(seed, options, draw(st.integers(0, 25)))
    data = json.loads(GameRecord("canfield", seed, 1, options, moves).to_json())
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                [
                    "field",
                    "delete",
                    "option",
                    "move",
                    "move-field",
                    "move-delete",
                    "insert",
                    "swap",
                    "drop",
                    "truncate",
                ]
            )
        )
        ms = data.get("moves") if isinstance(data.get("moves"), list) else None
        if kind == "field":
            data[draw(st.sampled_from(["game", "seed", "players", "options", "moves"]))] = draw(
                JSON
            )
        elif kind == "delete":
            data.pop(draw(st.sampled_from(["game", "seed", "players", "options", "moves"])), None)
        elif kind == "option" and isinstance(data.get("options"), dict):
            data["options"][draw(st.sampled_from([*canfield.OPTIONS, "zz"]))] = draw(JSON)
        elif kind == "move" and ms:
            ms[draw(st.integers(0, len(ms) - 1))] = draw(MOVE_DICT | JSON)
        elif kind == "move-field" and ms:
            target = ms[draw(st.integers(0, len(ms) - 1))]
            if isinstance(target, dict):
                key = draw(st.sampled_from(["src", "dst", "n"]))
                target[key] = draw(N_OR_JUNK if key == "n" else PILE_OR_JUNK)
        elif kind == "move-delete" and ms and isinstance(ms[0], dict):
            ms[0].pop(draw(st.sampled_from(["src", "dst", "n"])), None)
        elif kind == "insert" and ms is not None:
            ms.insert(draw(st.integers(0, len(ms))), draw(MOVE_DICT))
        elif kind == "swap" and ms and len(ms) > 1:
            i, j = draw(st.integers(0, len(ms) - 1)), draw(st.integers(0, len(ms) - 1))
            ms[i], ms[j] = ms[j], ms[i]
        elif kind == "drop" and ms:
            del ms[draw(st.integers(0, len(ms) - 1))]
        elif kind == "truncate":
            text = json.dumps(data)
            return text[: draw(st.integers(0, len(text)))]
    return json.dumps(data)


@settings(max_examples=400, **STABLE)
@given(mutated_records())
def test_fuzz_mutated_valid_records(text):
    record = load(text)
    if record is not None:
        assert all(isinstance(m, Move) for m in record.moves)


@settings(max_examples=400, **STABLE)
@given(value=MOVE_DICT | JSON, seed=st.integers(0, 1000))
def test_fuzz_move_from_dict(value, seed):
    try:
        move = canfield.move_from_dict(value)
    except ValueError as exc:
        assert str(exc)
        return
    assert move.src in canfield.PILES and move.dst in canfield.PILES and 1 <= move.n <= 52
    assert canfield.move_from_dict(move.to_dict()) == move
    # A well-formed move on some position: check gives a reason or None; apply only IllegalMove.
    state = canfield.new_game(seed)
    reason = state.check(move)
    if reason is None:
        assert move in state.legal_moves()
        state.apply(move)
    else:
        with pytest.raises(IllegalMove):
            state.apply(move)


@settings(max_examples=200, **STABLE)
@given(JSON | st.fixed_dictionaries({"game": st.just("canfield"), "seed": st.integers(0, 9)}))
def test_fuzz_from_dict(value):
    with pytest.raises(ValueError):
        canfield.from_dict(value)


@settings(max_examples=200, **STABLE)
@given(
    seed=st.integers(0, 1000),
    key=st.sampled_from(sorted(canfield.new_game(0).to_dict())),
    value=JSON,
)
def test_fuzz_from_dict_fields(seed, key, value):
    d = canfield.new_game(seed).to_dict()
    original = d[key]
    d[key] = value
    try:
        state = canfield.from_dict(d)
    except ValueError:
        return
    # Accepted only if the value means the same thing (e.g. an equal list or default options) or is
    # itself a valid value for that field (another seed, a redeal count within the limit).
    assert state.to_dict()[key] in (original, value) or key == "options"
    assert canfield.from_dict(state.to_dict()) == state
