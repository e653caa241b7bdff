"""Drawing primitives and the month motifs of the card art (pure-string SVG).

Every function returns an SVG fragment as a string, drawn in the card's own
coordinates: a card is 100 units wide and 160 tall, its picture fills
x 3-97, y 3-142 and a label band sits below (y 142-157). Nothing here uses an
``id``, a gradient, a pattern or an external reference, so any number of
cards can be inlined into one HTML page without clashes.

The pictures are original drawings made by this module's code from circles,
ellipses, paths and polygons; see ``ART-LICENSE.md`` at the project root.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import cache

__all__ = ["PAINTERS", "MARKS", "bright_badge", "ten_badge", "ribbon", "koi", "num"]

# ---------------------------------------------------------------------------
# Primitives


def num(x: float) -> str:
    """A compact number for an SVG attribute (``12.5``, ``3``, ``-0.25``)."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _attrs(kw: dict[str, object]) -> str:
    out = []
    for key, value in kw.items():
        if value is None:
            continue
        key = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = num(value)
        out.append(f' {key}="{value}"')
    return "".join(out)


def circle(cx: float, cy: float, r: float, fill: str, **kw: object) -> str:
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"{_attrs(kw)}/>'


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, rot: float = 0,
            **kw: object) -> str:
    tr = f' transform="rotate({num(rot)} {num(cx)} {num(cy)})"' if rot else ""
    return (f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(rx)}" ry="{num(ry)}" '
            f'fill="{fill}"{tr}{_attrs(kw)}/>')


def rect(x: float, y: float, w: float, h: float, fill: str, **kw: object) -> str:
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
            f'fill="{fill}"{_attrs(kw)}/>')


def path(d: str, fill: str = "none", **kw: object) -> str:
    return f'<path d="{d}" fill="{fill}"{_attrs(kw)}/>'


def stroke(d: str, color: str, width: float, **kw: object) -> str:
    """An open path drawn as a line with round ends."""
    return (f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{num(width)}" '
            f'stroke-linecap="round" stroke-linejoin="round"{_attrs(kw)}/>')


def polygon(points: Iterable[tuple[float, float]], fill: str, **kw: object) -> str:
    pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return f'<polygon points="{pts}" fill="{fill}"{_attrs(kw)}/>'


def group(content: str, transform: str | None = None, **kw: object) -> str:
    tr = f' transform="{transform}"' if transform else ""
    return f"<g{tr}{_attrs(kw)}>{content}</g>"


def place(unit: str, x: float, y: float, scale: float = 1, rot: float = 0) -> str:
    """Put a shape drawn around (0, 0) at (x, y), turned and scaled."""
    tr = f"translate({num(x)},{num(y)})"
    if rot:
        tr += f" rotate({num(rot)})"
    if scale != 1:
        tr += f" scale({num(scale)})"
    return f'<g transform="{tr}">{unit}</g>'


def _rng(seed: int) -> Callable[[], float]:
    """A tiny deterministic random source (the art must not change between runs)."""
    state = [seed * 2654435761 % 2**32 or 1]

    def nxt() -> float:
        state[0] = (1103515245 * state[0] + 12345) % 2**31
        return state[0] / 2**31
    return nxt


def sky(color: str, bottom: float, waves: int = 3, top: float = 0) -> str:
    """A coloured sky from ``top`` down to a softly waved edge at ``bottom``."""
    step = 100 / waves
    d = f"M0,{num(top)} H100 V{num(bottom)}"
    for i in range(waves):
        x0 = 100 - i * step
        dip = bottom + (6 if i % 2 else -6)
        d += f" Q{num(x0 - step / 2)},{num(dip)} {num(x0 - step)},{num(bottom)}"
    return path(d + " Z", color)


def haze(x: float, y: float, w: float, h: float, color: str, opacity: float = 1) -> str:
    """A band of mist (kasumi): two rounded bars, slightly offset."""
    op = None if opacity == 1 else opacity
    return (rect(x, y, w, h, color, rx=num(h / 2), opacity=op)
            + rect(x + w * 0.25, y + h * 0.55, w * 0.7, h, color, rx=num(h / 2), opacity=op))


def star(cx: float, cy: float, r_out: float, r_in: float, points: int,
         rot: float = -90) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# ---------------------------------------------------------------------------
# Kind badges and the ribbon (tanzaku)

INK = "#1f1a17"


def bright_badge(cx: float = 85, cy: float = 15) -> str:
    """Bright: a rayed sun in a white disc (shape, not only colour)."""
    return (circle(cx, cy, 10.5, "#fffdf5", stroke=INK, stroke_width=0.9)
            + polygon(star(cx, cy, 9.4, 5.2, 12), "#d8261c", stroke=INK, stroke_width=0.5)
            + circle(cx, cy, 4.2, "#f6c744", stroke=INK, stroke_width=0.5))


def ten_badge(cx: float = 85, cy: float = 15) -> str:
    """Ten: a diamond in a white disc."""
    return (circle(cx, cy, 10.5, "#fffdf5", stroke=INK, stroke_width=0.9)
            + polygon([(cx, cy - 8.5), (cx + 6.5, cy), (cx, cy + 8.5), (cx - 6.5, cy)],
                      "#2f6fb3", stroke=INK, stroke_width=0.6)
            + polygon([(cx, cy - 3.6), (cx + 2.7, cy), (cx, cy + 3.6), (cx - 2.7, cy)],
                      "#fffdf5"))


RIBBON_COLOURS = {"poetry": "#cf2a2a", "purple": "#4b3b9c", "plain": "#cf2a2a"}


def ribbon(kind: str, cx: float = 52, cy: float = 74, rot: float = -13) -> str:
    """The ribbon strip crossing the card. Poetry ribbons carry brush strokes."""
    fill = RIBBON_COLOURS[kind]
    body = (stroke("M0,-50 C-3,-56 -6,-58 -9,-61", "#6b4a2b", 0.9)
            + rect(-8.5, -50, 17, 96, fill, rx=1.2, stroke=INK, stroke_width=0.9)
            + rect(-6.3, -47.5, 12.6, 91, "none", stroke="#f4d98a", stroke_width=0.6)
            + path("M-8.5,46 L-8.5,52 L0,48.5 L8.5,52 L8.5,46 Z", fill,
                   stroke=INK, stroke_width=0.9))
    if kind == "poetry":
        ink = "#111"
        body += (stroke("M-1,-40 q4,1 1,5 q-3,3 2,5", ink, 1.6)
                 + stroke("M-3,-24 q5,-2 5,2 q-1,5 -4,4 q-2,-2 3,-4", ink, 1.4)
                 + stroke("M1,-12 q-3,4 0,7 q3,3 -2,7", ink, 1.6)
                 + stroke("M-3,8 h6 M0,6 q2,6 -2,10", ink, 1.4)
                 + stroke("M-2,24 q5,0 3,4 q-2,4 -4,2 q3,-1 4,6", ink, 1.4))
    return group(body, f"translate({num(cx)},{num(cy)}) rotate({num(rot)})")


# ---------------------------------------------------------------------------
# Shared plant and creature pieces

PINE = "#2d6b36"
PINE_DARK = "#173d1e"
BARK = "#5d3f27"


def pine_tuft(cx: float, cy: float, r: float) -> str:
    d = f"M{num(cx - r)},{num(cy)} A{num(r)},{num(r)} 0 0 1 {num(cx + r)},{num(cy)} Z"
    needles = " ".join(
        f"M{num(cx)},{num(cy)} L{num(cx + 0.9 * r * math.cos(math.radians(a)))},"
        f"{num(cy - 0.9 * r * math.sin(math.radians(a)))}" for a in range(18, 170, 18))
    ri = r * 0.55
    inner = f"M{num(cx - ri)},{num(cy)} A{num(ri)},{num(ri)} 0 0 1 {num(cx + ri)},{num(cy)} Z"
    return (path(d, PINE, stroke=PINE_DARK, stroke_width=0.9)
            + path(inner, "#3f8a45")
            + stroke(needles, "#9cc76e", 0.6))


def pine_scene(tufts: Sequence[tuple[float, float, float]], trunk: str) -> str:
    return (stroke(trunk, "#3b2716", 6.5) + stroke(trunk, BARK, 4.5)
            + "".join(pine_tuft(*t) for t in tufts))


@cache
def _plum_unit(colour: str) -> str:
    """A plum blossom of radius 10 around (0, 0)."""
    out = "".join(circle(5.5 * math.cos(math.radians(a)), 5.5 * math.sin(math.radians(a)), 5,
                         colour) for a in range(-90, 270, 72))
    return (f'<g stroke="#7d0f20" stroke-width="0.7">{out}</g>'
            + circle(0, 0, 3, "#fbe39a") + circle(0, 0, 1.2, "#7d0f20"))


def plum_blossom(cx: float, cy: float, r: float, colour: str = "#d8223c") -> str:
    return place(_plum_unit(colour), cx, cy, r / 10)


def _turned(points: Sequence[tuple[float, float]], degrees: float) -> list[str]:
    c, si = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return [f"{round(x * c - y * si, 1):g},{round(x * si + y * c, 1):g}" for x, y in points]


@cache
def _cherry_unit() -> str:
    """A cherry blossom of radius 10 around (0, 0): five notched petals in one path."""
    d = ""
    for k in range(5):
        p = _turned([(0, 0), (-5.5, -2.5), (-5.5, -9.5), (-1.6, -10), (0, -8.4), (1.6, -10),
                     (5.5, -9.5), (5.5, -2.5), (0, 0)], k * 72)
        d += f"M{p[0]} C{p[1]} {p[2]} {p[3]} L{p[4]} L{p[5]} C{p[6]} {p[7]} {p[8]} Z "
    return (path(d.strip(), "#f8bccd", stroke="#d5708f", stroke_width=0.65,
                 stroke_linejoin="round")
            + circle(0, 0, 2.4, "#f4dfe6", stroke="#e0517a", stroke_width=0.8)
            + circle(0, 0, 0.9, "#c93a64"))


def cherry_blossom(cx: float, cy: float, r: float, rot: float = 0) -> str:
    return place(_cherry_unit(), cx, cy, r / 10, rot)


def cherry_cluster(cx: float, cy: float, s: float = 1.0, seed: int = 0) -> str:
    rnd = _rng(seed + 7)
    spots = [(-7, -4), (7, -3), (0, 0), (-3, 6), (5, 7), (-9, 5)]
    return "".join(cherry_blossom(cx + dx * s, cy + dy * s, (6 + 2 * rnd()) * s,
                                  int(rnd() * 70)) for dx, dy in spots)


def wisteria(x: float, y0: float, length: float, sway: float = 3, seed: int = 0) -> str:
    rnd = _rng(seed + 11)
    out = stroke(f"M{num(x)},{num(y0)} q{num(sway)},{num(length / 2)} 0,{num(length)}",
                 "#4e6b2e", 0.6)
    dark: list[str] = []
    light: list[str] = []
    n = int(length / 3.6)
    for i in range(n):
        t = i / n
        y = y0 + t * length
        size = 4.2 * (1 - 0.65 * t)
        off = sway * math.sin(t * math.pi)
        for side in (-1, 1):
            (dark if (i + side) % 2 else light).append(
                f'<ellipse cx="{num(x + off + side * size * (0.55 + 0.3 * rnd()))}" '
                f'cy="{num(y)}" rx="{num(size * 0.62)}" ry="{num(size * 0.45)}"/>')
    return (out + f'<g stroke="#40226e" stroke-width="0.3" fill="#6b3fa3">{"".join(dark)}</g>'
            f'<g stroke="#40226e" stroke-width="0.3" fill="#9a77d1">{"".join(light)}</g>')


def wisteria_leaves(y: float, seed: int = 0) -> str:
    rnd = _rng(seed + 3)
    out = stroke(f"M0,{num(y)} C30,{num(y - 6)} 60,{num(y + 6)} 100,{num(y - 2)}", "#5b4026", 2)
    for i in range(12):
        x = 4 + i * 8.3
        out += ellipse(x, y + 3 + 4 * rnd(), 5.5, 2, "#4f8a34", rot=30 + 40 * rnd(),
                       stroke="#2d5a1c", stroke_width=0.4)
    return out


def iris_leaf(x: float, dx: float, tip: float) -> str:
    mid = (142 + tip) / 2
    d = (f"M{num(x - 2.6)},143 Q{num(x + dx * 0.3 - 1)},{num(mid)} {num(x + dx)},{num(tip)} "
         f"Q{num(x + dx * 0.3 + 3)},{num(mid)} {num(x + 2.6)},143 Z")
    return path(d, "#3c8c43", stroke="#1f5325", stroke_width=0.6)


def iris_flower(cx: float, cy: float, s: float = 1.0) -> str:
    out = stroke(f"M{num(cx)},{num(cy + 6 * s)} L{num(cx)},143", "#2f6e35", 1.6)
    dx: float
    for rot, dx in ((40, -5), (-40, 5), (0, 0)):
        out += ellipse(cx + dx * s, cy + 5 * s, 3.6 * s, 7 * s, "#4a2c97", rot=rot,
                       stroke="#24124f", stroke_width=0.5)
        out += ellipse(cx + dx * s * 1.2, cy + 6.5 * s, 1.1 * s, 2.6 * s, "#f4d03f", rot=rot)
    for rot, dx in ((-18, -2.5), (18, 2.5)):
        out += ellipse(cx + dx * s, cy - 3 * s, 2.6 * s, 6 * s, "#7e62cc", rot=rot,
                       stroke="#24124f", stroke_width=0.5)
    return out


@cache
def _peony_unit(colour: str, light: str) -> str:
    """A peony of radius 10 around (0, 0)."""
    outer = "".join(ellipse(5.5 * math.cos(math.radians(a)), 5.5 * math.sin(math.radians(a)),
                            4.8, 3.4, colour, rot=a) for a in range(0, 360, 36))
    inner = "".join(ellipse(3 * math.cos(math.radians(a)), 3 * math.sin(math.radians(a)),
                            3, 2.2, light, rot=a) for a in range(20, 380, 51))
    return (f'<g stroke="#7a1030" stroke-width="0.2">{outer}</g>'
            f'<g stroke="#a0183c" stroke-width="0.17">{inner}</g>'
            + circle(0, 0, 1.7, "#f7d54a", stroke="#a07a10", stroke_width=0.17))


def peony(cx: float, cy: float, r: float, colour: str = "#d42a4e",
          light: str = "#f07a93") -> str:
    return place(_peony_unit(colour, light), cx, cy, r / 10)


def peony_leaf(cx: float, cy: float, s: float, rot: float) -> str:
    body = "".join(ellipse(dx, dy, 3.2, 8, "#2f7d3a", rot=a, stroke="#174a1f",
                           stroke_width=0.5)
                   for dx, dy, a in ((0, -8, 0), (-6, -3, -55), (6, -3, 55)))
    body += stroke("M0,6 L0,-14 M0,0 L-9,-6 M0,0 L9,-6", "#174a1f", 0.5)
    return group(body, f"translate({num(cx)},{num(cy)}) rotate({num(rot)}) scale({num(s)})")


_CLOVER_FLOWER = ('<g stroke="#6d0d33" stroke-width="0.3">'
                  + ellipse(-1.6, 0, 1.7, 2.6, "#c2185b", rot=-25)
                  + ellipse(1.6, 0.4, 1.7, 2.6, "#e04a86", rot=25) + "</g>")
_CLOVER_LEAVES = (ellipse(-2.2, 0, 2.6, 1.4, "#5f9136", rot=-20)
                  + ellipse(2.2, 0, 2.6, 1.4, "#4b7c2b", rot=20))


def clover_stem(d: str, points: Sequence[tuple[float, float]], seed: int = 0) -> str:
    rnd = _rng(seed + 5)
    out = stroke(d, "#3d2b2f", 1.1)
    for x, y in points:
        if rnd() < 0.55:
            out += place(_CLOVER_FLOWER, x, y)
        else:
            out += place(_CLOVER_LEAVES, x, y, 1, int(40 * rnd() - 20))
    return out


def _along(x0: float, y0: float, cx: float, cy: float, x1: float, y1: float,
           n: int) -> list[tuple[float, float]]:
    """n points along a quadratic Bezier curve."""
    pts = []
    for i in range(1, n + 1):
        t = i / (n + 1)
        x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1
        y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1
        pts.append((x, y))
    return pts


def clover_scene(seed: int = 0, count: int = 4) -> str:
    out = ""
    arcs = [(4, 6, 60, 0, 92, 70), (3, 30, 50, 16, 80, 110), (6, 60, 40, 50, 70, 136),
            (97, 10, 50, 20, 20, 96), (97, 50, 70, 50, 40, 128)][:count]
    for i, (x0, y0, cx, cy, x1, y1) in enumerate(arcs):
        d = f"M{x0},{y0} Q{cx},{cy} {x1},{y1}"
        out += clover_stem(d, _along(x0, y0, cx, cy, x1, y1, 11), seed + i)
    return out


def hill(top: float = 70, colour: str = "#1d1a18") -> str:
    return path(f"M0,145 L0,{num(top + 26)} Q50,{num(top - 26)} 100,{num(top + 26)} L100,145 Z",
                colour)


def susuki(top: float = 70, seed: int = 0) -> str:
    rnd = _rng(seed + 13)
    out = ""
    for i in range(18):
        x = 3 + i * 5.3 + rnd() * 3
        base = top + 26 - 104 * (x / 100) * (1 - x / 100)   # on the hill's edge
        h = 16 + rnd() * 20
        lean = (rnd() - 0.5) * 16
        out += stroke(f"M{num(x)},{num(base + 6)} q{num(lean / 3)},{num(-h / 2)} "
                      f"{num(lean)},{num(-h)}", "#efe6c9", 0.9)
        out += stroke(f"M{num(x + 2)},{num(base + 14 + rnd() * 20)} q{num(lean / 4)},-8 "
                      f"{num(lean / 2)},-14", "#4a4540", 0.6)
        if i % 3 == 0:  # a feathery plume
            px, py = x + lean, base + 6 - h
            out += ellipse(px, py + 3, 1.6, 4.5, "#e9dcb2", rot=lean * 1.5)
    return out


@cache
def _chrysanthemum_unit(petal: str, edge: str, heart: str) -> str:
    """A chrysanthemum of radius 10 around (0, 0): petals are outlined round strokes."""
    def rays(r0: float, r1: float, n: int, offset: float) -> str:
        return " ".join(
            f"M{num(r0 * math.cos(math.radians(a)))},{num(r0 * math.sin(math.radians(a)))} "
            f"L{num(r1 * math.cos(math.radians(a)))},{num(r1 * math.sin(math.radians(a)))}"
            for a in (offset + i * 360 / n for i in range(n)))
    outer, inner = rays(3.5, 8.6, 18, 0), rays(2, 5, 12, 15)
    return (stroke(outer, edge, 2.9) + stroke(outer, petal, 2.2)
            + stroke(inner, edge, 2.3) + stroke(inner, petal, 1.7)
            + circle(0, 0, 2, heart, stroke=edge, stroke_width=0.3))


def chrysanthemum(cx: float, cy: float, r: float, petal: str = "#f2c12e",
                  edge: str = "#a8750d", heart: str = "#d9822b") -> str:
    return place(_chrysanthemum_unit(petal, edge, heart), cx, cy, r / 10)


def chrysanthemum_leaf(cx: float, cy: float, s: float, rot: float) -> str:
    body = (path("M0,-12 C7,-10 4,-5 8,-3 C12,0 5,4 7,8 C5,12 1,10 0,14 "
                 "C-1,10 -5,12 -7,8 C-5,4 -12,0 -8,-3 C-4,-5 -7,-10 0,-12 Z",
                 "#3d7d32", stroke="#1e4a19", stroke_width=0.6)
            + stroke("M0,14 L0,-10 M0,2 L5,-2 M0,2 L-5,-2 M0,8 L4,5 M0,8 L-4,5", "#1e4a19", 0.5))
    return group(body, f"translate({num(cx)},{num(cy)}) rotate({num(rot)}) scale({num(s)})")


def maple_leaf(cx: float, cy: float, r: float, rot: float = 0,
               fill: str = "#d62d20") -> str:
    pts = []
    for i in range(7):
        a = math.radians(-90 + (i - 3) * 38)
        b = math.radians(-90 + (i - 3) * 38 + 19)
        pts.append((r * math.cos(a), r * math.sin(a)))
        if i < 6:
            pts.append((0.42 * r * math.cos(b), 0.42 * r * math.sin(b)))
    pts.append((0.18 * r, 0.3 * r))
    pts.append((-0.18 * r, 0.3 * r))
    veins = " ".join(f"M0,0 L{num(0.8 * r * math.cos(math.radians(-90 + (i - 3) * 38)))},"
                     f"{num(0.8 * r * math.sin(math.radians(-90 + (i - 3) * 38)))}"
                     for i in range(7))
    body = (polygon(pts, fill, stroke="#6e120c", stroke_width=0.5)
            + stroke(veins + f" M0,0 L0,{num(0.75 * r)}", "#7d1a10", 0.45))
    return group(body, f"translate({num(cx)},{num(cy)}) rotate({num(rot)})")


def maple_branch(d: str, leaves: Sequence[tuple[float, float, float, float]]) -> str:
    colours = ("#d62d20", "#e8692a", "#c0201a", "#f09a2c")
    return (stroke(d, "#4a2c1c", 2.4)
            + "".join(maple_leaf(x, y, r, a, colours[i % 4])
                      for i, (x, y, r, a) in enumerate(leaves)))


WILLOW_SKY = "#59626a"


def rain(seed: int, count: int = 26, colour: str = "#c9d3da") -> str:
    rnd = _rng(seed + 17)
    d = " ".join(f"M{num(3 + rnd() * 94)},{num(3 + rnd() * 130)} l-3,9" for _ in range(count))
    return stroke(d, colour, 0.6, opacity="0.8")


def willow(xs: Sequence[float], seed: int = 0, length: float = 95) -> str:
    rnd = _rng(seed + 19)
    out = ""
    for x in xs:
        bend = (rnd() - 0.5) * 18
        ln = length * (0.7 + 0.3 * rnd())
        out += stroke(f"M{num(x)},0 q{num(bend)},{num(ln / 2)} {num(bend / 2)},{num(ln)}",
                      "#2f5e22", 1.1)
        for k in range(3, int(ln / 7)):
            t = k * 7 / ln
            px = x + bend * 2 * t * (1 - t) + bend / 2 * t * t
            side = 1 if k % 2 else -1
            out += ellipse(px + side * 2.2, k * 7, 3.4, 1.2,
                           "#7cc24a" if k % 3 else "#4f9a32", rot=side * 55)
    return out


def ground(colour: str = "#141414", top: float = 124) -> str:
    return path(f"M0,{num(top)} Q25,{num(top - 6)} 50,{num(top)} T100,{num(top)} V145 H0 Z",
                colour)


def paulownia_leaf(cx: float, cy: float, r: float, rot: float = 0) -> str:
    d = (f"M0,{num(-r)} C{num(r * 0.95)},{num(-r * 0.45)} {num(r * 1.1)},{num(r * 0.45)} "
         f"{num(r * 0.35)},{num(r * 0.75)} Q0,{num(r * 0.72)} 0,{num(r * 0.55)} "
         f"Q0,{num(r * 0.72)} {num(-r * 0.35)},{num(r * 0.75)} C{num(-r * 1.1)},{num(r * 0.45)} "
         f"{num(-r * 0.95)},{num(-r * 0.45)} 0,{num(-r)} Z")
    veins = (f"M0,{num(r * 0.6)} L0,{num(-r * 0.8)} M0,0 L{num(r * 0.6)},{num(-r * 0.35)} "
             f"M0,0 L{num(-r * 0.6)},{num(-r * 0.35)} M0,{num(r * 0.3)} L{num(r * 0.7)},"
             f"{num(r * 0.3)} M0,{num(r * 0.3)} L{num(-r * 0.7)},{num(r * 0.3)}")
    body = path(d, "#356b30", stroke="#173a16", stroke_width=0.8) + stroke(veins, "#8fbf5f", 0.6)
    return group(body, f"translate({num(cx)},{num(cy)}) rotate({num(rot)})")


def paulownia_spike(x: float, base: float, rows: int, s: float = 1.0) -> str:
    out = stroke(f"M{num(x)},{num(base)} L{num(x)},{num(base - rows * 6.5 * s)}", "#5d4a35", 1)
    for i in range(rows):
        y = base - 4 * s - i * 6.2 * s
        spread = (rows - i) * 0.55 + 0.6
        for k in (-1, 0, 1) if i < rows - 1 else (0,):
            if k == 0 and i % 2 == 0 and i < rows - 1:
                continue
            bx = x + k * spread * 3.2 * s
            out += (ellipse(bx, y, 2.5 * s, 3.4 * s, "#8a78b0", stroke="#463766",
                            stroke_width=0.4)
                    + ellipse(bx, y + 1.6 * s, 1.6 * s, 1.1 * s, "#e9e1f4"))
    return out


def paulownia_crest(cx: float, base: float, s: float = 1.0) -> str:
    """Three leaves under three flower spikes (the classic 5-7-5 arrangement)."""
    return (paulownia_spike(cx - 17 * s, base - 18 * s, 5, s)
            + paulownia_spike(cx, base - 22 * s, 7, s)
            + paulownia_spike(cx + 17 * s, base - 18 * s, 5, s)
            + paulownia_leaf(cx - 22 * s, base, 19 * s, -55)
            + paulownia_leaf(cx + 22 * s, base, 19 * s, 55)
            + paulownia_leaf(cx, base - 6 * s, 21 * s, 0))


# ---------------------------------------------------------------------------
# Creatures and objects of the named cards


def crane() -> str:
    return (
        # tail and wing tips (black), body (white), folded wing lines
        path("M30,106 C20,112 14,122 10,128 C20,124 26,122 32,118 Z", INK)
        + ellipse(44, 102, 21, 12.5, "#fbfbf7", rot=-22, stroke=INK, stroke_width=1)
        + stroke("M30,104 C40,98 50,95 60,92 M32,110 C42,104 52,100 60,97", "#8a8a8a", 0.7)
        + path("M26,108 C30,116 38,118 46,114 C40,112 34,110 26,108 Z", INK)
        # legs
        + stroke("M43,113 L40,136 L35,138 M40,136 L44,138 M50,111 L54,136 L49,138 M54,136 L58,137",
                 "#3a3a3a", 1.3)
        # neck (black front), head with red crown and beak
        + stroke("M58,94 C64,84 62,70 66,58", INK, 6)
        + stroke("M59,93 C63,86 62,76 63,68", "#fbfbf7", 2)
        + circle(67, 56, 4.6, INK)
        + circle(67.5, 53, 2.4, "#d8261c")
        + circle(69, 56.5, 0.9, "#fbfbf7")
        + polygon([(70.5, 55), (83, 58.5), (70.5, 58.5)], "#c9a227", stroke=INK,
                  stroke_width=0.4))


def nightingale(x: float, y: float) -> str:
    body = (polygon([(-9, 2), (-22, 9), (-20, 4)], "#5f7423", stroke="#2e3a10", stroke_width=0.5)
            + ellipse(0, 0, 11, 7, "#8aa33a", rot=-15, stroke="#2e3a10", stroke_width=0.7)
            + ellipse(2, 3, 7, 3.5, "#cfdc86", rot=-15)
            + ellipse(-2, -1, 7, 3.6, "#647d22", rot=-20)
            + circle(9, -6, 5.5, "#8aa33a", stroke="#2e3a10", stroke_width=0.7)
            + polygon([(13.5, -7.5), (18.5, -6), (13.5, -4.8)], "#3a3a20")
            + circle(10.5, -7, 1.5, "#fffbe8") + circle(10.8, -7, 0.8, "#111")
            + stroke("M0,6 L-1,10 M3,6 L4,10", "#5a4a30", 0.9))
    return group(body, f"translate({num(x)},{num(y)})")


def curtain() -> str:
    out = stroke("M0,56 L100,56", INK, 2.2)
    scallop = "M3,58 H97 V118"
    for i in range(6):
        x0 = 97 - i * 15.7
        scallop += f" Q{num(x0 - 7.85)},{num(130 if i % 2 else 126)} {num(x0 - 15.7)},118"
    scallop += " Z"
    out += path(scallop, "#f4ede0", stroke=INK, stroke_width=0.9)
    for i in range(3):  # red vertical panels
        x = 3 + 15.7 + i * 31.4
        out += rect(x, 58, 15.7, 62 + (6 if i % 2 else 10), "#c62828")
    out += path(scallop, "none", stroke=INK, stroke_width=0.9)
    for x in range(10, 97, 16):  # ties
        out += stroke(f"M{x},56 l-2,6 M{x},56 l2,6", INK, 0.9)
    # the crest: a white disc with a cherry blossom
    out += circle(50, 88, 13, "#fdf8ef", stroke=INK, stroke_width=1)
    out += circle(50, 88, 10.5, "none", stroke="#c62828", stroke_width=0.8)
    out += cherry_blossom(50, 88, 12, 0)
    return out


def cuckoo(x: float, y: float) -> str:
    body = (path("M-4,-2 C-12,-18 -22,-26 -30,-30 C-22,-16 -16,-8 -10,2 Z", "#33363d",
                 stroke=INK, stroke_width=0.5)
            + path("M2,-2 C10,-16 22,-24 32,-26 C22,-14 14,-6 8,3 Z", "#494d56",
                   stroke=INK, stroke_width=0.5)
            + polygon([(-12, 4), (-30, 12), (-28, 6), (-31, 3)], "#33363d", stroke=INK,
                      stroke_width=0.5)
            + ellipse(0, 3, 13, 5.5, "#454952", rot=-8, stroke=INK, stroke_width=0.6)
            + ellipse(1, 5.5, 9, 2.3, "#e6e3d6", rot=-8)
            + stroke("M-4,5.5 l1,2 M0,5.5 l1,2 M4,5 l1,2", "#777", 0.5)
            + circle(13, 0, 4, "#454952", stroke=INK, stroke_width=0.5)
            + polygon([(16.5, -1), (22, 0.5), (16.5, 1.8)], "#d4a017")
            + circle(14.2, -0.8, 1.1, "#f5c542") + circle(14.3, -0.8, 0.5, INK))
    return group(body, f"translate({num(x)},{num(y)}) rotate(-10)")


def crescent(cx: float, cy: float, r: float, fill: str = "#f6d55c") -> str:
    d = (f"M{num(cx)},{num(cy - r)} A{num(r)},{num(r)} 0 1 0 {num(cx)},{num(cy + r)} "
         f"A{num(r * 0.45)},{num(r)} 0 1 1 {num(cx)},{num(cy - r)} Z")
    return path(d, fill, stroke="#9c7b12", stroke_width=0.5)


def bridge() -> str:
    """The eight-plank bridge (yatsuhashi): planks laid in a zigzag."""
    out = ""
    segs = [((3, 86), (46, 106)), ((46, 106), (62, 90)), ((62, 90), (97, 112))]
    for (x0, y0), (x1, y1) in segs:
        dx, dy = x1 - x0, y1 - y0
        ln = math.hypot(dx, dy)
        nx, ny = -dy / ln * 6, dx / ln * 6
        quad = [(x0 - nx, y0 - ny), (x1 - nx, y1 - ny), (x1 + nx, y1 + ny), (x0 + nx, y0 + ny)]
        # posts below
        out += stroke(f"M{num(x0 + nx)},{num(y0 + ny)} l0,10 M{num(x1 + nx)},{num(y1 + ny)} l0,10",
                      "#3b2716", 2)
        out += polygon(quad, "#a8763e", stroke=INK, stroke_width=0.8)
        # plank seams run along the segment
        for k in (-2, 2):
            out += stroke(f"M{num(x0 + nx * k / 6)},{num(y0 + ny * k / 6)} "
                          f"L{num(x1 + nx * k / 6)},{num(y1 + ny * k / 6)}", "#5a3a1c", 0.6)
    return out


def butterfly(x: float, y: float, s: float, rot: float, wing: str, spot: str) -> str:
    body = (ellipse(-6, -5, 7, 5, wing, rot=-30, stroke=INK, stroke_width=0.6)
            + ellipse(6, -5, 7, 5, wing, rot=30, stroke=INK, stroke_width=0.6)
            + ellipse(-4.5, 4, 4.5, 3.4, wing, rot=30, stroke=INK, stroke_width=0.6)
            + ellipse(4.5, 4, 4.5, 3.4, wing, rot=-30, stroke=INK, stroke_width=0.6)
            + circle(-7, -6, 1.8, spot) + circle(7, -6, 1.8, spot)
            + circle(-4.5, 4.5, 1.2, spot) + circle(4.5, 4.5, 1.2, spot)
            + ellipse(0, 0, 1.3, 7, INK)
            + stroke("M0,-6 q-2,-5 -5,-7 M0,-6 q2,-5 5,-7", INK, 0.5))
    return group(body, f"translate({num(x)},{num(y)}) rotate({num(rot)}) scale({num(s)})")


def boar() -> str:
    return (
        path("M20,112 C20,96 36,88 54,90 C68,91 76,96 82,104 L92,110 L93,116 L82,118 "
             "C78,126 64,128 50,127 C34,127 22,122 20,112 Z", "#4a3424", stroke=INK,
             stroke_width=0.9)
        + stroke("M26,98 l4,-5 l3,4 l4,-6 l3,5 l4,-6 l3,5 l4,-5 l3,5 l4,-4 l3,5", "#2a1c12", 1)
        + polygon([(72, 94), (76, 86), (79, 96)], "#3a2818", stroke=INK, stroke_width=0.6)
        + ellipse(92.5, 113, 1.6, 3, "#2a1c12")
        + stroke("M85,116 q4,1 5,-3", "#f7f2e4", 1.4)
        + circle(80, 104, 1.4, "#f7f2e4") + circle(80.3, 104, 0.7, INK)
        + stroke("M20,106 q-6,-2 -5,4", "#4a3424", 1.5)
        # galloping legs
        + stroke("M30,122 L22,134 M38,125 L40,138 M62,126 L56,137 M72,122 L84,132",
                 "#3a2818", 3.5))


def full_moon() -> str:
    return circle(50, 50, 27, "#fbf3d6", stroke="#d9c58e", stroke_width=0.8)


def goose(x: float, y: float, s: float) -> str:
    body = (path("M-2,0 C-8,-8 -14,-14 -22,-16 C-16,-8 -12,-2 -8,3 Z", "#2b2a28")
            + path("M2,0 C4,-10 10,-18 18,-22 C14,-12 10,-4 6,3 Z", "#3b3a37")
            + ellipse(0, 2, 10, 3.6, "#2b2a28", rot=-12)
            + stroke("M8,0 q5,-3 9,-4", "#2b2a28", 2)
            + circle(17.5, -4.5, 2, "#2b2a28")
            + polygon([(19, -5.5), (23, -4.5), (19, -3.5)], "#c9a227")
            + polygon([(-9, 3), (-15, 7), (-14, 2)], "#2b2a28"))
    return group(body, f"translate({num(x)},{num(y)}) scale({num(s)}) rotate(-14)")


def sake_cup() -> str:
    ju = ("M-6,-7 H6 M-7.5,-3.8 H7.5 M-5,-0.8 H5 M0,-9.5 V1 M0,1 Q-3,5 -8,7.5 "
          "M-3,3.2 H8 M4.5,1 V9 q0,2 -2.2,0.8 M-0.8,5.3 l1.8,1.8")
    return (path("M18,94 C20,112 36,120 50,120 C64,120 80,112 82,94 Z", "#b3161b",
                 stroke=INK, stroke_width=0.9)
            + path("M40,119 L60,119 L64,130 L36,130 Z", "#241512", stroke=INK, stroke_width=0.8)
            + rect(35, 129, 30, 2.5, "#c9a227")
            + ellipse(50, 94, 32, 13, "#d6c060", stroke=INK, stroke_width=0.9)
            + ellipse(50, 94.5, 29.5, 11, "#c62828")
            + ellipse(50, 96, 24, 8, "#a3161a", opacity="0.35")
            + group(stroke(ju, "#f6cf4e", 1.5), "translate(50,94) scale(0.95,0.85)")
            + stroke("M24,104 C34,113 66,113 76,104", "#e7c45a", 0.9))


def deer() -> str:
    return (
        ellipse(56, 108, 21, 10, "#a0612f", stroke=INK, stroke_width=0.9)
        + "".join(circle(x, y, 1.3, "#f4e6c8") for x, y in
                  ((48, 103), (55, 101), (62, 103), (69, 104), (52, 108), (60, 107), (66, 110)))
        + stroke("M40,106 C36,98 34,92 35,84", "#a0612f", 7)
        + ellipse(31, 80, 7.5, 4.5, "#a0612f", rot=-25, stroke=INK, stroke_width=0.7)
        + ellipse(25, 82, 2.6, 2.2, "#2a1c12", rot=-25)
        + ellipse(36, 74, 2.5, 5, "#8a5026", rot=30, stroke=INK, stroke_width=0.5)
        + stroke("M33,76 L36,64 L33,58 M36,64 L42,60 M35,69 L30,66 "
                 "M30,77 L26,66 L20,62 M26,66 L27,58", "#5a3a1c", 1.3)
        + circle(31.5, 78.5, 0.9, INK)
        + stroke("M42,114 L40,136 M48,116 L50,136 M66,116 L64,136 M72,112 L76,135",
                 "#8a5026", 3)
        + stroke("M77,103 q3,-3 2,-6", "#f4e6c8", 2))


def rainman() -> str:
    return (
        # stream
        path("M0,126 Q20,118 40,126 T80,124 T100,126 V145 H0 Z", "#141414")
        + stroke("M6,132 q6,-3 12,0 M40,134 q6,-3 12,0 M70,131 q6,-3 12,0", "#7fa9c9", 0.8)
        # umbrella: canopy and ribs
        + path("M40,64 A34,20 -20 0 1 96,44 Z", "#e3b04b", stroke=INK, stroke_width=1)
        + stroke("M68,54 L46,62 M68,54 L56,48 M68,54 L70,40 M68,54 L84,41 M68,54 L92,45",
                 "#8a6420", 0.6)
        + stroke("M68,54 L66,96", "#5d3f27", 1.3)
        # figure: robe, sleeves, hat, face
        + path("M56,70 C50,86 48,104 46,124 L78,124 C76,104 74,86 70,70 Z", "#8e2b2b",
               stroke=INK, stroke_width=0.9)
        + path("M56,74 C48,84 46,92 52,96 L66,94 C64,88 62,80 60,74 Z", "#6e1f1f",
               stroke=INK, stroke_width=0.6)
        + stroke("M60,72 L62,122 M66,72 L68,122", "#c8a86a", 0.6)
        + circle(63, 66, 4.8, "#f1d6b8", stroke=INK, stroke_width=0.6)
        + path("M59.5,62 L61,54 L66,55 L66.5,62 Z", INK)
        # frog leaping for the willow
        + group(ellipse(0, 0, 6, 4, "#4c9a2a", stroke=INK, stroke_width=0.6)
                + stroke("M-4,2 l-6,6 l-3,-1 M4,2 l4,7 l3,0 M-3,-2 l-4,-5 M3,-2 l3,-5",
                         "#3d7d22", 1.1)
                + circle(-2.5, -3, 1.3, "#e8f0c8") + circle(2.5, -3, 1.3, "#e8f0c8"),
                "translate(20,116) rotate(-30)"))


def swallow(x: float, y: float) -> str:
    body = (path("M0,0 C-10,-14 -24,-20 -36,-18 C-24,-12 -14,-4 -6,4 Z", "#1c2340",
                 stroke=INK, stroke_width=0.4)
            + path("M4,0 C12,-12 24,-22 38,-26 C28,-16 18,-6 8,5 Z", "#26305a",
                   stroke=INK, stroke_width=0.4)
            + ellipse(1, 3, 11, 4.6, "#1c2340", rot=20)
            + ellipse(3, 5, 7, 2.2, "#f2eee2", rot=20)
            + polygon([(-8, 0), (-24, 8), (-14, 2), (-22, 14), (-6, 4)], "#1c2340")
            + circle(11, 7, 3.6, "#1c2340")
            + circle(11.5, 9.5, 1.8, "#c0392b")
            + polygon([(14, 7), (18, 9), (14, 9.5)], INK)
            + circle(12, 6, 0.6, "#fff"))
    return group(body, f"translate({num(x)},{num(y)})")


def storm(seed: int) -> str:
    out = rect(0, 0, 100, 145, "#16151a")
    out += path("M0,70 C20,64 40,76 60,70 C76,65 90,72 100,68 V112 C84,118 64,106 44,112 "
                "C26,117 12,110 0,114 Z", "#7a1518")
    out += willow((8, 22, 80, 93), seed, 80)
    # the thunder god's ring of drums
    out += stroke("M14,34 A36,22 0 0 1 86,34", "#b0892f", 1.6)
    for x in (18, 34, 50, 66, 82):
        y = 34 - 16 * math.sin(math.pi * (x - 14) / 72)
        out += circle(x, y, 6, "#c0392b", stroke="#f1c45a", stroke_width=0.9)
        out += path(f"M{x},{num(y - 3.6)} a3.6,3.6 0 0 1 0,7.2 a1.8,1.8 0 0 0 0,-3.6 "
                    f"a1.8,1.8 0 0 1 0,-3.6 Z", INK)
    # lightning bolt
    out += polygon([(56, 40), (40, 80), (52, 80), (38, 124), (68, 72), (55, 72), (66, 40)],
                   "#f6d33c", stroke="#7a5a05", stroke_width=0.8)
    out += rain(seed, 30, "#8d96a0")
    return out


def phoenix() -> str:
    colours = ("#2f6fb3", "#2e8b57", "#f1b82d", "#d8261c", "#8e44ad")
    out = circle(60, 42, 25, "#f3c24a", opacity="0.55")
    for i in range(5):   # long tail feathers with eye-spots
        ex, ey = 8 + i * 7, 128 - i * 5
        out += stroke(f"M52,80 C{46 - i * 3},{100 + i * 2} {34 - i * 2},{110 - i} {ex},{ey}",
                      colours[i], 3)
        out += ellipse(ex, ey, 3.6, 2.4, colours[(i + 2) % 5], rot=-30, stroke=INK,
                       stroke_width=0.5)
        out += circle(ex, ey, 1, "#fff7d6")
    for i, a in enumerate(range(-95, -5, 11)):   # wing: a fan of flight feathers
        rad = math.radians(a)
        out += ellipse(58 + 20 * math.cos(rad), 66 + 20 * math.sin(rad), 19, 3.6,
                       colours[i % 5], rot=a, stroke=INK, stroke_width=0.5)
    for i, a in enumerate(range(-90, -10, 16)):  # coverts
        rad = math.radians(a)
        out += ellipse(58 + 9 * math.cos(rad), 66 + 9 * math.sin(rad), 9, 3.4,
                       ("#d8261c", "#f1b82d")[i % 2], rot=a, stroke=INK, stroke_width=0.4)
    out += (ellipse(52, 74, 12, 8, "#d8261c", rot=-35, stroke=INK, stroke_width=0.7)
            + ellipse(50, 77, 7, 3.5, "#f1b82d", rot=-35)
            + stroke("M46,70 C40,62 36,56 34,48", INK, 6.2)
            + stroke("M46,70 C40,62 36,56 34,48", "#2e8b57", 4.6)
            + circle(33, 45, 5, "#2e8b57", stroke=INK, stroke_width=0.6)
            + stroke("M32,41 q-3,-8 -9,-10 M34,40 q0,-8 -3,-12 M36,41 q3,-7 2,-12",
                     "#d8261c", 1.4)
            + circle(23, 31, 1.6, "#f1b82d") + circle(31, 28, 1.6, "#f1b82d")
            + circle(38, 29, 1.6, "#f1b82d")
            + polygon([(29, 44), (21, 47), (29, 48)], "#f1b82d", stroke=INK, stroke_width=0.4)
            + circle(32, 44, 1.3, "#fff") + circle(31.8, 44, 0.6, INK)
            + ellipse(31, 51, 1.6, 3, "#d8261c"))
    return out


def koi(colour: str, patch: str) -> str:
    """A koi seen from above, head up, centred on (0, 0), about 80 units long."""
    return (path("M0,26 C8,34 14,40 13,47 C7,41 3,39 0,37 C-3,39 -7,41 -13,47 "
                 "C-14,40 -8,34 0,26 Z", colour, stroke=INK, stroke_width=0.7)
            + ellipse(-9, -8, 6, 2.6, colour, rot=35, stroke=INK, stroke_width=0.5)
            + ellipse(9, -8, 6, 2.6, colour, rot=-35, stroke=INK, stroke_width=0.5)
            + path("M0,-32 C10,-28 12,-8 8,10 C6,18 3,24 0,30 C-3,24 -6,18 -8,10 "
                   "C-12,-8 -10,-28 0,-32 Z", colour, stroke=INK, stroke_width=0.8)
            + path("M-6,-14 C-2,-20 5,-18 6,-10 C3,-6 -4,-8 -6,-14 Z", patch)
            + path("M-5,4 C0,0 6,4 4,12 C0,14 -5,10 -5,4 Z", patch)
            + circle(-4.2, -25, 1.3, INK) + circle(4.2, -25, 1.3, INK)
            + stroke("M-2,-31 q-3,2 -4,6 M2,-31 q3,2 4,6", INK, 0.5)
            + stroke("M0,-14 V22", INK, 0.5, opacity="0.25"))


# ---------------------------------------------------------------------------
# The month painters: painter(place) -> picture for places 0-3 (chaff 2 is
# mirrored by the caller). Each returns the picture drawn on the paper colour.


def _jan(place: int) -> str:
    if place == 0:
        return (circle(62, 42, 25, "#d8261c")
                + pine_tuft(12, 142, 16) + pine_tuft(90, 142, 14) + pine_tuft(74, 146, 12)
                + crane())
    trunk = "M4,142 C18,118 30,110 40,92 C50,74 58,64 76,40"
    out = sky("#d8261c", 26 if place else 34)
    out += pine_scene(((30, 70, 17), (70, 44, 16), (74, 92, 15), (24, 114, 16),
                       (56, 128, 13), (86, 128, 11) if place == 3 else (88, 66, 9)), trunk)
    if place == 1:
        out += ribbon("poetry", 54, 78, -10)
    return out


def _feb(place: int) -> str:
    out = haze(-6, 112, 80, 9, "#e4665f", 0.9) if place else sky("#e4665f", 16)
    out += stroke("M6,145 L20,110 L16,86 L34,62 L32,42 L52,22 L60,4", "#2c1f18", 5)
    out += stroke("M20,110 L44,100 L66,104 M34,62 L58,58 L78,42 M16,86 L6,70 "
                  "M52,22 L74,18", "#2c1f18", 2.4)
    spots = ((20, 110, 8), (44, 100, 7.5), (64, 104, 7), (34, 62, 8), (58, 58, 7.5),
             (76, 44, 7), (16, 86, 7), (52, 24, 7.5), (74, 18, 6.5), (7, 70, 6),
             (28, 124, 6.5), (40, 44, 6))
    out += "".join(plum_blossom(x, y, r) for x, y, r in spots)
    out += "".join(circle(x, y, 2.2, "#b0182f", stroke="#5e0d18", stroke_width=0.4)
                   for x, y in ((66, 10), (24, 76), (86, 40), (50, 96), (12, 100)))
    if place == 0:
        out += nightingale(66, 92)
    elif place == 1:
        out += ribbon("poetry", 62, 84, -8)
    return out


def _mar(place: int) -> str:
    out = haze(50, 30, 60, 10, "#f5c6d3") + haze(-20, 100, 70, 10, "#f5c6d3")
    if place == 0:
        out += stroke("M0,30 C30,24 60,34 100,22", BARK, 3.5)
        out += cherry_cluster(20, 28, 1.0, 1) + cherry_cluster(56, 22, 1.0, 2)
        out += cherry_cluster(86, 32, 0.9, 3)
        out += curtain()
        out += cherry_cluster(18, 136, 0.8, 4) + cherry_cluster(80, 138, 0.8, 5)
        return out
    out += stroke("M2,140 C20,110 26,90 44,70 C60,52 70,40 92,20", BARK, 4.5)
    out += stroke("M44,70 C56,76 70,78 84,74 M26,100 C16,92 10,80 8,66", BARK, 2)
    out += (cherry_cluster(24, 100, 1.1, 10 + place) + cherry_cluster(50, 64, 1.15, 20 + place)
            + cherry_cluster(84, 72, 1.0, 30 + place) + cherry_cluster(84, 22, 1.0, 40 + place)
            + cherry_cluster(12, 64, 0.9, 50 + place) + cherry_cluster(60, 120, 0.9, 60))
    if place == 1:
        out += ribbon("poetry", 50, 84, -12)
    return out


def _apr(place: int) -> str:
    out = ""
    if place == 0:
        out += sky("#d8503f", 34)
        out += (wisteria(58, 8, 46, 3, 1) + wisteria(74, 8, 68, -3, 2)
                + wisteria(90, 6, 52, 3, 3))
        out += wisteria_leaves(6, 1) + crescent(24, 24, 11)
        out += cuckoo(42, 92)
        return out
    out += wisteria_leaves(8, place)
    xs = (14, 34, 56, 78) if place != 3 else (20, 42, 64, 86)
    for i, x in enumerate(xs):
        out += wisteria(x, 10, 96 - 14 * ((i + place) % 3), 3 if i % 2 else -3, place * 7 + i)
    out += haze(-10, 118, 70, 8, "#cdbbe6", 0.9)
    if place == 1:
        out += ribbon("plain", 50, 80, -10)
    return out


def _may(place: int) -> str:
    out = path("M0,120 Q50,112 100,122 V145 H0 Z", "#9cc3d9", opacity="0.7")
    leaves = ((10, 4, 50), (20, -6, 40), (30, 8, 60), (44, -4, 44), (58, 6, 56),
              (70, -8, 38), (82, 5, 48), (92, -4, 60))
    out += "".join(iris_leaf(x, dx, tip) for x, dx, tip in leaves)
    flowers: tuple[tuple[int, int, float], ...] = (
        (24, 36, 1.15), (52, 24, 1.2), (80, 34, 1.1), (38, 62, 1.0), (68, 58, 1.05))
    if place == 0:
        flowers = flowers[:3]
    out += "".join(iris_flower(x, y, s) for x, y, s in flowers)
    if place == 0:
        out += bridge()
    elif place == 1:
        out += ribbon("plain", 50, 86, -10)
    return out


def _jun(place: int) -> str:
    out = haze(40, 130, 70, 8, "#f3b9c4")
    out += stroke("M50,145 C48,120 52,100 50,86 M50,120 C40,110 30,108 20,110", "#2f6e35", 2)
    out += (peony_leaf(26, 112, 1.5, -40) + peony_leaf(74, 116, 1.5, 40)
            + peony_leaf(50, 128, 1.3, 0) + peony_leaf(16, 84, 1.1, -70))
    if place == 0:
        out += peony(50, 84, 24) + peony(84, 72, 12, "#e85a7a", "#f7a8ba")
        out += butterfly(30, 30, 1.5, -20, "#2d5fa6", "#f4d03f")
        out += butterfly(68, 24, 1.3, 25, "#f1b82d", "#c0392b")
        return out
    out += peony(50, 70, 27) + peony(20, 40, 12, "#e85a7a", "#f7a8ba")
    out += ellipse(80, 38, 5, 8, "#c42a4e", rot=20, stroke="#7a1030", stroke_width=0.5)
    out += stroke("M80,46 C84,60 80,80 70,92", "#2f6e35", 1.5)
    if place == 1:
        out += ribbon("purple", 52, 78, -8)
    return out


def _jul(place: int) -> str:
    if place == 0:
        out = sky("#c94a5a", 14) + clover_scene(0, 4)
        out += haze(0, 76, 100, 8, "#e5c3a4")
        return out + boar()
    out = haze(-10, 114, 60, 9, "#ebb7c4") + clover_scene(place * 3, 5)
    if place == 1:
        out += ribbon("plain", 52, 78, -12)
    return out


def _aug(place: int) -> str:
    if place == 0:
        return rect(0, 0, 100, 145, "#e4572e") + full_moon() + hill(70) + susuki(70, 0)
    if place == 1:
        return (rect(0, 0, 100, 145, "#efe2c4") + sky("#e8883a", 52) + hill(78) + susuki(78, 1)
                + goose(24, 30, 0.8) + goose(48, 44, 0.8) + goose(72, 56, 0.8))
    sky_colour = "#f3ead4" if place == 2 else "#e4572e"
    return rect(0, 0, 100, 145, sky_colour) + hill(60) + susuki(60, place)


def _sep(place: int) -> str:
    out = haze(-10, 20, 70, 8, "#f3dd9a")
    out += stroke("M30,145 C28,110 34,80 30,50 M66,145 C70,120 64,90 70,60", "#2f6e35", 1.8)
    out += (chrysanthemum_leaf(22, 116, 1.1, -30) + chrysanthemum_leaf(76, 118, 1.1, 30)
            + chrysanthemum_leaf(40, 96, 0.9, 20) + chrysanthemum_leaf(58, 84, 0.9, -20))
    if place == 0:
        out += (chrysanthemum(28, 40, 17) + chrysanthemum(72, 56, 14, "#e0562c", "#8c2a10",
                                                            "#f2c12e")
                + chrysanthemum(76, 20, 10))
        return out + sake_cup()
    out += (chrysanthemum(30, 46, 20) + chrysanthemum(70, 60, 16, "#e0562c", "#8c2a10", "#f2c12e")
            + chrysanthemum(74, 22, 11) + chrysanthemum(18, 84, 10, "#e0562c", "#8c2a10",
                                                        "#f2c12e"))
    if place == 1:
        out += ribbon("purple", 50, 84, -10)
    return out


def _oct(place: int) -> str:
    if place == 0:
        out = maple_branch("M0,10 C30,20 60,6 100,16 M40,14 C46,30 44,40 52,50",
                           ((10, 18, 10, -20), (30, 24, 11, 10), (52, 52, 11, 0),
                            (62, 14, 10, 25), (86, 22, 11, -10), (44, 34, 8, -30),
                            (74, 36, 9, 30)))
        return out + deer() + maple_leaf(84, 132, 7, 40, "#e8692a") + maple_leaf(16, 138, 6, -30)
    out = maple_branch("M100,8 C70,22 40,30 6,70 M50,34 C60,60 58,80 66,100",
                       ((86, 18, 12, 20), (64, 28, 12, -10), (40, 44, 12, 15), (18, 62, 11, -25),
                        (58, 56, 11, 30), (66, 92, 12, 0), (30, 90, 10, -40), (84, 64, 10, 35),
                        (40, 120, 9, 10), (80, 124, 8, -20)))
    if place == 1:
        out += ribbon("purple", 50, 84, -10)
    return out


def _nov(place: int) -> str:
    if place == 3:
        return storm(43)
    out = rect(0, 0, 100, 145, WILLOW_SKY)
    if place == 0:
        return out + willow((6, 18, 30), 40, 92) + rain(40) + rainman()
    out += willow((8, 20, 34, 60, 76, 92), 40 + place)
    out += rain(40 + place) + ground("#141414", 128)
    if place == 1:
        out += swallow(50, 84)
    else:
        out += ribbon("plain", 50, 78, -10)
    return out


def _dec(place: int) -> str:
    if place == 0:
        return phoenix() + paulownia_crest(74, 134, 0.5)
    out = paulownia_crest(50, 112, 1.0)
    if place == 1:   # the Special Paulownia: a coloured band at the base
        out += (rect(0, 124, 100, 21, "#e7b825")
                + stroke("M0,124 H100", "#7a5a05", 1.2)
                + stroke("M0,136 q12,-5 25,0 t25,0 t25,0 t25,0", "#fff3c4", 1))
    elif place == 2:
        out += haze(-8, 128, 60, 8, "#d9d1e6") + haze(50, 10, 60, 8, "#d9d1e6")
    else:   # a few fallen flowers under the crest
        out += haze(-20, 18, 70, 8, "#d9d1e6") + haze(40, 128, 70, 8, "#d9d1e6")
        out += "".join(ellipse(x, y, 2.2, 3, "#8a78b0", rot=r, stroke="#463766", stroke_width=0.4)
                       for x, y, r in ((14, 126, 60), (24, 132, -30), (84, 124, 20)))
    return out


#: What tells a card from the other cards of its month and kind in our drawings, where
#: only its picture does (card id -> words): a quiz names it to a reader who cannot see
#: the picture, and nothing is told by colour alone.
MARKS: dict[int, str] = {
    45: "a band with a wavy line across its foot",      # the Special Paulownia (``_dec``)
}


PAINTERS: tuple[Callable[[int], str], ...] = (
    _jan, _feb, _mar, _apr, _may, _jun, _jul, _aug, _sep, _oct, _nov, _dec)

# Paper colour and label-band colour for each month.
PAPER = "#f7f0de"
BAND = ("#d9e8cf", "#f6d2d2", "#f9dbe4", "#e4d9f1", "#d8def3", "#f7d6dd",
        "#f3d3dd", "#ead9bd", "#f6e7b0", "#f4cfb8", "#cfd5da", "#ddd6e8")
