package org.shogibridge.core.speech;

/** The language the board speaks: Japanese (kana readings) by default, English (Hodges notation) as an option. */
public enum Language {
    JA, EN;

    /** Return the language of a {@code voice.language} value, {@code ja} or {@code en}. */
    public static Language of(String code) {
        return switch (code) {
            case "ja" -> JA;
            case "en" -> EN;
            default -> throw new IllegalArgumentException("Unknown language. '" + code + "' is not ja or en.");
        };
    }
}
