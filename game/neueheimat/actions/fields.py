"""Reading an action's fields, shared by the actions: a whole-number field, and no field the type does not take."""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action


def read_int(action: Action, key: str) -> int:
    v = action.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedAction(key="neueheimat.needs_number", field=repr(key))
    return v



def no_other_fields(action: Action, fields: tuple[str, ...]) -> None:
    """Refuse an action that has more than ``type`` and ``fields`` (all of which were read already).

    An action that carries anything else is not one that ``legal_actions`` lists,
    so it is refused rather than taken as if the extra field were not there.
    Called last, once everything else has passed, so every other reason comes first.
    """
    if len(action) > len(fields) + 1:
        extra = sorted(repr(k) for k in action if k != "type" and k not in fields)
        raise MalformedAction(key="neueheimat.unknown_field", action=action["type"], fields=", ".join(extra))
