"""A whole game by computer players, charted round by round, for every playable game.

:class:`WholeGameChart` plays a seeded game (``Game.play``: its own length, Koi-Koi's
twelve rounds, Hachi-Hachi's twelve deals, Six Hundred's race) between computer players
and reads every number from the record: each round's points, winner and reason, the
running totals, the drawing for the first dealer. A game whose rules module names more
to show (``WHOLE_GAME``: Hachi-Hachi's months, field multipliers and the payments
outside its deals, :func:`hanafuda_core.games.hachihachi_game.whole_game_marks`) adds it.
Pure Python; :class:`hanafuda_core.widgets.generic.WholeGameView` draws it, with
:func:`whole_game_alt` as the chart's text alternative.

>>> chart = WholeGameChart("koikoi", seed=1)
>>> len(chart.rows()) == len(chart.record.rounds), chart.names
(True, ('Player 1 (greedy)', 'Player 2 (greedy)'))
>>> "running total" in whole_game_alt(chart)
True
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from ..controllers import SeededTool, check_seed
from ..errors import HanafudaError, OptionError
from ..play import Game, Record, count_word
from .facts import game_data, preset_label, presets, usual_players
from .tools import amount_text, as_play_game

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["WholeGameChart", "lineups", "whole_game_alt"]

def lineups(game: Game, players: int | None = None) -> dict[str, tuple[str, ...]]:
    """The computer line-ups the chart offers (one agent name per seat), by label:
    every seat the simple greedy player, greedy and random players in turn, every seat
    random. Hachi-Hachi: "three greedy players", "greedy, random, greedy", ...

    >>> from hanafuda_core import get_game
    >>> list(lineups(get_game("hachihachi")))
    ['three greedy players', 'greedy, random, greedy', 'three random players']
    """
    n = usual_players(game) if players is None else players
    names = game.agent_names
    greedy = "greedy" if "greedy" in names else names[0]
    rand = "random" if "random" in names else names[0]
    mixed = tuple(greedy if i % 2 == 0 else rand for i in range(n))
    out = {f"{count_word(n)} {greedy} players": (greedy,) * n, ", ".join(mixed): mixed,
           f"{count_word(n)} {rand} players": (rand,) * n}
    return out


class WholeGameChart(SeededTool):
    """A seeded whole game of ``game`` played by computer players, as running totals
    round by round. ``record`` is the game's :class:`~hanafuda_core.play.Record`.

    Only the rounds' own points are charted; what a game pays outside its rounds
    (Hachi-Hachi's month chart chips, half-time pot and award) is listed in
    :meth:`end_rows`. Everything is checked before a new game replaces the one shown.
    """

    _record: Record

    def __init__(self, game: Game | str, seed: int = 1, preset: str | None = None,
                 agents: str | None = None) -> None:
        self.game = as_play_game(game, preset)
        self.players = usual_players(self.game)
        self._agents = next(iter(lineups(self.game, self.players))) if agents is None \
            else agents
        self._preset = self.game.preset
        self._seed = check_seed(seed)
        self.play(seed, self._preset, self._agents)

    # -- state ---------------------------------------------------------------
    @property
    def record(self) -> Record:
        return self._record

    @property
    def agents(self) -> str:
        return self._agents

    def lineups(self, preset: str | None = None) -> dict[str, tuple[str, ...]]:
        """The line-ups offered for the game shown, or for the game under ``preset``
        (its own number of players: a preset for three seats three)."""
        if preset is None or preset == self.game.preset:
            return lineups(self.game, self.players)
        game = self._game(preset)
        return lineups(game, usual_players(game))

    def _game(self, preset: str) -> Game:
        if preset not in presets(self.game):
            raise OptionError(f"unknown {self.game.name} rules {preset!r}; choose one of: "
                              f"{', '.join(presets(self.game))}")
        from ..registry import get_game
        return self.game if preset == self.game.preset else get_game(self.game.key, preset)

    def preset_choices(self) -> tuple[tuple[str, str], ...]:
        """(label for readers, preset) for each preset of the game."""
        return tuple((preset_label(self.game, p), p) for p in presets(self.game))

    @property
    def round_word(self) -> str:
        """What the game calls its rounds ("rounds", "deals")."""
        return self.game.round_word

    # -- changes ---------------------------------------------------------------
    def play(self, seed: int | None = None, preset: str | None = None,
             agents: str | None = None) -> Record:
        """Play a new game (everything checked first; nothing changes on error)."""
        seed = self._seed if seed is None else check_seed(seed)
        preset = self._preset if preset is None else preset
        game = self._game(preset)
        agents = self._agents if agents is None else agents
        offered = self.lineups(preset)
        shown = list(self.lineups())
        if agents not in offered and agents in shown and len(shown) == len(offered):
            # a line-up of the game shown, for rules that seat another number: the same
            # line-up at the new table ("two greedy players" -> "three greedy players")
            agents = list(offered)[shown.index(agents)]
        if agents not in offered:
            raise HanafudaError(f"unknown line-up {agents!r}; choose one of: "
                                f"{', '.join(offered)}")
        record = game.play(offered[agents], seed=seed)
        marks = self._marks(game, record, offered[agents])
        self.game, self._record, self._marks_data = game, record, marks
        self._seed, self._preset, self._agents = seed, preset, agents
        self.players = record.players
        return record

    def _marks(self, game: Game, record: Record, agents: tuple[str, ...]) -> dict[str, Any]:
        named = game_data(game, "WHOLE_GAME")
        if not named:
            return {}
        from importlib import import_module
        module = import_module(f"hanafuda_core.{named[0]}")
        names = tuple(f"Player {i + 1} ({a})" for i, a in enumerate(agents))
        return dict(getattr(module, named[1])(record, names))

    # -- answers -----------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f"Player {i + 1} ({a})" for i, a in enumerate(self._record.agents))

    def fmt(self, amount: int) -> str:
        """An amount as the rules write it."""
        return amount_text(self.game, amount)

    def labels(self) -> list[str]:
        """Each round's label (Hachi-Hachi: its month; else its number)."""
        given = self._marks_data.get("labels")
        return list(given) if given else [str(i + 1) for i in range(len(self._record.rounds))]

    @property
    def label_word(self) -> str:
        return str(self._marks_data.get("label_word", self.round_word.rstrip("s")))

    def multipliers(self) -> list[int]:
        """Each round's multiplier of every payment (1 where the game has none)."""
        given = self._marks_data.get("multipliers")
        return list(given) if given else [1] * len(self._record.rounds)

    def series(self) -> dict[str, list[int]]:
        """Cumulative result of each player after each round (smallest unit)."""
        out: dict[str, list[int]] = {n: [] for n in self.names}
        run = [0] * len(self.names)
        for rr in self._record.rounds:
            points = (rr.outcome or {}).get("points") or [0] * len(run)
            run = [a + int(b) for a, b in zip(run, points)]
            for n, v in zip(self.names, run):
                out[n].append(v)
        return out

    def rows(self) -> list[dict[str, str]]:
        """One row per round: its label, multiplier ("x2"), winner and how, and each
        player's points with the running total in brackets."""
        series = self.series()
        out = []
        for i, (rr, label, m) in enumerate(zip(self._record.rounds, self.labels(),
                                               self.multipliers())):
            outcome = rr.outcome or {}
            winner = outcome.get("winner")
            line = {"round": label, "field": f"x{m}",
                    "winner": self.names[winner] if isinstance(winner, int) else "nobody",
                    "how": str(outcome.get("reason", ""))}
            for p, n in enumerate(self.names):
                pts = (outcome.get("points") or [0] * len(self.names))[p]
                line[n] = f"{self.fmt(int(pts))} ({self.fmt(series[n][i])})"
            out.append(line)
        return out

    def totals(self) -> dict[str, int]:
        """Each player's total: the rounds' points, and what the game pays outside them."""
        given = self._marks_data.get("totals")
        if given:
            return {str(n): int(v) for n, v in given.items()}
        return {n: (v[-1] if v else 0) for n, v in self.series().items()}

    @property
    def winner(self) -> str:
        given = self._marks_data.get("winner")
        if given:
            return str(given)
        said = self._record.summary.get("winner")
        try:
            return self.names[int(str(said))]
        except (TypeError, ValueError, IndexError):
            totals = self.totals()
            return max(self.names, key=lambda n: (totals[n], -self.names.index(n)))

    def end_rows(self) -> list[tuple[str, str]]:
        """How the first dealer was chosen, the payments outside the rounds, the totals,
        and why the game ended early (where it did)."""
        lines = []
        draw = self._record.summary.get("first_dealer")
        if draw:
            from ..seating import DealerDraw
            lines.append(("First dealer", DealerDraw.from_dict(draw).sentence(self.names)))
        for label, amount, reason in self._marks_data.get("payments", ()):
            lines.append((label, f"{self.fmt(int(amount))}: {reason}"))
        lines += [(f"Total for {n}", self.fmt(v)) for n, v in self.totals().items()]
        if self._marks_data.get("ended_early"):
            lines.append(("Ended early", str(self._marks_data["ended_early"])))
        return lines

    def summary(self) -> str:
        n = len(self._record.rounds)
        return (f"Seed {self._seed} · {preset_label(self.game, self._preset)} · "
                f"{self._agents} · {n} {self.round_word if n != 1 else self.round_word[:-1]}"
                f" · game winner: {self.winner}")

    def shade_note(self) -> str:
        """What a shaded round means on the chart ("" where no round is multiplied)."""
        return str(self._marks_data.get("shade", "")) if any(
            m > 1 for m in self.multipliers()) else ""

    def figure(self, width: float = 9.0, height: float = 4.6) -> Figure:
        """The chart as a matplotlib Figure (matplotlib is imported here, not before)."""
        from matplotlib.figure import Figure
        fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
        ax = fig.add_subplot()
        labels = self.labels()
        xs = list(range(1, len(labels) + 1))
        scale = int(getattr(self.game.rules, "combo_scale", 1))
        unit = getattr(self.game.rules, "unit", None)
        label = "points" if scale == 1 or unit is None else unit.major
        for x, m in zip(xs, self.multipliers()):
            if m > 1:
                ax.axvspan(x - 0.5, x + 0.5, color="#f2c14e" if m == 2 else "#e07a5f",
                           alpha=0.18 if m == 2 else 0.25, linewidth=0)
                ax.annotate(f"x{m}", (x, 1.0), xycoords=("data", "axes fraction"),
                            xytext=(0, -14), textcoords="offset points", ha="center",
                            fontsize=10, fontweight="bold", color="#7a4b00")
        markers = ("o", "s", "^", "D", "v", "P", "X")
        for i, (name, values) in enumerate(self.series().items()):
            ax.plot(xs, [v / scale for v in values], marker=markers[i % len(markers)],
                    linewidth=2, label=name)
        ax.axhline(0, color="#555", linewidth=0.8)
        ax.set_xticks(xs, labels)
        ax.set_xlim(0.5, len(xs) + 0.5)
        ax.set_xlabel(_first_upper(self.label_word))
        ax.set_ylabel(f"Running total ({label})")
        shade = self.shade_note()
        ax.set_title(f"A whole game of {self.game.name}: "
                     f"{preset_label(self.game, self._preset)}, seed {self._seed}"
                     + (f" (shaded: {shade.split(',')[0]})" if shade else ""), fontsize=11)
        ax.grid(axis="y", alpha=0.3)
        ax.legend(loc="best", fontsize=9)
        return fig

    def png(self, **kwargs: float) -> bytes:
        """The chart as PNG bytes."""
        buf = io.BytesIO()
        self.figure(**kwargs).savefig(buf, format="png")
        return buf.getvalue()


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def whole_game_alt(chart: WholeGameChart) -> str:
    """The chart in words: what it draws, the game, and each player's running total
    after the last round (the table under the chart gives every round)."""
    rows = chart.rows()
    finals = "; ".join(f"{name} {rows[-1][name]}" for name in chart.names) if rows else ""
    one = chart.round_word[:-1]
    after = (f"after each of the {len(rows)} {chart.round_word}" if len(rows) != 1
             else f"after the game's only {one}")
    return (f"Line chart of each player's running total {after}. {chart.summary()}."
            + (f" After the last {chart.round_word[:-1]}: {finals}." if finals else "")
            + f" The table below gives every {chart.round_word[:-1]}.")
