"""What every family's pictures check first: they are drawn from a view, never from the game state."""

from __future__ import annotations


def expect(view: object, kind: type, function: str, how: str) -> None:
    """Refuse anything but the expected view: pictures never see the whole game state."""
    if not isinstance(view, kind):
        raise TypeError(f"{function}() draws a {kind.__name__} ({how}), not a {type(view).__name__}: "
                        "pictures never see the whole game state")
