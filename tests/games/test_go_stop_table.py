"""Go-Stop at a table of four to seven (G10; ch. 16, "Playing with 4-7 Players",
2853-2891): the deal to everyone, the choice of the three players, the compensation of
a player forced out, the three-player round on the engine and the whole game over the
table. The chapter prints no worked example; the hands here are ours."""

from __future__ import annotations

import json
import random

import pytest
from cli_helpers import run, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import CardSet, parse_cards
from hanafuda_core.errors import HanafudaError, IllegalActionError, OptionError
from hanafuda_core.families.capture.table_round import (
    SIT_IN,
    SIT_OUT,
    TableAgent,
    TableDeal,
    TableRound,
    choice_advice,
    deal_table_round,
    hand_strength,
    new_table_round,
)
from hanafuda_core.games.go_stop import table_setup
from hanafuda_core.play import Record

FILLER = list(range(48))


def _deal(players: int, hands: dict[int, str], dealer: int = 0, field: str = "",
          **extra) -> TableDeal:
    """A deal with the given seats' hands (the rest of the deck in card order fills the
    other hands, the field and the undealt cards); keys: the card ids (the draw pile in
    card order)."""
    fixed = {s: [int(c) for c in parse_cards(h)] for s, h in hands.items()}
    fld = [int(c) for c in parse_cards(field)] if field else []
    used = {c for h in fixed.values() for c in h} | set(fld)
    rest = [c for c in FILLER if c not in used]
    order: list[int] = []
    for s in range(players):
        if s in fixed:
            order += fixed[s]
        else:
            order += rest[:7]
            rest = rest[7:]
    if not fld:
        fld, rest = rest[:6], rest[6:]
    order += fld + rest
    return TableDeal(tuple(order), tuple(range(48)), dealer, **extra)


def _play_out(r: TableRound, seed: int = 0) -> TableRound:
    rng = random.Random(seed)
    while not r.is_terminal:
        legal = r.legal_actions()
        r = r.apply(legal[int(rng.random() * len(legal))])
    return r


def _choose(r: TableRound, *wants: bool) -> TableRound:
    for w in wants:
        r = r.apply(SIT_IN if w else SIT_OUT)
    return r


# -- choosing the three ---------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 5, 6])
@pytest.mark.parametrize("dealer", [0, 2, 3])
def test_book_dealer_always_plays(players, dealer):
    setup = table_setup(players)
    for wants in ([False] * 6, [True] * 6, [True, False] * 3, [False, True] * 3):
        r = new_table_round(setup, seed=1, dealer=dealer)
        i = 0
        while r.stage == "choose":
            assert r.current_seat != dealer
            r = r.apply(SIT_IN if wants[i] else SIT_OUT)
            i += 1
        assert r.active[0] == dealer and len(set(r.active)) == 3


def test_a_choice_is_read_from_its_action_or_its_words():
    from hanafuda_core.families.capture.table_round import SitIn, SitOut
    r = deal_table_round(table_setup(5), _deal(5, {}))
    assert r.apply(SitIn()).choices == ((1, True),)
    assert r.apply(SitOut()).choices == ((1, False),)
    assert r.apply(" Drop  Out ").choices == ((1, False),)
    assert r.apply("play").choices == ((1, True),)


def test_one_choice_for_every_table_each_recorded_in_its_games_word():
    """The big table's choice and Hachi-Hachi's pass are one action: a Hachi-Hachi pass
    given at the big table is a drop (and recorded so), and the other way round."""
    from hanafuda_core.families.capture.table_round import SitOut
    from hanafuda_core.games import hachihachi_play as hh
    assert hh.PASS == SIT_OUT and hh.JOIN == SIT_IN and hh.PASS.code() == "pass"
    r = deal_table_round(table_setup(5), _deal(5, {})).apply(hh.PASS)
    assert r.choices == ((1, False),) and [a.code() for a in r.history] == ["drop"]
    h = hh.new_hachihachi_round("d001", 4, 5, dealer=0)
    h = hh.apply(h, SitOut())
    assert h.passed == (0,) and [a.code() for a in h.history] == ["pass"]


def test_book_the_choice_starts_at_the_dealers_right_and_goes_round():
    r = new_table_round(table_setup(5), seed=2, dealer=3)
    assert r.current_seat == 4
    r = r.apply("drop")
    assert r.current_seat == 0
    r = r.apply("join")
    assert r.current_seat == 1


def test_book_two_non_dealers_playing_force_the_rest_out():
    r = _choose(deal_table_round(table_setup(6), _deal(6, {})), True, True)
    assert r.stage == "play"
    assert r.active == (0, 1, 2)
    assert r.forced_out == (3, 4, 5) and r.volunteers == (1, 2)
    assert r.choices == ((1, True), (2, True), (3, False), (4, False), (5, False))
    assert len(r.made) == 2                 # the forced seats took no action


def test_book_enough_dropouts_force_the_rest_in():
    r = _choose(deal_table_round(table_setup(5), _deal(5, {})), False, False)
    assert r.stage == "play" and r.active == (0, 3, 4)
    assert r.forced_in == (3, 4) and r.forced_out == () and r.sat_out == (1, 2)
    assert r.volunteers == ()
    assert r.compensation(0) == (0,) * 5


def test_book_four_players_one_drop_forces_the_last_two_in():
    r = _choose(deal_table_round(table_setup(4), _deal(4, {})), False)
    assert r.active == (0, 2, 3) and r.forced_in == (2, 3)


def test_book_the_three_play_the_three_player_game():
    r = _choose(deal_table_round(table_setup(5), _deal(5, {})), True, False, True)
    inner = r.inner
    assert inner is not None and inner.rules.players == 3
    assert [h.bit_count() for h in inner.hands_m] == [7, 7, 7]
    assert inner.field_m.bit_count() == 6 and inner.stock_size == 48 - 27
    # engine seat 0 is the dealer, then the players in the order of play
    assert [inner.hand(e) for e in range(3)] == [CardSet.from_mask(r.hands[s])
                                                 for s in r.active]
    # the dropouts' hands are in the draw pile
    stock = sum(1 << c for c in inner.stock[inner.pos:])
    assert r.hands[2] & ~stock == 0 and r.hands[4] & ~stock == 0


# -- compensation ---------------------------------------------------------------------

PRIZE = "1a 9a 11d 5b 5c 5d 7c"       # Crane, Sake cup, Storm Chaff and three Irises


def test_book_forced_dropout_is_compensated_by_each_voluntary_player():
    r = _choose(deal_table_round(table_setup(5), _deal(5, {4: PRIZE})), True, False, True)
    assert r.forced_out == (4,) and r.volunteers == (1, 3)
    assert r.compensation_owed() == ((4, 12),)      # 3 cards x 2, doubled by the triple
    assert r.compensation(None) == (0, -12, 0, -12, 24)
    end = _play_out(r)
    res = end.table_result
    assert res is not None and res.compensation == (0, -12, 0, -12, 24)
    engine = dict(zip(end.active, res.engine.points))
    assert res.points == tuple(engine.get(s, 0) + c for s, c in enumerate(res.compensation))
    assert sum(res.points) == 0


def test_book_voluntary_dropout_is_owed_nothing():
    r = _choose(deal_table_round(table_setup(5), _deal(5, {1: PRIZE})), False, True, True)
    assert r.sat_out == (1,) and r.forced_out == (4,)
    assert r.compensation(0)[1] == 0 and [s for s, _ in r.compensation_owed()] == [4]


def test_book_the_dealer_pays_no_compensation():
    r = _choose(deal_table_round(table_setup(4), _deal(4, {3: PRIZE})), True, True)
    assert r.forced_out == (3,) and r.volunteers == (1, 2)
    assert r.compensation(None)[0] == 0


def test_book_triple_doubles_compensation():
    plain = "1a 9a 11d 5b 6c 7c 8c"
    r = _choose(deal_table_round(table_setup(4), _deal(4, {3: plain})), True, True)
    assert r.compensation_owed() == ((3, 6),)
    r = _choose(deal_table_round(table_setup(4), _deal(4, {3: PRIZE})), True, True)
    assert r.compensation_owed() == ((3, 12),)


def test_book_four_players_lone_rain_man_earns_nothing():
    lone = "11a 12b 1b 2c 3d 4c 6c"     # the Rain Man and the special Paulownia Chaff
    r = _choose(deal_table_round(table_setup(4), _deal(4, {3: lone})), True, True)
    assert r.compensation_owed() == ((3, 2),)
    r = _choose(deal_table_round(table_setup(5), _deal(5, {4: lone})), True, True)
    assert dict(r.compensation_owed())[4] == 4      # five at the table: it counts


def test_book_higher_compensation_pays_three_per_card():
    r = _choose(deal_table_round(table_setup(5, higher_compensation=True),
                                 _deal(5, {4: PRIZE})), True, False, True)
    assert r.compensation_owed() == ((4, 18),)


def _finished(setup, want_winner: bool, wants=(True, False, True)) -> TableRound:
    for seed in range(400):
        r = _play_out(_choose(new_table_round(setup, seed=seed), *wants), seed)
        if r.forced_out and r.compensation_owed()[0][1] and \
                (r.table_result.winner is not None) == want_winner:
            return r
    raise AssertionError("no such round in 400 seeds")


def test_book_delayed_compensation_is_paid_by_the_rounds_losers():
    r = _finished(table_setup(5, delayed_compensation=True), True)
    res = r.table_result
    [(seat, owed)] = r.compensation_owed()
    losers = [s for s in r.active if s != res.winner]
    assert r.compensation_payers(res.winner) == tuple(losers)
    expected = [0] * 5
    for p in losers:
        expected[p] -= owed
        expected[seat] += owed
    assert res.compensation == tuple(expected)


def test_book_delayed_compensation_without_a_winner_is_owed_double_next_round():
    r = _finished(table_setup(5, delayed_compensation=True), False)
    assert r.table_result.compensation == (0,) * 5
    [(seat, owed)] = r.compensation_owed()
    nxt = r.next_round(random.Random(1))
    assert nxt.deal.owed == ((seat, 2 * owed),) and nxt.active == r.active
    end = _play_out(nxt, 3)
    if end.table_result.winner is not None:
        losers = [s for s in end.active if s != end.table_result.winner]
        assert end.table_result.compensation[seat] == 2 * owed * len(losers)


def test_book_delayed_compensation_with_refresh_pays_nothing_after_no_winner():
    r = _finished(table_setup(5, delayed_compensation=True, refresh=True), False)
    assert r.table_result.compensation == (0,) * 5 and r.owed_next() == ()
    assert r.next_round(random.Random(1)).deal.owed == ()


def test_book_a_round_with_no_winner_is_redealt_to_the_same_three():
    r = _finished(table_setup(5), False)
    nxt = r.next_round(random.Random(2))
    assert nxt.stage == "play" and nxt.active == r.active and nxt.choices == ()
    assert nxt.dealer == r.dealer and nxt.deal.kept == r.active
    assert nxt.inner.carry == ("no_winner",) or "no_winner" in nxt.deal.carry
    assert nxt.compensation(None) == (0,) * 5       # nobody is forced out again


def test_book_refresh_redeals_a_round_with_no_winner_to_everyone():
    r = _finished(table_setup(5, refresh=True), False)
    nxt = r.next_round(random.Random(2))
    assert nxt.stage == "choose" and nxt.deal.kept == ()
    assert nxt.deal.carry == ("no_winner",)


def test_the_winner_deals_next():
    r = _finished(table_setup(6), True)
    nxt = r.next_round(random.Random(2))
    assert nxt.dealer == r.table_result.winner and nxt.round_no == 2
    assert nxt.scores == r.table_result.points


# -- the options and the registry ---------------------------------------------------

def test_get_game_seats_the_table():
    game = get_game("go-stop", table_players=5)
    assert game.players == (5, 5)
    r = game.new_round(seed=3)
    assert r.current_player == 1 and [a.code() for a in r.legal_actions()] == ["join", "drop"]


def test_book_seven_at_the_table_needs_a_joker():
    """Seven hands of seven take 49 cards (2861): seven seat only with a Joker."""
    with pytest.raises(OptionError, match="at least one Joker"):
        get_game("go-stop", table_players=7, jokers=0)
    with pytest.raises(OptionError, match="at least one Joker"):
        get_game("go-stop", "no-jokers", table_players=7)
    for jokers in (1, 2, 4):
        game = get_game("go-stop", table_players=7, jokers=jokers)
        assert game.players == (7, 7)
        assert game.new_round(seed=jokers).card_count() == 48 + jokers


@pytest.mark.parametrize("key", ["delayed_compensation", "higher_compensation", "refresh"])
def test_compensation_options_need_a_big_table(key):
    with pytest.raises(OptionError, match="table of four to seven"):
        get_game("go-stop", **{key: True})
    get_game("go-stop", table_players=4, **{key: True})


def test_a_big_table_plays_three_a_round_not_two():
    with pytest.raises(OptionError, match="leave players at 3"):
        get_game("go-stop", players=2, table_players=5)


def test_a_bad_deal_is_refused_with_the_reason():
    setup = table_setup(5)
    good = _deal(5, {})
    with pytest.raises(HanafudaError, match="every card of the deck once"):
        deal_table_round(setup, TableDeal(good.order[:-1], good.keys, 0))
    with pytest.raises(HanafudaError, match="dealer must be a seat from 0 to 4"):
        deal_table_round(setup, TableDeal(good.order, good.keys, 7))
    with pytest.raises(HanafudaError, match="kept"):
        deal_table_round(setup, TableDeal(good.order, good.keys, 0, kept=(1, 2, 3)))


def test_illegal_choices_are_refused_and_leave_the_round_as_it_was():
    r = deal_table_round(table_setup(5), _deal(5, {}))
    before = r
    with pytest.raises(IllegalActionError, match="'join'.*'drop'"):
        r.apply("play 1a")
    assert r == before and r.choices == ()
    p = _choose(r, True, True)
    with pytest.raises(IllegalActionError, match="chosen already"):
        p.apply(SIT_IN)
    with pytest.raises(HanafudaError):
        p.apply("drop")
    end = _play_out(p)
    with pytest.raises(IllegalActionError, match="over"):
        end.apply("join")


def test_a_malformed_action_in_play_is_refused_naming_the_legal_ones():
    # an action object that breaks the engine's reading of it (here a Play whose card
    # cannot be read) is refused as illegal, with the moves legal now, and the round
    # stays as it was
    from hanafuda_core.engines.capture import Play

    class Broken(Play):
        @property
        def card(self):
            raise KeyError("no card")

        def __repr__(self) -> str:
            return "Broken()"

    p = _choose(deal_table_round(table_setup(5), _deal(5, {})), True, True)
    before = p
    with pytest.raises(IllegalActionError,
                       match=r"Broken\(\) is not an action of this round; legal now: ") as e:
        p.apply(object.__new__(Broken))
    assert str(e.value).endswith(", ".join(a.code() for a in p.legal_actions()))
    assert p == before


# -- the views ------------------------------------------------------------------------

def test_views_never_show_another_hand_or_the_face_down_field():
    r = deal_table_round(table_setup(5), _deal(5, {}))
    for seat in range(5):
        v = r.view(seat)
        assert v.hand == CardSet.from_mask(r.hands[seat])
        assert v.field == CardSet() and v.field_face_down == 6 and v.inner is None
    r = _choose(r, True, False, True)
    for seat in range(5):
        v = r.view(seat)
        assert v.field == r.inner.field
        if seat in r.active:
            e = r.active.index(seat)
            assert v.inner.player == e and v.hand == r.inner.hand(e)
            assert not (v.inner.unseen.mask & v.hand.mask)
        else:
            assert v.hand == CardSet() and v.inner is None
    text = repr(r.view(2))
    for s in (0, 1, 3):
        assert CardSet.from_mask(r.inner.hands_m[r.active.index(s)]).format() not in text


# -- the computer players -------------------------------------------------------------

def test_the_coach_plays_a_strong_hand_and_says_why():
    score, why = hand_strength(parse_cards("1a 3a 5b 5c 9a 12c 12d"))
    assert score >= 5 and "2 Brights" in why
    r = deal_table_round(table_setup(5), _deal(5, {1: "1a 3a 5b 5c 9a 12c 12d"}))
    choice, reason = choice_advice(r.view(1))
    assert choice is SIT_IN and reason.startswith("Play: your hand holds 2 Brights")
    r = deal_table_round(table_setup(5), _deal(5, {1: "1c 2c 3c 4b 6d 7c 10c"}))
    choice, reason = choice_advice(r.view(1))
    assert choice is SIT_OUT and "Sit out" in reason and "forced out" in reason


@pytest.mark.parametrize("name", ["random", "greedy", "coach"])
def test_every_computer_player_chooses_and_plays(name):
    game = get_game("go-stop", table_players=4)
    agent = game.agent(name)
    assert isinstance(agent, TableAgent)
    r = game.new_round(seed=5)
    rng = random.Random(5)
    for _ in range(500):
        if r.is_terminal:
            break
        r = r.apply(agent.choose(r.view(r.current_player), r.legal_actions(), rng))
    assert r.is_terminal and sum(r.result().points) == 0


# -- random play over table sizes, seeds and options ---------------------------------

@settings(max_examples=25, deadline=None)
@given(st.sampled_from([4, 5, 6, 7]), st.integers(0, 10_000),
       st.fixed_dictionaries({"jokers": st.integers(1, 4),
                              "higher_compensation": st.booleans(),
                              "delayed_compensation": st.booleans(),
                              "refresh": st.booleans(),
                              "bomb": st.sampled_from(["three", "weak", "off"]),
                              "draw_requests": st.booleans()}))
def test_random_rounds_conserve_cards_sum_to_zero_and_replay(players, seed, options):
    game = get_game("go-stop", table_players=players, **options)
    rng = random.Random(seed)
    r = game.new_round(seed=seed, dealer=seed % players)
    deck = set(game.rules.deck_ids)
    assert len(deck) == 48 + options["jokers"]
    for _ in range(2000):
        assert r.card_count() == len(deck)
        zones = r.zones()
        cards = [c for z in zones.values() for c in z]
        assert sorted(cards) == sorted(deck)
        if r.is_terminal:
            break
        legal = r.legal_actions()
        wrong = "play 1a" if r.inner.stage == "choose" else "join"
        if wrong not in [a.code() for a in legal]:
            before = r.record()
            with pytest.raises(HanafudaError):
                r.apply(wrong)
            assert r.record() == before
        r = r.apply(legal[int(rng.random() * len(legal))])
    assert r.is_terminal
    res = r.result()
    assert res.zero_sum and sum(res.points) == 0 and len(res.points) == players
    record = Record.from_json(r.record().to_json())
    assert game.replay(record) == r


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([4, 5, 6]), st.integers(0, 1000), st.booleans())
def test_whole_games_replay_and_totals_sum_to_zero(players, seed, refresh):
    game = get_game("go-stop", table_players=players, refresh=refresh)
    record = game.play(["coach", "greedy", "random", "greedy", "random", "greedy"][:players],
                       seed=seed, rounds=3)
    again = Record.from_json(record.to_json())
    played = again.get_game()
    assert played.replay_rounds(again)
    totals = record.summary["totals"]
    assert len(totals) == players and sum(totals) == 0
    assert len(record.rounds) >= 3
    log = played.log(again)
    assert log[-1].startswith("Final scores") or "wins the game" in log[-1]


def test_command_line_play_deal_and_replay(capsys, tmp_path):
    data = run_json(capsys, "play", "go-stop", "--option", "table_players=5", "--seed", "3")
    assert data["players"] == 5 and len(data["totals"]) == 5
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and err == "" and "Final scores" in out
    status, out, err = run(capsys, "play", "go-stop", "--option", "table_players=5",
                           "--seed", "3")
    assert status == 0 and ("chooses to play" in out or "forced" in out)
    status, out, err = run(capsys, "deal", "go-stop", "--option", "table_players=5")
    assert status == 0 and "5 players" in out and "Player 5" in out
    status, out, err = run(capsys, "play", "go-stop", "--preset", "no-jokers", "--option",
                           "table_players=7")
    assert status == 2 and "Joker" in err
    status, out, err = run(capsys, "play", "go-stop", "--option", "table_players=7",
                           "--seed", "3")
    assert status == 0 and err == ""


# -- the play tool, the replay tool and the narration ---------------------------------

def test_play_tool_lets_you_choose_first_and_tells_the_choice():
    from hanafuda_core.teach.tools import PlayController
    c = PlayController("go-stop", seed=3, table_players=5)
    assert c.players == 5 and c.your_turn
    assert [m.code for m in c.legal] == ["join", "drop"]
    assert c.prompt().startswith("Three play this round")
    assert c.log[0].startswith("Computer 4 deals 7 cards to each of the 5 players")
    rows = {r.zone: r for r in c.table()}
    assert rows["field face down"].hidden and rows["field face down"].count == 6
    assert all(rows[f"hand {s}"].hidden for s in range(1, 5))
    hint = c.hint()
    assert hint.by == "coach" and hint.code in ("join", "drop")
    assert hint.reason.startswith(("Play:", "Sit out:"))
    c.act("drop")
    assert "You choose to sit this round out." in c.log
    assert c.is_over and len(c.state.result().points) == 5
    assert "You sat this round out." in c.result_text()


def test_play_tool_offers_the_table_sizes_and_plays_a_round_through():
    from hanafuda_core.teach.tools import PlayController
    c = PlayController("go-stop", seed=4)
    assert c.player_choices() == (2, 3, 4, 5, 6, 7)
    c.set_players(4)
    assert c.game.options == {"table_players": 4}
    c.act("join")
    for _ in range(100):
        if c.is_over:
            break
        c.act(c.hint().code)
    assert c.is_over and c.result_text()
    rep = c.report()
    res = c.state.result().detail
    assert rep is not None and rep.player == res.winner
    assert {p.payee for p in rep.payments} <= {res.winner}
    assert all(p.payer in res.active for p in rep.payments)
    c.set_players(3)
    # back to the rules' own table of three: no count option left over
    assert c.game.options == {} and c.players == 3 and c.game.players == (3, 3)


def test_the_log_tells_who_chose_who_was_forced_and_the_compensation():
    r = _choose(deal_table_round(table_setup(5), _deal(5, {4: PRIZE})), True, False, True)
    from hanafuda_core.play_adapters import table_choice_lines
    who = ["Ann", "Bo", "Dana", "Sam", "Kim"]
    lines = table_choice_lines(r, who)
    assert lines[:4] == ["Bo chooses to play", "Dana chooses to sit this round out",
                         "Sam chooses to play",
                         "Kim is forced out and is owed 12 points by each player who chose "
                         "to play for Crane (1a), Sake Cup (9a), Storm (11d)"]
    assert lines[-1] == "Ann deals and plays with Bo and Sam"


@pytest.mark.parametrize("seed", range(6))
def test_book_seven_players_lay_six_face_up_once_the_three_are_known(seed):
    """Seven at the table (2859-2869): seven cards each, no field before the choice;
    then six face up from the new stock (a Joker among them goes to the dealer)."""
    game = get_game("go-stop", table_players=7)
    r = game.new_round(seed=seed)
    assert r.inner.field0 == 0 and all(h.bit_count() == 7 for h in r.inner.hands)
    rng = random.Random(seed)
    while r.inner.stage == "choose":
        legal = r.legal_actions()
        r = r.apply(legal[int(rng.random() * len(legal))])
    state = r.inner.inner
    assert (state.field_m & ((1 << 48) - 1)).bit_count() == 6
    assert r.card_count() == 50


def test_book_seven_players_deal_no_field_and_lay_six_from_the_new_stock():
    # The seven-player deal's mechanics, exactly: no field before the choice, six laid
    # face up from the rebuilt stock after it (a table set up without a dealt field).
    from dataclasses import replace as _replace
    setup = _replace(table_setup(6), field=0, field_after=6)
    r = deal_table_round(setup, _deal(6, {}))
    assert r.field0 == 0 and r.view(1).field_face_down == 0
    r = _choose(r, True, True)
    inner = r.inner
    dropped = r.hands[3] | r.hands[4] | r.hands[5]
    stock = r.deal.order[42:]
    from hanafuda_core.families.capture.active_seats import rebuilt_stock
    used = r.hands[0] | r.hands[1] | r.hands[2]
    rebuilt = rebuilt_stock(used, r.deal.keys)
    assert inner.field_m == sum(1 << c for c in rebuilt[:6])
    assert tuple(inner.stock[inner.pos:]) == rebuilt[6:]
    assert all(dropped >> c & 1 or c in stock for c in rebuilt)
    assert r.card_count() == 48
