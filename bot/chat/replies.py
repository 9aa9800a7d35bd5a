"""Answering interactions: once, in time, privately when it may be private, politely on errors."""

from __future__ import annotations

import contextlib
import logging
from typing import AsyncIterator, Any

import discord

from bot.games.errors import GameError
from bot.i18n import Speaker, personal_language, reader, reading, speaker
from bot.store import DatabaseUnavailable, OutcomeUnknown

from bot.chat import words
from bot.chat.context import context_of

log = logging.getLogger(__name__)

#: the most characters a Discord message holds
MESSAGE_LIMIT = 2000


def key(interaction: discord.Interaction) -> str:
    return str(interaction.id)


def is_dm(interaction: discord.Interaction) -> bool:
    return interaction.guild_id is None


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True, thinking: bool = True) -> bool:
    """Acknowledge now; False when Discord says someone already did (a re-delivered interaction)."""
    if interaction.response.is_done():
        return True
    try:
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
    except discord.HTTPException as exc:
        if exc.code in (40060, 10062):
            log.info("interaction %s was already acknowledged (%s)", interaction.id, exc.code)
            return False
        raise
    return True


async def say(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = True,
              **kwargs: Any) -> discord.Message | None:
    """Answer, whether or not the interaction was deferred. Returns the message when Discord gives one.
    A text longer than a Discord message can hold is cut short rather than lost."""
    if content is not None and len(content) > MESSAGE_LIMIT:
        content = content[: MESSAGE_LIMIT - 1] + "…"
    if not interaction.response.is_done():
        response = await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
        resource = getattr(response, "resource", None)
        return resource if isinstance(resource, discord.Message) else None
    return await interaction.followup.send(content, ephemeral=ephemeral, wait=True, **kwargs)


@contextlib.asynccontextmanager
async def guarded(interaction: discord.Interaction, game_id: int | None = None) -> AsyncIterator["Scope"]:
    """Turn refusals into short private answers and surprises into an apology (and a log line).

    Set ``scope.game_id`` inside the block once the game is known, for the log.
    """
    scope = Scope(game_id)
    busy = context_of(interaction).busy
    busy.enter()
    try:
        with reading(await reader_language(interaction)) as tr:
            try:
                yield scope
            except GameError as exc:
                await _safe_say(interaction, f"⚠️ {exc.said_in(tr)}")
            except OutcomeUnknown as exc:  # it may have been kept: "nothing was changed" could be false
                log.error("%s: interaction %s (game %s) may or may not have been kept", exc.message, interaction.id,
                          scope.game_id)
                await _safe_say(interaction, tr._(words.DATABASE_UNSURE))
            except DatabaseUnavailable as exc:
                log.error("%s: refusing interaction %s (game %s)", exc.message, interaction.id, scope.game_id)
                await _safe_say(interaction, tr._(words.DATABASE_GONE))
            except discord.HTTPException as exc:
                if exc.code in (40060, 10062):  # already answered / too late: nothing more to say
                    log.info("interaction %s: %s", interaction.id, exc)
                    return
                log.exception("Discord refused a request (game %s, interaction %s)", scope.game_id, interaction.id)
                await _safe_say(interaction, tr._(words.APOLOGY))
            except Exception:
                log.exception("unexpected error (game %s, interaction %s)", scope.game_id, interaction.id)
                await _safe_say(interaction, tr._(words.APOLOGY))
    finally:
        busy.leave()


async def reader_language(interaction: discord.Interaction) -> str:
    """The language of the answers only this person sees: their own choice, else their Discord language."""
    try:
        chosen = await context_of(interaction).service.user_language(interaction.user.id)
    except Exception:  # the database may be gone; the answer still goes out
        chosen = None
    return personal_language(chosen, interaction.locale)


async def speaker_for(interaction: discord.Interaction) -> Speaker:
    """The gettext helpers of a reply only the caller sees: their chosen language, else their Discord one."""
    return speaker(await reader_language(interaction))


def updated_in_place(interaction: discord.Interaction) -> bool:
    """Whether the interaction was a click on a public post acknowledged with a deferred update: the
    clicker saw no "thinking…", and the post they clicked is not theirs to close."""
    message = interaction.message
    return (interaction.response.type is discord.InteractionResponseType.deferred_message_update
            and message is not None and not message.flags.ephemeral)


async def quiet_done(interaction: discord.Interaction) -> None:
    """Close the private "thinking…" answer (or the private menu clicked) without a word: the channel's
    post is the answer. After a deferred update of a public post there is nothing to close."""
    if updated_in_place(interaction):
        return
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        await say(interaction, reader()._("✅ Done."), ephemeral=True)


class Refused(GameError):
    """A refusal decided in the Discord layer (where to play, which pawn), phrased for the player."""


class OfferedOnly:
    """Put first among a select's bases (a ``DynamicItem`` over a ``discord.ui.Select``): a value the menu
    never offered (a modified client sends any string: garbage, another game's number, a station not on
    offer) is refused privately before the callback reads it, and nothing changes. The offer is the
    message's own select, as Discord hands it back with the click."""

    item: discord.ui.Select

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        offered = {option.value for option in self.item.options}
        if all(value in offered for value in self.item.values):
            return True
        log.info("interaction %s: a value its menu never offered", interaction.id)
        async with guarded(interaction):
            raise Refused("That is not one of the menu's choices, so nothing was done: pick one it offers.")
        return False


class Scope:
    def __init__(self, game_id: int | None) -> None:
        self.game_id = game_id


async def _safe_say(interaction: discord.Interaction, text: str) -> None:
    try:
        await say(interaction, text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)
