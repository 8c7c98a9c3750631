"""Whether the app's server can listen where it is told to: ``shogun-tutor app`` checks this before it starts, so a port
another program holds is said at once (Voilà would otherwise move to the next free port while the command has printed
the first one, and the students' join link would name it)."""

from __future__ import annotations

import errno
import socket


def port_taken(ip: str, port: int) -> bool:
    """True if another program holds ``port`` at ``ip``: every address ``ip`` names is tried as Tornado binds it (with
    ``SO_REUSEADDR``, so a port a stopped server left waiting counts as free)."""
    try:
        infos = socket.getaddrinfo(ip or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        return False  # an address that does not resolve: Voilà reports it
    for family, kind, proto, _name, address in infos:
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                sock.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE:
                    return True
    return False
