"""Drawing the cards: pure-string SVG (:mod:`.svg`), no dependencies.

>>> from hanafuda_core.render import card_svg
>>> card_svg("8a").startswith("<svg")
True
"""

from .svg import (
                  CARD_RATIO,
                  card_back_svg,
                  card_data_uri,
                  card_svg,
                  card_title,
                  deck_grid_html,
                  layout_html,
                  row_svg,
                  stack_svg,
)

__all__ = ["CARD_RATIO", "card_back_svg", "card_data_uri", "card_svg", "card_title",
           "deck_grid_html", "layout_html", "row_svg", "stack_svg"]
