/**
 * A game reviewed after it ends: each position searched by the built-in engine on a node budget, each move graded by
 * the win rate it gave away, and the result written as the comments analysis programs read. Pure: the engine and
 * the record are given, nothing is read or written here.
 */
package org.shogibridge.core.review;
