"""The chapter sections every game gets, as HTML: at a glance, the yaku chart, the
options and sources (the variants page), the scoring procedure at the table, the
printable quick reference and the worked round. Every ``*_html`` function returns a
string (the tests read it); every ``show_*`` function returns it as an IPython
display object (imported lazily).

>>> steps = scoring_procedure("koikoi")
>>> steps[0].startswith("Card values do not count")
True
"""

from __future__ import annotations

import html
import re
from typing import Any

from .. import tables
from ..book import _html as _display
from ..cards import CardSet
from ..errors import HanafudaError
from ..narration import and_list, the_card
from ..play import Game
from ..render.sizes import MIN_CARD_WIDTH
from ..rules import name_sources
from .charts import (
    GROUP_WORDS,
    card_value_rows,
    hand_rows,
    yaku_chart_html,
    yaku_points_rows,
    yaku_rows,
    yaku_table,
)
from .facts import (
    as_game,
    deal_rows,
    decision_rows,
    facts,
    game_data,
    game_length,
    option_rows,
    option_title,
    overview_rows,
    preset_deal_notes,
    preset_deal_rows,
    preset_label,
    preset_overview_rows,
    preset_rows,
    presets,
    source_rows,
)
from .worked import first_game_html, worked_round, worked_round_html

__all__ = [
    "READER_BANNED",
    "REFERENCE_CSS",
    "adjustment_sentence",
    "multiplier_rules",
    "reader_problems",
    "deals_html",
    "glue_facts",
    "preset_overview_html",
    "show_deals",
    "show_first_game",
    "show_preset_overview",
    "show_same_piles",
    "same_piles_html",
    "same_piles_rows",
    "show_yaku_points",
    "options_html",
    "overview_html",
    "quick_reference_html",
    "scoring_html",
    "scoring_procedure",
    "scoring_steps",
    "settle_sentences",
    "show_options",
    "show_overview",
    "show_quick_reference",
    "show_scoring_procedure",
    "show_sources",
    "show_worked_round",
    "show_yaku_chart",
    "sources_html",
]


#: What a learner page's text must never show, as (what it is, pattern): the word
#: "engine", action codes ("capture 2a"), card codes in prose ("2a"), option identifiers
#: (any snake_case word), line citations, and bare document labels (a label not in
#: parentheses after a document's name, "BOOK", the preset key "book" used as a label).
#: Card codes belong only to command lines and the deck chapter's "Writing cards down".
READER_BANNED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("the word 'engine'", re.compile(r"\bengines?\b", re.I)),
    ("an action code", re.compile(r"\b(?:play|capture|take|draw|discard)\s+"
                                  r"(?:1[0-2]|[1-9])[a-d]\b")),
    ("a card code", re.compile(r"(?<![\w/.-])(?:1[0-2]|[1-9])[a-d](?![\w/-])")),
    ("an option identifier", re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")),
    ("a line citation", re.compile(r"\blines? \d+", re.I)),
    ("a bare document label", re.compile(r"(?<!\()\bD00[1-4]\b(?!\))|\bBOOK\b|"
                                         r"\b(?:rule set|preset)[: ]+[\"']?book\b|"
                                         r"[\"']book[\"']")),
)

#: The kinds of :data:`READER_BANNED` that concern card codes.
CODE_KINDS = ("an action code", "a card code")


def reader_problems(text: str, *, codes: bool = False) -> list[str]:
    """Every phrase of ``text`` a learner page must not show (:data:`READER_BANNED`),
    each as "what: 'phrase' in …context…"; ``codes=True`` where card codes are what the
    reader is taught (a command line, the deck's notation).

    >>> [p.split(":")[0] for p in reader_problems("The engine asks: 'capture 2a'")]
    ["the word 'engine'", 'an action code', 'a card code']
    >>> reader_problems("The Japanese publisher's rules (D002) take the Crane.")
    []
    """
    flat = " ".join(text.split())
    out: list[str] = []
    for what, pattern in READER_BANNED:
        if codes and what in CODE_KINDS:
            continue
        for m in pattern.finditer(flat):
            lo, hi = max(0, m.start() - 40), m.end() + 40
            out.append(f"{what}: {m.group(0)!r} in \u2026{flat[lo:hi]}\u2026")
    return out


def overview_html(game: Game | str) -> str:
    """At a glance, on one screen."""
    return tables.to_html(overview_rows(game))


def preset_overview_html(game: Game | str) -> str:
    """Every preset side by side: the document it follows, players, unit, difficulty and
    the game's sample values (:func:`~hanafuda_core.teach.preset_overview_rows`)."""
    return tables.to_html(preset_overview_rows(game))


def deals_html(game: Game | str) -> str:
    """The deal under every preset for every player count, then the notes behind its
    stars (:func:`~hanafuda_core.teach.preset_deal_rows`)."""
    notes = preset_deal_notes(game)
    return (tables.to_html(preset_deal_rows(game), caption="Cards to each hand / to the "
                           "field / left in the stock")
            + (tables.to_html(notes) if notes else ""))


def glue_facts(game: Game | str, prefix: str, **extra: object) -> dict[str, object]:
    """Glue the numbers a chapter's prose names (``{glue:text}`<prefix>_hand```): the
    facts every game has (:func:`~hanafuda_core.teach.facts`), then the chapter's own
    (``extra``, already prefixed). Returns what it glued."""
    from myst_nb import glue  # type: ignore[import-untyped]  # myst_nb has no type information
    values = {**facts(game, prefix), **extra}
    for key, value in values.items():
        glue(key, value, display=False)
    return values


def options_html(game: Game | str, *, lines: bool = True) -> str:
    """The presets side by side: which documents each follows, then every option by its
    title with its value under each preset and that value's source; options on which the
    presets differ are marked, first in words, then by shade."""
    esc = html.escape
    g = as_game(game)
    rows = option_rows(g, lines=lines)
    cols = [preset_label(g, p) for p in presets(g)]
    out = [tables.to_html(preset_rows(g), caption="The rule sets"),
           '<div class="hf-table-wrap" style="overflow-x:auto" tabindex="0" '
           'role="region" aria-label="Every option under each rule set">'
           '<table class="table hf-table" style="font-size:.85em">'
           "<thead><tr><th>Option</th>" + "".join(f"<th>{esc(c)}</th>" for c in cols)
           + "</tr></thead><tbody>"]
    for r in rows:
        mark = ' style="background:#fff4e0"' if r["differs"] else ""
        differs = " <i>(the rule sets differ)</i>" if r["differs"] else ""
        note = "" if r["played"] else " (named only: not playable yet)"
        cells = "".join(f"<td{mark}>{esc(str(r[c]))}<br><span style=\"color:#555;"
                        f"font-size:.85em\">{esc(str(r[c + ' source']))}</span></td>"
                        for c in cols)
        out.append(f"<tr><td><b>{esc(str(r['Option']))}</b>{differs}<br>"
                   f'<span style="font-size:.9em">{esc(str(r["What it decides"]))}'
                   f"{esc(note)}</span></td>{cells}</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _pile_cell(game: Game, cards: str) -> tuple[int, str]:
    """A pile's total under ``game`` and its cell text ("12: 3 Poetry Ribbons 6 ×2")."""
    data = game.score(list(CardSet.parse(cards)))
    data = data.to_dict() if hasattr(data, "to_dict") else dict(data)
    counted = [y for y in data.get("yaku", ())
               if not y.get("optional") or data.get("subtotal")]
    parts = [f"{y['name']} {y['points']}" for y in counted]
    if data.get("card_points") is not None:
        par = f" against par {data['par']}" if data.get("par") is not None else ""
        parts.insert(0, f"card points {data['card_points']}{par}")
    factors = "".join(f" ×{m['factor']}" for m in data.get("multipliers") or ())
    return data["total"], f"{data['total']}: {', '.join(parts) or 'no yaku'}{factors}"


def _pile_columns(g: Game, piles: Any) -> list[tuple[str, dict[str, tuple[int, str]]]]:
    """Each compared rule set (:func:`~hanafuda_core.teach.compared_games`) with its
    cells, one per pile: every preset, then each chart the game names that does not
    score every pile as an earlier column does."""
    from .charts import compared_games
    columns: list[tuple[str, dict[str, tuple[int, str]]]] = []
    own = {preset_label(g, p) for p in presets(g)}
    for heading, other in compared_games(g):
        cells = {label: _pile_cell(other, cards) for label, cards in piles}
        if heading in own or all(cells != seen for _, seen in columns):
            columns.append((heading, cells))
    return columns


def same_piles_rows(game: Game | str, piles: Any = None) -> list[dict[str, object]]:
    """The same capture piles scored under every compared rule set side by side (every
    preset, then the charts the game names, ``COMPARE_ALSO``, where they score a pile
    differently): one row per pile (its label and cards), each rule set's total, the
    yaku that count and any multiplier. ``piles``:
    ``(label, cards)`` pairs; by default the game's own, as data (``COMPARISON_PILES``
    in its rules module). ``differs``: whether the totals disagree."""
    g = as_game(game)
    piles = piles if piles is not None else game_data(g, "COMPARISON_PILES", ())
    columns = _pile_columns(g, piles)
    rows: list[dict[str, object]] = []
    for label, cards in piles:
        row: dict[str, object] = {"Pile": label, "cards": cards}
        for heading, cells in columns:
            row[heading] = cells[label][1]
            row[f"{heading} total"] = cells[label][0]
        row["differs"] = len({cells[label][0] for _, cells in columns}) > 1
        rows.append(row)
    return rows


def same_piles_html(game: Game | str, piles: Any = None) -> str:
    """:func:`same_piles_rows` as a table, each pile drawn; rows where the rule sets
    disagree are shaded and marked in words."""
    from ..render.svg import row_svg
    esc = html.escape
    g = as_game(game)
    piles = piles if piles is not None else game_data(g, "COMPARISON_PILES", ())
    cols = [heading for heading, _ in _pile_columns(g, piles)]
    out = ['<div class="hf-table-wrap" style="overflow-x:auto" tabindex="0" role="region" '
           'aria-label="The same piles under each rule set"><table class="table hf-table">'
           "<thead><tr><th>Pile</th>" + "".join(f"<th>{esc(c)}</th>" for c in cols)
           + "</tr></thead><tbody>"]
    for r in same_piles_rows(g, piles):
        shade = ' style="background:#fff4e0"' if r["differs"] else ""
        note = " <i>(the rule sets differ)</i>" if r["differs"] else ""
        cells = []
        for c in cols:
            total, _, yaku = str(r[c]).partition(": ")
            cells.append(f'<td{shade}><b style="font-size:1.25em">{esc(total)}</b><br>'
                         f"<small>{esc(yaku)}</small></td>")
        drawn = row_svg(str(r["cards"]), width=MIN_CARD_WIDTH, wrap=5)
        out.append(f"<tr><td>{esc(str(r['Pile']))}{note}<br>{drawn}</td>"
                   f"{''.join(cells)}</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def sources_html(game: Game | str) -> str:
    """The documents and sections the rules come from, with line numbers (the variants
    page is the one place readers see them), then our readings where they are silent
    (the game's ``DECISIONS``)."""
    out = tables.to_html(source_rows(game), caption="Where each rule comes from")
    readings = decision_rows(game)
    if readings:
        out += tables.to_html(readings, caption="Where the sources are silent: what we do")
    return out


def _card_points(game: Game) -> tuple[bool, int | None]:
    """(whether captured cards' values count, the par they are measured against)."""
    scorer = getattr(game.adapter, "score", None)
    if scorer is None:
        return False, None
    data = game.score(list(CardSet.parse("1a 1b 1c")))
    data = data.to_dict() if hasattr(data, "to_dict") else dict(data)
    return data.get("card_points") is not None, data.get("par")


def card_values_text(game: Game | str) -> str:
    """What each kind of card is worth in ``game``, in words, from the core's card values
    (:func:`~hanafuda_core.teach.charts.card_value_rows`): "each Bright 20, Ten 10,
    Ribbon 5 and Chaff 0", with the cards valued apart named after them (a few), or sent
    to the chart (many: Tensho values nearly every card on its own).

    >>> card_values_text("hachijuu-hana")
    'each Bright 20, Ten 10, Ribbon 5 and Chaff 0'
    >>> card_values_text("six-hundred")
    'each Bright 50, Ten 10, Ribbon 10 and Chaff 0, but the Nightingale 50 and the Special \
Paulownia 10'
    """
    rows = card_value_rows(as_game(game))
    kinds = [f"{r['Kind']} {r['Value each']}" for r in rows if not r.get("single")]
    apart = [f"{the_card(int(r['cards'][0]))} {r['Value each']}"   # type: ignore[index]
             for r in rows if r.get("single")]
    text = "each " + and_list(kinds) if kinds else ""
    if len(apart) > 4:
        return text + (", and " if text else "") + ("many cards have values of their own: "
                                                     "see the card values chart")
    if apart:
        text += (", but " if text else "") + and_list(apart)
    return text


def multiplier_rules(game: Game | str) -> list[tuple[str, str]]:
    """The multipliers the rules apply to a round's yaku, as rules, not one round's: the
    factor in words and the rule (from the rules' scoring overlay: a Stop after a call,
    a round of seven or more...).

    >>> multiplier_rules("koikoi")
    [('×2', "Koi-Koi was called, so the Stop caller's score is doubled, once")]
    """
    g = as_game(game)
    rules = getattr(getattr(g.rules, "overlay", None), "multiplier_rules", None)
    return list(rules()) if rules is not None else []


def _scores_all_yaku(game: Game) -> bool:
    """Whether the player who ends the round scores the other players' yaku as well as
    their own (the rules' overlay: Koi-Koi's Winner Scores All Yaku)."""
    return bool(getattr(getattr(game.rules, "overlay", None), "winner_scores_all", False))


def _pays_the_winner(game: Game) -> bool:
    """Whether the round's losers pay the winner's score (:func:`~hanafuda_core.engines.
    capture.losers_pay`; rules without the capture engine's overlay: no)."""
    from ..engines.capture import losers_pay
    return hasattr(game.rules, "overlay") and losers_pay(game.rules)


def adjustment_sentence(adjustment: Any) -> str:
    """A round variation that rewrites the counted scores (the rules' overlay's
    ``adjustments``: Winner Takes All, Low Man Out, Rain, Misery Loves Company, Scoring
    Canceled, the lead doublings), as a step of the scoring at the table: its name, then
    its rule.

    >>> from hanafuda_core.families.capture.adjustments import LowManOut
    >>> adjustment_sentence(LowManOut(below=20))
    'Low Man Out: if any player scored under 20 as counted, every player scores 0 for \
the round.'
    """
    return f"{adjustment.name}: {adjustment.rule}."


def _dealers_delight(game: Game) -> str | None:
    """What a round in which nobody made a yaku gives the dealer, where the rules' overlay
    plays Dealer's Delight (its ``delight_points``)."""
    overlay = getattr(game.rules, "overlay", None)
    if overlay is None or not getattr(overlay, "dealers_delight", False):
        return None
    gain = overlay.delight_points
    option = game.option_table.get("dealers_delight")
    title, own = "", False
    if option is not None:
        # (named where the option has a name of its own, not the opening of its description)
        title = option_title(option).rstrip("\u2026")
        own = not name_sources(option.description).lower().startswith(title.lower())
    lead = f"{title}: if" if own else "If"
    if _pays_the_winner(game):
        return (f"{lead} the round ends with nobody having made a yaku, each opponent pays "
                f"the dealer {gain}.")
    return (f"{lead} the round ends with nobody having made a yaku, the dealer scores "
            f"{gain} and the other players nothing.")


def settle_sentences(game: Game | str) -> list[str]:
    """The last steps of the scoring at the table: who scores what the procedure counted,
    from what the rules do with a round's scores. The other players pay what you win
    (a zero-sum game), the losers pay the winner (the overlay's ``settlement``), every
    player scores their own pile (a card-value settlement; less the others' yaku where
    they are transferred), or only the player who ended the round scores. Then each round
    variation the rules apply to the counted scores, in the rules' order (the overlay's
    ``adjustments``: Winner Takes All gives the round to its winner), before the points
    are written down; and what a round nobody made a yaku in gives the dealer (Dealer's
    Delight).

    >>> settle_sentences("koikoi")
    ['The other players score nothing for the round; write your points on the score sheet.']
    """
    g = as_game(game)
    overlay = getattr(g.rules, "overlay", None)
    adjustments = tuple(getattr(overlay, "adjustments", ()) or ())
    sheet = "write each player's points on the score sheet"
    if g.adapter.zero_sum(g):
        who, sheet = ("The other players pay what you win (and you pay what you lose): every "
                      "round's payments add up to zero"), ""
    elif _pays_the_winner(g):
        who, sheet = ("The losers pay you what they owe", "write your gain and each "
                      "loser's loss on the score sheet")
    elif getattr(overlay, "transfer_yaku", False):        # yaku charged to the others
        who = ("Every player scores their own cards this way, less the yaku the other "
               "players made")
        sheet = "write every player's points on the score sheet"
    elif hasattr(overlay, "side_scores"):
        # a card-value settlement: every player scores their own pile the same way
        who = "Every player scores the round this way"
    else:
        who, sheet = ("The other players score nothing for the round", "write your points "
                      "on the score sheet")
    if not adjustments:
        out = [f"{who}; {sheet}." if sheet else f"{who}."]
    else:
        out = [f"{who}.", *(adjustment_sentence(a) for a in adjustments)]
        if sheet:
            out.append(f"Then {sheet}.")
    delight = _dealers_delight(g)
    return out + ([delight] if delight else [])


#: The keys of the shared scoring steps, in their usual order (:func:`scoring_steps`).
SHARED_STEPS = ("card_points", "optional_yaku", "find_yaku", "only_one", "best", "each",
                "per_extra", "hand", "add_up", "par", "multiply", "settle")

#: Where a game's own scoring step may go: before or after one of the procedure's steps.
STEP_PLACES = ("before", "after")


def scoring_steps(game: Game | str) -> list[tuple[str, str]]:
    """Scoring at the table, step by step, as ``(key, sentence)`` pairs in order: the
    procedure every game shares, built from its rules, with the game's own steps placed
    among them. The shared steps' keys, in their order: ``card_points`` (count the
    cards' values, or say they do not count), ``optional_yaku``, ``find_yaku``,
    ``only_one``, ``best``, ``each``, ``per_extra``, ``hand``, ``add_up``, ``par``,
    ``multiply`` (one per multiplier), ``settle`` (who scores the round, then one step
    per round variation the rules apply to the counted scores, and what a round nobody
    made a yaku in gives the dealer: :func:`settle_sentences`); a game has the ones its
    rules call for. The player who ends the round adds the other players' yaku to their
    own where the rules say so (Winner Scores All Yaku: the ``add_up`` step).

    A game adds steps of its own as data: ``SCORING_STEPS`` in its rules module, each a
    sentence (or a function of the rules giving one), placed just before ``settle``; or
    ``(place, key, sentence)`` with ``place`` "before" or "after" a shared step's
    ``key`` (Mushi hands out its leftovers before the cards are counted). A step placed
    at a shared step its options leave out of this procedure (Only One Yaku has no
    "each") goes beside the nearest one it has (:func:`_nearest_step`); a key that is no
    shared step is refused with the keys the procedure has.
    ``SCORING_ORDER`` (shared keys, once each) puts the shared steps in the game's own
    order first, leaving out the ones it does not name (Hachi-Hachi pays hand
    combinations before anything else, and counts card points only when no yaku ended
    the round)."""
    g = as_game(game)
    counts, par = _card_points(g)
    steps: list[tuple[str, str]] = []
    if counts and not getattr(getattr(g.rules, "overlay", None), "count_cards", True):
        steps.append(("card_points", "Card values do not add to your score: only yaku "
                      "score. Count them all the same: they settle a tied round."))
    elif counts:
        steps.append(("card_points", "Count your captured cards' values: "
                      + card_values_text(g) + "."))
    else:
        steps.append(("card_points", "Card values do not count in this game: only yaku "
                      "score. Lay out your captured cards by kind (Brights, Tens, Ribbons, "
                      "Chaffs) to see them."))
    table, optional = yaku_table(g)
    if optional:
        steps.append(("optional_yaku", "If you play with the optional yaku, score them as "
                      "well: find them on the chart and add their points."))
    if table is not None:
        rows = yaku_rows(g)
        best = list(dict.fromkeys(str(r["Group"]) for r in rows
                                  if r["Counts"] == GROUP_WORDS["best"]))
        each = list(dict.fromkeys(str(r["Group"]) for r in rows
                                  if r["Counts"] == GROUP_WORDS["each"]))
        steps.append(("find_yaku", "Find your yaku on the chart: check each group in turn "
                      "against your captured cards."))
        if any(r["Counts"] == GROUP_WORDS["only_one"] for r in rows):
            steps.append(("only_one", "Keep only your single best yaku."))
        if best:
            steps.append(("best", "From each of these groups keep only the best yaku you "
                          "made: " + ", ".join(best) + "."))
        if each and len({str(r["Group"]) for r in rows}) == 1:
            steps.append(("each", "Every yaku on the chart counts."))  # one group: no names
        elif each:
            steps.append(("each", "Every yaku of these groups counts: " + ", ".join(each)
                          + "."))
        if any("per extra" in str(r["Points"]) for r in rows):
            steps.append(("per_extra", "Where a yaku says \"per extra\", add its points for "
                          "every card of that kind beyond the ones it needs."))
    if hand_rows(g):
        steps.append(("hand", "Hand combinations are scored from the dealt hand, before "
                      "play: claim at most one from each group, and show the cards."))
    steps.append(("add_up", "Add up the points of the yaku you kept"
                  + (" and of your hand combination" if hand_rows(g) else "")
                  + (", then add the points of every yaku your opponents made: they count "
                     "for you as well." if _scores_all_yaku(g) else ".")))
    if par is not None:
        steps.append(("par", f"Measure your card points against par ({par}): what you hold "
                      "above it you win, what you lack below it you lose."))
    for times, rule in multiplier_rules(g):
        steps.append(("multiply", f"{rule[:1].upper()}{rule[1:]} ({times})."))
    steps += [("settle", s) for s in settle_sentences(g)]
    order = game_data(g, "SCORING_ORDER", None)     # a game's own order of the shared steps
    if order is not None:
        wrong = [k for k in order if k not in SHARED_STEPS]
        if wrong or len(set(order)) != len(order):
            raise HanafudaError(f"{g.name}: SCORING_ORDER lists shared steps once each, "
                                f"from {', '.join(SHARED_STEPS)}; not {', '.join(order)}")
        steps = [s for k in order for s in steps if s[0] == k]
    for own in game_data(g, "SCORING_STEPS", ()):    # a game's own steps, as data
        place, key, step = own if isinstance(own, tuple) else ("before", "settle", own)
        keys = [k for k, _ in steps]
        if place not in STEP_PLACES or key not in (*keys, *SHARED_STEPS):
            raise HanafudaError(f"{g.name}: a scoring step goes {' or '.join(STEP_PLACES)} "
                                f"one of the steps {', '.join(dict.fromkeys(keys))}; not "
                                f"{place!r} {key!r}")
        place, key = _nearest_step(place, key, keys, order)
        at = keys.index(key) if place == "before" else len(keys) - keys[::-1].index(key)
        steps.insert(at, ("own", step(g.rules) if callable(step) else str(step)))
    return [(k, name_sources(s)) for k, s in steps]


def _nearest_step(place: str, key: str, keys: list[str],
                  order: tuple[str, ...] | None) -> tuple[str, str]:
    """Where a game's own step goes when the shared step it names is not in this
    procedure (an option left it out: Only One Yaku has no "best" or "each" step): beside
    the nearest step that is, in the game's order of the shared steps (``SCORING_ORDER``)
    or the usual one, on the same side (after the nearest earlier step, or before the
    nearest later one) where there is one, else on the other side.

    >>> _nearest_step("after", "each", ["find_yaku", "only_one", "add_up"], None)
    ('after', 'only_one')
    >>> _nearest_step("before", "best", ["card_points", "add_up", "settle"], None)
    ('before', 'add_up')
    """
    if key in keys:
        return place, key
    shared = tuple(order) if order is not None and key in order else SHARED_STEPS
    at = shared.index(key)
    earlier = [("after", k) for k in reversed(shared[:at]) if k in keys]
    later = [("before", k) for k in shared[at + 1:] if k in keys]
    found = (earlier + later) if place == "after" else (later + earlier)
    if not found:
        raise HanafudaError(f"a scoring step goes {place} {key!r}, and this procedure has "
                            "no shared step to place it by")
    return found[0]


def scoring_procedure(game: Game | str) -> list[str]:
    """Scoring at the table, step by step, from the rules: what counts, finding your yaku,
    keeping the best of each "only the best" group, hand combinations, adding up, card
    points and par, multipliers, and what the other players get; with the game's own
    steps where its data places them (:func:`scoring_steps`)."""
    return [s for _, s in scoring_steps(game)]


def procedure_html(game: Game | str) -> str:
    """The scoring procedure as a numbered list."""
    steps = "".join(f"<li>{html.escape(s)}</li>" for s in scoring_procedure(game))
    return f'<ol class="hf-procedure">{steps}</ol>'


def score_sheet_html(game: Game | str) -> str:
    """A printable score sheet: one line per round (or deal), one column per player."""
    esc = html.escape
    g = as_game(game)
    low, high = g.info.players
    seats = 3 if low <= 3 <= high and low < high else low
    head = "".join(f"<th>Player {p + 1}</th>" for p in range(seats))
    n = game_length(g) or 6
    body = "".join(f"<tr><td>{i}</td>" + "<td></td>" * seats + "</tr>"
                   for i in range(1, n + 1))
    word = g.round_word.rstrip("s").capitalize()
    return (f'<table class="table hf-table hf-score-sheet"><caption>Score sheet</caption>'
            f"<thead><tr><th>{esc(word)}</th>{head}</tr></thead><tbody>{body}"
            f"<tr><td>Total</td>{'<td></td>' * seats}</tr></tbody></table>")


def scoring_html(game: Game | str) -> str:
    """Scoring at the table: the procedure, then a printable score sheet."""
    return procedure_html(game) + score_sheet_html(game)


#: A capture game's turn, as every capture game shares it (the family's basics).
CAPTURE_TURN = ("<li><b>Play</b> a card from your hand: it takes a field card of its month "
                "(you choose if there are two), or joins the field.</li>"
                "<li><b>Draw</b> the top card of the stock and do the same with it.</li>"
                "<li><b>Keep</b> what you captured face up in front of you.</li>")

#: The same turn where a card takes other months than its own (the capture relation).
RELATION_TURN = ("<li><b>Play</b> a card from your hand: it takes one field card of a month "
                 "it may take by the game's chart (you choose if there are several), or "
                 "joins the field.</li>" + CAPTURE_TURN.split("</li>", 1)[1])


def capture_turn_html(g: Game) -> str:
    """The quick reference's turn of a capture game: same month, or by its chart."""
    return RELATION_TURN if getattr(g.rules, "capture_relation", None) is not None \
        else CAPTURE_TURN


REFERENCE_CSS = """
.hf-ref h2{font-size:1.15em;margin:10px 0 4px}
.hf-ref .hf-yaku{font-size:0.9em}
.hf-ref ol,.hf-ref ul{margin:2px 0 6px 1.2em;padding:0}
.hf-ref-cols{display:grid;grid-template-columns:1fr 1fr;gap:4px 18px}
"""


def quick_reference_html(game: Game | str) -> str:
    """A printable one-page summary: at a glance, the deal, a turn, the yaku chart and
    the scoring procedure, composed from the other sections; then, for a game that
    declares its stop/continue decision for the sheet, the decision in its own words
    with the multipliers and examples played out
    (:func:`~hanafuda_core.teach.situations.decision_reference_html`)."""
    from ..book import print_css
    from .situations import decision_reference_html
    esc = html.escape
    g = as_game(game)
    css = print_css(REFERENCE_CSS, "  body{font-size:10pt}\n"
                    "  .hf-ref .hf-yaku{padding:3px 5px!important;margin:2px!important}\n"
                    "  .hf-ref .hf-yaku-note{display:none}\n")
    deals = "".join(f"<li>{r['Players']} players: {r['Each hand']} cards each, "
                    f"{r['Field']} face up to the field, {r['Stock']} in the stock"
                    + (f" ({esc(str(r['Note']))})" if r["Note"] else "") + "</li>"
                    for r in deal_rows(g))
    turn = capture_turn_html(g) if g.info.family == "capture" else ""
    out = [f"<style>{css}</style>", '<div class="hf-ref">',
           (f'<div class="hf-ref-cols"><div class="hf-ref-block"><h2>{esc(g.name)} at a '
            f"glance</h2>{overview_html(g)}</div>"),
           (f'<div class="hf-ref-block"><h2>The deal</h2><ul>{deals}</ul>'
            + (f"<h2>A turn</h2><ol>{turn}</ol>" if turn else "") + "</div></div>"),
           f'<div class="hf-ref-block"><h2>Scoring</h2>{procedure_html(g)}</div>',
           f"<div><h2>Yaku</h2>{yaku_chart_html(g, width=MIN_CARD_WIDTH, compact=True)}</div>",
           decision_reference_html(g), "</div>"]
    return "".join(out)


def show_overview(game: Game | str) -> Any:
    """At a glance: players, cards, deal, length, goal, difficulty."""
    return _display(overview_html(game))


def show_preset_overview(game: Game | str) -> Any:
    """Every preset side by side (:func:`preset_overview_html`)."""
    return _display(preset_overview_html(game))


def show_deals(game: Game | str) -> Any:
    """The deal under every preset (:func:`deals_html`)."""
    return _display(deals_html(game))


def show_yaku_points(game: Game | str) -> Any:
    """Every yaku against the points each rule set gives it
    (:func:`~hanafuda_core.teach.yaku_points_rows`)."""
    return _display(tables.to_html(yaku_points_rows(game)))


def show_yaku_chart(game: Game | str, width: float = MIN_CARD_WIDTH) -> Any:
    """Every yaku (and hand combination) drawn with its cards and points."""
    return _display(yaku_chart_html(game, width=width))


def show_options(game: Game | str, *, lines: bool = True) -> Any:
    """Every option by its title, under each preset side by side, with its sources
    (``lines=False``: without line numbers, for a chapter's learner sections)."""
    return _display(options_html(game, lines=lines))


def show_same_piles(game: Game | str, piles: Any = None) -> Any:
    """The same piles under every preset (:func:`same_piles_html`; variants page)."""
    return _display(same_piles_html(game, piles))


def show_sources(game: Game | str) -> Any:
    """The documents behind the rules, with sections and lines (variants page)."""
    return _display(sources_html(game))


def show_scoring_procedure(game: Game | str) -> Any:
    """Scoring at the table, step by step, and a score sheet."""
    return _display(scoring_html(game))


def show_quick_reference(game: Game | str) -> Any:
    """The printable one-page summary."""
    return _display(quick_reference_html(game))


def show_worked_round(game: Game | str, seed: int = 3, players: int | None = None,
                      agent: str | tuple[str, ...] = "greedy") -> Any:
    """A generated round, told in words, its decisions drawn in full with the reason
    for each (``agent``: the computer player of every seat, or one per seat)."""
    return _display(worked_round_html(worked_round(game, seed, players, agent)))


def show_first_game(game: Game | str, key: str | None = None, seed: int = 3) -> Any:
    """A moment of a first game (``setup``, ``turn``, ``decision``, ``end``; all of them
    without ``key``), drawn from one seeded round
    (:func:`~hanafuda_core.teach.worked.first_game`)."""
    return _display(first_game_html(game, key, seed))
