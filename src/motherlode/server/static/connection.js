// The connection of a table's page (docs/protocol.md, protocol 2): one WebSocket, a hello with
// the seat's token, the welcome's whole view, then per move an update (or the mover's ack)
// with the view's changed keys and the log's new events. It reconnects by itself (backoff)
// and sends a move again, with its id, when the connection comes back.
//
// `openTable(tableId, token, listener)` gives the connection: its `view` (merged, with the
// whole `log`), `seat`, `version`, `pending` move and `act(action)`. The listener hears
// `view(events, whole)`, `refused(message)`, `status(text)`, `lost(delay)` and `final(text)`.

/** Close codes after which coming back would not help. */
const FINAL_CLOSES = {
  4403: "This link's seat token is not one of this table's: ask for the link again.",
  4404: "There is no such table.",
  4410: "This table cannot be served: its stored moves do not check out.",
};

function moveId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function openTable(tableId, token, listener) {
  const table = {
    seat: null,
    version: null,
    view: null,
    log: [],
    pending: null,  // the move sent and not yet answered: {type, action, version, move_id}
    closed: false,
    act,
  };
  let socket = null;
  let attempts = 0;
  let retry = null;

  function connect() {
    retry = null;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`;
    const mine = new WebSocket(url);
    socket = mine;
    listener.status(attempts ? "Reconnecting…" : "Connecting…");
    mine.addEventListener("open", () => {
      mine.send(JSON.stringify({ type: "hello", protocol: 2, token }));
    });
    mine.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      receive(message);
    });
    mine.addEventListener("close", (event) => {
      if (socket !== mine) return;
      socket = null;
      lost(event.code);
    });
  }

  function lost(code) {
    if (FINAL_CLOSES[code]) {
      table.closed = true;
      listener.final(FINAL_CLOSES[code], code);
      return;
    }
    const delay = Math.min(10000, 250 * 2 ** attempts) * (0.75 + Math.random() / 2);
    attempts += 1;
    listener.lost(delay);
    retry = setTimeout(connect, delay);
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Send a move (an action text exactly as the decision offers it); false if one is on its
   * way or this seat has no decision. */
  function act(action) {
    if (table.pending || !table.view || !table.view.decision) return false;
    table.pending = { type: "move", action, version: table.version, move_id: moveId() };
    if (!send(table.pending)) listener.status("Not connected: the move goes when the connection is back.");
    return true;
  }

  function receive(message) {
    switch (message.type) {
      case "welcome":
        attempts = 0;
        table.seat = message.seat;
        table.log = message.view.log || [];
        setView(message.version, message.view, table.log, true);
        // The move sent before the connection was lost: sent again with its id, it is applied
        // once (the same ack if it already was), or refused as stale with the fresh view.
        if (table.pending) send(table.pending);
        break;
      case "update":
      case "ack": // the mover's ack brings what its move changed, as an update would
        if (message.view) setView(message.version, message.view, message.events, false, message.gone);
        break;
      case "error":
        refused(message);
        break;
      default:
        break;
    }
  }

  function refused(message) {
    const mine = table.pending && message.move_id === table.pending.move_id;
    if (message.code === "request/rate-limited" && mine) {
      setTimeout(() => table.pending && send(table.pending), 1000);
      return;
    }
    const action = mine ? table.pending.action : null;
    if (mine) table.pending = null;
    if (message.view) {
      setView(message.version, message.view, message.events || [], false, message.gone);
    }
    listener.refused(message, action);
  }

  // After the welcome, a frame's view holds only the keys that changed (`gone`: those removed).
  function setView(version, view, events, whole, gone) {
    if (!whole) table.log = table.log.concat(events);
    table.version = version;
    table.view = whole ? { ...view, log: table.log } : { ...table.view, ...view, log: table.log };
    for (const key of gone || []) delete table.view[key];
    if (table.pending && table.pending.version !== version) table.pending = null;
    listener.view(whole ? table.log : events, whole);
  }

  window.addEventListener("online", () => {
    if (retry && !table.closed) {
      clearTimeout(retry);
      connect();
    }
  });
  setInterval(() => send({ type: "ping" }), 25000);
  connect();
  return table;
}
