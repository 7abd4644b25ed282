"""Reading an action's fields, shared by the actions: a whole-number field."""

from __future__ import annotations

from typing import Any

from ...core import MalformedAction


def read_int(action: dict[str, Any], key: str) -> int:
    v = action.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedAction(key="neueheimat.needs_number", field=repr(key))
    return v

