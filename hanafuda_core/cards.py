"""The hanafuda deck: 48 cards, their facts, names and a compact notation.

Every card is a :class:`Card`, an ``IntEnum`` numbered 0-47 in month order, four
cards a month, so ``card // 4`` is the month index (0 = January) and
``card % 4`` is the card's place in its month, highest value first (the order
the rulebook draws them in).

>>> Card.PINE_CRANE.month, Card.PINE_CRANE.kind.value, Card.PINE_CRANE.code
(1, 'bright', '1a')
>>> parse_card("sake cup") is Card.CHRYSANTHEMUM_SAKE
True
>>> CardSet.parse("1a 3a 8a").format()
'1a 3a 8a'
>>> len(DECK), sum(DEFAULT_VALUES[c.kind] for c in DECK)
(48, 264)

Cards are written in a compact notation: the month number and a letter for the
card's place in the month (``1a`` is the Crane, ``1b`` the pine ribbon, ``1c``
and ``1d`` the pine chaffs). :func:`parse_card` also reads English names and
aliases ("crane", "rainman", "sake cup"), enum names and ids, ignoring case.

Point values belong to a game's rules; :data:`DEFAULT_VALUES` is the common
20/10/5/1 table that most games use and that a game may override.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Literal, overload

from .errors import HanafudaError, UnknownCardError, shown

__all__ = [
    "Kind", "Ribbon", "Flower", "CardInfo", "Card", "Extra", "ExtraInfo",
    "CardSet", "FLOWERS", "CARD_INFO", "EXTRA_INFO", "DECK", "DEFAULT_VALUES",
    "MONTH_ORDERS", "MONTH_NAMES", "month_in_order", "parse_card", "parse_cards",
    "card_words", "format_cards", "card_names",
]


class Kind(str, Enum):
    """The four kinds of card, highest value first."""

    BRIGHT = "bright"
    TEN = "ten"
    RIBBON = "ribbon"
    CHAFF = "chaff"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Ribbon(str, Enum):
    """The three colours of ribbon."""

    POETRY = "poetry"   # red with writing: Jan, Feb, Mar
    PURPLE = "purple"   # purple (blue in some decks): Jun, Sep, Oct
    PLAIN = "plain"     # red without writing: Apr, May, Jul, Nov

    @property
    def label(self) -> str:
        return f"{self.value.capitalize()} Ribbon"


@dataclass(frozen=True)
class Flower:
    """A month's plant with its names in English, Japanese and Korean."""

    month: int
    english: str
    kanji: str
    romaji: str
    hangul: str          # the month's name in Korean hwatu
    hangul_romanized: str
    month_name: str      # English month name


FLOWERS: tuple[Flower, ...] = (
    Flower(1, "Pine", "松", "matsu", "송학", "songhak", "January"),
    Flower(2, "Plum", "梅", "ume", "매조", "maejo", "February"),
    Flower(3, "Cherry", "桜", "sakura", "벚꽃", "beotkkot", "March"),
    Flower(4, "Wisteria", "藤", "fuji", "흑싸리", "heukssari", "April"),
    Flower(5, "Iris", "菖蒲", "ayame", "난초", "nancho", "May"),
    Flower(6, "Peony", "牡丹", "botan", "모란", "moran", "June"),
    Flower(7, "Bush Clover", "萩", "hagi", "홍싸리", "hongssari", "July"),
    Flower(8, "Susuki Grass", "芒", "susuki", "공산", "gongsan", "August"),
    Flower(9, "Chrysanthemum", "菊", "kiku", "국화", "gukhwa", "September"),
    Flower(10, "Maple", "紅葉", "momiji", "단풍", "danpung", "October"),
    Flower(11, "Willow", "柳", "yanagi", "비", "bi", "November"),
    Flower(12, "Paulownia", "桐", "kiri", "오동", "odong", "December"),
)

MONTH_NAMES: tuple[str, ...] = tuple(f.month_name for f in FLOWERS)


@dataclass(frozen=True)
class CardInfo:
    """Every fact about one card that a chapter or a rule needs."""

    month: int                 # 1-12 in the Japanese order
    place: int                 # 0-3 within the month, highest value first
    kind: Kind
    ribbon: Ribbon | None
    name: str                  # English name, e.g. "Crane", "Pine Ribbon", "Pine Chaff 1"
    named: str | None          # the picture's own name for the named cards, else None
    japanese: str              # kanji/kana name
    romaji: str
    aliases: tuple[str, ...]   # other English (and romaji) names parse_card accepts

    @property
    def flower(self) -> Flower:
        return FLOWERS[self.month - 1]

    @property
    def code(self) -> str:
        return f"{self.month}{'abcd'[self.place]}"


class Card(IntEnum):
    """The 48 cards, ``card // 4`` being the month index."""

    PINE_CRANE = 0
    PINE_RIBBON = 1
    PINE_CHAFF_1 = 2
    PINE_CHAFF_2 = 3
    PLUM_NIGHTINGALE = 4
    PLUM_RIBBON = 5
    PLUM_CHAFF_1 = 6
    PLUM_CHAFF_2 = 7
    CHERRY_CURTAIN = 8
    CHERRY_RIBBON = 9
    CHERRY_CHAFF_1 = 10
    CHERRY_CHAFF_2 = 11
    WISTERIA_CUCKOO = 12
    WISTERIA_RIBBON = 13
    WISTERIA_CHAFF_1 = 14
    WISTERIA_CHAFF_2 = 15
    IRIS_BRIDGE = 16
    IRIS_RIBBON = 17
    IRIS_CHAFF_1 = 18
    IRIS_CHAFF_2 = 19
    PEONY_BUTTERFLY = 20
    PEONY_RIBBON = 21
    PEONY_CHAFF_1 = 22
    PEONY_CHAFF_2 = 23
    CLOVER_BOAR = 24
    CLOVER_RIBBON = 25
    CLOVER_CHAFF_1 = 26
    CLOVER_CHAFF_2 = 27
    SUSUKI_MOON = 28
    SUSUKI_GEESE = 29
    SUSUKI_CHAFF_1 = 30
    SUSUKI_CHAFF_2 = 31
    CHRYSANTHEMUM_SAKE = 32
    CHRYSANTHEMUM_RIBBON = 33
    CHRYSANTHEMUM_CHAFF_1 = 34
    CHRYSANTHEMUM_CHAFF_2 = 35
    MAPLE_DEER = 36
    MAPLE_RIBBON = 37
    MAPLE_CHAFF_1 = 38
    MAPLE_CHAFF_2 = 39
    WILLOW_RAINMAN = 40
    WILLOW_SWALLOW = 41
    WILLOW_RIBBON = 42
    WILLOW_STORM = 43
    PAULOWNIA_PHOENIX = 44
    PAULOWNIA_SPECIAL = 45
    PAULOWNIA_CHAFF_1 = 46
    PAULOWNIA_CHAFF_2 = 47

    # Facts come from the one CARD_INFO table below.
    @property
    def info(self) -> CardInfo:
        return CARD_INFO[self]

    @property
    def month(self) -> int:
        """Month number 1-12 in the Japanese order."""
        return self // 4 + 1

    @property
    def kind(self) -> Kind:
        return CARD_INFO[self].kind

    @property
    def ribbon(self) -> Ribbon | None:
        return CARD_INFO[self].ribbon

    @property
    def code(self) -> str:
        """Compact notation: month number and a letter for the place, e.g. ``'8a'``."""
        return _CODES[self]

    @property
    def title(self) -> str:
        """English name, e.g. ``'Crane'`` or ``'Pine Chaff 1'``."""
        return CARD_INFO[self].name

    @property
    def flower(self) -> Flower:
        return FLOWERS[self // 4]

    @property
    def is_rain(self) -> bool:
        """November (Willow, 'wet') cards, excluded from every 'Dry' combination."""
        return self // 4 == 10

    def __str__(self) -> str:
        return CARD_INFO[self].name


def _ribbon(month: int, flower: str, colour: Ribbon, jp: str, romaji: str) -> CardInfo:
    fl = FLOWERS[month - 1]
    return CardInfo(month, 1, Kind.RIBBON, colour, f"{flower} Ribbon", None,
                    f"{fl.kanji}に{jp}", f"{fl.romaji} ni {romaji}",
                    (f"{MONTH_NAMES[month - 1]} ribbon", f"{flower} {colour.value} ribbon",
                     f"{MONTH_NAMES[month - 1][:3]} ribbon"))


def _chaff(month: int, flower: str, place: int, number: int) -> CardInfo:
    fl = FLOWERS[month - 1]
    return CardInfo(month, place, Kind.CHAFF, None, f"{flower} Chaff {number}", None,
                    f"{fl.kanji}のカス", f"{fl.romaji} no kasu",
                    (f"{MONTH_NAMES[month - 1]} chaff {number}",
                     f"{MONTH_NAMES[month - 1][:3]} chaff {number}"))


def _named(month: int, place: int, kind: Kind, name: str, jp: str, romaji: str,
           *aliases: str) -> CardInfo:
    return CardInfo(month, place, kind, None, name, name, jp, romaji, aliases)


_AKA = ("赤短", "akatan")
_AO = ("青短", "aotan")
_TAN = ("短冊", "tanzaku")

CARD_INFO: tuple[CardInfo, ...] = (
    _named(1, 0, Kind.BRIGHT, "Crane", "松に鶴", "matsu ni tsuru", "pine crane", "tsuru"),
    _ribbon(1, "Pine", Ribbon.POETRY, *_AKA),
    _chaff(1, "Pine", 2, 1), _chaff(1, "Pine", 3, 2),
    _named(2, 0, Kind.TEN, "Nightingale", "梅に鶯", "ume ni uguisu",
           "warbler", "bush warbler", "nightingale warbler", "uguisu"),
    _ribbon(2, "Plum", Ribbon.POETRY, *_AKA),
    _chaff(2, "Plum", 2, 1), _chaff(2, "Plum", 3, 2),
    _named(3, 0, Kind.BRIGHT, "Curtain", "桜に幕", "sakura ni maku",
           "banner", "cherry curtain", "maku"),
    _ribbon(3, "Cherry", Ribbon.POETRY, *_AKA),
    _chaff(3, "Cherry", 2, 1), _chaff(3, "Cherry", 3, 2),
    _named(4, 0, Kind.TEN, "Cuckoo", "藤に不如帰", "fuji ni hototogisu", "hototogisu"),
    _ribbon(4, "Wisteria", Ribbon.PLAIN, *_TAN),
    _chaff(4, "Wisteria", 2, 1), _chaff(4, "Wisteria", 3, 2),
    _named(5, 0, Kind.TEN, "Bridge", "菖蒲に八橋", "ayame ni yatsuhashi",
           "iris bridge", "eight-plank bridge", "yatsuhashi"),
    _ribbon(5, "Iris", Ribbon.PLAIN, *_TAN),
    _chaff(5, "Iris", 2, 1), _chaff(5, "Iris", 3, 2),
    _named(6, 0, Kind.TEN, "Butterfly", "牡丹に蝶", "botan ni chō", "butterflies", "cho"),
    _ribbon(6, "Peony", Ribbon.PURPLE, *_AO),
    _chaff(6, "Peony", 2, 1), _chaff(6, "Peony", 3, 2),
    _named(7, 0, Kind.TEN, "Boar", "萩に猪", "hagi ni inoshishi", "inoshishi"),
    _ribbon(7, "Clover", Ribbon.PLAIN, *_TAN),
    _chaff(7, "Clover", 2, 1), _chaff(7, "Clover", 3, 2),
    _named(8, 0, Kind.BRIGHT, "Moon", "芒に月", "susuki ni tsuki", "full moon", "tsuki"),
    _named(8, 1, Kind.TEN, "Geese", "芒に雁", "susuki ni kari", "goose", "kari"),
    _chaff(8, "Susuki", 2, 1), _chaff(8, "Susuki", 3, 2),
    _named(9, 0, Kind.TEN, "Sake Cup", "菊に盃", "kiku ni sakazuki",
           "sake", "cup", "sakazuki"),
    _ribbon(9, "Chrysanthemum", Ribbon.PURPLE, *_AO),
    _chaff(9, "Chrysanthemum", 2, 1), _chaff(9, "Chrysanthemum", 3, 2),
    _named(10, 0, Kind.TEN, "Deer", "紅葉に鹿", "momiji ni shika", "shika"),
    _ribbon(10, "Maple", Ribbon.PURPLE, *_AO),
    _chaff(10, "Maple", 2, 1), _chaff(10, "Maple", 3, 2),
    _named(11, 0, Kind.BRIGHT, "Rainman", "柳に小野道風", "yanagi ni ono no michikaze",
           "rain man", "ono no michikaze", "michikaze", "poet"),
    _named(11, 1, Kind.TEN, "Swallow", "柳に燕", "yanagi ni tsubame", "tsubame"),
    CardInfo(11, 2, Kind.RIBBON, Ribbon.PLAIN, "Willow Ribbon", None, "柳に短冊",
             "yanagi ni tanzaku", ("November ribbon", "Nov ribbon", "rain ribbon")),
    _named(11, 3, Kind.CHAFF, "Storm", "柳に雷", "yanagi ni kaminari",
           "lightning", "thunder", "kaminari", "willow chaff"),
    _named(12, 0, Kind.BRIGHT, "Phoenix", "桐に鳳凰", "kiri ni hōō", "hoo"),
    _named(12, 1, Kind.CHAFF, "Special Paulownia", "桐のカス (色)", "kiri no kasu",
           "paulownia special", "special chaff", "coloured paulownia"),
    _chaff(12, "Paulownia", 2, 1), _chaff(12, "Paulownia", 3, 2),
)

# Fix the places that the helper constructors cannot know.
assert all(info.month == c // 4 + 1 and info.place == c % 4 for c, info in
           zip(range(48), CARD_INFO)), "CARD_INFO is out of order"

_CODES: tuple[str, ...] = tuple(info.code for info in CARD_INFO)

DECK: tuple[Card, ...] = tuple(Card)

DEFAULT_VALUES: Mapping[Kind, int] = {Kind.BRIGHT: 20, Kind.TEN: 10, Kind.RIBBON: 5,
                                      Kind.CHAFF: 1}

# ---------------------------------------------------------------------------
# Extras: the blank card and the jokers, kept out of the 48 so that the
# standard deck stays exactly 48 cards.


@dataclass(frozen=True)
class ExtraInfo:
    name: str
    code: str
    role: str
    aliases: tuple[str, ...]


class Extra(IntEnum):
    """Optional cards some games add: the blank card and up to six jokers."""

    BLANK = 48
    JOKER_1 = 49
    JOKER_2 = 50
    JOKER_3 = 51
    JOKER_4 = 52
    JOKER_5 = 53
    JOKER_6 = 54

    @property
    def info(self) -> ExtraInfo:
        return EXTRA_INFO[self - 48]

    @property
    def code(self) -> str:
        return EXTRA_INFO[self - 48].code

    @property
    def title(self) -> str:
        return EXTRA_INFO[self - 48].name

    def __str__(self) -> str:
        return self.title


EXTRA_INFO: tuple[ExtraInfo, ...] = (
    ExtraInfo("Blank", "x0", "the blank card of seven-player Hachi-Hachi",
              ("blank", "blank card", "white card")),
    *(ExtraInfo(f"Joker {i}", f"j{i}",
                "a joker (Wet Koi in Hana-Rumi and Hana-Gin)" if i <= 4
                else "a joker (Dry Koi, a wild, in Hana-Rumi and Hana-Gin)",
                (f"joker {i}", f"joker{i}"))
      for i in range(1, 7)),
)

AnyCard = Card | Extra


def _card_repr_svg(self: AnyCard) -> str:
    """Show a card as its picture in a notebook (the renderer is imported lazily)."""
    from .render.svg import card_svg
    return card_svg(self)


# Enum reserves _sunder_ names in a class body, so the hook is attached here.
type.__setattr__(Card, "_repr_svg_", _card_repr_svg)
type.__setattr__(Extra, "_repr_svg_", _card_repr_svg)

# ---------------------------------------------------------------------------
# Month orders. The Korean (hwatu) order swaps November and December; the
# Tensho order used by four games of the rulebook moves four flowers.

MONTH_ORDERS: Mapping[str, tuple[int, ...]] = {
    # order name -> for each Japanese month 1..12, its month number in that order
    "japanese": tuple(range(1, 13)),
    "korean": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 11),
    # Tensho: Jan Pine, Feb Willow, Mar Cherry, Apr Wisteria, May Iris,
    # Jun Paulownia, Jul Bush Clover, Aug Susuki, Sep Chrysanthemum,
    # Oct Maple, Nov Peony, Dec Plum.
    "tensho": (1, 12, 3, 4, 5, 11, 7, 8, 9, 10, 2, 6),
}


def month_in_order(card: Card, order: str = "japanese") -> int:
    """The card's month number under a named month order.

    >>> month_in_order(Card.WILLOW_RAINMAN, "korean")
    12
    >>> month_in_order(Card.PAULOWNIA_PHOENIX, "tensho")
    6
    """
    try:
        table = MONTH_ORDERS[order]
    except KeyError:
        raise ValueError(f"unknown month order {shown(order)}; known orders: "
                         f"{', '.join(MONTH_ORDERS)}") from None
    return table[card // 4]


# ---------------------------------------------------------------------------
# Parsing and formatting.

def _norm(text: str) -> str:
    text = text.strip().lower().replace("’", "'")
    text = re.sub(r"[\s_\-]+", " ", text)
    return text


def _build_names() -> dict[str, AnyCard]:
    names: dict[str, AnyCard] = {}
    ambiguous: set[str] = set()

    def add(key: str, card: AnyCard) -> None:
        key = _norm(key)
        if key in names and names[key] != card:
            ambiguous.add(key)
        names[key] = card

    for card in Card:
        info = CARD_INFO[card]
        for key in (info.code, card.name, info.name, info.romaji,
                    *info.aliases):
            add(key, card)
        add(f"{info.flower.month_name} {info.name}", card)
    for extra in Extra:
        xinfo = extra.info
        for key in (xinfo.code, extra.name, xinfo.name, *xinfo.aliases):
            add(key, extra)
    for key in ambiguous:
        del names[key]
    return names


_NAMES: dict[str, AnyCard] = _build_names()

#: The most words a card name has ("yanagi ni ono no michikaze").
_MOST_WORDS = max(len(key.split()) for key in _NAMES)
#: No card name is longer; a longer text gets no "did you mean".
_LONGEST_NAME = max(len(key) for key in _NAMES)


def card_names() -> list[str]:
    """Every name :func:`parse_card` accepts (normalised), sorted."""
    return sorted(_NAMES)


@overload
def parse_card(text: str | int | Card | Extra, *, extras: Literal[False] = False) -> Card: ...


@overload
def parse_card(text: str | int | Card | Extra, *, extras: bool) -> AnyCard: ...


def parse_card(text: str | int | Card | Extra, *, extras: bool = False) -> AnyCard:
    """Read one card from a code, id, enum name or English name.

    >>> parse_card("RAINMAN"), parse_card("11a"), parse_card(40)
    (<Card.WILLOW_RAINMAN: 40>, <Card.WILLOW_RAINMAN: 40>, <Card.WILLOW_RAINMAN: 40>)
    >>> parse_card("cran")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.UnknownCardError: unknown card 'cran'; did you mean: crane, ...

    Jokers and the blank card are refused unless ``extras=True``.
    """
    if isinstance(text, (Card, Extra)):
        card: AnyCard = text
    elif isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < 48:
            card = Card(text)
        elif 48 <= text < 55:
            card = Extra(text)
        else:
            raise UnknownCardError(f"unknown card id {shown(text)}; card ids run from 0 to 47 "
                                   "(48 to 54 for the blank card and jokers)")
    elif isinstance(text, str):
        key = _norm(text)
        found = _NAMES.get(key)
        if found is None:
            close = difflib.get_close_matches(key, _NAMES, n=4, cutoff=0.6) \
                if len(key) <= 2 * _LONGEST_NAME else []
            hint = f"did you mean: {', '.join(close)}? " if close else ""
            raise UnknownCardError(
                f"unknown card {shown(text)}; {hint}write a card as a code from 1a to 12d "
                "(month number and a letter a-d, highest card first) or an English name "
                "such as 'crane', 'rainman' or 'sake cup'")
        card = found
    else:
        raise UnknownCardError(f"cannot read a card from {type(text).__name__} "
                               f"{shown(text)}; write a card as a code such as '1a', "
                               "a name such as 'crane', or an id from 0 to 47")
    if isinstance(card, Extra) and not extras:
        raise UnknownCardError(f"{card.title} is not one of the 48 standard cards; "
                               "this game uses the standard deck only")
    return card


_SPLIT = re.compile(r"\s*[,;]\s*|\s+")

#: The first words of the card names of several words ("sake" of "sake cup").
_NAME_STARTS: frozenset[str] = frozenset(" ".join(key.split()[:n]) for key in _NAMES
                                         for n in range(1, len(key.split())))


def _name_end(words: list[str], i: int) -> int:
    """Where the longest card name that starts at ``words[i]`` ends (0: none starts)."""
    first = _norm(words[i])
    if first not in _NAMES and first not in _NAME_STARTS:
        return 0
    for j in range(min(len(words), i + _MOST_WORDS), i, -1):
        if _norm(" ".join(words[i:j])) in _NAMES:
            return j
    return 0


def card_words(text: str) -> list[str]:
    """The card names written in ``text``, as :func:`parse_cards` reads them: commas
    separate names, and between commas the words are read as names, the longest name
    first, so that a name of several words needs no commas. Words that name no card
    are kept together as written (with the name before them where that name is the
    start of a longer one, "sake cupp"), for the error that names them.

    >>> card_words("sake cup moon, pine ribbon 3a")
    ['sake cup', 'moon', 'pine ribbon', '3a']
    >>> card_words("1a crain 8a"), card_words("sake cupp 1a")
    (['1a', 'crain', '8a'], ['sake cupp', '1a'])
    """
    names: list[str] = []
    for item in text.split(","):
        words = item.split()
        i, named = 0, False             # named: the last name came from this item
        while i < len(words):
            j = _name_end(words, i)
            if j:
                names.append(" ".join(words[i:j]))
                i, named = j, True
                continue
            j = i + 1
            while j < len(words) and not _name_end(words, j):
                j += 1
            unknown = " ".join(words[i:j])
            if named and _norm(names[-1]) in _NAME_STARTS:
                names[-1] = f"{names[-1]} {unknown}"
            else:
                names.append(unknown)
            i, named = j, False
    return names


@overload
def parse_cards(text: str | Iterable[str | int | AnyCard], *,
                extras: Literal[False] = False) -> list[Card]: ...


@overload
def parse_cards(text: str | Iterable[str | int | AnyCard], *, extras: bool
                ) -> list[AnyCard]: ...


def parse_cards(text: str | Iterable[str | int | AnyCard], *, extras: bool = False
                ) -> list[Card] | list[AnyCard]:
    """Read several cards: from a string, or from a list of codes, names, ids or cards.
    In a string, commas separate cards; between commas the words are read as card
    names, the longest name first (:func:`card_words`), so ``"sake cup moon"`` is the
    Sake Cup and the Moon.

    >>> [c.code for c in parse_cards("1a 3a 8a")]
    ['1a', '3a', '8a']
    >>> [c.code for c in parse_cards("sake cup, moon")], [c.code for c in parse_cards(
    ...     "pine ribbon plum ribbon sake cup")]
    (['9a', '8a'], ['1b', '2b', '9a'])
    """
    given: object = text
    if isinstance(text, str):
        items: Iterable[str | int | AnyCard] = card_words(text)
    elif isinstance(given, Iterable) and not isinstance(given, (bytes, bytearray)):
        items = text
    else:
        raise UnknownCardError(f"cannot read cards from {type(text).__name__} {shown(text)}; "
                               "write them as text such as '1a 3a 8a' or 'sake cup, moon', "
                               "or as a list of codes, names or cards")
    cards = [parse_card(item, extras=extras) for item in items]
    seen: set[AnyCard] = set()
    for card in cards:
        if card in seen:
            raise UnknownCardError(f"{card.title} ({card.code}) is written twice; "
                                   "each card is in the deck once")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[AnyCard]) -> str:
    """Codes in deck order, space separated (the inverse of :func:`parse_cards`)."""
    return " ".join(c.code for c in sorted(cards))


# ---------------------------------------------------------------------------
# Card sets: an int bitmask inside, a readable set outside.

def mask_cards(mask: int) -> list[int]:
    """The card ids in a bitmask, lowest first (the fast path's view of a set).

    >>> mask_cards(0b1011)
    [0, 1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask_of(cards: Iterable[AnyCard]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


MONTH_MASKS: tuple[int, ...] = tuple(0b1111 << (4 * m) for m in range(12))
KIND_MASKS: Mapping[Kind, int] = {k: _mask_of(c for c in Card if CARD_INFO[c].kind is k)
                                  for k in Kind}
RIBBON_MASKS: Mapping[Ribbon, int] = {r: _mask_of(c for c in Card if CARD_INFO[c].ribbon is r)
                                      for r in Ribbon}
FULL_MASK = (1 << 48) - 1


class CardSet:
    """An immutable set of cards, kept in deck order.

    >>> hand = CardSet.parse("1a 1b 8a")
    >>> Card.SUSUKI_MOON in hand, len(hand), hand.count(Kind.BRIGHT)
    (True, 3, 2)
    >>> (hand - CardSet.parse("1b")).format()
    '1a 8a'
    """

    __slots__ = ("_mask",)
    _mask: int

    def __init__(self, cards: Iterable[AnyCard | str | int] | str | int = ()) -> None:
        if isinstance(cards, int) and not isinstance(cards, (Card, Extra)):
            mask = cards
        elif isinstance(cards, CardSet):
            mask = cards._mask
        elif isinstance(cards, (Card, Extra)):
            mask = 1 << cards               # one card: the set of that card, never a mask
        else:
            mask = _mask_of(parse_cards(cards, extras=True) if isinstance(cards, str)
                            else (c if isinstance(c, (Card, Extra)) else parse_card(c, extras=True)
                                  for c in cards))
        object.__setattr__(self, "_mask", mask)

    def __setattr__(self, name: str, value: object) -> None:  # pragma: no cover - immutable
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        # (pickle and deepcopy: the set is made again from its mask, not by setting a slot)
        return type(self), (self._mask,)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        new = object.__new__(cls)
        object.__setattr__(new, "_mask", mask)
        return new

    @classmethod
    def parse(cls, text: str) -> CardSet:
        return cls.from_mask(_mask_of(parse_cards(text, extras=True)))

    @classmethod
    def deck(cls) -> CardSet:
        return cls.from_mask(FULL_MASK)

    @property
    def mask(self) -> int:
        return self._mask

    def __iter__(self) -> Iterator[AnyCard]:
        mask = self._mask
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            yield Card(i) if i < 48 else Extra(i)
            mask ^= low

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 64 and bool(self._mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask | CardSet(other)._mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & CardSet(other)._mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & ~CardSet(other)._mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask ^ CardSet(other)._mask)

    def __le__(self, other: CardSet) -> bool:
        return self._mask & ~CardSet(other)._mask == 0

    def add(self, card: AnyCard) -> CardSet:
        return CardSet.from_mask(self._mask | 1 << card)

    def remove(self, card: AnyCard) -> CardSet:
        if not self._mask >> card & 1:
            raise UnknownCardError(f"{card.title} ({card.code}) is not in this set")
        return CardSet.from_mask(self._mask & ~(1 << card))

    def of_month(self, month: int) -> CardSet:
        """The cards of one month (1-12, Japanese order)."""
        return CardSet.from_mask(self._mask & MONTH_MASKS[month - 1])

    def of_kind(self, kind: Kind) -> CardSet:
        return CardSet.from_mask(self._mask & KIND_MASKS[kind])

    def count(self, kind: Kind | Ribbon) -> int:
        table = KIND_MASKS[kind] if isinstance(kind, Kind) else RIBBON_MASKS[kind]
        return (self._mask & table).bit_count()

    def months(self) -> dict[int, int]:
        """How many cards of each month the set holds (months with none left out)."""
        return {m + 1: n for m in range(12) if (n := (self._mask & MONTH_MASKS[m]).bit_count())}

    def value(self, values: Mapping[Kind, int] = DEFAULT_VALUES) -> int:
        """Sum of card values under a kind -> value table (20/10/5/1 by default)."""
        return sum((self._mask & KIND_MASKS[k]).bit_count() * v for k, v in values.items())

    def format(self) -> str:
        return " ".join(c.code for c in self)

    def as_cards(self) -> tuple[Card, ...]:
        """The cards of a set drawn from the 48 cards only, typed :class:`Card` (iterating
        a set gives ``Card | Extra``); a set holding an extra (a Joker, the blank) is a
        :class:`~hanafuda_core.errors.HanafudaError`.

        >>> [c.name for c in CardSet.parse("8a 1a").as_cards()]
        ['PINE_CRANE', 'SUSUKI_MOON']
        """
        if self._mask >> 48:
            extras = CardSet.from_mask(self._mask >> 48 << 48).format()
            raise HanafudaError(f"{self.format()} holds {extras}: only a set of the 48 cards "
                                "(no Joker, no blank) gives its cards as Card values")
        return tuple(Card(i) for i in mask_cards(self._mask))

    def titles(self) -> list[str]:
        return [c.title for c in self]

    def __repr__(self) -> str:
        return f"CardSet({self.format()!r})"

    def __str__(self) -> str:
        return ", ".join(self.titles()) or "(no cards)"

    def _repr_svg_(self) -> str:
        from .render.svg import row_svg
        return row_svg(list(self))


def card_count_by_kind(cards: Iterable[Card]) -> dict[Kind, int]:
    counts = {k: 0 for k in Kind}
    for c in cards:
        counts[CARD_INFO[c].kind] += 1
    return counts
