"""Join codes: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V).

>>> normalize(" k7x-4pq ")
'K7X4PQ'
>>> is_code("K7X4PQ"), is_code("K7X4P0")
(True, False)
"""

from __future__ import annotations

import re
import secrets

#: 23 letters and digits no reader confuses with another (23**6 = 148 million codes)
ALPHABET = "34679ACDEFGHJKMNPQRTWXY"
LENGTH = 6
_CODE_RE = re.compile(f"[{ALPHABET}]{{{LENGTH}}}")


def new_code() -> str:
    """A fresh random code (``secrets``: not guessable from earlier codes)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize(text: str) -> str:
    """What a person typed, as a code: upper case, spaces and dashes dropped (no other guessing)."""
    return re.sub(r"[\s\-]", "", str(text or ""))[:32].upper()


def is_code(text: str) -> bool:
    return bool(_CODE_RE.fullmatch(text or ""))


def new_token() -> str:
    """A per-device secret (kept by the device, e.g. in the browser's localStorage)."""
    return secrets.token_urlsafe(18)
