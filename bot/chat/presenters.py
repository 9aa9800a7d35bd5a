"""Which module speaks for a family in the chat layer (``Family.presenter``).

The chat layer names no family: it asks the registry for a game's family and this module for that
family's presenter, loaded by name. Every presenter offers:

- words for the channel: ``game_started_text``, ``started_ping(payload)`` (whom the start post calls),
  ``action_text``, ``next_up_line``, ``round_summary_text``, ``game_over_embed``,
  ``players_changed_text``, ``cancelled_text``, ``status_embed``, ``rules_text``, ``help_tickets(t, rules)``
  (``/sy help``'s line on what the rules in play ride), ``owners_of``, ``mention``, and ``LOG_PICTURES``
  (whether the round summary and Mr. X's prompt carry the log as a picture);
- words for Mr. X alone: ``mrx_prompt_text``, ``mrx_receipt_text(events, view, now_at, tr)``,
  ``mrx_status_text(mview, tr)``;
- components: ``turn_buttons(game_id, view, next, tr)`` (under a post that hands over the turn, or
  None), ``rewrites_turn_post(events)`` (whether these events, when nobody new owes a move, rewrite the
  live turn post instead of adding one), ``mrx_menu(game_id, mview)`` (his DM menu) and
  ``DYNAMIC_ITEMS`` (registered in ``setup_hook``, so that earlier runs' components keep working);
- the slash options: ``choices(command, option, view, pawn, current, chosen, tr)`` (autocomplete),
  ``move_parts(mover, to, ticket, then_to, then_ticket)`` (what ``/sy move``'s options mean) and
  ``trade_action(view, giver, to, ticket)``.
"""

from __future__ import annotations

import importlib
from types import ModuleType


#: what every presenter offers (tests/chat/test_presenters.py holds each family's presenter to it)
HOOKS = (
    "game_started_text", "started_ping", "action_text", "next_up_line", "round_summary_text", "game_over_embed",
    "players_changed_text", "cancelled_text", "status_embed", "rules_text", "help_tickets", "owners_of", "mention",
    "LOG_PICTURES",
    "mrx_prompt_text", "mrx_receipt_text", "mrx_status_text",
    "turn_buttons", "rewrites_turn_post", "mrx_menu", "DYNAMIC_ITEMS",
    "choices", "move_parts", "trade_action",
)


def presenter(family) -> ModuleType:
    """The module that puts a family's views and events into words and components (``Family.presenter``)."""
    return importlib.import_module(family.presenter)
