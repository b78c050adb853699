// The dashboard's entry: read the settings, connect, and show the board view (#/board/<event>/<board>) or the event
// view (#/event/<event>). The daemon's own page opens on its board.

import './style.css';
import { BoardStore } from './live/store';
import { Connection } from './live/connection';
import { loadConfigFile, settingsFrom } from './live/settings';
import { BoardPage } from './ui/boardView';
import { EventPage } from './ui/eventView';

async function main(): Promise<void> {
  const config = await loadConfigFile();
  const settings = settingsFrom(location.search, config, config ? location : null);
  const app = document.getElementById('app')!;
  const connectionLabel = document.getElementById('connection')!;
  if (!settings.broker) {
    app.textContent = 'No broker. Open this page from the daemon, or give ?broker=ws://HOST:PORT/mqtt&event=EVENT.';
    return;
  }
  document.getElementById('large')!.onclick = () => document.body.classList.toggle('large');
  const store = new BoardStore(settings.root);
  const topics = settings.event ? [`${settings.root}/${settings.event}/#`] : [`${settings.root}/#`];
  const connection = new Connection(settings, store, topics);
  connection.onState = (state) => {
    connectionLabel.textContent = state;
    connectionLabel.className = state;
  };
  connection.start();
  (window as unknown as { dashboard: unknown }).dashboard = { store, connection, settings };

  let page: { destroy(): void } | null = null;
  const route = () => {
    page?.destroy();
    const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
    if (parts[0] === 'event' && parts[1]) {
      page = new EventPage(app, store, parts[1]);
    } else if (parts[0] === 'board' && parts[1] && parts[2]) {
      page = new BoardPage(app, store, parts[1], parts[2], connection, settings);
    } else if (settings.event && settings.board) {
      page = new BoardPage(app, store, settings.event, settings.board, connection, settings);
    } else if (settings.event) {
      page = new EventPage(app, store, settings.event);
    } else {
      app.textContent = 'Give ?event=EVENT (and &board=BOARD) to choose what to watch.';
      page = null;
    }
    const eventLink = document.getElementById('event-link') as HTMLAnchorElement;
    eventLink.hidden = !settings.event;
    eventLink.href = `#/event/${encodeURIComponent(settings.event ?? '')}`;
  };
  window.addEventListener('hashchange', route);
  route();
}

void main();
