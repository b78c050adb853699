import { describe, expect, it } from 'vitest';
import { saveAccount, savedAccount, settingsFrom } from '../src/live/settings';
import { mayCommand } from '../src/ui/boardView';

describe('settingsFrom', () => {
  const daemon = { broker: 'ws://127.0.0.1:9001/mqtt', prefix: 'shogi/v1/local/board1', event: 'local', board: 'board1',
    simulated: true, commands: true };

  it('takes the daemon\'s config file, served beside the page', () => {
    const s = settingsFrom('', daemon, { origin: 'http://127.0.0.1:8080' });
    expect(s).toMatchObject({ broker: 'ws://127.0.0.1:9001/mqtt', root: 'shogi/v1', event: 'local', board: 'board1',
      simulated: true, commands: true, httpBase: 'http://127.0.0.1:8080', username: null });
  });

  it('lets the URL choose the broker, credentials and boards when hosted anywhere', () => {
    const s = settingsFrom('?broker=wss%3A%2F%2Fclub.example%3A8884%2Fmqtt&event=club&user=viewer&pass=p%26w', null, null);
    expect(s).toMatchObject({ broker: 'wss://club.example:8884/mqtt', root: 'shogi/v1', event: 'club', board: null,
      username: 'viewer', password: 'p&w', httpBase: null, simulated: false, commands: false });
  });

  it('shows the arbiter\'s panel behind the broker\'s account when the broker asks for one', () => {
    const locked = { ...daemon, simulated: false, login: true };
    expect(mayCommand(settingsFrom('', locked, null))).toBe(false);
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(savedAccount(storage)).toBeNull();
    saveAccount(storage, { user: 'arbiter', pass: 's3cret' });
    const signedIn = settingsFrom('', locked, null, savedAccount(storage));
    expect(signedIn).toMatchObject({ username: 'arbiter', password: 's3cret', login: true });
    expect(mayCommand(signedIn)).toBe(true);
    expect(mayCommand(settingsFrom('', { ...daemon, simulated: false }, null))).toBe(true); // an open broker: as before
    expect(mayCommand(settingsFrom('', { ...daemon, simulated: false, commands: false }, null))).toBe(false);
  });

  it('watches without an account and commands once the arbiter signs in, when the broker lets anyone watch', () => {
    const open = { ...daemon, simulated: false, signIn: true };
    expect(settingsFrom('', open, null)).toMatchObject({ login: false, signIn: true });
    expect(mayCommand(settingsFrom('', open, null))).toBe(false);
    expect(mayCommand(settingsFrom('', open, null, { user: 'arbiter', pass: 's3cret' }))).toBe(true);
  });
});
