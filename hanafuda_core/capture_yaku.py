"""Yaku that several capture games share: their cards, names and our readings, written once.

The rulebook names the same yaku in chapter after chapter (5 Brights, Spring Semi-Brights,
the viewings, Boar-Deer-Butterfly, the ribbon sets ...) with each game's own points and
group, and for several of them gives the cards only in a figure that the text does not keep.
Each is a :class:`SharedYaku` here: the cards (or the kind and count) and, where we had to
infer the cards, the note that says so. A game makes its rule with its own points, group and
source; any other :class:`~hanafuda_core.yaku.YakuRule` field may be overridden:

>>> from hanafuda_core.rules import Source
>>> rule = SPRING_SEMI_BRIGHTS.rule(30, group="brights", source=Source("BOOK", "ch. 5", "829"))
>>> rule.key, rule.points, [c.code for c in rule.cards]
('spring_semi_brights', 30, ['1a', '2a', '3a'])
>>> rule.note.startswith("cards inferred")
True
>>> FLOWER_VIEWING.rule(5, group="views", japanese="花見酒 Hanami-zake").japanese
'花見酒 Hanami-zake'
>>> FOUR_DRY_BRIGHTS.rule(60, group="brights").describe()
'any 4 Brights (no November cards): 60 pt'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .cards import MONTH_MASKS, Card, Kind, mask_cards
from .rules import Source
from .yaku import YakuRule

__all__ = [
    "BOAR_DEER_BUTTERFLY",
    "CRANE_MOON_PHOENIX",
    "FIVE_BRIGHTS",
    "FLOWER_VIEWING",
    "FOUR_DRY_BRIGHTS",
    "GODORI",
    "MOON_VIEWING",
    "POETRY_RIBBONS",
    "PURPLE_RIBBONS",
    "DRY_PLAIN_RIBBONS",
    "SHARED_YAKU",
    "SPRING_SEMI_BRIGHTS",
    "THE_VIEWS",
    "SharedYaku",
    "month_cards",
]

C = Card

#: Said of a yaku whose cards the rulebook shows only in a figure that the text lost.
FIGURE_ONLY = "the rulebook shows its cards only in a figure that the text does not keep"


def month_cards(month: int) -> tuple[Card, ...]:
    """The four cards of a month (1-12), in deck order, for "All 4 ..." yaku."""
    return tuple(Card(c) for c in mask_cards(MONTH_MASKS[month - 1]))


@dataclass(frozen=True)
class SharedYaku:
    """A yaku as every capture game that has it reads it: everything but its points,
    group and source, which are the game's."""

    template: YakuRule

    @property
    def key(self) -> str:
        return self.template.key

    def rule(self, points: int, *, group: str, source: Source | None = None,
             **changes: Any) -> YakuRule:
        """This yaku as one game scores it: ``points``, ``group``, ``source``, and any
        other :class:`~hanafuda_core.yaku.YakuRule` field in ``changes``."""
        return dataclasses.replace(self.template, points=points, group=group, source=source,
                                   **changes)


def _shared(key: str, name: str, japanese: str, **fields: Any) -> SharedYaku:
    return SharedYaku(YakuRule(key, name, japanese, 0, **fields))


FIVE_BRIGHTS = _shared(
    "five_brights", "5 Brights", "五光 Gokō",
    cards=(C.PINE_CRANE, C.CHERRY_CURTAIN, C.SUSUKI_MOON, C.WILLOW_RAINMAN,
           C.PAULOWNIA_PHOENIX))
FOUR_DRY_BRIGHTS = _shared(
    "four_dry_brights", "4 Dry Brights", "四光 Shikō", kinds=(Kind.BRIGHT,), count=4,
    dry=True, note="the four Brights other than the Rainman")
SPRING_SEMI_BRIGHTS = _shared(
    "spring_semi_brights", "Spring Semi-Brights", "",
    cards=(C.PINE_CRANE, C.PLUM_NIGHTINGALE, C.CHERRY_CURTAIN),
    note="cards inferred: the Crane, the Nightingale and the Curtain, the showpieces of the "
         "first three months (" + FIGURE_ONLY + "; Mushi's worked example agrees)")
CRANE_MOON_PHOENIX = _shared(
    "crane_moon_phoenix", "Crane-Moon-Phoenix", "",
    cards=(C.PINE_CRANE, C.SUSUKI_MOON, C.PAULOWNIA_PHOENIX))
FLOWER_VIEWING = _shared(
    "flower_viewing", "Flower Viewing", "花見酒 Hanami-zake",
    cards=(C.CHERRY_CURTAIN, C.CHRYSANTHEMUM_SAKE),
    note="cards inferred: the Curtain and the Sake Cup, drinking under the cherry blossom "
         "(" + FIGURE_ONLY + "; Koi-Koi's Rain & Fog variant names them)")
MOON_VIEWING = _shared(
    "moon_viewing", "Moon Viewing", "月見酒 Tsukimi-zake",
    cards=(C.SUSUKI_MOON, C.CHRYSANTHEMUM_SAKE),
    note="cards inferred: the Moon and the Sake Cup, drinking under the full moon "
         "(" + FIGURE_ONLY + ")")
THE_VIEWS = _shared(
    "the_views", "The Views", "",
    cards=(C.CHERRY_CURTAIN, C.SUSUKI_MOON, C.CHRYSANTHEMUM_SAKE),
    note="cards inferred: the Curtain, the Moon and the Sake Cup, both viewings at once "
         "(" + FIGURE_ONLY + ")")
BOAR_DEER_BUTTERFLY = _shared(
    "boar_deer_butterfly", "Boar-Deer-Butterfly", "猪鹿蝶 Inoshikachō",
    cards=(C.CLOVER_BOAR, C.MAPLE_DEER, C.PEONY_BUTTERFLY))
GODORI = _shared(
    "godori", "Godori (Five Birds)", "고도리 Godori",
    cards=(C.PLUM_NIGHTINGALE, C.WISTERIA_CUCKOO, C.SUSUKI_GEESE),
    note="the three Tens with birds: the Nightingale, the Cuckoo and the Geese")
POETRY_RIBBONS = _shared(
    "poetry_ribbons", "3 Poetry Ribbons", "赤短 Akatan",
    cards=(C.PINE_RIBBON, C.PLUM_RIBBON, C.CHERRY_RIBBON))
PURPLE_RIBBONS = _shared(
    "purple_ribbons", "3 Purple Ribbons", "青短 Aotan",
    cards=(C.PEONY_RIBBON, C.CHRYSANTHEMUM_RIBBON, C.MAPLE_RIBBON))
DRY_PLAIN_RIBBONS = _shared(
    "dry_plain_ribbons", "3 Dry Plain Ribbons", "초단 Chodan",
    cards=(C.WISTERIA_RIBBON, C.IRIS_RIBBON, C.CLOVER_RIBBON),
    note="the Plain Ribbons of April, May and July: the Willow Ribbon (Rain) does not count")

#: Every shared yaku by key.
SHARED_YAKU: dict[str, SharedYaku] = {y.key: y for y in (
    FIVE_BRIGHTS, FOUR_DRY_BRIGHTS, SPRING_SEMI_BRIGHTS, CRANE_MOON_PHOENIX, FLOWER_VIEWING,
    MOON_VIEWING, THE_VIEWS, BOAR_DEER_BUTTERFLY, GODORI, POETRY_RIBBONS, PURPLE_RIBBONS,
    DRY_PLAIN_RIBBONS)}
