"""One quiz convention for every playable game: ``generate_quiz(key, seed, n, topics)``.

Every game's quiz is found the same way: a game whose rules module names its own
generator as data (``QUIZ``: Hachi-Hachi's richer quiz) gets it; any other playable
game gets :func:`generate_capture_quiz`, built from the game's data alone:

* ``score``: a pile of the game's cards; what does it score? The answer is the game's
  own score report (``game.score``); each wrong total is explained (a yaku left out,
  its extra cards forgotten, the multiplier or the par forgotten, a yaku counted
  twice...).
* ``play``: a position from a seeded round; which move is best? The coach plays each
  move out; a position is asked only when the best move is clearly ahead, and every
  other choice says what it is expected to give up.
* ``decide``: you have just made a yaku; go on or stop (in the game's words: Koi-Koi or
  Stop)? Asked only where the rules settle it: on the last card of the round, and under
  a minimum-points house rule (below it the rules let you only go on). Games with a
  stop/continue decision (Koi-Koi, Oni Koi-Koi) have it.
* ``card-value``: what is a card worth in this game (games that count card points)?
* ``deck``: which card is not used (games with a smaller deck, such as Mushi's 40)?

The same key, seed, rules and topics give the same quiz, and every question's id has
one form: ``<game>-<preset>-seed<seed>-q<number>-<topic>``.

>>> quiz = generate_quiz("mushi", 3, n=4)
>>> quiz == generate_quiz("mushi", 3, n=4), len(quiz)
(True, 4)
>>> quiz.questions[0].id
'mushi-book-seed3-q1-score'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..cards import MONTH_NAMES, Card
from ..errors import HanafudaError
from ..play import Game
from ..quiz import Choice, Question, Quiz, check_quiz_size, chosen_topics
from ..render.sizes import MIN_CARD_WIDTH
from .tools import TableRow, as_play_game, game_deck

__all__ = [
    "TOPICS",
    "generate_capture_quiz",
    "generate_quiz",
    "own_quiz",
    "quiz_html",
    "quiz_topics",
    "show_quiz",
]

#: Every topic of the generic quiz; :func:`quiz_topics` says which a game has.
TOPICS = ("score", "play", "decide", "card-value", "deck")

_MOST = 50
_KEYS = "abcdefgh"


def own_quiz(game: Game | str) -> tuple[Callable[..., Quiz], tuple[str, ...]] | None:
    """A game's own quiz generator and its topics, where its rules module names one as
    data (``QUIZ``: (module of :mod:`hanafuda_core`, generator function); the module also
    declares ``TOPICS``), imported when first asked; ``None`` for a game that uses
    :func:`generate_capture_quiz`. A generator takes ``(seed, n, topics, preset=...)``."""
    from importlib import import_module

    from .facts import game_data
    named = game_data(as_play_game(game), "QUIZ")
    if not named:
        return None
    module = import_module(f"hanafuda_core.{named[0]}")
    return getattr(module, named[1]), tuple(module.TOPICS)


def quiz_topics(game: Game | str) -> tuple[str, ...]:
    """The topics a game's quiz can ask (its own generator's, or the generic ones its
    data supports)."""
    g = as_play_game(game)
    own = own_quiz(g)
    return own[1] if own is not None else _generic_topics(g)


def _generic_topics(g: Game) -> tuple[str, ...]:
    from .charts import card_value_rows
    out = ["score"]
    if "coach" in g.agent_names:
        out.append("play")
    if _has_decision(g):
        out.append("decide")
    if card_value_rows(g):
        out.append("card-value")
    if len(game_deck(g)) < 48:
        out.append("deck")
    from .settlement_quiz import settlement_topics
    return (*out, *settlement_topics(g))


def generate_quiz(key: str | Game, seed: int, n: int = 6, topics: Iterable[str] | None = None,
                  preset: str | None = None) -> Quiz:
    """The quiz of game ``key`` drawn from ``seed``: its own generator where it names
    one (:func:`own_quiz`), else :func:`generate_capture_quiz`. Question ids
    take one form for every game (``koikoi-book-seed1-q1-score``)."""
    check_quiz_size(seed, n, _MOST)
    g = as_play_game(key) if preset is None or isinstance(key, Game) else \
        as_play_game(key, preset)
    own = own_quiz(g)
    if own is None:
        return generate_capture_quiz(g, seed, n, topics)
    quiz = own[0](seed, n, topics, preset=g.preset)
    questions = tuple(replace(q, id=_qid(g, seed, i, q.topic))
                      for i, q in enumerate(quiz.questions))
    return replace(quiz, questions=questions)


def quiz_html(key: str | Game, seed: int = 7, n: int = 3, preset: str | None = None,
              topics: Iterable[str] | None = None) -> str:
    """The game's quiz as a self-checking HTML fragment (it needs no Python: for the book);
    ``topics`` as in :func:`generate_quiz`."""
    from ..quiz import to_html
    quiz = generate_quiz(key, seed, n, topics, preset=preset)
    game_key = quiz.questions[0].id.split("-")[0] if quiz.questions else "quiz"
    return to_html(quiz, prefix=f"hq-{game_key}-{seed}", card_width=MIN_CARD_WIDTH)


def show_quiz(key: str | Game, seed: int = 7, n: int = 3, preset: str | None = None,
              topics: Iterable[str] | None = None) -> Any:
    """A chapter's exercises: ``n`` questions of the game's quiz (on ``topics``, default
    all), checked in the page."""
    from ..book import _html
    return _html(quiz_html(key, seed, n, preset, topics))


def _qid(game: Game, seed: int, i: int, topic: str) -> str:
    return f"{game.key}-{game.preset}-seed{seed}-q{i + 1}-{topic.split('/')[-1]}"


def generate_capture_quiz(game: Game | str, seed: int, n: int = 6,
                          topics: Iterable[str] | None = None) -> Quiz:
    """A quiz on ``game`` built from its data (see the module's topics); topics are taken
    in turn, so each appears, and the same seed gives the same questions."""
    g = as_play_game(game)
    check_quiz_size(seed, n, _MOST, f"a {g.name} quiz")
    chosen = chosen_topics(topics, _generic_topics(g))
    rng = random.Random(f"quiz:{g.key}:{g.preset}:{sorted(g.options.items())}:{seed}")
    makers = {"score": _score_question, "play": _play_question, "decide": _decide_question,
              "card-value": _value_question, "deck": _deck_question}
    from .settlement_quiz import TOPIC_MAKERS
    makers.update(TOPIC_MAKERS)
    questions = []
    for i in range(n):
        topic = chosen[i % len(chosen)]
        questions.append(makers[topic](g, rng, _qid(g, seed, i, topic)))
    return Quiz(seed, tuple(questions), f"{g.name} quiz, seed {seed}")


# ---------------------------------------------------------------------------
# Shared pieces


def _the(card: Card) -> str:
    """A card as a question names it: by name, never by code ("the Crane")."""
    return f"the {card.title}"


def _row_words(row: TableRow) -> str:
    """A row of the table in words, its cards by name ("Your hand: the Crane and the
    Curtain")."""
    if row.hidden:
        return str(row.to_text())
    from ..narration import and_list
    names = [f"the {c.title}" if isinstance(c, Card) else str(getattr(c, "title", c))
             for c in row.cards]
    return f"{row.label}: {and_list(names) or 'none'}"


def _list(items: Sequence[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _question(game: Game, qid: str, topic: str, prompt: str,
              options: Sequence[tuple[str, str, tuple[Card, ...]]], right: int,
              explanation: str, cards: tuple[Card, ...] = ()) -> Question:
    """A one-answer question: ``options`` are (text, feedback, cards); ``right`` the index
    of the answer; the options are shown in the order given."""
    choices = tuple(Choice(_KEYS[i], text, feedback, shown)
                    for i, (text, feedback, shown) in enumerate(options))
    return Question(qid, f"{game.key}/{topic}", prompt, "single", choices, (_KEYS[right],),
                    explanation, cards, f"book/{game.key}")


_Option = tuple[str, str, tuple[Card, ...]]


def _shuffled(rng: random.Random, right: _Option, wrong: Sequence[_Option]
              ) -> tuple[list[_Option], int]:
    options = [right, *wrong]
    rng.shuffle(options)
    return options, options.index(right)


# ---------------------------------------------------------------------------
# "What does this pile score?"


def _pile(game: Game, rng: random.Random) -> list[Card]:
    """A pile of 4 to 10 of the game's cards, often holding one of its yaku."""
    from .charts import yaku_rows
    deck = list(game_deck(game))
    pile: set[Card] = set()
    rows = [r for r in yaku_rows(game) if r.get("cards")]
    if rows and rng.random() < 0.75:
        shown: Any = rng.choice(rows)["cards"]
        pile |= {Card(int(c)) for c in shown if Card(int(c)) in deck}
    want = rng.randint(max(4, len(pile)), max(10, len(pile)))
    rest = [c for c in deck if c not in pile]
    pile |= set(rng.sample(rest, min(len(rest), want - len(pile))))
    return sorted(pile)


def _yaku_words(y: Mapping[str, Any]) -> str:
    return f"{y['name']} ({y['points']})"


def _card_names(codes: Sequence[str]) -> str:
    """Cards named as a question names them ("the Crane and the Curtain"), never by
    code."""
    from ..cards import CardSet
    from ..narration import and_list
    return and_list([f"the {c.title}" for c in CardSet.parse(" ".join(codes))])


def _extra_words(y: Mapping[str, Any]) -> str:
    """A yaku with its extra cards in words ("3 Poetry Ribbons 5 + 1 for 1 extra card = 6")."""
    extras, base = int(y.get("extras") or 0), y.get("base", y["points"])
    if not extras:
        return _yaku_words(y)
    return (f"{y['name']} ({base} + {y['points'] - base} for {extras} extra card"
            f"{'s' * (extras > 1)} = {y['points']})")


def _burden(game: Game, yaku: Sequence[Mapping[str, Any]]) -> int | None:
    """The point burden a pile's score is asked with, in a game whose players each carry
    one (B14, Sudaoshi: the rules' ``burdens``), else None: the heaviest burden whose
    carrier scores every yaku the pile counts (B16: a yaku group only one burden scores,
    Sudaoshi's Rain yaku, which a pile scored on its own counts), None if no burden
    scores them all.

    >>> from hanafuda_core import get_game
    >>> rain = [{"key": "rainy_sky"}]
    >>> _burden(get_game("sudaoshi"), rain), _burden(get_game("koikoi"), rain)
    (120, None)
    """
    rules = game.rules
    burdens = getattr(rules, "burdens", None)
    if not burdens:
        return None
    overlay = getattr(rules, "overlay", None)
    chart = getattr(overlay, "chart", None) or getattr(rules, "yaku", None)
    keys = {y["key"] for y in yaku}
    groups = {r.group for r in getattr(chart, "rules", ()) if r.key in keys}
    barred = getattr(overlay, "barred_groups", None)
    fits = [b for b in burdens if barred is None or not barred(b) & groups]
    return max(fits) if fits else None


def _score_question(game: Game, rng: random.Random, qid: str) -> Question:
    burdens = getattr(game.rules, "burdens", None)
    for _ in range(_MOST):
        cards = _pile(game, rng)
        sheet = game.score(cards)
        d = sheet.to_dict()
        yaku = [y for y in d.get("yaku", ()) if y.get("counted", True)]
        burden = _burden(game, yaku)
        if not burdens or burden is not None:   # (a burden that scores the whole pile)
            break
    else:
        raise HanafudaError(f"no pile of {game.name} scored under one point burden")
    total = d["total"]
    mults = list(d.get("multipliers") or ())
    parts = ["yaku: " + ", ".join(_extra_words(y) for y in yaku) if yaku else "no yaku"]
    parts += [f"×{m['factor']}: {m['reason']}" for m in mults]
    parts += list(d.get("notes") or ())
    before = "" if burden is None else f" before your {burden} point burden is taken off"
    explanation = f"The pile scores {total}{before}: {'; '.join(parts)}."
    wrong: dict[int, str] = {}
    card_points, par = d.get("card_points"), d.get("par")
    can_lose = card_points is not None and par is not None

    def add(value: int, why: str) -> None:
        if value != total and value not in wrong and (value >= 0 or can_lose):
            wrong[value] = why

    for y in yaku:
        extra = [c for c in y["cards"] if c in (y.get("extra_cards") or ())]
        made = _card_names([c for c in y["cards"] if c not in extra]) + (
            f", with {_card_names(extra)} as {'an extra card' if len(extra) == 1 else 'extras'}"
            if extra else "")
        add(total - y["points"], f"That leaves out {_yaku_words(y)}, made by {made}.")
        if y.get("extras") and not mults:
            more = y["points"] - y.get("base", y["points"])
            add(total - more, f"That forgets the extra cards of {y['name']}: +{more} on top "
                              f"of its {y.get('base')}.")
            each, n = more // int(y["extras"]), int(y["extras"])
            add(total + each, f"That counts one extra card of {y['name']} too many: it has "
                              f"{n} beyond the ones it needs.")
            add(total - each, f"That counts one extra card of {y['name']} too few: it has "
                              f"{n} beyond the ones it needs.")
        add(total + y["points"], f"That counts {_yaku_words(y)} twice; each yaku counts once.")
    if mults and d.get("subtotal") is not None:
        add(d["subtotal"], "That forgets the multiplier: " + "; ".join(
            f"×{m['factor']}, {m['reason']}" for m in mults) + ".")
    if card_points is not None:
        if par:
            add(card_points + d.get("yaku_points", 0),
                f"That forgets the par: the card points ({card_points}) are counted against "
                f"a par of {par}.")
        if yaku:
            add(card_points - (par or 0), "That counts the cards only and leaves out the yaku.")
    step = 5 if card_points is not None else 1
    for k in (1, 2, -1, 3, -2, 4):      # (a miscount no slip above names)
        add(total + k * step, f"That is {abs(k) * step} {'more' if k > 0 else 'less'} than "
                              "the pile's points add up to.")
    picks = rng.sample(sorted(wrong), 3)
    right = (str(total), f"Right. {explanation}", ())
    options, at = _shuffled(rng, right, [(str(v), f"{wrong[v]} {explanation}", ())
                                         for v in picks])
    from .facts import preset_label
    # (in a game of point burdens the score depends on the burden carried: B14, B16)
    carry = "" if burden is None else f"carrying the {burden} point burden, "
    prompt = (f"In {game.name} ({preset_label(game, game.preset)}), {carry}you end the round "
              f"with these {len(cards)} cards in your pile. What do they score"
              + ("?" if burden is None else ", before the burden is taken off?"))
    return _question(game, qid, "score", prompt, options, at, explanation, tuple(cards))


# ---------------------------------------------------------------------------
# "Which move is best?"

_CLEAR = 1.0        # the best move's lead (points on average) for a position to be asked


def _position(game: Game, rng: random.Random) -> tuple[Any, Any]:
    """A round stepped by random legal moves to a position with a clear best move for
    the seat to move: (round, advice)."""
    coach: Any = game.agent("coach")
    for _ in range(60):
        state = game.new_round(seed=rng.randrange(1 << 30))
        for _step in range(rng.randrange(0, 12)):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal or len(state.legal_actions()) < 3:
            continue
        seat = state.current_player
        if seat is None:
            continue
        advice = coach.advise(state.view(seat), state.legal_actions())
        best, *others = advice.moves
        if sum(1 for m in others if m.expected <= best.expected - _CLEAR) >= 2:
            return state, advice
    raise HanafudaError(f"no position with a clear best move was found for {game.name}")


def _play_question(game: Game, rng: random.Random, qid: str) -> Question:
    from ..narration import doing
    state, advice = _position(game, rng)
    best, *others = advice.moves
    behind = [m for m in others if m.expected <= best.expected - _CLEAR]
    picks = rng.sample(behind, min(3, len(behind)))
    why = "; ".join(best.reasons)
    right = (_cap(best.describe()), f"Right: {why}.", ())
    wrong = [(_cap(m.describe()),
              f"{_cap(doing(m.describe()))}"
              + (f" ({m.reasons[0]})" if m.reasons else "")
              + f" averages {m.expected:+.1f} points, {best.expected - m.expected:.1f} less "
              f"than {doing(best.describe())}.", ()) for m in picks]
    options, at = _shuffled(rng, right, wrong)
    from .tools import table_rows
    seat = state.current_player
    players = sum(1 for z in state.zones() if z.startswith("hand "))
    names = [("you" if p == seat else "your opponent") if players == 2 else
             ("you" if p == seat else f"player {p + 1}") for p in range(players)]
    rows = [r for r in table_rows(game, state, seat, names) if r.cards]
    seen = "; ".join(_row_words(r) for r in rows)
    hand = next((r.cards for r in rows if r.label == "Your hand"), ())
    prompt = (f"In {game.name}, it is your turn. {seen}. Which move is best? "
              "(The coach plays every move out over many possible deals.)")
    explanation = f"Best: {best.describe()}. {advice.summary}"
    shown = tuple(c for c in hand if isinstance(c, Card))    # the quiz shows deck cards
    return _question(game, qid, "play", prompt, options, at, explanation, shown)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------
# Card facts of the game's own deck


def _value_question(game: Game, rng: random.Random, qid: str) -> Question:
    from .charts import card_value_rows
    rows = card_value_rows(game)
    card = rng.choice(game_deck(game))
    value = game.score([card]).to_dict()["card_points"]
    kind = card.kind.label
    by_kind: dict[Any, Any] = {r["Kind"]: r["Value each"] for r in rows}
    if by_kind.get(kind) == value:
        fact = f"{_the(card)} is a {kind}, and each {kind} is worth {value} in {game.name}"
    else:
        fact = f"{_the(card)} is worth {value} in {game.name}, a value of its own"
    values = sorted({int(v) for v in by_kind.values()} | {value})
    wrong = [(str(v), f"{v} is what a {k} is worth; {fact}." if (k := next(
        (k for k, x in by_kind.items() if x == v), None)) else f"Not {v}: {fact}.", ())
        for v in values if v != value]
    options, at = _shuffled(rng, (str(value), f"Right: {fact}.", ()), wrong[:3])
    prompt = f"How many card points is {_the(card)} worth in {game.name}?"
    return _question(game, qid, "card-value", prompt, options, at, _cap(fact) + ".", (card,))


def _deck_question(game: Game, rng: random.Random, qid: str) -> Question:
    deck = game_deck(game)
    out = [c for c in Card if c not in deck]
    months = sorted({c.month for c in out})
    left_out = (f"{game.name} plays with {len(deck)} cards: the cards of "
                f"{_list([MONTH_NAMES[m - 1] for m in months])} are left out")
    card = rng.choice(out)
    kept = rng.sample(deck, 3)
    right = (_cap(card.title), f"Right: {left_out}.", (card,))
    wrong = [(_cap(c.title), f"{_cap(_the(c))} is one of {game.name}'s cards; {left_out}.",
              (c,)) for c in kept]
    options, at = _shuffled(rng, right, wrong)
    prompt = f"Which of these cards is not used in {game.name}?"
    return _question(game, qid, "deck", prompt, options, at, _cap(left_out) + ".")


# ---------------------------------------------------------------------------
# "Go on or stop?" (the game's own words: Koi-Koi or Stop)


def _has_decision(game: Game) -> bool:
    """Whether the game's rules open a stop/continue decision after a yaku (a capture
    game whose overlay asks it)."""
    from ..engines.capture import CaptureRules
    rules = game.rules
    if not isinstance(rules, CaptureRules):
        return False
    return bool(rules.overlay.decision_needed(rules, (), (("yaku", 1),), 1))


def _pile_words(report: Any) -> str:
    """A scored pile in words, for feedback ("3 Poetry Ribbons 5 + 1 for 1 extra card
    = 6; ×2")."""
    if not report.lines:
        return "no yaku"
    parts = []
    for line in report.lines:
        text = f"{line.name} {line.base}"
        if line.extras:
            text += (f" + {line.points - line.base} for {line.extras} extra card"
                     f"{'s' * (line.extras > 1)} = {line.points}")
        parts.append(text)
    return "; ".join(parts) + (f"; ×{report.factor}" if report.factor != 1 else "")


def _sides(rules: Any) -> int:
    """How many capture piles a round keeps (teams share one)."""
    return len({rules.side(p) for p in range(rules.players)})


def _plain_cards(game: Game) -> list[Card]:
    """The game's cards that play plainly: its deck without a wild card."""
    wild = getattr(game.rules, "wild", None)
    card = getattr(wild, "card", None)
    return [c for c in game_deck(game) if c != card]


def _decide_last_card(game: Game, rng: random.Random) -> tuple[Any, Card, Card]:
    """A position where you hold the last card of the round and it completes a yaku."""
    from ..cards import CardSet
    from ..engines.capture import GO_ON, STOP, Phase, apply, legal_actions, setup_state
    from .charts import example_cards
    rules = game.rules
    table = rules.yaku
    deck = _plain_cards(game)
    named = [r for r in table.rules if r.cards]
    for _ in range(500):
        need = list(example_cards(rng.choice(named), table))
        if any(c not in deck for c in need):
            continue
        missing = rng.choice(need)
        mates = [c for c in deck if c.month == missing.month and c != missing]
        if not mates:
            continue
        played = rng.choice(mates)
        pile = [c for c in need if c != missing]
        others = [c for c in deck if c not in need and c.month != missing.month]
        rng.shuffle(others)
        pile += others[:rng.randint(3, 7)]
        if table.quick(CardSet(pile).mask)[0]:
            continue
        hands: list[list[Card]] = [[played]] + [[] for _ in range(rules.players - 1)]
        caps: list[list[Card]] = [pile, others[8:14]] + [[] for _ in range(_sides(rules) - 2)]
        # the last turn still turns over a stock card (cards stay in the stock when the
        # hands run out: Koi-Koi's 8, 8 and 24): one that takes nothing
        drawn = next((c for c in others[14:] if c.month != others[7].month), None)
        if drawn is None:
            continue
        state = setup_state(rules, hands, field=[missing, others[7]], stock=[drawn],
                            captures=caps)
        if state.phase != Phase.PLAY:
            continue
        state = apply(state, f"play {played.code}")
        # (as the question says: the played card took the missing one, the turned card
        # nothing, whatever the game's capture relation or wild cards)
        took = CardSet([*pile, played, missing]).mask
        if state.phase == Phase.DECIDE and set(legal_actions(state)) == {GO_ON, STOP} \
                and state.captures(0).mask == took:
            return state, played, missing
    raise HanafudaError(f"no last-card position was found for {game.name}")


def _minimum_option(game: Game) -> int | None:
    """The points a minimum-points house rule asks before a stop, where the game has it."""
    opt = game.option_table.get("minimum_points")
    return max(opt.allowed) if opt is not None else None


def _decide_minimum(game: Game, rng: random.Random, least: int
                    ) -> tuple[Game, Any, Card, Card]:
    """A position under the minimum-points house rule: you make a yaku worth less."""
    from ..cards import CardSet
    from ..engines.capture import Phase, apply, setup_state
    from ..registry import get_game
    from .charts import example_cards
    g = get_game(game.key, preset=game.preset, **{**game.options, "minimum_points": least})
    rules = g.rules
    deck = _plain_cards(g)
    low = [r for r in rules.yaku.rules if r.points < least and not r.cards]
    for _ in range(500):
        need = list(example_cards(rng.choice(low), rules.yaku))
        missing = rng.choice(need)
        mates = [c for c in deck if c.month == missing.month and c != missing
                 and c not in need]
        if not mates or any(c not in deck for c in need):
            continue
        played = rng.choice(mates)
        pile = [c for c in need if c != missing]
        others = [c for c in deck if c not in need and c.month != missing.month]
        rng.shuffle(others)
        if rules.yaku.quick(CardSet(pile).mask)[0]:
            continue
        hands: list[list[Card]] = [[played, others[0]], [others[1], others[2]]]
        hands += [[] for _ in range(rules.players - 2)]
        caps: list[list[Card]] = [pile, others[8:12]] + [[] for _ in range(_sides(rules) - 2)]
        state = setup_state(rules, hands, field=[missing, others[3]], stock=others[4:8],
                            captures=caps)
        if state.phase != Phase.PLAY:
            continue
        state = apply(state, f"play {played.code}")
        if state.phase == Phase.DECIDE and 0 < state.yaku_points(0) < least:
            return g, state, played, missing
    raise HanafudaError(f"no minimum-points position was found for {game.name}")


def _decide_question(game: Game, rng: random.Random, qid: str) -> Question:
    """Go on or stop, in a position the rules settle (the last card of the round, or a
    yaku under the minimum-points house rule), in the game's own words."""
    from ..engines.capture import GO_ON, STOP, apply, legal_actions
    from ..narration import and_list, the_card
    words = game.rules.decision_words
    go_on, stop = words.go_on, words.stop
    least = _minimum_option(game)
    kind = rng.choice(("last", "minimum")) if least else "last"
    if kind == "last":
        state, played, missing = _decide_last_card(game, rng)
        ended = apply(state, STOP).result
        if ended is None:
            raise HanafudaError(f"a {stop} did not end the round of {game.name}")
        after = apply(state, GO_ON)
        after_result = after.result if after.is_terminal else None
        rep = ended.report
        formed = and_list([line.name for line in rep.lines]) if rep is not None else "a yaku"
        pts = state.yaku_points(0)
        prompt = (f"It is the last turn of the round: your hand holds only {the_card(played)} "
                  f"and the other hands are empty. You take {the_card(missing)} with it and "
                  f"form {formed}; the card you turn over from the stock takes nothing. "
                  f"{go_on} or {stop}?")
        what = ("nobody can call " + stop + " after you, so the round ends as a draw"
                if after_result is not None and after_result.winner is None
                else "the round goes on")
        go_points = after_result.points[0] if after_result is not None else 0
        go_text = (f"No: with no cards left to play, {what} and you score {go_points}.")
        stop_text = (f"Yes: {stop} ends the round and you score {ended.points[0]} "
                     f"({_pile_words(rep)}).")
        right = 1 if ended.points[0] > go_points else 0
        options = [(go_on, go_text if right else go_text.replace("No:", "Yes:"), ()),
                   (stop, stop_text if right else stop_text.replace("Yes:", "No:"), ())]
        explanation = (f"A {go_on} only pays if you can still improve and then stop; on the "
                       f"last card there is nothing left to gain, so {stop} and take your "
                       f"{pts} point{'s' * (pts != 1)}.")
        return _question(game, qid, "decide", prompt, options, right, explanation,
                         state.captures(0).as_cards())
    assert least is not None
    g, state, played, missing = _decide_minimum(game, rng, least)
    legal = legal_actions(state)
    pts = state.yaku_points(0)
    made = and_list([h.rule.name for h in g.rules.yaku.evaluate(state.captures(0)).hits])
    prompt = (f"House rule: you need at least {least} points to call {stop}. You take "
              f"{the_card(missing)} with {the_card(played)} and form {made}, worth {pts} "
              f"point{'s' * (pts != 1)}. {go_on} or {stop}?")
    may_stop = STOP in legal
    go_text = (f"Right: under {least} points you may not stop; the game calls {go_on} for "
               "you." if not may_stop else "Allowed here.")
    stop_text = (f"Not allowed: with {pts} point{'s' * (pts != 1)} you are under the minimum "
                 f"of {least}, so you must play on." if not may_stop else "Allowed here.")
    offered = " or ".join(a.describe() for a in legal)      # in the rules' words
    explanation = (f"Under this house rule you need at least {least} points to call "
                   f"{stop}; below that, the only choice the game gives you is to {offered}.")
    return _question(game, qid, "decide", prompt,
                     [(go_on, go_text, ()), (stop, stop_text, ())],
                     0 if not may_stop else 1, explanation, state.captures(0).as_cards())
