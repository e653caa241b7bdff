"""The catalog: one :class:`~hanafuda_core.rules.GameInfo` per game.

Every game of the rulebook (BOOK chapters 4-40) is registered here, and so is
each rule set of the four other seed documents, as its own entry. The facts
(players, deals, deck, difficulty, sources) come from the seed catalog; the
one-line summaries are ours. A game is playable when :data:`PLAY_SPECS` names its
play adapter and rules module (the registry, :mod:`hanafuda_core.registry`, builds
:class:`~hanafuda_core.play.Game` values from them); the seed documents' rule sets
of a playable game are its presets (:data:`PRESET_OF`).

Below the games table are three more tables of data that the deal needs: the
cards of each game's deck (:data:`DECKS`, read through :func:`deck_for`), the
misdeal rules of each capture game (:data:`MISDEALS`, read through
:func:`misdeal_rules`) and the table of each layout game, a patience game that
lays its cards out in rows or columns (:data:`LAYOUTS`, laid out by
:func:`lay_out`). :func:`deal_game` puts them together.

>>> from hanafuda_core.games import get_game
>>> get_game("Koi-Koi").deals[2]
Deal(hand=8, field=8, note='', aside=0)
>>> len(deck_for("mushi")), len(deck_for("oicho-kabu")), len(deck_for("sota"))
(40, 40, 20)
>>> d = deal_game("koikoi", seed=1)
>>> [len(h) for h in d.hands], len(d.field), len(d.stock)
([8, 8], 8, 24)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any, Literal

from ..cards import Card, CardSet, Extra, parse_card, parse_cards
from ..deal import MisdealRules, deal, deal_valid
from ..errors import HanafudaError
from ..rules import Deal, GameInfo, Source
from . import get_game, register

__all__ = ["PlaySpec", "PLAY_SPECS", "PRESET_OF", "DeckSpec", "DECKS", "MISDEALS", "deck_for",
           "FIELD_QUAD_TO_DEALER",
           "misdeal_rules", "LayoutSpec", "LAYOUTS", "Place", "LayoutPart", "lay_out",
           "GameDeal", "deal_game", "default_players", "joker_range"]

AnyCard = Card | Extra

# ---------------------------------------------------------------------------
# Small helpers that keep the table below readable.


def _each(players: Iterable[int], hand: int, field: int, note: str = "",
          aside: int = 0) -> dict[int, Deal]:
    """The same deal for several player counts."""
    return {n: Deal(hand, field, note, aside) for n in players}


def _book(chapter: int, lines: str, qr: str = "") -> tuple[Source, ...]:
    """A rulebook chapter and, where it has one, its quick-reference chart."""
    found: tuple[Source, ...] = (Source("BOOK", f"ch. {chapter}", lines),)
    if qr:
        found += (Source("BOOK", "Quick Reference", qr),)
    return found


# The capture basics (BOOK ch. 3): first dealer, deal, misdeal, hiki, turn.
_BASICS = (Source("BOOK", "ch. 3", "547-656"),)

_KOI_NOTE = "dealt in two rounds of 4 to each player and 4 to the field"
_THREE_PLAY = "7 each and 6 to the field, but only 3 players take part in the round"

# ---------------------------------------------------------------------------
# The games table: BOOK chapters 4-40, then the other seed documents.

GAMES_TABLE: tuple[GameInfo, ...] = (
    # ---- Section I: capture ------------------------------------------------
    GameInfo(
        key="simplified", name="Simplified Game for Beginners", family="capture",
        players=(2, 4), chapter=4, difficulty="Absolute Beginner", deck="48 cards",
        deals={2: Deal(8, 8), 3: Deal(7, 6), 4: Deal(5, 8)},
        aliases=("Simplified Game", "Beginners' Game"),
        summary="Take cards of the same month from the field, add up what you took, "
                "and optionally try a handful of small yaku.",
        sources=_book(4, "657-770") + _BASICS),
    GameInfo(
        key="matching-flowers", name="Matching Flowers", family="capture",
        players=(2, 3), chapter=5, difficulty="Beginner", deck="48 cards",
        deals={2: Deal(8, 8), 3: Deal(7, 6)},
        aliases=("Flower Matching",),
        summary="Card points plus yaku in groups, where some groups pay only their best "
                "member and others pay every member.",
        sources=_book(5, "771-908", "8163-8220") + _BASICS),
    GameInfo(
        key="hana-awase-1", name="Hana-Awase 1", family="capture",
        players=(3, 4), chapter=6, difficulty="Beginner", deck="48 cards",
        deals={3: Deal(7, 6), 4: Deal(5, 8)},
        aliases=("Hana-Awase One", "花合わせ 1"),
        summary="A game for three or four scored on card points and a short yaku list "
                "in four groups.",
        sources=_book(6, "909-1004", "8221-8262") + _BASICS),
    GameInfo(
        key="hana-awase-2", name="Hana-Awase 2", family="capture",
        players=(3, 3), chapter=7, difficulty="Beginner", deck="48 cards",
        deals={3: Deal(7, 6)},
        aliases=("Hana-Awase Two", "花合わせ 2"),
        summary="Three players score against a par of 88, and the first yaku anyone "
                "captures ends the round and is charged to the others.",
        sources=_book(7, "1005-1154", "8263-8310") + _BASICS),
    GameInfo(
        key="mushi", name="Mushi", family="capture",
        players=(2, 2), chapter=8, difficulty="Beginner",
        deck="40 cards: no June or July",
        deals={2: Deal(8, 8)},
        aliases=("虫", "むし"),
        summary="Two players, a deck without June and July, a wild Storm chaff, and a par "
                "of 115 points.",
        sources=_book(8, "1155-1264", "8311-8344") + _BASICS),
    GameInfo(
        key="six-hundred", name="Six Hundred", family="capture",
        players=(2, 3), chapter=9, difficulty="Beginner", deck="48 cards",
        deals={2: Deal(8, 8), 3: Deal(7, 6)},
        aliases=("600",),
        summary="A race to 600 with big card values, a wild Storm chaff and hand "
                "combinations shown at the start of the round.",
        sources=_book(9, "1265-1494", "8345-8430") + _BASICS),
    GameInfo(
        key="hachijuu-hana", name="Hachi-juu Hana", family="capture",
        players=(2, 3), chapter=10, difficulty="Beginner", deck="48 cards",
        deals={2: Deal(8, 8), 3: Deal(7, 6)},
        aliases=("Eighty Flowers", "Hachiju Hana"),
        summary="Chaffs score nothing; the yaku are whole months, and any November card "
                "can stand in for a missing one.",
        sources=_book(10, "1495-1610", "8431-8488") + _BASICS),
    GameInfo(
        key="min-hwatu", name="Min-Hwatu", family="capture",
        players=(2, 3), chapter=11, difficulty="Intermediate", deck="48 cards",
        deals={2: Deal(10, 8), 3: Deal(7, 6)},
        aliases=("민화투",),
        summary="A Korean capture game where each yaku is paid by the opponents and a "
                "draw that meets only a fresh pair leaves all three on the field.",
        sources=_book(11, "1611-1848", "8489-8542") + _BASICS),
    GameInfo(
        key="koikoi", name="Koi-Koi", family="capture",
        players=(2, 2), chapter=12, difficulty="Intermediate", deck="48 cards",
        deals={2: Deal(8, 8)},
        aliases=("こいこい", "Koi Koi"),
        summary="The classic duel: on making a yaku, either stop and score it or call "
                "Koi-Koi and play on for more at the risk of losing it.",
        sources=_book(12, "1849-2122", "8543-8600") + _BASICS),
    GameInfo(
        key="oni-koikoi", name="Oni Koi-Koi", family="capture",
        players=(2, 2), chapter=13, difficulty="Intermediate", deck="48 cards",
        deals={2: Deal(8, 8)},
        aliases=("鬼こいこい",),
        summary="Koi-Koi without viewing yaku, where the Phoenix is wild and what it may "
                "take depends on whether it comes from hand, stock or field.",
        sources=_book(13, "2123-2338", "8601-8652") + _BASICS),
    GameInfo(
        key="higo-bana", name="Higo-Bana", family="capture",
        players=(2, 7), chapter=14, difficulty="Intermediate", deck="48 cards",
        deals={2: Deal(8, 8), 3: Deal(7, 6), 4: Deal(5, 8), 5: Deal(4, 8),
               6: Deal(3, 12), 7: Deal(3, 6)},
        aliases=("Sakura", "Hawaiian Hanafuda"),
        summary="Up to seven players, often in teams; each yaku you take costs every "
                "opponent 50 and the Storm chaff is wild.",
        sources=_book(14, "2339-2528", "8653-8696") + _BASICS),
    GameInfo(
        key="tensho-simplified", name="Tensho (Simplified)", family="capture",
        players=(2, 2), chapter=15, difficulty="Intermediate",
        deck="45 cards: no Paulownia chaffs",
        deals={2: Deal(6, 9, "6 more cards are set aside face down; 18 form the stock",
                       aside=6)},
        aliases=("Simplified Tensho",),
        summary="Two players on 45 cards pick one of two yaku lists; the lone December "
                "card cannot be taken from the field, and rounds won decide the game.",
        sources=_book(15, "2529-2838", "8697-8922") + _BASICS),
    GameInfo(
        key="go-stop", name="Go-Stop", family="capture",
        players=(2, 7), chapter=16, difficulty="Expert", deck="48 + 1-4 Jokers",
        deals={2: Deal(10, 8), 3: Deal(7, 6),
               **_each(range(4, 7), 7, 6, "the 6 field cards are dealt face down; only 3 "
                                          "players take part, the rest drop out"),
               7: Deal(7, 0, "at least one Joker is needed; no field is dealt, the dealer "
                             "lays 6 cards face up later")},
        aliases=("Godori", "고스톱", "Go Stop"),
        summary="The Korean favourite: bombs, Jokers and chaff stealing, and each Go "
                "raises the stakes until someone stops.",
        sources=_book(16, "2839-3360", "8923-8994") + _BASICS),
    GameInfo(
        key="hachihachi", name="Hachi-Hachi", family="capture",
        players=(2, 7), chapter=17, difficulty="Expert",
        deck="48 cards (+1 Joker for 7 players)",
        deals={2: Deal(7, 6), 3: Deal(7, 6),
               **_each(range(4, 7), 7, 6, _THREE_PLAY),
               7: Deal(7, 0, "one Joker is added and no field is dealt; its holder drops "
                             "out and lays the other 6 cards face up as the field")},
        aliases=("Eighty-Eight", "八八", "はちはち", "88"),
        summary="Three active players, hand combinations, a field multiplier set by the "
                "Brights dealt, and card points measured against 88.",
        sources=_book(17, "3361-4216", "8995-9138") + _BASICS),
    GameInfo(
        key="sudaoshi", name="Sudaoshi", family="capture",
        players=(3, 3), chapter=18, difficulty="Expert", deck="48 cards",
        deals={3: Deal(7, 6)},
        summary="Chaffs are worth 10, each seat carries its own point burden, and only "
                "the most burdened seat may score the rain yaku.",
        sources=_book(18, "4217-4518", "9139-9274") + _BASICS),
    GameInfo(
        key="hachi-simplified", name="Hachi (Simplified)", family="capture",
        players=(2, 2), chapter=19, difficulty="Expert", deck="48 cards",
        deals={2: Deal(7, 6)},
        aliases=("Simplified Hachi",),
        summary="A card takes the next three months instead of its own; win two rounds "
                "in a row by 20 or more to win.",
        sources=_book(19, "4519-4684", "9275-9396") + _BASICS),
    GameInfo(
        key="hachi", name="Hachi", family="capture",
        players=(2, 2), chapter=20, difficulty="Expert", deck="48 cards",
        deals={2: Deal(7, 6)},
        summary="Hachi with another capture chart: two months take each other when their "
                "numbers add up to a sum ending in 3 or 8.",
        sources=_book(20, "4685-4844", "9397-9516") + _BASICS),
    GameInfo(
        key="tensho", name="Tensho", family="capture",
        players=(2, 2), chapter=21, difficulty="Expert",
        deck="45 cards: no Paulownia chaffs",
        deals={2: Deal(6, 9, "6 more cards are set aside face down; 18 form the stock",
                       aside=6)},
        aliases=("天正",),
        summary="Simplified Tensho played with the Tensho month order, which moves four "
                "flowers to other months.",
        sources=_book(21, "4845-5186", "9517-9796") + _BASICS),

    # ---- Section II: sequence ----------------------------------------------
    GameInfo(
        key="poka", name="Poka", family="sequence",
        players=(2, 2), chapter=22, difficulty="Beginner", deck="48 cards",
        deals={2: Deal(6, 1, "the field card is the base card")},
        summary="The base shedding game: climb the months one at a time from the base "
                "card, with three wild cards, and empty your hand first.",
        sources=_book(22, "5191-5340", "9797-9826")),
    GameInfo(
        key="hiyoko-simplified", name="Hiyoko (Simplified)", family="sequence",
        players=(2, 4), chapter=23, difficulty="Beginner",
        deck="45 cards: no Peony Ribbon or Peony chaffs",
        deals=_each(range(2, 5), 6, 1, "the field card is the base card"),
        aliases=("Simplified Hiyoko",),
        summary="Poka with ten wild cards, some limited to a range of months and some "
                "wild only as the base card.",
        sources=_book(23, "5341-5458", "9827-9866")),
    GameInfo(
        key="isuri-simplified", name="Isuri (Simplified)", family="sequence",
        players=(2, 3), chapter=24, difficulty="Beginner",
        deck="46 cards: no Peony chaffs",
        deals=_each(range(2, 4), 6, 1, "the field card is the base card"),
        aliases=("Simplified Isuri",),
        summary="Several cards of one month may go down together, and every double pass "
                "adds a token that multiplies the winner's take.",
        sources=_book(24, "5459-5610", "9867-9924")),
    GameInfo(
        key="kage", name="Kage", family="sequence",
        players=(2, 2), chapter=25, difficulty="Beginner", deck="48 + 4-6 Jokers",
        deals={2: Deal(6, 1, "the field card is the first discard")},
        summary="A shedding game of pure luck: Jokers are wild, every playable card must "
                "be played, and you draw until you can play.",
        sources=_book(25, "5611-5702", "9797-9826")),
    GameInfo(
        key="hiyoko", name="Hiyoko", family="sequence",
        players=(2, 4), chapter=26, difficulty="Intermediate",
        deck="45 cards: no Paulownia chaffs",
        deals=_each(range(2, 5), 6, 1, "the field card is the base card"),
        summary="Hiyoko in the Tensho month order, with the Paulownia chaffs taken out "
                "instead of the Peony cards.",
        sources=_book(26, "5703-5876", "9925-10022")),
    GameInfo(
        key="isuri", name="Isuri", family="sequence",
        players=(2, 3), chapter=27, difficulty="Intermediate",
        deck="46 cards: two Paulownia chaffs removed",
        deals=_each(range(2, 4), 6, 1, "the field card is the base card"),
        summary="Isuri in the Tensho month order, with two Paulownia chaffs taken out "
                "instead of the Peony chaffs.",
        sources=_book(27, "5877-6074", "10023-10144")),

    # ---- Section III: luck ---------------------------------------------------
    GameInfo(
        key="sutda-simplified", name="Sutda (Simplified)", family="luck",
        players=(2, 10), chapter=28, difficulty="Beginner",
        deck="20 cards: the first and last card of January to October",
        deals=_each(range(2, 11), 2, 0),
        aliases=("Simplified Sutda",),
        summary="Two cards each: a ranked list of pairs decides the round, and failing "
                "that the last digit of the two months added up.",
        sources=_book(28, "6079-6178", "10145-10188")),
    GameInfo(
        key="hiki-kabu", name="Hiki-Kabu", family="luck",
        players=(2, 10), chapter=29, difficulty="Beginner",
        deck="40 cards: no November or December",
        deals=_each(range(2, 11), 2, 0, "one card face up (ante its month number), one face "
                                        "down; a third follows the drawing rule"),
        summary="Ante what your face-up card shows, then aim for a total whose last digit "
                "is as near 9 as you can, drawing a third card by set rules.",
        sources=_book(29, "6179-6254")),
    GameInfo(
        key="oicho-kabu", name="Oicho-Kabu", family="luck",
        players=(2, 10), chapter=30, difficulty="Beginner",
        deck="40 cards: no November or December",
        aliases=("おいちょかぶ",),
        summary="A banker game: bet on columns of cards laid on the table against the "
                "dealer, the column ending nearest 9 winning.",
        sources=_book(30, "6255-6442")),
    GameInfo(
        key="kyo-kabu", name="Kyo-Kabu", family="luck",
        players=(2, 10), chapter=31, difficulty="Beginner",
        deck="40 cards: no November or December",
        aliases=("Kyu-Kabu",),
        summary="Oicho-Kabu with a single bet per player and no dealer win on a four then "
                "a one.",
        sources=_book(31, "6443-6624")),
    GameInfo(
        key="kingo", name="Kingo", family="luck",
        players=(2, 10), chapter=32, difficulty="Beginner",
        deck="40 cards: no November or December",
        deals=_each(range(2, 11), 1, 0, "one card face down; then face-up cards one at a "
                                        "time until the player stops or passes 15"),
        summary="Hanafuda blackjack: draw one card at a time and get as near 15 as you can "
                "without going over.",
        sources=_book(32, "6625-6786")),
    GameInfo(
        key="sota", name="Sota", family="luck",
        players=(2, 6), chapter=33, difficulty="Intermediate",
        deck="20 cards: Brights, Tens and Ribbons of January to October",
        deals=_each(range(2, 7), 2, 0, "after one card is shown a third card is dealt; "
                                       "each player then discards one"),
        aliases=("Seotda",),
        summary="A ranked-pair game on 20 cards with a draw and a discard, and special "
                "pairs that beat or cancel the best hands.",
        sources=_book(33, "6787-6928", "10189-10274")),
    GameInfo(
        key="sutda", name="Sutda", family="luck",
        players=(2, 10), chapter=34, difficulty="Intermediate",
        deck="20 cards: two of each month January to October, all chaffs but the Curtain "
             "and the Moon",
        deals=_each(range(2, 11), 2, 0),
        summary="Sutda on a deck of chaffs with the Curtain and the Moon, with its own "
                "ranked list of pairs.",
        sources=_book(34, "6929-7024", "10275-10324")),

    # ---- Section IV: fusion --------------------------------------------------
    GameInfo(
        key="seasons", name="Seasons", family="fusion",
        players=(1, 4), chapter=35, difficulty="Beginner", deck="48 + 4 Jokers",
        deals={1: Deal(4, 48, "the field is a face-down grid of 4 rows of 12; "
                              "the other 4 cards are the hand"),
               2: Deal(2, 48, "Out variation: 2 cards each beside the grid of 48"),
               4: Deal(1, 48, "Out variation: 1 card each beside the grid of 48")},
        summary="Patience: put a card in its place in a face-down grid of 48 and pick up "
                "the card it replaces, before all four Jokers reach your hand.",
        sources=_book(35, "7029-7086")),
    GameInfo(
        key="pyramid", name="Pyramid", family="fusion",
        players=(1, 1), chapter=36, difficulty="Beginner", deck="48 + 4 Jokers",
        deals={1: Deal(0, 21, "the field is a pyramid of 6 rows (1 to 6 cards); the 31 left "
                              "are the draw pile, one turned up as the stock")},
        summary="Patience: clear a pyramid of 21 cards by removing exposed pairs of the "
                "same month.",
        sources=_book(36, "7087-7226")),
    GameInfo(
        key="solitaire", name="Solitaire", family="fusion",
        players=(1, 1), chapter=37, difficulty="Intermediate", deck="48 cards",
        deals={1: Deal(0, 21, "the field is a tableau of 6 stacks holding 1 to 6 cards, top "
                              "cards face up; the rest is the draw pile, 3 at a time to the "
                              "stock")},
        aliases=("Hanafuda Klondike",),
        summary="Klondike with the flower deck: build foundations from January to "
                "December and the tableau down by month.",
        sources=_book(37, "7227-7426")),
    GameInfo(
        key="eight-off", name="Eight Off", family="fusion",
        players=(1, 1), chapter=38, difficulty="Intermediate", deck="48 + 4 Jokers",
        deals={1: Deal(0, 48, "the field is 8 face-up columns of 6; the 4 cards left go "
                              "into 4 of the 8 reserve cells")},
        summary="Patience with eight open columns and eight reserve cells, building "
                "foundations from January up to the Joker.",
        sources=_book(38, "7427-7582")),
    GameInfo(
        key="hana-rumi", name="Hana-Rumi", family="fusion",
        players=(2, 4), chapter=39, difficulty="Intermediate", deck="48 + 6 Jokers",
        deals=_each(range(2, 5), 7, 1, "the field card starts the discard pile"),
        aliases=("Hana Rummy",),
        summary="Rummy with the flower deck: meld by kind, by neighbouring cards of a month "
                "or by chaff runs, with Jokers as a thirteenth month and as wilds.",
        sources=_book(39, "7583-7790", "10325-10360")),
    GameInfo(
        key="hana-gin", name="Hana-Gin", family="fusion",
        players=(2, 2), chapter=40, difficulty="Intermediate", deck="48 + 6 Jokers",
        deals={2: Deal(9, 1, "the field card starts the discard pile")},
        aliases=("Hana Gin Rummy",),
        summary="Gin rummy for two with the flower deck: go out with Hana when most of your "
                "cards are melded, or with Gin when nearly all are.",
        sources=_book(40, "7791-8028", "10361-10418")),

    # ---- The other seed documents --------------------------------------------
    GameInfo(
        key="hachihachi-d001", name="Hachi-Hachi (D001)", family="capture",
        players=(2, 7), deck="48 cards (+ a blank card for 7 players)",
        deals={2: Deal(7, 6, "the 14 cards left in the stock are never played"),
               3: Deal(7, 6, "dealt as 4 each, 3 to the table, then 3 each and 3 more"),
               **_each(range(4, 7), 7, 6, _THREE_PLAY),
               7: Deal(7, 0, "49 cards with the blank; its holder folds and lays the other "
                             "6 face up as the table")},
        summary="Three-handed Hachi-Hachi kept in kan and points and paid as play goes, "
                "with rules for two, four to six and seven players.",
        sources=(Source("D001", "Hachi-Hachi", "1-182"),)),
    GameInfo(
        key="hachihachi-d002", name="Hachi-Hachi (D002)", family="capture",
        players=(3, 7), deck="48 cards (+ a blank card for 7 players)",
        deals={3: Deal(7, 6, "dealt as 3 each and 3 to the field, then 4 each and 3 more"),
               **_each(range(4, 7), 7, 6, _THREE_PLAY),
               7: Deal(7, 0, "49 cards with the blank; its holder drops and that hand "
                             "becomes the field")},
        summary="Hachi-Hachi for three to seven with Yoshi and Sa-gé, drop fees by seat and "
                "loans from the bank.",
        sources=(Source("D002", "Hachi-Hachi", "1-74"), Source("D002", "Hachi-Hachi", "133-268"),
                 Source("D002", "basic rules", "269-341"),
                 Source("D002", "combo charts", "555-655"))),
    GameInfo(
        key="hachihachi-d004", name="Hachi-Hachi (D004)", family="capture",
        players=(3, 7), deck="48 cards (+ a blank card for 7 players)",
        deals={**_each(range(3, 7), 7, 6, "dealt in packets of 4 each and 3 to the table, "
                                          "then 3 and 3; best with 6, 3-4 not advised"),
               7: Deal(7, 0, "49 cards with the blank; its holder sits out and lays the "
                             "other 6 out as the table")},
        summary="Hachi-Hachi for five to seven kept in shillings and pence, with an auction "
                "for places and combinations that may be kept for more.",
        sources=(Source("D004", "Hachi-Hachi for 5-7 players", "1-80"),)),
    GameInfo(
        key="koikoi-d002", name="Koi-Koi (D002)", family="capture",
        players=(2, 4), deck="48 cards",
        deals={2: Deal(8, 8, _KOI_NOTE + "; the Toppa option deals 10 each"),
               3: Deal(7, 6),
               4: Deal(5, 8, "two teams of two; dealt as 2 each and 4 to the field, "
                             "then 3 each and 4 more")},
        summary="Koi-Koi for two to four (four play as two teams), where a round worth 7 or "
                "more pays double and there are no viewing yaku.",
        sources=(Source("D002", "Koi-Koi appendix", "75-131"),
                 Source("D002", "basic rules", "269-341"),
                 Source("D002", "Koi-Koi chart", "533-551"))),
    GameInfo(
        key="koikoi-d003", name="Koi-Koi (D003)", family="capture",
        players=(2, 2), deck="48 cards",
        deals={2: Deal(8, 8)},
        summary="A six-round Koi-Koi for two in which the Sake cup counts as a chaff too "
                "and there are no viewing yaku.",
        sources=(Source("D003", "Koi-Koi", "1-79"),)),
)



@dataclass(frozen=True)
class PlaySpec:
    """How a playable game is played: the play adapter (a key of
    :data:`hanafuda_core.play_adapters.ADAPTERS`), its rules module under
    ``hanafuda_core.games`` and the teaching tools it offers."""

    adapter: str
    rules: str
    tools: tuple[str, ...] = ("play", "score", "replay", "whole-game", "deal", "quiz")


#: The playable games. A new game of a family with an adapter is one line here.
PLAY_SPECS: Mapping[str, PlaySpec] = {
    "koikoi": PlaySpec("capture", "koikoi"),
    "hachihachi": PlaySpec("hachihachi", "hachihachi",
                           ("combinations", "play", "score", "replay", "whole-game", "deal",
                            "quiz")),
    "simplified": PlaySpec("capture", "simplified"),
    "mushi": PlaySpec("capture", "mushi"),
    "matching-flowers": PlaySpec("capture", "matching_flowers"),
    "hana-awase-1": PlaySpec("capture", "hana_awase_1"),
    "hana-awase-2": PlaySpec("capture", "hana_awase_2"),
    "min-hwatu": PlaySpec("capture", "min_hwatu"),
    "hachijuu-hana": PlaySpec("capture", "hachijuu_hana"),
    "six-hundred": PlaySpec("capture", "six_hundred", ("play", "combinations", "score",
                                                       "replay", "whole-game", "deal", "quiz")),
    "oni-koikoi": PlaySpec("capture", "oni_koikoi"),
    "higo-bana": PlaySpec("capture", "higo_bana"),
    "go-stop": PlaySpec("go_stop", "go_stop"),
    "hachi-simplified": PlaySpec("capture", "hachi_simplified"),
    "hachi": PlaySpec("capture", "hachi"),
    "tensho-simplified": PlaySpec("capture", "tensho_simplified"),
    "tensho": PlaySpec("capture", "tensho"),
    "sudaoshi": PlaySpec("capture", "sudaoshi", ("play", "combinations", "score", "replay",
                                                 "whole-game", "deal", "quiz")),
}

#: Seed documents' rule sets that are presets of a playable game: (game, preset).
PRESET_OF: Mapping[str, tuple[str, str]] = {
    "koikoi-d002": ("koikoi", "d002"),
    "koikoi-d003": ("koikoi", "d003"),
    "hachihachi-d001": ("hachihachi", "d001"),
    "hachihachi-d002": ("hachihachi", "d002"),
    "hachihachi-d004": ("hachihachi", "d004"),
}

for _game in GAMES_TABLE:
    _playable = _game.key in PLAY_SPECS or _game.key in PRESET_OF
    register(replace(_game, playable=True) if _playable else _game)

# ---------------------------------------------------------------------------
# Decks: which cards each game uses. Games not listed use the standard 48.


@dataclass(frozen=True)
class DeckSpec:
    """The cards of a game's deck, as data.

    ``only`` (if set) lists every standard card the deck keeps; otherwise the deck
    is the 48 minus ``removed_months`` and ``removed``. ``jokers`` is the allowed
    range of Jokers (the low end is the default) and ``extra_for`` adds an extra card
    (the blank ``x0`` or a Joker ``j1``) at a given player count.
    """

    removed_months: tuple[int, ...] = ()
    removed: str = ""                       # card codes, space separated
    only: str = ""                          # card codes, space separated
    jokers: tuple[int, int] = (0, 0)
    extra_for: Mapping[int, str] | None = None   # players -> extra card code

    def standard_cards(self) -> list[Card]:
        if self.only:
            return sorted(parse_cards(self.only))
        gone = CardSet.parse(self.removed) if self.removed else CardSet()
        return [c for c in Card if c not in gone and c.month not in self.removed_months]


def _codes(months: Iterable[int], places: str) -> str:
    return " ".join(f"{m}{p}" for m in months for p in places)


_KABU = DeckSpec(removed_months=(11, 12))

DECKS: Mapping[str, DeckSpec] = {
    "mushi": DeckSpec(removed_months=(6, 7)),
    # The three Paulownia chaffs, the Special Paulownia being a chaff.
    "tensho-simplified": DeckSpec(removed="12b 12c 12d"),
    "tensho": DeckSpec(removed="12b 12c 12d"),
    "hiyoko": DeckSpec(removed="12b 12c 12d"),
    # Two of the Paulownia chaffs: we take out the two plain ones.
    "isuri": DeckSpec(removed="12c 12d"),
    "hiyoko-simplified": DeckSpec(removed="6b 6c 6d"),
    "isuri-simplified": DeckSpec(removed="6c 6d"),
    "go-stop": DeckSpec(jokers=(1, 4)),
    "hachihachi": DeckSpec(extra_for={7: "j1"}),
    "hachihachi-d001": DeckSpec(extra_for={7: "x0"}),
    "hachihachi-d002": DeckSpec(extra_for={7: "x0"}),
    "hachihachi-d004": DeckSpec(extra_for={7: "x0"}),
    "kage": DeckSpec(jokers=(4, 6)),
    "hiki-kabu": _KABU, "oicho-kabu": _KABU, "kyo-kabu": _KABU, "kingo": _KABU,
    # First (Bright or Ten) and last (chaff) card of January to October.
    "sutda-simplified": DeckSpec(only=_codes(range(1, 11), "ad")),
    # Brights, Tens and Ribbons of January to October (August: Moon and Geese).
    "sota": DeckSpec(only=_codes(range(1, 11), "ab")),
    # The two chaffs of January to October, the Curtain and the Moon standing in
    # for a chaff of their month; the rank table names the 4th August card, so
    # the one they replace is the 3rd.
    "sutda": DeckSpec(only="1c 1d 2c 2d 3a 3d 4c 4d 5c 5d 6c 6d 7c 7d 8a 8d 9c 9d 10c 10d"),
    "seasons": DeckSpec(jokers=(4, 4)),
    "pyramid": DeckSpec(jokers=(4, 4)),
    "eight-off": DeckSpec(jokers=(4, 4)),
    "hana-rumi": DeckSpec(jokers=(6, 6)),
    "hana-gin": DeckSpec(jokers=(6, 6)),
}

_STANDARD = DeckSpec()


def deck_for(game: str | GameInfo, players: int | None = None, *,
             jokers: int | None = None) -> list[AnyCard]:
    """The cards of a game's deck in card order, Jokers and the blank last.

    ``jokers`` defaults to the fewest the game uses; ``players`` matters only where
    a player count adds a card (seven-player Hachi-Hachi).

    >>> [c.code for c in deck_for("sota")][:4]
    ['1a', '1b', '2a', '2b']
    >>> len(deck_for("hachihachi", 7)), deck_for("hachihachi", 7)[-1].code
    (49, 'j1')
    >>> len(deck_for("go-stop", jokers=4))
    52
    """
    info = game if isinstance(game, GameInfo) else get_game(game)
    spec = DECKS.get(info.key, _STANDARD)
    low, high = spec.jokers
    if jokers is None:
        jokers = low
    if not isinstance(jokers, int) or isinstance(jokers, bool) or not low <= jokers <= high:
        allowed = "no Jokers" if high == 0 else (
            f"{low} Jokers" if low == high else f"{low} to {high} Jokers")
        raise HanafudaError(f"{info.name} is played with {allowed}, not {jokers}")
    cards: list[AnyCard] = list(spec.standard_cards())
    cards += [Extra(Extra.JOKER_1 + i) for i in range(jokers)]
    if spec.extra_for and players is not None and players in spec.extra_for:
        extra = parse_card(spec.extra_for[players], extras=True)
        if extra not in cards:
            cards.append(extra)
    return sorted(cards)


def joker_range(game: str | GameInfo) -> tuple[int, int]:
    """The fewest and most Jokers the game's deck takes.

    >>> joker_range("go-stop"), joker_range("koikoi")
    ((1, 4), (0, 0))
    """
    info = game if isinstance(game, GameInfo) else get_game(game)
    return DECKS.get(info.key, _STANDARD).jokers


# ---------------------------------------------------------------------------
# Misdeals: which dealt patterns force a redeal in each capture game.
# MisdealRules(field_four, hand_four, four_pairs); games not listed use the
# capture basics (all three).

_NONE = MisdealRules(False, False, False)
_FIELD_ONLY = MisdealRules(True, False, False)
_QUADS = MisdealRules(True, True, False)

MISDEALS: Mapping[str, MisdealRules] = {
    "hana-awase-1": _QUADS,
    "hana-awase-2": _QUADS,
    "hachijuu-hana": _FIELD_ONLY,      # a field quad goes to the dealer (FIELD_QUAD_TO_DEALER)
    "higo-bana": _FIELD_ONLY,          # a field quad goes to the dealer (FIELD_QUAD_TO_DEALER)
    "tensho-simplified": _QUADS,
    "tensho": _QUADS,
    "go-stop": _QUADS,                 # a dealt four wins at once (instant_win)
    "hachihachi": _FIELD_ONLY,
    "sudaoshi": _FIELD_ONLY,
    "hachi-simplified": _FIELD_ONLY,
    "hachi": _FIELD_ONLY,
    "hachihachi-d001": _NONE,          # the dealer takes a field quad
    "hachihachi-d002": _QUADS,
    "hachihachi-d004": _FIELD_ONLY,
    "koikoi-d002": _FIELD_ONLY,        # a dealt quad (or 2p four pairs) wins at once
    "koikoi-d003": _FIELD_ONLY,        # a dealt quad or four pairs wins at once
}


#: Games whose dealt field quad is no misdeal: the engine sees it (``field_four`` above)
#: and the dealer captures it (``on_field_four="dealer_captures"``); a deal shown by
#: :func:`deal_game` is not redealt for it.
FIELD_QUAD_TO_DEALER: frozenset[str] = frozenset({"hachijuu-hana", "higo-bana"})


def misdeal_rules(game: str | GameInfo) -> MisdealRules:
    """The patterns that force a redeal; only capture games have misdeals.

    >>> misdeal_rules("koikoi")
    MisdealRules(field_four=True, hand_four=True, four_pairs=True)
    >>> misdeal_rules("hachihachi").hand_four, misdeal_rules("poka").field_four
    (False, False)
    """
    info = game if isinstance(game, GameInfo) else get_game(game)
    if info.family != "capture":
        return _NONE
    return MISDEALS.get(info.key, MisdealRules())


# ---------------------------------------------------------------------------
# Layouts: how each patience game lays its deal out on the table (BOOK ch. 35-38).


@dataclass(frozen=True)
class LayoutSpec:
    """How a patience game lays its field out, and where the cards left over go.

    The field is ``sizes`` lines of cards, rows (top to bottom) or columns (left to
    right) as ``by`` says, dealt ``"line by line"`` (each line full before the next
    starts) or ``"in turn"`` (a card to each line not yet full, then round again). Its
    cards are face up (``face_up="all"``), face down (``"none"``) or face down but for
    each line's last card, the one on top (``"last"``). Of the cards left over (top
    first), ``turned_up`` are turned face up one at a time onto the stock and the others
    stay face down as the draw pile; or, when ``cells`` is set, they lie face up in the
    reserve's ``filled`` cells (0-based, left to right), the other cells empty.
    """

    part: str                       # the field's name: "pyramid", "tableau", "grid"
    line: str                       # one line's name: "Row", "Stack", "Column"
    by: Literal["rows", "columns"]
    sizes: tuple[int, ...]
    about: str                      # how the field lies, in a few words
    dealt: Literal["line by line", "in turn"] = "line by line"
    face_up: Literal["all", "none", "last"] = "all"
    turned_up: int = 0
    cells: int = 0
    filled: tuple[int, ...] = ()


#: The layout games' tables, by game key (each chapter's setup; the rulebook's lines).
LAYOUTS: Mapping[str, LayoutSpec] = {
    # ch. 35, 7055: the 48 face down in 4 rows of 12 (the hands are dealt apart)
    "seasons": LayoutSpec("grid", "Row", "rows", (12,) * 4,
                          "48 cards face down in 4 rows of 12", face_up="none"),
    # ch. 36, 7127-7135: rows of 1 to 6 cards, each row partly over the one before;
    # the 31 left face down as the draw pile, whose top card is turned up as the stock
    "pyramid": LayoutSpec("pyramid", "Row", "rows", (1, 2, 3, 4, 5, 6),
                          "21 cards face up in 6 rows of 1 to 6, row 1 at the top; "
                          "each row partly covers the row above it", turned_up=1),
    # ch. 37, 7247-7277: a card to each of 6 stacks, then to each but the first, and so
    # on, so stack k holds k cards; each stack's top card turned up; 3 cards turned up
    # from the draw pile as the stock
    "solitaire": LayoutSpec("tableau", "Stack", "columns", (1, 2, 3, 4, 5, 6),
                            "6 stacks of 1 to 6 cards; each stack's top card face up, "
                            "the cards under it face down", dealt="in turn",
                            face_up="last", turned_up=3),
    # ch. 38, 7443-7451: 8 face-up stacks dealt a row of 8 at a time, 6 rows; the 4
    # cards left go to the 4 right-hand cells of the 8-cell reserve above the tableau
    "eight-off": LayoutSpec("tableau", "Column", "columns", (6,) * 8,
                            "8 columns of 6 cards, face up; each column's last card is "
                            "the exposed one", dealt="in turn", cells=8,
                            filled=(4, 5, 6, 7)),
}


@dataclass(frozen=True)
class Place:
    """One place of a layout: a card face up or face down, or an empty cell."""

    card: AnyCard | None = None     # None: an empty cell
    face_up: bool = True

    @property
    def shown(self) -> str | None:
        """What the table shows: the card's code face up, ``None`` face down, and
        ``""`` for an empty cell (the layout's JSON form)."""
        if self.card is None:
            return ""
        return self.card.code if self.face_up else None


@dataclass(frozen=True)
class LayoutPart:
    """One part of a dealt table (the pyramid, the tableau, the reserve, the stock...).

    ``lines`` are rows, top to bottom, or columns, left to right, as ``by`` says, or the
    one line of a pile (``"pile"``); a line lists its places in the order they were
    laid: a row from left to right, a column or a pile from its first card (covered)
    to its last (on top).
    """

    name: str                       # "pyramid", "tableau", "grid", "reserve", "stock", ...
    line: str                       # one line's name ("Row", "Stack", ...); "" for a pile
    by: Literal["rows", "columns", "pile"]
    lines: tuple[tuple[Place, ...], ...]
    about: str                      # how it lies, in a few words

    def cards(self) -> list[AnyCard]:
        """Every card of the part, face up or face down, line by line."""
        return [p.card for line in self.lines for p in line if p.card is not None]

    def to_dict(self) -> dict[str, Any]:
        """The part as the table shows it: a face-down card is ``None``, never named."""
        return {"name": self.name, "by": self.by, "about": self.about,
                "lines": [[p.shown for p in line] for line in self.lines]}


def lay_out(spec: LayoutSpec, field: Sequence[AnyCard],
            rest: Sequence[AnyCard]) -> tuple[LayoutPart, ...]:
    """A layout game's table: ``field`` (its cards as dealt, first first) laid out as
    ``spec`` says, then the cards left over (``rest``, top first).

    >>> cards = deck_for("solitaire")
    >>> tableau, stock, pile = lay_out(LAYOUTS["solitaire"], cards[:21], cards[21:])
    >>> [[p.shown for p in stack] for stack in tableau.lines[:3]]
    [['1a'], [None, '2c'], [None, None, '3d']]
    >>> [p.shown for p in stock.lines[0]], len(pile.lines[0])
    (['6b', '6c', '6d'], 24)
    """
    if len(field) != sum(spec.sizes):
        raise ValueError(f"the {spec.part} holds {sum(spec.sizes)} cards, not {len(field)}")
    lines: list[list[AnyCard]] = [[] for _ in spec.sizes]
    dealing = iter(field)
    if spec.dealt == "line by line":
        for line, size in zip(lines, spec.sizes):
            line.extend(islice(dealing, size))
    else:
        while any(len(line) < size for line, size in zip(lines, spec.sizes)):
            for line, size in zip(lines, spec.sizes):
                if len(line) < size:
                    line.append(next(dealing))

    def face_up(i: int, line: list[AnyCard]) -> bool:
        return spec.face_up == "all" or (spec.face_up == "last" and i == len(line) - 1)

    parts = [LayoutPart(spec.part, spec.line, spec.by,
                        tuple(tuple(Place(c, face_up(i, line)) for i, c in enumerate(line))
                              for line in lines), spec.about)]
    if spec.cells:
        if len(rest) != len(spec.filled):
            raise ValueError(f"the reserve takes {len(spec.filled)} cards, not {len(rest)}")
        cells = [Place() for _ in range(spec.cells)]
        for i, card in zip(spec.filled, rest):
            cells[i] = Place(card)
        where = ", ".join(str(i + 1) for i in spec.filled)
        parts.append(LayoutPart("reserve", "Cell", "rows", (tuple(cells),),
                                f"{spec.cells} cells above the {spec.part}; the "
                                f"{len(rest)} cards left over lie face up in cells {where}"))
        return tuple(parts)
    up, down = rest[:spec.turned_up], rest[spec.turned_up:]
    if up:
        about = ("turned up from the draw pile" if len(up) == 1 else
                 f"{len(up)} cards turned up one at a time from the draw pile, each "
                 f"partly covering the one before; the last is on top")
        parts.append(LayoutPart("stock", "", "pile", (tuple(Place(c) for c in up),), about))
    if down:
        parts.append(LayoutPart("draw pile", "", "pile",
                                (tuple(Place(c, False) for c in reversed(down)),),
                                f"{len(down)} cards face down"))
    return tuple(parts)


# ---------------------------------------------------------------------------
# Dealing a game.


@dataclass(frozen=True)
class GameDeal:
    """One deal of one game: hands, field, cards set aside and the stock.

    For a layout game the deal is also its table as laid out (``layout``: the field in
    its rows or columns, then the stock, draw pile or reserve the cards left over go
    to); ``field`` and ``stock`` still hold those cards, as for every game.
    """

    game: GameInfo
    players: int
    seed: int | None
    hands: tuple[CardSet, ...]
    field: CardSet
    aside: tuple[AnyCard, ...]
    stock: tuple[AnyCard, ...]      # top card first
    redeals: int = 0
    hiki: tuple[int, ...] = ()      # months with three cards on the field (capture games)
    layout: tuple[LayoutPart, ...] = ()     # a layout game's table (:data:`LAYOUTS`)

    @property
    def deal(self) -> Deal:
        return self.game.deals[self.players]

    def cards(self) -> list[AnyCard]:
        """Every card of the deal, wherever it lies, in card order."""
        found: list[AnyCard] = [c for h in self.hands for c in h]
        found += [*self.field, *self.aside, *self.stock]
        return sorted(found)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.key,
            "players": self.players,
            "seed": self.seed,
            "hands": [[c.code for c in h] for h in self.hands],
            "field": [c.code for c in self.field],
            "aside": [c.code for c in self.aside],
            "stock": [c.code for c in self.stock],
            "redeals": self.redeals,
            "hiki": list(self.hiki),
            **({"layout": [part.to_dict() for part in self.layout]} if self.layout else {}),
        }


def default_players(game: str | GameInfo) -> int:
    """The smallest player count for which the game gives a deal.

    >>> default_players("hana-awase-1"), default_players("seasons")
    (3, 1)
    """
    info = game if isinstance(game, GameInfo) else get_game(game)
    if not info.deals:
        raise HanafudaError(
            f"{info.name} has no fixed number of cards per player, so there is no deal to "
            f"show; its chapter describes the layout, and `hanafuda games` lists the games "
            f"that have a deal")
    return min(info.deals)


def deal_game(game: str | GameInfo, players: int | None = None, seed: int | None = None, *,
              jokers: int | None = None) -> GameDeal:
    """Shuffle and deal a game for a player count, as its rules say.

    Capture games are redealt after a misdeal (:func:`misdeal_rules`), and the
    result says how many redeals it took; other families deal once. The same seed
    gives the same deal.

    >>> a = deal_game("hachihachi", 4, seed=3)
    >>> [len(h) for h in a.hands], len(a.field), len(a.stock)
    ([7, 7, 7, 7], 6, 14)
    >>> a == deal_game("hachihachi", 4, seed=3)
    True
    >>> deal_game("koikoi", 3)
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.PlayerCountError: Koi-Koi is played by 2 players, not 3
    """
    info = game if isinstance(game, GameInfo) else get_game(game)
    if players is None:
        players = default_players(info)
    if not info.deals:
        default_players(info)       # raises with the reason
    sizes = info.deal_for(players)
    cards = deck_for(info, players, jokers=jokers)
    table = {players: (sizes.hand, sizes.field)}
    if info.family == "capture":
        md = misdeal_rules(info)
        if info.key in FIELD_QUAD_TO_DEALER:        # the dealer takes it: no redeal
            md = MisdealRules(False, md.hand_four, md.four_pairs)
        dealt = deal_valid(players, seed, sizes=table, deck=cards, rules=md)
        hiki = dealt.hiki
    else:
        dealt = deal(players, seed, sizes=table, deck=cards, rules=_NONE)
        hiki = ()
    aside, stock = dealt.stock[:sizes.aside], dealt.stock[sizes.aside:]
    spec = LAYOUTS.get(info.key)
    layout = lay_out(spec, dealt.field_order, stock) if spec else ()
    return GameDeal(info, players, seed, dealt.hands, dealt.field, tuple(aside), tuple(stock),
                    dealt.redeals, hiki, layout)
