"""Saved games on disk, and the records of earlier versions read into today's.

Every game is recorded as a :class:`hanafuda_core.play.Record` (format
``"hanafuda-record/1"``): the rules, the players, each round's deal, context and
actions, replayed exactly by :meth:`hanafuda_core.play.Game.replay_rounds`. Two
older kinds of file still load, read here in one place by :func:`from_legacy` (and
so by :meth:`Record.from_dict <hanafuda_core.play.Record.from_dict>`, which sends
them here):

* Koi-Koi's ``"hanafuda-game-record/1"`` (each round with its ``round`` number,
  ``scores_before``, ``wins_before``, winner, points and reason; the drawing for the
  first dealer as ``first_dealer``);
* Hachi-Hachi's game record, which had no ``format`` (its ``deals`` with
  ``deal_no``, ``queue``, ``blind_offered``; ``names``, ``planned_deals``, ``trade``;
  its ledger and totals are recomputed by replaying it);
* ``"hanafuda-record/1"``, today's record when a Hachi-Hachi game kept in points
  always ended with the rulebook's Campaign bonus: the rulebook makes it a variation,
  now the ``campaign`` option (off unless chosen), so such a record reads with it on
  (:func:`earlier_defaults`), as it was played. Any other game's record reads as it is.

A converted record is checked as a new one is (:meth:`Record.get_game
<hanafuda_core.play.Record.get_game>`): an unknown game or option, a value the
option does not allow, or a drawing that did not choose the first dealer raises
our error with the reason.

>>> from hanafuda_core import get_game
>>> rec = get_game("koikoi", rounds=1).play(("random", "greedy"), seed=5)
>>> Record.from_json(rec.to_json()) == rec
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from os import PathLike
from typing import Any

from .errors import HanafudaError
from .play import (
    AGENTS,
    FLAG,
    OPTIONS,
    RECORD_FORMAT,
    SEED,
    TEXT,
    WHOLES,
    Field,
    Record,
    RoundRecord,
    check_fields,
    list_field,
)

__all__ = ["FORMAT_1", "LEGACY_FORMAT", "Record", "earlier_defaults", "from_legacy",
           "is_legacy", "load", "save"]

#: The format of Koi-Koi's game records before the play protocol's records.
LEGACY_FORMAT = "hanafuda-game-record/1"
#: The play protocol's first record format (see the module's text).
FORMAT_1 = "hanafuda-record/1"

def is_legacy(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is a record of an earlier version (see the module's text)."""
    return data.get("format") in (LEGACY_FORMAT, FORMAT_1) or (
        "format" not in data and data.get("game") == "hachihachi" and "deals" in data)


def earlier_defaults(game: Any, preset: Any, options: Any) -> Any:
    """``options`` of a record saved before ``hanafuda-record/2`` with what its rules were
    then and are no longer by default: a Hachi-Hachi game kept in points paid the
    Campaign bonus (``campaign``). Anything that is not a valid Hachi-Hachi game's
    options is returned as it is (reading the record refuses it with the reason).

    >>> earlier_defaults("hachihachi", "book", {}), earlier_defaults("hachihachi", "d001", {})
    ({'campaign': True}, {})
    """
    if game != "hachihachi" or not isinstance(options, Mapping) or "campaign" in options:
        return options
    from .registry import get_game
    try:
        points = get_game(game, preset, **options).rules.unit.key == "points"
    except (HanafudaError, TypeError):
        return options
    return {**options, "campaign": True} if points else options


def _outcome(d: Mapping[str, Any]) -> dict[str, Any]:
    return {"winner": d["winner"], "points": list(d["points"]), "reason": d["reason"]}


#: What every earlier version's record holds, and each of its rounds (or deals).
_LEGACY_FIELDS = {"game": TEXT, "preset": TEXT, "options": OPTIONS, "seed": SEED,
                  "agents": AGENTS}
_LEGACY_ROUND = {"deal": Field("an object: the round's deal",
                               lambda v: isinstance(v, Mapping)),
                 "actions": list_field(TEXT, "texts (each an action)"),
                 "winner": Field("a seat, or null", lambda v: v is None or type(v) is int),
                 "points": WHOLES, "reason": TEXT}


def _check_rounds(data: Mapping[str, Any], key: str, fields: Mapping[str, Field]) -> None:
    """The record's ``key`` ("rounds", "deals"): a list of objects with ``fields``."""
    check_fields("the record", data, {key: Field(f"a list of the {key} played, each an "
                                                 "object", lambda v: isinstance(v, list))})
    for i, r in enumerate(data[key], start=1):
        check_fields(f"{key[:-1]} {i}", r, {**_LEGACY_ROUND, **fields})


def _capture_rounds(data: Mapping[str, Any]) -> tuple[tuple[RoundRecord, ...], int | None]:
    _check_rounds(data, "rounds", {
        "round": Field("the round's number, a whole number from 1",
                       lambda v: type(v) is int and v >= 1),
        "scores_before": WHOLES, "wins_before": WHOLES})
    rounds = tuple(RoundRecord(r["deal"], tuple(r["actions"]),
                               {"round_no": r["round"], "scores": list(r["scores_before"]),
                                "wins": list(r["wins_before"])}, _outcome(r))
                   for r in data["rounds"])
    return rounds, (len(data["rounds"][0]["points"]) if rounds else None)


def _hachihachi_rounds(data: Mapping[str, Any]) -> tuple[tuple[RoundRecord, ...], int | None]:
    check_fields("the record", data, {
        "names": list_field(TEXT, "texts (each player's name)"),
        "planned_deals": Field("the game's number of deals, 6 or 12",
                               lambda v: type(v) is int and v in (6, 12)),
        "trade": FLAG.optional()})
    _check_rounds(data, "deals", {
        "deal_no": Field("the deal's number, a whole number from 1",
                         lambda v: type(v) is int and v >= 1),
        "queue": WHOLES, "blind_offered": FLAG})
    names = list(data["names"])
    trade = bool(data.get("trade", False))
    planned = data["planned_deals"]
    rounds = tuple(RoundRecord(d["deal"], tuple(d["actions"]),
                               {"round_no": d["deal_no"], "queue": list(d["queue"]),
                                "blind_offered": d["blind_offered"], "trade": trade,
                                "names": names, "deals": planned}, _outcome(d))
                   for d in data["deals"])
    return rounds, len(names)


def from_legacy(data: Mapping[str, Any]) -> Record:
    """An earlier version's record (:func:`is_legacy`) as today's
    :class:`~hanafuda_core.play.Record`: the same rounds, deals and actions, the
    options as their canonical values, the drawing for the first dealer kept, checked by
    :meth:`Record.get_game <hanafuda_core.play.Record.get_game>`. Its results (totals,
    final scores...) are today's summary, the ones the file gives kept in their place
    so that a replay checks them (:meth:`~hanafuda_core.play.Game.replay_rounds`)."""
    from .registry import get_game
    if not is_legacy(data):
        raise HanafudaError("not a record of an earlier version (a Koi-Koi "
                            f"{LEGACY_FORMAT!r} record, a Hachi-Hachi game record or a "
                            f"{FORMAT_1!r} record)")
    if data.get("format") == FORMAT_1:
        options = data.get("options") or {}
        return Record.from_dict({**data, "format": RECORD_FORMAT, "options": earlier_defaults(
            data.get("game"), data.get("preset"), options)})
    check_fields("the record", data, _LEGACY_FIELDS)
    options = earlier_defaults(data["game"], data["preset"], dict(data.get("options") or {}))
    game = get_game(data["game"], data["preset"], **options)
    hachihachi = "deals" in data and "format" not in data
    rounds, players = (_hachihachi_rounds if hachihachi else _capture_rounds)(data)
    kept = {"first_dealer": data["first_dealer"]} if data.get("first_dealer") else {}
    record = Record(game.key, game.preset, dict(game.options),
                    players if players is not None else game.players[0], rounds,
                    data.get("seed"), tuple(data["agents"]), kept)
    # (each round ends as it says, before its results count)
    found = game.adapter.summary(game, record, game.replay_rounds(record))
    stored = {k: data[k] for k in found if k in data}
    return replace(record, summary={**found, **stored, **kept})


def save(record: Record, path: str | PathLike[str]) -> None:
    """Write a record as JSON (with its summary) to ``path``."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(record.to_json())
        f.write("\n")


def load(path: str | PathLike[str]) -> Record:
    """Read a record written by :func:`save`, by ``hanafuda play --json`` or by an
    earlier version."""
    with open(path, encoding="utf-8") as f:
        return Record.from_json(f.read())
