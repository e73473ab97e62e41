"""The rule ids a refusal names: each id with a one-line title and its RULES.md section.

Every `Reason` the engine gives carries one of these ids (a test scans the
engine's source and plays random games to check it), so a notebook or a widget
can say which rule was broken and where to read it. The ids are stable: a
lesson may test `reason.rule == "double-routes"`. Refusals of the widgets (a
step that does not exist, a bot to move ...) are not rules of the game and use
their own namespace.
"""
from __future__ import annotations

from typing import NamedTuple

from .i18n import N_, translations

_, ngettext = translations("engine")


class RuleId(NamedTuple):
    title: str       # one line: the rule, as a player would say it (in English: `rule_title` translates it)
    section: str     # where RULES.md states it ("§1 Claiming a route")


RULE_IDS: dict[str, RuleId] = {
    # the turn
    "action-syntax": RuleId(N_("An action is written in one of the action forms"), "§1 A turn"),
    "game-over": RuleId(N_("No action is taken after the game has ended"), "§1 Game end"),
    "wrong-phase": RuleId(N_("A turn is one action, taken when the game waits for it"), "§1 A turn"),
    "pass": RuleId(N_("A player passes only when no other action is possible"),
                   "§1 Situations the rulebooks do not cover"),
    # drawing train cards
    "deck-empty": RuleId(N_("No card is drawn blind when the deck and the discard pile are empty"),
                         "§1 Drawing train cards"),
    "unknown-card": RuleId(N_("A train card is one of the eight colours or a locomotive"), "§1 Components"),
    "not-in-display": RuleId(N_("A face-up card is taken from the display"), "§1 Drawing train cards"),
    "face-up-locomotive": RuleId(N_("A face-up locomotive is only the first pick, and it ends the draw"),
                                 "§1 Drawing train cards"),
    # tickets
    "ticket-deck-empty": RuleId(N_("No tickets are drawn from an empty ticket deck"), "§1 Drawing tickets"),
    "ticket-choice": RuleId(N_("Kept tickets are named by their positions in the offer, each once"),
                            "§1 Drawing tickets"),
    "keep-minimum": RuleId(N_("A player keeps at least the edition's minimum of the tickets offered"),
                           "§1 Setup, §1 Drawing tickets"),
    "keep-most": RuleId(N_("At the start a player keeps at most the variant's limit of tickets of one deck "
                           "(Mega Europe: one long ticket)"), "§2 Mega Europe (variants)"),
    # claiming a route
    "unknown-route": RuleId(N_("A claim names a route of the board"), "§1 Claiming a route"),
    "route-taken": RuleId(N_("A route is claimed once"), "§1 Claiming a route"),
    "double-routes": RuleId(N_("One player never owns both routes of a double; below the edition's player "
                            "count only one of them is used"), "§1 Claiming a route"),
    "not-enough-trains": RuleId(N_("A route needs a train on each space"), "§1 Claiming a route"),
    "payment": RuleId(N_("A payment is a set of cards that pays for what is bought"), "§1 Claiming a route"),
    "payment-count": RuleId(N_("A route is paid with as many cards as it has spaces"), "§1 Claiming a route"),
    "one-colour": RuleId(N_("A route is paid with cards of one colour"), "§1 Claiming a route"),
    "route-colour": RuleId(N_("A coloured route is paid with cards of its colour"), "§1 Claiming a route"),
    "locomotives-not-allowed": RuleId(N_("Locomotives are wild only on the kinds of route the edition allows"),
                                      "§4 Switzerland, §5 Nordic Countries"),
    "ferry-locomotives": RuleId(N_("A ferry needs a locomotive for each locomotive symbol"),
                                "§3 Europe (ferries), §5 Nordic Countries"),
    "ferry-pairs": RuleId(N_("Each locomotive symbol of a Northern Lights ferry is paid by a locomotive or two "
                             "cards of one colour, the other spaces as a grey route, exactly"),
                          "§ Northern Lights: ferries"),
    "triple-routes": RuleId(N_("Of a triple route, only as many tracks as the player count allows are used, and "
                               "one player never owns two of them"), "§ Northern Lights: triple routes"),
    "not-in-hand": RuleId(N_("A player pays only with cards they hold"), "§1 Claiming a route"),
    "tunnel-extra": RuleId(N_("A tunnel's extra cards are of the colour paid, or locomotives"),
                           "§3 Europe (tunnels)"),
    # stations
    "no-stations": RuleId(N_("Stations are built only in editions that have them"), "§3 Europe (stations)"),
    "unknown-city": RuleId(N_("A station is built on a city of the board"), "§3 Europe (stations)"),
    "station-limit": RuleId(N_("A player builds at most the edition's number of stations"), "§3 Europe (stations)"),
    "station-taken": RuleId(N_("A city holds one station"), "§3 Europe (stations)"),
    "station-cost": RuleId(N_("A player's n-th station costs n cards of one colour"), "§3 Europe (stations)"),
    # Warehouses & Depots (the Europa 1912 module; rules-variants.md §3)
    "no-warehouses": RuleId(N_("Warehouses and depots are used only in a game played with Warehouses & Depots"),
                            "§ Warehouses & Depots"),
    "warehouse-card": RuleId(N_("A card draw starts by putting the deck's top card into a warehouse"),
                             "§ Warehouses & Depots: drawing train cards"),
    "unknown-warehouse": RuleId(N_("A warehouse is named by its owner, a player of the game"),
                                "§ Warehouses & Depots: pieces"),
    "depot-taken": RuleId(N_("A city holds one depot"), "§ Warehouses & Depots: pieces and setup"),
    "depot-station": RuleId(N_("A depot and a station never share a city"), "§ Warehouses & Depots: corner cases"),
    "depot-reserve": RuleId(N_("Only depots still in a player's reserve are placed or pay for a warehouse"),
                            "§ Warehouses & Depots: claiming a route"),
    "depot-free-action": RuleId(N_("Depots are placed on the player's own turn, before or after the action"),
                                "§ Warehouses & Depots: placing depots"),
    "collect-warehouse": RuleId(N_("A warehouse is collected right after claiming a route into a city holding its "
                                   "owner's depot, and only when it holds cards"),
                                "§ Warehouses & Depots: claiming a route"),
}


def rule_title(rule: str) -> str:
    """The one-line title of a rule id ("double-routes" -> "One player never owns ..."), in the
    language chosen."""
    try:
        return _(RULE_IDS[rule].title)
    except KeyError:
        raise KeyError(f"unknown rule id {rule!r}: the ids are {', '.join(RULE_IDS)}") from None
