"""The glossary as data: our word for each idea, the other names the sources use,
the Japanese and Korean names, a short definition and the chapter that explains it.

Definitions may hold ``{placeholders}`` that are filled from the core (card
names, counts, months), so that no fact is typed twice.

>>> term = find_term("light")
>>> term.term, [n.text for n in term.names][:1]
('Bright', ['Light'])
>>> "Crane" in term.text()
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from .cards import CARD_INFO, DECK, DEFAULT_VALUES, MONTH_NAMES, Card, Kind, Ribbon
from .deal import BASIC_DEALS
from .rules import SOURCE_DOCUMENTS

__all__ = ["Name", "Term", "TERMS", "find_term", "glossary_context", "glossary_markdown",
           "source_names_rows", "CROSSWALK_TERMS"]


@dataclass(frozen=True)
class Name:
    """Another name for a term, and the seed documents that use it."""

    text: str
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class Term:
    """One glossary entry (see the module docstring)."""

    term: str                        # the word this book uses
    definition: str                  # our own words; may hold {placeholders}
    sources: tuple[str, ...] = ()    # documents that use our word too
    names: tuple[Name, ...] = ()     # other names, with the documents that use them
    japanese: str = ""
    korean: str = ""
    see: str | None = None           # a chapter in book/ ("deck", "basics", "index")

    def text(self) -> str:
        """The definition with its placeholders filled from the core."""
        return self.definition.format(**glossary_context())


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@cache
def glossary_context() -> Mapping[str, object]:
    """Facts from the core that definitions may quote."""
    ctx: dict[str, object] = {}
    for kind in Kind:
        cards = [c for c in DECK if c.kind is kind]
        ctx[f"n_{kind.value}"] = len(cards)
        ctx[f"{kind.value}_value"] = DEFAULT_VALUES[kind]
        ctx[f"{kind.value}_names"] = _join([CARD_INFO[c].named or CARD_INFO[c].name
                                            for c in cards])
    for colour in Ribbon:
        cards = [c for c in DECK if c.ribbon is colour]
        ctx[f"{colour.value}_months"] = _join([MONTH_NAMES[c.month - 1] for c in cards])
        ctx[f"n_{colour.value}"] = len(cards)
    ctx["n_cards"] = len(DECK)
    ctx["n_months"] = len(MONTH_NAMES)
    ctx["deal_sizes"] = "; ".join(f"{p} players: {h} each and {f} on the field"
                                  for p, (h, f) in sorted(BASIC_DEALS.items()))
    ctx["rain_month"] = MONTH_NAMES[Card.WILLOW_RAINMAN.month - 1]
    return ctx


B, D1, D2, D3, D4 = "BOOK", "D001", "D002", "D003", "D004"

TERMS: tuple[Term, ...] = (
    Term("Bright", "The highest kind of card, worth {bright_value} points in most games. "
         "There are {n_bright}: the {bright_names}.",
         (B, D3, D4), (Name("Light", (D1, D2)),), "光 hikari", "광 gwang", "deck"),
    Term("Ten", "The second kind of card, worth {ten_value} points in most games. Most Tens "
         "show an animal or a bird, which is why some sources call them Animals, but the "
         "Bridge and the Sake cup are Tens too.",
         (B, D4), (Name("Animal", (D1, D2, D3, D4)),), "種 tane", "열끗 yeolkkeut", "deck"),
    Term("Ribbon", "A card showing a paper strip, worth {ribbon_value} points in most games. "
         "Ribbons come in three colours: Poetry, Purple and Plain.",
         (B, D1, D3, D4), (Name("Slip", (D2,)),), "短冊 tanzaku", "띠 tti", "deck"),
    Term("Poetry Ribbon", "A red ribbon with writing on it, found in {poetry_months}. "
         "Collecting all of them is a combination in most capture games.",
         (B,), (Name("Akatan", (D1, D3)), Name("Red slip", (D2,)), Name("Red ribbon", (D4,))),
         "赤短 akatan", "홍단 hongdan", "deck"),
    Term("Purple Ribbon", "A purple ribbon (printed blue in many decks), found in "
         "{purple_months}. Collecting all of them is a combination in most capture games.",
         (B,), (Name("Aotan", (D1, D3)), Name("Blue slip", (D2,)), Name("Blue ribbon", (D4,))),
         "青短 aotan", "청단 cheongdan", "deck"),
    Term("Plain Ribbon", "A red ribbon without writing, found in {plain_months}. The "
         "{rain_month} one is wet, so Dry combinations leave it out.",
         (B,), (), "", "초단 chodan", "deck"),
    Term("Chaff", "The lowest kind of card, worth {chaff_value} point in most games (nothing "
         "in some). There are {n_chaff}, two in most months.",
         (B,), (Name("Junk", (D1, D4)), Name("Dreg", (D2,)), Name("Plain", (D3,))),
         "カス kasu", "피 pi", "deck"),
    Term("Curtain", "The Bright of March: a curtain hung among cherry blossom.",
         (B, D4), (Name("Banner", (D1,)),), "桜に幕 sakura ni maku", "", "deck"),
    Term("Rainman", "The Bright of {rain_month}: a man with an umbrella under the willow. "
         "Being wet, he is left out of Dry combinations.",
         (B, D1), (Name("Rain Man", (D3, D4)), Name("Light of November", (D2,))),
         "柳に小野道風 yanagi ni ono no michikaze", "비광 bigwang", "deck"),
    Term("Storm", "The {rain_month} Chaff showing lightning. Several games make it a wild "
         "card that can capture any card.",
         (B,), (Name("Lightning"),), "柳に雷 yanagi ni kaminari", "", "deck"),
    Term("Special Paulownia", "The December Chaff that looks unlike the other two (many "
         "decks print it in a second colour); a few games give it extra value.",
         (B,), (), "", "", "deck"),
    Term("Phoenix", "The Bright of December, the paulownia with a phoenix. It is the wild card "
         "of Oni Koi-Koi.",
         (B, D4), (), "桐に鳳凰 kiri ni hōō", "봉황 bonghwang", "deck"),
    Term("Sake cup", "The Ten of September. Several games let it count as a Chaff as well as "
         "(or instead of) a Ten; a card with such a double role is a bake-fuda.",
         (B,), (Name("Sake", (B,)), Name("Bake-fuda", (D3,))), "菊に盃 kiku ni sakazuki",
         "국진 gukjin", "deck"),
    Term("Dry", "A combination called Dry may not use any {rain_month} card, because that "
         "month is the wet (rain) month.",
         (B,), (), "", "", "deck"),
    Term("Wet", "The opposite of Dry: the {rain_month} cards are wet, because that month is "
         "the rain month. A Dry combination may not use a wet card.",
         (B,), (), "", "", "deck"),
    Term("Month", "One of the {n_months} suits of the deck. Each month has its own flower "
         "and four cards; cards match when they share a month.",
         (B,), (Name("Suit", (D2,)), Name("Flower", (D2,))), "月 tsuki", "월 wol", "deck"),
    Term("Month order", "The order in which the months are counted. The Japanese order runs "
         "Pine to Paulownia; Korean hwatu swaps the last two; the Tensho order moves four "
         "flowers.", (), (Name("Tensho order", (B,)),), "", "", "deck"),
    Term("Notation", "This book writes a card as its month number and a letter, a for the "
         "highest card of the month to d for the lowest, as in 1a for the Crane.",
         (), (), "", "", "deck"),
    Term("Joker", "An optional extra card, not one of the {n_cards}. A few games use jokers "
         "as wild or bonus cards.", (B,), (Name("Koi", (B,)),), "", "", "deck"),
    Term("Blank card", "An optional plain card added to the deck for seven-player "
         "Hachi-Hachi; whoever is dealt it sits out the round.",
         (D1, D4), (Name("White card", (D2,)),), "", "", "deck"),
    Term("Hanafuda", "Flower cards: the Japanese deck of {n_cards} cards in {n_months} months, "
         "and the games played with it.", (B,), (), "花札 hanafuda", "화투 hwatu", "index"),
    Term("Hwatu", "The Korean name for the flower cards; the same deck, with Korean names and "
         "November and December swapped.", (B,), (), "", "화투 hwatu", "deck"),
    Term("Field", "The cards lying face up in the middle of the table, where played and drawn "
         "cards look for a match.", (B, D2), (Name("Table", (D4,)),), "場 ba", "바닥 badak",
         "basics"),
    Term("Stock", "The face-down pile of cards left after the deal; each turn its top card is "
         "turned over.", (), (Name("Draw pile", (B,)), Name("Draw deck", (D2,)),
                               Name("Talon", (D1,))), "山札 yamafuda", "", "basics"),
    Term("Capture pile", "The cards a player has taken, kept face up in front of them so "
         "everyone can see them.", (), (Name("Capture area", (B,)),), "", "", "basics"),
    Term("Hiki", "Three cards of one month lying on the field together. They are stacked, and "
         "whoever plays the fourth card of the month takes all of them.",
         (B,), (Name("Collect three", (D3,)),), "", "", "basics"),
    Term("Misdeal", "A deal that must be redone because it gives too much away, such as all "
         "four cards of a month on the field.", (B,), (Name("Void deal", (D3,)),), "", "",
         "basics"),
    Term("Dealer", "The player who deals and plays first. In the first round it is whoever "
         "draws the earliest month; after that, the winner of the last round.",
         (B, D3), (Name("Oya", (D2,)), Name("Eldest", (D4,)), Name("First player", (B,))),
         "親 oya", "선 seon", "basics"),
    Term("Round", "One deal played out. A game is a fixed number of rounds agreed at the "
         "start; a round is sometimes called a month and a game of twelve a year.",
         (B,), (), "", "", "basics"),
    Term("Yaku", "A scoring combination of captured cards, such as all the Poetry Ribbons.",
         (B, D3), (Name("Dekiyaku"), Name("Captured combo", (D2,)),
                   Name("Scoring combination", (D4,))), "役 yaku (出来役 dekiyaku)", "",
         "basics"),
    Term("Teyaku", "A scoring combination held in the hand as dealt, declared before play; "
         "used by Hachi-Hachi and its relatives.",
         (B, D1), (Name("Hand combination", (B,)), Name("Hand combo", (D2,)),
                   Name("Meld", (D4,))), "手役 teyaku", "", "index"),
    Term("Koi-Koi", "A capture game, mostly for two players, and the call that gives it its name: "
         "after making a yaku you either stop and score, or call koi-koi and play on for more.",
         (B, D2, D3), (), "こいこい koi-koi", "", "index"),
    Term("Go-Stop", "The best-known Korean capture game; after scoring, a player calls Go to "
         "play on or Stop to end the round.", (B,), (), "", "고스톱 go-seutop", "index"),
    Term("Godori", "A Korean combination of the three Tens that show birds (five birds "
         "in all), and another name for Go-Stop.", (B,), (), "", "고도리 godori", "index"),
    Term("Go", "In Go-Stop, the call that plays on after a new or bigger yaku, for a bonus "
         "point after the first call and a multiplied score after more; a Go caller who "
         "loses may pay for both losers.", (B,), (), "", "고 go", "go-stop"),
    Term("Shaking", "Showing three cards of one month from the hand at the start of a "
         "Go-Stop round, which doubles the score if that player wins it.", (),
         (Name("Revealing three cards", (B,)),), "", "흔들기 heundeulgi", "go-stop"),
    Term("Ppeok", "In Go-Stop, the stack of three cards of one month left on the field when "
         "the card turned from the stock matches only the pair just made; whoever takes "
         "the fourth takes all four.", (), (), "", "뻑 ppeok", "go-stop"),
    Term("Nagari", "A Go-Stop round that ends with no winner; the next round's winner is "
         "doubled.", (), (Name("Draw", (B,)),), "", "나가리 nagari", "go-stop"),
    Term("Gwang-bak", "In Go-Stop, the double payment of a loser who caught no Bright when "
         "the winner scores a Bright yaku.", (), (Name("Bright double penalty", (B,)),), "",
         "광박 gwang-bak", "go-stop"),
    Term("Pi-bak", "In Go-Stop, the double payment of a loser with too few Chaffs when the "
         "winner scores the Chaff yaku.", (), (Name("Chaff double penalty", (B,)),), "",
         "피박 pi-bak", "go-stop"),
    Term("Par", "The card points a player must capture to break even, in games that score "
         "each pile against a fixed share of the deck, such as Hachi-Hachi (a third of the "
         "deck's points) and Mushi: every point above par is won, every point below is paid.",
         (D1, D2), (), "", "", "hachihachi"),
    Term("Field multiplier", "In Hachi-Hachi, the factor that the Brights dealt face up to "
         "the field set for the whole round: every payment of the round is multiplied by it. "
         "With no Bright on the field it is a Small Field; the Crane, the Curtain or the Moon "
         "make a Large Field, and the Rainman or the Phoenix a Grand Field, which multiplies "
         "most.",
         (B,), (Name("Small Field", (B, D2)), Name("Large Field", (B, D2)),
                Name("Grand Field", (B, D2))), "", "", "hachihachi"),
    Term("Kan", "A unit for settling Hachi-Hachi scores, worth twelve points.",
         (D1, D2), (Name("Shilling", (D4,)),), "貫 kan", "", "index"),
)

# Terms whose source names make the "Sources and differences" table of the deck.
CROSSWALK_TERMS: tuple[str, ...] = ("Bright", "Ten", "Ribbon", "Chaff", "Poetry Ribbon",
                                    "Purple Ribbon", "Curtain", "Rainman")


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def find_term(text: str) -> Term:
    """Find an entry by its term or any of its other names, ignoring case."""
    key = _key(text)
    for term in TERMS:
        if key in {_key(term.term), *(_key(n.text) for n in term.names)}:
            return term
    raise KeyError(f"no glossary entry for {text!r}")


def source_names_rows(terms: tuple[str, ...] = CROSSWALK_TERMS) -> list[dict[str, str]]:
    """For each term, the word each source document uses (from the glossary data)."""
    rows = []
    for word in terms:
        term = find_term(word)
        row = {"This book": term.term}
        for doc in SOURCE_DOCUMENTS.values():
            used = ([term.term] if doc.label in term.sources else []) + \
                   [n.text for n in term.names if doc.label in n.sources]
            row[doc.short] = " / ".join(used) or "—"
        rows.append(row)
    return rows


def _docs(labels: Sequence[str]) -> str:
    """Documents as readers meet them: "Rulebook; Japanese publisher (D002)"."""
    return "; ".join(SOURCE_DOCUMENTS[d].short for d in labels)


def glossary_markdown(terms: tuple[Term, ...] = TERMS) -> str:
    """The glossary as a MyST ``{glossary}`` directive, sorted by term.

    Each entry lists its other names as extra terms, so ``{term}`Light``` works.
    """
    lines = ["```{glossary}", ":sorted:", ""]
    for term in terms:
        lines.append(term.term)
        lines.extend(n.text for n in term.names)
        facts = []
        if term.sources:
            facts.append(f"*Used by:* {_docs(term.sources)}")
        named = [f"{n.text} ({_docs(n.sources)})" if n.sources else n.text
                 for n in term.names]
        if named:
            facts.append(f"*Other names:* {'; '.join(named)}")
        if term.japanese:
            facts.append(f"*Japanese:* {term.japanese}")
        if term.korean:
            facts.append(f"*Korean:* {term.korean}")
        if term.see:
            facts.append(f"*See:* {{doc}}`{term.see}`")
        lines.append("  " + term.text())
        if facts:
            lines += ["", "  " + " · ".join(facts)]
        lines.append("")
    lines.append("```")
    return "\n".join(lines)
