package org.shogibridge.core.session;

import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.rules.Variant;

/**
 * How one board's games are played.
 *
 * @param variant     the variant of the board
 * @param inference   how the board is read, and the rules (casual or tournament) in {@code inference.game()}
 * @param timeControl the clock, {@link TimeControl#NONE} for none
 * @param black       who plays Black (sente)
 * @param white       who plays White (gote)
 */
public record SessionSettings(Variant variant, InferenceSettings inference, TimeControl timeControl, Player black,
        Player white) {
}
