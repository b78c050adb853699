package org.shogibridge.device.usi;

import java.util.List;
import java.util.Locale;
import org.shogibridge.core.rules.Variant;

/**
 * The names engines give the variants in their {@code UCI_Variant} option. This jar's engine offers
 * {@code shogi}, {@code okisaki} and {@code minishogi}; Fairy-Stockfish names the standard game {@code shogi} too,
 * but Okisaki {@code okisakishogi} (14.0.1; 11.1 has no Okisaki at all).
 */
public final class UsiVariants {
    private UsiVariants() {
    }

    /** Return the names a variant goes by, this jar's first. */
    public static List<String> namesOf(Variant variant) {
        return switch (variant) {
            case STANDARD -> List.of("shogi");
            case OKISAKI -> List.of("okisaki", "okisakishogi");
            case MINISHOGI -> List.of("minishogi");
        };
    }

    /** Return the name of a variant among those an engine offers, or this jar's name if it offers none of them. */
    public static String nameFor(Variant variant, List<String> offered) {
        for (String name : namesOf(variant)) {
            if (offered.contains(name)) {
                return name;
            }
        }
        return namesOf(variant).get(0);
    }

    /** Return the variant a {@code UCI_Variant} value names, in either engine's words, or null if none of ours. */
    public static Variant variantOf(String value) {
        for (Variant variant : Variant.values()) {
            if (namesOf(variant).contains(value.strip().toLowerCase(Locale.ROOT))) {
                return variant;
            }
        }
        return null;
    }
}
