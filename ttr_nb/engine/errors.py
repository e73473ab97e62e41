"""Refusals that explain themselves."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    """Why an action is not allowed: a stable rule id and one plain sentence naming the facts."""
    rule: str
    text: str

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
