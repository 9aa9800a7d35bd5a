"""Names every text and picture shares, in the reader's language: pawns, endings, board words."""

from __future__ import annotations

from . import N_, Speaker

#: the detectives' colours as the rulebooks name them
COLOUR_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow"),
                "purple": N_("Purple"), "black": N_("Black"), "white": N_("White")}

#: how a game can end, in the engine's reason words (its English sentences, translated)
OUTCOMES = {
    "captured": N_("The detectives caught Mr. X in round {round}."),
    "mrx_stuck": N_("Mr. X was cornered in round {round}: he had nowhere left to go."),
    "escaped": N_("Mr. X escaped: the detectives did not catch him by the end of round {round}."),
    "detectives_stuck": N_("Mr. X escaped in round {round}: no detective could move any more."),
    "mrx_resigned": N_("Mr. X gave up in round {round}."),
    "detectives_resigned": N_("The detectives gave up in round {round}."),
}


def pawn_label(pawn, tr: Speaker) -> str:
    """``Red``, ``Bobby 1``, ``Mr. X`` (``Rot``, ``Bobby 1``, ``Mister X``) for a pawn of a view."""
    if pawn.role == "mrx":
        return tr._("Mr. X")
    if pawn.role == "bobby":
        return tr._("Bobby {n}").format(n=pawn.id[1:])
    return tr._(COLOUR_NAMES[pawn.colour]) if pawn.colour in COLOUR_NAMES else pawn.label


#: the dice game's own endings, as its engine says them in English
DICE_OUTCOMES = (N_("Mr. X had nowhere else to go and ran into a detective in round {round}."),
                 N_("Mr. X escaped: the detectives' last turn in round {round} did not catch him."))


def outcome_sentence(outcome, tr: Speaker) -> str:
    own = outcome.sentences().get(outcome.reason)
    sentence = own if own in DICE_OUTCOMES else OUTCOMES.get(outcome.reason)
    return tr._(sentence).format(round=outcome.round) if sentence else outcome.describe()


def rules_title(name: str, tr: Speaker) -> str:
    """A rule system's title in the reader's language."""
    from bot.games import family_for_rules

    from .reference import RULE_WORDS

    if name in RULE_WORDS:
        return tr._(RULE_WORDS[name][0])
    try:
        return family_for_rules(name).rules_entry(name).title
    except LookupError:  # an unknown rule system still gets a name
        return name


#: words the rules engine puts into its refusals (it speaks English; the bot translates the values
#: of a refusal that the catalogue knows, see GameError.said_in)
ENGINE_WORDS = (N_("First move: "), N_("Second move: "), N_("Third move: "),
                # why two variants clash (bot.games.london.engine.rules: a rule set's ``clashes``)
                N_("black tickets would have no use"))
#: the transports of the bot's boards as the engine names them in English (the board files carry
#: the German too; these let a refusal's values be said in kind)
TRANSPORT_WORDS = (N_("taxi"), N_("bus"), N_("underground"), N_("ferry"), N_("walk"), N_("boat"))


#: a pawn's move by each transport of the bot's boards, as a sentence to fill in with ``who``, ``start`` and ``to``
RIDES = {
    "taxi": N_("{who} took a taxi from {start} to {to}."),
    "bus": N_("{who} took the bus from {start} to {to}."),
    "underground": N_("{who} took the underground from {start} to {to}."),
    "walk": N_("{who} walked from {start} to {to}."),
    "vip": N_("{who} took the ViP from {start} to {to}."),
    "sbahn": N_("{who} took the Schnellbahn from {start} to {to}."),
}


def ride_sentence(transport: str, tr: Speaker) -> str | None:
    """The sentence of a move by ``transport`` ("{who} took the bus from {start} to {to}."), or None when the
    transport has none of its own."""
    return tr._(RIDES[transport]) if transport in RIDES else None


def shared_ticket(ticket: str, tr: Speaker) -> str | None:
    """The name a picture gives the tickets every board shares ("Black", "Double"), or None."""
    names = {"black": tr.pgettext("ticket", "Black"), "double": tr.pgettext("ticket", "Double")}
    return names.get(ticket)


#: the computer players' kinds, as a player reads them (bot.games.COMPUTER_KINDS)
COMPUTER_LEVELS = {"random": N_("random"), "greedy": N_("greedy"), "easy": N_("easy"), "normal": N_("normal"),
                   "hard": N_("hard")}


def computer_name(kind: str, tr: Speaker) -> str:
    """``🤖 Computer (hard)``: how a computer player is named wherever a person would be mentioned."""
    if kind not in COMPUTER_LEVELS:
        return "🤖 " + tr.pgettext("player", "Computer")
    return tr._("🤖 Computer ({level})").format(level=tr._(COMPUTER_LEVELS[kind]))


def span(seconds: float, tr: Speaker) -> str:
    """A wait in words a player reads at a glance: ``45 minutes``, ``25 h``, ``3 days 2 h``."""
    minutes = max(1, round(seconds / 60))
    if minutes < 90:
        return tr.ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)
    hours = round(minutes / 60)
    if hours < 72:
        return tr._("{n} h").format(n=hours)
    days, rest = divmod(hours, 24)
    text = tr.ngettext("{n} day", "{n} days", days).format(n=days)
    return text + (" " + tr._("{n} h").format(n=rest) if rest else "")


class Span:
    """A wait as a refusal's value: English in ``.message``, the reader's words in ``said_in``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __str__(self) -> str:
        from . import EN
        return span(self.seconds, EN)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said_in(self, tr: Speaker) -> str:
        return span(self.seconds, tr)
