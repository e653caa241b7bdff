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
from typing import Callable, Iterable, Sequence

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
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
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
# Koi-Koi options from the command line (shared by score and play)

_SCORABLE = ("koikoi",)
_PLAYABLE = ("koikoi",)


def _koikoi_game(name: str, what: str, allowed: Sequence[str]) -> str:
    """The registry key of ``name`` if it is one of the ``allowed`` games."""
    from .games import get_game
    game = get_game(name)
    if game.key not in allowed:
        raise HanafudaError(f"{game.name} cannot be {what} yet; games that can be {what}: "
                            f"{', '.join(allowed)}")
    return game.key


def option_value(key: str, text: str) -> object:
    """A Koi-Koi option value read from text: one of the option's allowed values
    (true/false, numbers, none and the option's words), or an error naming them.

    >>> option_value("rounds", "6"), option_value("rain_and_fog", "true")
    (6, True)
    >>> option_value("target_score", "none") is None
    True
    """
    from .errors import OptionError
    from .games.koikoi import OPTIONS
    if key not in OPTIONS:
        raise OptionError(f"unknown Koi-Koi option {key!r}; options: {', '.join(OPTIONS)}")
    opt = OPTIONS[key]
    word = text.strip().lower()
    for value in opt.allowed:
        if value is None:
            if word in ("none", "null"):
                return None
        elif isinstance(value, bool):
            if word in (("true", "yes", "1") if value else ("false", "no", "0")):
                return value
        elif str(value).lower() == word:
            return value
    shown = ", ".join("none" if v is None else str(v).lower() if isinstance(v, bool) else str(v)
                      for v in opt.allowed)
    raise OptionError(f"option {key!r} cannot be {text!r}; allowed values: {shown}")


def read_options(items: Sequence[str] | None) -> dict[str, object]:
    """``KEY=VALUE`` words into checked option values."""
    from .errors import OptionError
    options: dict[str, object] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"write an option as KEY=VALUE (e.g. rounds=6), not {item!r}")
        options[key.strip()] = option_value(key.strip(), value)
    return options


def _koikoi_rules(preset: str, options: dict):
    from .errors import OptionError
    from .games.koikoi import get_rules
    try:
        return get_rules(preset, **options)
    except NotImplementedError as error:
        raise OptionError(str(error)) from None


def _option_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", default="book",
                   help="rule set: book (default), d002, d002-toppa, d003")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a house rule on top of the preset, e.g. rain_and_fog=true "
                        "(repeat for more)")
    p.add_argument("--json", action="store_true", help="print JSON")


# ---------------------------------------------------------------------------
# hanafuda score


def _score_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the game whose yaku to score (koikoi)")
    p.add_argument("cards", nargs="+", help="the captured cards: codes or names, e.g. "
                                            "1b 2b 3b or 'moon, sake cup'")
    p.add_argument("--koikoi", type=int, default=0, metavar="N",
                   help="Koi-Koi calls made before the Stop (the preset says what they do)")
    p.add_argument("--field", metavar="CARDS", help="cards left on the field (only the Rain & "
                                                    "Fog house rule looks at them)")
    _option_arguments(p)


@subcommand("score", "score captured cards: which yaku, which cards, how many points",
            _score_arguments)
def cmd_score(args: argparse.Namespace) -> int:
    from .scoring import score_cards
    _koikoi_game(args.game, "scored", _SCORABLE)
    options = read_options(args.option)
    _koikoi_rules(args.preset, options)             # checks the preset and the options
    cards = read_cards(args.cards)
    field = read_cards([args.field]) if args.field else []
    for c in list(cards) + list(field):
        if isinstance(c, Extra):
            raise HanafudaError(f"Koi-Koi uses the 48 cards; {c.title} ({c.code}) is not one")
    if args.koikoi < 0:
        raise HanafudaError(f"--koikoi counts calls: 0 or more, not {args.koikoi}")
    report = score_cards(cards, args.preset, options, koikoi_calls=args.koikoi, field=field)
    if args.json:
        data = report.to_dict()
        data.update(game="koikoi", preset=args.preset, options=options,
                    cards=[c.code for c in cards], koikoi_calls=args.koikoi)
        _json(data)
        return 0
    print(f"Koi-Koi, preset {args.preset}"
          + (f", {', '.join(f'{k}={v}' for k, v in options.items())}" if options else "")
          + (f", after {args.koikoi} Koi-Koi call{'s' * (args.koikoi > 1)}" if args.koikoi
             else ""))
    print(f"Cards: {' '.join(c.code for c in cards)}")
    print(report.to_text())
    return 0


# ---------------------------------------------------------------------------
# hanafuda play


def _play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the game to play (koikoi)")
    p.add_argument("--seed", type=int, help="random seed; the same seed plays the same game")
    p.add_argument("--agents", default="coach,greedy",
                   help="the players, comma-separated: random, greedy, coach "
                        "(default coach,greedy)")
    p.add_argument("--rounds", type=int, help="rounds to play (default: the preset's)")
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
    from .players import AGENTS, play_game
    _koikoi_game(args.game, "played", _PLAYABLE)
    options = read_options(args.option)
    rounds = args.rounds
    if "rounds" in options:
        if rounds is not None:
            raise HanafudaError("give the number of rounds once: --rounds or --option rounds=")
        rounds = options.pop("rounds")
    if rounds is not None:
        option_value("rounds", str(rounds))         # 1 to 12
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    for a in agents:
        if a not in AGENTS:
            raise HanafudaError(f"unknown player {a!r}; players: {', '.join(AGENTS)}")
    _koikoi_rules(args.preset, dict(options, **({"rounds": rounds} if rounds else {})))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
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
    if args.json:
        data = record.to_dict()
        data.update(log=log, final_scores=list(totals), winner=winner)
        _json(data)
        return 0
    print(f"Koi-Koi, preset {args.preset}, seed {seed} (use --seed {seed} to play it again), "
          f"{len(record.rounds)} round{'s' * (len(record.rounds) > 1)}")
    print("\n".join(log))
    return 0
