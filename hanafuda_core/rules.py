"""Rules as data: what every game declares about itself.

A game is a :class:`GameInfo` value in the registry (:mod:`hanafuda_core.games`).
Playable games add their engine rules on top; the facts here are the ones every
chapter, chart and command needs: names, family, player counts, the deal for
each player count and the sources the rules come from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .errors import OptionError, PlayerCountError

__all__ = ["Source", "Deal", "GameInfo", "Family", "FAMILIES", "SOURCE_DOCUMENTS", "Option",
           "preset_values"]

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
    allowed: tuple = ()
    description: str = ""
    source: Source | None = None
    note: str = ""
    implemented: bool = True

    def check(self, value: object) -> object:
        """Return ``value`` if it is allowed, else raise :class:`OptionError` naming the allowed ones."""
        if self.allowed and value not in self.allowed:
            shown = ", ".join(repr(v) for v in self.allowed)
            raise OptionError(f"option {self.key!r} cannot be {value!r}; allowed values: {shown}")
        return value


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
    for key, value in overrides.items():
        if key not in options:
            raise OptionError(f"unknown {game} option {key!r}; options: "
                              f"{', '.join(options)}")
        values[key] = options[key].check(value)
    for key, value in values.items():
        opt = options[key]
        if not opt.implemented and value != opt.default:
            raise NotImplementedError(f"the option {key!r} ({opt.description}) is registered "
                                      f"but {player} does not play it yet")
    return values
