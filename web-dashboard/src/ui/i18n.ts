// The page's words: Japanese first, English by a switch. The language is chosen by ?lang=ja|en in the URL, else
// the one remembered in local storage, else Japanese; switching keeps it in both. Results are written as a record
// writes them (「まで百二手で先手の勝ち」), moves in the chosen notation, never in USI.

export type Lang = 'ja' | 'en';

const WORDS = {
  allBoards: { ja: '全ボード', en: 'all boards' },
  large: { ja: '大盤', en: 'large' },
  largeTitle: { ja: 'プロジェクター用の大きな盤', en: 'Large board for a projector' },
  switchLanguage: { ja: 'English', en: '日本語' },
  connecting: { ja: '接続中', en: 'connecting' },
  connected: { ja: '接続', en: 'connected' },
  reconnecting: { ja: '再接続中', en: 'reconnecting' },
  noBroker: {
    ja: 'ブローカーがありません。デーモンからこのページを開くか、?broker=ws://HOST:PORT/mqtt&event=EVENT を付けてください。',
    en: 'No broker. Open this page from the daemon, or give ?broker=ws://HOST:PORT/mqtt&event=EVENT.',
  },
  chooseEvent: { ja: '?event=EVENT (と &board=BOARD) で見るものを選んでください。', en: 'Give ?event=EVENT (and &board=BOARD) to choose what to watch.' },
  waitingForBoards: { ja: 'ボードを待っています…', en: 'Waiting for boards…' },
  waitingForBoard: { ja: '盤を待っています…', en: 'Waiting for the board…' },
  online: { ja: 'オンライン', en: 'online' },
  offline: { ja: 'オフライン', en: 'offline' },
  waiting: { ja: '待機中', en: 'waiting' },
  moveCount: { ja: '{n}手', en: 'move {n}' },
  moveNumber: { ja: '{n}手目', en: 'move {n}' },
  noMovesYet: { ja: '対局開始前', en: 'not started' },
  evaluation: { ja: '形勢（先手の勝率）', en: 'evaluation (Sente\'s chances)' },
  onlinePlayer: { ja: 'ネット対局', en: 'online' },
  remoteBoard: { ja: '遠隔の盤', en: 'remote board' },
  level: { ja: 'レベル{n}', en: 'level {n}' },
  computerLevel: { ja: 'コンピュータ レベル{n}', en: 'Computer level {n}' },
  start: { ja: '初手へ', en: 'Start' },
  back: { ja: '一手戻る', en: 'Back' },
  forward: { ja: '一手進む', en: 'Forward' },
  live: { ja: '最新', en: 'live' },
  liveTitle: { ja: '対局を追う', en: 'Live' },
  flip: { ja: '反転', en: 'flip' },
  flipTitle: { ja: '盤を反転', en: 'Flip the board' },
  notationTitle: { ja: '日本式/西洋式の表記', en: 'Japanese or Western' },
  copySfen: { ja: 'SFENをコピー', en: 'copy SFEN' },
  copyPosition: { ja: '局面をコピー', en: 'copy position' },
  allGames: { ja: '対局一覧', en: 'all games' },
  noGames: { ja: 'まだ記録された対局はありません。', en: 'No game has been recorded yet.' },
  noSuchGame: { ja: '対局 {id} はありません。', en: 'No game {id}.' },
  recorded: { ja: '記録', en: 'recorded' },
  sound: { ja: '音', en: 'sound' },
  soundTitle: { ja: '着手音と読み上げ (ブラウザの音声)', en: 'Move sounds and the board\'s voice (the browser\'s speech)' },
  showing: { ja: '{n}手目を表示中 (全{total}手)。「最新」で対局に戻ります。', en: 'Showing move {n} of {total}. Press "live" to follow the game.' },
  correct: { ja: '盤を直してください: {what}', en: 'Correct the board: {what}' },
  promotion: { ja: '成りますか? {what}', en: 'Promotion? {what}' },
  ambiguous: { ja: 'どの手か決まりません: {what}', en: 'ambiguous: {what}' },
  illegal: { ja: '反則: {what}', en: 'illegal move: {what}' },
  boardOffline: { ja: '盤がオフラインです', en: 'offline' },
  halted: { ja: '停止中: {what}', en: 'halted: {what}' },
  storageHalted: { ja: '停止中: 記録できないため指し手を受け付けていません ({what})', en: 'halted: no move is accepted, nothing can be recorded ({what})' },
  review: { ja: '検討', en: 'Review' },
  tutor: { ja: '悪手警告', en: 'Tutor' },
  tutorTitle: { ja: 'コンピュータが指す前に悪手を知らせる (待ったできます)', en: 'Warn of a mistake before the computer replies (you may take it back)' },
  worstMove: { ja: '{n}手目 {move}（{mark}） 最善 {best}', en: 'Move {n}, {move} ({mark}); best {best}' },
  tutorAdvice: { ja: 'その手は{mark}です（最善は {best}）。待ったしますか？', en: 'That move is a {mark} (best: {best}). Take it back?' },
  tsume: { ja: '詰将棋', en: 'Tsume' },
  tsumeTitle: { ja: '詰将棋を出題: LEDに従って盤に並べ、王手の連続で詰ませます', en: 'Set a tsume: set it up by the LEDs, then mate by checks' },
  tsumeOption: { ja: '{id} {plies}手詰{solved}', en: '{id} mate in {plies}{solved}' },
  tsumeChosen: { ja: '{id}（{plies}手詰）を出題しました。LEDに従って並べてください。', en: '{id} (mate in {plies}) is set: follow the LEDs to set it up.' },
  tsumeSetUp: { ja: '詰将棋を並べています: {step}', en: 'Setting up the tsume: {step}' },
  tsumeSolve: { ja: '詰将棋 {id}（{plies}手詰）: 王手の連続で詰ませてください。', en: 'Tsume {id}, mate in {plies}: mate by checks.' },
  tsumeSolved: { ja: '正解です。', en: 'Solved.' },
  tsumeRefuted: { ja: '不正解です。{move} で逃れます。', en: 'Not solved: {move} escapes.' },
  computerPlays: { ja: 'コンピュータの手: {move}。盤で動かしてください。', en: 'Computer plays {move}: move it on the board.' },
  draw: { ja: '引き分け', en: 'Draw' },
  board: { ja: '盤', en: 'Board' },
  // The control panel of a simulated board.
  playSimulated: { ja: 'シミュレーション盤で指す', en: 'Play the simulated board' },
  arbiter: { ja: '審判', en: 'Arbiter' },
  resignFor: { ja: '{side} 投了', en: '{side} resigns' },
  clickHint: { ja: '駒をクリックしてから、行き先のマスをクリックします。', en: 'Click a piece, then a square.' },
  blackClock: { ja: '☗ 時計', en: '☗ clock' },
  whiteClock: { ja: '☖ 時計', en: '☖ clock' },
  newGame: { ja: '新規対局', en: 'new game' },
  resign: { ja: '投了', en: 'resign' },
  takeback: { ja: '待った', en: 'takeback' },
  hint: { ja: 'ヒント', en: 'hint' },
  promote: { ja: '成りますか?', en: 'Promote?' },
  doPromote: { ja: '成', en: '成 promote' },
  noPromote: { ja: '不成', en: '不成 decline' },
  refused: { ja: 'できません。', en: 'Refused.' },
  hintIs: { ja: 'ヒント: {move}', en: 'Hint: {move}' },
  clockPressed: { ja: '時計を押しました。', en: 'Clock pressed.' },
  resigned: { ja: '投了しました。', en: 'Resigned.' },
  setUpBoard: { ja: '盤を合わせる', en: 'set up the board' },
  setUpBoardTitle: { ja: '盤の駒を対局の局面に並べ直す', en: 'Put the pieces as the game stands' },
  boardSetUp: { ja: '盤を対局の局面に合わせました。', en: 'The board now shows the game.' },
  fixed: { ja: '直しました。', en: 'Done.' },
  takenBack: { ja: '一手戻しました。', en: 'Move taken back.' },
  clockStarted: { ja: '時計を動かしました。', en: 'Clock started.' },
  clockPaused: { ja: '時計を止めました。', en: 'Clock paused.' },
  clockWasSet: { ja: '残り時間を設定しました。', en: 'Time set.' },
  declared: { ja: '結果を宣言しました。', en: 'Result declared.' },
  playing: { ja: '指しています…', en: 'Playing…' },
  played: { ja: '指しました。', en: 'Played.' },
  // The new-game dialog.
  newGameTitle: { ja: '新規対局', en: 'New game' },
  handicap: { ja: '手合割', en: 'Handicap' },
  even: { ja: '平手', en: 'Even' },
  sente: { ja: '先手', en: 'Sente' },
  gote: { ja: '後手', en: 'Gote' },
  shitate: { ja: '下手', en: 'Shitate (lower)' },
  uwate: { ja: '上手', en: 'Uwate (upper)' },
  human: { ja: '人間', en: 'Human' },
  computer: { ja: 'コンピュータ', en: 'Computer' },
  usiEngine: { ja: 'USIエンジン ({name})', en: 'USI engine ({name})' },
  playerName: { ja: '名前', en: 'Name' },
  levelLabel: { ja: 'レベル', en: 'Level' },
  timeControl: { ja: '持ち時間', en: 'Time control' },
  noClock: { ja: 'なし', en: 'None' },
  custom: { ja: '自由設定', en: 'Custom' },
  minutes: { ja: '分', en: 'min' },
  byoyomiSeconds: { ja: '秒読み (秒)', en: 'byoyomi (s)' },
  incrementSeconds: { ja: '加算 (秒)', en: 'increment (s)' },
  mode: { ja: '対局モード', en: 'Mode' },
  casual: { ja: '練習 (待ったあり)', en: 'Casual (takebacks)' },
  tournament: { ja: '公式戦 (反則負け・時計を押して着手)', en: 'Tournament (an illegal move loses)' },
  analysisLabel: { ja: '形勢グラフ (解析)', en: 'Evaluation graph (analysis)' },
  startGame: { ja: '対局開始', en: 'Start the game' },
  cancel: { ja: 'キャンセル', en: 'Cancel' },
  gameStarted: { ja: '新しい対局を始めました。', en: 'New game started.' },
  // The arbiter's clock and result.
  clockStart: { ja: '時計開始', en: 'start clock' },
  clockPause: { ja: '時計停止', en: 'pause clock' },
  clockSet: { ja: '残り時間を設定', en: 'set time' },
  clockTime: { ja: '残り時間 (分:秒)', en: 'time left (min:sec)' },
  badTime: { ja: '時間は 分:秒 で入力してください (例 10:00)。', en: 'Give the time as min:sec (e.g. 10:00).' },
  paused: { ja: '停止中', en: 'paused' },
  byoyomiAfter: { ja: '秒読み{s}秒', en: 'then {s} s byoyomi' },
  byoyomiLeft: { ja: '秒読み {s}', en: 'byoyomi {s}' },
  declare: { ja: '結果を宣言', en: 'declare result' },
  winsBlack: { ja: '☗の勝ち', en: '☗ wins' },
  winsWhite: { ja: '☖の勝ち', en: '☖ wins' },
  reasonResignation: { ja: '投了', en: 'resignation' },
  reasonTime: { ja: '時間切れ', en: 'time' },
  reasonIllegal: { ja: '反則', en: 'illegal move' },
  reasonSennichite: { ja: '千日手', en: 'repetition' },
  reasonPerpetual: { ja: '連続王手の千日手', en: 'perpetual check' },
  reasonImpasse: { ja: '持将棋・入玉宣言', en: 'impasse' },
  reasonMaxMoves: { ja: '手数制限', en: 'move limit' },
  tournamentMode: { ja: '公式戦', en: 'tournament' },
  // Signing in to a broker that asks for an account.
  signInTitle: { ja: 'ブローカーにログイン', en: 'Sign in to the broker' },
  signInText: {
    ja: 'この盤のブローカーはアカウントを求めます。審判のアカウントでログインすると操作パネルが出ます。',
    en: 'This board\'s broker asks for an account. Sign in with the arbiter\'s account to get the controls.',
  },
  user: { ja: 'ユーザー名', en: 'User' },
  password: { ja: 'パスワード', en: 'Password' },
  signIn: { ja: 'ログイン', en: 'Sign in' },
  arbiterSignIn: { ja: '審判ログイン', en: 'Arbiter sign-in' },
  // The event hub: round index, standings and the archive.
  round: { ja: '第{n}回戦', en: 'round {n}' },
  boardNumber: { ja: '第{n}盤', en: 'board {n}' },
  standings: { ja: '成績', en: 'standings' },
  teamMatch: { ja: '団体戦 {a} {w}勝{l}敗{d} {b}', en: 'Team match: {a} {w} won, {l} lost{d} against {b}' },
  teamDraws: { ja: '{n}分', en: ', {n} drawn' },
  teamPlaying: { ja: '（対局中 {n}局）', en: ' ({n} in play)' },
  rank: { ja: '順位', en: 'rank' },
  points: { ja: '勝点', en: 'points' },
  winsLosses: { ja: '勝-敗-分', en: 'W-L-D' },
  archive: { ja: '棋譜検索', en: 'archive' },
  searchPlayer: { ja: '対局者', en: 'player' },
  searchEvent: { ja: '大会', en: 'event' },
  dateFrom: { ja: 'から', en: 'from' },
  dateTo: { ja: 'まで', en: 'to' },
  resultLabel: { ja: '結果', en: 'result' },
  anyResult: { ja: 'すべて', en: 'any' },
  senteWon: { ja: '先手勝ち', en: 'sente won' },
  goteWon: { ja: '後手勝ち', en: 'gote won' },
  search: { ja: '検索', en: 'search' },
  found: { ja: '{n}局', en: '{n} games' },
  downloadKif: { ja: 'まとめてKIF', en: 'all as one KIF' },
  downloadZip: { ja: 'まとめてZIP', en: 'all as a zip' },
  movesShort: { ja: '{n}手', en: '{n} moves' },
  editEvent: { ja: '審判: 回戦と対局者', en: 'Arbiter: round and players' },
  roundLabel: { ja: '回戦', en: 'Round' },
  setRound: { ja: '回戦を設定', en: 'set round' },
  save: { ja: '保存', en: 'save' },
  saved: { ja: '保存しました。', en: 'Saved.' },
} as const;

export type WordKey = keyof typeof WORDS;

const REASONS_EN: Record<string, string> = {
  checkmate: 'checkmate', resignation: 'resignation', sennichite: 'repetition (sennichite)',
  perpetual_check: 'perpetual check', impasse_declaration: 'impasse declaration', try: 'try rule',
  time_forfeit: 'time', illegal_move: 'illegal move', max_moves: 'move limit', no_legal_moves: 'no legal moves',
  unfinished: 'unfinished',
};

let lang: Lang = 'ja';

/** Choose the language from the URL, else local storage, else Japanese. */
export function initLanguage(search: string, storage: Pick<Storage, 'getItem'> | null): Lang {
  const asked = new URLSearchParams(search).get('lang') ?? storage?.getItem('lang');
  lang = asked === 'en' ? 'en' : 'ja';
  return lang;
}

export function language(): Lang {
  return lang;
}

/** Switch the language, remembered in local storage and the URL (so a shared link opens in it). */
export function switchLanguage(storage: Pick<Storage, 'setItem'> | null, loc: Location | null): Lang {
  lang = lang === 'ja' ? 'en' : 'ja';
  storage?.setItem('lang', lang);
  if (loc) {
    const url = new URL(loc.href);
    url.searchParams.set('lang', lang);
    history.replaceState(null, '', url.toString());
  }
  return lang;
}

/**
 * Why the daemon refused a command, in the page's language: its reply's Japanese words (二歩です（▲５五歩打）。),
 * else its English "Category. detail.", else a plain "refused".
 */
export function refusal(reply: Record<string, unknown>): string {
  if (lang === 'ja' && typeof reply.japanese === 'string' && reply.japanese) return reply.japanese;
  return typeof reply.error === 'string' && reply.error ? reply.error : t('refused');
}

/** A word in the current language, with {name} parameters filled in. */
export function t(key: WordKey, params: Record<string, string | number> = {}): string {
  let text: string = WORDS[key][lang];
  for (const [name, value] of Object.entries(params)) {
    text = text.replace(`{${name}}`, String(value));
  }
  return text;
}

export interface ResultLike {
  winner: 'black' | 'white' | null;
  reason: string;
  detail?: string | null;
}

/**
 * A finished game in the words of its record: 「まで百二手で先手の勝ち」 (in Japanese, as KIF ends a game), or in
 * English "△ Hanako wins by resignation". {@code plies} is the number of moves; {@code names} the players' names.
 */
export function resultText(result: ResultLike, plies: number, names: { black: string; white: string }, handicap = false): string {
  const mark = (side: 'black' | 'white') => (side === 'black' ? '▲' : '△');
  if (lang === 'en') {
    return (result.winner ? `${mark(result.winner)} ${names[result.winner]} wins` : 'Draw')
      + ` by ${REASONS_EN[result.reason] ?? result.reason}` + (result.detail ? ` (${result.detail})` : '');
  }
  const sideName = (side: 'black' | 'white') => (handicap ? (side === 'black' ? '下手' : '上手') : side === 'black' ? '先手' : '後手');
  const head = `まで${plies}手で`;
  const loser = result.winner ? (result.winner === 'black' ? 'white' : 'black') : null;
  switch (result.reason) {
    case 'resignation':
    case 'checkmate':
    case 'no_legal_moves':
      return `${head}${sideName(result.winner!)}の勝ち`;
    case 'time_forfeit':
      return `${head}時間切れにより${sideName(result.winner!)}の勝ち`;
    case 'illegal_move':
      return `${head}${sideName(loser!)}の反則負け`;
    case 'impasse_declaration':
    case 'try':
      return result.winner ? `${head}${sideName(result.winner)}の入玉勝ち` : `${head}持将棋`;
    case 'sennichite':
      return result.winner ? `${head}${sideName(loser!)}の反則負け (連続王手の千日手)` : `${head}千日手`;
    case 'perpetual_check':
      return `${head}${sideName(loser!)}の反則負け (連続王手の千日手)`;
    case 'max_moves':
      return `${head}持将棋`;
    case 'unfinished':
      return `${head}中断`;
    default:
      return result.winner ? `${head}${sideName(result.winner)}の勝ち` : `${head}引き分け`;
  }
}

/**
 * A side's clock as a club clock shows it: its main time with the byoyomi to come (「9:58 秒読み30秒」), then, once
 * the main time is spent, the byoyomi counting down (「秒読み 27」). {@code byoyomiLeft} is this move's byoyomi left
 * (the full byoyomi for the side not to move).
 */
export function clockText(mainLeft: number, byoyomiLeft: number, byoyomiMillis: number, format: (millis: number) => string): string {
  if (byoyomiMillis <= 0) return format(mainLeft);
  if (mainLeft > 0) return `${format(mainLeft)} ${t('byoyomiAfter', { s: Math.round(byoyomiMillis / 1000) })}`;
  return t('byoyomiLeft', { s: Math.max(0, Math.ceil(byoyomiLeft / 1000)) });
}

/** The names the daemon gives when none was: a side's own name, and its engine's. */
const DEFAULT_NAMES = new Set(['', '先手', '後手', '下手', '上手', 'Sente', 'Gote']);
const ENGINE_NAME = /^(コンピュータ レベル|shogi-bridge level )\d+$/;

/**
 * A player as the page names them: a side with no name of its own by its role (先手, or 下手 in a handicap game), the
 * built-in engine as コンピュータ レベル3, an engine with a name of its own with its level, an online opponent and a
 * person at another board marked.
 */
export function playerLabel(player: { name: string; type: string; level?: number | null }, side: 'black' | 'white',
                            handicap: boolean): string {
  if (player.type === 'engine' && ENGINE_NAME.test(player.name)) return t('computerLevel', { n: player.level ?? 0 });
  if (player.type === 'engine') return `${player.name} (${t('level', { n: player.level ?? 0 })})`;
  if (player.type === 'online') return `${player.name} (${t('onlinePlayer')})`; // an opponent on lishogi
  if (player.type === 'board') return `${player.name} (${t('remoteBoard')})`; // a person at another board (remote play)
  if (DEFAULT_NAMES.has(player.name)) {
    return handicap ? t(side === 'black' ? 'shitate' : 'uwate') : t(side === 'black' ? 'sente' : 'gote');
  }
  return player.name;
}

/** The mark of a side before its name: ▲ and △, with 下手 and 上手 in a handicap game as its record says them. */
export function sideLabel(side: 'black' | 'white', handicap: boolean): string {
  const mark = side === 'black' ? '▲' : '△';
  return handicap ? `${mark}${t(side === 'black' ? 'shitate' : 'uwate')}` : mark;
}

/** Whether a game started from a handicap (gote, the giver, moves first): its record says 下手 and 上手. */
export function isHandicap(startSfen: string): boolean {
  return startSfen.trim().split(/\s+/)[1] === 'w';
}
