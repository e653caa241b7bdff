"""Rules as data: what every game declares about itself.

A game is a :class:`GameInfo` value in the registry (:mod:`hanafuda_core.games`).
Playable games add their engine rules on top; the facts here are the ones every
chapter, chart and command needs: names, family, player counts, the deal for
each player count and the sources the rules come from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Generic, TypeVar

from .errors import OptionError, PlayerCountError

__all__ = ["Source", "Deal", "GameInfo", "Family", "FAMILIES", "SOURCE_DOCUMENTS", "Option",
           "preset_values", "canonical_options", "option_text", "RuleSets"]

Family = str
FAMILIES: Mapping[Family, str] = {
    "capture": "Capture games: match a card of the same month to take it",
    "sequence": "Sequence games: shed your hand by playing months in order",
    "luck": "Luck games: two or three cards, totals and ranks",
    "fusion": "Fusion games: patience and rummy played with the flower deck",
}

@dataclass(frozen=True)
class SourceDocument:
    """A seed rule document as readers meet it.

    ``label`` is the short tag the code and the tests use (``"D002"``); readers see
    ``name`` ("the Japanese publisher's rules") in running text, ``short`` as a column
    or menu heading, and ``reader`` where they may need to match the label too.
    """

    label: str               # "BOOK", "D001", ...
    name: str                # in a sentence: "the Japanese publisher's rules"
    short: str               # a heading or a menu entry: "Japanese publisher (D002)"
    title: str               # what the document is called or what it is
    description: str         # what it covers: games, player counts, units (our words)

    @property
    def reader(self) -> str:
        """The name with the label in parentheses, except for the rulebook itself."""
        return self.name if self.label == "BOOK" else f"{self.name} ({self.label})"

    @property
    def possessive(self) -> str:
        """``reader`` as a possessive: "the Japanese publisher's (D002)", "the rulebook's"."""
        name = self.name.removesuffix("'s rules") + "'s" if self.name.endswith("'s rules") \
            else self.name + ("'" if self.name.endswith("s") else "'s")
        return name if self.label == "BOOK" else f"{name} ({self.label})"


SOURCE_DOCUMENTS: Mapping[str, SourceDocument] = {d.label: d for d in (
    SourceDocument(
        "BOOK", "the rulebook", "Rulebook",
        "Hanafuda Games: Hanami Edition (IndianWolf Studios, 2017)",
        "The book this project follows: an illustrated rulebook for the flower cards. "
        "Three chapters introduce the deck and the shared way of capturing, then 37 games "
        "follow (capture, sequence, luck and fusion games, most with variations and "
        "worked examples), and quick-reference charts close it. Scores are in points."),
    SourceDocument(
        "D001", "the three-player Hachi-Hachi rules", "Three-player rules (D001)",
        "A Hachi-Hachi rule set built around three players",
        "Hachi-Hachi only. Three players is the base game, with extra sections for two, for "
        "four to six (who sit out, and what they pay or are paid) and for seven with a "
        "blank card. Scores are kept in kan of 12 points, with chips, a bank, a month chart "
        "and a half-time debt; worked payments between three named players show the "
        "settlement."),
    SourceDocument(
        "D002", "the Japanese publisher's rules", "Japanese publisher (D002)",
        "Rules in the style of a Japanese card publisher",
        "Three parts: Hachi-Hachi for three to seven players (four to six is best), kept "
        "in kan of 12 points with a bank, a seat-by-seat fee to sit out and the Yoshi / "
        "Sa-gé call; an appendix on Koi-Koi for two, three or four players (four play in "
        "teams of two); and the basics every matching game shares. Charts of the scoring "
        "combinations give their names in three languages."),
    SourceDocument(
        "D003", "the two-player Koi-Koi rules", "Two-player Koi-Koi (D003)",
        "A short Koi-Koi rule set for two players",
        "Koi-Koi only, for two players over a game of six rounds, scored in points. It has "
        "its own yaku table (no viewing yaku; the Sake Cup counts as a Ten and a Chaff at "
        "once) and makes a dealt hand of four of a month or four pairs an instant win."),
    SourceDocument(
        "D004", "the shilling rules", "Shilling rules (D004)",
        "A Hachi-Hachi rule set for five to seven players",
        "Hachi-Hachi for five to seven players (six is best; three or four are possible), "
        "kept in shillings of 12 pence, one shilling for each kan. Before looking at their "
        "cards players may exchange hands with the eldest; then, seat by seat, they choose "
        "to play or to pass for a fee until three remain. Where players differ it often "
        "says what 'some' do."),
)}
"""Every seed document by label: ``SOURCE_DOCUMENTS["D002"].name``."""

__all__ += ["SourceDocument", "name_sources", "source_name"]

_LABEL = re.compile(r"\(?\b(BOOK|D00[1-4])\b(?:'s|&#x27;s|&#39;s)?\)?")


def source_name(label: str) -> str:
    """How readers meet a document: ``"the Japanese publisher's rules (D002)"``."""
    return SOURCE_DOCUMENTS[label].reader


def name_sources(text: str, *, html: bool = False) -> str:
    """``text`` with every bare document label replaced by its reader name.

    ``"BOOK"`` becomes "the rulebook" and ``"D002"`` "the Japanese publisher's rules
    (D002)"; a label already in parentheses, as in that name, is left alone. With
    ``html=True`` the names' apostrophes are written ``&#x27;`` (safe in attributes).

    >>> print(name_sources("redeal (BOOK, D004; D001 variation)"))
    redeal (the rulebook, the shilling rules (D004); the three-player Hachi-Hachi rules (D001)
    variation)
    >>> name_sources("D002's Toppa deal and BOOK's")
    "the Japanese publisher's (D002) Toppa deal and the rulebook's"
    >>> name_sources(name_sources("D003's rule")) == name_sources("D003's rule")
    True

    A label alone in parentheses is a citation only after the document's name; after
    anything else it gets the name:

    >>> name_sources("a third player pays nothing (D002)")
    "a third player pays nothing (the Japanese publisher's rules, D002)"
    >>> name_sources(name_sources("nothing (D002)")) == name_sources("nothing (D002)")
    True
    """
    def named(m: re.Match[str]) -> str:
        whole, label = m.group(0), m.group(1)
        owner = whole.rstrip(")").endswith("s") and not whole.rstrip(")").endswith(label)
        doc = SOURCE_DOCUMENTS[label]
        before = m.string[:m.start()].rstrip().lower()
        names = [n.removesuffix(f" ({label})").lower()
                 for n in (doc.reader, doc.possessive, doc.short)]
        names += [n.replace("'", "&#x27;") for n in names]
        if before.endswith(tuple(f"{n}," for n in names)):
            return whole                       # "(the ... rules, D002)": already named
        if whole.startswith("(") and whole.endswith(")") and not owner:
            if label == "BOOK" or before.endswith(tuple(names)):
                return whole                   # "... rules (D002)": a reader's citation
            out = f"({doc.name}, {label})"
            return out.replace("'", "&#x27;") if html else out
        lead = "(" if whole.startswith("(") else ""
        tail = ")" if whole.endswith(")") and len(whole) > 1 else ""
        core = doc.possessive if owner else doc.reader
        out = f"{lead}{core}{tail}"
        return out.replace("'", "&#x27;") if html else out
    return _LABEL.sub(named, text)


#: The lines part of a citation: :meth:`Source.cite` puts it last ("lines 3668-3690; QR
#: 9060-9090", "lines 169-190; 555-655").
_LINES = re.compile(r",\s*lines?\s+\d.*$")


def reader_clause(clause: str) -> str:
    """A rule's citation (:meth:`Source.cite`'s text) as a player reads it beside a
    payment: the documents by name, without the line numbers (they point into the
    sources' text, which a player does not have).

    >>> reader_clause("D001, Teyaku, lines 22-52")
    'the three-player Hachi-Hachi rules (D001), Teyaku'
    >>> reader_clause("BOOK, ch. 17, Special Achievements, lines 3668-3690; QR 9060-9090")
    'the rulebook, ch. 17, Special Achievements'
    >>> reader_clause(Source("D002", "Toppa").cite())
    "the Japanese publisher's rules (D002), Toppa"
    """
    return name_sources(_LINES.sub("", clause))


@dataclass(frozen=True)
class Source:
    """Where a rule comes from: a seed document and a place in it."""

    doc: str                 # a key of SOURCE_DOCUMENTS
    section: str = ""        # e.g. "ch. 12", "Koi-Koi appendix"
    lines: str = ""          # e.g. "1849-2122"

    def at(self, lines: str) -> Source:
        """The same document and section, narrowed to ``lines`` (one rule's place).

        >>> Source("BOOK", "ch. 5 Matching Flowers", "771-908").at("829").cite()
        'BOOK, ch. 5 Matching Flowers, line 829'
        """
        return Source(self.doc, self.section, lines)

    def cite(self, lines: bool = True) -> str:
        """The label, section and lines: ``"D002, Koi-Koi appendix, lines 75-131"``
        (without the lines when ``lines`` is false)."""
        parts = [self.doc]
        if self.section:
            parts.append(self.section)
        if self.lines and lines:
            one = self.lines.isdigit()          # "line 829", "lines 815-819, 825"
            parts.append(f"line{'' if one else 's'} {self.lines}")
        return ", ".join(parts)

    def reader(self, lines: bool = True) -> str:
        """:meth:`cite` with the document's reader name in place of its label: what a
        reader sees (``lines=False`` where line numbers do not belong: learner pages,
        score sheets)."""
        return name_sources(self.cite(lines))


@dataclass(frozen=True)
class Deal:
    """Cards to each hand and face up to the field for one player count."""

    hand: int
    field: int
    note: str = ""
    aside: int = 0      # cards set aside face down, out of play for the round


@dataclass(frozen=True)
class GameInfo:
    """The facts every game declares (see the module docstring)."""

    key: str
    name: str
    family: Family
    players: tuple[int, int]
    deals: Mapping[int, Deal] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    chapter: int | None = None          # chapter of the rulebook, if any
    difficulty: str = ""
    deck: str = "48 cards"
    summary: str = ""
    sources: tuple[Source, ...] = ()
    playable: bool = False              # an engine can play it end to end

    def check_players(self, players: int) -> None:
        """Raise :class:`PlayerCountError` unless the game takes ``players``."""
        low, high = self.players
        if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
            allowed = (f"{low} to {high} players" if low != high
                       else "one player alone" if low == 1 else f"{low} players")
            raise PlayerCountError(f"{self.name} is played by {allowed}, not {players}")

    def deal_for(self, players: int) -> Deal:
        """The deal sizes for a player count, checking the count first."""
        self.check_players(players)
        try:
            return self.deals[players]
        except KeyError:
            counts = ", ".join(str(n) for n in sorted(self.deals)) or "none"
            raise PlayerCountError(
                f"the rules give no deal for {players} players of {self.name}; "
                f"deals are given for: {counts}") from None


@dataclass(frozen=True)
class Option:
    """A rule that varies between sources or house rules: one named, cited value.

    ``allowed`` lists the values a player may pick (``None`` in it means "off");
    ``implemented=False`` marks an option that is registered (so a chapter can
    name it) but that the engine cannot play yet.
    """

    key: str
    default: object
    allowed: tuple[Any, ...] = ()
    description: str = ""
    source: Source | None = None
    note: str = ""
    implemented: bool = True

    @property
    def settable(self) -> bool:
        """Can a player set this option: the engine plays it, and it has a choice?

        >>> Option("fog", False, (False, True)).settable, Option("deck", 48, (48,)).settable
        (True, False)
        """
        return self.implemented and len(self.allowed) > 1

    def check(self, value: object) -> object:
        """The canonical value for ``value``, else :class:`OptionError` naming the allowed ones.

        ``value`` may be written as a user or a JSON file gives it: the text ``"true"``,
        ``"10"``, ``"10,15,20"`` or ``"none"``, or a list where a tuple is meant. It is
        matched against ``allowed`` with types kept apart (``1`` is not ``True``), and the
        allowed value itself is returned, so equal settings are always the same value.

        >>> fees = Option("fees", (), ((), (10, 15, 20)))
        >>> fees.check("10,15,20"), fees.check([10, 15, 20]), fees.check("none")
        ((10, 15, 20), (10, 15, 20), ())
        >>> Option("fog", False, (False, True)).check(1)
        Traceback (most recent call last):
          ...
        hanafuda_core.errors.OptionError: option 'fog' cannot be 1; allowed values: false, true
        """
        if not self.allowed:
            return _as_tuple(value)
        for allowed in self.allowed:
            if _same(allowed, value):
                return allowed
        if isinstance(value, str):
            word = value.strip().lower()
            bare = "".join(c for c in word if c not in "()[] '\"")
            for allowed in self.allowed:
                if word in _spellings(allowed) or bare in _spellings(allowed):
                    return allowed
        raise OptionError(f"option {self.key!r} cannot be {value!r}; allowed values: "
                          f"{self.allowed_text()}")

    def allowed_text(self) -> str:
        """The allowed values as a user writes them: ``false, true``, or, where a value is
        written with commas, ``none; 10,15,20``.

        >>> Option("worth", "2,3", ("2,3", "1")).allowed_text()
        '2,3; 1'
        """
        texts = [option_text(v) for v in self.allowed]
        return ("; " if any("," in t for t in texts) else ", ").join(texts)


def option_text(value: object) -> str:
    """An option value as it is written on a command line or in a form: ``true``, ``6``,
    ``none``, ``12,18,24``; :meth:`Option.check` reads each of these back.

    >>> option_text(True), option_text(None), option_text((12, 18, 24)), option_text(())
    ('true', 'none', '12,18,24', 'none')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (tuple, list)):
        return ",".join(option_text(v) for v in value) or "none"
    return str(value)


def _spellings(allowed: object) -> tuple[str, ...]:
    """The lower-case words that name an allowed value."""
    if allowed is None:
        return ("none", "null", "")
    if allowed is True:
        return ("true", "yes", "on")
    if allowed is False:
        return ("false", "no", "off")
    if allowed == ():
        return ("none", "")
    text = option_text(allowed).lower()
    return (text, text.replace(" ", ""))


def _same(allowed: object, value: object) -> bool:
    """Equal with types kept apart (a bool is not an int) and lists read as tuples."""
    if isinstance(allowed, tuple):
        return (isinstance(value, (tuple, list)) and len(value) == len(allowed)
                and all(_same(a, v) for a, v in zip(allowed, value)))
    return type(allowed) is type(value) and allowed == value


def _as_tuple(value: object) -> object:
    """Lists (as JSON gives them) read as tuples, all the way down."""
    if isinstance(value, (list, tuple)):
        return tuple(_as_tuple(v) for v in value)
    return value


def canonical_options(game: str, options: Mapping[str, Option],
                      values: Mapping[str, object]) -> dict[str, object]:
    """``values`` (as a user, a form or a JSON record gives them) as canonical option
    values, each checked by :meth:`Option.check`; an unknown key raises
    :class:`OptionError` naming the options.

    >>> canonical_options("Demo", {"fees": Option("fees", (), ((), (1, 2)))}, {"fees": [1, 2]})
    {'fees': (1, 2)}
    """
    out = {}
    for key, value in values.items():
        if key not in options:
            raise OptionError(f"unknown {game} option {key!r}; options: {', '.join(options)}")
        out[key] = options[key].check(value)
    return out


def preset_values(game: str, preset: str, presets: Mapping[str, Mapping[str, object]],
                  options: Mapping[str, Option], overrides: Mapping[str, object], *,
                  player: str = "the engine") -> dict[str, object]:
    """Every option's value under a game's preset with ``overrides``, checked.

    An unknown preset or option, or a value an option does not allow, raises
    :class:`~hanafuda_core.errors.OptionError` naming what is allowed; a value
    other than the default for an option that ``player`` cannot play yet raises
    ``NotImplementedError``.

    >>> opts = {"rounds": Option("rounds", 12, (6, 12)), "fog": Option("fog", False)}
    >>> preset_values("Demo", "short", {"short": {"rounds": 6}}, opts, {"fog": True})
    {'rounds': 6, 'fog': True}
    >>> preset_values("Demo", "long", {"short": {}}, opts, {})
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.OptionError: unknown Demo preset 'long'; presets: short
    """
    if preset not in presets:
        raise OptionError(f"unknown {game} preset {preset!r}; presets: {', '.join(presets)}")
    values = {k: o.default for k, o in options.items()}
    values.update(presets[preset])
    values.update(canonical_options(game, options, overrides))
    for key, value in values.items():
        opt = options[key]
        if not opt.implemented and value != opt.default:
            raise NotImplementedError(f"the option {key!r} ({opt.description}) is registered "
                                      f"but {player} does not play it yet")
    return values


RulesT = TypeVar("RulesT")

#: Options as a sorted tuple of (key, value): hashable, so built rules can be cached.
OptionItems = tuple[tuple[str, Any], ...]


class RuleSets(Generic[RulesT]):
    """A game's rule sets: its presets and options, and the function that builds its
    rules from one preset's checked values. Every rules module makes one and exports
    its two methods as ``preset_options`` and ``get_rules`` (the names the play
    adapters and the teaching layer read).

    ``build(preset, items)`` receives the preset's name and every option's value as
    sorted ``(key, value)`` pairs; its result is cached, so the same preset and
    options give the same rules object. ``check(values)`` refuses a combination of
    values that each option allows alone (raise :class:`~hanafuda_core.errors.OptionError`).

    >>> opts = {"rounds": Option("rounds", 12, (6, 12))}
    >>> demo = RuleSets("Demo", {"book": {}, "short": {"rounds": 6}}, opts,
    ...                 lambda preset, items: (preset, dict(items)["rounds"]))
    >>> demo.rules("short"), demo.rules("book", rounds=6), demo.values("short")
    (('short', 6), ('book', 6), {'rounds': 6})
    >>> demo.rules("short") is demo.rules("short", rounds=6)
    True
    """

    def __init__(self, game: str, presets: Mapping[str, Mapping[str, object]],
                 options: Mapping[str, Option], build: Callable[[str, OptionItems], RulesT],
                 *, check: Callable[[Mapping[str, Any]], None] | None = None,
                 player: str = "the engine", cache: int = 64, default: str = "book") -> None:
        self.game = game
        self.default = default
        self.presets = presets
        self.options = options
        self.check = check
        self.player = player
        self._build = lru_cache(maxsize=cache)(build)

    def values(self, preset: str | None = None, **options: Any) -> dict[str, Any]:
        """Every option's value under ``preset`` (``default`` if None) with ``options`` as
        overrides, checked (:func:`preset_values`, then the game's own ``check``)."""
        preset = self.default if preset is None else preset
        values = preset_values(self.game, preset, self.presets, self.options, options,
                               player=self.player)
        if self.check is not None:
            self.check(values)
        return values

    def rules(self, preset: str | None = None, **options: Any) -> RulesT:
        """The rules of ``preset`` (``default`` if None) with ``options`` as overrides
        (validated, cached)."""
        preset = self.default if preset is None else preset
        values = self.values(preset, **options)
        return self._build(preset, tuple(sorted(values.items(), key=lambda kv: kv[0])))
