"""ipywidgets views of the teaching tools (the only package that imports ipywidgets).

The state and the answers live in :mod:`hanafuda_core.controllers`; these views
lay them out and wire events.

- :class:`DeckExplorer`: filter the 48 cards, read one card's facts.
- :class:`SampleDeal`: deal a capture game by seed, see misdeals and hiki.
- :func:`month_tabs`, :func:`static_note`: for static book pages.
- :mod:`.generic`: play the computer, score calculator (a pile, or a whole round where
  the game's data describes the form), replay, a whole game charted, the hand-combination
  trainer and quiz, for any playable game (:mod:`.tools` maps the app's tools to them).
- :func:`classroom_app`: the Voila page (``app/index.ipynb``).
"""

from .app import classroom_app
from .deal import SampleDeal
from .deck import DeckExplorer
from .static import month_tabs, notice_html, static_note

__all__ = ["classroom_app", "SampleDeal", "DeckExplorer", "month_tabs", "static_note",
           "notice_html"]
