"""Adapters: the existing engines mapped onto the play protocol (:mod:`hanafuda_core.play`).

Thin code only: each adapter calls an engine's public functions and turns its
states, results and records into the protocol's. Two adapters exist:

* :class:`CaptureAdapter`, for any game whose rules module has ``get_rules(preset,
  **options)`` giving the capture engine's :class:`~hanafuda_core.engines.capture.CaptureRules`
  (Koi-Koi today): :mod:`hanafuda_core.engines.capture` deals, steps and replays;
* :class:`HachiHachiAdapter`, for Hachi-Hachi's staged round
  (:mod:`hanafuda_core.games.hachihachi_play`) and whole game
  (:mod:`hanafuda_core.hachihachi_game`).

The registry (:mod:`hanafuda_core.registry`) names the adapter of each playable game
as data. What a game needs beyond the engine is a hook in its own rules module
(``zero_sum(rules)``: whether a round's points sum to zero under these rules).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import DEFAULT_VALUES, Card, CardSet, Extra, mask_cards
from .engines import capture as _eng
from .errors import HanafudaError, IllegalActionError, OptionError
from .play import Game, Outcome, Record, RoundRecord, json_value
from .rules import option_text

__all__ = [
    "ADAPTERS",
    "CaptureAdapter",
    "CaptureRound",
    "HachiHachiAdapter",
    "HachiHachiRound",
    "ScoreSheet",
    "hachihachi_log",
    "hachihachi_score",
    "heading",
    "make_adapter",
    "option_text",
    "plain_cards",
    "round_log",
]


# ---------------------------------------------------------------------------
# Shared pieces


def heading(game: Game) -> str:
    """"Koi-Koi, preset book, views=off"."""
    return (f"{game.name}, preset {game.preset}"
            + (", " + ", ".join(f"{k}={option_text(v)}" for k, v in game.options.items())
               if game.options else ""))


def plain_cards(cards: Iterable[Any], game: Game) -> list[Card]:
    """Cards of the 48-card deck (a Joker or blank card is refused with the reason)."""
    cards = list(cards)
    for c in cards:
        if isinstance(c, Extra):
            raise HanafudaError(f"{game.name} scores the 48 cards; {c.title} ({c.code}) is "
                                "not one")
    return cards


@dataclass(frozen=True)
class ScoreSheet:
    """A scored pile: the data (``to_dict``, what ``hanafuda score --json`` prints) and
    the explanation in words (``to_text``)."""

    data: Mapping[str, Any]
    text: tuple[str, ...]

    def to_dict(self) -> dict:
        return dict(self.data)

    def to_text(self) -> str:
        return "\n".join(self.text)


def _safe_apply(step, inner: Any, action: Any, legal: Any) -> Any:
    """``step(inner, action)``, with malformed actions refused as illegal."""
    try:
        return step(inner, action)
    except HanafudaError:
        raise
    except (IndexError, ValueError, TypeError, AttributeError, KeyError):
        codes = ", ".join(a.code() for a in legal(inner)) or "none (the round is over)"
        raise IllegalActionError(f"{action!r} is not an action of this game; legal now: "
                                 f"{codes}") from None


_set = object.__setattr__
_ROUND_OVER = _eng.Phase.ROUND_OVER


class _Wrapped:
    """A protocol round around an engine's immutable state (``inner``)."""

    __slots__ = ("context", "game", "inner")
    game: Game
    inner: Any
    context: Mapping[str, Any]

    def __init__(self, game: Game, inner: Any, context: Mapping[str, Any]) -> None:
        _set(self, "game", game)
        _set(self, "inner", inner)
        _set(self, "context", context)

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and other.game == self.game  # type: ignore[attr-defined]
                and other.inner == self.inner)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), self.game))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a round is immutable: apply an action to get the next one")

    def __repr__(self) -> str:
        return f"<{self.game.name} round: {self.inner!r}>"

    def _record(self, deal: Mapping[str, Any], actions: Sequence[Any]) -> Record:
        res = self.result()  # type: ignore[attr-defined]
        rr = RoundRecord(deal, tuple(a.code() for a in actions), dict(self.context),
                         res.to_dict() if res is not None else None)
        g = self.game
        return Record(g.key, g.preset, dict(g.options), self.players, (rr,))  # type: ignore


# ---------------------------------------------------------------------------
# The capture engine


class CaptureRound(_Wrapped):
    """A capture-engine round (``inner``: :class:`~hanafuda_core.engines.capture.State`)."""

    __slots__ = ()

    @property
    def state(self) -> Any:
        return self.inner

    @property
    def players(self) -> int:
        return self.inner.rules.players

    @property
    def is_terminal(self) -> bool:
        return self.inner.phase == _ROUND_OVER

    @property
    def current_player(self) -> int | None:
        return None if self.inner.phase == _ROUND_OVER else self.inner.player

    def legal_actions(self) -> tuple:
        return _eng.legal_actions(self.inner)

    def apply(self, action: Any) -> CaptureRound:
        try:
            new = _eng.apply(self.inner, action)
        except HanafudaError:
            raise
        except (IndexError, ValueError, TypeError, AttributeError, KeyError):
            _safe_apply(_eng.apply, self.inner, action, _eng.legal_actions)
            raise       # pragma: no cover - _safe_apply raised the reason
        return CaptureRound(self.game, new, self.context)

    def view(self, player: int) -> Any:
        return _eng.view(self.inner, player)

    def result(self) -> Outcome | None:
        res = self.inner.result
        if res is None:
            return None
        # amounts held by no seat, if the rules' overlay keeps any (Mushi: card points
        # left on the field at the end)
        accounts = getattr(self.inner.rules.overlay, "accounts", None)
        return Outcome(res.winner, tuple(res.points), res.reason,
                       self.game.adapter.zero_sum(self.game),
                       dict(accounts(self.inner)) if accounts is not None else {}, res)

    def record(self) -> Record:
        return self._record(self.inner.deal.to_dict(), self.inner.history)

    def card_count(self) -> int:
        return self.inner.card_count()

    def zones(self) -> dict[str, tuple[int, ...]]:
        return _capture_zones(self.inner, range(self.players))


def _capture_zones(s: Any, seats: Sequence[int]) -> dict[str, tuple[int, ...]]:
    """Where every card of a capture-engine state lies, by zone (card ids); the engine's
    player ``i`` sits at table seat ``seats[i]`` (zone ``"hand <seat>"``)."""
    rules = s.rules
    zones = {f"hand {seats[p]}": _ids(s.hand(p)) for p in range(rules.players)}
    for p in range(rules.players):      # teammates share one pile: list it once
        zones[f"captures of side {rules.side(p) + 1}"] = _ids(s.captures(p))
    zones["field"] = _ids(s.field)
    # The stock's order and the card waiting for a capture choice are not public
    # properties of State; they are read from its fields (the engine's record of them).
    zones["stock"] = tuple(int(c) for c in s.stock[s.pos:])
    if s.pending:
        zones["in play"] = tuple(mask_cards((1 << s.pending[0]) | s.pending[1]))
    return zones


def _ids(cards: Iterable[Any]) -> tuple[int, ...]:
    return tuple(int(c) for c in cards)


def _context(state: Any) -> dict:
    return {"round_no": state.round_no, "scores": list(state.scores), "wins": list(state.wins)}


class CaptureAdapter:
    """A capture game whose rules module gives :class:`CaptureRules` (module
    ``hanafuda_core.games.<rules>``: ``get_rules``, ``preset_options``, ``OPTIONS``,
    ``PRESETS``, ``PRESET_SOURCES`` and, optionally, the ``zero_sum(rules)`` hook)."""

    round_word: str = "rounds"
    agent_names: tuple[str, ...] = ("random", "greedy", "coach")
    default_agents: tuple[str, ...] = ("coach", "greedy")
    score_flags: Mapping[str, Any] = {"koikoi": 0, "field": None}

    def __init__(self, rules_module: str) -> None:
        self.module_name = rules_module

    @property
    def module(self) -> Any:
        return importlib.import_module(f"hanafuda_core.games.{self.module_name}")

    def rules(self, preset: str, options: Mapping[str, Any]) -> Any:
        try:
            return self.module.get_rules(preset, **options)
        except NotImplementedError as error:
            raise OptionError(str(error)) from None

    def option_table(self) -> Mapping[str, Any]:
        return self.module.OPTIONS

    def presets(self) -> Mapping[str, Any]:
        return self.module.PRESETS

    def preset_sources(self) -> Mapping[str, Any]:
        return getattr(self.module, "PRESET_SOURCES", {})

    def canonical(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        values = self.module.preset_options(preset, **options)
        return {k: values[k] for k in options}

    def zero_sum(self, game: Game) -> bool:
        hook = getattr(self.module, "zero_sum", None)
        return bool(hook(game.rules)) if hook is not None else False

    def players(self, game: Game) -> tuple[int, int]:
        n = game.rules.players
        return (n, n)

    def new_round(self, game: Game, seed: Any, players: int, dealer: int) -> Any:
        from .engines.capture import new_round
        state = new_round(game.rules, seed, dealer)
        return CaptureRound(game, state, _context(state))

    def replay_round(self, game: Game, players: int, record: RoundRecord) -> Any:
        from .engines.capture import DealRecord, replay
        ctx = record.context
        try:
            deal = DealRecord.from_dict(record.deal)
            states = replay(game.rules, deal, record.actions, round_no=ctx.get("round_no", 1),
                            scores=ctx.get("scores"), wins=ctx.get("wins"))
        except HanafudaError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise HanafudaError(f"this round record cannot be replayed: {error!r}") from None
        return CaptureRound(game, states[-1], _context(states[0]))

    def agent(self, game: Game, name: str) -> Any:
        from .players import make_agent
        return make_agent(name)

    def play(self, game: Game, agents: Sequence, seed: int | None,
             rounds: int | None) -> Record:
        from .players import play_rounds
        if rounds is not None:
            if self.round_word in game.options:
                raise HanafudaError("give the number of rounds once: as the option or as "
                                    "rounds")
            game = Game(game.entry, self, game.preset, {**game.options,
                                                         self.round_word: rounds})
        from .seating import draw_for_game
        rules = game.rules
        rng = random.Random(seed)
        # The first dealer is drawn where the game's sources say so; the drawing is kept
        # in the record's summary (the rounds' deals carry the dealer, so replays are exact).
        draw = draw_for_game(self.module, game.preset, rules.players, rng)
        logs = []
        for start, state in play_rounds(rules, agents, rng, draw.dealer if draw else 0):
            res = state.result
            assert res is not None
            logs.append(RoundRecord(start.deal.to_dict(),
                                    tuple(a.code() for a in state.history), _context(start),
                                    {"winner": res.winner, "points": list(res.points),
                                     "reason": res.reason}))
        names = tuple(getattr(a, "name", type(a).__name__) for a in agents)
        record = Record(game.key, game.preset, dict(game.options), rules.players,
                        tuple(logs), seed, names)
        summary = self.summary(record)
        if draw is not None:
            summary = {**summary, "first_dealer": draw.to_dict()}
        return Record(record.game, record.preset, record.options, record.players,
                      record.rounds, seed, names, summary)

    @staticmethod
    def _legacy(record: Record) -> Any:
        from .engines.capture import DealRecord
        from .records import GameRecord
        from .records import RoundRecord as Legacy
        from .seating import DealerDraw
        rounds = []
        for rr in record.rounds:
            ctx, out = rr.context, rr.outcome or {}
            rounds.append(Legacy(ctx.get("round_no", 1), DealRecord.from_dict(rr.deal),
                                 tuple(rr.actions), tuple(ctx.get("scores", ())),
                                 tuple(ctx.get("wins", ())), out.get("winner"),
                                 tuple(out.get("points", ())), out.get("reason", "")))
        draw = record.summary.get("first_dealer")
        return GameRecord(record.game, record.preset, dict(record.options), record.seed,
                          tuple(record.agents), tuple(rounds),
                          DealerDraw.from_dict(draw) if draw is not None else None)

    def summary(self, record: Record) -> dict:
        if not record.rounds or any(r.outcome is None for r in record.rounds):
            return {}
        legacy = self._legacy(record)
        return {"totals": list(legacy.totals), "final_scores": list(legacy.totals),
                "winner": legacy.winner}

    def log(self, game: Game, record: Record) -> list[str]:
        legacy = self._legacy(record)
        names = list(record.agents) or [f"seat {p + 1}" for p in range(record.players)]
        lines: list[str] = []
        for rr, r in zip(record.rounds, legacy.rounds):
            if rr.outcome is None:
                lines.append(f"Round {r.round_no}: unfinished after {len(rr.actions)} actions")
                continue
            lines += round_log(game.rules, r, names)
        if record.rounds and all(r.outcome is not None for r in record.rounds):
            totals, winner = legacy.totals, legacy.winner
            lines.append("Final scores: " + ", ".join(f"Player {p + 1} ({names[p]}) {t}"
                                                      for p, t in enumerate(totals))
                         + (f"; Player {winner + 1} ({names[winner]}) wins the game"
                            if winner is not None else "; the game is shared"))
        return lines

    def score(self, game: Game, cards: Iterable[Any], koikoi: int = 0,
              field: Iterable[Any] | None = None) -> ScoreSheet:
        """A pile scored as if its owner ended the round after ``koikoi`` calls (the
        preset says what they do); ``field``: cards left on the field. An overlay with
        ``pile_figures(rules, mask, field_mask)`` (a card-value game: Simplified, Mushi)
        gives the card points, par, optional yaku, total and yaku itself."""
        cards = plain_cards(cards, game)
        fld = plain_cards(field or (), game)
        if isinstance(koikoi, bool) or not isinstance(koikoi, int) or koikoi < 0:
            raise HanafudaError(f"--koikoi counts calls: 0 or more, not {koikoi}")
        rules = game.rules
        report = rules.overlay.pile_report(rules, CardSet(cards).mask, CardSet(fld).mask,
                                           koikoi)
        data = report.to_dict()
        data.update(game=game.key, preset=game.preset, options=json_value(game.options),
                    cards=[c.code for c in cards], koikoi_calls=koikoi,
                    card_points=None, yaku_points=report.subtotal, optional_yaku_points=0)
        figures = getattr(rules.overlay, "pile_figures", None)
        if figures is not None:     # an overlay that scores card points says so itself
            data.update(figures(rules, CardSet(cards).mask, CardSet(fld).mask))
        head = heading(game) + (f", after {koikoi} Koi-Koi call{'s' * (koikoi > 1)}"
                                if koikoi else "")
        text = (head, f"Cards: {' '.join(c.code for c in cards)}", report.to_text())
        return ScoreSheet(data, text)


def _names(cards: int | Iterable[int]) -> str:
    cs = CardSet.from_mask(cards) if isinstance(cards, int) else CardSet(cards)
    return ", ".join(f"{c.title} ({c.code})" for c in cs) or "nothing"


def round_log(rules: Any, record: Any, agents: Sequence[str]) -> list[str]:
    """One round of a capture game record told in words: the deal, every move, the
    yaku, the calls and the result (rebuilt by replaying the record; each move's lines
    come from :func:`hanafuda_core.narration.log_lines`)."""
    from .engines.capture import parse_action
    from .narration import log_lines, story
    states = record.replay(rules)
    actions = [parse_action(a) for a in record.actions]
    n = rules.players
    who = [f"Player {p + 1} ({agents[p]})" for p in range(n)]
    first = states[0]
    lines = [f"Round {record.round_no}: {who[first.dealer]} deals"]
    for v in first.deal.voided:
        lines.append(f"  misdeal, dealt again: {v.reason}")
    for p in range(n):
        lines.append(f"  {who[p]} holds {_names(first.hands_m[p])}")
    lines.append(f"  Field: {_names(first.field_m)}; stock: {first.stock_size} cards")
    lines += [f"  {event}" for event in first.deal.events]
    for s0, a, s1 in zip(states, actions, states[1:]):
        lines += log_lines(story(s0, a, s1), who)
    res = states[-1].result
    points = ", ".join(f"{who[p]} {res.points[p]}" for p in range(n))
    if res.winner is None:
        lines.append(f"  Result of round {record.round_no}: nobody wins ({res.reason}); "
                     f"points: {points}")
    else:
        lines.append(f"  Result of round {record.round_no}: {who[res.winner]} wins "
                     f"({res.reason}); points: {points}")
    if res.report is not None:
        lines += ["    " + line for line in res.report.to_text().splitlines()]
    totals = [s + q for s, q in zip(record.scores_before, record.points)]
    lines.append("  Scores: " + ", ".join(f"{who[p]} {totals[p]}" for p in range(n)))
    return lines


# ---------------------------------------------------------------------------
# Hachi-Hachi


class HachiHachiRound(_Wrapped):
    """A Hachi-Hachi round (``inner``:
    :class:`~hanafuda_core.games.hachihachi_play.HachiHachiRound`)."""

    __slots__ = ()

    @property
    def players(self) -> int:
        return self.inner.players

    @property
    def is_terminal(self) -> bool:
        return self.inner.is_terminal

    @property
    def current_player(self) -> int | None:
        return self.inner.current_seat

    # The staged-round module comes from the adapter, loaded once: an import statement
    # here would cost more than the attribute look-up on every step of a round.
    def legal_actions(self) -> tuple:
        return self.game.adapter.rounds.legal_actions(self.inner)

    def apply(self, action: Any) -> HachiHachiRound:
        rounds = self.game.adapter.rounds
        try:
            new = rounds.apply(self.inner, action)
        except HanafudaError:
            raise
        except (IndexError, ValueError, TypeError, AttributeError, KeyError):
            _safe_apply(rounds.apply, self.inner, action, rounds.legal_actions)
            raise       # pragma: no cover - _safe_apply raised the reason
        return HachiHachiRound(self.game, new, self.context)

    def view(self, player: int) -> Any:
        return self.game.adapter.rounds.view(self.inner, player)

    def result(self) -> Outcome | None:
        res = self.inner.result
        if res is None:
            return None
        ledger = res.report.ledger.totals()
        accounts = {k: v for k, v in ledger.items() if k not in self.inner.names}
        return Outcome(res.winner, tuple(res.points), res.reason,
                       self.game.adapter.zero_sum(self.game), accounts, res)

    def record(self) -> Record:
        return self._record(self.inner.deal.to_dict(), self.inner.history)

    def card_count(self) -> int:
        return self.inner.card_count()

    def zones(self) -> dict[str, tuple[int, ...]]:
        r = self.inner
        if r.inner is not None:         # in play: the capture engine holds every card
            return _capture_zones(r.inner, r.active)
        zones = {f"hand {s}": tuple(mask_cards(h)) for s, h in enumerate(r.hands)}
        zones["field"] = tuple(mask_cards(r.field0))
        dealt = 7 * r.players + (0 if r.players == 7 else 6)
        zones["undealt"] = tuple(c for c in r.deal.order[dealt:] if c < 48)
        return zones


class HachiHachiAdapter(CaptureAdapter):
    """Hachi-Hachi: the staged round and the whole game of twelve (or six) deals."""

    round_word = "deals"
    agent_names = ("random", "greedy")
    default_agents = ("greedy", "greedy", "greedy")
    score_flags: Mapping[str, Any] = {"hand": False}

    def __init__(self, rules_module: str = "hachihachi") -> None:
        super().__init__(rules_module)
        #: the staged round (trade, claims, calls) around the capture engine
        self.rounds = importlib.import_module(".games.hachihachi_play", __package__)

    def zero_sum(self, game: Game) -> bool:
        return True

    def players(self, game: Game) -> tuple[int, int]:
        return (2, 7)

    def new_round(self, game: Game, seed: Any, players: int, dealer: int) -> Any:
        r = self.rounds.new_hachihachi_round(game.rules, players, seed, dealer)
        return HachiHachiRound(game, r, {"round_no": 1, "queue": [], "blind_offered": False,
                                         "trade": r.trade_offered, "names": list(r.names)})

    def replay_round(self, game: Game, players: int, record: RoundRecord) -> Any:
        from .games.hachihachi_play import HachiHachiDeal, replay_round
        from .hachihachi_settle import FieldQueue
        ctx = record.context
        rules = game.rules
        try:
            deal = HachiHachiDeal.from_dict(record.deal)
            states = replay_round(rules, players, deal, record.actions,
                                  queue=FieldQueue(rules.field_mode,
                                                   tuple(ctx.get("queue", ()))),
                                  offer_blind_stay=bool(ctx.get("blind_offered", False)),
                                  names=ctx.get("names"), round_no=ctx.get("round_no", 1),
                                  offer_trade=ctx.get("trade"))
        except HanafudaError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise HanafudaError(f"this round record cannot be replayed: {error!r}") from None
        return HachiHachiRound(game, states[-1], dict(ctx))

    def agent(self, game: Game, name: str) -> Any:
        from .games.hachihachi_play import make_agent
        return make_agent(name)

    def play(self, game: Game, agents: Sequence, seed: int | None,
             rounds: int | None) -> Record:
        from .hachihachi_game import play_hachihachi_game
        legacy = play_hachihachi_game(seed, agents, players=len(agents),
                                      deals=rounds if rounds is not None else 12,
                                      preset=game.preset, **game.options)
        logs = tuple(RoundRecord(d.deal.to_dict(), tuple(d.actions),
                                 {"round_no": d.deal_no, "queue": list(d.queue),
                                  "blind_offered": d.blind_offered, "trade": legacy.trade,
                                  "names": list(legacy.names)},
                                 {"winner": d.winner, "points": list(d.points),
                                  "reason": d.reason}) for d in legacy.deals)
        summary = dict(legacy.to_dict())
        for key in ("game", "preset", "options", "seed", "agents"):
            summary.pop(key, None)
        return Record(game.key, game.preset, dict(game.options), legacy.players, logs, seed,
                      tuple(legacy.agents), summary)

    def summary(self, record: Record) -> dict:
        return dict(record.summary)

    def _legacy_game(self, game: Game, record: Record) -> Any:
        from .hachihachi_game import HachiHachiGameRecord
        s = record.summary
        return HachiHachiGameRecord.from_dict({
            **s, "game": game.key, "preset": game.preset, "options": dict(game.options),
            "seed": record.seed, "agents": list(record.agents)})

    def log(self, game: Game, record: Record) -> list[str]:
        if "ledger" in record.summary and "deals" in record.summary:
            return hachihachi_log(self._legacy_game(game, record))
        from .games.hachihachi_play import action_lines
        lines: list[str] = []
        rounds: tuple[Any, ...] = game.replay_rounds(record)
        for i, r in enumerate(rounds, start=1):
            names = r.inner.names
            lines.append(f"Deal {r.context.get('round_no', i)}: {names[r.inner.deal.dealer]} "
                         "deals")
            dealt: Any = game.adapter.replay_round(game, record.players, RoundRecord(
                record.rounds[i - 1].deal, (), r.context))
            states = [dealt.inner]
            for a in r.inner.history:
                states.append(states[-1].apply(a))
            for before, action, after in zip(states, r.inner.history, states[1:]):
                lines += action_lines(before, action, after, names)
        return lines

    def score(self, game: Game, cards: Iterable[Any],  # type: ignore[override]
              hand: bool = False) -> ScoreSheet:
        cards = plain_cards(cards, game)
        data = {"game": game.key, "preset": game.preset,
                "options": {k: option_text(v) for k, v in game.options.items()},
                **hachihachi_score(game.rules, cards, hand)}
        text = [heading(game) + (": a dealt hand" if hand else ": a capture pile"),
                f"{'Hand' if hand else 'Cards'}: {' '.join(data['cards'])}"]
        found = data["teyaku" if hand else "yaku"]
        what = "hand combination" if hand else "yaku"
        for item in found:
            name = f"{item['name']} ({item['japanese']})" if item.get("japanese") else \
                item["name"]
            shown = item["shown"] if hand else " ".join(item["cards"])
            verb = "shows" if hand else "cards"
            text.append(f"  {name}: {item['written']}; {verb} {shown}")
        if not found:
            text.append(f"  no {what}")
        text.append(f"Total: {data['written']} from each active opponent (the field "
                    "multiplies it)")
        if not hand:
            text.append(f"Card points: {data['card_points']} ({data['against_par']:+d} "
                        "against the par of 88)")
        return ScoreSheet(data, tuple(text))


def hachihachi_score(rules: Any, cards: Iterable[Card], hand: bool = False) -> dict:
    """What ``hanafuda score hachihachi`` reports, as plain data: with ``hand``, the hand
    combinations (teyaku) of a dealt 7-card hand and the cards shown for them; else
    the yaku of a capture pile and its card points against the par of 88. Values are
    in the tradition's table unit (``value``: points, kan or shillings) and in its
    smallest unit (``amount``), with the amount written the tradition's way.
    ``total`` is ``value``; ``yaku_points`` the yaku's value before the field
    multiplier (0 for a hand).

    >>> from hanafuda_core.cards import parse_cards
    >>> from hanafuda_core.games.hachihachi import get_rules
    >>> hand = parse_cards("9a 9b 9c 1b 2a 3a 8a")
    >>> [(t["name"], t["value"], t["written"]) for t in
    ...  hachihachi_score(get_rules("d001"), hand, hand=True)["teyaku"]]
    [('3 of a Kind', 2, '2 kan')]
    """
    from .hachihachi_controllers import format_amount
    pile = CardSet(cards)
    scale = rules.combo_scale

    def money(value: int) -> dict:
        return {"value": value, "amount": value * scale,
                "written": format_amount(rules, value * scale), "total": value}

    data: dict = {"mode": "hand" if hand else "captures", "unit": rules.unit.key,
                  "cards": [c.code for c in pile]}
    if hand:
        if len(pile) != 7:
            raise HanafudaError(f"a dealt Hachi-Hachi hand has 7 cards, not {len(pile)}")
        result = rules.teyaku.evaluate(pile)
        data["teyaku"] = [{**h.to_dict(), **money(h.value)} for h in result.hits]
        return {**data, **money(sum(h.value for h in result.hits)), "card_points": None,
                "yaku_points": 0, "optional_yaku_points": 0}
    hits = rules.yaku.evaluate(pile).hits
    data["yaku"] = [{**h.to_dict(), **money(h.points)} for h in hits]
    points = pile.value(DEFAULT_VALUES) if len(pile) else 0
    yaku = sum(h.points for h in hits)
    return {**data, **money(yaku), "card_points": points, "par": 88,
            "against_par": points - 88, "yaku_points": yaku, "optional_yaku_points": 0}


def hachihachi_log(record: Any) -> list[str]:
    """A Hachi-Hachi game record told in words, deal by deal: the field and its
    multiplier, the exchange, who plays and who passes, the hand combinations shown,
    every move (the capture moves told by :func:`hanafuda_core.narration.log_lines`),
    the calls, and the settlement's payment lines; then the month chart, half-time
    and end-of-game payments and the final scores. Rebuilt by replaying the record."""
    from .games.hachihachi_play import action_lines
    from .hachihachi_game import HALF_TIME
    from .units import format_amount
    rules = record.rules
    who = [f"{n} ({a})" for n, a in zip(record.names, record.agents)]
    drawn = record.first_dealer_sentence()
    lines: list[str] = [drawn] if drawn else []
    for log, states in zip(record.deals, record.replay()):
        first, last = states[0], states[-1]
        fm = first.multiplier
        lines.append(f"Deal {log.deal_no}: {who[first.deal.dealer]} deals; {fm.name} "
                     f"(x{fm.value}): {fm.reason}")
        if first.deal.voided:
            lines.append(f"  dealt again {len(first.deal.voided)} time(s): four cards of a "
                         "month in the field")
        if first.joker is not None:
            lines.append(f"  {who[first.joker]} holds the blank card and sits out; their "
                         "other six cards are the field")
        lines.append(f"  Field: {_names(first.field0)}")
        if first.stage == "claim":
            lines += _hands_line(first, who)
        for before, action, after in zip(states, last.history, states[1:]):
            lines += action_lines(before, action, after, who)
            if before.stage != "claim" and after.stage == "claim":
                lines += _hands_line(after, who)
        s = last.settlement
        res = last.result
        lines.append(f"  Result of deal {log.deal_no}: "
                     + (f"{record.names[res.winner]} wins" if res.winner is not None
                        else "nobody wins") + f" ({res.reason})")
        lines += ["    " + line for line in s.ledger.to_text().splitlines()]
    extra = [p for p in record.ledger.payments if p.category in ("chart", "half-time", "award")]
    if extra:
        what = " and ".join(x for x in ("the month chart" if rules.unit.key != "points" else "",
                                        HALF_TIME.get(rules.preset, "")
                                        if rules.unit.key != "points" else "",
                                        "the end of the game") if x)
        lines.append(f"Between and after the deals ({what}):")
        lines += [f"  {p.payer} pays {p.payee} {format_amount(rules, p.amount)}: {p.reason}"
                  for p in extra]
    if record.ended_early:
        lines.append(f"The game ended early: {record.ended_early}")
    finals = record.final_scores()
    note = {"kan": " (rounded to whole kan)",
            "shillings": " (rounded to whole shillings, less 10/-)"}.get(rules.unit.key, "")
    lines.append(f"Final scores{note}: "
                 + ", ".join(f"{w} {format_amount(rules, finals[n])}"
                             for w, n in zip(who, record.names))
                 + f"; {who[record.names.index(record.winner)]} wins the game")
    return lines


def _hands_line(r: Any, who: Sequence[str]) -> list[str]:
    return [f"  {who[s]} holds {_names(r.hands[s])}" for s in r.active]


#: Adapters by the name a registry entry gives (``adapter`` and its argument).
ADAPTERS = {"capture": CaptureAdapter, "hachihachi": HachiHachiAdapter}


def make_adapter(kind: str, rules_module: str) -> Any:
    """The adapter a registry entry names: ``kind`` (a key of :data:`ADAPTERS`) over the
    game's rules module."""
    try:
        return ADAPTERS[kind](rules_module)
    except KeyError:
        raise HanafudaError(f"no play adapter {kind!r}; adapters: {', '.join(ADAPTERS)}") \
            from None

