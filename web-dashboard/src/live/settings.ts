// Where the page finds its broker and which boards it shows. Served by the daemon, it reads the daemon's
// /config.json; hosted anywhere else, the URL says it all:
//   index.html?broker=wss://broker.club.example:8884/mqtt&event=club-2026-11&board=table3&user=viewer&pass=...
// URL parameters win over the config file, so a daemon's page can also be pointed at the club's broker.

export interface DashboardSettings {
  readonly broker: string;
  readonly root: string;
  readonly event: string | null;
  readonly board: string | null;
  readonly username: string | null;
  readonly password: string | null;
  /** The daemon's HTTP base for record downloads, or null when the page is hosted elsewhere. */
  readonly httpBase: string | null;
  /** The board is simulated: show the control panel that plays it. */
  readonly simulated: boolean;
  readonly commands: boolean;
}

interface ConfigFile {
  broker?: string;
  prefix?: string;
  event?: string;
  board?: string;
  simulated?: boolean;
  commands?: boolean;
}

export function settingsFrom(search: string, config: ConfigFile | null, location: { origin: string } | null): DashboardSettings {
  const q = new URLSearchParams(search);
  const prefix = config?.prefix ?? '';
  // The daemon's prefix is shogi/v1/<event>/<board>; the root is what precedes the event.
  const root = q.get('root') ?? (prefix.split('/').length >= 4 ? prefix.split('/').slice(0, -2).join('/') : 'shogi/v1');
  return {
    broker: q.get('broker') ?? config?.broker ?? '',
    root,
    event: q.get('event') ?? config?.event ?? null,
    board: q.get('board') ?? config?.board ?? null,
    username: q.get('user'),
    password: q.get('pass'),
    httpBase: config && location ? location.origin : null,
    simulated: q.has('panel') ? q.get('panel') !== '0' : config?.simulated ?? false,
    commands: config?.commands ?? q.has('panel'),
  };
}

/** Read the daemon's config file next to the page, or null when there is none (static hosting). */
export async function loadConfigFile(fetcher: typeof fetch = fetch): Promise<ConfigFile | null> {
  try {
    const response = await fetcher('config.json', { cache: 'no-store' });
    return response.ok ? ((await response.json()) as ConfigFile) : null;
  } catch {
    return null;
  }
}
