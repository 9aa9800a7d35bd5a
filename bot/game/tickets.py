"""Tickets and transports: the small vocabulary every other module speaks."""

from __future__ import annotations

from enum import Enum


class Transport(str, Enum):
    TAXI = "taxi"
    BUS = "bus"
    UNDERGROUND = "underground"
    FERRY = "ferry"

    def __str__(self) -> str:
        return self.value


class Ticket(str, Enum):
    TAXI = "taxi"
    BUS = "bus"
    UNDERGROUND = "underground"
    BLACK = "black"
    DOUBLE = "double"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> "Ticket":
        from .errors import InvalidAction

        key = text.strip().lower()
        key = _ALIASES.get(key, key)
        try:
            return cls(key)
        except ValueError:
            names = ", ".join(t.value for t in cls if t is not cls.DOUBLE)
            raise InvalidAction(f"Unknown ticket {text!r}: use one of {names}.") from None


_ALIASES = {"tube": "underground", "ug": "underground", "metro": "underground", "x": "black", "2x": "double"}

#: The tickets that pay for one ride, with the transport each one pays for.
RIDE_TICKETS: dict[Ticket, Transport] = {
    Ticket.TAXI: Transport.TAXI,
    Ticket.BUS: Transport.BUS,
    Ticket.UNDERGROUND: Transport.UNDERGROUND,
}

#: Detectives' and Mr. X's regular ticket kinds, in display order.
REGULAR = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
