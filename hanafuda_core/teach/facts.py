"""The facts every chapter shows, read from the registry and the rules: presets and
their labels, option titles, the overview, the deal, the options and their sources.

Every function takes a game: a :class:`~hanafuda_core.play.Game` (from
:func:`hanafuda_core.get_game`) or a registry key. Nothing here names a game.

>>> preset_label("koikoi", "d002-toppa")
'Japanese publisher, Toppa (10 cards each)'
>>> option_title(as_game("koikoi").option_table["rain_and_fog"])
'Rain & Fog'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..errors import HanafudaError
from ..play import Game
from ..rules import SOURCE_DOCUMENTS, GameInfo, Option, Source, name_sources

__all__ = [
    "amount_text",
    "as_game",
    "deal_rows",
    "decision_rows",
    "facts",
    "game_data",
    "game_length",
    "length_text",
    "option_rows",
    "option_title",
    "option_values",
    "overview_rows",
    "preset_game",
    "preset_deal_notes",
    "preset_deal_rows",
    "preset_info",
    "preset_label",
    "preset_overview_rows",
    "preset_rows",
    "presets",
    "source_rows",
    "teams_of",
    "unit_text",
    "usual_players",
    "value_text",
]


def as_game(game: Game | str) -> Game:
    """``game`` itself, or the game a registry key names under its default preset; anything
    else is refused with a :class:`~hanafuda_core.errors.HanafudaError`."""
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        from ..registry import get_game
        return get_game(game)
    raise HanafudaError(f"the teaching helpers take a game (get_game(...)) or a game's key, "
                        f"not {game!r}")


def game_data(game: Game | str, name: str, default: Any = None) -> Any:
    """A piece of data a game's rules module declares for the teaching layer
    (``PRESET_LABELS``, ``DECISIONS``, ``SCORING_STEPS``), or ``default``."""
    module = getattr(as_game(game).adapter, "module", None)
    return getattr(module, name, default)


def presets(game: Game | str) -> tuple[str, ...]:
    """The game's presets in the order its rules module declares them."""
    return tuple(as_game(game).adapter.presets())


def preset_game(game: Game | str, preset: str) -> Game:
    """The same game under another preset (no options on top)."""
    g = as_game(game)
    if g.preset == preset and not g.options:
        return g
    from ..registry import get_game
    return get_game(g.key, preset=preset)


def preset_label(game: Game | str, preset: str) -> str:
    """A preset as readers see it (a column heading, a menu entry): the label its game
    module gives it as data (``PRESET_LABELS``: "Rulebook", "Japanese publisher, Toppa
    (10 cards each)"). A game without labels yet gets one made from the preset's key:
    the document's short name, then the rest of the key."""
    g = as_game(game)
    if preset not in presets(g):
        raise HanafudaError(f"unknown preset {preset!r} of {g.name}; presets: "
                            f"{', '.join(presets(g))}")
    labels = game_data(g, "PRESET_LABELS") or {}
    if preset in labels:
        return str(labels[preset])
    head, *rest = preset.split("-")
    doc = SOURCE_DOCUMENTS.get(head.upper())
    label = doc.short if doc is not None else head.replace("_", " ").capitalize()
    return ", ".join([label, *(part.replace("_", " ").capitalize() for part in rest)])


_QUOTED = re.compile(r"(?:BOOK|rulebook)(?:'s)? (?:\"([^\"]{3,40})\"|'([^']{3,40})')")
_LEAD_LABEL = re.compile(r"^(?:BOOK|D00\d)(?:'s)?(?: (?:\"([^\"]+)\"|'([^']+)'))?(?: variant)?: ")


def option_title(option: Option) -> str:
    """An option's title for readers, never its identifier: the option's own ``title``
    where it declares one; else the rulebook variation it names ("BOOK 'Rain & Fog'");
    else the opening words of its description, before any colon or bracket."""
    own = getattr(option, "title", "")
    if own:
        return str(own)
    text = option.description.strip()
    lead_label = _LEAD_LABEL.match(text)
    if lead_label:
        name: str | None = lead_label.group(1) or lead_label.group(2)
        if name and name != "some":
            return name
        text = text[lead_label.end():]
    quoted: list[str] = [a or b for a, b in _QUOTED.findall(text)]
    lead = re.split(r":|;| \(| — |, (?=BOOK|D00)", text, maxsplit=1)[0].strip()
    if len(quoted) == 1 and len(lead) > 45:
        return quoted[0]
    lead = name_sources(lead)
    if len(lead) > 60:
        lead = lead[:60].rsplit(" ", 1)[0] + "…"
    return lead[:1].upper() + lead[1:] if lead else option.key.replace("_", " ").capitalize()


def value_text(value: object) -> str:
    """An option value in words: yes/no, none, numbers, lists with commas; the rules'
    own words (``double_once``) with spaces ("double once")."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ", ".join(value_text(v) for v in value) or "none"
    if isinstance(value, str):
        head, *rest = value.split("-")
        doc = SOURCE_DOCUMENTS.get(head.upper())
        if doc is not None:          # a preset or a chart named after its document
            return ", ".join([doc.short, *(r.replace("_", " ") for r in rest)])
        return name_sources(value.replace("_", " ").replace("-", " "))
    return str(value)


def amount_text(game: Game, value: int) -> str:
    """A table value in the game's unit ("120 points", "10 kan"); plain points where the
    rules keep no unit."""
    rules = game.rules
    unit = getattr(rules, "unit", None)
    if unit is None:
        return f"{value} point{'s' * (value != 1)}"
    text: str = unit.format(value * getattr(rules, "combo_scale", 1))
    return text


def option_values(game: Game | str, preset: str | None = None) -> dict[str, Any]:
    """Every option's value under a preset (default: the game's own rules)."""
    g = as_game(game) if preset is None else preset_game(game, preset)
    values = dict(getattr(g.rules, "options", ()) or ())
    table = g.option_table
    return {k: values.get(k, o.default) for k, o in table.items()}


def game_length(game: Game | str) -> int | None:
    """Rounds (or deals) in a game under these rules, where the rules say: the rules'
    own number (None where they set none: a race to a target, a run of wins), else the
    game's round option, else the adapter's default."""
    g = as_game(game)
    if hasattr(g.rules, "rounds"):          # (the rules say, None included: no limit)
        rounds = g.rules.rounds
        return rounds if isinstance(rounds, int) and not isinstance(rounds, bool) else None
    value = option_values(g).get(g.round_word)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    default = getattr(g.adapter, "default_rounds", None)
    return default if isinstance(default, int) else None


def length_text(game: Game | str) -> str:
    """How long a game lasts under these rules, in words: its rounds (or deals), how the
    rules end it sooner (:func:`~hanafuda_core.play_adapters.game_end_words`: a total
    reaching a target, falling to a floor, a run of wins) and, with a floor, what every
    player starts with; "as many rounds as the table agrees" where the rules say neither.

    >>> length_text("koikoi"), length_text("six-hundred")
    ('12 rounds', "until a player's total reaches 600")
    >>> from hanafuda_core import get_game
    >>> length_text(get_game("koikoi", target_score=50))
    "12 rounds, or until a player's total reaches 50"
    >>> length_text(get_game("koikoi", target_score=50, rounds=1))
    '1 round'
    """
    from ..narration import counted
    from ..play_adapters import game_end_words
    g = as_game(game)
    word = g.round_word
    length = game_length(g)
    ends = game_end_words(g.rules, word)
    start = getattr(g.rules, "start_points", None)
    if ends and getattr(g.rules, "floor_score", None) is not None and start:
        ends += f" (every player starts with {start})"
    if length and ends and length > 1:     # (one round: nothing can end the game sooner)
        return f"{counted(length, word.removesuffix('s'), word)}, or until {ends}"
    if length:
        return counted(length, word.removesuffix("s"), word)
    return f"until {ends}" if ends else f"as many {word} as the table agrees"


def _deck_size(game: Game, players: int, info: GameInfo | None = None) -> int:
    """Cards in the deck ``players`` play with under ``game``'s rules (:meth:`Game.deck
    <hanafuda_core.play.Game.deck>`)."""
    return len(game.deck(players, info))


def _table_deals(game: Game) -> tuple[GameInfo, dict[int, tuple[int, int, str, int]]]:
    """The registry entry that describes the table of the game's preset
    (:func:`preset_info`: the Japanese publisher's Koi-Koi seats 2 to 4 where the game's
    own entry seats 2), and each player count the game deals for under its rules, as
    (each hand, field, note, cards left aside). The rules' own hand and field sizes come
    first where they name them (the Toppa option's 10 each); a preset without an entry of
    its own deals only for the counts its rules name (``rules.deals``); a count only the
    rules deal for (a players option) is dealt as they say; a table the deck cannot deal
    is left out."""
    info = preset_info(game, game.preset)
    own = getattr(game.rules, "deals", None)
    own = own if isinstance(own, Mapping) else {}
    entry_is_own = info is game.info or game.preset in {p for e, p in _entry_presets(game, info)}
    out = {}
    for n in sorted({*info.deals, *own}):
        d = info.deals.get(n)
        if own and not entry_is_own and n not in own:
            continue
        if n in own:
            hand, fld = own[n][:2]
        elif d is not None:
            hand, fld = d.hand, d.field
        else:
            continue
        note, aside = (d.note, d.aside) if d is not None else ("", 0)
        if n * hand + fld + aside > _deck_size(game, n, info):
            continue        # too few cards for this table (seven at Go-Stop with no Joker)
        out[n] = (hand, fld, note, aside)
    return info, out


def deal_rows(game: Game | str) -> list[dict[str, object]]:
    """Cards to each hand, face up to the field and left in the stock, for every player
    count the game deals for under these rules (:func:`_table_deals`)."""
    g = as_game(game)
    info, deals = _table_deals(g)
    rows = []
    for n, (hand, fld, note, aside) in deals.items():
        stock = _deck_size(g, n, info) - n * hand - fld - aside
        rows.append({"Players": n, "Each hand": hand, "Field": fld, "Stock": stock,
                     "Note": note})
    return rows


def overview_rows(game: Game | str) -> list[dict[str, object]]:
    """At a glance: players, cards, deal, length, goal, difficulty. The players and the
    cards are those of the registry entry that describes the preset's table
    (:func:`preset_info`), as the deal is."""
    from ..tables import players_label
    g = as_game(game)
    info = g.info
    table = preset_info(g, g.preset)
    deals = deal_rows(g)
    deal = "; ".join(f"{r['Players']} players: {r['Each hand']} each, {r['Field']} to the "
                     f"field, {r['Stock']} in the stock" for r in deals) or "—"
    rows: list[dict[str, object]] = [{"": "Players", "At a glance": players_label(table.players)},
            {"": "Cards", "At a glance": table.deck or info.deck},
            {"": "Deal", "At a glance": deal},
            {"": "Length", "At a glance": length_text(g)},
            {"": "Goal", "At a glance": game_data(g, "GOAL") or info.summary or "—"},
            {"": "Difficulty", "At a glance": table.difficulty or info.difficulty or "—"}]
    return rows


def preset_info(game: Game | str, preset: str) -> GameInfo:
    """The registry entry that describes a preset's table (players, deals, difficulty):
    the catalog's entry for that preset, else the entry of the preset it builds on
    ("d002-toppa" builds on "d002"), else the game's own entry."""
    from ..registry import preset_info as registered
    return registered(as_game(game).key, preset)


def _preset_deals(game: Game, preset: str) -> dict[int, tuple[int, int, str, int]]:
    """Each player count a preset deals for: (each hand, field, note, cards left aside),
    as the preset's own game deals them (:func:`_table_deals`)."""
    return _table_deals(preset_game(game, preset))[1]


def _entry_presets(game: Game, info: GameInfo) -> list[tuple[str, str]]:
    from ..games.catalog import PRESET_OF
    return [(e, p) for e, (k, p) in PRESET_OF.items() if k == game.key and e == info.key]


def preset_deal_rows(game: Game | str) -> list[dict[str, object]]:
    """Every player count any preset deals for, with each preset's deal side by side:
    "each hand / field / stock" (a * marks a count with a note in
    :func:`preset_deal_notes`), or "not played"."""
    g = as_game(game)
    names = presets(g)
    per = {p: _preset_deals(g, p) for p in names}
    rows = []
    for n in sorted({n for deals in per.values() for n in deals}):
        row: dict[str, object] = {"Players": n}
        for p in names:
            if n not in per[p]:
                row[preset_label(g, p)] = "not played"
                continue
            hand, fld, note, aside = per[p][n]
            stock = _deck_size(preset_game(g, p), n, preset_info(g, p)) - n * hand - fld - aside
            row[preset_label(g, p)] = f"{hand} / {fld} / {stock}" + ("*" if note else "")
        rows.append(row)
    return rows


def preset_deal_notes(game: Game | str) -> list[dict[str, object]]:
    """The notes behind the * of :func:`preset_deal_rows`: one row per preset and note,
    with the player counts it covers."""
    g = as_game(game)
    rows: list[dict[str, object]] = []
    for p in presets(g):
        notes: dict[str, list[int]] = {}
        for n, (_, _, note, _) in _preset_deals(g, p).items():
            if note:
                notes.setdefault(note, []).append(n)
        for note, counts in notes.items():
            label = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
            rows.append({"Rule set": preset_label(g, p), "Players": label, "Note": note})
    return rows


def unit_text(game: Game | str) -> str:
    """What the rules keep score in: "points", "kan of 12 points", "shillings of 12 pence"."""
    unit = getattr(as_game(game).rules, "unit", None)
    if unit is None:
        return "points"
    return f"{unit.major} of {unit.per_major} {unit.minor}" if unit.per_major else unit.minor


def _sample_value(game: Game, key: str) -> str:
    for table in _tables(game):
        for rule in table.rules:
            if getattr(rule, "key", None) == key:
                value = getattr(rule, "value", None)
                return amount_text(game, rule.points if value is None else value)
    return "—"


def preset_overview_rows(game: Game | str) -> list[dict[str, object]]:
    """One row per preset: its label, the document it follows, players, what it keeps
    score in, its difficulty, and the value of each sample combination the game names as
    data (``OVERVIEW_SAMPLES``: (heading, yaku or hand-combination key)), in its unit."""
    from ..tables import players_label
    g = as_game(game)
    follows = {r["Rule set"]: r["Follows"] for r in preset_rows(g)}
    samples = game_data(g, "OVERVIEW_SAMPLES") or ()
    rows = []
    for p in presets(g):
        pg = preset_game(g, p)
        info = preset_info(g, p)
        label = preset_label(g, p)
        rows.append({"Rule set": label, "Follows": follows[label],
                     "Players": players_label(info.players),
                     "Keeps score in": unit_text(pg),
                     **{heading: _sample_value(pg, key) for heading, key in samples},
                     "Difficulty": info.difficulty or g.info.difficulty or "—"})
    return rows


def teams_of(game: Game) -> tuple[int, ...]:
    """The side of each seat where partners share a pile (B6), else ()."""
    return tuple(getattr(game.rules, "teams", None) or ())


def usual_players(game: Game) -> int:
    """The number of players the play tool seats by default: the game's own choice
    where its rules module gives one (``PLAY_PLAYERS``: Hachi-Hachi's three who play a
    round), else the fewest these rules deal for."""
    low, high = game.players
    wanted = game_data(game, "PLAY_PLAYERS", None)
    return wanted if isinstance(wanted, int) and low <= wanted <= high else low


def facts(game: Game | str, prefix: str) -> dict[str, object]:
    """The numbers every chapter's prose may name, keyed ``<prefix>_<name>`` for
    ``{glue:text}``: players (``min_players``, ``max_players``), ``difficulty``, the deal
    for the usual player count (``hand``, ``field``, ``stock``), ``rounds`` where the rules
    fix them, and how many yaku, hand combinations, options and presets there are."""
    g = as_game(game)
    info = g.info
    usual = usual_players(g)
    deal = {r["Players"]: r for r in deal_rows(g)}[usual]
    rules = g.rules
    values: dict[str, object] = {
        "min_players": info.players[0], "max_players": info.players[1],
        "difficulty": info.difficulty, "hand": deal["Each hand"], "field": deal["Field"],
        "stock": deal["Stock"], "n_options": len(g.option_table), "n_presets": len(presets(g)),
    }
    length = game_length(g)
    if length is not None:
        values["rounds"] = length
    for name, attr in (("n_yaku", "yaku"), ("n_teyaku", "teyaku")):
        table = getattr(rules, attr, None)
        if table is not None:
            values[name] = len(table.rules)
    return {f"{prefix}_{k}": v for k, v in values.items()}


def _preset_sources(game: Game) -> Mapping[str, Source | Mapping[str, Source]]:
    """Each preset's source: a :class:`Source`, or one per option (adapter data)."""
    sources = getattr(game.adapter, "preset_sources", None)
    return sources() if sources is not None else {}


def _preset_source(game: Game, preset: str, key: str) -> Source | None:
    """Where a preset takes an option's value from: the preset's own source per option,
    or the document it follows."""
    opt: Option = game.option_table[key]
    src = _preset_sources(game).get(preset)
    if isinstance(src, Mapping):
        own: Source | None = src.get(key)
        return own or opt.source
    # A preset follows its document: for a value it sets, and for a value it leaves at
    # the default unless the option's own source is a closer place in the same one.
    if isinstance(src, Source) and (key in game.adapter.presets()[preset]
                                    or opt.source is None or opt.source.doc != src.doc):
        return src
    return opt.source


def _cite(source: Source | None, lines: bool) -> str:
    if source is None:
        return ""
    if lines:
        return source.reader()
    return name_sources(", ".join(p for p in (source.doc, source.section) if p))


def option_rows(game: Game | str, *, lines: bool = False) -> list[dict[str, object]]:
    """Every option: its title, what it decides, its value under each preset side by side,
    and where each value comes from (line numbers only with ``lines``, for the variants
    page). ``differs``: whether the presets disagree."""
    g = as_game(game)
    names = presets(g)
    per = {p: option_values(g, p) for p in names}
    rows = []
    for key, opt in g.option_table.items():
        row: dict[str, object] = {"Option": option_title(opt),
                                  "What it decides": _plain(g, opt.description)}
        for p in names:
            label = preset_label(g, p)
            row[label] = value_text(per[p][key])
            row[f"{label} source"] = _cite(_preset_source(g, p, key), lines)
        if opt.note:
            row["What it decides"] = f"{row['What it decides']} ({_plain(g, opt.note)})"
        row["differs"] = len({repr(per[p][key]) for p in names}) > 1
        row["played"] = opt.implemented
        rows.append(row)
    return rows


def _plain(game: Game, text: str) -> str:
    """A description for readers: documents by name, the game's option identifiers by
    their titles, the rules' own value words as words."""
    for key, opt in game.option_table.items():
        if "_" in key:
            text = re.sub(rf"\b{re.escape(key)}\b", f"\u201c{option_title(opt)}\u201d", text)
    text = re.sub(r"'([a-z]+(?:_[a-z0-9]+)+)'", lambda m: m.group(1).replace("_", " "), text)
    return name_sources(text)


def preset_rows(game: Game | str) -> list[dict[str, object]]:
    """Each preset: its label and the documents it follows (reader names)."""
    g = as_game(game)
    out: list[dict[str, object]] = []
    for p in presets(g):
        src = _preset_sources(g).get(p)
        if isinstance(src, Mapping):
            docs = sorted({s.doc for s in src.values()})
        elif isinstance(src, Source):
            docs = [src.doc]
        else:
            docs = []
        docs = docs or list(dict.fromkeys(s.doc for s in preset_info(g, p).sources))
        out.append({"Rule set": preset_label(g, p),
                    "Follows": ", ".join(SOURCE_DOCUMENTS[d].reader for d in docs) or "—"})
    return out


def source_rows(game: Game | str) -> list[dict[str, object]]:
    """The documents and sections the game's rules draw on, and what from each (with line
    numbers: this is for the variants page)."""
    g = as_game(game)
    used: dict[Source, list[str]] = {}
    for s in g.info.sources:
        used.setdefault(s, []).append("players and deal")
    for p in presets(g):
        pg = preset_game(g, p)
        for key, opt in g.option_table.items():
            src = _preset_source(g, p, key)
            if src is not None:
                used.setdefault(src, []).append(option_title(opt))
        for table in _tables(pg):
            for r in table.rules:
                if getattr(r, "source", None) is not None:
                    used.setdefault(r.source, []).append(getattr(r, "name", ""))
    rows: list[dict[str, object]] = []
    for src, what in used.items():
        doc = SOURCE_DOCUMENTS.get(src.doc)
        rows.append({"Document": doc.reader if doc else src.doc,
                     "Section": name_sources(src.section),
                     "Lines": src.lines,
                     "Used for": ", ".join(dict.fromkeys(w for w in what if w))})
    return sorted(rows, key=lambda r: (str(r["Document"]), str(r["Section"]),
                                       str(r["Lines"])))


def decision_rows(game: Game | str) -> list[dict[str, object]]:
    """Our readings where the sources are silent (the game's ``DECISIONS``): each
    question a table will meet, and what we do, for "Sources and differences"."""
    g = as_game(game)
    return [{"Where the sources are silent": question, "What we do": name_sources(reading)}
            for question, reading in (game_data(g, "DECISIONS") or {}).items()]


def _tables(game: Game) -> list[Any]:
    """The game's yaku table and hand-combination table, where it has them."""
    return [t for t in (getattr(game.rules, "yaku", None), getattr(game.rules, "teyaku", None))
            if t is not None]
