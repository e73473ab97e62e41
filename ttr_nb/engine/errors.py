"""Refusals that explain themselves, and the problem lists of positions and boards.

A `Reason` is a stable rule id (registered in `rulebook.RULE_IDS`) and one plain
sentence naming the facts; forms the engine would accept instead (the action
forms, the card names) go in `accepted`, not in the sentence.
"""
from __future__ import annotations

from dataclasses import dataclass

from .i18n import translations

_, ngettext = translations("engine")


@dataclass(frozen=True)
class Reason:
    """Why an action is not allowed: a stable rule id, one plain sentence naming the facts
    (capitalised, ending with a full stop), and any forms that would be accepted."""
    rule: str
    text: str
    accepted: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


class IllegalAction(ValueError):
    """Raised by `State.apply` for an action the rules do not allow. The state is unchanged."""

    def __init__(self, reason: Reason, action=None):
        super().__init__(reason.text)
        self.reason = reason
        self.rule = reason.rule
        self.text = reason.text
        self.action = action


def short_repr(value) -> str:
    """A value as a refusal quotes it: its repr, cut short (a refusal stays one line)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def one_sentence(message) -> str:
    """A message from a lower layer ("unknown card colour 'x'") as a Reason's text: one
    line, capitalised, ending with a full stop."""
    text = str(message).replace("\n", " ").strip().rstrip(" .;:,")
    if not text:
        return _("This is not allowed.")
    return text[:1].upper() + text[1:] + "."


#: How many problems an error lists, and how many items a message quotes, before it counts the rest
#: ("... and 99995 more"): a refusal stays a few lines long whatever the input's size.
MOST_SHOWN = 10
MOST_QUOTED = 5


def and_more(n: int) -> str:
    """The count of what a message leaves out: "... and 3 more"."""
    return ngettext("... and {n} more", "... and {n} more", n).format(n=n)


def listed(items, most: int = MOST_QUOTED) -> str:
    """Items (texts) as a message quotes them: the first `most`, comma-separated, then how
    many more there are ("a, b, c, d, e ... and 99995 more")."""
    items = list(items)
    shown = ", ".join(map(str, items[:most]))
    return shown + " " + and_more(len(items) - most) if len(items) > most else shown


def problem_lines(problems) -> str:
    """Problems as an error lists them, one a line: the first `MOST_SHOWN`, then a count of the rest."""
    lines = "\n".join(f"- {p}" for p in problems[:MOST_SHOWN])
    if len(problems) > MOST_SHOWN:
        lines += "\n- " + and_more(len(problems) - MOST_SHOWN)
    return lines


class Problems:
    """A collector of problems found while reading data: readers add every problem they
    find (`add`), then `raise_if_any` raises one error listing them all."""

    def __init__(self):
        self.items: list[str] = []

    def add(self, where: str, text: str) -> None:
        self.items.append(f"{where}: {text}" if where else text)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def raise_if_any(self, error: type, *args) -> None:
        """Raise `error(*args, problems)` if any problem was found."""
        if self.items:
            raise error(*args, tuple(self.items))


class PositionError(ValueError):
    """A position description that cannot be a real position; ``problems`` lists every
    problem found, and the message shows them all."""

    def __init__(self, problems):
        if isinstance(problems, str):
            problems = (problems,)
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__(_("This position is not possible:") + "\n" + problem_lines(self.problems))

    def __str__(self) -> str:
        return self.args[0]

    def __reduce__(self):
        return (type(self), (self.problems,))
