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
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
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
from .games import reader_name
from .narration import CHOSEN, part_sentences, story
from .render.sizes import MIN_CARD_WIDTH
from .rules import SOURCE_DOCUMENTS, GameInfo, Source, SourceDocument, name_sources

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
    "show_sample_deal", "show_games", "show_families", "show_glossary", "show_sources",
    "show_source_names", "glue_facts", "table_view", "print_css", "BOOK_ROOT", "book_pages",
    "chapter_of", "Badge", "BADGES", "CORNER", "BAND", "badge_rows",
    "zoom_svg", "show_badges", "COMING", "game_path_rows", "teachers_markdown",
    "show_teachers", "Coverage", "source_coverage", "sources_markdown",
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
            rows.append({"You write": text, "The book answers": str(err)})
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


# ---------------------------------------------------------------------------
# What the card pictures carry: the corner badges, the ribbons and the month band
# (drawn by :mod:`hanafuda_core.render.svg`; the tests check each mark against it).


@dataclass(frozen=True)
class Badge:
    """How a card picture shows one kind (or ribbon colour), and a card that shows it.

    ``zoom`` is the part of the picture to enlarge, in the card's drawing units
    (x, y, width, height of a 100 by 160 card), or None to show the card alone.
    """

    what: str
    mark: str
    example: str
    zoom: tuple[float, float, float, float] | None = None


#: The top-right corner of a card, where a Bright or a Ten carries its badge.
CORNER = (66.0, 0.0, 34.0, 32.0)
#: The band along the bottom of every card: month number, short name and kanji.
BAND = (0.0, 138.0, 100.0, 22.0)

BADGES: tuple[Badge, ...] = (
    Badge(Kind.BRIGHT.label, "a red sun with twelve points in a white disc, in the "
          "top-right corner", "1a", CORNER),
    Badge(Kind.TEN.label, "a blue diamond in a white disc, in the top-right corner",
          "8b", CORNER),
    Badge(Ribbon.POETRY.label, "no badge: a red ribbon with black writing on it "
          "crosses the picture", "1b"),
    Badge(Ribbon.PURPLE.label, "no badge: a purple ribbon, with no writing",
          "6b"),
    Badge(Ribbon.PLAIN.label, "no badge: a red ribbon with nothing written on it",
          "4b"),
    Badge(Kind.CHAFF.label, "no badge and no ribbon: the plant alone", "1c"),
)
"""The marks of :func:`show_badges`, one per kind (a Ribbon by its colour)."""


def badge_rows(badges: Sequence[Badge] = BADGES) -> list[dict[str, str]]:
    """What to look for on each kind of card, with the card the chapter shows."""
    return [{"Kind": b.what, "What the picture shows": b.mark[:1].upper() + b.mark[1:],
             "For example": parse_cards(b.example)[0].title} for b in badges]


def zoom_svg(card: AnyCard, box: tuple[float, float, float, float], *, scale: float = 3,
             label: str = "") -> str:
    """Part of a card's picture (``box`` in its drawing units), enlarged ``scale`` times,
    as one ``<svg role="img">`` named ``label``."""
    x, y, w, h = box
    face = re.sub(r"<title>.*?</title>", "", _svg().card_file_svg(card), count=1)
    name = html.escape(label or f"Close-up of the {card.title}", quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="hf-zoom" role="img" '
            f'aria-label="{name}" width="{w * scale:g}" height="{h * scale:g}" '
            f'viewBox="{x:g} {y:g} {w:g} {h:g}" style="border:1px solid #8a8a8a">'
            f"<title>{name}</title>{face}</svg>")


def show_badges() -> HTML:
    """Each kind's mark: the example card, a close-up of its badge where it has one, and
    what to look for; then the month band every card carries."""
    svg = _svg()
    cells = []
    for b in BADGES:
        card = parse_cards(b.example)[0]
        zoom = ""
        if b.zoom is not None:
            zoom = zoom_svg(card, b.zoom, label=f"The {b.what} badge of the {card.title}: "
                                                f"{b.mark}")
        cells.append(f'<figure class="hf-badge" style="margin:0;max-width:15em">'
                     f'<div style="display:flex;gap:8px;align-items:flex-start">'
                     f"{svg.card_svg(card, width=96)}{zoom}</div>"
                     f"<figcaption><b>{html.escape(b.what)}</b>: "
                     f"{html.escape(b.mark)}.</figcaption></figure>")
    band_card = parse_cards("3a")[0]
    band = zoom_svg(band_card, BAND, scale=2.6,
                    label=f"The band of the {band_card.title}: the month number and short "
                          "name on the left, the flower's kanji on the right")
    return _html('<div style="display:flex;flex-wrap:wrap;gap:14px 22px">'
                 + "".join(cells) + "</div>"
                 + f'<figure style="margin:14px 0 0">{band}<figcaption>The band along the '
                   "bottom of every card: the month's number and short name, and the "
                   "flower's name in kanji.</figcaption></figure>")


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
    text = (f"In this draw {MONTH_NAMES[earliest - 1]} is the earliest month, and more "
            f"than one player drew it; the higher kind wins, so Player {winner + 1} "
            f"({draws[winner].title}, a {draws[winner].kind.label}) deals first.")
    picture = _svg().layout_html([(f"Players 1 to {players} draw", list(draws))],
                                 highlight=[draws[winner]])
    return _html(picture + tables.to_html(table) + _caption(text))


def show_misdeal(pattern: str, players: int = 2) -> HTML:
    seed = find_misdeal_seed(pattern, players)
    dealt = deal(players, seed)
    reasons = "; ".join(m.describe() for m in dealt.misdeals)
    text = f"A real deal that is this kind of misdeal: {reasons}."
    return _html(_svg().layout_html(deal_layout(dealt), highlight=misdeal_cards(dealt))
                 + _caption(text))


def show_hiki(players: int = 2) -> HTML:
    seed = find_hiki_seed(players)
    dealt = deal(players, seed)
    months = ", ".join(MONTH_NAMES[m - 1] for m in dealt.hiki)
    text = (f"A real deal with a hiki: three {months} cards on the "
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
    notes = [f"A real deal for {players} players."]
    if dealt.redeals:
        notes.append("The first deal was a misdeal and was dealt again." if dealt.redeals == 1
                     else f"The first {dealt.redeals} deals were misdeals and were dealt again.")
    if dealt.hiki:
        notes.append("Hiki on the field: " + ", ".join(MONTH_NAMES[m - 1] for m in dealt.hiki)
                     + ".")
    return _html(_svg().layout_html(deal_layout(dealt)) + _caption(" ".join(notes)))


# ---------------------------------------------------------------------------
# The welcome page's table of games and the Sources page, built from the registry.

#: The book's root: the folder that holds ``_toc.yml`` and ``book/``.
BOOK_ROOT = Path(__file__).resolve().parent.parent


def book_pages(root: Path = BOOK_ROOT) -> tuple[str, ...]:
    """The pages ``_toc.yml`` lists (``"book/koikoi"``...): the only ones the book builds,
    so the only ones a page may link to. Empty where the package runs without the book."""
    try:
        toc = (root / "_toc.yml").read_text(encoding="utf-8")
    except OSError:
        return ()
    return tuple(re.findall(r"^\s*-?\s*(?:file|root):\s*(\S+?)(?:\.md)?\s*$", toc, re.MULTILINE))


def chapter_of(game: GameInfo | str) -> str | None:
    """The chapter that teaches ``game``, as a path under ``book/`` without ``.md``.

    A playable game has a chapter named after its key (README, "Adding a game", step 3);
    a seed document's rule set of a playable game (:data:`~hanafuda_core.games.catalog.
    PRESET_OF`) is taught in that game's chapter. None: the game is not playable yet.

    >>> chapter_of("koikoi"), chapter_of("hachihachi-d004"), chapter_of("hiyoko")
    ('koikoi', 'hachihachi', None)
    """
    from .games import get_game
    from .games.catalog import PRESET_OF
    info = get_game(game) if isinstance(game, str) else game
    if not info.playable:
        return None
    return PRESET_OF[info.key][0] if info.key in PRESET_OF else info.key


#: What the welcome page's table says of a game that has no chapter yet.
COMING = "Coming"


def game_path_rows(games: Iterable[GameInfo] | None = None) -> list[dict[str, str]]:
    """Every registered game for the welcome page: its name, family, players, difficulty,
    where its rules come from, and its chapter as a MyST ``{doc}`` link (relative to
    ``book/``), or :data:`COMING` while it cannot be played yet."""
    from .games import all_games, get_game
    rows = []
    for g in all_games() if games is None else games:
        row = tables.games_table_rows([g])[0]
        page = chapter_of(g)
        if g.chapter is None:
            row["Source"] = "; ".join(dict.fromkeys(SOURCE_DOCUMENTS[s.doc].short
                                                    for s in g.sources))
        link = COMING
        if page is not None:
            link = f"{{doc}}`{get_game(page).name} <{page}>`"
        rows.append({"Game": reader_name(g), **{k: str(v) for k, v in row.items()
                                                      if k != "Game"}, "Chapter": link})
    return rows


def show_games() -> Markdown:
    """The welcome page's table of every game, with links (the cell must set
    ``mystnb: markdown_format: myst``)."""
    return _markdown(tables.to_markdown(game_path_rows()))


def teachers_markdown(pages: Sequence[str] | None = None) -> str:
    """The welcome page's line for teachers; it links the teacher's kit once the kit's
    page is in the book (``pages``: the book's pages, :func:`book_pages` by default)."""
    line = ("**For teachers.** Every quiz starts from a seed: give the class one seed and "
            "everyone gets the same questions.")
    if "book/teachers/index" in (book_pages() if pages is None else pages):
        line += (" Lesson plans, worksheets with their answer keys and quick references "
                 "to print are in {doc}`the teacher's kit <teachers/index>`.")
    return line


def show_teachers() -> Markdown:
    """:func:`teachers_markdown` (the cell must set ``mystnb: markdown_format: myst``)."""
    return _markdown(teachers_markdown())


@dataclass(frozen=True)
class Coverage:
    """How much of one seed document this book teaches: the registry's games whose rules
    come from it (a document's rule set counted as its game), the playable ones, the rule
    sets of playable games that follow it, and how many house rules cite it."""

    document: SourceDocument
    games: tuple[GameInfo, ...]
    playable: tuple[GameInfo, ...]
    rule_sets: tuple[tuple[str, str], ...]      # (game name, rule set label)
    options: int


def source_coverage() -> list[Coverage]:
    """:class:`Coverage` of every seed document, in the order of
    :data:`~hanafuda_core.rules.SOURCE_DOCUMENTS`.

    >>> [c.document.label for c in source_coverage()]
    ['BOOK', 'D001', 'D002', 'D003', 'D004']
    """
    from .games import all_games, get_game
    from .registry import get_game as get_playable
    from .teach.facts import game_data, preset_label, presets
    covered: dict[str, dict[str, GameInfo]] = {label: {} for label in SOURCE_DOCUMENTS}
    for g in all_games():
        home = get_game(chapter_of(g) or g.key)
        for s in g.sources:
            covered[s.doc].setdefault(home.key, home)
    sets: dict[str, list[tuple[str, str]]] = {label: [] for label in SOURCE_DOCUMENTS}
    options: dict[str, int] = dict.fromkeys(SOURCE_DOCUMENTS, 0)
    for g in all_games():
        if not g.playable or chapter_of(g) != g.key:
            continue
        game = get_playable(g.key)
        for option in game.option_table.values():
            if option.source is not None:
                options[option.source.doc] += 1
        sources = game_data(game, "PRESET_SOURCES") or {}
        for preset in presets(game):
            cited = sources.get(preset)
            docs = ({cited.doc} if isinstance(cited, Source)
                    else {s.doc for s in (cited or {}).values()} or {"BOOK"})
            for doc in docs:
                sets[doc].append((game.name, preset_label(game, preset)))
    return [Coverage(doc, tuple(covered[label].values()),
                     tuple(g for g in covered[label].values() if g.playable),
                     tuple(sets[label]), options[label])
            for label, doc in SOURCE_DOCUMENTS.items()]


def _doc_link(game: GameInfo) -> str:
    return f"{{doc}}`{game.name} <{game.key}>`" if game.playable else game.name


def sources_markdown() -> str:
    """The Sources page's description of each document, as MyST markdown: how the book
    names it, what it is and covers, its games (linked where they have a chapter) and
    how much of it you can play here (:func:`source_coverage`)."""
    out = []
    for c in source_coverage():
        d = c.document
        name = d.name[:1].upper() + d.name[1:]
        games = ", ".join(_doc_link(g) for g in c.games)
        if len(c.games) > 8:
            games = (f"{len(c.games)} games, every one in the welcome page's table; "
                     f"with a chapter today: " + ", ".join(_doc_link(g) for g in c.playable))
        coming = len(c.games) - len(c.playable)
        complete = (f"{len(c.playable)} of its {len(c.games)} games can be played here"
                    if coming else
                    ("its game can" if len(c.games) == 1 else "all its games can")
                    + " be played here")
        if c.rule_sets:
            by_game: dict[str, list[str]] = {}
            for game, label in c.rule_sets:
                by_game.setdefault(game, []).append(f"“{label}”")
            complete += "; choose " + "; ".join(f"{' or '.join(labels)} in {game}"
                                                for game, labels in by_game.items())
        if c.options:
            complete += (f". {c.options} house rule{'s' if c.options != 1 else ''} "
                         f"in the playable games cite{'s' if c.options == 1 else ''} it")
        out.append(f"**{name} ({d.label})**: {d.title}.\n\n"
                   f"- *What it covers.* {d.description}\n"
                   f"- *Games.* {games}.\n"
                   f"- *In this book.* {complete[:1].upper() + complete[1:]}.\n"
                   f"- *How we name it.* In a sentence, {d.name}"
                   + (f", with ({d.label}) after it where you may want to look a rule up"
                      if d.label != "BOOK" else "")
                   + f"; in a table or a menu, “{d.short}”.\n")
    return "\n".join(out)


def show_sources() -> Markdown:
    """:func:`sources_markdown` (the cell must set ``mystnb: markdown_format: myst``)."""
    return _markdown(sources_markdown())


def _markdown(text: str) -> Markdown:
    from IPython.display import Markdown
    # IPython's display classes have no annotations on their constructors.
    return Markdown(text)  # type: ignore[no-untyped-call]


def show_families() -> HTML:
    return show_table(tables.family_counts())


def show_source_names() -> HTML:
    from .glossary import source_names_rows
    return show_table(source_names_rows())


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
