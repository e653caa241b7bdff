"""Write an HTML sheet of every card for checking the art by eye.

Usage: python tools/render_preview.py OUT.html [--width 96] [--month N]

The sheet shows the deck grid (Japanese order), the extras, the back, a
highlighted card, a layout with a draw pile, and an empty row. ``--month``
shows one month only, large, for checking details.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hanafuda_core.cards import Card, Extra  # noqa: E402
from hanafuda_core.render import card_back_svg, card_svg, deck_grid_html, layout_html, row_svg  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="path of the HTML file to write")
    parser.add_argument("--width", type=float, default=96, help="card width in pixels")
    parser.add_argument("--month", type=int, choices=range(1, 13), metavar="1-12",
                        help="show only this month's cards")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    if args.month:
        cards = [Card((args.month - 1) * 4 + p) for p in range(4)]
        body = "".join(card_svg(c, width=args.width) for c in cards)
    else:
        body = (deck_grid_html(width=args.width)
                + "<h2>Extras, back, highlight, caption</h2>"
                + "".join(card_svg(e, width=args.width) for e in Extra)
                + card_back_svg(args.width)
                + card_svg(Card.SUSUKI_MOON, width=args.width, highlight=True)
                + card_svg(Card.MAPLE_DEER, width=args.width, label="captured")
                + "<h2>Layout</h2>"
                + layout_html([("Hand", "1a 3b 5c 8a 9a 11a 11d 12b"), ("Field", []),
                               ("Stock", 24), ("Opponent", [None, None, None])],
                              width=args.width * 0.7, highlight=["8a"])
                + "<h2>row_svg</h2>"
                + row_svg("1a 1b 1c 1d 2a 2b 2c 2d 3a 3b 3c 3d 4a 4b", width=48,
                          label="row_svg, wrap 6", wrap=6)
                + row_svg([], label="empty row"))
    elapsed = (time.perf_counter() - start) * 1000
    html = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Hanafuda card art"
            "</title></head><body style='background:#eee;margin:12px'>"
            f"<p>Rendered in {elapsed:.1f} ms</p>{body}</body></html>")
    Path(args.out).write_text(html, encoding="utf-8")
    print(f"wrote {args.out} ({len(html) // 1024} KiB, {elapsed:.1f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
