"""The teaching layer: book helpers that take a game, any game of the registry.

Each function takes a :class:`~hanafuda_core.play.Game` (``get_game(key, preset=...)``)
or a registry key, reads the registry entry and the rules' data, and returns HTML
(``*_html``), rows for a table (``*_rows``), or a display object (``show_*``, for a
chapter's one-line call). A game hooks in only by data: its registry entry, its
options and presets with their sources, its yaku table and, where it has them, its
hand combinations.

* :func:`show_overview`: at a glance (players, cards, deal, length, goal, difficulty);
* :func:`show_first_game`: your first game (the deal, a turn, a decision, the end),
  drawn from one seeded round;
* :func:`show_preset_overview`, :func:`show_deals`: every preset side by side;
* :func:`glue_facts`: the numbers a chapter's prose names;
* :func:`show_yaku_chart`: every yaku and hand combination drawn with its cards;
* :func:`show_options`, :func:`show_same_piles`, :func:`show_sources`: the variants
  page;
* :func:`scoring_procedure`, :func:`show_scoring_procedure`: scoring at the table;
* :func:`show_quick_reference`: a printable one-page summary;
* :func:`show_worked_round`: a generated round, its decisions in full.

>>> "5 Brights" in yaku_chart_html("koikoi")
True
"""

from .charts import (
    card_value_rows,
    compared_games,
    example_cards,
    hand_example,
    hand_rows,
    points_text,
    yaku_chart_html,
    yaku_points_rows,
    yaku_rows,
    yaku_table,
)
from .facts import (
    amount_text,
    as_game,
    deal_rows,
    decision_rows,
    facts,
    game_data,
    game_length,
    option_rows,
    option_title,
    option_values,
    overview_rows,
    preset_deal_notes,
    preset_deal_rows,
    preset_game,
    preset_info,
    preset_label,
    preset_overview_rows,
    preset_rows,
    presets,
    source_rows,
    unit_text,
    usual_players,
    value_text,
)
from .pages import (
    deals_html,
    glue_facts,
    options_html,
    overview_html,
    preset_overview_html,
    quick_reference_html,
    reader_problems,
    same_piles_html,
    same_piles_rows,
    scoring_html,
    scoring_procedure,
    scoring_steps,
    show_deals,
    show_first_game,
    show_options,
    show_overview,
    show_preset_overview,
    show_quick_reference,
    show_same_piles,
    show_scoring_procedure,
    show_sources,
    show_worked_round,
    show_yaku_chart,
    show_yaku_points,
    sources_html,
)
from .worked import (
    Decision,
    FirstGame,
    Moment,
    first_game,
    first_game_html,
    plain_line,
    reason_text,
    worked_round,
    worked_round_html,
)

__all__ = [
    "Decision",
    "FirstGame",
    "Moment",
    "WorkedRound",
    "amount_text",
    "as_game",
    "card_value_rows",
    "compared_games",
    "deal_rows",
    "deals_html",
    "decision_rows",
    "example_cards",
    "facts",
    "first_game",
    "first_game_html",
    "game_data",
    "game_length",
    "glue_facts",
    "hand_example",
    "hand_rows",
    "option_rows",
    "option_title",
    "option_values",
    "options_html",
    "overview_html",
    "overview_rows",
    "plain_line",
    "points_text",
    "preset_deal_notes",
    "preset_deal_rows",
    "preset_game",
    "preset_info",
    "preset_label",
    "preset_overview_html",
    "preset_overview_rows",
    "preset_rows",
    "presets",
    "reader_problems",
    "reason_text",
    "quick_reference_html",
    "same_piles_html",
    "same_piles_rows",
    "scoring_html",
    "scoring_procedure",
    "scoring_steps",
    "show_deals",
    "show_first_game",
    "show_options",
    "show_overview",
    "show_preset_overview",
    "show_quick_reference",
    "show_same_piles",
    "show_scoring_procedure",
    "show_sources",
    "show_worked_round",
    "show_yaku_chart",
    "show_yaku_points",
    "source_rows",
    "sources_html",
    "unit_text",
    "usual_players",
    "value_text",
    "worked_round",
    "worked_round_html",
    "yaku_chart_html",
    "yaku_points_rows",
    "yaku_rows",
    "yaku_table",
]
