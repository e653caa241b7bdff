"""quick_init: a frozen dataclass built by the quick ``__init__`` is the value the
dataclass's own ``__init__`` builds (same parameters, defaults, checks and result)."""

import dataclasses
import inspect
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.errors import HanafudaError
from hanafuda_core.frozen import quick_init
from hanafuda_core.games.hachihachi_play import HachiHachiDeal, HachiHachiRound
from hanafuda_core.games.hachihachi_settle import (
    Call,
    FieldMultiplier,
    FieldQueue,
    PlayerFacts,
    RoundFacts,
    Settlement,
)
from hanafuda_core.ledger import Ledger, Payment

QUICK = (Payment, Ledger, FieldMultiplier, FieldQueue, PlayerFacts, Call, RoundFacts, Settlement,
         HachiHachiDeal, HachiHachiRound)


def _twin(cls):
    """The same fields in a plain frozen dataclass (the generated ``__init__``), with
    the class's ``__post_init__`` if it has one."""
    ns = {"__post_init__": cls.__post_init__} if hasattr(cls, "__post_init__") else {}
    return dataclasses.make_dataclass(
        cls.__name__, [(f.name, f.type, dataclasses.field(default=f.default))
                       if f.default is not dataclasses.MISSING else (f.name, f.type)
                       for f in dataclasses.fields(cls)], frozen=True, namespace=ns)


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_the_quick_init_has_the_dataclass_signature(cls):
    assert str(inspect.signature(cls)) == str(inspect.signature(_twin(cls)))
    assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"


_names = st.sampled_from(["A", "B", "C", "bank"])
_ints = st.one_of(st.integers(-50, 500), st.booleans(), st.floats(-5, 5), st.none())


@settings(max_examples=150, deadline=None)
@given(_names, _names, _ints, st.text(max_size=5), st.integers(1, 4), st.none() | st.integers())
def test_a_quick_payment_is_the_dataclass_payment_or_the_same_refusal(payer, payee, amount,
                                                                      reason, mult, base):
    twin = _twin(Payment)
    try:
        expected = dataclasses.asdict(twin(payer, payee, amount, reason, "c", mult, base))
    except HanafudaError as error:
        with pytest.raises(HanafudaError, match=re.escape(str(error))):
            Payment(payer, payee, amount, reason, "c", mult, base)
        return
    got = Payment(payer, payee, amount, reason, "c", mult, base)
    assert dataclasses.asdict(got) == expected
    assert got == Payment(**expected) and hash(got) == hash(Payment(**expected))
    assert dataclasses.replace(got, reason="r2").reason == "r2"
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.amount = 1  # type: ignore[misc]


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=4), st.none() | st.tuples(st.sampled_from(["a", "b"])),
       st.none() | st.integers(0, 264), st.tuples(st.tuples(st.integers(1, 12), _names)))
def test_quick_facts_keep_every_field_and_default(name, claims, points, responsible):
    p = PlayerFacts(name, claims=claims, card_points=points, triple_responsible=responsible)
    assert dataclasses.asdict(p) == dataclasses.asdict(
        _twin(PlayerFacts)(name, claims=claims, card_points=points,
                           triple_responsible=responsible))
    facts = RoundFacts((p,), name)
    assert facts.players == (p,) and facts.played is True and facts.names == (name,)


def test_quick_init_refuses_what_it_cannot_reproduce():
    @dataclasses.dataclass(frozen=True)
    class Factory:
        items: list = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True)
    class KwOnly:
        a: int = dataclasses.field(default=1, kw_only=True)

    @dataclasses.dataclass(frozen=True)
    class WithInitVar:
        a: int
        b: dataclasses.InitVar[int] = 0

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    for cls in (Factory, KwOnly, WithInitVar, Slotted):
        with pytest.raises(TypeError):
            quick_init(cls)
