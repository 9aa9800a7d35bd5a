"""Driving dice games through the fake Discord: start selects, the 🎲 Roll button, the dice to ride
with, Mr. X's DM menu, and ``/sy move to: die:`` for some turns."""

from __future__ import annotations

import random
import re

from bot.games.dice.engine import MRX, DiceMove, DiceState, MrXDouble, MrXMove, PickStart, Skip
from bot.games.dice.engine.players import GreedyPlayer, RandomPlayer
from tests.fakediscord import FakeMessage

from tests.e2e.helpers import MAY_BE_AT, Game, Replay


class DiceGame(Game):
    """A dice game in the world's channel; the players choose from the true views (the test's eyes)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.clicks = 0

    async def truth(self) -> DiceState:  # type: ignore[override]
        return await self.service.rebuild_state(self.game_id)

    def channel_post_with(self, prefix: str) -> FakeMessage:
        posts = [m for m in self.table_messages() if any(c.startswith(prefix) for c in m.custom_ids)]
        assert posts, f"no channel post with {prefix}"
        return posts[-1]

    def dm_menu(self) -> FakeMessage:
        dms = [m for m in self.fake.dm_messages(self.mrx_user) if any(c.startswith("sy:dice:") for c in m.custom_ids)]
        assert dms, "no DM menu for Mr. X"
        return dms[-1]

    async def quiet_click(self, user, message: FakeMessage, custom_id: str, values=None) -> None:
        """A click on a public post: the channel's post is the answer, no private echo, and no
        "thinking…" either (a deferred update)."""
        if values is None:
            handle = await self.fake.click(user, message, custom_id)
        else:
            handle = await self.fake.select(user, message, custom_id, values)
        await handle.wait_callback()
        await self.settle()
        assert handle.answered_in_place, f"a private answer to a good click: {[m.text for m in handle.answers]}"

    def roll_button(self, message: FakeMessage, what: str, state: DiceState) -> str:
        """The post's 🎲 Roll (``roll``) or Roll again (``again``) button: it names the game, the round and
        how many times the dice were thrown when it was posted."""
        custom_id = f"sy:dice:{what}:{self.game_id}:{state.round}:{state.rolls}"
        assert custom_id in message.custom_ids, (custom_id, message.custom_ids)
        return custom_id

    def ride_menu(self, message: FakeMessage, state: DiceState, value: str) -> str:
        """The post's ride menu that offers ``value``: it names the game, the round and the throws so far."""
        return self.select_with(message, f"sy:dice:go:{self.game_id}:{state.round}:{state.rolls}:", value)

    @staticmethod
    def select_with(message: FakeMessage, prefix: str, value: str) -> str:
        for custom_id in message.custom_ids:
            if custom_id.startswith(prefix) and any(o["value"] == value
                                                    for o in message.find_component(custom_id)["options"]):
                return custom_id
        raise AssertionError(f"no {prefix} select offers {value}: {message.custom_ids}")

    async def step(self, mrx_player, det_player, how: str = "buttons", state: DiceState | None = None) -> None:
        """One thing the game waits for, done the way a player would. ``state``: the true state, when the caller
        has just replayed it (a replay reads and plays every action of the game)."""
        state = state or await self.truth()
        pawn = state.to_move()[0]
        user = await self.owner(pawn)
        g = self.game_id
        if state.awaiting == "start" and pawn != MRX:
            pick = det_player.pick_start(state.public_view(), pawn)
            if how == "command":
                await self.command_move(user, pick.station, None)
            else:
                post = self.channel_post_with(f"sy:dice:start:{g}:{pawn}:")
                await self.quiet_click(user, post, self.select_with(post, f"sy:dice:start:{g}:{pawn}:",
                                                                   str(pick.station)), [str(pick.station)])
        elif state.awaiting == "start":
            pick = mrx_player.pick_start(state.mrx_view(), MRX)
            menu = self.dm_menu()
            await self.select(user, menu, self.select_with(menu, f"sy:dice:start:{g}:mrx:", str(pick.station)),
                              [str(pick.station)])
            assert menu.content.startswith("✅"), menu.content
        elif state.awaiting == "roll":
            post = self.channel_post_with(f"sy:dice:roll:{g}:{state.round}:")
            await self.quiet_click(user, post, self.roll_button(post, "roll", state))
        elif state.awaiting == "move":
            view = state.public_view()
            if det_player.wants_reroll(view, pawn):
                post = self.channel_post_with(f"sy:dice:again:{g}:{state.round}:")
                await self.quiet_click(user, post, self.roll_button(post, "again", state))
                return
            action = det_player.choose(view, pawn)
            user = await self.owner(action.pawn)
            if isinstance(action, Skip):
                post = self.channel_post_with(f"sy:dice:stay:{g}:{state.round}:")
                await self.quiet_click(user, post, f"sy:dice:stay:{g}:{state.round}:{state.rolls}:{action.pawn}")
            elif how == "command":
                await self.command_move(user, action.to, action.die, action.pawn)
            else:
                value = f"{action.pawn}:{action.to}:{action.die}"
                post = self.channel_post_with(f"sy:dice:go:{g}:{state.round}:")
                await self.quiet_click(user, post, self.ride_menu(post, state, value), [value])
        else:
            action = mrx_player.choose(state.mrx_view(), MRX)
            await self.mrx_dm(action, how, state)
        self.clicks += 1

    async def command_move(self, user, to: int, die: str | None, pawn: str | None = None) -> None:
        options = {"to": to}
        if die:
            options["die"] = die
        if pawn:
            options["pawn"] = pawn
        handle = await self.fake.slash(user, self.world.channel, "sy", "move", options)
        answer = await handle.wait_outcome(timeout=5)
        assert answer is None, f"a private echo of a detective's move: {answer.text}"
        await self.settle()

    async def mrx_dm(self, action, how: str, state: DiceState) -> None:
        user, g = self.mrx_user, self.game_id
        if how == "command" and isinstance(action, MrXMove):
            answer = await self.reply(user, "move", {"to": action.to, "ticket": action.ticket}, "dm")
            assert answer.text.startswith("✅"), answer.text
            return
        menu = self.dm_menu()
        if isinstance(action, MrXMove):
            value = f"{action.to}:{action.ticket}"
            await self.select(user, menu, self.select_with(menu, f"sy:dice:x:{g}:{state.round}:", value), [value])
        else:
            first, second = action.first, action.second
            value = f"{first.to}:{first.ticket}"
            await self.select(user, menu, self.select_with(menu, f"sy:dice:xd:{g}:{state.round}:", value), [value])
            assert "Double move" in menu.content or "Doppelzug" in menu.content, menu.content
            value2 = f"{second.to}:{second.ticket}"
            await self.select(user, menu, self.select_with(
                menu, f"sy:dice:xd2:{g}:{state.round}:{first.to}:{first.ticket}:", value2), [value2])
        assert menu.content.startswith("✅"), menu.content

    async def play_dice(self, mrx: str = "greedy", detectives: str = "greedy", ways=("buttons",), until=None,
                        max_steps: int = 400) -> DiceState:
        players = {"greedy": GreedyPlayer, "random": RandomPlayer}
        mrx_player, det_player = players[mrx](random.Random(7)), players[detectives](random.Random(8))
        replay = Replay(self.service, self.game_id)
        state = await replay.look()
        for n in range(max_steps):
            if state.is_over or (until is not None and until(state)):
                return state
            await self.step(mrx_player, det_player, ways[n % len(ways)], state)
            state = await replay.look()  # checked now, and the state the next step is chosen from
            self.check_dice_secrecy(state)
        raise AssertionError("the game did not end")

    def check_secrecy(self, state) -> None:  # type: ignore[override]
        self.check_dice_secrecy(state)

    def check_dice_secrecy(self, state: DiceState) -> None:
        """No message anyone but Mr. X reads names his hidden station in bold, and public messages
        carry public pictures only (the twin test checks every byte)."""
        hidden = None if state.is_over else state.positions.get(MRX)
        view = state.public_view()
        if hidden is not None and (view.mrx_shown == hidden or hidden in (view.known_route or ())):
            hidden = None
        bot_id = self.fake.bot_user.id
        for message in self.fake.messages[self.seen.checked:]:
            if message.author is None or message.author.id != bot_id or self.for_mrx(message):
                continue
            for name, data in message.files.items():
                assert data not in self.pictures.private, f"Mr. X's board in a public message: {name}"
                assert data in self.pictures.public, f"a picture not drawn from a public view: {name}"
            if hidden is not None:
                text = re.sub(r"<[@#]!?\d+>", "", message.text)
                # A line naming the stations everyone can work out he may be at gives nothing away: exactly those
                # as the round ended (tests/e2e/test_round_text.py), which a detective's move since (a computer's,
                # made before this check) may have narrowed to those of the view now.
                text = "\n".join(line for line in text.splitlines() if not (
                    line.startswith(MAY_BE_AT) and {int(n) for n in re.findall(r"\*\*(\d+)\*\*", line)} >= view.possible))
                assert f"**{hidden}**" not in text, f"message names Mr. X's station {hidden}: {message.text}"
        self.seen.checked = len(self.fake.messages)


__all__ = ["DiceGame", "DiceMove", "MrXDouble", "PickStart"]
