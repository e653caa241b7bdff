"""The registry: every game of the rulebook, and :func:`get_game`, the one entry point.

>>> from hanafuda_core import get_game
>>> game = get_game("koikoi", preset="book")
>>> state = game.new_round(seed=7)
>>> game.players, state.current_player, state.is_terminal
((2, 2), 0, False)

Games are found by key, name or alias, ignoring case and punctuation
(``get_game("Koi-Koi")``); a seed document's rule set of a playable game
(``"koikoi-d003"``) is that game under its preset. Each game's record
(:class:`GameEntry`, from :func:`entry` or :func:`list_games`) gives its key,
names, family, player counts, deal, presets with their sources, whether it is
playable, and the tools it offers.

>>> [e.key for e in list_games(playable=True)]
['simplified', 'matching-flowers', 'hana-awase-1', 'hana-awase-2', 'mushi', 'six-hundred',
 'hachijuu-hana', 'min-hwatu', 'koikoi', 'oni-koikoi', 'higo-bana', 'tensho-simplified',
 'go-stop', 'hachihachi', 'sudaoshi', 'hachi-simplified', 'hachi', 'tensho']
>>> get_game("koikoi-d003").preset
'd003'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from .errors import HanafudaError, OptionError, UnknownGameError, shown
from .play import Adapter, Game
from .rules import FAMILIES, GameInfo

if TYPE_CHECKING:
    from .games.catalog import PlaySpec

__all__ = [
    "GameEntry",
    "NotPlayableError",
    "entry",
    "get_game",
    "iter_games",
    "list_games",
    "option_from_text",
    "playable_keys",
    "preset_info",
]


class NotPlayableError(HanafudaError):
    """A game of the registry that cannot be played yet."""


@dataclass(frozen=True)
class GameEntry:
    """One game's record in the registry (``info``: its catalog facts)."""

    info: GameInfo
    play: PlaySpec | None = None         # how it is played; None: not playable (yet)
    preset_of: tuple[str, str] | None = None

    @property
    def key(self) -> str:
        return self.info.key

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def names(self) -> tuple[str, ...]:
        return (self.info.name, *self.info.aliases)

    @property
    def family(self) -> str:
        return self.info.family

    @property
    def players(self) -> tuple[int, int]:
        return self.info.players

    @property
    def deals(self) -> Mapping[int, Any]:
        return self.info.deals

    @property
    def chapter(self) -> int | None:
        return self.info.chapter

    @property
    def playable(self) -> bool:
        return self.play is not None or self.preset_of is not None

    @property
    def tools(self) -> tuple[str, ...]:
        """What a reader can do with the game: play, score, replay, deal, quiz."""
        if self.play is not None:
            return tuple(self.play.tools)
        if self.preset_of is not None:
            return entry(self.preset_of[0]).tools
        return ("deal",) if self.info.deals else ()

    def adapter(self) -> Adapter:
        """The play adapter (playable games only)."""
        if self.play is None:
            if self.preset_of is not None:
                return entry(self.preset_of[0]).adapter()
            raise _not_playable(self)
        return _adapter(self.key)

    def presets(self) -> dict[str, str]:
        """Each preset of a playable game and the source it follows (cited)."""
        if not self.playable:
            return {}
        adapter = self.adapter()
        sources = adapter.preset_sources()
        out = {}
        for name in adapter.presets():
            src = sources.get(name)
            if isinstance(src, Mapping):        # per-option sources: cite the documents
                docs = sorted({s.doc for s in src.values()})
                out[name] = ", ".join(docs) or "BOOK"
            else:
                out[name] = src.cite() if src is not None else ""
        return out

    def to_dict(self) -> dict[str, Any]:
        """The entry as plain data (what ``hanafuda games --json`` adds to the facts)."""
        return {"playable": self.playable, "tools": list(self.tools),
                "presets": self.presets(),
                "preset_of": list(self.preset_of) if self.preset_of else None}


@cache
def _adapter(key: str) -> Adapter:
    from .games.catalog import PLAY_SPECS
    from .play_adapters import make_adapter
    spec = PLAY_SPECS[key]
    adapter: Adapter = make_adapter(spec.adapter, spec.rules)
    return adapter


def _not_playable(e: GameEntry) -> NotPlayableError:
    where = f"chapter {e.chapter} of the book describes it" if e.chapter else \
        "its source describes it"
    return NotPlayableError(f"{e.name} cannot be played yet ({where}; `hanafuda games "
                            f"{e.key}` shows its facts); playable games: "
                            f"{', '.join(playable_keys())}")


def entry(name: str) -> GameEntry:
    """A game's registry record by key, name or alias (case and punctuation ignored);
    an unknown name raises :class:`~hanafuda_core.errors.UnknownGameError` naming
    close matches; a name that is not text (``None``, a number) raises it too."""
    from .games import get_game as find
    given: object = name
    if not isinstance(given, str):
        raise UnknownGameError(f"a game is named by its key or name, as text such as "
                               f"'koikoi' or 'Hachi-Hachi', not {type(given).__name__} "
                               f"{shown(given)}; run `hanafuda games` to list them")
    return _entry(find(name).key)


@cache
def _entry(key: str) -> GameEntry:
    from .games import GAMES
    from .games.catalog import PLAY_SPECS, PRESET_OF
    return GameEntry(GAMES[key], PLAY_SPECS.get(key), PRESET_OF.get(key))


@cache
def preset_info(key: str, preset: str) -> GameInfo:
    """What the registry says of a preset's table (players, deals, difficulty, sources):
    the entry of the seed document's rule set the preset is ("hachihachi-d002"), else the
    entry of the preset it builds on ("d002-toppa" builds on "d002"), else the game's own
    entry."""
    from .games.catalog import PRESET_OF
    for want in dict.fromkeys((preset, preset.split("-")[0])):
        for name, of in PRESET_OF.items():
            if of == (key, want):
                return _entry(name).info
    return _entry(key).info


def iter_games(family: str | None = None, playable: bool | None = None) -> Iterator[GameEntry]:
    """Every game's record in rulebook order, optionally of one family and/or only the
    playable (or only the not yet playable) ones."""
    from .games import all_games
    if family is not None and family not in FAMILIES:
        raise HanafudaError(f"unknown family {family!r}; families: {', '.join(FAMILIES)}")
    for info in all_games():
        e = _entry(info.key)
        if family not in (None, e.family):
            continue
        if playable is not None and (e.play is not None) != playable:
            continue
        yield e


def list_games(family: str | None = None, playable: bool | None = None) -> list[GameEntry]:
    """:func:`iter_games` as a list. ``playable=True`` gives each playable game once
    (the seed rule sets that are its presets are not repeated)."""
    return list(iter_games(family, playable))


def playable_keys() -> tuple[str, ...]:
    """The keys of the playable games, in rulebook order."""
    return tuple(e.key for e in iter_games(playable=True))


def get_game(key: str, preset: str | None = None, **options: Any) -> Game:
    """THE entry point: a game with its rules chosen, ready to deal and play.

    ``key``: a key, name or alias from the registry (case-insensitive). ``preset``:
    one of the game's presets (default ``"book"``, the rulebook's rules); ``options``:
    house rules on top of the preset. An unknown game raises
    :class:`~hanafuda_core.errors.UnknownGameError` naming close matches; a game not
    yet playable raises :class:`NotPlayableError` pointing at its chapter; an unknown
    preset or option, or a value an option does not allow, raises
    :class:`~hanafuda_core.errors.OptionError` listing what is allowed.

    >>> get_game("hachihachi", preset="d001").players
    (2, 7)
    >>> get_game("hiyoko")
    Traceback (most recent call last):
      ...
    hanafuda_core.registry.NotPlayableError: Hiyoko cannot be played yet (chapter 26 of the
    book describes it; `hanafuda games hiyoko` shows its facts); playable games: simplified,
    matching-flowers, hana-awase-1, hana-awase-2, mushi, six-hundred, hachijuu-hana, min-hwatu,
    koikoi, oni-koikoi, higo-bana, tensho-simplified, go-stop, hachihachi, sudaoshi,
    hachi-simplified, hachi, tensho
    """
    e = entry(key)
    if e.preset_of is not None:
        base, own = e.preset_of
        e = _entry(base)
        preset = own if preset is None else preset
    if e.play is None:
        raise _not_playable(e)
    adapter = e.adapter()
    if preset is None:
        presets = adapter.presets()
        preset = "book" if "book" in presets else next(iter(presets))
    if not isinstance(preset, str):
        raise OptionError(f"a preset is a name, not {preset!r}; presets: "
                          f"{', '.join(adapter.presets())}")
    return Game(e, adapter, preset, options)


def option_from_text(game: str, key: str, text: str) -> object:
    """A game's option value read from text: one of the option's allowed values
    (true/false, yes/no, on/off, numbers, none, the option's words, or a list written
    with commas; :meth:`~hanafuda_core.rules.Option.check` reads it),
    or an :class:`~hanafuda_core.errors.OptionError` naming them.

    >>> option_from_text("koikoi", "rounds", "6"), option_from_text("koikoi", "views", "off")
    (6, 'off')
    >>> option_from_text("hachihachi", "fold_fees", "(12, 18, 24)")
    (12, 18, 24)
    """
    e = entry(game)
    options = e.adapter().option_table()
    if key not in options:
        raise OptionError(f"unknown {_base(e).name} option {key!r}; options: "
                          f"{', '.join(options)}")
    return options[key].check(text)


def _base(e: GameEntry) -> GameEntry:
    return _entry(e.preset_of[0]) if e.preset_of is not None else e
