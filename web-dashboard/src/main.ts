// The dashboard's entry: read the settings, connect, and show the board view (#/board/<event>/<board>) or the event
// view (#/event/<event>). The daemon's own page opens on its board.

import './style.css';
import { BoardStore } from './live/store';
import { PublicStates, publicTopics } from './live/publicFeed';
import { Connection } from './live/connection';
import { loadConfigFile, saveAccount, savedAccount, settingsFrom } from './live/settings';
import { BoardPage } from './ui/boardView';
import { EventPage } from './ui/eventView';
import { ArchivedGamePage, GamesPage } from './ui/archiveView';
import { ArchivePage } from './ui/archiveSearch';
import { EmbedPage, OverlayPage } from './ui/embedView';
import { WordKey, initLanguage, language, switchLanguage, t } from './ui/i18n';

/** The page's fixed words in the current language (the pages draw their own). */
function labelPage(): void {
  document.documentElement.lang = language();
  document.getElementById('event-link')!.textContent = t('allBoards');
  const large = document.getElementById('large')!;
  large.textContent = t('large');
  large.title = t('largeTitle');
  const switcher = document.getElementById('language')!;
  switcher.textContent = t('switchLanguage');
  switcher.lang = language() === 'ja' ? 'en' : 'ja';
}

/**
 * The browser's storage, or null where it is refused: a page in another site's frame (an embed) is denied it by a
 * browser that blocks third-party storage, and merely naming `localStorage` then throws.
 */
function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const s = window[kind];
    void s.length;
    return s;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  initLanguage(location.search, storage('localStorage'));
  labelPage();
  const config = await loadConfigFile();
  const settings = settingsFrom(location.search, config, config ? location : null, savedAccount(storage('sessionStorage')));
  const app = document.getElementById('app')!;
  const connectionLabel = document.getElementById('connection')!;
  if (!settings.broker) {
    app.textContent = t('noBroker');
    return;
  }
  if (settings.login && settings.username === null) {
    signIn(app);
    return;
  }
  if (settings.signIn && settings.username === null) {
    // Watching needs no account here; the arbiter signs in to get the controls.
    const button = document.getElementById('arbiter-sign-in')!;
    button.textContent = t('arbiterSignIn');
    button.hidden = false;
    button.onclick = () => signIn(app);
  }
  document.getElementById('large')!.onclick = () => document.body.classList.toggle('large');
  const store = new BoardStore(settings.root);
  // A public feed with its HTTP folder: deltas on the broker, whole states fetched only to join or catch up.
  const publicStates = settings.feed && settings.event
    ? new PublicStates(store, settings.root, settings.event, new URL(settings.feed, location.href).href, settings.board) : null;
  const topics = publicStates ? publicTopics(settings.root, settings.event!, settings.board)
    : settings.event ? [`${settings.root}/${settings.event}/#`] : [`${settings.root}/#`];
  const connection = new Connection(settings, store, topics);
  connection.onState = (state) => {
    connectionLabel.textContent = t(state as WordKey);
    connectionLabel.className = state;
    if (state === 'connected') {
      void publicStates?.join(); // again after a reconnection: the deltas meanwhile were missed
    }
  };
  connectionLabel.textContent = t(connection.state as WordKey);
  connection.start();
  (window as unknown as { dashboard: unknown }).dashboard = { store, connection, settings };

  // a signed-in arbiter edits the round and the pairings on a hub's page
  const edit = settings.hub && settings.username !== null
    ? (verb: string, fields: Record<string, unknown>) => connection.command(settings.event!, '_hub', verb, fields) : null;
  let page: { destroy(): void } | null = null;
  if (settings.view !== null && settings.event && settings.board) {
    // another page's frame or OBS: this one board, no header, no routes
    document.querySelector('header.top')?.remove();
    page = settings.view === 'embed' ? new EmbedPage(app, store, settings.event, settings.board)
      : new OverlayPage(app, store, settings.event, settings.board);
    return;
  }
  const route = () => {
    page?.destroy();
    const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
    if (parts[0] === 'games' && !settings.hub) {
      page = new GamesPage(app);
    } else if (parts[0] === 'archive' || parts[0] === 'games') {
      page = new ArchivePage(app);
    } else if (parts[0] === 'game' && parts[1]) {
      page = new ArchivedGamePage(app, parts[1], connection, settings);
    } else if (parts[0] === 'event' && parts[1]) {
      const hubEvent = settings.hub && parts[1] === settings.event;
      page = new EventPage(app, store, parts[1], hubEvent, hubEvent ? settings.title : null, hubEvent ? edit : null);
    } else if (parts[0] === 'board' && parts[1] && parts[2]) {
      page = new BoardPage(app, store, parts[1], parts[2], connection, settings);
    } else if (settings.event && settings.board) {
      page = new BoardPage(app, store, settings.event, settings.board, connection, settings);
    } else if (settings.event) {
      page = new EventPage(app, store, settings.event, settings.hub, settings.title, edit);
    } else {
      app.textContent = t('chooseEvent');
      page = null;
    }
    const eventLink = document.getElementById('event-link') as HTMLAnchorElement;
    eventLink.hidden = !settings.event;
    eventLink.href = `#/event/${encodeURIComponent(settings.event ?? '')}`;
    const archiveLink = document.getElementById('archive-link') as HTMLAnchorElement;
    archiveLink.hidden = !settings.hub;
    archiveLink.textContent = t('archive');
  };
  window.addEventListener('hashchange', route);
  document.getElementById('language')!.onclick = () => {
    switchLanguage(storage('localStorage'), location);
    labelPage();
    connectionLabel.textContent = t(connection.state as WordKey);
    route(); // the page draws itself again in the other language
  };
  route();
}

/** The broker asks for an account: ask for it (kept for this tab), then start again with it. */
function signIn(app: HTMLElement): void {
  app.innerHTML = `<form class="sign-in"><h2>${t('signInTitle')}</h2><p>${t('signInText')}</p>
    <label>${t('user')} <input name="user" autocomplete="username" required></label>
    <label>${t('password')} <input name="pass" type="password" autocomplete="current-password" required></label>
    <button>${t('signIn')}</button></form>`;
  const form = app.querySelector('form')!;
  form.onsubmit = (e) => {
    e.preventDefault();
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    saveAccount(storage('sessionStorage'), { user: field('user'), pass: field('pass') });
    location.reload();
  };
}

void main();
