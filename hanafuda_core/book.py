"""Helpers for the book's first chapters: one-line calls that draw cards and tables.

Every ``show_*`` function returns an IPython display object (imported lazily, so
this module stays importable with the standard library alone); the data behind
each one is a plain function that the tests check.

>>> find_misdeal_seed("field") == find_misdeal_seed("field")
True
>>> dealer_from_draws(parse_cards("3c 1d 1a"))
2
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from . import tables
from .cards import (
    DECK,
    FLOWERS,
    MONTH_NAMES,
    AnyCard,
    Card,
    CardSet,
    Extra,
    Kind,
    Ribbon,
    format_cards,
    parse_cards,
)
from .deal import BASIC_DEALS, Dealt, deal, deal_valid
from .engines.capture import CaptureRules, Phase, State, apply, legal_actions, setup_state
from .errors import HanafudaError
from .narration import CHOSEN, part_sentences, story
from .render.sizes import MIN_CARD_WIDTH
from .rules import SOURCE_DOCUMENTS, name_sources

if TYPE_CHECKING:
    from types import ModuleType

    from IPython.display import HTML, Markdown

__all__ = [
    "MISDEAL_PATTERNS", "SAMPLE_SEED", "find_misdeal_seed", "find_hiki_seed",
    "dealer_from_draws", "draw_for_dealer", "find_dealer_tie_seed", "BASICS_RULES",
    "TURN_NAMES", "TurnSetup", "TURN_CASES", "TurnStep", "narrate", "TurnCase", "turn_case",
    "turn_case_html", "notation_rows", "notation_error_rows",
    "deal_layout", "misdeal_cards", "show_table", "show_deck", "show_month", "show_kinds",
    "show_ribbons", "show_named", "show_extras", "show_cards", "show_cards_table",
    "show_kind_counts", "show_month_orders", "show_notation", "show_deal_sizes",
    "show_game_lengths", "show_first_dealer", "show_misdeal", "show_hiki", "show_turn_case",
    "show_sample_deal", "show_games", "show_families", "show_glossary", "source_rows",
    "show_sources", "show_source_names", "glue_facts", "table_view", "print_css",
]

# Which Misdeal (where, pattern) each short name stands for.
MISDEAL_PATTERNS: dict[str, tuple[str, str]] = {
    "field": ("field", "four of a month"),
    "hand": ("hand", "four of a month"),
    "pairs": ("hand", "four pairs"),
}

SAMPLE_SEED = 2024          # the seed of the sample deal in "Before you begin"
_SEARCH_LIMIT = 200_000


def _check_players(players: int) -> None:
    if players not in BASIC_DEALS:
        raise HanafudaError(f"the capture basics deal for "
                            f"{', '.join(map(str, sorted(BASIC_DEALS)))} players, not {players}")


def find_misdeal_seed(pattern: str, players: int = 2, start: int = 0) -> int:
    """The first seed from ``start`` whose deal is a misdeal of ``pattern``
    ('field': four of a month on the field, 'hand': four of a month in a hand,
    'pairs': four pairs in a hand)."""
    try:
        where, kind = MISDEAL_PATTERNS[pattern]
    except KeyError:
        raise HanafudaError(f"unknown misdeal pattern {pattern!r}; "
                            f"choose one of {', '.join(MISDEAL_PATTERNS)}") from None
    _check_players(players)
    for seed in range(start, start + _SEARCH_LIMIT):
        if any(m.where == where and m.pattern == kind for m in deal(players, seed).misdeals):
            return seed
    raise RuntimeError(f"no {pattern} misdeal in {_SEARCH_LIMIT} seeds")  # pragma: no cover


def find_hiki_seed(players: int = 2, start: int = 0) -> int:
    """The first seed from ``start`` that deals a hiki and is not a misdeal."""
    _check_players(players)
    for seed in range(start, start + _SEARCH_LIMIT):
        dealt = deal(players, seed)
        if dealt.hiki and not dealt.is_misdeal:
            return seed
    raise RuntimeError(f"no hiki in {_SEARCH_LIMIT} seeds")  # pragma: no cover


# ---------------------------------------------------------------------------
# Choosing the first dealer: the earliest month deals; a tie on the month goes
# to the higher kind (Bright, Ten, Ribbon, Chaff); a tie on both draws again.

_KIND_RANK = {kind: rank for rank, kind in enumerate(Kind)}


def dealer_from_draws(draws: Sequence[Card]) -> int | None:
    """Index of the player whose drawn card wins the deal, or None if they must draw again."""
    if not draws:
        raise HanafudaError("at least one player must draw a card")
    best = min((c.month, _KIND_RANK[c.kind]) for c in draws)
    winners = [i for i, c in enumerate(draws) if (c.month, _KIND_RANK[c.kind]) == best]
    return winners[0] if len(winners) == 1 else None


def draw_for_dealer(players: int, seed: int) -> tuple[list[tuple[Card, ...]], int]:
    """Every draw (a reshuffle before each) until one player wins; returns (draws, winner)."""
    if not 2 <= players <= len(DECK):
        raise HanafudaError(f"between 2 and {len(DECK)} players can draw for the deal, "
                            f"not {players}")
    rng = random.Random(seed)
    rounds: list[tuple[Card, ...]] = []
    while True:
        order = list(DECK)
        rng.shuffle(order)
        draws = tuple(order[:players])
        rounds.append(draws)
        winner = dealer_from_draws(draws)
        if winner is not None:
            return rounds, winner


def find_dealer_tie_seed(players: int = 3, start: int = 0) -> int:
    """The first seed whose first draw ties on the month and is settled by the kind."""
    for seed in range(start, start + _SEARCH_LIMIT):
        rounds, _ = draw_for_dealer(players, seed)
        first = rounds[0]
        earliest = min(c.month for c in first)
        if len(rounds) == 1 and sum(c.month == earliest for c in first) > 1:
            return seed
    raise RuntimeError("no tie found")  # pragma: no cover


# ---------------------------------------------------------------------------
# A turn, played by the engine. The basics' illustrations (BOOK ch. 3) and the
# game chapters' own cases are positions set up for the capture engine; the
# engine plays them and :mod:`hanafuda_core.narration` tells what it did.

#: The capture basics of BOOK ch. 3 are the engine's defaults: no yaku to decide
#: on, and a drawn card that matches only the pair just made stays on the field.
BASICS_RULES = CaptureRules(name="capture basics", key="basics")

#: The names the turn illustrations give the two seats.
TURN_NAMES = ("Player A", "Player B")

#: A turn case: (hands of seat 0 and 1, field, stock top first, captures of seat 0,
#: the actions played).
TurnSetup = tuple[tuple[str, str], str, str, str, tuple[str, ...]]

# The basics' cases. Phase one's have an empty stock, so the engine plays the hand
# card alone; phase two's turn up the card on top of the stock.
TURN_CASES: Mapping[str, TurnSetup] = {
    "none": (("5b 12c", "7c 9d"), "1a 3c 8c 11b", "", "", ("play 5b",)),
    "one": (("3a 12c", "7c 9d"), "1a 3c 8c 11b", "", "", ("play 3a",)),
    "two": (("2b 12c", "7c 9d"), "2a 2c 6b 9c", "", "", ("play 2b", "capture 2a")),
    "hiki": (("4d 12c", "7c 9d"), "4a 4b 4c 10b", "", "", ("play 4d",)),
    "same": (("7c 12c", "1d 9d"), "7a 10c 12d", "7b 2d", "", ("play 7c",)),
    "pair": (("7c 12c", "1d 9d"), "7a 7d 12d", "7b 2d", "", ("play 7c", "capture 7a")),
}


@dataclass
class TurnStep:
    """One turn: the table before and after, what was played, drawn and taken, in words.

    Built by :func:`narrate` from the engine's states (through
    :mod:`hanafuda_core.narration`); the tests check that it ends exactly where
    the engine ends.
    """

    number: int
    player: int
    hands_before: tuple[CardSet, ...]
    field_before: CardSet
    stock_before: int
    hands_after: tuple[CardSet, ...] = ()
    field_after: CardSet = CardSet()
    captures_after: tuple[CardSet, ...] = ()
    actions: tuple[str, ...] = ()
    action_indices: tuple[int, ...] = ()
    played: Card | None = None
    drawn: Card | None = None
    taken_hand: tuple[Card, ...] = ()
    taken_draw: tuple[Card, ...] = ()
    decision: str | None = None
    yaku: tuple[str, ...] = ()
    yaku_points: int = 0
    sentences: list[str] = field(default_factory=list)
    advice: str | None = None

    @property
    def captured(self) -> CardSet:
        return CardSet(self.taken_hand + self.taken_draw)


def narrate(start: State, actions: Sequence[str | Any], *, names: Sequence[str] = ("You",
            "Opponent"), max_turns: int | None = None) -> list[TurnStep]:
    """Every turn of a round from ``start`` through the recorded ``actions``.

    The engine applies each action and :func:`hanafuda_core.narration.story` tells
    what it did; the parts of those steps are grouped into turns here. A turn
    starts with a played card, or with the draw of a player whose hand is empty
    (such turns need no action unless the player must choose or decide).
    """
    rules = start.rules
    n = rules.players
    hands = [start.hand(p) for p in range(n)]
    caps = [CardSet.from_mask(m) for m in start.caps_m]
    points = list(start.yaku_pts)
    fld, stock = start.field, start.stock_size
    steps: list[TurnStep] = []
    state = start
    for index, action in enumerate(actions):
        code = action if isinstance(action, str) else action.code()
        after = apply(state, code)
        told = story(state, code, after)
        state = after
        for part in told.parts:
            if part.new_turn or not steps:
                if max_turns is not None and len(steps) >= max_turns:
                    return steps
                steps.append(TurnStep(len(steps) + 1, part.player, tuple(hands), fld, stock))
            turn = steps[-1]
            if part is told.parts[0]:
                turn.actions += (code,)
                turn.action_indices += (index,)
            if part.hand is not None:
                if part.hand.outcome != CHOSEN:
                    hands[part.player] = hands[part.player].remove(part.hand.card)
                    turn.played = part.hand.card
                turn.taken_hand = part.hand.captured
            if part.draw is not None:
                if part.draw.outcome != CHOSEN:
                    stock -= 1
                    turn.drawn = part.draw.card
                turn.taken_draw = part.draw.captured
                turn.taken_hand = tuple(c for c in turn.taken_hand
                                        if c not in part.draw.returned)
            side = rules.side(part.player)
            caps[side] = caps[side] | part.captured
            if part.yaku is not None:
                points[side] = part.yaku.total
                turn.yaku = tuple(part.yaku.names())
            if turn.captured:
                turn.yaku_points = points[side]
            turn.decision = part.decision or turn.decision
            turn.sentences += part_sentences(part, names)
            fld = part.field_after
            turn.hands_after = tuple(hands)
            turn.field_after = fld
            turn.captures_after = tuple(caps[rules.side(p)] for p in range(n))
    return steps


@dataclass(frozen=True)
class TurnCase:
    """A small position, the actions played, and what the engine made of them."""

    key: str
    before: State
    actions: tuple[str, ...]
    after: State
    step: TurnStep
    legal_at_choice: tuple[str, ...]


def turn_case(key: str, cases: Mapping[str, TurnSetup] = TURN_CASES,
              rules: CaptureRules = BASICS_RULES) -> TurnCase:
    """Set up ``cases[key]`` as a position under ``rules``, play its actions through
    the engine and narrate the turn (a game chapter passes its own cases and rules).

    >>> tc = turn_case("same")
    >>> tc.step.drawn in tc.after.field, format_cards(tc.step.captured)
    (True, '7a 7c')
    >>> turn_case("two").legal_at_choice
    ('capture 2a', 'capture 2c')
    """
    try:
        hands, fld, stock, caps, actions = cases[key]
    except KeyError:
        raise HanafudaError(f"unknown turn case {key!r}; choose one of "
                            f"{', '.join(cases)}") from None
    before = setup_state(rules, list(hands), field=fld, stock=stock, captures=[caps, ""])
    state = before
    choice: tuple[str, ...] = ()
    for a in actions:
        state = apply(state, a)
        if state.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
            choice = tuple(x.code() for x in legal_actions(state))
    steps = narrate(before, actions, names=TURN_NAMES, max_turns=1)
    return TurnCase(key, before, tuple(actions), state, steps[0], choice)


# ---------------------------------------------------------------------------
# Notation.

NOTATION_EXAMPLES: tuple[str, ...] = ("1a 3a 8a", "crane, curtain, moon", "11d 11a 9a",
                                      "sake cup, rainman, 12b")
NOTATION_ERRORS: tuple[str, ...] = ("13a", "1a 1a", "cran")


def notation_rows(examples: Sequence[str] = NOTATION_EXAMPLES) -> list[dict[str, str]]:
    """What the core reads from each example and how it writes the cards back."""
    rows = []
    for text in examples:
        cards = parse_cards(text)
        rows.append({"You write": text, "Cards": ", ".join(c.title for c in cards),
                     "Written back": format_cards(cards)})
    return rows


def notation_error_rows(examples: Sequence[str] = NOTATION_ERRORS) -> list[dict[str, str]]:
    """The message the core gives for each mistaken example."""
    rows = []
    for text in examples:
        try:
            parse_cards(text)
        except HanafudaError as err:
            rows.append({"You write": text, "The core answers": str(err)})
        else:
            raise ValueError(f"{text!r} is not a mistake")
    return rows


# ---------------------------------------------------------------------------
# Display.

def _html(markup: str) -> HTML:
    """Every chapter's HTML goes out here, with documents named for readers
    (:func:`~hanafuda_core.rules.name_sources`: "the rulebook", not "BOOK")."""
    from IPython.display import HTML
    # IPython's display classes have no annotations on their constructors.
    return HTML(name_sources(markup, html=True))  # type: ignore[no-untyped-call]


def _caption(text: str) -> str:
    return f'<p class="hf-caption">{html.escape(text)}</p>'


def _svg() -> ModuleType:
    from .render import svg
    return svg


def show_table(rows: Sequence[Mapping[str, object]], caption: str | None = None) -> HTML:
    return _html(tables.to_html(rows, caption=caption))


def table_view(rows: Callable[..., Sequence[Mapping[str, object]]]) -> Callable[..., HTML]:
    """A chapter's ``show_*`` call: the rows ``rows(*args, **kwargs)`` gives, as a table.

    >>> show_rows = table_view(notation_error_rows)
    >>> show_rows.__doc__
    'The rows of :func:`notation_error_rows` as a table.'
    """
    def show(*args: Any, **kwargs: Any) -> HTML:
        return show_table(rows(*args, **kwargs))

    show.__doc__ = f"The rows of :func:`{rows.__name__}` as a table."
    return show


#: The print rules every printable quick reference shares: an A4 page without the
#: site's header, sidebars and footer, the text at full width ...
_PRINT_PAGE = """  @page{size:A4;margin:12mm}
  .bd-header,.bd-sidebar-primary,.bd-sidebar-secondary,.bd-footer,.bd-footer-content,
  .bd-footer-article,.prev-next-area,.header-article,.bd-header-article,
  .headerbtn,.theme-switch-button,.search-button-field,#pst-back-to-top,
  .bd-search,.sidebar-toggle,.secondary-toggle{display:none!important}
  .bd-main,.bd-content,.bd-article-container,.bd-page-width{max-width:100%!important;
    width:100%!important;padding:0!important;margin:0!important}
"""
#: ... and no heading or block split over two pages, no printed link addresses.
_PRINT_KEEP = """  .hf-ref h2{break-after:avoid}
  .hf-ref-block{break-inside:avoid}
  a[href]:after{content:none!important}
"""


def print_css(screen: str, printed: str) -> str:
    """The style of a printable quick reference (class ``hf-ref``): the ``screen`` rules,
    then, for print, the shared page rules with the reference's own ``printed`` rules.

    >>> css = print_css(".hf-ref h2{margin:0}\\n", "  body{font-size:10pt}\\n")
    >>> css.startswith(".hf-ref h2{margin:0}\\n@media print{\\n  @page{size:A4;margin:12mm}")
    True
    """
    return f"{screen}@media print{{\n{_PRINT_PAGE}{printed}{_PRINT_KEEP}}}\n"


def show_deck(order: str = "japanese") -> HTML:
    """All 48 cards in twelve labelled month rows."""
    return _html(_svg().deck_grid_html(order=order))


def show_cards(text: str, label: str | None = None) -> HTML:
    """Draw the cards written in ``text`` (codes or names, see the notation)."""
    return _html(_svg().row_svg(parse_cards(text, extras=True), label=label))


def show_month(month: int) -> HTML:
    cards = list(CardSet.deck().of_month(month))
    fl = FLOWERS[month - 1]
    return _html(_svg().row_svg(cards, label=f"{fl.month_name}: {fl.english}"))


def show_kinds() -> HTML:
    """The deck sorted by kind, one row each."""
    rows = [(k.label + "s", list(CardSet.deck().of_kind(k))) for k in Kind]
    return _html(_svg().layout_html(rows))


def show_cards_table(order: str = "japanese") -> HTML:
    return show_table(tables.cards_table_rows(order))


def show_kind_counts() -> HTML:
    rows = tables.kind_counts()
    total = {"Kind": "All cards", "Cards": sum(cast(int, r["Cards"]) for r in rows),
             "Value each": "",
             "Points": tables.deck_total()}
    return show_table([*rows, total])


def show_ribbons() -> HTML:
    rows = [(colour.label, [c for c in DECK if c.ribbon is colour]) for colour in Ribbon]
    return _html(_svg().layout_html(rows) + tables.to_html(tables.ribbon_rows()))


def show_named() -> HTML:
    cards = tables.named_cards()
    return _html(_svg().row_svg(cards, label="Named cards")
                 + tables.to_html(tables.named_cards_rows()))


def show_extras() -> HTML:
    return _html(_svg().row_svg(list(Extra), label="Optional extras")
                 + tables.to_html(tables.extras_rows()))


def show_month_orders() -> HTML:
    return show_table(tables.month_orders_rows())


def show_notation() -> HTML:
    return _html(tables.to_html(notation_rows()) + tables.to_html(notation_error_rows()))


def show_game_lengths() -> HTML:
    return show_table(tables.game_length_rows())


def show_deal_sizes() -> HTML:
    return show_table(tables.deal_sizes_rows())


def deal_layout(dealt: Dealt, *, hide_stock: bool = True) -> list[tuple[str, object]]:
    """(label, cards) rows for a deal: field, each hand, and the stock face down."""
    rows: list[tuple[str, object]] = [("Field", list(dealt.field))]
    rows += [(f"Player {i + 1}" + (" (dealer)" if i == 0 else ""), list(hand))
             for i, hand in enumerate(dealt.hands)]
    rows.append(("Stock", len(dealt.stock) if hide_stock else list(dealt.stock)))
    return rows


def misdeal_cards(dealt: Dealt) -> list[AnyCard]:
    """The cards that make each misdeal of a deal (for highlighting)."""
    cards: list[AnyCard] = []
    for m in dealt.misdeals:
        # a field misdeal names no player, a hand's misdeal its player
        where = dealt.field if m.player is None else dealt.hands[m.player]
        cards += [c for month in m.months for c in where.of_month(month)]
    return cards


def show_first_dealer(players: int = 3) -> HTML:
    seed = find_dealer_tie_seed(players)
    rounds, winner = draw_for_dealer(players, seed)
    draws = rounds[0]
    table = [{"Player": i + 1, "Draws": c.title, "Month": MONTH_NAMES[c.month - 1],
              "Kind": c.kind.label} for i, c in enumerate(draws)]
    earliest = min(c.month for c in draws)
    text = (f"Seed {seed}: {MONTH_NAMES[earliest - 1]} is the earliest month drawn, and more "
            f"than one player drew it; the higher kind wins, so Player {winner + 1} "
            f"({draws[winner].title}, a {draws[winner].kind.label}) deals first.")
    picture = _svg().layout_html([(f"Players 1 to {players} draw", list(draws))],
                                 highlight=[draws[winner]])
    return _html(picture + tables.to_html(table) + _caption(text))


def show_misdeal(pattern: str, players: int = 2) -> HTML:
    seed = find_misdeal_seed(pattern, players)
    dealt = deal(players, seed)
    reasons = "; ".join(m.describe() for m in dealt.misdeals)
    text = f"Seed {seed} is the first seed whose deal is this kind of misdeal: {reasons}."
    return _html(_svg().layout_html(deal_layout(dealt), highlight=misdeal_cards(dealt))
                 + _caption(text))


def show_hiki(players: int = 2) -> HTML:
    seed = find_hiki_seed(players)
    dealt = deal(players, seed)
    months = ", ".join(MONTH_NAMES[m - 1] for m in dealt.hiki)
    text = (f"Seed {seed} is the first seed that deals a hiki: three {months} cards on the "
            "field, stacked together until someone plays the fourth.")
    hiki = [c for m in dealt.hiki for c in dealt.field.of_month(m)]
    return _html(_svg().layout_html(deal_layout(dealt), highlight=hiki) + _caption(text))


def _lines(lines: Sequence[Sequence[tuple[str, object]]], *, width: float = MIN_CARD_WIDTH,
           highlight: Iterable[AnyCard] = ()) -> str:
    """Labelled card rows, several side by side on each line (a compact layout)."""
    lit = list(highlight)
    out = []
    for line in lines:
        cells = "".join(f"<div>{_svg().layout_html([row], width=width, highlight=lit)}</div>"
                        for row in line)
        out.append(f'<div style="display:flex;flex-wrap:wrap;gap:0 22px;'
                   f'align-items:flex-start">{cells}</div>')
    return "".join(out)


def turn_case_html(tc: TurnCase, *, engine: bool = False) -> str:
    """Before and after one engine-played turn, with the narration. ``engine`` also
    names the actions and what the engine stopped to ask (for a chapter that shows
    how the engine is driven)."""
    b, a, step = tc.before, tc.after, tc.step
    who = TURN_NAMES[0]
    before: list[tuple[str, object]] = [("Field", list(b.field)),
                                        (f"{who}'s hand", list(b.hand(0)))]
    if b.captures(0):
        before.append((f"{who}'s captures", list(b.captures(0))))
    if b.stock_size:
        before.append(("Stock", b.stock_size))
    moves: list[tuple[str, object]] = []
    if step.played is not None:
        moves.append(("Played", [step.played]))
    if step.drawn is not None:
        moves.append(("Drawn", [step.drawn]))
    moves.append(("Captured", list(step.captured)))
    after: list[tuple[str, object]] = [("Field after the turn", list(a.field))]
    if b.captures(0):
        after.append((f"{who}'s captures", list(a.captures(0))))
    text = " ".join(step.sentences)
    actions = ""
    if engine:
        actions = (' <span style="font-weight:normal">'
                   f'({html.escape(", ".join(tc.actions))})</span>')
        if tc.legal_at_choice:
            text += (" The engine stopped to ask which card to take: "
                     + " or ".join(f"'{x}'" for x in tc.legal_at_choice) + ".")
        if a.phase == Phase.DECIDE:
            text += (" The engine now waits for a decision: "
                     + " or ".join(f"'{x.code()}'" for x in legal_actions(a)) + ".")
    return ('<div class="hf-turn" style="border-left:3px solid #e0d8c8;padding-left:10px">'
            f'<p style="margin:0;font-weight:bold">Before</p>{_lines([before])}'
            f'<p style="margin:4px 0 0;font-weight:bold">The turn{actions}</p>'
            f'{_lines([moves, after], highlight=step.captured)}</div>'
            + _caption(text))


def show_turn_case(key: str) -> HTML:
    """One of the basics' turns (:data:`TURN_CASES`), played by the engine."""
    return _html(turn_case_html(turn_case(key)))


def show_sample_deal(seed: int = SAMPLE_SEED, players: int = 2) -> HTML:
    dealt = deal_valid(players, seed)
    notes = [f"Seed {seed}, {players} players."]
    if dealt.redeals:
        notes.append(f"The first {dealt.redeals} deal(s) were misdeals and were dealt again.")
    if dealt.hiki:
        notes.append("Hiki on the field: " + ", ".join(MONTH_NAMES[m - 1] for m in dealt.hiki)
                     + ".")
    return _html(_svg().layout_html(deal_layout(dealt)) + _caption(" ".join(notes)))


def show_games() -> HTML:
    return show_table(tables.games_table_rows())


def show_families() -> HTML:
    return show_table(tables.family_counts())


def show_source_names() -> HTML:
    from .glossary import source_names_rows
    return show_table(source_names_rows())


def source_rows() -> list[dict[str, str]]:
    """The seed documents this book is built on: how the book names each, what it is,
    what it covers, and the label the code and the tests use."""
    return [{"Named in this book": d.name[:1].upper() + d.name[1:], "What it is": d.title,
             "What it covers": d.description, "Label": f"({d.label})"}
            for d in SOURCE_DOCUMENTS.values()]


def show_sources() -> HTML:
    return show_table(source_rows())


def show_glossary() -> Markdown:
    """The glossary as MyST markdown (the cell must set ``mystnb: markdown_format: myst``)."""
    from IPython.display import Markdown

    from .glossary import glossary_markdown
    # IPython's display classes have no annotations on their constructors.
    return Markdown(glossary_markdown())  # type: ignore[no-untyped-call]


def glue_facts() -> None:
    """Glue the deck's numbers for ``{glue:text}`` roles in the prose."""
    from myst_nb import glue  # type: ignore[import-untyped]  # myst_nb has no type information

    from .games import all_games
    from .rules import FAMILIES
    for row in tables.kind_counts():
        glue(f"n_{str(row['Kind']).lower()}", row["Cards"], display=False)
        glue(f"value_{str(row['Kind']).lower()}", row["Value each"], display=False)
    glue("n_cards", len(DECK), display=False)
    glue("n_months", len(MONTH_NAMES), display=False)
    glue("deck_total", tables.deck_total(), display=False)
    glue("deck_third", tables.deck_total() // 3, display=False)
    glue("n_games", len(all_games()), display=False)
    glue("n_families", len(FAMILIES), display=False)
    glue("n_extras", len(Extra), display=False)
    glue("n_jokers", sum(1 for e in Extra if e is not Extra.BLANK), display=False)
    glue("n_ribbon_colours", len(Ribbon), display=False)
