"""The registry of games: every game of the rulebook and every seed rule set.

Games are found by key, name or alias, ignoring case and punctuation:

>>> get_game("koi-koi").key
'koikoi'
>>> get_game("Hachi Hachi").family
'capture'
"""

from __future__ import annotations

import difflib
import re

from ..errors import UnknownGameError, shown
from ..rules import SOURCE_DOCUMENTS, GameInfo

__all__ = ["register", "get_game", "all_games", "reader_name", "GAMES"]

GAMES: dict[str, GameInfo] = {}
_LOOKUP: dict[str, str] = {}


def _norm(text: str) -> str:
    # \W is Unicode-aware, so kana, kanji and Hangul aliases are kept.
    return re.sub(r"[\W_]+", "", text.casefold())


def register(info: GameInfo) -> GameInfo:
    """Add a game (or replace the entry with the same key)."""
    GAMES[info.key] = info
    for name in (info.key, info.name, *info.aliases):
        _LOOKUP[_norm(name)] = info.key
    return info


def get_game(name: str) -> GameInfo:
    """Find a game by key, name or alias; unknown names list the close ones."""
    _load()
    if not isinstance(name, str):
        raise UnknownGameError(f"a game is named by its key or name, as text (such as "
                               f"'koikoi'), not {type(name).__name__} {shown(name)}")
    key = _LOOKUP.get(_norm(name))
    if key is None:
        close = difflib.get_close_matches(_norm(name), list(_LOOKUP), n=3, cutoff=0.6) \
            if len(name) <= 100 else []
        hint = f"did you mean: {', '.join(sorted({_LOOKUP[c] for c in close}))}? " if close else ""
        raise UnknownGameError(f"unknown game {shown(name)}; {hint}run `hanafuda games` to "
                               "list them")
    return GAMES[key]


def reader_name(game: GameInfo) -> str:
    """A game's name as readers meet it: a seed document's rule set is named by its game
    and its document ("Hachi-Hachi, the shilling rules (D004)"), never by a bare label.

    >>> reader_name(get_game("koikoi-d003"))
    'Koi-Koi, the two-player Koi-Koi rules (D003)'
    """
    from .catalog import PRESET_OF
    if game.key not in PRESET_OF:
        return game.name
    parent = get_game(PRESET_OF[game.key][0])
    docs = dict.fromkeys(s.doc for s in game.sources)
    return f"{parent.name}, " + " and ".join(SOURCE_DOCUMENTS[d].reader for d in docs)


def all_games() -> list[GameInfo]:
    """Every registered game, in rulebook chapter order, then the seed rule sets."""
    _load()
    return sorted(GAMES.values(), key=lambda g: (g.chapter is None, g.chapter or 0, g.key))


_loaded = False


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        from . import catalog  # noqa: F401  (registers the games)
