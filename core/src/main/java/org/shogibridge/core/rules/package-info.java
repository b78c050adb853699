/**
 * The rules: variants (standard, Okisaki, minishogi) and handicaps, positions with make and unmake, legal move
 * generation, SFEN and USI, repetition and impasse, perft, game results.
 */
package org.shogibridge.core.rules;
