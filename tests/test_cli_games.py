"""``hanafuda score|play|deal|replay`` for every playable game of the registry (one test,
parametrised: a new playable game joins it), ``games --json`` and a narrow terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run, run_json

from hanafuda_core import get_game
from hanafuda_core.cards import DEFAULT_VALUES, Card, CardSet, Extra
from hanafuda_core.play import Record
from hanafuda_core.registry import entry, playable_keys

ROOT = Path(__file__).resolve().parents[1]
PLAYABLE = playable_keys()
PILE = "1a 3a 8a 11a 12a 1b 2b 3b 9a 9d"
#: a pile with a yaku for a game whose yaku the usual pile does not make (whole months)
_OWN_PILE = {"hachijuu-hana": "1a 3a 8a 11a 12a 1b 2b 3b 9a 9d 3c 3d",
             "sudaoshi": "8a 8b 8c 3a 12a 1c 2c"}


def _card_values(key):
    """The game's card values (Bright, Ten, Ribbon, Chaff), 20/10/5/1 unless it says."""
    values = getattr(getattr(get_game(key).rules, "overlay", None), "values", None)
    return dict(zip(DEFAULT_VALUES, values)) if values is not None else DEFAULT_VALUES


@pytest.mark.parametrize("key", PLAYABLE)
def test_score_json_reports_card_yaku_and_optional_points_and_the_yaku(capsys, key):
    pile = _OWN_PILE.get(key, PILE)
    data = run_json(capsys, "score", key, pile)
    assert {"card_points", "yaku_points", "optional_yaku_points", "total", "yaku"} <= set(data)
    # the game's values per kind (Min-Hwatu's Chaffs: 0), or per card (Six Hundred)
    overlay = getattr(get_game(key).rules, "overlay", None)
    own = overlay.card_points(CardSet.parse(pile).mask) if hasattr(overlay, "card_points") \
        else None
    assert data["card_points"] in (None, CardSet.parse(pile).value(_card_values(key)), own)
    # the yaku of an optional chart (Simplified's simple yaku) are listed as optional
    assert data["yaku_points"] == sum(y["points"] for y in data["yaku"]
                                      if not y.get("optional"))
    assert data["optional_yaku_points"] == sum(y["points"] for y in data["yaku"]
                                               if y.get("optional"))
    assert data["yaku_points"] + data["optional_yaku_points"] > 0
    assert data["total"] >= data["yaku_points"]
    for y in data["yaku"]:
        assert y["cards"] and set(y["cards"]) <= set(pile.split())
    preset = get_game(key).preset           # "book" unless the game has no rulebook set yet
    assert data["game"] == key and data["preset"] == preset
    status, out, err = run(capsys, "score", key, pile)
    assert status == 0 and err == "" and out.startswith(f"{get_game(key).name}, preset {preset}")


@pytest.mark.parametrize("key", PLAYABLE)
def test_play_json_is_the_record_and_replay_tells_the_same_game(capsys, tmp_path, key):
    agents = ",".join(["random"] * get_game(key).players[0])
    data = run_json(capsys, "play", key, "--seed", "3", "--agents", agents)
    assert data["format"] == "hanafuda-record/2" and data["game"] == key
    assert data["agents"] == agents.split(",") and data["seed"] == 3
    record = Record.from_dict(data)
    assert record == get_game(key).play(agents.split(","), seed=3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    again = run_json(capsys, "replay", str(path))
    assert again["log"] == data["log"] and again["rounds"] == data["rounds"]
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and err == "" and "every result as recorded" in out.splitlines()[0]
    assert out.splitlines()[1:] == data["log"]


@pytest.mark.parametrize("key", PLAYABLE)
def test_play_with_an_option_saves_a_record_that_replays(capsys, tmp_path, key):
    table = get_game(key).option_table
    name, value = next((k, o.allowed[-1]) for k, o in table.items()
                       if isinstance(o.default, bool) and o.implemented
                       and k not in ("trade", "blind_stay"))
    text = str(value).lower()
    agents = ",".join(["random"] * get_game(key).players[0])
    data = run_json(capsys, "play", key, "--seed", "8", "--agents", agents,
                    "--option", f"{name}={text}")
    assert data["options"] == {name: value}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run_json(capsys, "replay", str(path))["log"] == data["log"]


@pytest.mark.parametrize("key", PLAYABLE)
def test_deal_each_playable_game(capsys, key):
    data = run_json(capsys, "deal", key, "--seed", "2")
    codes = [c for h in data["hands"] for c in h] + data["field"] + data["aside"] \
        + data["stock"] + [c for cards in data["elsewhere"].values() for c in cards]
    # the deck the book's rules play with (another seed's deal), Jokers included (Go-Stop)
    game = get_game(key)
    deck = [c for cards in game.new_round(seed=0, players=data["players"]).zones().values()
            for c in cards]
    assert data["game"] == key and len(codes) == len(set(codes)) == len(deck)
    assert set(codes) == {(Card(c) if c < 48 else Extra(c)).code for c in deck}


def test_games_json_says_which_games_are_playable_and_their_tools(capsys):
    games = run_json(capsys, "games")
    playable = {g["key"] for g in games if g["playable"] and not g["preset_of"]}
    assert playable == set(PLAYABLE)
    for g in games:
        assert g["tools"] == list(entry(g["key"]).tools)
        if g["key"] in PLAYABLE:
            # the default preset: "book", unless the rulebook's set is not played yet
            assert get_game(g["key"]).preset in g["presets"] and "play" in g["tools"]


@pytest.mark.parametrize("argv, words", [
    (("replay", "/no/such/file.json"), "cannot read the record"),
    (("play", "hiyoko"), ("Hiyoko cannot be played yet (chapter 26 of the book "
                           "describes it); games that can be played: simplified")),
    (("score", "koikoi", "1a", "--preset", "d001"), "presets: book"),
])
def test_errors_are_one_line(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and words in err, err


def test_replay_of_a_tampered_record_is_refused(capsys, tmp_path):
    data = run_json(capsys, "play", "koikoi", "--seed", "1", "--agents", "random,random",
                    "--rounds", "1")
    data["rounds"][0]["outcome"]["winner"] = 1 - (data["rounds"][0]["outcome"]["winner"] or 0)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2 and out == "" and "does not replay" in err


@pytest.mark.parametrize("argv", [("cards",), ("cards", "--json"), ("games", "koikoi"),
                                  ("parse", "sake cup")])
def test_an_ascii_terminal_gets_output_not_a_traceback(argv):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="ascii")
    done = subprocess.run([sys.executable, "-m", "hanafuda_core", *argv], cwd=ROOT, env=env,
                          capture_output=True, timeout=60, check=False)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert done.stdout.decode("ascii")              # plain ASCII, nothing lost but the kanji
    if "--json" in argv:
        cards = json.loads(done.stdout)
        assert cards[0]["japanese"] == "松に鶴"


@pytest.mark.parametrize("key", PLAYABLE)
def test_games_text_shows_tools_and_presets_with_their_sources(capsys, key):
    status, out, _ = run(capsys, "games", key)
    assert status == 0
    assert f"tools       {', '.join(entry(key).tools)}" in out
    from hanafuda_core.teach.facts import preset_label
    from hanafuda_core.teach.pages import reader_problems
    for preset in entry(key).presets():
        line = next(x for x in out.splitlines() if x.startswith(f"  {preset}: "))
        described = line.split(": ", 1)[1]
        # named as readers meet the rule set and its source: no bare label, no lines
        assert described.startswith(preset_label(key, preset)), line
        assert not [p for p in reader_problems(described) if "card code" not in p], line
    sources = next(x for x in out.splitlines() if x.startswith("Sources: "))
    assert not reader_problems(sources), sources


def test_a_seed_rule_set_plays_as_its_game_under_its_preset(capsys):
    data = run_json(capsys, "play", "koikoi-d003", "--seed", "2", "--agents", "random,random",
                    "--rounds", "1")
    assert data["game"] == "koikoi" and data["preset"] == "d003"
    assert data["options"] == {"rounds": 1}
    status, out, _ = run(capsys, "games", "koikoi-d003")
    assert status == 0 and "plays as    koikoi --preset d003" in out


def test_replay_reads_a_record_from_standard_input(capsys, monkeypatch):
    import io
    data = run_json(capsys, "play", "hachihachi", "--seed", "6", "--deals", "6")
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(data)))
    status, out, err = run(capsys, "replay", "-")
    assert status == 0 and err == "" and out.splitlines()[1:] == data["log"]


def test_default_agents_fill_the_seats_the_rules_ask_for(capsys):
    data = run_json(capsys, "play", "koikoi", "--preset", "d002", "--option", "players=3",
                    "--seed", "1", "--rounds", "1")
    assert data["players"] == 3 and data["agents"] == ["coach", "greedy", "greedy"]


@pytest.mark.parametrize("key", PLAYABLE)
def test_play_and_score_errors_for_every_playable_game(capsys, key):
    name = get_game(key).name
    high = max(get_game(key).player_counts())
    for argv, words in [
        (("play", key, "--players", str(high + 1)), f"{name} is played by"),
        (("play", key, "--agents", "random,wizard"), "unknown player 'wizard'"),
        (("score", key, "1a", "--option", "no_such=1"), f"unknown {name} option 'no_such'"),
        (("score", key, "1a", "--preset", "nope"), f"unknown {name} preset 'nope'"),
        (("score", key, "1a", "11z"), "unknown card"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and err.count("\n") == 1, (argv, err)
        assert words in err, (argv, err)


# ---------------------------------------------------------------------------
# Declarations at the deal (A1): a dealt hand's combinations (--hand) and revealed
# months (--revealed), for the games whose rules have them (read from each game).

def _adapter(key):
    game = get_game(key)
    return game, game.adapter


#: the playable games that score a dealt hand by its hand combinations
HAND_GAMES = [k for k in PLAYABLE if _adapter(k)[1].hand_table(get_game(k)) is not None]
#: the playable games whose players reveal months at the deal, doubling their yaku
REVEAL_GAMES = [k for k in PLAYABLE if _adapter(k)[1].revealable(get_game(k))]


def test_the_declaring_games_are_found_in_their_rules():
    # Six Hundred claims hand combinations at the deal as Hachi-Hachi shows them;
    # Hachi-juu Hana reveals triples (read from the rules above, checked here once)
    assert {"hachihachi", "six-hundred"} <= set(HAND_GAMES)
    assert "hachijuu-hana" in REVEAL_GAMES
    assert not set(HAND_GAMES) & set(REVEAL_GAMES)


def _dealt_hand_with_a_combination(capsys, key):
    """The first seat's hand of the first seeded deal that makes a hand combination."""
    table = _adapter(key)[1].hand_table(get_game(key))
    for seed in range(200):
        hand = run_json(capsys, "deal", key, "--seed", str(seed))["hands"][0]
        if table.evaluate(CardSet.parse(" ".join(hand))).hits:
            return hand
    raise AssertionError(f"no hand combination in 200 deals of {key}")


@pytest.mark.parametrize("key", HAND_GAMES)
def test_score_hand_reports_hand_points_and_the_combinations_shown(capsys, key):
    hand = _dealt_hand_with_a_combination(capsys, key)
    data = run_json(capsys, "score", key, *hand, "--hand")
    assert {"card_points", "yaku_points", "optional_yaku_points", "total",
            "hand_points"} <= set(data)
    assert data["card_points"] is None and data["yaku_points"] == 0
    assert data["optional_yaku_points"] == 0
    assert data["teyaku"] and data["hand_points"] == sum(t["value"] for t in data["teyaku"])
    assert data["total"] == data["hand_points"] > 0
    for t in data["teyaku"]:
        assert set(t["shown"].split()) <= set(hand)
    status, out, err = run(capsys, "score", key, *hand, "--hand")
    assert status == 0 and err == "" and "a dealt hand" in out.splitlines()[0]
    for t in data["teyaku"]:
        assert t["name"] in out


@pytest.mark.parametrize("key", [k for k in HAND_GAMES
                                 if hasattr(get_game(k).rules, "declarations")])
def test_score_hand_is_what_the_claims_at_the_deal_earn(capsys, key):
    """A capture game's hand points are the points its player receives by claiming,
    at the deal, every combination the engine offers the hand (A1, A11)."""
    from hanafuda_core.engines.capture import declared_by
    game = get_game(key)
    claims = game.rules.declarations
    for seed in range(40):
        state = game.new_round(seed=seed).state
        offers = claims.offers(state.hands_m[state.player], ())
        if not offers:
            continue
        seat = state.player
        hand = [c.code for c in CardSet.from_mask(state.hands_m[seat])]
        for d in offers:
            state = state.apply(d)
        assert run_json(capsys, "score", key, *hand, "--hand")["hand_points"] == \
            claims.points(declared_by(state, seat))
        return
    raise AssertionError(f"no claim offered in 40 deals of {key}")


def test_six_hundred_worked_example_hand_of_player_c(capsys):
    """The chapter's third player claims All Chaffs with a 7-card hand (three players):
    the hand's share of the example's total."""
    from hanafuda_core.games.six_hundred import EXAMPLE_HAND_C, chapter_facts
    data = run_json(capsys, "score", "six-hundred", EXAMPLE_HAND_C, "--hand",
                    "--option", "players=3")
    assert data["hand_points"] == data["total"] == chapter_facts()["sh_ex_c_hand"] > 0
    assert [t["key"] for t in data["teyaku"]] == ["all_chaffs"]
    status, _, err = run(capsys, "score", "six-hundred", EXAMPLE_HAND_C, "--hand")
    assert status == 2 and "has 8 cards with 2 players, not 7" in err


@pytest.mark.parametrize("key", HAND_GAMES)
def test_score_hand_refuses_a_hand_of_the_wrong_size(capsys, key):
    hand = run_json(capsys, "deal", key, "--seed", "1")["hands"][0]
    status, out, err = run(capsys, "score", key, *hand[:-1], "--hand")
    assert status == 2 and out == "" and f"hand has {len(hand)} cards" in err, err


@pytest.mark.parametrize("key", [k for k in PLAYABLE if k not in HAND_GAMES])
def test_score_hand_is_refused_where_nobody_claims_a_hand(capsys, key):
    status, out, err = run(capsys, "score", key, "1a", "--hand")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"{get_game(key).name} has no hand combinations" in err
    assert err.rstrip().endswith(", ".join(HAND_GAMES)), err


def _month_pile(month):
    return " ".join(c.code for c in Card if c.month == month)


@pytest.mark.parametrize("key", REVEAL_GAMES)
def test_a_revealed_month_makes_its_yaku_worth_double(capsys, key):
    months = _adapter(key)[1].revealable(get_game(key))
    for month in months:
        pile = _month_pile(month)
        plain = run_json(capsys, "score", key, pile)
        shown = run_json(capsys, "score", key, pile, "--revealed", str(month))
        assert shown["revealed"] == [month] and "revealed" not in plain
        assert plain["yaku_points"] > 0
        assert shown["yaku_points"] == 2 * plain["yaku_points"]
        assert shown["total"] - plain["total"] == plain["yaku_points"]
        assert shown["card_points"] == plain["card_points"]
        assert [y["doubled"] for y in shown["yaku"]] == [True] * len(shown["yaku"])
        # revealing another month changes nothing in this pile
        other = next(m for m in months if m != month)
        assert run_json(capsys, "score", key, pile, "--revealed",
                        str(other))["total"] == plain["total"]
    status, out, err = run(capsys, "score", key, _month_pile(min(months)), "--revealed",
                           str(min(months)))
    assert status == 0 and "worth double" in out


def test_hachijuu_hana_worked_example_with_february_revealed(capsys):
    """The chapter's worked example (three players), scored again with February revealed."""
    from hanafuda_core.games.hachijuu_hana import WORKED_EXAMPLE, chapter_facts
    facts = chapter_facts()
    plain = run_json(capsys, "score", "hachijuu-hana", WORKED_EXAMPLE, "--option",
                     "players=3")
    shown = run_json(capsys, "score", "hachijuu-hana", WORKED_EXAMPLE, "--option",
                     "players=3", "--revealed", "february")
    assert plain["total"] == facts["hjh_ex_total"]
    assert shown["yaku_points"] == facts["hjh_ex_revealed_yaku"] > plain["yaku_points"]
    assert shown["total"] == facts["hjh_ex_revealed_total"]


def test_a_stand_in_doubles_a_revealed_month_only_under_its_option(capsys):
    pile = "2a 2b 2c 11a"       # February completed by a November card
    plain = run_json(capsys, "score", "hachijuu-hana", pile)["yaku_points"]
    strict = run_json(capsys, "score", "hachijuu-hana", pile, "--revealed", "2")
    lenient = run_json(capsys, "score", "hachijuu-hana", pile, "--revealed", "2",
                       "--option", "stand_in_doubles=true")
    assert plain > 0 and strict["yaku_points"] == plain
    assert lenient["yaku_points"] == 2 * plain


@pytest.mark.parametrize("key", [k for k in PLAYABLE if k not in REVEAL_GAMES])
def test_revealed_months_are_refused_where_nothing_is_revealed(capsys, key):
    status, out, err = run(capsys, "score", key, "1a", "--revealed", "2")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"{get_game(key).name} has no months to reveal" in err
    assert err.rstrip().endswith(", ".join(REVEAL_GAMES)), err


@pytest.mark.parametrize("key", REVEAL_GAMES)
def test_revealed_months_the_game_does_not_allow_are_refused(capsys, key):
    months = _adapter(key)[1].revealable(get_game(key))
    outside = next(m for m in range(1, 14) if m not in months)
    first = min(months)
    for words, reason in [(str(outside), f"not {outside}"), ("0", "not 0"),
                          ("spring", "'spring' is not a month"),
                          (f"{first},{first}", "revealed twice")]:
        status, out, err = run(capsys, "score", key, "1a", "--revealed", words)
        assert status == 2 and out == "" and err.count("\n") == 1, (words, err)
        assert reason in err, (words, err)
    status, _, err = run(capsys, "score", key, "1a", "--revealed", str(first), "--hand")
    assert status == 2 and "with --hand" in err, err
