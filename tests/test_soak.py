"""The engine soak (tests/soaking.py) in the suite: a few games per game and preset with every check,
and the checks themselves. CI soaks 2,000 games per game and preset (`make soak GAMES=2000`, from
.ci/run); `make soak` 100,000."""

from __future__ import annotations

import pytest
from soaking import assert_every_card_once, deal, main, soak_chunk

import engines

PLAN = [(name, preset) for name in sorted(engines.GAMES) for preset in engines.get(name).presets]


@pytest.mark.parametrize(("name", "preset"), PLAN)
def test_a_few_games_per_game_and_preset_are_clean(name, preset):
    totals = soak_chunk(name, preset, run_seed=3, start=0, count=6)
    assert totals["games"] == 6 and totals["moves"] > 0
    if engines.get(name).max_players > 1:
        assert totals["over"] == 6  # games of several players always end


@pytest.mark.parametrize("name", sorted(engines.GAMES))
def test_games_are_dealt_over_every_player_count_and_the_whole_seed_range(name):
    game = engines.get(name)
    preset = next(iter(game.presets))
    deals = [deal(name, preset, 1, i) for i in range(200)]
    assert {players for _, players, _ in deals} == set(
        range(game.min_players, game.max_players + 1)
    )
    assert any(seed >= 2**63 for seed, _, _ in deals) and all(0 <= s < 2**64 for s, _, _ in deals)
    assert deals == [deal(name, preset, 1, i) for i in range(200)]


def test_card_accounting_catches_a_lost_or_doubled_card():
    d = engines.get("canfield").new_game(seed=1, players=1).to_dict()
    assert_every_card_once(d)
    pile = d["tableau"][0]
    pile.append(d["stock"][0])
    with pytest.raises(AssertionError, match="more than once"):
        assert_every_card_once(d)
    pile.clear()
    with pytest.raises(AssertionError, match="missing"):
        assert_every_card_once(d)


def test_a_misspelt_game_stops_the_soak_with_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--games", "1", "--game", "canfeild"])
    assert stop.value.code == 2
    assert "invalid choice: 'canfeild'" in capsys.readouterr().err
