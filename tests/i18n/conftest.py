"""The real bot against the fake Discord, as in tests/e2e."""

from tests.e2e.conftest import clock, fake, game, pictures, service, shared_drawings, world  # noqa: F401
