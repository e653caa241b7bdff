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
  its ledger and totals are recomputed by replaying it).

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
from .play import Record, RoundRecord

__all__ = ["LEGACY_FORMAT", "Record", "from_legacy", "is_legacy", "load", "save"]

#: The format of Koi-Koi's game records before the play protocol's records.
LEGACY_FORMAT = "hanafuda-game-record/1"

def is_legacy(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is a record of an earlier version (see the module's text)."""
    return data.get("format") == LEGACY_FORMAT or (
        "format" not in data and data.get("game") == "hachihachi" and "deals" in data)


def _outcome(d: Mapping[str, Any]) -> dict[str, Any]:
    return {"winner": d["winner"], "points": list(d["points"]), "reason": d["reason"]}


def _capture_rounds(data: Mapping[str, Any]) -> tuple[tuple[RoundRecord, ...], int | None]:
    rounds = tuple(RoundRecord(r["deal"], tuple(str(a) for a in r["actions"]),
                               {"round_no": r["round"], "scores": list(r["scores_before"]),
                                "wins": list(r["wins_before"])}, _outcome(r))
                   for r in data["rounds"])
    return rounds, (len(data["rounds"][0]["points"]) if rounds else None)


def _hachihachi_rounds(data: Mapping[str, Any]) -> tuple[tuple[RoundRecord, ...], int | None]:
    names = [str(n) for n in data["names"]]
    trade = bool(data.get("trade", False))
    planned = int(data["planned_deals"])
    rounds = tuple(RoundRecord(d["deal"], tuple(str(a) for a in d["actions"]),
                               {"round_no": d["deal_no"], "queue": list(d["queue"]),
                                "blind_offered": bool(d["blind_offered"]), "trade": trade,
                                "names": names, "deals": planned}, _outcome(d))
                   for d in data["deals"])
    return rounds, len(names)


def from_legacy(data: Mapping[str, Any]) -> Record:
    """An earlier version's record (:func:`is_legacy`) as today's
    :class:`~hanafuda_core.play.Record`: the same rounds, deals and actions, the
    options as their canonical values, the summary recomputed (the drawing for the
    first dealer kept), checked by :meth:`Record.get_game
    <hanafuda_core.play.Record.get_game>`."""
    from .registry import get_game
    if not is_legacy(data):
        raise HanafudaError("not a record of an earlier version (a Koi-Koi "
                            f"{LEGACY_FORMAT!r} record or a Hachi-Hachi game record)")
    try:
        game = get_game(str(data["game"]), str(data["preset"]),
                        **dict(data.get("options") or {}))
        hachihachi = "deals" in data and "format" not in data
        rounds, players = (_hachihachi_rounds if hachihachi else _capture_rounds)(data)
        kept = {"first_dealer": data["first_dealer"]} if data.get("first_dealer") else {}
        record = Record(game.key, game.preset, dict(game.options),
                        players if players is not None else game.players[0], rounds,
                        data.get("seed"), tuple(str(a) for a in data["agents"]), kept)
    except HanafudaError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise HanafudaError(f"this record of an earlier version lacks {error}") from None
    game.check_record(record)
    return replace(record, summary={**game.adapter.summary(game, record), **kept})


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
