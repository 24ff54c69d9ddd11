// The load generator for motherlode (benchmarks/server_load.py --versus-bgio): the same node
// program shape as load.js, speaking motherlode's protocol (docs/protocol.md, version 2) with
// the `ws` package, so both servers of the side by side are driven by node at the same rule.
// TABLES tables played at once, two scripted people each (one WebSocket per seat: `hello`
// with the seat's token, the `welcome`'s whole view, then each frame's changed keys), a
// finished table replaced by a new one (made through POST /api/tables).
// Usage: node load_motherlode.js URL GAME OPTIONS TABLES START_MS STOP_MS (OPTIONS: the
// table's options as JSON, `{}` for the game's defaults); prints one JSON line:
// {"moves": n, "round_trips": [seconds, ...], "tables": n, "finished": n, "errors": [...]}
// A person on its turn (its view has a decision) sends a random action of the decision with
// the version it saw and a fresh move_id; a round trip is that `move` to its `ack` (which
// brings the view the move made); moves are counted from the versions the people see in the
// window (a table's version is its number of moves).
'use strict';
const crypto = require('node:crypto');
const WebSocket = require('ws');

const [url, game, options, tables, start, stop] = [
  process.argv[2], process.argv[3], JSON.parse(process.argv[4]), Number(process.argv[5]),
  Number(process.argv[6]), Number(process.argv[7])];
const TIMEOUT_MS = 30000;
const RATE_LIMITED_PAUSE_MS = 100;

const seen = new Map(); // table id -> [first version, last version] in the window
const roundTrips = [];
const errors = [];
let made = 0;
let finished = 0;

function inWindow() {
  const now = Date.now();
  return now >= start && now <= stop;
}

function saw(table, version) {
  if (!inWindow()) return;
  const known = seen.get(table);
  if (known === undefined) seen.set(table, [version, version]);
  else if (version > known[1]) known[1] = version;
}

async function post(path, body) {
  const response = await fetch(url + path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// `seats`: what each seat of the table says of itself when the table times out.
function withTimeout(promise, what, seats) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${TIMEOUT_MS} ms; `
      + `seats: ${JSON.stringify(seats.map((seat) => seat.state()))}`)), TIMEOUT_MS);
  })]).finally(() => clearTimeout(timer));
}

// Every action text a decision offers, group by group (engine/decision.py `actions_of`).
function actionsOf(decision) {
  const texts = [];
  for (const group of decision.groups) {
    if (group.kind === 'choice') {
      for (const option of group.options) texts.push(option.action);
    } else if (group.kind === 'range') {
      for (let v = group.minimum; v <= group.maximum; v += group.step) {
        texts.push(group.action.replace(/\{[^}]*\}/, String(Math.floor(v / group.scale))));
      }
    } else if (group.kind === 'cell') {
      for (const cell of group.cells) for (const o of cell.orientations) texts.push(o.action);
    } else {
      texts.push(group.yes, group.no);
    }
  }
  return texts;
}

// One seat: its socket, its view as the frames make it, and its move in flight. `seat.state`
// is set to a function telling where it stands (for a table that times out): its move in
// flight, the version it saw, whether it settled, and its last frames, in ms from the stop.
function playSeat(table, token, seat) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http://', 'ws://')}api/tables/${table}/ws`,
      { perMessageDeflate: false });
    let view = null;
    let version = 0;
    let pending = null; // [move_id, message, performance.now(), sent in window]
    let settled = false;
    let atStop = null;
    const heard = []; // [type, version, code, ms after the stop], the last few
    seat.state = () => ({ pending: pending && pending[0], sent_ms: pending
      && Math.round(pending[2] - performance.now() + Date.now() - stop), version, settled,
    socket: socket.readyState, heard });
    const done = (value) => {
      settled = true; clearTimeout(atStop); socket.close(); resolve(value);
    };
    const fail = (err) => {
      settled = true; clearTimeout(atStop); socket.terminate(); reject(err);
    };
    // At the end of the run a seat waiting for the other's move stops too: the other may
    // have heard the last view after the end and left without moving.
    atStop = setTimeout(() => { if (pending === null && !settled) done(false); },
      Math.max(0, stop - Date.now()) + 1);
    const act = () => {
      if (view.current_player === null) return done(true);
      if (Date.now() > stop) return done(false);
      if (pending !== null || view.decision === null) return undefined;
      const actions = actionsOf(view.decision);
      const moveId = crypto.randomUUID();
      const message = JSON.stringify({ type: 'move',
        action: actions[Math.floor(Math.random() * actions.length)], version, move_id: moveId });
      pending = [moveId, message, performance.now(), inWindow()];
      socket.send(message);
      return undefined;
    };
    const hear = (data) => {
      const frame = JSON.parse(data);
      heard.push([frame.type, frame.version, frame.code, Date.now() - stop]);
      if (heard.length > 6) heard.shift();
      if (frame.type === 'welcome') view = frame.view;
      else if (frame.view !== undefined) {
        Object.assign(view, frame.view);
        for (const key of frame.gone || []) delete view[key];
      }
      if (frame.view !== undefined) version = frame.version;
      if (frame.version !== undefined) saw(table, frame.version);
      if (frame.type === 'error') {
        if (frame.code === 'request/rate-limited' && pending !== null) {
          errors.push(frame.code); // counted; the same move again
          const again = pending[1];
          setTimeout(() => socket.send(again), RATE_LIMITED_PAUSE_MS);
          return undefined;
        }
        if (pending === null || frame.move_id !== pending[0]) {
          return fail(new Error(`error frame: ${frame.code}`));
        }
        if (frame.code !== 'move/stale') {
          return fail(new Error(`move refused: ${frame.code}: ${frame.message}`));
        }
        pending = null; // the fresh view came with it: choose again
      } else if (frame.type === 'ack' && pending !== null && frame.move_id === pending[0]) {
        if (pending[3]) roundTrips.push((performance.now() - pending[2]) / 1000);
        pending = null;
      }
      return act();
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', protocol: 2, token })));
    socket.on('message', (data) => {
      // A frame the seat cannot read fails its table at once, naming why (not a 30 s wait).
      try { hear(data.toString()); } catch (err) { fail(err); }
    });
    socket.on('error', fail);
    const watchdog = setInterval(() => {
      if (Date.now() > stop + TIMEOUT_MS) { clearInterval(watchdog); fail(new Error('stuck')); }
    }, 1000);
    socket.on('close', (code) => {
      clearInterval(watchdog);
      if (!settled) fail(new Error(`table ${table}: the server closed the socket (${code})`));
    });
  });
}

async function playTables() {
  while (Date.now() < stop) {
    const table = await post('api/tables',
      { game, options, seats: [{ human: true }, { human: true }] });
    made += 1;
    const tokens = table.seats.filter((seat) => seat.token !== undefined)
      .map((seat) => seat.token);
    const seats = tokens.map(() => ({ state: () => 'not started' }));
    const results = await withTimeout(Promise.all(tokens.map((token, i) => playSeat(table.id,
      token, seats[i]))), `table ${table.id}`, seats);
    if (results.every(Boolean)) finished += 1;
  }
}

async function main() {
  await Promise.all(Array.from({ length: tables }, () => playTables().catch((err) => {
    errors.push(String(err));
  })));
  let moves = 0;
  for (const [first, last] of seen.values()) moves += last - first;
  const result = JSON.stringify({ moves, round_trips: roundTrips, tables: made, finished,
    errors });
  // On a pipe the write is asynchronous: exit once it is flushed.
  process.stdout.write(`${result}\n`, () => process.exit(0));
}

main();
