"""Rules as data: what every game declares about itself.

A game is a :class:`GameInfo` value in the registry (:mod:`hanafuda_core.games`).
Playable games add their engine rules on top; the facts here are the ones every
chapter, chart and command needs: names, family, player counts, the deal for
each player count and the sources the rules come from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import OptionError, PlayerCountError

__all__ = ["Source", "Deal", "GameInfo", "Family", "FAMILIES", "SOURCE_DOCUMENTS", "Option",
           "preset_values", "canonical_options", "option_text"]

Family = str
FAMILIES: Mapping[Family, str] = {
    "capture": "Capture games: match a card of the same month to take it",
    "sequence": "Sequence games: shed your hand by playing months in order",
    "luck": "Luck games: two or three cards, totals and ranks",
    "fusion": "Fusion games: patience and rummy played with the flower deck",
}

SOURCE_DOCUMENTS: Mapping[str, str] = {
    "BOOK": "Hanafuda Games: Hanami Edition (rulebook of 37 games)",
    "D001": "A three-player Hachi-Hachi rule set in kan and points, with 2, 4-6 and 7 players",
    "D002": "A Japanese-style rule set: Hachi-Hachi, a Koi-Koi appendix and the basics",
    "D003": "A two-player Koi-Koi rule set for a six-round game",
    "D004": "A Hachi-Hachi rule set for five to seven players in shillings and pence",
}


@dataclass(frozen=True)
class Source:
    """Where a rule comes from: a seed document and a place in it."""

    doc: str                 # a key of SOURCE_DOCUMENTS
    section: str = ""        # e.g. "ch. 12", "Koi-Koi appendix"
    lines: str = ""          # e.g. "1849-2122"

    def cite(self) -> str:
        parts = [self.doc]
        if self.section:
            parts.append(self.section)
        if self.lines:
            parts.append(f"lines {self.lines}")
        return ", ".join(parts)


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
            allowed = f"{low}" if low == high else f"{low} to {high}"
            raise PlayerCountError(f"{self.name} is played by {allowed} players, not {players}")

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
        """The allowed values as a user writes them: ``false, true`` or ``none; 10,15,20``."""
        sep = "; " if any(isinstance(v, tuple) for v in self.allowed) else ", "
        return sep.join(option_text(v) for v in self.allowed)


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
