"""Ratings in words (``docs/ratings.md``): the leaderboard's lines and a person's ratings with their history, for
``/sy leaderboard`` and ``/sy stats`` (:mod:`bot.chat.records`)."""

from __future__ import annotations

from typing import Mapping, Sequence

from babel.numbers import format_decimal

from bot.games import COMPUTER_KINDS
from bot.i18n import EN, Speaker
from bot.i18n.names import computer_name
from bot.ratings import ALL, COMPUTERS, DETECTIVE, MRX, Rating
from bot.service.models import PlayerStats
from bot.service.ratings import PersonRatings, RatedPlayer

from bot.chat.words import mention

#: the computers the leaderboard names for comparison (the search's levels)
COMPARED = ("easy", "normal", "hard")


def number(value: float, tr: Speaker) -> str:
    """One decimal, in the reader's way of writing it (27.4, 27,4)."""
    return format_decimal(round(value, 1), format="0.0", locale="de_DE" if tr.language == "de" else "en_US")


def rating_words(rating: Rating, tr: Speaker = EN) -> str:
    """``27.4 ± 9.8``: the estimate and twice its uncertainty (about 95 % sure to hold the skill), marked while it
    is still provisional."""
    text = tr._("{mu} ± {range}").format(mu=number(rating.mu, tr), range=number(2 * rating.sigma, tr))
    return tr._("{rating} (provisional)").format(rating=text) if rating.provisional else text


def games_words(stats: PlayerStats | None, tr: Speaker) -> str:
    if stats is None or stats.games == 0:
        return ""
    games = tr.ngettext("{n} game, {wins} won", "{n} games, {wins} won", stats.games).format(wins=stats.wins,
                                                                                            n=stats.games)
    if stats.mrx_games:
        games = tr._("{games} (Mr. X {mrx_wins}/{mrx_games})").format(games=games, mrx_wins=stats.mrx_wins,
                                                                       mrx_games=stats.mrx_games)
    return games


def leaderboard_text(rows: Sequence[RatedPlayer], stats: Mapping[int, PlayerStats], ladder: str = ALL,
                     tr: Speaker = EN) -> str:
    """The best rated first (by the sure end of their range); each with their games on this server, and at the
    end the computers' fixed ratings to compare with."""
    if not rows:
        if ladder == ALL:
            return tr._("No rated games on this server yet: `/sy new` to play one.")
        return tr._("Nobody on this server has a rating in this role yet.")
    title = {ALL: tr._("🏆 **Leaderboard** (ratings on this server)"),
             MRX: tr._("🏆 **Leaderboard as Mr. X** (ratings on this server)"),
             DETECTIVE: tr._("🏆 **Leaderboard as detectives** (ratings on this server)")}[ladder]
    medals = ["🥇", "🥈", "🥉"]
    lines = [title]
    for i, row in enumerate(rows):
        mark = medals[i] if i < 3 else f"{i + 1}."
        games = games_words(stats.get(row.user_id), tr)
        line = tr._("{mark} {who}: {rating}").format(mark=mark, who=mention(row.user_id, tr),
                                                     rating=rating_words(row.rating, tr))
        lines.append(f"{line} · {games}" if games else line)
    roles = (MRX, DETECTIVE) if ladder == ALL else (ladder,)
    computers = " · ".join(
        f"{computer_name(kind, tr)} {'/'.join(number(COMPUTERS[(kind, role)], tr) for role in roles)}"
        for kind in COMPUTER_KINDS if kind in COMPARED)
    lines.append(tr._("-# Computers have fixed ratings ({roles}): {computers}.").format(
        roles=" / ".join(role_name(role, tr) for role in roles), computers=computers))
    return "\n".join(lines)


def role_name(role: str, tr: Speaker) -> str:
    return tr._("as Mr. X") if role == MRX else tr._("as a detective")


def ratings_text(found: PersonRatings, tr: Speaker = EN) -> str | None:
    """A person's ratings on this server (and over every server), and how their latest games moved them; None
    while they have none."""
    here = found.here.get(ALL)
    if here is None:
        return None
    parts = [tr._("📈 Rating: {rating}").format(rating=rating_words(here, tr))]
    roles = [tr._("{role} {rating}").format(role=role_name(role, tr), rating=rating_words(found.here[role], tr))
             for role in (MRX, DETECTIVE) if role in found.here]
    if roles:
        parts[0] += " (" + " · ".join(roles) + ")"
    everywhere = found.everywhere.get(ALL)
    if everywhere is not None and everywhere.games != here.games:
        parts.append(tr._("over every server {rating}").format(rating=rating_words(everywhere, tr)))
    lines = [" · ".join(parts)]
    if found.history:
        steps = []
        for step in found.history:
            role = tr._("Mr. X") if step.role == MRX else tr._("detective")
            outcome = tr._("won") if step.won else tr._("lost")
            steps.append(tr._("#{game} {role}, {outcome}: {before} → {after}").format(
                game=step.game_id, role=role, outcome=outcome, before=number(step.before.mu, tr),
                after=number(step.after.mu, tr)))
        lines.append(tr._("Latest games: {steps}").format(steps=" · ".join(steps)))
    return "\n".join(lines)
