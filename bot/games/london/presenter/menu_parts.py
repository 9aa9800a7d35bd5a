"""What Mr. X's DM menu and a detective's menu share: a select of destinations labelled with the
tickets that reach each one, and a ticket's button in the board's words and colours."""

from __future__ import annotations

from typing import Mapping, Sequence

import discord

from bot.i18n import reader

from bot.games.london.presenter.board_words import destination_label

#: the most options a Discord select holds
MAX_OPTIONS = 25
#: button styles for the ride tickets, in the board's order (Discord has only these colours)
RIDE_STYLES = (discord.ButtonStyle.success, discord.ButtonStyle.primary, discord.ButtonStyle.danger)


def ticket_button(board, ticket: str, label: str | None = None) -> dict:
    """Label, emoji and style of a ticket's button (plain when rebuilt from its custom id alone)."""
    if board is None:
        return {"label": label or ticket, "style": discord.ButtonStyle.secondary}
    name = board.ticket_name(ticket, reader().language)
    rides = board.ride_tickets
    style = RIDE_STYLES[rides.index(ticket) % len(RIDE_STYLES)] if ticket in rides else discord.ButtonStyle.secondary
    return {"label": label or name[:1].upper() + name[1:], "emoji": board.ticket_emoji(ticket), "style": style}


def destination_options(reach: Mapping[int, Sequence[str]], board) -> list[discord.SelectOption]:
    options = []
    for station, tickets in list(reach.items())[:MAX_OPTIONS]:
        emoji = "".join(board.ticket_emoji(t) for t in tickets)
        options.append(discord.SelectOption(label=destination_label(station, tickets, board, reader()),
                                            value=str(station), description=emoji))
    return options
