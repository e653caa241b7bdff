"""The learner-facing text of the worked round, the play tool and the calculator.

A worked round (``teach.show_worked_round``: every capture chapter) tells the round's
scoring the way a player at the table tells it, consistent with the round's result
from the core; seats are named as players at a table, never by the computer player's
identifier; the calculator's line says its rules and calls in words.
"""

from __future__ import annotations

import html
import random
import re

import pytest

from hanafuda_core import get_game
from hanafuda_core.errors import HanafudaError
from hanafuda_core.narration import and_list
from hanafuda_core.play import count_word
from hanafuda_core.registry import iter_games
from hanafuda_core.scoring import Multiplier, Payment, ScoreLine, ScoreReport
from hanafuda_core.teach.facts import presets
from hanafuda_core.teach.tools import PlayController, ScoreController, rules_words
from hanafuda_core.teach.worked import worked_round, worked_round_html

CAPTURE = tuple(e.key for e in iter_games("capture", playable=True))

#: The worked rounds the chapters show (``teach.show_worked_round`` in book/*.md): the
#: seed 3 round of the usual number of players, but for these.
CHAPTER_CALLS = {"koikoi": {"seed": 14, "agent": ("coach", "greedy")},
                 "hana-awase-2": {"seed": 8}}

#: What the command line's printout of a report looks like (ScoreReport.to_text): a
#: "total:" with nothing to say which, "yaku total", lower-case seats (its title "Round 1:
#: player 1 calls Stop", "player 2 pays player 1: 3"), "x2:" factors, a yaku line's "pt ="
#: and its card codes in brackets, its rule's citation, the log's "(seat 1)" and the
#: sum of the yaku a player holds called a "(total 3)" (a round's score may be 6).
RAW = re.compile(r"\btotal:|\byaku total\b|\bplayer \d|(?<![\w-])x\d|\bpt =|\[|\]|"
                 r"\(the rulebook, ch\.|\(seat \d+\)|\(total -?\d+\)")

#: A computer player's identifier shown as a seat's name or in the status line.
AGENT_ID = re.compile(r"\((?:coach|greedy|random)\)|computer: ", re.IGNORECASE)


def chapter_round(key: str):
    call = CHAPTER_CALLS.get(key, {})
    return worked_round(key, call.get("seed", 3), None, call.get("agent", "greedy"))


def scoring_lines(wr) -> list[str]:
    """The lines after the round's result: its scoring."""
    lines = [line.strip() for line in wr.lines]
    at = next(i for i, line in enumerate(lines) if line.startswith("Result of round"))
    return lines[at + 1:]


def page_lines(wr) -> list[str]:
    """The worked round's HTML as the lines a reader sees (pictures and tags out)."""
    text = re.sub(r"<svg.*?</svg>", "", worked_round_html(wr), flags=re.S)
    text = re.sub(r"<[^>]+>", "\n", text)
    return [html.unescape(t).strip() for t in text.splitlines() if t.strip()]


def test_every_capture_game_has_a_worked_round_here():
    assert len(CAPTURE) >= 18 and {"koikoi", "go-stop", "mushi", "tensho"} <= set(CAPTURE)


@pytest.mark.parametrize("key", [k for k in CAPTURE if k != "hachihachi"])
def test_a_worked_round_tells_its_scoring_in_a_readers_words(key):
    wr = chapter_round(key)
    report = wr.result.detail.report
    told = scoring_lines(wr)
    assert told, "the round's scoring is told under its result"
    raw = [line for line in page_lines(wr) if RAW.search(line)]
    assert not raw, raw
    # every yaku of the report, its points and its cards as a list of names
    for line in report.lines:
        cards = and_list(c.title for c in line.cards)
        assert any(line.name in t and f": {cards}" in t and f"{line.points} point" in t
                   for t in told), (line.name, told)
    # every multiplier said as "×2 because ..."
    for m in report.multipliers:
        assert any(t.startswith(f"\u00d7{m.factor} because ") for t in told), told


@pytest.mark.parametrize("key", [k for k in CAPTURE if k != "hachihachi"])
def test_the_scores_told_agree_with_the_rounds_result(key):
    """Each player's score, each payment and the scorer's score are the core's numbers:
    together they give the points of the result line (and of the result below it)."""
    wr = chapter_round(key)
    points = wr.result.points
    told = scoring_lines(wr)
    report = wr.result.detail.report
    scored = {int(m.group(1)) - 1: int(m.group(2)) for t in told
              if (m := re.match(r"Player (\d+) scores (-?\d+) points?: ", t))}
    paid = [tuple(map(int, m.groups())) for t in told
            if (m := re.match(r"Player (\d+) pays Player (\d+) (\d+) points?", t))]
    net = [0] * len(points)
    for payer, payee, amount in paid:
        net[payer - 1] -= amount
        net[payee - 1] += amount
    overlay = wr.game.rules.overlay
    if hasattr(overlay, "side_scores"):         # scored by card points: every side told
        sides = {wr.game.rules.side(p) for p in range(len(points))}
        assert len(scored) == len(sides)
        assert all(points[p] == v for p, v in scored.items()), (scored, points)
    elif paid:                                  # a Stop paid by the losers
        assert tuple(net) == points
    else:                                       # a Stop the scorer scores alone
        winner = wr.result.winner
        assert points[winner] == report.total
        assert any(t.startswith(f"Player {winner + 1}'s score: ")
                   and t.endswith(f"= {report.total} points") for t in told) \
            or len(report.lines) == 1 and report.lines[0].points == report.total
    result = next(line for line in wr.lines if "Result of round" in line)
    assert result.strip().endswith(", ".join(f"Player {p + 1} {v}"
                                             for p, v in enumerate(points)))
    # no figure called a total that is not one of these
    assert not any("total" in t.lower() for t in told), told


@pytest.mark.parametrize("key", ["go-stop", "koikoi", "mushi", "hachijuu-hana", "sudaoshi",
                                 "tensho", "higo-bana", "six-hundred"])
@pytest.mark.parametrize("seed", range(4))
def test_other_rounds_are_told_the_same_way(key, seed):
    """Random play reaches other settlements (Go calls, doublings, draws, ties)."""
    g = get_game(key)
    for players in sorted({g.players[0], min(g.players[1], 3)}):
        wr = worked_round(g, seed, players, "random")
        told = scoring_lines(wr)
        assert not [t for t in told if RAW.search(t)], told
        for t in told:
            m = re.match(r"Player (\d+) scores (-?\d+) points?: ", t)
            if m:
                assert wr.result.points[int(m.group(1)) - 1] == int(m.group(2))


def test_the_command_line_log_keeps_its_own_printout():
    """Only the chapter's story changed: ``game.log`` still prints the report."""
    wr = chapter_round("go-stop")
    g = wr.game
    r = g.new_round(seed=3, players=wr.players)
    rng = random.Random(3)
    agents = [g.agent("greedy") for _ in range(wr.players)]
    while not r.is_terminal:
        p = r.current_player
        r = r.apply(agents[p].choose(r.view(p), r.legal_actions(), rng))
    log = g.log(r.record())
    report = r.result().detail.report
    assert all(line in "\n".join(log) for line in report.to_text().splitlines())


def test_a_bankrupt_games_running_scores_are_labelled():
    """Where a round starts from scores (Hana-Awase 2's Bankrupt stakes), the scores
    after it are told as such, with no seat numbers of the log."""
    wr = worked_round(get_game("hana-awase-2", "book-bankrupt"), 0, 3)
    after = [t for t in scoring_lines(wr) if t.startswith("Scores after the round: ")]
    assert len(after) == 1 and "(seat" not in after[0]


def test_hachi_hachis_worked_round_shows_no_printout():
    from hanafuda_core.games import hachihachi_tables as hh
    from hanafuda_core.teach.layouts import decisions_round_html
    text = html.unescape(re.sub(r"<[^>]+>", "\n", decisions_round_html(
        "hachihachi", hh.FIRST_DEAL_SEED, hh.BASE_PLAYERS, **hh.WORKED_ROUND)))
    assert not [t for t in text.splitlines() if RAW.search(t) or AGENT_ID.search(t)]


# ---------------------------------------------------------------------------
# The report in a reader's words (the parts no seeded round is sure to reach)

def line(name, cards, points, note="", base=None, extras=0, extra=()):
    from hanafuda_core.cards import parse_cards
    return ScoreLine(name.lower(), name, "", tuple(parse_cards(cards)),
                     points if base is None else base, extras,
                     tuple(parse_cards(extra)) if extra else (), points, None, note)


def test_a_stop_with_its_steps_payments_and_a_loser_who_pays_for_all():
    rep = ScoreReport(
        (line("Any 10 Chaffs", "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 11d", 3, base=1, extras=2,
              extra="11d"),),
        3, (Multiplier(2, "bombed the field"),), 8, "Round 1: player 1 calls Stop", 0,
        ("yaku: 3", "1 Go call: +1 = 4", "bombed the field: x2 = 8", "player 2 owes 8",
         "player 3 owes 16 (no Bright against a Bright yaku: x2)",
         "player 3 pays for every loser (go_caller)"),
        (Payment(2, 0, 24, "round penalty"),))
    told = rep.reader_lines()
    assert told[0].startswith("Player 1's yaku: Any 10 Chaffs, 1 + 2 for 2 extra cards "
                              "(Storm) = 3 points: ")
    assert "+1 because Player 1 made 1 Go call: 4 points" in told
    assert "\u00d72 because Player 1 bombed the field: 8 points" in told
    assert sum(t.startswith("\u00d72 because") for t in told) == 1     # told once
    assert "Player 2 owes 8" in told            # (paid by Player 3: still said)
    assert "Player 3 owes 16 (no Bright against a Bright yaku: \u00d72)" in told
    assert "Player 3 pays for every loser: they called Go and lost" in told
    assert told[-1] == "Player 3 pays Player 1 24 points"
    assert not [t for t in told if RAW.search(t)]


def test_a_stop_scored_by_its_caller_says_the_score_with_its_multipliers():
    rep = ScoreReport((line("Any 5 Tens", "2a 4a 5a 6a 9a", 1),
                       line("Any 5 Dry Ribbons", "1b 2b 3b 4b 5b", 1)), 2,
                      (Multiplier(2, "Koi-Koi was called (1 call), so the Stop caller's "
                                     "score is doubled, once"),),
                      4, "Round 2: player 2 calls Stop", 1, (), (), "Ten and Chaff")
    told = rep.reader_lines(names=["You", "The computer"])
    assert told[0].startswith("The computer's yaku: Any 5 Tens, 1 point: Nightingale, ")
    assert "The Sake Cup counted as both a Ten and a Chaff" in told
    assert told[-1] == "The computer's score: 2 \u00d7 2 = 4 points"


def test_a_note_can_be_said_in_the_callers_words():
    rep = ScoreReport((line("All 4 Wisteria", "4a 4b 4c 4d", 10, "player 2"),), 10, (),
                      53, "Round 1: player 1 has the best score", 0,
                      ("player 1: (163 - 115) + 25 - 20 = 53", "player 2: 67 - 10 = 57"))
    told = rep.reader_lines(said={"player 1: (163 - 115) + 25 - 20 = 53": "Player 1 ..."})
    assert told == ("Player 2's yaku: All 4 Wisteria, 10 points: Cuckoo, Wisteria Ribbon, "
                    "Wisteria Chaff 1 and Wisteria Chaff 2",
                    "Player 1 ...", "Player 2's score: 67 - 10 = 57")


# ---------------------------------------------------------------------------
# Seats in a reader's words: never the computer player's identifier

@pytest.mark.parametrize("key", CAPTURE)
def test_the_play_tool_names_seats_without_the_computers_identifier(key):
    g = get_game(key)
    for opponent in g.agent_names:
        play = PlayController(key, seed=3, opponent=opponent)
        seen = [play.status_line(), play.prompt(), *play.names,
                *(row.label for row in play.table())]
        play.act(play.legal[0].code)
        seen += [play.status_line(), *play.log, *(row.label for row in play.table())]
        assert not [s for s in seen if AGENT_ID.search(s) or f"({opponent})" in s], seen
        assert play.status_line().startswith("Seed 3 · ")


def test_more_computers_are_numbered():
    play = PlayController("go-stop", seed=3)
    assert play.names == ["you", "computer 1", "computer 2"]
    labels = [row.label for row in play.table()]
    assert "Computer 1's hand" in labels and "Captured by computer 2" in labels
    assert PlayController("koikoi", seed=3).names == ["you", "the computer"]


@pytest.mark.parametrize("key", [k for k in CAPTURE if k != "hachihachi"])
def test_a_worked_round_names_no_computer_player(key):
    assert not [t for t in page_lines(chapter_round(key)) if AGENT_ID.search(t)]


# ---------------------------------------------------------------------------
# The calculator's line

@pytest.mark.parametrize("key", CAPTURE)
def test_the_calculators_line_says_its_rules_and_calls_in_words(key):
    calc = ScoreController(key, cards="1a 3a")
    g = get_game(key)
    for p in presets(g):
        calc.set_preset(p)
        words = rules_words(g, p)
        assert words.startswith("the ") and "rules" in words
        assert calc.summary() == (f"2 cards under {words}: {calc.total} "
                                  f"point{'s' * (abs(calc.total) != 1)}")
    if calc.max_calls:
        for calls in (1, 2):
            calc.set_calls(calls)
            assert (f", after {count_word(calls)} {calc.go_on_word} "
                    f"call{'s' * (calls > 1)}: {calc.total} point") in calc.summary()


def test_the_rules_of_each_document_read_as_a_phrase():
    assert rules_words(get_game("koikoi"), "book") == "the rulebook's rules"
    assert rules_words(get_game("koikoi"), "d003") == "the two-player Koi-Koi rules (6 rounds)"
    assert rules_words(get_game("hachihachi"), "d004") == "the shilling rules"
    with pytest.raises(HanafudaError, match="unknown preset"):
        rules_words(get_game("koikoi"), "nowhere")


def _played_out(key: str, seed: int) -> PlayController:
    """A round of the play tool, played by always taking your last legal move."""
    ctl = PlayController(key, seed=seed)
    for _ in range(400):
        if ctl.is_over:
            break
        ctl.act(ctl.legal[-1].code)
    assert ctl.is_over
    return ctl


@pytest.mark.parametrize("key", CAPTURE)
def test_the_play_tools_round_end_tells_the_scoring_in_words(key):
    """The round's end in the app: the yaku say whose they are, the rest is told with the
    table's names ("You pay Computer 1 4 points", "You score -51 points: 89 card points,
    less the par of 115, ..."), never as the command line's printout, and every score it
    tells is the round's."""
    from hanafuda_core.widgets.generic import PlayView
    for seed in (1, 2):
        ctl = _played_out(key, seed)
        if ctl.report_lines():       # (a family that tells its settlement itself)
            continue
        text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(
            r"<svg.*?</svg>", "", PlayView._round_report(ctl), flags=re.S)))
        assert not RAW.search(text), text
        assert not re.search(r"\bTotal:|\bYou (?:scores|pays|has)\b|\bYou's\b", text), text
        points = ctl.state.result().points
        for who, value in re.findall(r"(You|The computer|Computer \d) (?:score|scores) "
                                           r"(-?\d+) points?", text):
            names = [n.lower() for n in ctl.seat_names()]
            assert points[names.index(who.lower())] == int(value), (who, value, points)
