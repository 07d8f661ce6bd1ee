"""How much a client may send and hold: one place for every limit the server enforces on
input and connections, so the schemas, the app, ``getaway serve`` and docs/server.md agree.

Each limit is far above what the web client or a well-behaved program ever needs (the largest
real body, a new match with every option set, is under 1 KiB) and far below what would let
one client slow every match down.
"""

from __future__ import annotations

# Request bodies ------------------------------------------------------------------------------

#: The largest request body accepted (413 above it, before it is read).
MAX_BODY_BYTES = 64 * 1024
#: How long a client may take to send a body once its headers are in (408 after).
BODY_TIMEOUT_SECONDS = 10.0

# Fields of a body ----------------------------------------------------------------------------

#: Keys of a match's ``options`` (the games have a dozen at most).
MAX_OPTIONS = 32
#: Items of a list inside ``options`` (``reveal_at`` has five).
MAX_OPTION_ITEMS = 64
#: Nesting inside ``options``: a value may be a list of plain values, no deeper.
MAX_OPTION_DEPTH = 2
#: Characters of any name or text value in a body: a game, a seat, a bot level, an option
#: key or text value.
MAX_NAME_LENGTH = 100
#: Characters of a token (the server's are 32).
MAX_TOKEN_LENGTH = 128
#: Seats listed in ``bots`` (the games have six at most).
MAX_BOT_SEATS = 16
#: The largest version a client may send with an action or an undo: the largest whole
#: number a JavaScript client holds exactly, and well inside the 64 bits a request forwarded
#: to another process (several processes) is encoded with.
MAX_VERSION = 2**53 - 1

# Connections ---------------------------------------------------------------------------------

#: Open connections (HTTP and WebSocket) the server keeps at once; past it, a new connection
#: takes the place of the oldest one still sending its request headers, or is refused.
MAX_CONNECTIONS = 10_000
#: File descriptors kept free of connections, whatever the open-file limit: the database,
#: the log, bot workers' pipes, static files.
RESERVED_FILE_DESCRIPTORS = 64
#: How long a client may take to send a request's headers (the connection is closed after).
HEADER_TIMEOUT_SECONDS = 10.0
#: Bytes of request line and headers accepted (431 above it).
MAX_HEADER_BYTES = 16 * 1024
#: How long an idle keep-alive connection stays open between requests.
KEEP_ALIVE_SECONDS = 5
#: WebSocket pings: one every interval; no pong within the timeout closes the socket.
WS_PING_INTERVAL_SECONDS = 20.0
WS_PING_TIMEOUT_SECONDS = 20.0
#: The largest WebSocket message a client may send (an action message is under 200 bytes).
MAX_WS_MESSAGE_BYTES = 64 * 1024

# Live updates --------------------------------------------------------------------------------

#: WebSocket connections one seat may hold (spectators count only against the match's).
MAX_SOCKETS_PER_SEAT = 4
#: WebSocket connections one match may hold, seats and spectators together.
MAX_SOCKETS_PER_MATCH = 64
#: Presence changes (a socket opened or closed) within this window go out as one push.
PRESENCE_PUSH_DELAY_SECONDS = 0.05
