"""Game engines, one per family of games (capture, ...).

Each engine is driven by rules given as data; see :mod:`hanafuda_core.engines.capture`.
"""
