"""The dice game's presenter (``Family.presenter`` of :mod:`bot.games.dice.family`): what the chat
layer asks of a family, in one module.

Its parts: :mod:`.channel_posts` (the channel, and answers anyone may read: public views and public
events only), :mod:`.mrx_messages` (Mr. X alone, from his view), :mod:`.words` (dice and tickets);
:mod:`.views` (the components under a post that hands over the turn: a start select, the 🎲 Roll
button, the dice to ride with, roll again, stay; and Mr. X's DM menu); :mod:`.slash_options` (what
``/sy move`` offers and what its options mean).
"""

from bot.chat.posts import cancelled_text
from bot.chat.words import mention, owners_of
from bot.games.dice.presenter.channel_posts import (
    action_text, game_over_embed, game_started_text, help_tickets, next_up_line, players_changed_text,
    rewrites_turn_post, round_summary_text, rules_text, started_ping, status_embed,
)
from bot.games.dice.presenter.mrx_messages import mrx_prompt_text, mrx_receipt_text, mrx_status_text
from bot.games.dice.presenter.slash_options import choices, move_parts, trade_action
from bot.games.dice.presenter.views import DYNAMIC_ITEMS, mrx_menu, turn_buttons
from bot.games.dice.presenter.words import die_word

__all__ = [
    "DYNAMIC_ITEMS", "LOG_PICTURES", "action_text", "cancelled_text", "choices", "die_word", "game_over_embed",
    "help_tickets",
    "game_started_text", "mention", "move_parts", "mrx_menu", "mrx_prompt_text", "mrx_receipt_text",
    "mrx_status_text", "next_up_line", "owners_of", "players_changed_text", "rewrites_turn_post",
    "round_summary_text", "rules_text",
    "started_ping", "status_embed", "trade_action", "turn_buttons",
]

#: the round summaries and Mr. X's prompts carry his log as a picture (13 boxes, the dice on them)
LOG_PICTURES = True
