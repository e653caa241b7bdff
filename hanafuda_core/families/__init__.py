"""Game families: what the games of one family share, written once.

``families.capture`` holds the capture family's capabilities that more than one
game uses (today: card-value settlement with a par and yaku taken from the other
players, :mod:`hanafuda_core.families.capture.settlement`).
"""
