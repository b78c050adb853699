// The real parts the browser tests, the screenshot script and the page benchmark run against: the packaged jar as a
// child process (the daemon of `run`), Debian's Mosquitto with a WebSocket listener, the system Chromium driven by
// playwright-core (nothing is downloaded), and an MQTT client that commands a board and watches its topics.

import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt, { MqttClient } from 'mqtt';
import { Browser, chromium } from 'playwright-core';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The jar Maven built: SHOGI_BRIDGE_JAR, or device/target/shogi-bridge.jar beside this module. */
export function jarPath(): string {
  const jar = process.env.SHOGI_BRIDGE_JAR ?? resolve(HERE, '../../device/target/shogi-bridge.jar');
  if (!existsSync(jar)) {
    throw new Error(`Missing jar. ${jar} does not exist: build it first (mvn -q package -DskipTests).`);
  }
  return jar;
}

/**
 * The JVM options of every jar a test starts: SHOGI_BRIDGE_JVM_OPTIONS when the device module's DashboardE2eIT runs
 * these tests (its ProductJar adds a class-data archive of the jar), else C1 only and one GC thread. A test's jar lives
 * seconds to a minute, and the optimizing compiler spent about a CPU-second of each start on code it never ran long
 * enough to gain from (docs/testing.md).
 */
export const TEST_JVM_OPTIONS = (process.env.SHOGI_BRIDGE_JVM_OPTIONS ?? '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC')
  .split(' ').filter((option) => option !== '');

/** A real game record the device module's tests carry (with its licence beside it). */
export function testRecord(name: string): string {
  return resolve(HERE, '../../device/src/test/resources/records', name);
}

/** Return a record's moves in USI, read by the jar's own `convert --to usi` (any format it reads). */
export function recordMoves(record: string): string[] {
  const usi = execFileSync('java', [...TEST_JVM_OPTIONS, '-jar', jarPath(), 'convert', '--to', 'usi', record]).toString('utf8');
  const moves = usi.trim().split(' moves ')[1];
  return moves ? moves.split(' ') : [];
}

/**
 * Ports handed to daemons, brokers and servers: taken below the kernel's range for outgoing connections (32768 to
 * 60999 on Debian), in turn from a start of this process's own, each checked free. A port taken from that range and
 * let go (listen on 0) could be any outgoing connection's before the daemon bound it: "Port in use" beside a busy CPU.
 */
const FIRST_PORT = 20_000;
const LAST_PORT = 32_000;
let nextPort = FIRST_PORT + ((process.pid * 997) % (LAST_PORT - FIRST_PORT));

/** A TCP port nobody listens on now, on any address. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries <= LAST_PORT - FIRST_PORT; tries++) {
    const port = nextPort;
    nextPort = nextPort >= LAST_PORT ? FIRST_PORT : nextPort + 1;
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port. Every port from ${FIRST_PORT} to ${LAST_PORT} is taken.`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, () => server.close(() => done(true)));
  });
}

/** Resolve once something accepts connections on the port. */
export async function waitForPort(port: number, millis = 60_000): Promise<void> {
  const until = Date.now() + millis;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = tcpConnect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); done(true); });
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`Timeout. Nothing listens on port ${port} after ${millis} ms.`);
    await sleep(100);
  }
}

export function sleep(millis: number): Promise<void> {
  return new Promise((done) => setTimeout(done, millis));
}

/** A scratch directory others can read (Mosquitto started as root reads its files as user mosquitto). */
export function scratchDirectory(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `shogi-bridge-${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}

function executable(names: readonly string[], what: string, variable: string): string {
  const given = process.env[variable];
  if (given) return given;
  for (const name of names) {
    if (name.startsWith('/') ? existsSync(name) : spawnSync('which', [name]).status === 0) return name;
  }
  throw new Error(`Missing ${what}. Install Debian's package or set ${variable} (looked for ${names.join(', ')}).`);
}

/** Stop a child process with SIGTERM and wait for it to exit (SIGKILL after a grace period). */
async function terminate(child: ChildProcess, graceMillis = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMillis);
  await exited;
  clearTimeout(timer);
}

/** Debian's Mosquitto on loopback with a plain MQTT listener and a WebSocket listener, started by the test. */
export class Mosquitto {
  private child: ChildProcess | null = null;
  private readonly config: string;

  private constructor(readonly mqttPort: number, readonly wsPort: number, dir: string) {
    this.config = join(dir, 'mosquitto.conf');
    writeFileSync(this.config, [
      `listener ${mqttPort} 127.0.0.1`, 'allow_anonymous true',
      `listener ${wsPort} 127.0.0.1`, 'protocol websockets', 'persistence false', '',
    ].join('\n'));
    chmodSync(this.config, 0o644);
  }

  static async start(dir: string): Promise<Mosquitto> {
    const broker = new Mosquitto(await freePort(), await freePort(), dir);
    await broker.restart();
    return broker;
  }

  get tcpUrl(): string {
    return `tcp://127.0.0.1:${this.mqttPort}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.wsPort}/mqtt`;
  }

  /** Start it (again, on the same ports: a broker restart); retained messages are gone, as after a real restart. */
  async restart(): Promise<void> {
    const binary = executable(['mosquitto', '/usr/sbin/mosquitto'], 'mosquitto', 'MOSQUITTO');
    this.child = spawn(binary, ['-c', this.config], { stdio: ['ignore', 'ignore', 'ignore'] });
    await waitForPort(this.mqttPort);
    await waitForPort(this.wsPort);
  }

  async stop(): Promise<void> {
    if (this.child) await terminate(this.child);
    this.child = null;
  }
}

export interface DaemonOptions {
  /** Extra options of `run`, e.g. ['--broker', 'tcp://...', '--board', 'board2']. */
  readonly args?: readonly string[];
  /** A YAML configuration file's text, given with --config. */
  readonly config?: string;
  /** With the embedded broker (no --broker among args), its MQTT and WebSocket ports are chosen free. */
}

/** The daemon of `run`, the real jar in a child JVM, with its own data directory and free ports. */
export class Daemon {
  /** Every line it printed, for a failing test's message. */
  private constructor(private readonly child: ChildProcess, readonly dashboardUrl: string, readonly brokerUrl: string,
                      readonly dataDir: string, readonly output: readonly string[]) {}

  static async start(options: DaemonOptions = {}): Promise<Daemon> {
    const dataDir = scratchDirectory('daemon');
    const args = [...TEST_JVM_OPTIONS, '-Xmx96m', '-jar', jarPath(), 'run', '--data-dir', dataDir,
      '--http-port', String(await freePort()), ...(options.args ?? [])];
    if (!args.includes('--broker')) {
      args.push('--mqtt-port', String(await freePort()), '--ws-port', String(await freePort()));
    }
    if (options.config !== undefined) {
      const file = join(dataDir, 'shogi-bridge.yaml');
      writeFileSync(file, options.config);
      args.push('--config', file);
    }
    const java = executable(['java'], 'Java 17', 'JAVA');
    const child = spawn(java, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    const started = new Promise<{ dashboard: string; broker: string }>((done, fail) => {
      let dashboard = '';
      let broker = '';
      const take = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line) continue;
          output.push(line);
          broker = /^Broker: (\S+)/.exec(line)?.[1] ?? broker;
          dashboard = /^Dashboard: (\S+)/.exec(line)?.[1] ?? dashboard;
          if (dashboard && broker) done({ dashboard, broker });
        }
      };
      child.stdout!.on('data', take);
      child.stderr!.on('data', take);
      child.once('exit', (code) => fail(new Error(`The daemon exited (${code}) before it started:\n${output.join('\n')}`)));
      setTimeout(() => fail(new Error(`Timeout. The daemon did not start in 60 s:\n${output.join('\n')}`)), 60_000);
    });
    const { dashboard, broker } = await started;
    return new Daemon(child, dashboard, broker, dataDir, output);
  }

  /** Start a board of a club: on the shared Mosquitto, its page pointed at the broker's WebSocket listener. */
  static club(broker: Mosquitto, event: string, board: string, args: readonly string[], config = ''): Promise<Daemon> {
    return Daemon.start({
      args: ['--broker', broker.tcpUrl, '--dashboard-broker', broker.wsUrl, '--event', event, '--board', board, ...args],
      config: config || undefined,
    });
  }

  async stop(): Promise<void> {
    await terminate(this.child);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The event hub of `hub`, the real jar in a child JVM: hears a club's boards on a broker and serves the event page. */
export class Hub {
  private constructor(private readonly child: ChildProcess, readonly pageUrl: string, readonly dataDir: string,
                      readonly output: readonly string[]) {}

  /** Start it on a club's Mosquitto, its page pointed at the broker's WebSocket listener; extra `hub` options after. */
  static async start(broker: Mosquitto, event: string, args: readonly string[] = [], imports: readonly string[] = []): Promise<Hub> {
    const dataDir = scratchDirectory('hub');
    const java = executable(['java'], 'Java 17', 'JAVA');
    if (imports.length > 0) { // a club's old records, loaded into the archive as `archive import` does
      const folder = scratchDirectory('records');
      for (const file of imports) copyFileSync(file, join(folder, basename(file)));
      execFileSync(java, [...TEST_JVM_OPTIONS, '-jar', jarPath(), 'archive', 'import', folder, '--data-dir', dataDir]);
    }
    const child = spawn(java, [...TEST_JVM_OPTIONS, '-Xmx96m', '-jar', jarPath(), 'hub', '--broker', broker.tcpUrl,
      '--dashboard-broker', broker.wsUrl, '--event', event, '--http-port', String(await freePort()), '--data-dir', dataDir,
      ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    const page = await new Promise<string>((done, fail) => {
      let url = '';
      const take = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line) continue;
          output.push(line);
          url = /^Event page: http:\/\/[^:]+:(\d+)\//.exec(line)?.[1] ?? url;
          if (url && line === 'Ready.') done(`http://127.0.0.1:${url}/`);
        }
      };
      child.stdout!.on('data', take);
      child.stderr!.on('data', take);
      child.once('exit', (code) => fail(new Error(`The hub exited (${code}) before it started:\n${output.join('\n')}`)));
      setTimeout(() => fail(new Error(`Timeout. The hub did not start in 60 s:\n${output.join('\n')}`)), 60_000);
    });
    return new Hub(child, page, dataDir, output);
  }

  async stop(): Promise<void> {
    await terminate(this.child);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A board's microcontroller emulated by the real jar (`emulate-board --tcp 0`): the board a tcp daemon reads. */
export class EmulatedBoard {
  private constructor(private readonly child: ChildProcess, readonly address: string) {}

  static async start(): Promise<EmulatedBoard> {
    const java = executable(['java'], 'Java 17', 'JAVA');
    const child = spawn(java, [...TEST_JVM_OPTIONS, '-Xmx96m', '-jar', jarPath(), 'emulate-board', '--tcp', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    const address = await new Promise<string>((done, fail) => {
      const output: string[] = [];
      child.stdout!.on('data', (chunk: Buffer) => {
        output.push(chunk.toString('utf8'));
        const where = /Emulated board: tcp:\/\/(\S+)/.exec(output.join(''));
        if (where) done(where[1]);
      });
      child.once('exit', (code) => fail(new Error(`emulate-board exited (${code}): ${output.join('')}`)));
      setTimeout(() => fail(new Error(`Timeout. emulate-board did not start in 60 s: ${output.join('')}`)), 60_000);
    });
    return new EmulatedBoard(child, address);
  }

  async stop(): Promise<void> {
    await terminate(this.child);
  }
}

/** The system Chromium, headless, driven by playwright-core. */
export async function launchBrowser(): Promise<Browser> {
  const path = executable(['/usr/bin/chromium', 'chromium', 'chromium-browser', 'google-chrome'], 'Chromium', 'CHROMIUM');
  const resolved = path.startsWith('/') ? path : spawnSync('which', [path]).stdout.toString().trim();
  return chromium.launch({
    executablePath: resolved,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface StateMessage {
  readonly seq: number;
  readonly game: string;
  readonly moves: string[];
  readonly movesJapanese: string[];
  readonly sfen: string;
  readonly time: number;
  readonly result: { winner: string | null; reason: string } | null;
  readonly [field: string]: unknown;
}

/** An MQTT client of the tests: commands a board and keeps each board's newest state. */
export class Watcher {
  /** Each board's newest state, by "event/board". */
  readonly states = new Map<string, StateMessage>();
  /** Every state seen, by "event/board#seq". */
  readonly seen = new Map<string, StateMessage>();
  /** Called with each state as it arrives (for timing). */
  onState: (board: string, state: StateMessage) => void = () => {};
  private readonly waiters: Array<() => void> = [];
  private readonly replies = new Map<string, (reply: Record<string, unknown>) => void>();
  private nextId = 1;

  private constructor(private readonly client: MqttClient, readonly root: string) {
    client.on('message', (topic, payload) => {
      const text = payload.toString('utf8');
      if (topic.includes('/cmd/') && topic.endsWith('/result')) {
        const reply = JSON.parse(text) as Record<string, unknown>;
        this.replies.get(String(reply.id))?.(reply);
        return;
      }
      const parts = topic.split('/');
      if (parts[parts.length - 1] === 'state') {
        const state = JSON.parse(text) as StateMessage;
        const key = `${parts[parts.length - 3]}/${parts[parts.length - 2]}`;
        this.onState(key, state);
        this.seen.set(`${key}#${state.seq}`, state);
        const old = this.states.get(key);
        if (!old || old.seq < state.seq || old.game !== state.game) this.states.set(key, state);
        this.waiters.splice(0).forEach((wake) => wake());
      }
    });
  }

  static async connect(url: string, root = 'shogi/v1'): Promise<Watcher> {
    const client = mqtt.connect(url, { clientId: `e2e-${Math.random().toString(16).slice(2, 10)}`, reconnectPeriod: 500 });
    await new Promise<void>((done, fail) => {
      client.once('connect', () => done());
      client.once('error', fail);
    });
    // Listen before subscribing: the retained states arrive right behind the SUBACK, often in the same read, and a
    // listener added after the await missed them (a board at rest then never showed a state: 1 run in 4).
    const watcher = new Watcher(client, root);
    // The broker may drop a connection in its first moments (seen with the daemon's embedded Moquette just after
    // start-up); the client reconnects by itself, so subscribe again once it is back, as the page does.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.subscribeAsync(`${root}/#`, { qos: 1 });
        break;
      } catch (error) {
        if (attempt === 5) throw error;
        if (!client.connected) await new Promise<void>((done) => client.once('connect', () => done()));
      }
    }
    return watcher;
  }

  /** Publish a command to a board ("event/board") and return the daemon's answer. */
  async command(board: string, verb: string, fields: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = `e2e-${this.nextId++}`;
    const answer = new Promise<Record<string, unknown>>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`Timeout. No answer to ${verb} on ${board} in 15 s.`)), 15_000);
      this.replies.set(id, (reply) => { clearTimeout(timer); this.replies.delete(id); done(reply); });
    });
    await this.client.publishAsync(`${this.root}/${board}/cmd/${verb}`, JSON.stringify({ ...fields, id }), { qos: 1 });
    return answer;
  }

  /** Play a move on a simulated board ("event/board") through cmd/sim and wait until its state is out. */
  async play(board: string, usi: string): Promise<StateMessage> {
    const before = (await this.state(board)).moves.length;
    const reply = await this.command(board, 'sim', { action: 'play', usi });
    if (!reply.ok) throw new Error(`${board}: ${usi} refused: ${String(reply.error)}`);
    return this.state(board, (s) => s.moves.length === before + 1);
  }

  /** Wait for a board's (event/board) newest state to satisfy the test. */
  async state(board: string, test: (s: StateMessage) => boolean = () => true, millis = 30_000): Promise<StateMessage> {
    const until = Date.now() + millis;
    for (;;) {
      const state = this.states.get(board);
      if (state && test(state)) return state;
      const left = until - Date.now();
      if (left <= 0) throw new Error(`Timeout. ${board}: no such state in ${millis} ms; newest ${JSON.stringify(state)}.`);
      await new Promise<void>((wake) => {
        this.waiters.push(wake);
        setTimeout(wake, Math.min(left, 500));
      });
    }
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
