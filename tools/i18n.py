"""The translation catalogues: ``python tools/i18n.py extract`` writes bot/locales/bot.pot (the marked strings of
the code plus every string of the slash-command tree) and merges it into each language's bot.po;
``python tools/i18n.py check`` lists what is untranslated. The bot compiles the .po files itself when it loads."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.i18n import DOMAIN, LANGUAGES, ENGLISH, LOCALES, po_path  # noqa: E402

KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None,
            "NC_": ((1, "c"), 2)}
#: refusals a player reads: a constant sentence given to one of these is a message id too
REFUSALS = ("Refused", "InvalidAction", "IllegalMove", "NoTicket", "NotYourTurn", "StationOccupied", "GameOver",
            "NoGameHere", "GameNotFound", "GameAlreadyRunning", "GameNotStarted", "GameAlreadyStarted", "GameClosed",
            "NotInGame", "NotHost", "NotAllowed", "NotYourPawn", "BadSetting", "DeadlineNotPassed", "StaleAction",
            "RoleTaken", "LobbyFull", "AlreadyJoined", "GameNotOver", "RulesUnavailable", "NotEnoughPlayers",
            "NoSuchDie", "RollFirst", "StaleRoll", "OptionUnavailable", "GamePaused", "NotAway", "TakebackRefused")

POT = LOCALES / f"{DOMAIN}.pot"


def template() -> Catalog:
    from bot.chat.commands import all_commands
    from bot.i18n.commands import tree_strings

    catalog = Catalog(project="scotland-yard-bot", domain=DOMAIN)
    for context, message in asyncio.run(tree_strings(all_commands())):
        catalog.add(message, context=context, locations=[("bot/chat/commands.py", 0)])
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / "bot", method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",)):
        catalog.add(message, context=context, locations=[(f"bot/{filename}", lineno)], auto_comments=comments)
    for message, where in refusals():
        catalog.add(message, locations=[where])
    return catalog


def refusals() -> list[tuple[str, tuple[str, int]]]:
    """The constant sentences refusals carry: a plain string given to one of REFUSALS (an f-string
    or a choice between two is not a message id), and the defaults refusals have without one."""
    import ast
    import re

    # A call of one of them names it in the source: the files that do not are not parsed (four in five).
    named = re.compile(r"\b(?:" + "|".join(REFUSALS) + r")\b")
    found: list[tuple[str, tuple[str, int]]] = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if not named.search(text):
            continue
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in REFUSALS
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.append((node.args[0].value, (str(path.relative_to(ROOT)), node.lineno)))
    found += [(message, ("bot/service/errors.py", 0)) for message in default_refusals()]
    return found


def default_refusals() -> list[str]:
    """The sentences refusals carry when they are raised without one of their own."""
    from bot.games.london.engine import GameError
    import bot.service.errors  # noqa: F401  (the service's refusals, with their defaults)

    found, todo = [], [GameError]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        try:
            message = cls().message  # type: ignore[call-arg]
        except TypeError:
            continue
        if message and message not in found:
            found.append(message)
    return found


def extract() -> None:
    pot = template()
    with POT.open("wb") as out:
        write_po(out, pot, width=120, sort_output=False)
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        path = po_path(language)
        with path.open("rb") as source:
            catalog = read_po(source, locale=language, domain=DOMAIN)
        catalog.update(pot, no_fuzzy_matching=True)
        with path.open("wb") as out:
            write_po(out, catalog, width=120, ignore_obsolete=True)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def check() -> int:
    pot = template()
    missing = 0
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        with po_path(language).open("rb") as source:
            catalog = read_po(source, locale=language, domain=DOMAIN)
        for message in pot:
            if not message.id:
                continue
            found = catalog.get(message.id, message.context)
            if found is None or not found.string or found.fuzzy or (
                    isinstance(found.string, tuple) and not all(found.string)):
                missing += 1
                print(f"{language}: untranslated {message.context or ''} {message.id!r}")
    return 1 if missing else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=("extract", "check"))
    args = parser.parse_args()
    if args.action == "extract":
        extract()
        return 0
    return check()


if __name__ == "__main__":
    raise SystemExit(main())
