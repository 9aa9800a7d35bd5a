"""Scotland Yard for Discord: rules engine (``bot.games.london.engine``), store, pictures and the bot itself."""

__version__ = "0.1.0"
