"""Data too deep or too large to read: the checks the position, board and save loaders share.

Python cannot read (or print) every value JSON can write: nesting a few thousand lists
deep exhausts its recursion limit, and an integer of more than 4,300 digits is refused
by `int`, `str` and `json`.  No position, board or save nests more than a few levels or
counts past a few thousand, so a loader checks its data with `unreadable` (and reads
its text with `read_json`) and raises its own documented error with the sentence given.

>>> deep = []
>>> for _k in range(100):
...     deep = [deep]
>>> unreadable({"tickets": deep})
'it is nested too deeply (more than 32 levels)'
>>> unreadable({"trains": [10 ** 2000, 45]})
'it holds a number of more than 1000 digits'
>>> unreadable({"trains": [40, 45]}) is None
True
"""
from __future__ import annotations

import json

from .i18n import translations

_, ngettext = translations("engine")

#: The deepest nesting a position, board or save may use (they use 5 levels at most).
MAX_DEPTH = 32
#: The most digits a number in a position, board or save may have.
MAX_DIGITS = 1000
_TOO_BIG = 10 ** MAX_DIGITS


def unreadable(data) -> str | None:
    """Why `data` (dicts, lists, tuples, numbers, text) cannot be read, as a phrase to follow
    "this position / board / file:", or None. Linear in the data's size; each container is
    visited once (a container holding itself is "nested too deeply")."""
    done: set[int] = set()          # containers read to the end (one shared twice is read once)
    path: set[int] = set()          # the containers holding the one being read
    stack: list = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth < 0:               # the end of a container
            path.discard(id(value))
            done.add(id(value))
        elif isinstance(value, int) and not isinstance(value, bool):
            if not -_TOO_BIG < value < _TOO_BIG:
                return _("it holds a number of more than {n} digits").format(n=MAX_DIGITS)
        elif isinstance(value, (dict, list, tuple, set, frozenset)):
            if depth >= MAX_DEPTH or id(value) in path:
                return _("it is nested too deeply (more than {n} levels)").format(n=MAX_DEPTH)
            if id(value) in done:
                continue
            path.add(id(value))
            stack.append((value, -1))
            items = (*value.keys(), *value.values()) if isinstance(value, dict) else value
            stack.extend((v, depth + 1) for v in items)
    return None


class UnreadableJSON(ValueError):
    """Text that is not JSON a loader can read; the message is one phrase ("not valid JSON
    (...)", "it is nested too deeply")."""


def read_json(text: str):
    """The data of JSON `text`; `UnreadableJSON` for text that is not JSON, that nests too
    deeply or holds a number of too many digits."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise UnreadableJSON(_("not valid JSON ({why} at line {line} column {column})").format(
            why=e.msg, line=e.lineno, column=e.colno)) from None
    except RecursionError:
        raise UnreadableJSON(_("it is nested too deeply (more than {n} levels)").format(n=MAX_DEPTH)) from None
    except ValueError:                  # an integer of more digits than Python reads
        raise UnreadableJSON(_("not valid JSON (it holds a number of more than {n} digits)").format(n=MAX_DIGITS)) \
            from None
    why = unreadable(data)
    if why is not None:
        raise UnreadableJSON(why)
    return data
