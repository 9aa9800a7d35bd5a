"""Scotland Yard for Discord: rules engine (``bot.game``), store, pictures and the bot itself."""

__version__ = "0.1.0"
