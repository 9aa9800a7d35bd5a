"""Errors the fake's route handlers raise; the server answers them as Discord's JSON error bodies."""

from __future__ import annotations

from typing import Any, Dict, Optional

__all__ = ['FakeHTTPError', 'invalid_form']


class FakeHTTPError(Exception):
    """Raised inside route handlers: becomes a JSON error response like Discord's."""

    def __init__(self, status: int, code: int, message: str, errors: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(f'{status} {code} {message}')
        self.status = status
        self.body: Dict[str, Any] = {'message': message, 'code': code}
        if errors is not None:
            self.body['errors'] = errors


def invalid_form(detail: str) -> FakeHTTPError:
    """Discord's 400 / 50035 "Invalid Form Body" with the detail in ``errors``."""
    return FakeHTTPError(400, 50035, f'Invalid Form Body: {detail}', errors={'_errors': [{'message': detail}]})
