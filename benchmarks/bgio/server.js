// boardgame.io 0.50 (package.json pins it) serving a trivial two-seat game on its in-memory
// storage, for benchmarks/server_load.py --versus-bgio. Usage: node server.js PORT MOVES
// Each move is one player's turn (maxMoves 1); the game ends after MOVES moves.
'use strict';
const { Server, Origins } = require('boardgame.io/server');

const port = Number(process.argv[2]);
const length = Number(process.argv[3] || 38);

const Count = {
  name: 'count',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ moves: 0 }),
  moves: {
    step: ({ G }) => {
      G.moves += 1;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }) => (G.moves >= length ? { moves: G.moves } : undefined),
};

const server = Server({ games: [Count], origins: [Origins.LOCALHOST] });
server.run({ port }, () => console.log(`boardgame.io serves http://127.0.0.1:${port}/`));
