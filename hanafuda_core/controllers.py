"""Controllers for the teaching tools: state and answers, no drawing, no widgets.

A controller holds what a tool shows (the filters of the deck explorer, the
current deal of the sample dealer) and asks the core for every fact. The views
in :mod:`hanafuda_core.widgets` only lay these answers out, so the same
controllers work in a Voila app, in a static page and in Pyodide, and they are
tested without ipywidgets. Standard library only.

>>> deck = DeckController()
>>> [c.code for c in deck.set_filters(month=11)]
['11a', '11b', '11c', '11d']
>>> dealer = DealController(players=2, seed=7)
>>> dealt = dealer.deal()
>>> dealt.seed, dealer.seed
(7, 8)
>>> dealer.deal(players=5)
Traceback (most recent call last):
  ...
hanafuda_core.errors.PlayerCountError: the sample deal is for 2, 3 or 4 players, not 5
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from .cards import (
    CARD_INFO,
    DECK,
    DEFAULT_VALUES,
    FLOWERS,
    MONTH_NAMES,
    MONTH_ORDERS,
    AnyCard,
    Card,
    Kind,
    Ribbon,
    month_in_order,
    parse_card,
)
from .deal import BASIC_DEALS, Dealt, MisdealRules, deal
from .errors import HanafudaError, PlayerCountError, shown

__all__ = ["DeckController", "CardFacts", "DealController", "MONTH_LABEL_ORDERS",
           "MAX_SEED", "month_label", "card_label", "short_card_label", "check_seed",
           "SeededTool", "Advice"]

#: The month orders the deck explorer can label months by.
MONTH_LABEL_ORDERS: tuple[str, ...] = ("japanese", "korean")

#: Seeds a teacher can type: short enough to read out to a class.
MAX_SEED = 999_999

_UNSET = object()

_E = TypeVar("_E", bound=Enum)


def check_seed(seed: object, what: str = "the seed") -> int:
    """``seed`` if it is a whole number from 0 to :data:`MAX_SEED` (the seeds of every
    teaching tool: a teacher reads one out to a class; none is negative, as
    :func:`~hanafuda_core.play.check_seed` explains), else a clear error naming it as
    ``what``.

    >>> check_seed(42)
    42
    >>> check_seed(True)
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.HanafudaError: the seed must be a whole number from 0 to 999,999, such \
as 1 or 2024, not True
    >>> check_seed("7", "a quiz seed")
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.HanafudaError: a quiz seed must be a whole number from 0 to 999,999, \
such as 1 or 2024, not str '7'
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        kind = "" if isinstance(seed, int) else f"{type(seed).__name__} "
        raise HanafudaError(f"{what} must be a whole number from 0 to {MAX_SEED:,}, such as "
                            f"1 or 2024, not {kind}{shown(seed)}")
    return int(seed)


class SeededTool:
    """What every seeded game tool shows, read-only: ``seed`` and ``preset``
    (a subclass keeps them in ``_seed`` and ``_preset``)."""

    _seed: int
    _preset: str

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def preset(self) -> str:
        return self._preset


@dataclass(frozen=True)
class Advice:
    """Advice for the human's current choice: the suggested action, a summary and why."""

    best: Any
    summary: str
    lines: tuple[str, ...]

    def to_text(self) -> str:
        return "\n".join((self.summary,) + self.lines)


def _check_order(order: str) -> str:
    if order not in MONTH_LABEL_ORDERS:
        raise HanafudaError(f"unknown month order {order!r}; the explorer labels months "
                            f"in the {' or '.join(MONTH_LABEL_ORDERS)} order")
    return order


def month_label(month: int, order: str = "japanese") -> str:
    """How a month (1-12, Japanese numbering, i.e. the flower) is labelled in an order.

    >>> month_label(11)
    '11 · November · Willow 柳 (yanagi)'
    >>> month_label(11, "korean")
    '12 · December · Willow 비 (bi)'
    """
    _check_order(order)
    flower = FLOWERS[month - 1]
    number = MONTH_ORDERS[order][month - 1]
    if order == "korean":
        native = f"{flower.hangul} ({flower.hangul_romanized})"
    else:
        native = f"{flower.kanji} ({flower.romaji})"
    return f"{number} · {MONTH_NAMES[number - 1]} · {flower.english} {native}"


def card_label(card: Card) -> str:
    """One line naming a card for a list: code, name and kind.

    >>> card_label(Card.CHRYSANTHEMUM_SAKE)
    '9a · Sake Cup (Ten)'
    >>> card_label(Card.PINE_RIBBON)
    '1b · Pine Ribbon (Poetry Ribbon)'
    """
    info = CARD_INFO[card]
    kind = info.ribbon.label if info.ribbon else info.kind.label
    return f"{info.code} · {info.name} ({kind})"


def short_card_label(card: Card) -> str:
    """A short name for a button under a card ("Crane", "Poetry Ribbon", "Chaff 1").

    >>> from hanafuda_core.cards import parse_cards
    >>> [short_card_label(c) for c in parse_cards("1a 1b 1c 11d 12b")]
    ['Crane', 'Poetry Ribbon', 'Chaff 1', 'Storm', 'Special Chaff']
    """
    info = CARD_INFO[card]
    if card == Card.PAULOWNIA_SPECIAL:
        return "Special Chaff"
    if info.named:
        return info.named
    if info.ribbon is not None:
        return info.ribbon.label
    return "Chaff " + info.name.rsplit(" ", 1)[-1]


# ---------------------------------------------------------------------------
# Teaching notes for the cards with a special role. They are prose for the
# explorer, not rules: a game's own rules live in its GameRules.

_SPECIAL_NOTES: dict[Card, str] = {
    Card.CHRYSANTHEMUM_SAKE: (
        "Dual role: a Ten by default, but many rule sets let the cup count as a Chaff "
        "too, or instead (house rules of Koi-Koi, Go-Stop), and it is the cup in the "
        "flower-viewing (with the Curtain) and moon-viewing (with the Moon) combinations."),
    Card.WILLOW_STORM: (
        "The Storm (lightning) is the odd one out of November: a Chaff with its own "
        "picture, which some games make a wild capture card (Mushi, Six Hundred, "
        "Higo-Bana) and Go-Stop counts as two Chaffs."),
    Card.PAULOWNIA_SPECIAL: (
        "The Special Paulownia is the December Chaff printed in colour: a Chaff by "
        "default, raised by some games (10 points in Six Hundred, two Chaffs in Go-Stop)."),
    Card.PAULOWNIA_PHOENIX: (
        "In Oni Koi-Koi the Phoenix is the wild card."),
    Card.WILLOW_RAINMAN: (
        "The only wet Bright: combinations of 'Dry' Brights leave the Rainman out, while "
        "'any four Brights' may include him."),
}

_WET_NOTE = ("A November (Willow) card: the rain month is 'wet', so no combination "
             "labelled 'Dry' may use it.")


@dataclass(frozen=True)
class CardFacts:
    """Everything the explorer says about one card, computed from the core."""

    card: Card
    code: str
    name: str
    named: str | None
    japanese: str
    romaji: str
    kind: Kind
    ribbon: Ribbon | None
    value: int                  # DEFAULT_VALUES for its kind (a game may differ)
    month: int                  # Japanese order
    month_name: str
    flower_english: str
    flower_kanji: str
    flower_romaji: str
    flower_hangul: str
    flower_hangul_romanized: str
    korean_month: int
    tensho_month: int
    wet: bool
    notes: tuple[str, ...]

    @classmethod
    def of(cls, card: Card | str | int) -> CardFacts:
        card = parse_card(card)
        info = CARD_INFO[card]
        flower = info.flower
        notes = []
        if card in _SPECIAL_NOTES:
            notes.append(_SPECIAL_NOTES[card])
        if card.is_rain:
            notes.append(_WET_NOTE)
        return cls(card=card, code=info.code, name=info.name, named=info.named,
                   japanese=info.japanese, romaji=info.romaji, kind=info.kind,
                   ribbon=info.ribbon, value=DEFAULT_VALUES[info.kind], month=info.month,
                   month_name=flower.month_name, flower_english=flower.english,
                   flower_kanji=flower.kanji, flower_romaji=flower.romaji,
                   flower_hangul=flower.hangul,
                   flower_hangul_romanized=flower.hangul_romanized,
                   korean_month=month_in_order(card, "korean"),
                   tensho_month=month_in_order(card, "tensho"),
                   wet=card.is_rain, notes=tuple(notes))

    def rows(self) -> list[tuple[str, str]]:
        """(label, text) pairs in reading order, for a facts table.

        >>> dict(CardFacts.of("9a").rows())["Kind"]
        'Ten'
        """
        return [
            ("Code", self.code),
            ("Card", self.name),
            ("Named card", self.named or "no (a plain card of its month)"),
            ("Japanese name", f"{self.japanese} ({self.romaji})"),
            ("Month", f"{self.month} · {self.month_name}"),
            ("Flower", f"{self.flower_english} · {self.flower_kanji} ({self.flower_romaji}) · "
                       f"{self.flower_hangul} ({self.flower_hangul_romanized})"),
            ("Kind", self.kind.label),
            ("Ribbon colour", self.ribbon.label if self.ribbon else "none"),
            ("Default value", f"{self.value} points"),
            ("Month in Korean order", str(self.korean_month)),
            ("Month in Tensho order", str(self.tensho_month)),
        ]


class DeckController:
    """Filters over the 48 cards, a selected card and its facts.

    Filters combine with AND; ``None`` means "any". Months are given by their
    Japanese number (the flower); the month order only changes the labels.
    """

    def __init__(self, order: str = "japanese") -> None:
        self._order = _check_order(order)
        self._month: int | None = None
        self._kind: Kind | None = None
        self._ribbon: Ribbon | None = None
        self._named_only = False
        self._matching: tuple[Card, ...] = DECK
        self._selected: Card | None = DECK[0]

    # -- state -------------------------------------------------------------
    @property
    def order(self) -> str:
        return self._order

    @property
    def month(self) -> int | None:
        return self._month

    @property
    def kind(self) -> Kind | None:
        return self._kind

    @property
    def ribbon(self) -> Ribbon | None:
        return self._ribbon

    @property
    def named_only(self) -> bool:
        return self._named_only

    @property
    def selected(self) -> Card | None:
        return self._selected

    def matching(self) -> tuple[Card, ...]:
        """The cards passing every filter, in deck order."""
        return self._matching

    # -- changes -----------------------------------------------------------
    def set_order(self, order: str) -> None:
        self._order = _check_order(order)

    def set_filters(self, *, month: object = _UNSET, kind: object = _UNSET,
                    ribbon: object = _UNSET, named_only: object = _UNSET) -> tuple[Card, ...]:
        """Change some filters (checked first; on error nothing changes).

        Returns the matching cards. The selection stays if it still matches,
        else moves to the first match (or ``None`` when nothing matches).
        """
        new_month = self._month if month is _UNSET else self._check_month(month)
        new_kind = self._kind if kind is _UNSET else self._check_enum(kind, Kind, "kind")
        new_ribbon = (self._ribbon if ribbon is _UNSET
                      else self._check_enum(ribbon, Ribbon, "ribbon colour"))
        new_named = self._named_only if named_only is _UNSET else bool(named_only)
        self._month, self._kind, self._ribbon, self._named_only = (
            new_month, new_kind, new_ribbon, new_named)
        self._matching = tuple(c for c in DECK if self._passes(c))
        if self._selected not in self._matching:
            self._selected = self._matching[0] if self._matching else None
        return self._matching

    def select(self, card: Card | str | int | None) -> CardFacts | None:
        """Select a card (any of the 48, even one the filters hide) and return its facts."""
        self._selected = None if card is None else parse_card(card)
        return self.facts()

    def facts(self, card: Card | str | int | None = None) -> CardFacts | None:
        """Facts of ``card``, or of the selected card."""
        if card is None:
            card = self._selected
        return None if card is None else CardFacts.of(card)

    # -- labels for the view -----------------------------------------------
    def month_options(self) -> list[tuple[str, int]]:
        """(label, month) for the month filter, sorted by the current order."""
        table = MONTH_ORDERS[self._order]
        months = sorted(range(1, 13), key=lambda m: table[m - 1])
        return [(month_label(m, self._order), m) for m in months]

    @staticmethod
    def kind_options() -> list[tuple[str, Kind]]:
        return [(k.label, k) for k in Kind]

    @staticmethod
    def ribbon_options() -> list[tuple[str, Ribbon]]:
        return [(r.label, r) for r in Ribbon]

    def card_options(self) -> list[tuple[str, Card]]:
        return [(card_label(c), c) for c in self._matching]

    def describe_filters(self) -> str:
        """The active filters in words, e.g. ``'November cards that are Ten'``."""
        parts = []
        if self._named_only:
            parts.append("named")
        noun = "cards"
        if self._month is not None:
            number = MONTH_ORDERS[self._order][self._month - 1]
            noun = f"{FLOWERS[self._month - 1].english} (month {number}) cards"
        text = " ".join(parts + [noun])
        if self._kind is not None:
            text += f" of kind {self._kind.label}"
        if self._ribbon is not None:
            text += f" with a {self._ribbon.label}"
        return text

    # -- internals -----------------------------------------------------------
    def _passes(self, card: Card) -> bool:
        info = CARD_INFO[card]
        return ((self._month is None or info.month == self._month)
                and (self._kind is None or info.kind is self._kind)
                and (self._ribbon is None or info.ribbon is self._ribbon)
                and (not self._named_only or info.named is not None))

    @staticmethod
    def _check_month(month: object) -> int | None:
        if month is None:
            return None
        if isinstance(month, int) and not isinstance(month, bool) and 1 <= month <= 12:
            return int(month)
        raise HanafudaError(f"the month filter takes a month number from 1 to 12 "
                            f"(or None for all months), not {month!r}")

    @staticmethod
    def _check_enum(value: object, enum: type[_E], what: str) -> _E | None:
        if value is None:
            return None
        try:
            return enum(value.lower() if isinstance(value, str) else value)
        except ValueError:
            allowed = ", ".join(e.value for e in enum)
            raise HanafudaError(f"unknown {what} {value!r}; choose one of: {allowed} "
                                "(or None for any)") from None


# ---------------------------------------------------------------------------


def _game_deck(info: Any) -> Callable[[int], Sequence[AnyCard]]:
    """The cards a game deals to ``n`` players: a playable game's under its default
    rules (:meth:`Game.deck <hanafuda_core.play.Game.deck>`: Go-Stop's two Jokers), else
    its catalog deck for that many players."""
    from .games.catalog import deck_for
    from .registry import entry, get_game
    if not entry(info.key).playable:
        return lambda n: deck_for(info, n)
    game = get_game(info.key)
    return lambda n: game.deck(n, info)


class DealController:
    """One capture-game deal at a time, repeatable by its seed.

    ``seed`` is the seed the *next* deal will use; every deal moves it on by
    one so that repeated deals differ, while ``last.seed`` tells a teacher how
    to repeat what the class saw.
    """

    def __init__(self, players: int | None = None, seed: int = 1, game: str | None = None
                 ) -> None:
        """``game`` (a registry key) deals that game's deck with its deal sizes and misdeal
        rules (Mushi's 40 cards, Hachi-Hachi's 7/6); without it, the basic capture deal.
        ``players`` defaults to the fewest the deal is for."""
        if game is None:
            self._sizes: Mapping[int, tuple[int, int]] = BASIC_DEALS
            self._deck: Callable[[int], Sequence[AnyCard]] = lambda _n: DECK
            self._misdeals = MisdealRules()
            self._notes: Mapping[int, str] = {}
            self._aside: Mapping[int, int] = {}
        else:
            from .games import get_game
            from .games.catalog import misdeal_rules
            info = get_game(game)
            self._sizes = {n: (d.hand, d.field) for n, d in sorted(info.deals.items())}
            # (its Jokers, and the blank where a count adds it: seven at Hachi-Hachi)
            self._deck = _game_deck(info)
            self._misdeals = misdeal_rules(info)
            self._notes = {n: d.note for n, d in info.deals.items() if d.note}
            self._aside = {n: d.aside for n, d in info.deals.items() if d.aside}
        self._players = self.check_players(min(self._sizes) if players is None else players)
        self._seed = self.check_seed(seed)
        self._last: Dealt | None = None

    # -- state -------------------------------------------------------------
    @property
    def players(self) -> int:
        return self._players

    @property
    def seed(self) -> int:
        """The seed the next deal will use."""
        return self._seed

    @property
    def last(self) -> Dealt | None:
        """The last good deal, or ``None`` before the first."""
        return self._last

    def player_choices(self) -> tuple[int, ...]:
        return tuple(sorted(self._sizes))

    # -- checks (raise, never change state) ----------------------------------
    def check_players(self, players: object) -> int:
        choices = self.player_choices()
        if isinstance(players, bool) or not isinstance(players, int) or players not in choices:
            allowed = (", ".join(str(n) for n in choices[:-1]) + f" or {choices[-1]}"
                       if len(choices) > 1 else str(choices[0]))
            raise PlayerCountError(f"the sample deal is for {allowed} players, not {players!r}")
        return int(players)

    check_seed = staticmethod(check_seed)

    # -- changes ---------------------------------------------------------------
    def set_players(self, players: int) -> None:
        self._players = self.check_players(players)

    def set_seed(self, seed: int) -> None:
        self._seed = self.check_seed(seed)

    def new_seed(self, rng: random.Random | None = None) -> int:
        """Pick a random seed for the next deal and return it."""
        self._seed = (rng or random.Random()).randint(0, MAX_SEED)
        return self._seed

    def deal(self, players: int | None = None, seed: int | None = None) -> Dealt:
        """Deal once with ``players`` and ``seed`` (default: the current ones).

        Both are checked before anything changes. Afterwards ``last`` is the new
        deal and ``seed`` has moved on by one (back to 0 after ``MAX_SEED``).
        A misdeal is kept and shown, not redealt: seeing it is the lesson.
        """
        players = self._players if players is None else self.check_players(players)
        seed = self._seed if seed is None else self.check_seed(seed)
        dealt = deal(players, seed, sizes=self._sizes, deck=self._deck(players),
                     rules=self._misdeals)
        self._players, self._last = players, dealt
        self._seed = (seed + 1) % (MAX_SEED + 1)
        return dealt

    # -- answers for the view ------------------------------------------------
    def rows(self) -> list[tuple[str, Sequence[AnyCard] | int]]:
        """(label, cards) rows: each hand, the field, and the stock as a count."""
        dealt = self._require()
        rows: list[tuple[str, Sequence[AnyCard] | int]] = [
            (f"Player {i + 1}", tuple(hand)) for i, hand in enumerate(dealt.hands)]
        rows.append(("Field", tuple(dealt.field)))
        aside = self._aside.get(len(dealt.hands), 0)
        if aside:                       # (Tensho: cards set aside face down, out of play)
            rows.append(("Aside", aside))
        rows.append(("Stock", len(dealt.stock) - aside))
        return rows

    def hiki_cards(self) -> frozenset[Card]:
        """Field cards of the months dealt three to the field (each month a hiki)."""
        dealt = self._require()
        return frozenset(c for c in dealt.field if isinstance(c, Card) and c.month in dealt.hiki)

    def misdeal_cards(self) -> frozenset[Card]:
        """The cards that make the deal a misdeal (the four of a month, or the four pairs)."""
        dealt = self._require()
        found: set[Card] = set()
        for m in dealt.misdeals:
            place = dealt.field if m.player is None else dealt.hands[m.player]   # None: field
            found.update(c for c in place if isinstance(c, Card) and c.month in m.months)
        return frozenset(found)

    def hiki_messages(self) -> list[str]:
        dealt = self._require()
        return [f"Hiki: three {MONTH_NAMES[m - 1]} ({FLOWERS[m - 1].english}) cards are on "
                "the field. They are stacked, and whoever plays the fourth takes all four."
                for m in dealt.hiki]

    def misdeal_messages(self) -> list[str]:
        """Each misdeal rule that fired, in words (from ``Misdeal.describe``)."""
        dealt = self._require()
        return [f"Misdeal: {m.describe()}." for m in dealt.misdeals]

    def summary(self) -> str:
        dealt = self._require()
        hand, field = self._sizes[len(dealt.hands)]
        note = self._notes.get(len(dealt.hands), "")
        aside = self._aside.get(len(dealt.hands), 0)
        return (f"Seed {dealt.seed} · {len(dealt.hands)} players · {hand} cards to each "
                f"player, {field} to the field, "
                + (f"{aside} set aside, " if aside else "")
                + f"{len(dealt.stock) - aside} in the stock" + (f" ({note})" if note else ""))

    def _require(self) -> Dealt:
        if self._last is None:
            raise HanafudaError("nothing has been dealt yet; deal first")
        return self._last
