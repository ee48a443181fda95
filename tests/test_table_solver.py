"""The solver at the Canfield table: the status line's verdict, hints that lead to a win, "Show me",
and "winnable deals only" — all worked out in the worker process, never on the frame loop."""

from __future__ import annotations

import pygame
from conftest import make_state, nearly_won, open_canfield, run_of, set_position, wait_for

from engines.solvers import canfield as solver


def blocked_hearts():
    """Only hearts are left, and the 8♥ lies under the 9♥: no win."""
    return make_state(
        foundations=(["7H"], run_of(7, "S", 13), run_of(7, "D", 13), run_of(7, "C", 13)),
        tableau=(["8H", "9H"], ["TH"], ["JH"], ["QH"]),
        rest="stock",
    )


def test_the_status_line_says_whether_the_position_can_still_be_won(app, driver):
    table = open_canfield(app, driver)
    set_position(table, blocked_hearts())
    assert "Thinking…" in table.status_parts()
    wait_for(driver, lambda: table.solver.result is not None, 20)
    assert "No win from here" in table.status_parts()
    set_position(table, nearly_won())
    wait_for(driver, lambda: table.solver.result is not None, 20)
    assert "Winnable" in table.status_parts()
    assert table.try_move(table.solver.next_move())  # the last card up
    assert table.state.is_won()
    assert "Won" in table.status_parts() and "Winnable" not in table.status_parts()


def test_hint_and_show_me_follow_the_solvers_line_to_the_win(app, driver):
    table = open_canfield(app, driver, seed=5)
    state = make_state(
        foundations=[run_of(7, s, 10) for s in "HSDC"],
        tableau=([*run_of(7, "H", 3, 10)[::-1]], [], [], []),
        rest="stock",
    )
    set_position(table, state)
    wait_for(driver, lambda: table.solver.result == "winnable", 20)
    line = list(table.solver.line)
    driver.key(pygame.K_h)
    assert table.hint[:2] == (line[0].src, line[0].dst) and "solver" in app.toasts.latest
    driver.key(pygame.K_w)  # Show me
    assert table.demo
    wait_for(driver, lambda: table.state.is_won(), seconds=30)
    assert table.moves[: len(line)] == line


def test_a_key_stops_show_me_and_the_players_move_keeps_the_known_win(app, driver):
    table = open_canfield(app, driver, seed=5)
    state = make_state(
        foundations=[run_of(7, s, 8) for s in "HSDC"],
        tableau=([*run_of(7, "H", 5, 8)[::-1]], [*run_of(7, "S", 5, 8)[::-1]], [], []),
        rest="stock",
    )
    set_position(table, state)
    wait_for(driver, lambda: table.solver.result == "winnable", 20)
    driver.key(pygame.K_w)
    wait_for(driver, lambda: table.pos >= 1, 20)
    driver.key(pygame.K_SPACE)  # any key stops the demo
    stopped_at = table.pos
    driver.run(30)
    assert not table.demo and table.pos == stopped_at and not table.state.is_won()
    known = table.solver.line[0]
    table.try_move(known)  # the player plays the solver's next move: still a known win
    assert table.solver.result == "winnable" and table.solver.asked == table.history.serial


def test_winnable_deals_only_deals_a_deal_the_solver_wins(app, driver):
    app.settings.winnable_only = True
    table = open_canfield(app, driver, seed=5)
    old = table.request.seed
    table.new_deal()  # N, without the frames a key press runs (the answer may come in them)
    assert "Finding a winnable deal…" in table.status_parts()
    wait_for(driver, lambda: table.request.seed != old, 20)
    result = solver.solve(table.state, time_limit=10).result
    assert result == "winnable"


def test_a_deal_restarted_while_a_winnable_one_is_found_is_not_replaced(app, driver):
    app.settings.winnable_only = True
    table = open_canfield(app, driver, seed=5)
    table.new_deal()
    assert table.solver.finding is not None
    table.start_deal(table.request.seed)  # Restart (or Play again) before the search answers
    assert table.solver.finding is None and "Finding a winnable deal…" not in table.status_parts()
    table.try_move(table.state.legal_moves()[0])
    driver.run(90)  # long enough for the search's answer, were it still wanted
    assert table.request.seed == 5 and table.pos == 1


def test_winnable_deals_are_found_in_short_jobs_so_a_dropped_search_frees_the_worker(
    app, driver, monkeypatch
):
    # A job cannot be stopped once running: each holds the one worker for a slice at most, and
    # the next takes up the deals after those the last one tried, until the search's time is up.
    monkeypatch.setattr("game.table.solving.FIND_SECONDS_EACH", 0.001)
    monkeypatch.setattr("game.table.solving.FIND_SECONDS_TOTAL", 0.5)
    monkeypatch.setattr("game.table.canfield.fresh_seed", lambda: 25)  # dead, and slow to prove
    asked = []
    real_submit = app.worker.submit

    def spy(owner, key, fn, *args):
        asked.append((key, args[2:]))
        return real_submit(owner, key, fn, *args)

    app.worker.submit = spy
    app.settings.winnable_only = True
    table = open_canfield(app, driver, seed=5)
    table.new_deal()
    wait_for(driver, lambda: table.solver.finding is None, 30)
    finds = [(key[1], limits) for key, limits in asked if key[0] == "find"]
    assert len(finds) >= 2 and all(limits == (0.001, 0.001) for _seed, limits in finds)
    seeds = [seed for seed, _limits in finds]
    assert seeds == sorted(set(seeds))  # each job from a later deal on
    assert table.request.seed >= seeds[0] and "Finding" not in " ".join(table.status_parts())
