"""The ``hanafuda`` command: the deck, the games and a deal, from a terminal.

::

    hanafuda cards [--json] [--order japanese|korean|tensho]
    hanafuda games [GAME] [--json] [--family F]
    hanafuda --version
    hanafuda deal GAME [--players N] [--seed S] [--jokers J] [--preset P]
                  [--option KEY=VALUE] [--json]
    hanafuda parse TEXT... [--json]
    hanafuda score GAME CARD... [--preset P] [--option KEY=VALUE] [--json]
                   [--koikoi N] [--field CARDS]      (Koi-Koi)
                   [--hand]                (Hachi-Hachi, Six Hundred)
                   [--revealed MONTHS]     (Hachi-juu Hana)
    hanafuda play GAME [--seed S] [--agents A,B...] [--players N] [--preset P]
                  [--option KEY=VALUE] [--json]
                  [--rounds N] (Koi-Koi) | [--deals N] (Hachi-Hachi)
    hanafuda replay FILE [--json]

``deal`` deals a playable game as ``play`` deals its first round, under the same
rules and player count (``--players N`` sets a game's player-count option where its
rules have one: :meth:`hanafuda_core.play.Game.seated`); a seed is a whole number
from 0. ``score``, ``play`` and ``replay`` work for every playable game of the registry
(:func:`hanafuda_core.registry.get_game`): the game's entry says which tools it
offers, and its adapter which flags it uses; there is no per-game code here.
Each subcommand is one function registered with :func:`subcommand`; adding one
is a function and a decorator. Bad input is reported on
stderr as one line, ``hanafuda: error: <reason>``, with exit status 2.

A layout game (a patience game whose deal is a table: Seasons, Pyramid, Solitaire,
Eight Off) is dealt as its rules lay it out (:data:`hanafuda_core.games.catalog.LAYOUTS`),
and ``deal`` prints that table part by part: the field's rows or columns as a picture
of card codes, then each row or column with its cards' names, then where the cards
left over lie (the stock, the draw pile, the reserve). A card face down is ``##`` and
``[face down]``, never named; an empty cell is ``--``. With ``--json`` the deal also
has ``layout``, a list of the parts, each ``{"name", "by", "about", "lines"}``: ``by``
is ``"rows"`` (top to bottom), ``"columns"`` (left to right) or ``"pile"`` (one line),
and ``lines`` lists each line's places in the order laid (a row left to right, a column
or pile from its first card to the one on top), a card face up by its code, face down
as ``null`` and an empty cell as ``""``. The deal's ``field`` and ``stock`` still list
those cards, as for every game.

>>> main(["parse", "crane", "11a"])
1a   Crane     Bright  松に鶴
11a  Rainman   Bright  柳に小野道風
0
>>> main(["deal", "koikoi", "--players", "3"])
2
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import (
    DEFAULT_VALUES,
    MONTH_NAMES,
    MONTH_ORDERS,
    Card,
    Extra,
    month_in_order,
    parse_cards,
)
from .errors import SHOWN_CHARACTERS, HanafudaError, shown
from .games import reader_name
from .play import check_seed, json_value, numbers_text
from .rules import FAMILIES, GameInfo

if TYPE_CHECKING:
    from .engines.capture import CaptureRules, State
    from .games.catalog import GameDeal, LayoutPart, Place
    from .play import Game, Round

__all__ = ["main", "subcommand", "SUBCOMMANDS", "Subcommand", "card_to_dict", "game_to_dict",
           "build_parser", "read_cards", "read_months", "option_value", "read_options", "round_log"]



PROG = "hanafuda"

# ---------------------------------------------------------------------------
# The registry of subcommands.


@dataclass(frozen=True)
class Subcommand:
    """A subcommand: its name, one-line help, arguments and the function it runs."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


SUBCOMMANDS: dict[str, Subcommand] = {}


def subcommand(name: str, help: str,
               arguments: Callable[[argparse.ArgumentParser], None] = lambda p: None
               ) -> Callable[[Callable[[argparse.Namespace], int]],
                             Callable[[argparse.Namespace], int]]:
    """Register ``run(args) -> exit status`` as ``hanafuda <name>``.

    >>> @subcommand("hello", "say hello")
    ... def _hello(args):
    ...     print("hello")
    ...     return 0
    >>> main(["hello"])
    hello
    0
    >>> del SUBCOMMANDS["hello"]
    """
    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        SUBCOMMANDS[name] = Subcommand(name, help, arguments, run)
        return run
    return register


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        _fail(f"{message} (see `{self.prog} --help`)")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    """The parser with every registered subcommand."""
    from . import __version__
    parser = _Parser(prog=PROG, description="Hanafuda cards and games: look up the deck, "
                                            "the games and their deals.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subs.required = True
    for sub in SUBCOMMANDS.values():
        p = subs.add_parser(sub.name, help=sub.help, description=sub.help)
        sub.arguments(p)
        p.set_defaults(run=sub.run)
    return parser


def _fail(message: str) -> None:
    """Print ``message`` as one error line; a word of it longer than any word of ours (an
    input repeated whole, such as argparse's "invalid int value") is cut short."""
    one_line = " ".join(w if len(w) <= 100 else f"{w[:SHOWN_CHARACTERS]}..."
                        for w in str(message).split())
    print(f"{PROG}: error: {one_line}", file=sys.stderr)


def _utf_stdout() -> bool:
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return encoding.startswith("utf")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input)."""
    if not _utf_stdout() and hasattr(sys.stdout, "reconfigure"):
        # e.g. PYTHONIOENCODING=ascii: kanji and accents print as "?" (JSON escapes them)
        sys.stdout.reconfigure(errors="replace")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except SystemExit as stop:          # --help, or a usage error already reported
        return stop.code if isinstance(stop.code, int) else 0
    except HanafudaError as error:
        _fail(str(error))
        return 2
    except BrokenPipeError:             # output piped into `head` and the like
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


# ---------------------------------------------------------------------------
# Output helpers.


def _table(rows: Iterable[Sequence[object]], header: Sequence[str] | None = None) -> str:
    """Left-aligned columns (the last column is not padded)."""
    cells = [[str(c) for c in row] for row in rows]
    if header:
        cells.insert(0, list(header))
    if not cells:
        return ""
    widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]) - 1)]
    return "\n".join("  ".join([*(c.ljust(w) for c, w in zip(r, widths)), r[-1]]).rstrip()
                     for r in cells)


def _json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=not _utf_stdout(), indent=2))


def card_to_dict(card: Card | Extra, order: str = "japanese") -> dict[str, Any]:
    """A card as plain data (what ``hanafuda cards --json`` prints).

    >>> d = card_to_dict(Card.SUSUKI_MOON)
    >>> d["id"], d["code"], d["month"], d["kind"], d["value"], d["flower"]["english"]
    (28, '8a', 8, 'bright', 20, 'Susuki Grass')
    """
    if isinstance(card, Extra):
        extra = card.info
        return {"id": int(card), "code": card.code, "month": None, "kind": "extra",
                "ribbon": None, "name": extra.name, "named": extra.name, "flower": None,
                "value": 0, "japanese": None, "romaji": None, "role": extra.role}
    info = card.info
    flower = info.flower
    return {
        "id": int(card),
        "code": card.code,
        "month": month_in_order(card, order),
        "months": {name: month_in_order(card, name) for name in MONTH_ORDERS},
        "kind": card.kind.value,
        "ribbon": card.ribbon.value if card.ribbon else None,
        "name": info.name,
        "named": info.named,
        "flower": {"english": flower.english, "kanji": flower.kanji, "romaji": flower.romaji,
                   "hangul": flower.hangul, "hangul_romanized": flower.hangul_romanized,
                   "month_name": flower.month_name},
        "value": DEFAULT_VALUES[card.kind],
        "japanese": info.japanese,
        "romaji": info.romaji,
    }


def game_to_dict(game: GameInfo) -> dict[str, Any]:
    """A game as plain data (what ``hanafuda games --json`` prints): the catalog's
    facts and the registry's record (playable, tools, presets with their sources)."""
    from .registry import entry
    record = entry(game.key).to_dict()
    return {
        "key": game.key,
        "name": game.name,
        "aliases": list(game.aliases),
        "family": game.family,
        "players": list(game.players),
        "chapter": game.chapter,
        "difficulty": game.difficulty,
        "deck": game.deck,
        "deals": {str(n): {"hand": d.hand, "field": d.field, "aside": d.aside, "note": d.note}
                  for n, d in sorted(game.deals.items())},
        "summary": game.summary,
        "sources": [{"doc": s.doc, "section": s.section, "lines": s.lines} for s in game.sources],
        **record,
    }


def _card_line(card: Card | Extra) -> list[str]:
    if isinstance(card, Extra):
        return [card.code, card.title, "Extra", ""]
    return [card.code, card.title, card.kind.label, card.info.japanese]


def _players(game: GameInfo) -> str:
    low, high = game.players
    return str(low) if low == high else f"{low}-{high}"


# ---------------------------------------------------------------------------
# hanafuda cards


def _cards_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print a JSON list of the cards")
    p.add_argument("--order", choices=list(MONTH_ORDERS), default="japanese",
                   help="month numbering: japanese (default), korean (Willow is December) "
                        "or tensho")


@subcommand("cards", "list the 48 cards with their month, kind and names", _cards_arguments)
def cmd_cards(args: argparse.Namespace) -> int:
    cards = sorted(Card, key=lambda c: (month_in_order(c, args.order), c % 4))
    if args.json:
        _json([card_to_dict(c, args.order) for c in cards])
        return 0
    rows = [[c.code, month_in_order(c, args.order), c.flower.english, c.kind.label,
             c.ribbon.label if c.ribbon else "", c.title, c.info.japanese] for c in cards]
    print(_table(rows, ["code", "month", "flower", "kind", "ribbon", "name", "japanese"]))
    return 0


# ---------------------------------------------------------------------------
# hanafuda games


def _games_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", help="show one game in full (key, name or alias)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--family", choices=list(FAMILIES), help="only games of this family")


@subcommand("games", "list the games (or show one) with players, deck and deals",
            _games_arguments)
def cmd_games(args: argparse.Namespace) -> int:
    from .games import all_games, get_game
    if args.game:
        game = get_game(args.game)
        if args.json:
            _json(game_to_dict(game))
        else:
            print(_describe_game(game))
        return 0
    games = [g for g in all_games() if args.family in (None, g.family)]
    if args.json:
        _json([game_to_dict(g) for g in games])
        return 0
    rows = [[g.chapter or "-", g.key, reader_name(g), g.family, _players(g),
             g.difficulty or "-", g.deck] for g in games]
    print(_table(rows, ["ch", "key", "name", "family", "players", "difficulty", "deck"]))
    return 0


def _describe_game(game: GameInfo) -> str:
    lines = [reader_name(game) + (f" (chapter {game.chapter})" if game.chapter else ""),
             game.summary, ""]
    facts = [["key", game.key], ["also", ", ".join(game.aliases) or "-"],
             ["family", game.family], ["players", _players(game)],
             ["difficulty", game.difficulty or "-"], ["deck", game.deck],
             ["playable", "yes" if game.playable else "not yet"]]
    from .registry import entry
    record = entry(game.key)
    facts.append(["tools", ", ".join(record.tools) or "-"])
    if record.preset_of:
        facts.append(["plays as", f"{record.preset_of[0]} --preset {record.preset_of[1]}"])
    lines.append(_table(facts))
    presets = record.presets() if record.play is not None else {}
    if presets:
        from .rules import reader_clause
        from .teach.facts import preset_label
        lines += ["", "Presets (--preset):"]
        lines += [f"  {name}: {preset_label(game.key, name)}"
                  + (f", after {reader_clause(source)}" if source else "")
                  for name, source in presets.items()]
    if game.deals:
        lines += ["", "Deal (players: cards to each hand / face up to the field):"]
        for n, d in sorted(game.deals.items()):
            note = f"  ({d.note})" if d.note else ""
            lines.append(f"  {n}: {d.hand} / {d.field}{note}")
    else:
        lines += ["", "Deal: no fixed number of cards per player (see the chapter)."]
    lines += ["", "Sources: " + "; ".join(s.reader(lines=False) for s in game.sources)]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# hanafuda deal


def _deal_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game key, name or alias (see `hanafuda games`)")
    p.add_argument("--players", type=int, help="number of players (default: as many as "
                                               "`hanafuda play` seats)")
    p.add_argument("--seed", type=int, help="random seed; the same seed gives the same deal")
    p.add_argument("--jokers", type=int, help="Jokers in the deck, for games that use them")
    p.add_argument("--preset", help="rule set of a playable game (with --option)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a house rule of a playable game that sets who is dealt for, e.g. "
                        "table_players=5 (Go-Stop)")
    p.add_argument("--json", action="store_true", help="print the deal as JSON")


@subcommand("deal", "shuffle and deal a game", _deal_arguments)
def cmd_deal(args: argparse.Namespace) -> int:
    from .registry import entry
    found = entry(args.game)
    seed = _game_seed(args)
    if found.playable and "deal" in found.tools:
        # the round `hanafuda play` would deal under the same rules and player count
        game = _jokers_game(_tool_game(args.game, "deal", "dealt", args), args.jokers)
        n = args.players if args.players is not None else _usual_count(game)
        game = game.seated(n)
        dealt = _round_deal(game.new_round(seed=seed, players=n))
    else:
        if args.option or args.preset:
            _tool_game(args.game, "deal", "dealt", args)    # refused with the reason
        from .games.catalog import deal_game
        game = None
        dealt = _catalog_deal(deal_game(found.info, args.players, seed, jokers=args.jokers))
    info = found.info
    players = len(dealt.hands)
    if args.json:
        rules = {"preset": game.preset, "options": json_value(game.options)} if game else {}
        _json({"game": info.key, "players": players, "seed": seed, **rules, **dealt.to_dict()})
        return 0
    print(f"{reader_name(info)}: {_count(players, 'players')}, seed {seed} (use --seed {seed} "
          "to deal it again)")
    if game is not None and (args.preset or args.option or args.jokers is not None):
        print(f"Rules: {_heading(game)}")
    deal = info.deals.get(players)
    if deal is not None and deal.note:
        print(f"Note: {deal.note}.")
    if dealt.layout:                    # a layout game: its hands (if any), then its table
        for i, hand in enumerate(dealt.hands, start=1):
            if hand:
                _show_cards(f"Player {i}", hand)
        _show_layout(dealt.layout)
        return 0
    hiki = set(dealt.hiki)
    for i, hand in enumerate(dealt.hands, start=1):
        _show_cards(f"Player {i}", hand)
    _show_cards("Field", dealt.field, hiki)
    if dealt.face_down:
        print(f"{'':<10}(dealt face down)")
    if hiki:
        months = ", ".join(MONTH_NAMES[m - 1] for m in sorted(hiki))
        print(f"{'':<10}* hiki: three cards of {months} on the field; "
              "whoever plays the fourth takes all four")
    for zone, cards in dealt.elsewhere.items():         # (cards taken at the deal)
        _show_cards(zone[:1].upper() + zone[1:], cards)
    if dealt.aside:
        print(f"{'Aside':<10}{len(dealt.aside)} cards face down, out of play")
    print(f"{'Stock':<10}{len(dealt.stock)} cards")
    if dealt.redeals:
        print(f"{'Redeals':<10}{dealt.redeals} (misdeals before this deal)")
    return 0


def _show_cards(label: str, cards: Iterable[Card | Extra], hiki: Set[int] = frozenset()
                ) -> None:
    """A labelled line of card codes (a ``*`` after each card of a month in ``hiki``)
    and a line of their names under it."""
    cards = list(cards)
    codes = " ".join(c.code + ("*" if not isinstance(c, Extra) and c.month in hiki else "")
                     for c in cards)
    print(f"{label:<10}{codes or '(none)'}")
    if cards:
        print(f"{'':<10}{', '.join(c.title for c in cards)}")


_FACE_DOWN = "##"       # a card face down, in a layout's lines of codes
_EMPTY = "--"           # an empty cell


def _place_code(place: Place) -> str:
    shown = place.shown
    return _FACE_DOWN if shown is None else shown or _EMPTY


def _place_name(place: Place) -> str:
    if place.card is None:
        return "(empty)"
    return place.card.title if place.face_up else "[face down]"


def _show_places(label: str, places: Sequence[Place]) -> None:
    """One line of a layout: the codes (``##`` face down, ``--`` empty), then the names."""
    print(f"{label:<10}{' '.join(_place_code(p) for p in places)}")
    print(f"{'':<10}{', '.join(_place_name(p) for p in places)}")


def _layout_picture(part: LayoutPart) -> list[str]:
    """A part of several lines as it lies: its rows one under another, each centred on
    the widest (a pyramid), or its columns side by side, numbered, each read downwards
    from its first card to the one on top."""
    codes = [[_place_code(p) for p in line] for line in part.lines]
    width = max(len(c) for line in codes for c in line) + 2
    width += width % 2                  # (an even width: a pyramid's rows step half a card)
    if part.by == "columns":
        width = max(width, len(str(len(codes))) + 2)
        rows = ["".join(str(i).ljust(width) for i in range(1, len(codes) + 1))]
        rows += ["".join((line[d] if d < len(line) else "").ljust(width) for line in codes)
                 for d in range(max(len(line) for line in codes))]
    else:
        widest = max(len(line) for line in codes)
        rows = [" " * ((widest - len(line)) * width // 2) + "".join(c.ljust(width) for c in line)
                for line in codes]
    return [row.rstrip() for row in rows]


def _show_layout(parts: Sequence[LayoutPart]) -> None:
    """A layout game's table (:attr:`GameDeal.layout <hanafuda_core.games.catalog.GameDeal>`),
    part by part: a part of several lines as a picture of codes, then each line that
    has a card face up with its names; a part of one line as its codes and names; a
    pile all face down as its count. No card face down is named."""
    for part in parts:
        label = part.name[:1].upper() + part.name[1:]
        places = [p for line in part.lines for p in line]
        face_down = sum(p.card is not None and not p.face_up for p in places)
        if len(part.lines) == 1 and face_down == len(places):
            print(f"{label:<10}{part.about}")       # a face-down pile: its count says it all
            continue
        if len(part.lines) == 1:
            _show_places(label, part.lines[0])
            print(f"{'':<10}({part.about})")
            continue
        print(f"{label:<10}{part.about}")
        for row in _layout_picture(part):
            print(f"{'':<10}{row}".rstrip())
        if face_down:
            print(f"{'':<10}({_FACE_DOWN} is a card face down)")
        for i, line in enumerate(part.lines, start=1):
            if any(p.card is not None and p.face_up for p in line):
                _show_places(f"{part.line} {i}", line)


def _usual_count(game: Game) -> int:
    """The number of players ``play`` and ``deal`` seat when none is given: one per
    default player of the game, within what the rules seat."""
    low, high = game.players
    return min(max(len(game.adapter.default_agents), low), high)


def _jokers_game(game: Game, jokers: int | None) -> Game:
    """``game`` with ``--jokers`` as its rules' number of Jokers (its ``jokers`` option)."""
    if jokers is None:
        return game
    option = game.option_table.get("jokers")
    if option is None:
        if jokers == 0:
            return game
        raise HanafudaError(f"{game.name} is played with no Jokers, not {jokers}")
    if "jokers" in game.options:
        raise HanafudaError("give the number of Jokers once: --jokers or --option jokers=")
    if jokers not in option.allowed:
        raise HanafudaError(f"{game.name} is played with {numbers_text(option.allowed)} Jokers, "
                            f"not {jokers}")
    from .registry import get_game
    return get_game(game.key, game.preset, **{**game.options, "jokers": jokers})


@dataclass(frozen=True)
class _Dealt:
    """A deal as ``hanafuda deal`` shows it: the hands by seat, the field, the cards set
    aside, the stock, the misdeals before it, the hiki months, the cards that lie
    elsewhere from the deal on (taken at the deal), and for a playable game every card
    by zone (:meth:`Round.zones <hanafuda_core.play.Round.zones>`)."""

    hands: list[list[Card | Extra]]
    field: list[Card | Extra]
    aside: list[Card | Extra]
    stock: list[Card | Extra]
    redeals: int
    hiki: list[int]
    elsewhere: dict[str, list[Card | Extra]]
    face_down: bool = False
    zones: dict[str, list[Card | Extra]] | None = None
    layout: tuple[LayoutPart, ...] = ()     # a layout game's table, as its deal lays it out

    def to_dict(self) -> dict[str, Any]:
        def codes(cards: Iterable[Card | Extra]) -> list[str]:
            return [c.code for c in cards]
        data = {"hands": [codes(h) for h in self.hands], "field": codes(self.field),
                "aside": codes(self.aside), "stock": codes(self.stock),
                "redeals": self.redeals, "hiki": self.hiki, "face_down": self.face_down,
                "elsewhere": {z: codes(cs) for z, cs in self.elsewhere.items()}}
        if self.zones is not None:
            data["zones"] = {z: codes(cs) for z, cs in self.zones.items()}
        if self.layout:
            data["layout"] = [part.to_dict() for part in self.layout]
        return data


def _round_deal(r: Round) -> _Dealt:
    """A playable game's round as dealt (its zones), as ``deal`` shows it."""
    zones = {k: [Card(c) if c < 48 else Extra(c) for c in v] for k, v in r.zones().items()}
    rest = dict(zones)
    hands = [rest.pop(f"hand {p}") for p in range(sum(k.startswith("hand ") for k in zones))]
    face_down = "field face down" in rest
    field = rest.pop("field face down" if face_down else "field", [])
    stock = rest.pop("stock", []) + rest.pop("undealt", [])
    aside = rest.pop("aside", [])
    months = Counter(c.month for c in field if isinstance(c, Card))
    # (a deal's misdeals: every adapter's deal record lists the deals it voided)
    voided = r.record().rounds[0].deal.get("voided") or ()
    return _Dealt(hands, field, aside, stock, len(voided),
                  [] if face_down else sorted(m for m, n in months.items() if n == 3),
                  {k: v for k, v in rest.items() if v}, face_down, zones)


def _catalog_deal(dealt: GameDeal) -> _Dealt:
    """A deal of a game the registry cannot play yet (the catalog's deal)."""
    return _Dealt([list(h) for h in dealt.hands], list(dealt.field), list(dealt.aside),
                  list(dealt.stock), dealt.redeals, list(dealt.hiki), {}, layout=dealt.layout)


# ---------------------------------------------------------------------------
# hanafuda parse


def _parse_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", nargs="+", help="card codes or names, e.g. 1a 8a rainman or "
                                           "'sake cup, moon'")
    p.add_argument("--json", action="store_true", help="print JSON")


def read_cards(words: Sequence[str]) -> list[Card | Extra]:
    """Cards from command-line words, read as one text (:func:`~hanafuda_core.cards.
    parse_cards`): commas separate cards, and between commas the words are read as card
    names, the longest name first, so a name of several words needs neither quotes nor
    commas (sake cup moon); no card at all is an empty list.

    >>> [c.code for c in read_cards(["sake cup", "1a"])]
    ['9a', '1a']
    >>> [c.code for c in read_cards(["sake cup, moon", "rainman"])]
    ['9a', '8a', '11a']
    >>> [c.code for c in read_cards(["sake", "cup", "moon"])]
    ['9a', '8a']
    """
    return parse_cards(" ".join(words), extras=True)       # (refuses a card twice)


@subcommand("parse", "read card codes or names and show what they are", _parse_arguments)
def cmd_parse(args: argparse.Namespace) -> int:
    cards = read_cards(args.text)
    if not cards:
        raise HanafudaError("no card to read: give card codes or names, e.g. 1a 8a rainman "
                            "or 'sake cup, moon'")
    if args.json:
        _json([card_to_dict(c) for c in cards])
        return 0
    print(_table(_card_line(c) for c in cards))
    return 0


# ---------------------------------------------------------------------------
# Options from the command line (shared by score and play, for every game that has them)


def option_value(key: str, text: str, game: str = "koikoi") -> object:
    """A game's option value read from text: one of the option's allowed values
    (true/false, numbers, none, the option's words, or a list written with commas),
    or an error naming them (:func:`hanafuda_core.registry.option_from_text`).

    >>> option_value("rounds", "6"), option_value("rain_and_fog", "true")
    (6, True)
    >>> option_value("target_score", "none") is None
    True
    >>> option_value("fold_fees", "12,18,24", "hachihachi")
    (12, 18, 24)
    >>> option_value("keep_forbidden", "none", "hachihachi")
    ()
    """
    from .registry import option_from_text
    return option_from_text(game, key, text)


def read_options(items: Sequence[str] | None, game: str = "koikoi") -> dict[str, object]:
    """``KEY=VALUE`` words into checked option values of ``game``."""
    from .errors import OptionError
    options: dict[str, object] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"write an option as KEY=VALUE (e.g. rounds=6), not {shown(item)}")
        options[key.strip()] = option_value(key.strip(), value, game)
    return options


def _option_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", help="rule set (default: the rulebook's, book); see "
                                    "`hanafuda games GAME --json` for each game's presets")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a house rule on top of the preset, e.g. rain_and_fog=true or "
                        "fold_fees=10,15,20 (repeat for more)")
    p.add_argument("--json", action="store_true", help="print JSON")


def _tool_game(name: str, tool: str, what: str, args: argparse.Namespace) -> Game:
    """The game ``name`` with the preset and options of the command line, if it offers
    ``tool``; else an error naming the games that do."""
    from .registry import entry, get_game, iter_games
    found = entry(name)
    if tool not in found.tools or not found.playable:
        able = [e.key for e in iter_games(playable=True) if tool in e.tools]
        where = f" (chapter {found.chapter} of the book describes it)" if found.chapter else ""
        raise HanafudaError(f"{reader_name(found.info)} cannot be {what} yet{where}; "
                            f"games that can be {what}: {', '.join(able)}")
    base = found.preset_of[0] if found.preset_of else found.key
    return get_game(name, args.preset, **read_options(args.option, base))


def _only_for(game: Game, args: argparse.Namespace, flags: Mapping[str, object]) -> None:
    """Refuse flags the game does not use (``flags``: attribute -> default)."""
    given = [_FLAG_NAMES.get(a, f"--{a}") for a, default in flags.items()
             if getattr(args, a) != default]
    if given:
        raise HanafudaError(f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} "
                            f"not used by {game.name}")


# ---------------------------------------------------------------------------
# hanafuda score

#: The score flags of every game and their defaults; each game's adapter names the
#: ones it uses (``score_flags``).
_SCORE_FLAGS: Mapping[str, object] = {"calls": 0, "field": None, "hand": False,
                                      "revealed": None}
#: The flag a player types for a score keyword, where the two differ.
_FLAG_NAMES: Mapping[str, str] = {"calls": "--koikoi"}


def _score_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the game whose yaku to score (see `hanafuda games`)")
    p.add_argument("cards", nargs="+", help="the captured cards (or, with --hand, the dealt "
                                            "hand): codes or names, e.g. 1b 2b 3b or "
                                            "'moon, sake cup'")
    p.add_argument("--koikoi", "--calls", dest="calls", type=int, default=0, metavar="N",
                   help="Koi-Koi: Koi-Koi calls made before the Stop (the preset says what "
                        "they do)")
    p.add_argument("--field", metavar="CARDS", help="Koi-Koi: cards left on the field (only "
                                                    "the Rain & Fog house rule looks at them)")
    p.add_argument("--hand", action="store_true",
                   help="games with hand combinations claimed at the deal (Hachi-Hachi, "
                        "Six Hundred): the cards are a dealt hand; score its hand "
                        "combinations (teyaku) instead of a capture pile's yaku")
    p.add_argument("--revealed", metavar="MONTHS",
                   help="games whose players reveal months at the deal (Hachi-juu Hana): "
                        "the months revealed, e.g. 2,4 or february,april; their yaku count "
                        "double")
    _option_arguments(p)


def read_months(text: str) -> tuple[int, ...]:
    """Months from command-line text: numbers 1 to 12 or month names, comma-separated
    ("" is no month). A word that is neither is refused with what is allowed.

    >>> read_months("2, 4"), read_months("February,april"), read_months("")
    ((2, 4), (2, 4), ())
    >>> main(["score", "hachijuu-hana", "2a", "--revealed", "spring"])
    2
    """
    from .errors import DeclarationError
    names = {name.lower(): i for i, name in enumerate(MONTH_NAMES, start=1)}
    months: list[int] = []
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        if word.isdigit():
            months.append(int(word))
        elif word.lower() in names:
            months.append(names[word.lower()])
        else:
            raise DeclarationError(f"{shown(word)} is not a month: write a number from 1 to 12 or "
                                   f"a month's name ({MONTH_NAMES[0]} ... {MONTH_NAMES[-1]})")
    return tuple(months)


@subcommand("score", "score cards: which yaku (or hand combinations), which cards, how much",
            _score_arguments)
def cmd_score(args: argparse.Namespace) -> int:
    game = _tool_game(args.game, "score", "scored", args)
    used = game.adapter.score_flags
    _only_for(game, args, {k: v for k, v in _SCORE_FLAGS.items() if k not in used})
    kw = {k: getattr(args, k) for k in used}
    if "calls" in used:
        _check_calls(game, args.calls)
    if isinstance(kw.get("field"), str):
        kw["field"] = read_cards([kw["field"]])
    if isinstance(kw.get("revealed"), str):
        kw["revealed"] = read_months(kw["revealed"])
    sheet = game.score(read_cards(args.cards), **kw)
    if args.json:
        _json(sheet.to_dict())
        return 0
    print(sheet.to_text())
    return 0


def _check_calls(game: Game, calls: int) -> None:
    """Refuse ``--koikoi N`` below 0, or above the most go-on calls that the game's rules
    module says a round can have (its ``MAX_CALLS``, the score calculator's limit too)."""
    most = getattr(getattr(game.adapter, "module", None), "MAX_CALLS", None)
    if calls >= 0 and (most is None or calls <= most):
        return
    words = getattr(getattr(game, "rules", None), "decision_words", None)
    word = getattr(words, "go_on", "go-on")
    allowed = f"from 0 to {most} (no round has more)" if most is not None else "from 0"
    raise HanafudaError(f"--koikoi gives the {word} calls made before the stop: a whole number "
                        f"{allowed}, not {shown(calls)}")


# ---------------------------------------------------------------------------
# hanafuda play and hanafuda replay


def _play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the game to play (see `hanafuda games`)")
    p.add_argument("--seed", type=int, help="random seed; the same seed plays the same game")
    p.add_argument("--agents",
                   help="the players, comma-separated: random, greedy or (Koi-Koi) coach "
                        "(default: Koi-Koi coach,greedy; Hachi-Hachi greedy for every seat)")
    p.add_argument("--rounds", type=int, help="games counted in rounds (Koi-Koi): rounds "
                                              "to play (default: the preset's)")
    p.add_argument("--players", type=int, help="number of players (default: one per "
                                               "--agents name, else the game's usual "
                                               "number; `hanafuda games` lists the counts)")
    p.add_argument("--deals", type=int, help="games counted in deals (Hachi-Hachi): 6 or 12 "
                                             "deals (default 12)")
    _option_arguments(p)


def _count(n: int, plural: str) -> str:
    from .narration import counted
    return counted(n, plural.removesuffix("s"), plural)


@subcommand("play", "play a seeded game between computer players and show it move by move",
            _play_arguments)
def cmd_play(args: argparse.Namespace) -> int:
    game = _tool_game(args.game, "play", "played", args)
    word = game.round_word
    _only_for(game, args, {w: None for w in ("rounds", "deals") if w != word})
    count = getattr(args, word)
    if count is not None and word in game.options:
        raise HanafudaError(f"give the number of {word} once: --{word} or --option {word}=")
    agents = None if args.agents is None else _agent_names(args.agents, game.agent_names)
    if agents is not None and args.players is not None and args.players != len(agents):
        raise HanafudaError(f"--players {args.players} but {len(agents)} agents: give one "
                            "agent per player")
    n = args.players if args.players is not None else \
        len(agents) if agents is not None else _usual_count(game)
    game = game.seated(n)           # the rules for that many (their players option, if any)
    if agents is None:
        defaults = list(game.adapter.default_agents)
        agents = (defaults + [defaults[-1]] * n)[:n]
    seed = _game_seed(args)
    record = game.play(agents, seed=seed, rounds=count)
    heading = (f"{_heading(game)}, {_replay_note(seed)}, {_count(record.players, 'players')}, "
               f"{_count(len(record.rounds), word)}")
    return _show_game(args, record.to_dict(), game.log(record), heading)


def _heading(game: Game) -> str:
    from .play_adapters import heading
    return heading(game)


def _replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a game record saved with `hanafuda play GAME --json` "
                                "(or - to read it from standard input)")
    p.add_argument("--json", action="store_true", help="print the record and its log as JSON")


@subcommand("replay", "replay a saved game record move by move and check every result",
            _replay_arguments)
def cmd_replay(args: argparse.Namespace) -> int:
    from .play import Record
    from .registry import get_game
    text = _read_text(args.file, "the record")
    record = Record.from_json(text)
    game = get_game(record.game, record.preset, **record.options)
    # (refused unless every round ends as recorded and the game's results are the record's)
    game.replay_rounds(record)
    if not record.rounds:
        raise HanafudaError("the record has no rounds: there is nothing to replay")
    heading = (f"{_heading(game)}, replayed from {args.file}: "
               f"{_count(record.players, 'players')}, "
               f"{_count(len(record.rounds), game.round_word)}; every result as recorded")
    return _show_game(args, record.to_dict(), game.log(record), heading)


def _read_text(path: str, what: str) -> str:
    """The text of the file ``path`` (``-``: standard input), read as UTF-8 (a byte
    order mark is skipped); a file that cannot be read, or is not UTF-8 text, is an
    error naming ``what`` it should hold."""
    where = "from standard input" if path == "-" else shown(path, 200)
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)     # (a test's StringIO has none)
            data: bytes | str = stream.read() if stream is not None else sys.stdin.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
        return data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except OSError as error:
        raise HanafudaError(f"cannot read {what} {where}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise HanafudaError(f"cannot read {what} {where}: not UTF-8 text (byte "
                            f"{error.start} is {error.object[error.start]:#04x}); "
                            f"{what} is the JSON that `hanafuda play GAME --json` "
                            "prints") from None


def _game_seed(args: argparse.Namespace) -> int:
    """The seed given (a negative one is refused: :func:`hanafuda_core.play.check_seed`),
    or a new one."""
    if args.seed is not None:
        return check_seed(args.seed)
    return random.SystemRandom().randrange(1_000_000)


def _replay_note(seed: int) -> str:
    return f"seed {seed} (use --seed {seed} to play it again)"


def _show_game(args: argparse.Namespace, data: dict[str, Any], log: list[str], heading: str) -> int:
    """A played game: its record plus the log as JSON (--json), or the heading and log."""
    if args.json:
        _json(dict(data, log=log))
        return 0
    print(heading)
    print("\n".join(log))
    return 0


def _agent_names(text: str, known: Iterable[str]) -> list[str]:
    known = list(known)
    agents = [a.strip() for a in text.split(",") if a.strip()]
    for a in agents:
        if a not in known:
            raise HanafudaError(f"unknown player {shown(a)}; players: {', '.join(known)}")
    return agents


def round_log(rules: CaptureRules, states: Sequence[State], agents: Sequence[str]
              ) -> list[str]:
    """One round of a capture game told in words from its states
    (:func:`hanafuda_core.play_adapters.round_log`)."""
    from .play_adapters import round_log as tell
    return tell(rules, states, agents)
