// The page's MQTT connection (mqtt.js over WebSocket). It reconnects by itself and subscribes again on every
// connection (clean sessions: nothing is kept for a viewer at the broker), feeds every message to the store, and
// publishes commands with an id whose answer it hands back.

import mqtt, { MqttClient } from 'mqtt';
import { BoardStore } from './store';
import { DashboardSettings } from './settings';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface CommandReply {
  readonly ok: boolean;
  readonly error?: string;
  readonly [field: string]: unknown;
}

export class Connection {
  private client: MqttClient | null = null;
  private readonly pending = new Map<string, (reply: CommandReply) => void>();
  private nextId = 1;
  state: ConnectionState = 'connecting';
  onState: (state: ConnectionState) => void = () => {};

  constructor(private readonly settings: DashboardSettings, private readonly store: BoardStore,
              private readonly topics: readonly string[]) {}

  start(): void {
    const client = mqtt.connect(this.settings.broker, {
      clientId: 'shogi-dashboard-' + Math.random().toString(16).slice(2, 10),
      username: this.settings.username ?? undefined,
      password: this.settings.password ?? undefined,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      protocolVersion: 4,
    });
    this.client = client;
    client.on('connect', () => {
      // 'connected' once subscribed: a public viewer then joins over HTTP, and a move published between its fetch and
      // a later subscription would be missed with nothing after it to show the gap
      client.subscribe(this.topics.map(String), { qos: 1 }, () => this.setState('connected'));
    });
    client.on('reconnect', () => this.setState('reconnecting'));
    client.on('offline', () => this.setState('offline'));
    client.on('close', () => {
      if (this.state === 'connected') this.setState('reconnecting');
    });
    client.on('message', (topic, payload) => {
      if (topic.endsWith('/result') && topic.includes('/cmd/')) {
        this.takeReply(payload);
        return;
      }
      this.store.receive(topic, payload);
    });
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.onState(state);
  }

  private takeReply(payload: Uint8Array): void {
    try {
      const reply = JSON.parse(new TextDecoder().decode(payload)) as CommandReply & { id?: string };
      const id = typeof reply.id === 'string' ? reply.id : null;
      const callback = id ? this.pending.get(id) : undefined;
      if (id && callback) {
        this.pending.delete(id);
        callback(reply);
      }
    } catch {
      // not ours or not JSON: ignored
    }
  }

  /** Publish a command to a board; the promise gets the daemon's answer (or a timeout error). */
  command(event: string, board: string, verb: string, fields: Record<string, unknown> = {}): Promise<CommandReply> {
    const id = `d${Date.now().toString(36)}-${this.nextId++}`;
    const client = this.client;
    return new Promise((resolve) => {
      if (!client || !client.connected) {
        resolve({ ok: false, error: 'Not connected. The broker is unreachable.' });
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ ok: false, error: 'No answer. The board did not answer in 10 s.' });
      }, 10_000);
      this.pending.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      client.publish(`${this.settings.root}/${event}/${board}/cmd/${verb}`, JSON.stringify({ ...fields, id }), { qos: 1 });
    });
  }

  stop(): void {
    this.client?.end(true);
  }
}
