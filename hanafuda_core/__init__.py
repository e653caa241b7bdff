"""hanafuda_core: the deck and the rules of the hanafuda games.

Pure Python, standard library only at import time, so the same wheel runs in
Pyodide. The one entry point for playing is :func:`get_game`
(:mod:`hanafuda_core.registry`): ``get_game("koikoi", preset="book").new_round(seed=7)``
deals a reproducible round of the play protocol (:mod:`hanafuda_core.play`); the
game modules load when a game is asked for. Rendering (``hanafuda_core.render``) and widgets
(``hanafuda_core.widgets``) are imported on demand.
"""

from .cards import (
                    CARD_INFO,
                    DECK,
                    DEFAULT_VALUES,
                    FLOWERS,
                    Card,
                    CardSet,
                    Extra,
                    Kind,
                    Ribbon,
                    format_cards,
                    parse_card,
                    parse_cards,
)
from .errors import (
                    AnswerFormatError,
                    HanafudaError,
                    IllegalActionError,
                    PlayerCountError,
                    UnknownCardError,
                    UnknownGameError,
)
from .registry import get_game, list_games

__version__ = "0.1.0"

__all__ = [
    "CARD_INFO", "DECK", "DEFAULT_VALUES", "FLOWERS", "Card", "CardSet", "Extra", "Kind",
    "Ribbon", "format_cards", "parse_card", "parse_cards", "AnswerFormatError",
    "HanafudaError", "IllegalActionError", "PlayerCountError", "UnknownCardError",
    "UnknownGameError", "get_game", "list_games", "__version__",
]
