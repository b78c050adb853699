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
  /** The broker asks for an account: the page signs in before it connects (the arbiter's account commands). */
  readonly login: boolean;
  /** Anyone may watch without an account; the arbiter signs in to command (the header offers it). */
  readonly signIn: boolean;
  /** The board's variant, for the new-game dialog (handicaps only in standard shogi). */
  readonly variant: string;
  /** The external USI engine the board's configuration names, which the dialog may choose, or null. */
  readonly usiEngine: string | null;
  /** Served by an event hub: the event view adds its round index and standings, records come from /event and /archive. */
  readonly hub: boolean;
  /** The event's name (the hub's --title), or null. */
  readonly title: string | null;
  /**
   * A public feed's HTTP folder (the hub's `/event/`, or a CDN's copy; relative to the page): the page follows the deltas
   * of the boards and fetches their states from there (docs/broadcast.md); null to follow whole states on the broker.
   */
  readonly feed: string | null;
  /** One board for other pages (`?view=embed` or `overlay`, where the hub's /embed/ and /overlay/ lead), or null. */
  readonly view: 'embed' | 'overlay' | null;
}

interface ConfigFile {
  broker?: string;
  prefix?: string;
  event?: string;
  board?: string;
  simulated?: boolean;
  commands?: boolean;
  login?: boolean;
  signIn?: boolean;
  variant?: string;
  usiEngine?: string | null;
  hub?: boolean;
  title?: string;
  feed?: string;
  /** The public feed on the broker viewers reach (a hub's): what embeds and overlays follow. */
  publicBroker?: string;
  publicRoot?: string;
}

/** The account signed in with on this tab (kept for the tab only: a shared screen forgets it when closed). */
export interface Account {
  readonly user: string;
  readonly pass: string;
}

export function settingsFrom(search: string, config: ConfigFile | null, location: { origin: string } | null,
                             account: Account | null = null): DashboardSettings {
  const q = new URLSearchParams(search);
  const view = q.get('view') === 'embed' || q.get('view') === 'overlay' ? q.get('view') as 'embed' | 'overlay' : null;
  // An embed or overlay follows the public feed: its broker, its topics, its HTTP folder.
  const outside = view !== null && config?.publicBroker ? config : null;
  const feed = q.get('feed') ?? (view !== null ? config?.feed : null) ?? null;
  const prefix = config?.prefix ?? '';
  // The daemon's prefix is shogi/v1/<event>/<board>; the root is what precedes the event.
  const root = q.get('root') ?? outside?.publicRoot
    ?? (prefix.split('/').length >= 4 ? prefix.split('/').slice(0, -2).join('/') : 'shogi/v1');
  return {
    broker: q.get('broker') ?? outside?.publicBroker ?? config?.broker ?? '',
    root,
    event: q.get('event') ?? config?.event ?? null,
    board: q.get('board') ?? config?.board ?? null,
    username: q.get('user') ?? account?.user ?? null,
    password: q.get('pass') ?? account?.pass ?? null,
    httpBase: config && location ? location.origin : null,
    simulated: q.has('panel') ? q.get('panel') !== '0' : config?.simulated ?? false,
    commands: config?.commands ?? q.has('panel'),
    login: config?.login ?? false,
    signIn: config?.signIn ?? false,
    variant: config?.variant ?? 'standard',
    usiEngine: config?.usiEngine ?? null,
    hub: config?.hub === true && location !== null,
    title: config?.title ?? null,
    feed,
    view,
  };
}

/** The account signed in with on this tab, or null. */
export function savedAccount(storage: Pick<Storage, 'getItem'> | null): Account | null {
  const user = storage?.getItem('broker-user');
  const pass = storage?.getItem('broker-pass');
  return user && pass !== null && pass !== undefined ? { user, pass } : null;
}

/** Keep an account for this tab. */
export function saveAccount(storage: Pick<Storage, 'setItem'> | null, account: Account): void {
  storage?.setItem('broker-user', account.user);
  storage?.setItem('broker-pass', account.pass);
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
