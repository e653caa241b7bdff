"""Random rules for the property tests that play every game: one of the game's presets
and a set of its house rules, drawn from its option table."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.errors import OptionError
from hanafuda_core.play import Game
from hanafuda_core.registry import entry


def presets(key: str) -> st.SearchStrategy[str]:
    """One of the game's presets."""
    return st.sampled_from(sorted(entry(key).presets()))


def option_sets(key: str) -> st.SearchStrategy[dict[str, Any]]:
    """Up to four of the game's options (those it implements with a choice), each with a
    value it allows."""
    choices = {name: st.sampled_from(opt.allowed)
               for name, opt in get_game(key).settable_options.items()}
    return st.dictionaries(st.sampled_from(sorted(choices)), st.just(None), max_size=4).flatmap(
        lambda keys: st.fixed_dictionaries({k: choices[k] for k in keys}))


def game_or_skip(key: str, preset: str, options: dict[str, Any]) -> Game:
    """The game under these rules; a combination the core refuses with a reason when the
    rules are built is skipped (that refusal is tested on its own)."""
    try:
        return get_game(key, preset=preset, **options)
    except OptionError:
        assume(False)
        raise       # (not reached: assume(False) stops the example)


def under_random_rules(max_examples: int) -> settings:
    """The settings of a test over random rules: ``max_examples`` rule sets, no deadline
    (a whole game may take a second), and refused combinations allowed to be many."""
    return settings(max_examples=max_examples, deadline=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
