"""How wide the book draws a card, in CSS pixels: one constant for every chapter.

At :data:`MIN_CARD_WIDTH` a card's month label ("3 Mar") is about 5 px tall, a
Poetry Ribbon's brush strokes stand apart from a Plain Ribbon's blank strip, and
the corner badges (the sun of a Bright, the diamond of a Ten) are distinct shapes.
Narrower than that, they blur into one another, on the screen and on paper.

Every chapter diagram, table of cards, quiz and quick reference draws its cards at
this width or wider; the browser test ``tests/browser/test_card_sizes.py`` measures
every card picture of the built book, on screen and in print. The app may draw
smaller (a hand of eight beside a field of twelve on a phone), never the book.

>>> from hanafuda_core.render.svg import card_svg
>>> 'width="56"' in card_svg("3a", width=MIN_CARD_WIDTH)
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["MIN_CARD_WIDTH"]

MIN_CARD_WIDTH: Final = 56
"""The narrowest a card is drawn in the book (px), on screen and in print."""
