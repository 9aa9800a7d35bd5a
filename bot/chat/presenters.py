"""Which module speaks for a family in the chat layer (``Family.presenter``)."""

from __future__ import annotations

import importlib


def presenter(family):
    """The module that puts a family's views and events into words (``Family.presenter``). Besides
    the texts every presenter has, one may give its own ``turn_buttons(game_id, view, nxt, tr)``
    (the components under a post that hands over the turn), ``mrx_menu(game_id, mview)`` (Mr. X's
    DM menu), ``started_ping(payload)`` (whom the start post calls), ``LOG_PICTURES`` (the round
    summary and Mr. X's prompt carry the log as a picture) and ``DYNAMIC_ITEMS``."""
    return importlib.import_module(family.presenter)
