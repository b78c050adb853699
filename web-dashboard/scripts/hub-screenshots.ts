// Make the event hub's screenshots in docs/images from a real run: three boards on Mosquitto (daemons of the packaged
// jar on simulated boards, people's names from a pairing file), the opening of a real game (the Kifu for JS sample
// record, MIT) replayed on each through cmd/sim, table 1 resigned, and the hub's event page and archive. Run from
// web-dashboard/ after `mvn -q package -DskipTests`:
//   npm run screenshots:hub

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Daemon, Hub, Mosquitto, Watcher, launchBrowser, recordMoves, scratchDirectory } from '../e2e/harness';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = resolve(HERE, '../../docs/images');
const RECORD = resolve(HERE, '../../core/src/test/resources/records/jt201409130101.kif');
const EVENT = 'club-2026-11';
const TABLES = ['table1', 'table2', 'table3'];
const PLIES = [31, 24, 17];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const moves = recordMoves(RECORD);
  const broker = await Mosquitto.start(scratchDirectory('mosquitto'));
  const clock = 'clock: {main-seconds: 1200, byoyomi-seconds: 30}\n';
  const daemons = await Promise.all(TABLES.map((t) => Daemon.club(broker, EVENT, t, ['--sente', 'human', '--gote', 'human'], clock)));
  const pairings = join(scratchDirectory('pairings'), 'pairings.csv');
  writeFileSync(pairings, 'round,board,sente,gote\n1,table1,山田,佐藤\n1,table2,田中,鈴木\n1,table3,高橋,伊藤\n');
  const watcher = await Watcher.connect(broker.tcpUrl);
  let hub: Hub | null = null;
  try {
    await Promise.all(TABLES.map((t) => watcher.state(`${EVENT}/${t}`)));
    hub = await Hub.start(broker, EVENT, ['--title', '十一月例会', '--pairings', pairings]);
    await Promise.all(TABLES.map(async (t, i) => {
      for (const move of moves.slice(0, PLIES[i])) await watcher.play(`${EVENT}/${t}`, move);
    }));
    await watcher.command(`${EVENT}/table1`, 'resign', {});
    const browser = await launchBrowser();
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(hub.pageUrl);
    await page.locator('.standings td').filter({ hasText: '佐藤' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${OUT}/hub-event.png` });
    await page.goto(`${hub.pageUrl}#/archive`);
    await page.locator('.archive-page .games li').first().waitFor();
    await page.screenshot({ path: `${OUT}/hub-archive.png` });
    await browser.close();
    console.log(`Screenshots written to ${OUT}.`);
  } finally {
    await hub?.stop();
    await watcher.close();
    await Promise.all(daemons.map((d) => d.stop()));
    await broker.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
