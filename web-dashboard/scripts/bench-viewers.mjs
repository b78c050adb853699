// The viewers of `bench-event` (lab): N WebSocket clients of the public feed with the page's own MQTT library
// (mqtt.js), in one Node process, as browsers would be. Each follows one board or the whole event, by delta or by
// whole state; with deltas it keeps each board's newest seq and fetches the state of a delta that does not follow
// from the hub, as the page does. On a cluster each viewer starts on its own node and moves to the next when its node
// goes. It measures while asked (each message's age from the board's `time`, its bytes), then prints one JSON line.
//
//   node bench-viewers.mjs '{"urls":["ws://127.0.0.1:9001/mqtt"],"viewers":3000,"boards":200,"follow":"board",
//     "feed":"delta","hub":"http://127.0.0.1:8090","event":"bench","from":EPOCH_MS,"to":EPOCH_MS}'

import mqtt from 'mqtt';

const config = JSON.parse(process.argv[2]);
const latencies = [];
let bytes = 0;
let gaps = 0;
let caughtUp = 0;
let reconnections = 0;
const viewers = [];

function measuring() {
  const now = Date.now();
  return now >= config.from && now < config.to;
}

function number(text, key) {
  const at = text.lastIndexOf(`"${key}":`);
  return at < 0 ? -1 : parseInt(text.slice(at + key.length + 3), 10);
}

function viewer(i) {
  const only = config.follow === 'board' ? (i % config.boards) + 1 : 0;
  const seq = new Map([...joined].filter(([board]) => only === 0 || board === only));
  let node = i % config.urls.length;
  let connectedSince = false;
  let first = true;
  const client = mqtt.connect(config.urls[node], {
    clientId: `viewer-${i}`, clean: true, reconnectPeriod: 1000, connectTimeout: 30000, keepalive: 30, protocolVersion: 4,
    // a connection that failed: the next node (mqtt.js asks for the URL at every connection)
    transformWsUrl: () => {
      if (!connectedSince && !first) node = (node + 1) % config.urls.length;
      first = false;
      connectedSince = false;
      return config.urls[node];
    },
  });
  client.on('connect', () => {
    const again = viewers[i]?.connectedOnce;
    viewers[i].connectedOnce = true;
    connectedSince = true;
    client.subscribe(`shogi/v1/public/${config.event}/${only === 0 ? '+' : 'b' + only}/${config.feed}`, { qos: 0 }, () => {
      if (again) reconnections++;
      // once subscribed, the newest states (a move between the first index read and the subscription, or the deltas
      // sent while it was away): as the page joins
      if (config.feed === 'delta') rejoin(only, seq);
    });
  });
  client.on('message', (topic, payload) => {
    const text = payload.toString('utf8');
    if (measuring()) {
      bytes += payload.length;
      const time = number(text, 'time');
      if (time > 0) latencies.push(Date.now() - time);
    }
    if (config.feed !== 'delta') return;
    const board = parseInt(topic.slice(topic.lastIndexOf('/b') + 2), 10);
    const prev = number(text, 'prev');
    const now = number(text, 'seq');
    const held = seq.get(board) ?? 0;
    if (held === 0 || held === prev) {
      seq.set(board, Math.max(held, now)); // joined here, or the next delta
      return;
    }
    if (now <= held) return; // repeated, or older than a state fetched meanwhile
    gaps++;
    fetch(`${config.hub}/event/b${board}/state/${now}.json`).then(async (reply) => {
      if (reply.ok) {
        caughtUp++;
        const fetched = number(await reply.text(), 'seq');
        seq.set(board, Math.max(seq.get(board) ?? 0, fetched));
      }
    }).catch(() => {});
  });
  return { client, only, seq, connectedOnce: false };
}

/** Each board's newest public state by the hub's round index: board number to seq. */
async function newestStates() {
  const index = await (await fetch(`${config.hub}/event/index.json`)).text();
  return new Map([...index.matchAll(/"\/event\/b(\d+)\/state\/(\d+)\.json"/g)].map((m) => [Number(m[1]), Number(m[2])]));
}

/** Catch up after a reconnection: each followed board's newest state, by the round index, fetched if newer. */
async function rejoin(only, seq) {
  try {
    for (const [board, newest] of await newestStates()) {
      if ((only === 0 || board === only) && newest > (seq.get(board) ?? 0)) {
        const reply = await fetch(`${config.hub}/event/b${board}/state/${newest}.json`);
        if (reply.ok) {
          caughtUp++;
          seq.set(board, Math.max(seq.get(board) ?? 0, number(await reply.text(), 'seq')));
        }
      }
    }
  } catch {
    // the next delta asks again
  }
}

function percentile(sorted, p) {
  return sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

// Joining: each board's newest state, as the page fetches it (here only its seq is kept).
const joined = await newestStates();
for (let i = 0; i < config.viewers; i++) {
  viewers.push(null);
  viewers[i] = viewer(i);
  // An audience arrives over some seconds: 100 a second (a burst of thousands kept RabbitMQ's client-id registry, a
  // Raft log, behind the clients' connect timeouts, and they retried for ever)
  if (i % 10 === 9) await new Promise((r) => setTimeout(r, 100));
}
await new Promise((r) => setTimeout(r, Math.max(0, config.to - Date.now()) + 3000));

// Every viewer should end with every board's newest public state (the round index names it).
const newest = await newestStates();
let checked = 0;
let behind = 0;
for (const v of viewers) {
  for (const [board, seq] of newest) {
    if (v.only !== 0 && v.only !== board) continue;
    checked++;
    if ((v.seq.get(board) ?? 0) < seq) behind++;
  }
}
latencies.sort((a, b) => a - b);
console.log(JSON.stringify({ received: latencies.length, p50: percentile(latencies, 0.5), p90: percentile(latencies, 0.9),
  p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? null, bytes, gaps, caughtUp, reconnections, checked, behind,
  connected: viewers.filter((v) => v.client.connected).length }));
for (const v of viewers) v.client.end(true);
process.exit(0);
