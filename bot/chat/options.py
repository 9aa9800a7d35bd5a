"""The choices the slash commands offer, shared by ``/sy``, ``/sy-host`` and ``/sy-me``."""

from __future__ import annotations

from typing import Optional

from discord import app_commands

from bot.games import all_rules

#: the rule systems the families can play now
RULES = [app_commands.Choice(name=r.name, value=r.name) for r in all_rules(available_only=True)]
ROLES = [app_commands.Choice(name="detective", value="detective"), app_commands.Choice(name="Mr. X", value="mrx")]
LEVELS = [app_commands.Choice(name="easy", value="easy"), app_commands.Choice(name="normal", value="normal"),
          app_commands.Choice(name="hard", value="hard")]
LANGUAGE_CHOICES = [app_commands.Choice(name="Deutsch", value="de"), app_commands.Choice(name="English", value="en"),
                    app_commands.Choice(name="automatic (my Discord language)", value="auto")]
GAME_LANGUAGES = [app_commands.Choice(name="Deutsch", value="de"), app_commands.Choice(name="English", value="en")]
#: the ``game`` option of the commands that look at a game
LOOK_GAME = "Which game (default: this channel's, or its latest finished one)"
SCOPES = [app_commands.Choice(name="this game", value="game"),
          app_commands.Choice(name="server defaults", value="server")]


def value(choice: Optional[app_commands.Choice]) -> Optional[str]:
    return choice.value if choice else None
