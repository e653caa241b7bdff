"""Frozen dataclasses that are quick to build.

A frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__`` (a function call per field, to get past the frozen
``__setattr__``): about a microsecond for ten fields. A settlement builds a few
dozen such values per round (facts, payments, the settlement itself), so that
was a sizeable part of a random round's time. :func:`quick_init` replaces the
generated ``__init__`` with one that writes the fields straight into the new
instance's ``__dict__``, with the same parameters, defaults and
``__post_init__`` call: the dataclass definition stays the one place the fields
are written. Equality, hashing, ``repr``, ``dataclasses.replace`` and the frozen
``__setattr__`` are the dataclass's own.

>>> from dataclasses import FrozenInstanceError, dataclass
>>> @quick_init
... @dataclass(frozen=True)
... class Pair:
...     a: int
...     b: str = "x"
>>> Pair(1), Pair(1) == Pair(1, "x"), Pair(b="y", a=2)
(Pair(a=1, b='x'), True, Pair(a=2, b='y'))
>>> try:
...     Pair(1).a = 3
... except FrozenInstanceError:
...     print("frozen")
frozen
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from functools import cached_property
from types import FunctionType
from typing import Any, TypeVar

__all__ = ["quick_init", "without_caches"]

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Give the frozen dataclass ``cls`` an ``__init__`` that fills the instance's
    ``__dict__`` directly (same signature and defaults; ``__post_init__`` still runs).

    Put it above ``@dataclass(frozen=True)``. Fields with a ``default_factory``,
    ``init=False`` or keyword-only fields, ``InitVar`` pseudo-fields and classes
    with ``__slots__`` are refused (:class:`TypeError`): their ``__init__`` does
    more than store its arguments.
    """
    params = fields(cls)  # type: ignore[arg-type]
    if len(params) != len(cls.__dataclass_fields__):  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}: quick_init does not handle InitVar or ClassVar "
                        "pseudo-fields")
    if "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init needs instances with a __dict__")
    ns: dict[str, Any] = {}
    args = []
    for i, f in enumerate(params):
        if not f.init or f.kw_only or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init handles plain fields only "
                            "(no default_factory, init=False or kw_only)")
        if f.default is MISSING:
            args.append(f.name)
        else:
            ns[f"_default_{i}"] = f.default
            args.append(f"{f.name}=_default_{i}")
    # (the instance and its dict get names that no field may use: checked below)
    body = ["    _qi_dict_ = _qi_self_.__dict__"]
    body += [f"    _qi_dict_[{f.name!r}] = {f.name}" for f in params]
    if hasattr(cls, "__post_init__"):
        body.append("    _qi_self_.__post_init__()")
    if {"_qi_self_", "_qi_dict_"} & {f.name for f in params}:
        raise TypeError(f"{cls.__name__}: a field is named _qi_self_ or _qi_dict_")
    exec(f"def __init__(_qi_self_, {', '.join(args)}):\n" + "\n".join(body), ns)  # noqa: S102
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = {**{f.name: f.type for f in params}, "return": None}
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def without_caches(obj: object) -> dict[str, Any]:
    """``obj``'s attributes without its caches: a ``__getstate__`` for pickling and deep
    copies. A cache is what a ``cached_property`` keeps, or a value kept under the name
    of a method, in the method's place (:meth:`hanafuda_core.yaku.YakuTable.quick`).
    Caches are worked out again on first use, and some of them are functions compiled
    at run time, which do not pickle.

    >>> class Square:
    ...     def __init__(self, side):
    ...         self.side = side
    ...     @cached_property
    ...     def area(self):
    ...         return self.side ** 2
    >>> s = Square(3)
    >>> s.area, without_caches(s)
    (9, {'side': 3})
    """
    cls = type(obj)
    return {k: v for k, v in vars(obj).items()
            if not isinstance(getattr(cls, k, None), (cached_property, FunctionType))}
