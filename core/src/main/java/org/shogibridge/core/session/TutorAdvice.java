package org.shogibridge.core.session;

/**
 * What the tutor said of the person's last move, as the state publishes it while the warning is in force
 * (docs/learning.md).
 *
 * @param ply            the move warned of, counted from 1
 * @param mark           its mark in Japanese (悪手)
 * @param markEnglish    in English (mistake)
 * @param better         the engine's choice in USI
 * @param betterJapanese and in Japanese (▲２二角成)
 */
public record TutorAdvice(int ply, String mark, String markEnglish, String better, String betterJapanese) {
}
