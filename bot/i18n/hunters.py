"""A board's own word for the hunters: Sanssouci's rulebook calls them agents (Agenten), London's
detectives. Messages are written once, with "detective"; a game on an agents' board reads them with
the word swapped, declined as German needs (der Agent, den/dem/des Agenten, die Agenten).

Quoted words stay (an opening quote or backtick before them): ``'detective'`` is a value a player types.
"""

from __future__ import annotations

import re

_EN = [
    (re.compile(r"\b([Aa]) (?=[Dd]etective\b)"), lambda m: m.group(1) + "n "),  # a detective -> an agent
    (re.compile(r"(?<![`'\w-])([Dd])etective(s?)\b"),
     lambda m: ("A" if m.group(1) == "D" else "a") + "gent" + m.group(2)),
]
#: German: the weak noun Agent takes -en everywhere but the nominative singular
_DE_AFTER = r"(?:dem|den|des|einem|einen|eines|keinem|keinen|keines|jedem|jeden|jedes|diesem|diesen|dieses|" \
            r"ihrem|ihren|ihres|seinem|seinen|seines|deinem|deinen|deines|unserem|unseren|unseres)"
_DE = [
    (re.compile(rf"\b({_DE_AFTER}(?: \w+)?) Detektiv\b"), lambda m: m.group(1) + " Agenten"),
    (re.compile(r"(?<![`'])Detektiv(?:en|e|s)\b"), lambda m: "Agenten"),
    (re.compile(r"(?<![`'])Detektiv\b"), lambda m: "Agent"),
    (re.compile(r"(?<![`'])detektiv"), lambda m: "agent"),  # compounds inside a word: Computer-detektiv
]


def as_agents(text: str, language: str) -> str:
    """``text`` with the hunters called agents, in ``language`` ("en" or "de")."""
    for pattern, swap in (_DE if language == "de" else _EN):
        text = pattern.sub(swap, text)
    return text
