"""The ``hanafuda`` command: the deck, the games and a deal, from a terminal.

::

    hanafuda cards [--json] [--order japanese|korean|tensho]
    hanafuda games [GAME] [--json] [--family F]
    hanafuda deal GAME [--players N] [--seed S] [--jokers J] [--json]
    hanafuda parse TEXT... [--json]
    hanafuda score koikoi CARD... [--preset P] [--option KEY=VALUE] [--koikoi N]
                                  [--field CARDS] [--json]
    hanafuda play koikoi [--seed S] [--agents A,B] [--rounds N] [--preset P]
                         [--option KEY=VALUE] [--json]
    hanafuda score hachihachi CARD... [--hand] [--preset P] [--option KEY=VALUE] [--json]
    hanafuda play hachihachi [--seed S] [--players N] [--deals N] [--agents A,B,C...]
                             [--preset P] [--option KEY=VALUE] [--json]

Each subcommand is one function registered with :func:`subcommand`; adding one
is a function and a decorator. Bad input is reported on
stderr as one line, ``hanafuda: error: <reason>``, with exit status 2.

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
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from .cards import (DEFAULT_VALUES, MONTH_NAMES, MONTH_ORDERS, Card, Extra, month_in_order,
                    parse_card, parse_cards)
from .errors import HanafudaError, UnknownCardError
from .rules import FAMILIES, GameInfo

__all__ = ["main", "subcommand", "SUBCOMMANDS", "Subcommand", "card_to_dict", "game_to_dict",
           "build_parser", "read_cards", "option_value", "read_options", "round_log"]

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
               arguments: Callable[[argparse.ArgumentParser], None] = lambda p: None):
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
    parser = _Parser(prog=PROG, description="Hanafuda cards and games: look up the deck, "
                                            "the games and their deals.")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subs.required = True
    for sub in SUBCOMMANDS.values():
        p = subs.add_parser(sub.name, help=sub.help, description=sub.help)
        sub.arguments(p)
        p.set_defaults(run=sub.run)
    return parser


def _fail(message: str) -> None:
    one_line = " ".join(str(message).split())
    print(f"{PROG}: error: {one_line}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.run(args)
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
    rows = [[str(c) for c in row] for row in rows]
    if header:
        rows.insert(0, list(header))
    if not rows:
        return ""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return "\n".join("  ".join([*(c.ljust(w) for c, w in zip(r, widths)), r[-1]]).rstrip()
                     for r in rows)


def _json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def card_to_dict(card: Card | Extra, order: str = "japanese") -> dict:
    """A card as plain data (what ``hanafuda cards --json`` prints).

    >>> d = card_to_dict(Card.SUSUKI_MOON)
    >>> d["id"], d["code"], d["month"], d["kind"], d["value"], d["flower"]["english"]
    (28, '8a', 8, 'bright', 20, 'Susuki Grass')
    """
    if isinstance(card, Extra):
        info = card.info
        return {"id": int(card), "code": card.code, "month": None, "kind": "extra",
                "ribbon": None, "name": info.name, "named": info.name, "flower": None,
                "value": 0, "japanese": None, "romaji": None, "role": info.role}
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


def game_to_dict(game: GameInfo) -> dict:
    """A game as plain data (what ``hanafuda games --json`` prints)."""
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
        "playable": game.playable,
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
    rows = [[g.chapter or "-", g.key, g.name, g.family, _players(g), g.difficulty or "-",
             g.deck] for g in games]
    print(_table(rows, ["ch", "key", "name", "family", "players", "difficulty", "deck"]))
    return 0


def _describe_game(game: GameInfo) -> str:
    lines = [game.name + (f" (chapter {game.chapter})" if game.chapter else ""),
             game.summary, ""]
    facts = [["key", game.key], ["also", ", ".join(game.aliases) or "-"],
             ["family", game.family], ["players", _players(game)],
             ["difficulty", game.difficulty or "-"], ["deck", game.deck],
             ["playable", "yes" if game.playable else "not yet"]]
    lines.append(_table(facts))
    if game.deals:
        lines += ["", "Deal (players: cards to each hand / face up to the field):"]
        for n, d in sorted(game.deals.items()):
            note = f"  ({d.note})" if d.note else ""
            lines.append(f"  {n}: {d.hand} / {d.field}{note}")
    else:
        lines += ["", "Deal: no fixed number of cards per player (see the chapter)."]
    lines += ["", "Sources: " + "; ".join(s.cite() for s in game.sources)]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# hanafuda deal


def _deal_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game key, name or alias (see `hanafuda games`)")
    p.add_argument("--players", type=int, help="number of players (default: the fewest "
                                               "the game deals for)")
    p.add_argument("--seed", type=int, help="random seed; the same seed gives the same deal")
    p.add_argument("--jokers", type=int, help="Jokers in the deck, for games that use them")
    p.add_argument("--json", action="store_true", help="print the deal as JSON")


@subcommand("deal", "shuffle and deal a game", _deal_arguments)
def cmd_deal(args: argparse.Namespace) -> int:
    from .games import get_game
    from .games.catalog import deal_game
    game = get_game(args.game)
    seed = _game_seed(args)
    dealt = deal_game(game, args.players, seed, jokers=args.jokers)
    if args.json:
        _json(dealt.to_dict())
        return 0
    deal = dealt.deal
    print(f"{game.name}: {dealt.players} player{'s' if dealt.players > 1 else ''}, "
          f"seed {seed} (use --seed {seed} to deal it again)")
    if deal.note:
        print(f"Note: {deal.note}.")
    hiki = set(dealt.hiki)

    def show(label: str, cards: Iterable[Card | Extra], flag: bool = False) -> None:
        cards = list(cards)
        codes = " ".join(c.code + ("*" if flag and not isinstance(c, Extra)
                                   and c.month in hiki else "") for c in cards)
        print(f"{label:<10}{codes or '(none)'}")
        if cards:
            print(f"{'':<10}{', '.join(c.title for c in cards)}")

    for i, hand in enumerate(dealt.hands, start=1):
        show(f"Player {i}", hand)
    show("Field", dealt.field, flag=True)
    if hiki:
        months = ", ".join(MONTH_NAMES[m - 1] for m in sorted(hiki))
        print(f"{'':<10}* hiki: three cards of {months} on the field; "
              "whoever plays the fourth takes all four")
    if dealt.aside:
        print(f"{'Aside':<10}{len(dealt.aside)} cards face down, out of play")
    print(f"{'Stock':<10}{len(dealt.stock)} cards")
    if dealt.redeals:
        print(f"{'Redeals':<10}{dealt.redeals} (misdeals before this deal)")
    return 0


# ---------------------------------------------------------------------------
# hanafuda parse


def _parse_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", nargs="+", help="card codes or names, e.g. 1a 8a rainman or "
                                           "'sake cup, moon'")
    p.add_argument("--json", action="store_true", help="print JSON")


def read_cards(words: Sequence[str]) -> list[Card | Extra]:
    """Cards from command-line words: each word is a card, or words joined by commas.

    A word with spaces ("sake cup") is one card name if it is one, else split on
    spaces; with commas anywhere, the whole text is split on commas.

    >>> [c.code for c in read_cards(["sake cup", "1a"])]
    ['9a', '1a']
    >>> [c.code for c in read_cards(["sake", "cup,", "moon"])]
    ['9a', '8a']
    """
    text = " ".join(words)
    if "," in text:
        return parse_cards(text, extras=True)
    found: list[Card | Extra] = []
    for word in words:
        try:
            found.append(parse_card(word, extras=True))
        except UnknownCardError:
            if len(word.split()) < 2:
                raise
            found.extend(parse_cards(word, extras=True))
    return parse_cards(found, extras=True)   # refuses a card written twice


@subcommand("parse", "read card codes or names and show what they are", _parse_arguments)
def cmd_parse(args: argparse.Namespace) -> int:
    cards = read_cards(args.text)
    if args.json:
        _json([card_to_dict(c) for c in cards])
        return 0
    print(_table(_card_line(c) for c in cards))
    return 0


# ---------------------------------------------------------------------------
# Options from the command line (shared by score and play, for every game that has them)

_SCORABLE = ("koikoi", "hachihachi")
_PLAYABLE = ("koikoi", "hachihachi")

#: Games whose rules are presets plus options: display name and rules module.
_OPTION_GAMES = {"koikoi": ("Koi-Koi", ".games.koikoi"),
                 "hachihachi": ("Hachi-Hachi", ".games.hachihachi")}


def _known_game(name: str, what: str, allowed: Sequence[str]) -> str:
    """The registry key of ``name`` if it is one of the ``allowed`` games."""
    from .games import get_game
    game = get_game(name)
    if game.key not in allowed:
        raise HanafudaError(f"{game.name} cannot be {what} yet; games that can be {what}: "
                            f"{', '.join(allowed)}")
    return game.key


def _rules_module(game: str):
    import importlib
    return importlib.import_module(_OPTION_GAMES[game][1], __package__)


def _option_text(value: object) -> str:
    """An allowed value as it is written on the command line: true, 6, none, 12,18,24."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(_option_text(v) for v in value) or "none"
    return str(value)


def option_value(key: str, text: str, game: str = "koikoi") -> object:
    """A game's option value read from text: one of the option's allowed values
    (true/false, numbers, none, the option's words, or a list written with commas),
    or an error naming them.

    >>> option_value("rounds", "6"), option_value("rain_and_fog", "true")
    (6, True)
    >>> option_value("target_score", "none") is None
    True
    >>> option_value("fold_fees", "12,18,24", "hachihachi")
    (12, 18, 24)
    >>> option_value("keep_forbidden", "none", "hachihachi")
    ()
    """
    from .errors import OptionError
    name, _ = _OPTION_GAMES[game]
    options = _rules_module(game).OPTIONS
    if key not in options:
        raise OptionError(f"unknown {name} option {key!r}; options: {', '.join(options)}")
    opt = options[key]
    word = "".join(c for c in text.strip().lower() if c not in "()[] '\"") or "none"
    for value in opt.allowed:
        if value is None:
            if word in ("none", "null"):
                return None
        elif isinstance(value, bool):
            if word in (("true", "yes", "1") if value else ("false", "no", "0")):
                return value
        elif _option_text(value).lower() == word:
            return value
    sep = "; " if any(isinstance(v, tuple) for v in opt.allowed) else ", "
    shown = sep.join(_option_text(v) for v in opt.allowed)
    raise OptionError(f"option {key!r} cannot be {text!r}; allowed values: {shown}")


def read_options(items: Sequence[str] | None, game: str = "koikoi") -> dict[str, object]:
    """``KEY=VALUE`` words into checked option values of ``game``."""
    from .errors import OptionError
    options: dict[str, object] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"write an option as KEY=VALUE (e.g. rounds=6), not {item!r}")
        options[key.strip()] = option_value(key.strip(), value, game)
    return options


def _game_rules(game: str, preset: str, options: dict):
    """The game's rules for a preset and options (an option the rules do not play yet
    is reported like any other bad option)."""
    from .errors import OptionError
    try:
        return _rules_module(game).get_rules(preset, **options)
    except NotImplementedError as error:
        raise OptionError(str(error)) from None


def _option_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", default="book",
                   help="rule set: Koi-Koi book (default), d002, d002-toppa, d003; "
                        "Hachi-Hachi book (default), d001, d002, d004")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a house rule on top of the preset, e.g. rain_and_fog=true or "
                        "fold_fees=10,15,20 (repeat for more)")
    p.add_argument("--json", action="store_true", help="print JSON")


def _only_for(game: str, args: argparse.Namespace, flags: Mapping[str, object]) -> None:
    """Refuse flags that belong to another game (``flags``: attribute -> default)."""
    given = [f"--{a}" for a, default in flags.items() if getattr(args, a) != default]
    if given:
        name = _OPTION_GAMES[game][0]
        raise HanafudaError(f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} "
                            f"not used by {name}")


# ---------------------------------------------------------------------------
# hanafuda score


def _score_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the game whose yaku to score (koikoi, hachihachi)")
    p.add_argument("cards", nargs="+", help="the captured cards (or, with --hand, the dealt "
                                            "hand): codes or names, e.g. 1b 2b 3b or "
                                            "'moon, sake cup'")
    p.add_argument("--koikoi", type=int, default=0, metavar="N",
                   help="Koi-Koi: calls made before the Stop (the preset says what they do)")
    p.add_argument("--field", metavar="CARDS", help="Koi-Koi: cards left on the field (only "
                                                    "the Rain & Fog house rule looks at them)")
    p.add_argument("--hand", action="store_true",
                   help="Hachi-Hachi: the cards are a dealt 7-card hand; score its hand "
                        "combinations (teyaku) instead of a capture pile's yaku")
    _option_arguments(p)


def _heading(game: str, preset: str, options: Mapping[str, object]) -> str:
    """"Koi-Koi, preset book, views=off"."""
    return (f"{_OPTION_GAMES[game][0]}, preset {preset}"
            + (", " + ", ".join(f"{k}={_option_text(v)}" for k, v in options.items())
               if options else ""))


def _plain_cards(cards: Iterable[Card | Extra], game: str) -> list[Card]:
    cards = list(cards)
    for c in cards:
        if isinstance(c, Extra):
            raise HanafudaError(f"{_OPTION_GAMES[game][0]} scores the 48 cards; {c.title} "
                                f"({c.code}) is not one")
    return cards


@subcommand("score", "score cards: which yaku (or, for Hachi-Hachi, hand combinations), "
            "which cards, how much", _score_arguments)
def cmd_score(args: argparse.Namespace) -> int:
    game = _known_game(args.game, "scored", _SCORABLE)
    if game == "hachihachi":
        return _score_hachihachi(args)
    from .scoring import score_cards
    _only_for(game, args, {"hand": False})
    options = read_options(args.option)
    _game_rules(game, args.preset, options)          # checks the preset and the options
    cards = _plain_cards(read_cards(args.cards), game)
    field = _plain_cards(read_cards([args.field]) if args.field else [], game)
    if args.koikoi < 0:
        raise HanafudaError(f"--koikoi counts calls: 0 or more, not {args.koikoi}")
    report = score_cards(cards, args.preset, options, koikoi_calls=args.koikoi, field=field)
    if args.json:
        data = report.to_dict()
        data.update(game="koikoi", preset=args.preset, options=options,
                    cards=[c.code for c in cards], koikoi_calls=args.koikoi)
        _json(data)
        return 0
    print(_heading(game, args.preset, options)
          + (f", after {args.koikoi} Koi-Koi call{'s' * (args.koikoi > 1)}" if args.koikoi
             else ""))
    print(f"Cards: {' '.join(c.code for c in cards)}")
    print(report.to_text())
    return 0


def hachihachi_score(rules, cards: Iterable[Card], hand: bool = False) -> dict:
    """What ``hanafuda score hachihachi`` reports, as plain data: with ``hand``, the hand
    combinations (teyaku) of a dealt 7-card hand and the cards shown for them; else
    the yaku of a capture pile and its card points against the par of 88. Values are
    in the tradition's table unit (``value``: points, kan or shillings) and in its
    smallest unit (``amount``), with the amount written the tradition's way.

    >>> from hanafuda_core.games.hachihachi import get_rules
    >>> hand = parse_cards("9a 9b 9c 1b 2a 3a 8a")
    >>> [(t["name"], t["value"], t["written"]) for t in
    ...  hachihachi_score(get_rules("d001"), hand, hand=True)["teyaku"]]
    [('3 of a Kind', 2, '2 kan')]
    """
    from .cards import CardSet
    from .hachihachi_controllers import format_amount
    cards = CardSet(cards)
    scale = rules.combo_scale

    def money(value: int) -> dict:
        return {"value": value, "amount": value * scale,
                "written": format_amount(rules, value * scale)}

    data: dict = {"mode": "hand" if hand else "captures", "unit": rules.unit.key,
                  "cards": [c.code for c in cards]}
    if hand:
        if len(cards) != 7:
            raise HanafudaError(f"a dealt Hachi-Hachi hand has 7 cards, not {len(cards)}")
        result = rules.teyaku.evaluate(cards)
        data["teyaku"] = [{**h.to_dict(), **money(h.value)} for h in result.hits]
        return {**data, **money(sum(h.value for h in result.hits))}
    hits = rules.yaku.evaluate(cards).hits
    data["yaku"] = [{**h.to_dict(), **money(h.points)} for h in hits]
    points = cards.value(DEFAULT_VALUES) if len(cards) else 0
    return {**data, **money(sum(h.points for h in hits)), "card_points": points, "par": 88,
            "against_par": points - 88}


def _score_hachihachi(args: argparse.Namespace) -> int:
    _only_for("hachihachi", args, {"koikoi": 0, "field": None})
    options = read_options(args.option, "hachihachi")
    rules = _game_rules("hachihachi", args.preset, options)
    cards = _plain_cards(read_cards(args.cards), "hachihachi")
    data = hachihachi_score(rules, cards, args.hand)
    if args.json:
        _json({"game": "hachihachi", "preset": args.preset,
               "options": {k: _option_text(v) for k, v in options.items()}, **data})
        return 0
    print(_heading("hachihachi", args.preset, options)
          + (": a dealt hand" if args.hand else ": a capture pile"))
    print(f"{'Hand' if args.hand else 'Cards'}: {' '.join(data['cards'])}")
    found = data["teyaku" if args.hand else "yaku"]
    what = "hand combination" if args.hand else "yaku"
    for item in found:
        name = f"{item['name']} ({item['japanese']})" if item.get("japanese") else item["name"]
        cards = item["shown"] if args.hand else " ".join(item["cards"])
        verb = "shows" if args.hand else "cards"
        print(f"  {name}: {item['written']}; {verb} {cards}")
    if not found:
        print(f"  no {what}")
    print(f"Total: {data['written']} from each active opponent (the field multiplies it)")
    if not args.hand:
        print(f"Card points: {data['card_points']} ({data['against_par']:+d} against the par "
              "of 88)")
    return 0


# ---------------------------------------------------------------------------
# hanafuda play


def _play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the game to play (koikoi, hachihachi)")
    p.add_argument("--seed", type=int, help="random seed; the same seed plays the same game")
    p.add_argument("--agents",
                   help="the players, comma-separated: Koi-Koi random, greedy, coach "
                        "(default coach,greedy); Hachi-Hachi random, greedy (default greedy "
                        "for every seat)")
    p.add_argument("--rounds", type=int, help="Koi-Koi: rounds to play (default: the "
                                              "preset's)")
    p.add_argument("--players", type=int, help="Hachi-Hachi: 2 to 7 players (default 3, or "
                                               "one per --agents name)")
    p.add_argument("--deals", type=int, help="Hachi-Hachi: 6 or 12 deals (default 12)")
    _option_arguments(p)


def _names(cards: int | Iterable[int]) -> str:
    from .cards import CardSet
    cs = CardSet.from_mask(cards) if isinstance(cards, int) else CardSet(cards)
    return ", ".join(f"{c.title} ({c.code})" for c in cs) or "nothing"


def round_log(rules, record, agents: Sequence[str]) -> list[str]:
    """One round of a game record told in words: the deal, every move, the yaku,
    the calls and the result (rebuilt by replaying the record; each move's lines
    come from :func:`hanafuda_core.narration.log_lines`)."""
    from .engines.capture import parse_action
    from .narration import log_lines, story
    states = record.replay(rules)
    actions = [parse_action(a) for a in record.actions]
    n = rules.players
    who = [f"Player {p + 1} ({agents[p]})" for p in range(n)]
    first = states[0]
    lines = [f"Round {record.round_no}: {who[first.dealer]} deals"]
    for v in first.deal.voided:
        lines.append(f"  misdeal, dealt again: {v.reason}")
    for p in range(n):
        lines.append(f"  {who[p]} holds {_names(first.hands_m[p])}")
    lines.append(f"  Field: {_names(first.field_m)}; stock: {first.stock_size} cards")
    lines += [f"  {event}" for event in first.deal.events]
    for s0, a, s1 in zip(states, actions, states[1:]):
        lines += log_lines(story(s0, a, s1), who)
    res = states[-1].result
    points = ", ".join(f"{who[p]} {res.points[p]}" for p in range(n))
    if res.winner is None:
        lines.append(f"  Result of round {record.round_no}: nobody wins ({res.reason}); "
                     f"points: {points}")
    else:
        lines.append(f"  Result of round {record.round_no}: {who[res.winner]} wins "
                     f"({res.reason}); points: {points}")
    if res.report is not None:
        lines += ["    " + line for line in res.report.to_text().splitlines()]
    totals = [s + q for s, q in zip(record.scores_before, record.points)]
    lines.append("  Scores: " + ", ".join(f"{who[p]} {totals[p]}" for p in range(n)))
    return lines


@subcommand("play", "play a seeded game between computer players and show it move by move",
            _play_arguments)
def cmd_play(args: argparse.Namespace) -> int:
    game = _known_game(args.game, "played", _PLAYABLE)
    if game == "hachihachi":
        return _play_hachihachi(args)
    from .players import AGENTS, play_game
    _only_for(game, args, {"players": None, "deals": None})
    options = read_options(args.option)
    rounds = args.rounds
    if "rounds" in options:
        if rounds is not None:
            raise HanafudaError("give the number of rounds once: --rounds or --option rounds=")
        rounds = options.pop("rounds")
    if rounds is not None:
        option_value("rounds", str(rounds))         # 1 to 12
    agents = _agent_names(args.agents or "coach,greedy", AGENTS)
    _game_rules(game, args.preset, dict(options, **({"rounds": rounds} if rounds else {})))
    seed = _game_seed(args)
    record = play_game(seed, agents, rounds, args.preset, **options)
    rules = record.rules
    names = list(record.agents)
    log: list[str] = []
    for r in record.rounds:
        log += round_log(rules, r, names)
    totals = record.totals
    winner = record.winner
    final = ("Final scores: " + ", ".join(f"Player {p + 1} ({names[p]}) {t}"
                                          for p, t in enumerate(totals))
             + (f"; Player {winner + 1} ({names[winner]}) wins the game" if winner is not None
                else "; the game is shared"))
    log.append(final)
    data = dict(record.to_dict(), final_scores=list(totals), winner=winner)
    return _show_game(args, data, log, f"Koi-Koi, preset {args.preset}, " + _replay_note(seed)
                      + f", {len(record.rounds)} round{'s' * (len(record.rounds) > 1)}")


def _game_seed(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)


def _replay_note(seed: int) -> str:
    return f"seed {seed} (use --seed {seed} to play it again)"


def _show_game(args: argparse.Namespace, data: dict, log: list[str], heading: str) -> int:
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
            raise HanafudaError(f"unknown player {a!r}; players: {', '.join(known)}")
    return agents


def hachihachi_log(record) -> list[str]:
    """A Hachi-Hachi game record told in words, deal by deal: the field and its
    multiplier, the exchange, who plays and who passes, the hand combinations shown,
    every move (the capture moves told by :func:`hanafuda_core.narration.log_lines`),
    the calls, and the settlement's payment lines; then the month chart, half-time
    and end-of-game payments and the final scores. Rebuilt by replaying the record."""
    from .games.hachihachi_play import action_lines
    from .hachihachi_controllers import format_amount
    from .hachihachi_game import HALF_TIME
    rules = record.rules
    who = [f"{n} ({a})" for n, a in zip(record.names, record.agents)]
    lines: list[str] = []
    for log, states in zip(record.deals, record.replay()):
        first, last = states[0], states[-1]
        fm = first.multiplier
        lines.append(f"Deal {log.deal_no}: {who[first.deal.dealer]} deals; {fm.name} "
                     f"(x{fm.value}): {fm.reason}")
        if first.deal.voided:
            lines.append(f"  dealt again {len(first.deal.voided)} time(s): four cards of a "
                         "month in the field")
        if first.joker is not None:
            lines.append(f"  {who[first.joker]} holds the blank card and sits out; their "
                         "other six cards are the field")
        lines.append(f"  Field: {_names(first.field0)}")
        if first.stage == "claim":
            lines += _hands_line(first, who)
        for before, action, after in zip(states, last.history, states[1:]):
            lines += action_lines(before, action, after, who)
            if before.stage != "claim" and after.stage == "claim":
                lines += _hands_line(after, who)
        s = last.settlement
        res = last.result
        lines.append(f"  Result of deal {log.deal_no}: "
                     + (f"{record.names[res.winner]} wins" if res.winner is not None
                        else "nobody wins") + f" ({res.reason})")
        lines += ["    " + line for line in s.ledger.to_text().splitlines()]
    extra = [p for p in record.ledger.payments if p.category in ("chart", "half-time", "award")]
    if extra:
        what = " and ".join(x for x in ("the month chart" if rules.unit.key != "points" else "",
                                        HALF_TIME.get(rules.preset, "")
                                        if rules.unit.key != "points" else "",
                                        "the end of the game") if x)
        lines.append(f"Between and after the deals ({what}):")
        lines += [f"  {p.payer} pays {p.payee} {format_amount(rules, p.amount)}: {p.reason}"
                  for p in extra]
    if record.ended_early:
        lines.append(f"The game ended early: {record.ended_early}")
    finals = record.final_scores()
    note = {"kan": " (rounded to whole kan)",
            "shillings": " (rounded to whole shillings, less 10/-)"}.get(rules.unit.key, "")
    lines.append(f"Final scores{note}: "
                 + ", ".join(f"{w} {format_amount(rules, finals[n])}"
                             for w, n in zip(who, record.names))
                 + f"; {who[record.names.index(record.winner)]} wins the game")
    return lines


def _hands_line(r, who: Sequence[str]) -> list[str]:
    return [f"  {who[s]} holds {_names(r.hands[s])}" for s in r.active]


def _play_hachihachi(args: argparse.Namespace) -> int:
    from .games.hachihachi_play import check_players
    from .hachihachi_game import play_hachihachi_game
    _only_for("hachihachi", args, {"rounds": None})
    options = read_options(args.option, "hachihachi")
    _game_rules("hachihachi", args.preset, options)
    if args.agents is None:
        players = check_players(args.players if args.players is not None else 3)
        agents = ["greedy"] * players
    else:
        agents = _agent_names(args.agents, ("random", "greedy"))
        if args.players is not None and args.players != len(agents):
            raise HanafudaError(f"--players {args.players} but {len(agents)} agents: give one "
                                "agent per player")
        check_players(len(agents))
    deals = args.deals if args.deals is not None else 12
    seed = _game_seed(args)
    record = play_hachihachi_game(seed, agents, deals=deals, preset=args.preset, **options)
    data = dict(record.to_dict(), options={k: _option_text(v) for k, v in options.items()})
    return _show_game(args, data, hachihachi_log(record),
                      f"{_heading('hachihachi', args.preset, options)}, {_replay_note(seed)}, "
                      f"{len(agents)} players, {len(record.deals)} deals")
