"""Helpers the capture-engine tests share (test_capture_engine.py, test_wild.py)."""

from __future__ import annotations

from hanafuda_core.engines.capture import Capture, Phase, apply, legal_actions, setup_state


def position_maker(default_rules):
    """``pos(hands, field, stock, captures=(), rules=default_rules, **kw)``: a position
    set up by :func:`~hanafuda_core.engines.capture.setup_state`."""
    def pos(hands, field, stock, captures=(), rules=default_rules, **kw):
        return setup_state(rules, hands, field, stock, captures, **kw)
    return pos


def asks_which(state, action, *cards, phase=Phase.CHOOSE_HAND_CAPTURE):
    """``action`` stops the turn for a choice (``phase``) whose legal actions are exactly
    a capture of each of ``cards``, in order; the state at the choice is returned."""
    s = apply(state, action)
    assert s.phase == phase
    assert legal_actions(s) == tuple(Capture(c) for c in cards)
    return s
