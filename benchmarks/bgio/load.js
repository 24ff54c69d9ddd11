// The load generator for boardgame.io (benchmarks/server_load.py --versus-bgio): TABLES
// matches played at once, two scripted players each (one socket.io connection per seat, as
// boardgame.io's own client speaks to its master: `sync`, then `update` with the state id),
// a finished match replaced by a new one (made and joined through the lobby API).
// Usage: node load.js URL TABLES START_MS STOP_MS; prints one JSON line:
// {"moves": n, "round_trips": [seconds, ...], "tables": n, "finished": n, "errors": [...]}
// A round trip is a player's move from its `update` to the `update` that brings the state
// it made; moves are counted from the state ids the players see in the window.
'use strict';
const { io } = require('socket.io-client');

const [url, tables, start, stop] = [
  process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5])];
const GAME = 'count';
const TIMEOUT_MS = 30000;

const seen = new Map(); // matchID -> [first stateID, last stateID] in the window
const roundTrips = [];
const errors = [];
let made = 0;
let finished = 0;

function inWindow() {
  const now = Date.now();
  return now >= start && now <= stop;
}

function saw(matchID, stateID) {
  if (!inWindow()) return;
  const known = seen.get(matchID);
  if (known === undefined) seen.set(matchID, [stateID, stateID]);
  else if (stateID > known[1]) known[1] = stateID;
}

async function post(path, body) {
  const response = await fetch(url + path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// `seats`: what each seat of the match says of itself when the match times out.
function withTimeout(promise, what, seats) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${TIMEOUT_MS} ms; `
      + `seats: ${JSON.stringify(seats.map((seat) => seat.state()))}`)), TIMEOUT_MS);
  })]).finally(() => clearTimeout(timer));
}

// One seat: its socket, the last state it heard of, and its move in flight. `seat.state` is
// set to a function telling where it stands (for a match that times out): the state id its
// move in flight was sent at, the last state id it heard, and when, in ms from the stop.
function playSeat(matchID, playerID, credentials, seat) {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}${GAME}`, { transports: ['websocket'], forceNew: true });
    let state = null;
    let pending = null; // [stateID sent at, performance.now(), sent in window]
    let atStop = null;
    let heardAt = null;
    seat.state = () => ({ playerID, pending: pending && pending[0],
      heard: state && state._stateID, heard_ms: heardAt, connected: socket.connected });
    const done = (value) => { clearTimeout(atStop); socket.close(); resolve(value); };
    const fail = (err) => { clearTimeout(atStop); socket.close(); reject(err); };
    // At the end of the run a seat waiting for the other's move stops too: the other may
    // have heard the last state after the end and left without moving.
    atStop = setTimeout(() => { if (pending === null) done(false); },
      Math.max(0, stop - Date.now()) + 1);
    const act = () => {
      if (state.ctx.gameover !== undefined) return done(true);
      if (Date.now() > stop) return done(false);
      if (pending !== null || state.ctx.currentPlayer !== playerID) return undefined;
      pending = [state._stateID, performance.now(), inWindow()];
      const action = { type: 'MAKE_MOVE',
        payload: { type: 'step', args: [], playerID, credentials } };
      socket.emit('update', action, state._stateID, matchID, playerID);
      return undefined;
    };
    const hear = (fresh) => {
      state = fresh;
      heardAt = Date.now() - stop;
      saw(matchID, state._stateID);
      if (pending !== null && state._stateID > pending[0]) {
        if (pending[2]) roundTrips.push((performance.now() - pending[1]) / 1000);
        pending = null;
      }
      act();
    };
    socket.on('sync', (id, info) => { if (id === matchID) hear(info.state); });
    socket.on('update', (id, fresh) => { if (id === matchID) hear(fresh); });
    socket.on('connect_error', fail);
    socket.on('connect', () => socket.emit('sync', matchID, playerID, credentials, 2));
    const watchdog = setInterval(() => {
      if (Date.now() > stop + TIMEOUT_MS) { clearInterval(watchdog); fail(new Error('stuck')); }
    }, 1000);
    socket.on('disconnect', () => clearInterval(watchdog));
  });
}

async function playTables() {
  while (Date.now() < stop) {
    const { matchID } = await post(`games/${GAME}/create`, { numPlayers: 2 });
    made += 1;
    const seats = [];
    for (const playerID of ['0', '1']) {
      const joined = await post(`games/${GAME}/${matchID}/join`,
        { playerID, playerName: `p${playerID}` });
      seats.push([playerID, joined.playerCredentials]);
    }
    const told = seats.map(() => ({ state: () => 'not started' }));
    const results = await withTimeout(Promise.all(
      seats.map(([playerID, credentials], i) => playSeat(matchID, playerID, credentials,
        told[i]))), `match ${matchID}`, told);
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
