package org.shogibridge.core.speech;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kana readings of what the board says aloud: moves in Japanese notation ({@code ８四歩} → 「はちよん ふ」, {@code 同　歩成}
 * → 「どう ふ なり」), results ({@code まで百二手で先手の勝ち}) and clock calls ({@code 残り1分}). A speech engine such as
 * espeak-ng reads kana but not kanji, so every word the daemon speaks is turned into kana here, word by word with a
 * space between words. A kanji this table does not know is an error, never a silent gap in what is spoken.
 */
public final class Readings {
    private static final String[] UNITS = {"", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"};
    private static final String[] HUNDREDS = {"", "ひゃく", "にひゃく", "さんびゃく", "よんひゃく", "ごひゃく", "ろっぴゃく",
        "ななひゃく", "はっぴゃく", "きゅうひゃく"};
    private static final String[] THOUSANDS = {"", "せん", "にせん", "さんぜん", "よんせん", "ごせん", "ろくせん", "ななせん",
        "はっせん", "きゅうせん"};
    private static final String FULL_WIDTH_DIGITS = "０１２３４５６７８９";
    private static final String KANJI_DIGITS = "〇一二三四五六七八九";

    /** How a count of things is read up to nine: 1つ ひとつ ... 9つ ここのつ. */
    private static final String[] NATIVE_COUNTS = {"ひとつ", "ふたつ", "みっつ", "よっつ", "いつつ", "むっつ", "ななつ", "やっつ",
        "ここのつ"};

    /** Words, longest first where one begins another (成香 before 成, 不成 before 成). */
    private static final Map<String, String> WORDS = new LinkedHashMap<>();

    static {
        String[][] words = {
            {"詰将棋", "つめしょうぎ"}, {"不正解", "ふせいかい"}, {"正解", "せいかい"},
            {"並べ終わりました", "ならべおわりました"}, {"置いて", "おいて"}, {"取って", "とって"}, {"赤い", "あかい"},
            {"升", "ます"},
            {"新規対局", "しんき たいきょく"}, {"手番", "てばん"}, {"平手", "ひらて"}, {"駒落ち", "こまおち"}, {"落ち", "おち"}, {"枚", "まい"},
            {"飛車", "ひしゃ"}, {"待った", "まった"}, {"音声", "おんせい"}, {"駒台", "こまだい"}, {"駒", "こま"},
            {"盤", "ばん"}, {"移す", "うつす"}, {"取る", "とる"}, {"置く", "おく"}, {"裏返す", "うらがえす"},
            {"時間切れにより", "じかんぎれにより"}, {"反則負け", "はんそくまけ"}, {"反則勝ち", "はんそくがち"},
            {"入玉勝ち", "にゅうぎょくがち"}, {"切れ負け", "きれまけ"}, {"千日手", "せんにちて"}, {"持将棋", "じしょうぎ"},
            {"の勝ち", "の かち"}, {"勝ち", "かち"}, {"負け", "まけ"}, {"先手", "せんて"}, {"後手", "ごて"}, {"下手", "したて"},
            {"上手", "うわて"}, {"中断", "ちゅうだん"}, {"詰み", "つみ"}, {"王手", "おうて"}, {"投了", "とうりょう"},
            {"残り", "のこり"}, {"まで", "まで"}, {"成香", "なりきょう"}, {"成桂", "なりけい"}, {"成銀", "なりぎん"},
            {"不成", "ならず"}, {"成", "なり"}, {"打", "うつ"}, {"同", "どう"}, {"右", "みぎ"}, {"左", "ひだり"},
            {"上", "あがる"}, {"引", "ひく"}, {"寄", "よる"}, {"直", "すぐ"}, {"歩", "ふ"}, {"香", "きょう"},
            {"桂", "けい"}, {"銀", "ぎん"}, {"金", "きん"}, {"角", "かく"}, {"飛", "ひ"}, {"玉", "ぎょく"}, {"王", "おう"},
            {"と", "と"}, {"馬", "うま"}, {"竜", "りゅう"}, {"龍", "りゅう"}, {"妃", "きさき"}, {"で", "で"}, {"の", "の"},
            {"秒", "びょう"}, {"大悪手", "だいあくしゅ"}, {"悪手", "あくしゅ"}, {"疑問手", "ぎもんしゅ"}, {"緩手", "かんしゅ"},
            {"好手", "こうしゅ"}, {"最善", "さいぜん"}, {"目", "め"}, {"手", "て"}, {"検討", "けんとう"}, {"警告", "けいこく"},
            {"個", "こ"}, {"詰", "づめ"}, // 3手詰: the number reads 3手 (さんて), then this
        };
        for (String[] word : words) {
            WORDS.put(word[0], word[1]);
        }
    }

    private Readings() {
    }

    /**
     * Return the kana reading of a text in Japanese notation or record words, its words separated by single spaces.
     *
     * @throws IllegalArgumentException "No reading. ..." for a character with no reading here
     */
    public static String of(String text) {
        List<String> words = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ' ' || c == '　' || c == '▲' || c == '△' || c == '☗' || c == '☖' || c == '、' || c == '。' || c == '？') {
                i++;
                continue;
            }
            if (FULL_WIDTH_DIGITS.indexOf(c) >= 0) {
                // A square: its file in full-width digits, its rank a kanji numeral (８四 → はちよん; Okisaki's １０十)
                int j = i;
                int file = 0;
                while (j < text.length() && FULL_WIDTH_DIGITS.indexOf(text.charAt(j)) >= 0) {
                    file = file * 10 + FULL_WIDTH_DIGITS.indexOf(text.charAt(j++));
                }
                char rank = j < text.length() ? text.charAt(j) : ' ';
                int rankValue = rank == '十' ? 10 : KANJI_DIGITS.indexOf(rank);
                if (rankValue <= 0) {
                    throw new IllegalArgumentException("No reading. A square's file in '" + text + "' has no rank.");
                }
                words.add(number(file) + number(rankValue));
                i = j + 1;
                continue;
            }
            String word = wordAt(text, i); // words first: 千日手 is a word, not a thousand
            if (word != null) {
                words.add(WORDS.get(word));
                i += word.length();
                continue;
            }
            int end = numberEnd(text, i);
            if (end > i) {
                int value = numberValue(text.substring(i, end));
                if (end < text.length() && text.charAt(end) == 'つ' && value >= 1 && value <= 9) {
                    words.add(NATIVE_COUNTS[value - 1]); // 2つ: ふたつ
                    end++;
                } else if (end < text.length() && "手分秒".indexOf(text.charAt(end)) >= 0) {
                    words.add(counted(value, text.charAt(end)));
                    end++;
                } else {
                    words.add(number(value));
                }
                i = end;
                continue;
            }
            if (isKana(c)) {
                // A run of kana is one word, katakana read as hiragana (レベル → れべる), up to a word of the table
                StringBuilder kana = new StringBuilder();
                do {
                    char k = text.charAt(i++);
                    kana.append(k >= 'ァ' && k <= 'ヶ' ? (char) (k - 'ァ' + 'ぁ') : k);
                } while (i < text.length() && isKana(text.charAt(i)) && wordAt(text, i) == null);
                words.add(kana.toString());
                continue;
            }
            throw new IllegalArgumentException("No reading. '" + c + "' in '" + text + "' has no reading.");
        }
        return String.join(" ", words);
    }

    private static boolean isKana(char c) {
        Character.UnicodeBlock block = Character.UnicodeBlock.of(c);
        return block == Character.UnicodeBlock.HIRAGANA || block == Character.UnicodeBlock.KATAKANA;
    }

    /** Return the kana reading of a whole number from 0 to 9999, such as 102 → ひゃくに. */
    public static String number(int value) {
        if (value < 0 || value > 9999) {
            throw new IllegalArgumentException("No reading. " + value + " is not from 0 to 9999.");
        }
        if (value == 0) {
            return "ゼロ";
        }
        int tens = value / 10 % 10;
        return THOUSANDS[value / 1000] + HUNDREDS[value / 100 % 10] + (tens == 0 ? "" : (tens == 1 ? "" : UNITS[tens]) + "じゅう")
                + UNITS[value % 10];
    }

    /**
     * Return the reading of a number with its counter, the sound changes included: 1手 いって, 8手 はって, 10手 じゅって;
     * 1分 いっぷん, 3分 さんぷん, 6分 ろっぷん; 秒 is regular.
     */
    static String counted(int value, char counter) {
        String plain = number(value);
        int last = value % 10;
        boolean tenEnd = last == 0 && value % 100 != 0;
        return switch (counter) {
            case '手' -> last == 1 ? stem(plain, "いち") + "いって" : last == 8 ? stem(plain, "はち") + "はって"
                    : tenEnd ? stem(plain, "じゅう") + "じゅって" : plain + "て";
            case '分' -> last == 1 ? stem(plain, "いち") + "いっぷん" : last == 3 ? plain + "ぷん" : last == 4 ? plain + "ぷん"
                    : last == 6 ? stem(plain, "ろく") + "ろっぷん" : last == 8 ? stem(plain, "はち") + "はっぷん"
                    : tenEnd ? stem(plain, "じゅう") + "じゅっぷん" : plain + "ふん";
            default -> plain + "びょう";
        };
    }

    private static String stem(String reading, String ending) {
        return reading.substring(0, reading.length() - ending.length());
    }

    private static String wordAt(String text, int i) {
        for (String word : WORDS.keySet()) {
            if (text.startsWith(word, i)) {
                return word;
            }
        }
        return null;
    }

    /** The end of a number at i: ASCII digits, or kanji numerals (a square's rank is read before this). */
    private static int numberEnd(String text, int i) {
        int j = i;
        if (j < text.length() && Character.isDigit(text.charAt(j)) && text.charAt(j) < 128) {
            while (j < text.length() && text.charAt(j) >= '0' && text.charAt(j) <= '9') {
                j++;
            }
            return j;
        }
        while (j < text.length() && (KANJI_DIGITS.indexOf(text.charAt(j)) > 0 || "十百千".indexOf(text.charAt(j)) >= 0)) {
            j++;
        }
        return j;
    }

    private static int numberValue(String digits) {
        if (digits.charAt(0) < 128) {
            return Integer.parseInt(digits);
        }
        int total = 0;
        int unit = 0;
        for (char c : digits.toCharArray()) {
            int d = KANJI_DIGITS.indexOf(c);
            if (d > 0) {
                unit = d;
            } else {
                int scale = c == '十' ? 10 : c == '百' ? 100 : 1000;
                total += (unit == 0 ? 1 : unit) * scale;
                unit = 0;
            }
        }
        return total + unit;
    }
}
