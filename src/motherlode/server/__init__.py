"""The web table's server: one authority per table, seats and spectators over WebSockets,
bots in their seats, every move stored before it is told (docs/protocol.md).

    >>> from motherlode.server import ServerConfig, create_app
    >>> app = create_app(ServerConfig("sqlite:///motherlode.sqlite3"))
"""

from .app import ServerConfig, create_app
from .protocol import ERRORS, PROTOCOL, ProtocolError
from .store import Store, default_url

__all__ = ["ERRORS", "PROTOCOL", "ProtocolError", "ServerConfig", "Store", "create_app",
           "default_url"]
