"""Reading a ``multipart/form-data`` body (RFC 7578), as Discord reads a message with attachments: the
``payload_json`` field and the ``files[n]`` fields.

The fake reads the whole body and splits it at its delimiters: aiohttp's part-by-part reader parsed each part's
Content-Disposition three times over with regular expressions built on the fly, most of the time the fake spent on
a message with pictures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Optional
from urllib.parse import unquote

__all__ = ['FormPart', 'MultipartError', 'parse_form']

#: a parameter of a header (``name="files[0]"``, ``filename*=utf-8''%C3%BC.png``, ``boundary=abc``): a quoted
#: string with backslash escapes, or a token
_PARAMETER = re.compile(r';\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;]*))', re.S)
_ESCAPED = re.compile(r'\\(.)', re.S)


class MultipartError(ValueError):
    """The body is not the multipart body its Content-Type says."""


@dataclass
class FormPart:
    name: Optional[str]
    filename: Optional[str]
    content_type: Optional[str]
    data: bytes


def header_parameters(value: str) -> dict:
    """The parameters of a header's value (``form-data; name="x"`` -> ``{'name': 'x'}``), names in lower case;
    ``filename*`` (RFC 5987: ``charset'language'percent-encoded``) is decoded into ``filename``."""
    found = {}
    for key, quoted, token in _PARAMETER.findall(value):
        found[key.lower()] = _ESCAPED.sub(r'\1', quoted) if quoted or not token else token
    extended = found.pop('filename*', None)
    if extended is not None:
        charset, _, rest = extended.partition("'")
        found['filename'] = unquote(rest.partition("'")[2], encoding=charset or 'utf-8')
    return found


def parse_form(body: bytes, content_type: str) -> List[FormPart]:
    """The parts of ``body`` in their order."""
    boundary = header_parameters(content_type).get('boundary')
    if not boundary:
        raise MultipartError('multipart body without a boundary')
    delimiter = b'\r\n--' + boundary.encode('latin-1')
    # The first delimiter may open the body without the line break before it.
    chunks = (b'\r\n' + body).split(delimiter)
    if len(chunks) < 2 or not chunks[-1].startswith(b'--'):
        raise MultipartError('multipart body without its closing delimiter')
    parts = []
    for chunk in chunks[1:-1]:
        head, blank, data = chunk.partition(b'\r\n\r\n')
        if not blank:
            raise MultipartError('multipart part without the blank line after its headers')
        headers = {}
        for line in head.decode('utf-8').split('\r\n')[1:]:  # [0]: the rest of the delimiter's line
            key, colon, value = line.partition(':')
            if colon:
                headers[key.strip().lower()] = value.strip()
        disposition = header_parameters(headers.get('content-disposition', ''))
        parts.append(FormPart(name=disposition.get('name'), filename=disposition.get('filename'),
                              content_type=headers.get('content-type'), data=data))
    return parts
