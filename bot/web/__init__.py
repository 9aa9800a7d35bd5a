"""The board in a browser (``docs/web.md``): a page per game at an address nobody can guess, drawn in the browser
from the game's public view, live; and Mr. X's own page. Another edge beside the chat layer, over the game service:
it names no family (each hands its board and views as data through ``Family.web_board``, ``web_view`` and
``web_secret``) and knows no Discord.

Modules: ``app`` (the aiohttp application: routes, headers, refusals), ``data`` (the pages' data, cached per action),
``html`` (the pages as HTML, readable without JavaScript), ``live`` (server-sent events woken by the wake-ups),
``limits`` (requests per address), ``server`` (serving it in the bot's process or alone), ``static/`` (script, style).
"""
