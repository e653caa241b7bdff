"""The sample deal: shuffle and deal a capture game, and see misdeals and hiki.

The :class:`~hanafuda_core.controllers.DealController` deals and checks; this
view only lays the deal out and shows the core's messages. Bad input never
shows a traceback: the message goes to a notice and the last good deal stays.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import ipywidgets as widgets

from ..cards import Card
from ..controllers import MAX_SEED, DealController
from ..errors import HanafudaError
from ..render import svg
from .static import notice_html

__all__ = ["SampleDeal"]

_BIG_BUTTON = {"font_size": "17px", "font_weight": "600"}


# ipywidgets ships no type information, so its classes are Any to mypy.
class SampleDeal(widgets.VBox):  # type: ignore[misc]
    """Players, seed, a "Deal" button, and the hands, field and stock."""

    def __init__(self, controller: DealController | None = None, *, width: int = 80,
                 deal_now: bool = True) -> None:
        self.controller = controller or DealController()
        self.width = width
        ctl = self.controller
        self.players = widgets.ToggleButtons(
            options=[(f"{n} players", n) for n in ctl.player_choices()], value=ctl.players,
            description="Players", layout=widgets.Layout(width="auto"),
            style={"description_width": "70px", "button_width": "110px", "font_weight": "600"})
        self.seed = widgets.IntText(value=ctl.seed, description="Next seed",
                                    style={"description_width": "90px"},
                                    layout=widgets.Layout(width="220px"))
        self.new_seed_button = widgets.Button(
            description="New seed", tooltip="Pick a random seed for the next deal",
            style=_BIG_BUTTON, layout=widgets.Layout(width="130px", height="40px"))
        self.deal_button = widgets.Button(
            description="Deal", button_style="primary",
            tooltip="Shuffle with the seed shown and deal",
            style=_BIG_BUTTON, layout=widgets.Layout(width="130px", height="40px"))
        self.message = widgets.HTML()   # errors and hints
        self.status = widgets.HTML()    # which deal this is, misdeals, hiki
        self.table = widgets.HTML()     # the cards

        self.deal_button.on_click(lambda _: self.deal())
        self.new_seed_button.on_click(lambda _: self.pick_new_seed())

        controls = widgets.HBox([self.players, self.seed, self.new_seed_button,
                                 self.deal_button],
                                layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        super().__init__([controls, self.message, self.status, self.table])
        self.add_class("hanafuda-sample-deal")
        if deal_now:
            self.deal()
        else:
            self.status.value = notice_html("Click Deal to shuffle and deal.", "info")

    # -- actions (each catches the core's errors and shows them) -------------
    def deal(self, players: int | None = None, seed: int | None = None) -> bool:
        """Deal with the widgets' values (or the given ones); True if it dealt."""
        players = self.players.value if players is None else players
        seed = self.seed.value if seed is None else seed
        try:
            self.controller.deal(players=players, seed=seed)
        except HanafudaError as error:
            self.show_error(str(error))
            return False
        self.message.value = ""
        self.seed.value = self.controller.seed
        self._render()
        return True

    def pick_new_seed(self) -> int:
        seed = self.controller.new_seed()
        self.seed.value = seed
        self.message.value = notice_html(f"New seed {seed}: click Deal to use it.", "info")
        return seed

    def show_error(self, text: str) -> None:
        self.message.value = notice_html(
            f"{text[:1].upper()}{text[1:]}. The last good deal is still shown.", "error",
            title="Cannot deal:")

    # -- drawing -------------------------------------------------------------
    def _render(self) -> None:
        ctl = self.controller
        dealt = ctl.last
        assert dealt is not None, "a deal is drawn only once it is dealt"
        lines = [notice_html(
            f"{ctl.summary()}. To show this deal again, set Next seed to {dealt.seed} and "
            f"click Deal (seeds run from 0 to {MAX_SEED:,}).", "info", title="This deal:")]
        misdeals = ctl.misdeal_messages()
        if misdeals:
            lines.append(notice_html(
                " ".join(misdeals) + " Redeal: the same dealer shuffles and deals again "
                "(click Deal). The highlighted cards show why.", "warning"))
        for text in ctl.hiki_messages():
            lines.append(notice_html(text + " The highlighted cards show it.", "warning"))
        self.status.value = "".join(lines)
        marked = ctl.hiki_cards() | ctl.misdeal_cards()
        self.table.value = (f'<div class="hanafuda-deal" data-seed="{dealt.seed}" '
                            f'data-misdeal="{str(dealt.is_misdeal).lower()}" '
                            f'style="font-size:17px">{self._layout(ctl.rows(), marked)}</div>')

    def _layout(self, rows: Sequence[tuple[str, object]], highlight: Iterable[Card]) -> str:
        return svg.layout_html(rows, width=self.width, highlight=highlight)

    def __repr__(self) -> str:  # short, so a test failure stays readable
        last = self.controller.last
        return f"SampleDeal(players={self.controller.players}, " \
               f"last_seed={None if last is None else last.seed})"

