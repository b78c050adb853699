import { describe, expect, it } from 'vitest';
import { settingsFrom } from '../src/live/settings';

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
});
