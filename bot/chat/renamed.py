"""Commands that moved keep their old name for a release: ``/sy settings`` still answers, then says it is now
``/sy-host settings``.

An old name is a copy of the new command under ``/sy`` (the same options, so a player's habit and the command
Discord's client remembers both still work), whose answer ends with a private pointer to the new name. In the
release after next the old names go: then drop them from :data:`RENAMED`.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.i18n import N_, NC_, Speaker

from bot.chat.replies import say, speaker_for

log = logging.getLogger(__name__)

#: ``/sy`` subcommands that moved: old name -> (the command it moved to, its subcommand there)
RENAMED: dict[str, tuple[str, str]] = {
    "settings": ("sy-host", "settings"),
    "addbot": ("sy-host", "addbot"),
    "removebot": ("sy-host", "removebot"),
    "replace": ("sy-host", "replace"),
    "cancel": ("sy-host", "cancel"),
    "language": ("sy-me", "language"),
}

#: the description an old name shows in Discord's list of commands (at most 100 characters)
OLD_NAME = {
    "settings": NC_("command description", "Old name of /sy-host settings (until the next release)"),
    "addbot": NC_("command description", "Old name of /sy-host addbot (until the next release)"),
    "removebot": NC_("command description", "Old name of /sy-host removebot (until the next release)"),
    "replace": NC_("command description", "Old name of /sy-host replace (until the next release)"),
    "cancel": NC_("command description", "Old name of /sy-host cancel (until the next release)"),
    "language": NC_("command description", "Old name of /sy-me language (until the next release)"),
}

POINTER = N_("ℹ️ `{old}` is now `{new}`; the old name works until the next release.")


def command_path(t: Speaker, *names: str) -> str:
    """``/sy-host settings`` in the reader's language (the names Discord shows them)."""
    return "/" + " ".join(t.pgettext("command name", name) for name in names)


def pointer(t: Speaker, old: str) -> str:
    """The line an old name's answer ends with."""
    new = RENAMED[old]
    return t._(POINTER).format(old=command_path(t, "sy", old), new=command_path(t, *new))


def renamed(command: app_commands.Command, parent: app_commands.Group, old: str) -> app_commands.Command:
    """A copy of ``command`` (bound to its own group) under ``parent`` with the name ``old``, whose answer is
    followed by :func:`pointer`."""
    copy = command._copy_with(parent=parent, binding=command.binding, set_on_binding=False)
    copy.binding = command.binding  # (_copy_with maps a bound command's binding through a table it is not in)
    copy.name = old
    copy._locale_name = app_commands.locale_str(old)
    copy.description = OLD_NAME[old]
    copy._locale_description = app_commands.locale_str(OLD_NAME[old])
    callback = command.callback

    async def answered_then_pointed(binding, interaction: discord.Interaction, **options) -> None:
        await callback(binding, interaction, **options)
        if not interaction.response.is_done():
            return  # a delivery seen before: it was answered then
        try:
            await say(interaction, pointer(await speaker_for(interaction), old), ephemeral=True)
        except discord.HTTPException as exc:
            log.info("no pointer to the new name of /sy %s: %s", old, exc)

    copy._callback = answered_then_pointed
    return copy
