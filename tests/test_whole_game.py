"""The whole-game chart (hanafuda_core.teach.whole_game) and its view, for every playable
game; Hachi-Hachi's year chart assertions moved here from the old Hachi-Hachi controller
and widget tests, parametrised over Hachi-Hachi and Koi-Koi where they hold
for both."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.errors import HanafudaError
from hanafuda_core.registry import playable_keys
from hanafuda_core.seating import DealerDraw
from hanafuda_core.teach.whole_game import WholeGameChart, lineups, whole_game_alt

TWO = ("hachihachi", "koikoi")


@pytest.mark.parametrize("key", TWO)
def test_chart_has_a_point_per_round_per_player(key):
    year = WholeGameChart(key, seed=1)
    fig = year.figure()
    lines = [ln for ln in fig.axes[0].lines if ln.get_label() in year.names]
    rounds = len(year.record.rounds)
    assert rounds == 12
    assert len(lines) == len(year.names) and all(len(ln.get_xdata()) == rounds for ln in lines)
    running = [0] * len(year.names)
    for d in year.record.rounds:
        running = [a + b for a, b in zip(running, d.outcome["points"])]
    assert [s[-1] for s in year.series().values()] == running
    assert year.png()[:8] == b"\x89PNG\r\n\x1a\n"


def test_hachihachi_year_has_three_players_months_and_field_multipliers():
    year = WholeGameChart("hachihachi", seed=1)
    assert len(year.names) == 3
    replayed = year.record.get_game().replay_rounds(year.record)
    assert year.multipliers() == [r.inner.multiplier.value for r in replayed]
    assert year.labels()[:3] == ["Jan", "Feb", "Mar"] and year.label_word == "month"
    assert [r["field"] for r in year.rows()] == [f"x{m}" for m in year.multipliers()]


def test_koikoi_game_has_no_field_multiplier_and_numbered_rounds():
    game = WholeGameChart("koikoi", seed=1)
    assert game.multipliers() == [1] * 12 and game.labels()[:2] == ["1", "2"]
    assert game.shade_note() == ""


@pytest.mark.parametrize("key", TWO)
def test_chart_bad_seed_or_line_up_keeps_the_game(key):
    year = WholeGameChart(key, seed=1)
    record = year.record
    with pytest.raises(HanafudaError, match="seed must be"):
        year.play(seed=-5)
    with pytest.raises(HanafudaError, match="unknown line-up"):
        year.play(agents="four coaches")
    with pytest.raises(HanafudaError, match="rules 'nope'"):
        year.play(preset="nope")
    assert year.record is record


@pytest.mark.parametrize("key", TWO)
def test_chart_tells_how_the_first_dealer_was_drawn(key):
    year = WholeGameChart(key, seed=3)
    label, text = year.end_rows()[0]
    draw = DealerDraw.from_dict(year.record.summary["first_dealer"])
    assert label == "First dealer" and text.startswith("Each player drew a card: ")
    assert f"{year.names[draw.dealer]} drew " in text
    assert year.record.rounds[0].deal["dealer"] == draw.dealer


def test_hachihachi_end_rows_list_the_award_and_totals_with_it():
    """The game winner's award (BOOK's Campaign bonus) is paid outside the deals: the
    totals are the deals' points plus what is paid outside them."""
    from hanafuda_core import get_game
    year = WholeGameChart(get_game("hachihachi", campaign=True), seed=3)
    rows = dict(year.end_rows())
    awards = [(k, v) for k, v in rows.items() if "Campaign bonus" in v]
    assert awards and all(k.endswith(f"→ {year.winner}") for k, _ in awards)
    finals = {n: s[-1] for n, s in year.series().items()}
    paid = sum(int(v.split()[0]) for _k, v in awards)
    assert year.totals()[year.winner] == finals[year.winner] + paid
    assert rows[f"Total for {year.winner}"] == year.fmt(year.totals()[year.winner])


def test_lineups_seat_the_games_usual_players():
    from hanafuda_core import get_game
    assert list(lineups(get_game("hachihachi"))) == [
        "three greedy players", "greedy, random, greedy", "three random players"]
    assert lineups(get_game("koikoi"))["greedy, random"] == ("greedy", "random")


@pytest.mark.parametrize("key", playable_keys())
def test_every_playable_game_charts_a_whole_game(key):
    chart = WholeGameChart(key, seed=2)
    rows = chart.rows()
    assert len(rows) == len(chart.record.rounds) >= 1
    assert set(chart.totals()) == set(chart.names) and chart.winner in chart.names
    alt = whole_game_alt(chart)
    assert "running total" in alt and all(name in alt for name in chart.names)


# -- the view ---------------------------------------------------------------------------

@pytest.mark.widgets
@pytest.mark.parametrize("key", TWO)
def test_view_play_a_game_draws_the_figure_and_table(key):
    from hanafuda_core.widgets.generic import whole_game_view
    view = whole_game_view(key)
    view.seed.value = 3
    view.play_button.click()
    assert view.controller.seed == 3 and len(view.figure.outputs) == 1
    assert "image/png" in view.figure.outputs[0]["data"]
    assert 'data-rounds="12"' in view.table.value
    view.seed.value = -1
    view.play_button.click()
    assert "seed must be" in view.message.value and view.controller.seed == 3


@pytest.mark.widgets
@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("key", TWO)
def test_chart_has_a_text_alternative(key, seed):
    """The chart is an <img> whose alt says what it draws and each player's final total."""
    from hanafuda_core.widgets.generic import WholeGameView
    view = WholeGameView(WholeGameChart(key, seed=seed))
    data = view.figure.outputs[0]["data"]
    img = re.search(r'<img [^>]*alt="([^"]+)"', data["text/html"])
    assert img and data["image/png"] in data["text/html"]
    alt = whole_game_alt(view.controller)
    assert "running total" in alt and str(len(view.controller.rows())) in alt
    assert all(name in alt for name in view.controller.names)


@pytest.mark.widgets
def test_hachihachi_view_shows_the_field_column_and_says_what_shading_means():
    from hanafuda_core.widgets.generic import whole_game_view
    for seed in range(1, 30):
        view = whole_game_view("hachihachi", seed=seed)
        if any(m > 1 for m in view.controller.multipliers()):
            break
    assert "<th>Field</th>" in view.table.value and "shaded" in view.intro.value
    koikoi = whole_game_view("koikoi")
    assert "<th>Field</th>" not in koikoi.table.value and "shaded" not in koikoi.intro.value


@pytest.mark.widgets
@pytest.mark.parametrize("key", TWO)
@settings(max_examples=5, deadline=None)
@given(events=st.lists(st.tuples(st.sampled_from(["seed", "preset", "agents", "play"]),
                                 st.integers(-3, 30)), max_size=6))
def test_random_view_events_never_show_a_traceback(key, events):
    from hanafuda_core.widgets.generic import whole_game_view
    view = whole_game_view(key)
    presets = [p for _l, p in view.controller.preset_choices()]
    teams = list(view.controller.lineups())
    for event, n in events:
        if event == "seed":
            view.seed.value = n
        elif event == "preset":
            view.preset.value = presets[n % len(presets)]
        elif event == "agents":
            view.agents.value = teams[n % len(teams)]
        else:
            view.play_button.click()
        assert "Traceback" not in view.message.value
        assert f'data-rounds="{len(view.controller.rows())}"' in view.table.value
