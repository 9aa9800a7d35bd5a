"""The translator of the slash-command tree: Discord shows each client the names in its own language."""

from __future__ import annotations

import discord
from discord import app_commands

from . import GERMAN, language_of_locale, translations

#: gettext contexts keep a name apart from a same-worded description ("rules" the option, "rules" the command)
CONTEXTS = {
    app_commands.TranslationContextLocation.command_name: "command name",
    app_commands.TranslationContextLocation.group_name: "command name",
    app_commands.TranslationContextLocation.parameter_name: "option name",
    app_commands.TranslationContextLocation.command_description: "command description",
    app_commands.TranslationContextLocation.group_description: "command description",
    app_commands.TranslationContextLocation.parameter_description: "option description",
    app_commands.TranslationContextLocation.choice_name: "choice name",
}


def tree_context(location: app_commands.TranslationContextLocation) -> str | None:
    return CONTEXTS.get(location)


class CommandTranslator(app_commands.Translator):
    """Looks every command, option and choice string up in the catalogue of the client's language."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if language_of_locale(locale) != GERMAN:
            return None
        ctx = tree_context(context.location)
        if ctx is None:
            return None
        # Always an answer, even where German keeps the English word ("sy", "mb1985"): the catalogue covers the
        # whole tree (tests/i18n), so Discord gets a German entry for every string.
        return translations(GERMAN).pgettext(ctx, string.message)



class _Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        ctx = tree_context(context.location)
        if locale is discord.Locale.german and ctx is not None and (ctx, string.message) not in self.found:
            self.found.append((ctx, string.message))
        return None


async def tree_strings(groups: list[app_commands.Group]) -> list[tuple[str, str]]:
    """Every (context, English string) discord.py asks the translator about for ``groups``, in tree order."""
    recorder = _Recorder()
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    for group in groups:
        await group.get_translated_payload(tree, recorder)
    return recorder.found
