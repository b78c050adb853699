// Sound in the page, off unless the viewer turns it on (the header's 音 button, remembered in local storage): a
// short click for every move, and what the board says aloud (the daemon's `voice` topic: the computer's moves, 王手,
// the byoyomi calls, the end) read by the browser's own speech synthesis, which reads kanji as well as kana.

export interface VoiceMessage {
  readonly kind: string;
  readonly text: string;
}

export class PageSound {
  private on: boolean;
  private audio: AudioContext | null = null;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
    this.on = storage?.getItem('sound') === 'on';
  }

  enabled(): boolean {
    return this.on;
  }

  toggle(): boolean {
    this.on = !this.on;
    this.storage?.setItem('sound', this.on ? 'on' : 'off');
    return this.on;
  }

  /** A move was played: a short wooden click. */
  move(): void {
    if (!this.on) return;
    try {
      this.audio ??= new AudioContext();
      const oscillator = this.audio.createOscillator();
      const gain = this.audio.createGain();
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.2, this.audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, this.audio.currentTime + 0.08);
      oscillator.connect(gain).connect(this.audio.destination);
      oscillator.start();
      oscillator.stop(this.audio.currentTime + 0.08);
    } catch {
      // no audio output: the page stays silent
    }
  }

  /** The board said this: the browser says it too. */
  say(message: VoiceMessage): void {
    if (!this.on || typeof speechSynthesis === 'undefined') return;
    const utterance = new SpeechSynthesisUtterance(message.text);
    utterance.lang = /[^\x00-\x7f]/.test(message.text) ? 'ja-JP' : 'en-US';
    speechSynthesis.speak(utterance);
  }
}
